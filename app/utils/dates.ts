/**
 * The one way pages show dates (browser-safe: the server and the browser
 * render the same text, so hydration never differs).
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}/
const dateOnlyFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** 'YYYY-MM-DD' (or an ISO instant's date part) → "Mar 4, 2025": a calendar date, no time zone shift. */
export function formatDateOnly(value: string): string {
  if (!DATE_ONLY.test(value)) return value
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? value : dateOnlyFormat.format(date)
}

/**
 * An ISO instant → "Mar 4, 2025, 2:30 PM PST": in the company's time zone (UTC when the zone is
 * unknown), always naming the zone (decision 059). The one formatter of date-times on pages.
 */
export function formatInstant(iso: string, timeZone = 'UTC'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const format = (tz: string) => instantFormat(tz).format(date)
  try {
    return format(timeZone)
  } catch {
    return format('UTC')
  }
}

const instantFormats = new Map<string, Intl.DateTimeFormat>()
function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let f = instantFormats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone })
    if (instantFormats.size < 64) instantFormats.set(timeZone, f)
  }
  return f
}

/** The browser's own time zone (for times kept on the device, e.g. the pre-trip outbox). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
