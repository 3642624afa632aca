import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), repair cost lines, the payer, the invoice. */
export default {
} satisfies Translations
