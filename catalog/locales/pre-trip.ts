import type { Translations } from './types.ts'

/** English → Spanish (decision 074). */
export default {
} satisfies Translations
