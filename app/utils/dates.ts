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

/** An ISO instant → "Mar 4, 2025, 2:30 PM" in the company's time zone (UTC when the zone is unknown). */
export function formatInstant(iso: string, timeZone = 'UTC'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const format = (tz: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).format(date)
  try {
    return format(timeZone)
  } catch {
    return format('UTC')
  }
}
