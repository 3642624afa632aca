import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), cost per mile, dashboards, the Costs tab, the CSV. */
export default {
} satisfies Translations
