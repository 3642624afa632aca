import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), the fuel card import. */
export default {
} satisfies Translations
