/**
 * The one expiry rule of the product (decision 036): the owner's alerts, the expiry badge and
 * the fleet's "license status" filter all read it, so they always agree.
 *
 * With `days` = date − today (calendar dates in the company's time zone):
 * - days ≤ 0 → expired (an Alert, level 1): due today or past;
 * - 1 ≤ days ≤ 30 → expiring (a Warning, level 0): "within 30 days", day 30 included;
 * - days ≥ 31 → valid (nothing to report).
 */
import { EXPIRY_WARNING_DAYS } from './statuses.ts'

export { EXPIRY_WARNING_DAYS }

export type ExpiryState = 'expired' | 'expiring' | 'valid'

const DAY_MS = 86_400_000

function parseDay(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(ms) ? null : ms / DAY_MS
}

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); null if either is not a date. */
export function daysUntil(date: string, today: string): number | null {
  const d = parseDay(date)
  const t = parseDay(today)
  return d === null || t === null ? null : Math.round(d - t)
}

/** The calendar date `n` days after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The state of a number of days left (the rule itself). */
export function expiryStateOfDays(days: number): ExpiryState {
  if (days <= 0) return 'expired'
  if (days <= EXPIRY_WARNING_DAYS) return 'expiring'
  return 'valid'
}

/** The state of a date seen on `today`; null when the date is not a date. */
export function expiryState(date: string, today: string): ExpiryState | null {
  const days = daysUntil(date, today)
  return days === null ? null : expiryStateOfDays(days)
}

/**
 * The same rule as date bounds, for SQL on 'YYYY-MM-DD' text columns:
 * expired ⇔ date ≤ `expiredUntil`; expiring ⇔ `expiredUntil` < date ≤ `expiringUntil`;
 * valid ⇔ date > `expiringUntil`.
 */
export function expiryBounds(today: string): { expiredUntil: string; expiringUntil: string } {
  return { expiredUntil: today, expiringUntil: addDays(today, EXPIRY_WARNING_DAYS) }
}
