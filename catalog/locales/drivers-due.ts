import type { Translations } from './types.ts'

/** English → Spanish (decision 074): the operator's driver records (issue 37, decision 086), drivers-due. */
export default {
} satisfies Translations
