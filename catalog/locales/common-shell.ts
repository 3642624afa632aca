import type { Translations } from './types.ts'

/** English → Spanish (decision 074). */
export default {
  Language: 'Idioma',
} satisfies Translations
