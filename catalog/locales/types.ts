/**
 * A Spanish catalog: the English text (the message id, ICU MessageFormat as Lingui reads it:
 * `{name}`, `{count, plural, one {# bus} other {# buses}}`) → its Spanish.
 */
export type Translations = Readonly<Record<string, string>>
