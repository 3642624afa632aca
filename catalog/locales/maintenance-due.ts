import type { Translations } from './types.ts'

/** English → Spanish (decision 074): preventive maintenance (issue 35, decision 084), maintenance-due. */
export default {
} satisfies Translations
