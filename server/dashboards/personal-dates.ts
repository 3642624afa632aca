/** Calendar arithmetic on `YYYY-MM-DD` strings (UTC noon-free: pure dates). */
import { addDays } from '#catalog/expiry.ts'

/** Calendar-day arithmetic on YYYY-MM-DD: the one in catalog/expiry.ts. */
export { addDays }

/** The Monday on or before `date` (weeks start on Monday). */
export function mondayOf(date: string): string {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay() // 0 Sunday … 6 Saturday
  return addDays(date, -((dow + 6) % 7))
}

/** `YYYY-MM` of the month `months` before (negative) or after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7)) - 1 + months
  const d = new Date(Date.UTC(y, m, 1))
  return d.toISOString().slice(0, 7)
}

/** The latest of some dates (`YYYY-MM-DD` compare as strings). */
export function latest(dates: string[], fallback: string): string {
  return dates.reduce((a, b) => (b > a ? b : a), dates[0] ?? fallback)
}
