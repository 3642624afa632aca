/**
 * The languages Operon speaks (decision 074). Texts are written in English in the code, where they
 * are shown, and that English text is the message's id: the spec's texts stay verbatim, REST
 * keeps sending them, and a Spanish catalog (`catalog/locales/*.ts`) maps each one to Spanish.
 * Stored records keep language-neutral keys; labels are looked up when shown.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language's name in itself, for the switchers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' }

/** The language cookie: the switcher and the profile set it; sign-in sets it from the profile. */
export const LOCALE_COOKIE = 'operon_lng'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * Marks an English text that is translated later, where it is shown (catalog labels, texts
 * passed around as data): returns it unchanged, so that the message extraction test finds it.
 */
export function msg<const T extends string>(id: T): T {
  return id
}

/** The message a sentence made by `withValues` comes from. */
interface ValuedText {
  id: string
  values: Record<string, string | number>
}
const valuedTexts = new Map<string, ValuedText>()
/** Values are the code's own (limits, labels, rules), so the set stays small; bounded all the same. */
const MAX_VALUED_TEXTS = 10_000

/**
 * A sentence with values (`withValues(msg('At most {n} characters'), { n: 40 })`): answers its
 * English, the text REST sends and use cases throw as before (zod keeps a string per check), and
 * remembers the message it was made from, so that where it is shown (`sayText`: the page doors,
 * the browser's checks) it is said in the reader's language. Values that are English texts (a
 * field's label) are said in that language too; never pass what a user typed.
 */
export function withValues(id: string, values: Record<string, string | number>): string {
  const english = id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
  if (!valuedTexts.has(english) && valuedTexts.size < MAX_VALUED_TEXTS) valuedTexts.set(english, { id, values })
  return english
}

/** `text` in the language of `t`: a sentence made by `withValues` from its message and values, any other as its own id. */
export function sayText(t: (id: string, values?: Record<string, unknown>) => string, text: string): string {
  const valued = valuedTexts.get(text)
  if (!valued) return t(text)
  return t(valued.id, Object.fromEntries(Object.entries(valued.values).map(([name, v]) => [name, typeof v === 'string' ? t(v) : v])))
}

/** The best of our languages for an `Accept-Language` header (`es-US,es;q=0.9,en;q=0.8` → es). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { lang } of ranked) if (isLocale(lang)) return lang
  return DEFAULT_LOCALE
}

/** The language of a request: its cookie, else its `Accept-Language`. */
export function localeOfHeaders(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const match = cookieHeader ? new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader) : null
  const fromCookie = match?.[1]
  return isLocale(fromCookie) ? fromCookie : localeFromAcceptLanguage(acceptLanguage)
}

/**
 * Text stored in a record that may be a catalogue text (a service program copied from a template,
 * its tasks and checklists, decision 084): said in the reader's language when it is one, whole or
 * line by line; anything a person typed stays as typed. The form shows what it saves.
 */
export function sayStored<T extends string | null | undefined>(t: (id: string) => string, text: T): T {
  if (!text) return text
  const whole = t(text)
  if (whole !== text) return whole as T
  return text
    .split('\n')
    .map((line) => (line.trim() ? t(line) : line))
    .join('\n') as T
}
