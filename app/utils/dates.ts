/**
 * The one way pages show dates (browser-safe: the server and the browser
 * render the same text, so hydration never differs), in the page's language
 * (decision 074): pass `locale` from `useT()`.
 */
import type { Locale } from '#catalog/i18n.ts'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}/

/** The Intl locale of a language: US English, US Spanish. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' }

const dateOnlyFormats = new Map<Locale, Intl.DateTimeFormat>()
function dateOnlyFormat(locale: Locale): Intl.DateTimeFormat {
  let f = dateOnlyFormats.get(locale)
  if (!f) dateOnlyFormats.set(locale, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' })))
  return f
}

/** 'YYYY-MM-DD' (or an ISO instant's date part) → "Mar 4, 2025" / "4 mar 2025": a calendar date, no time zone shift. */
export function formatDateOnly(value: string, locale: Locale = 'en'): string {
  if (!DATE_ONLY.test(value)) return value
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? value : dateOnlyFormat(locale).format(date)
}

/**
 * An ISO instant → "Mar 4, 2025, 2:30 PM PST": in the company's time zone (UTC when the zone is
 * unknown), always naming the zone (decision 059). The one formatter of date-times on pages.
 */
export function formatInstant(iso: string, timeZone = 'UTC', locale: Locale = 'en'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const format = (tz: string) => instantFormat(tz, locale).format(date)
  try {
    return format(timeZone)
  } catch {
    return format('UTC')
  }
}

const instantFormats = new Map<string, Intl.DateTimeFormat>()
function instantFormat(timeZone: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`
  let f = instantFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone })
    if (instantFormats.size < 64) instantFormats.set(key, f)
  }
  return f
}

/** A number in the page's language: 12,345.6 / 12,345.6 (es-US groups as en-US). */
export function formatNumber(value: number, locale: Locale = 'en', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], options).format(value)
}

/** The browser's own time zone (for times kept on the device, e.g. the pre-trip outbox). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
