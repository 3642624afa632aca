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
