/**
 * What the record exports (decision 077) and the activity log (decision 079) share: the date
 * range in the company's time zone, its validation, and the company check that answers API.md's
 * 403 to a caller without a role that may read (whether or not they hold another role there).
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'
import type { RoleName } from '#catalog/roles.ts'
import { localDateTimeText } from '#catalog/zoned-time.ts'
import { companies } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { forbidden } from '../errors.ts'
import { membershipIn, requireUser } from '../access/policy.ts'
import { dateOnly, idSchema } from '../validation.ts'

/** The longest range one export or activity filter covers (a year, leap day included). */
export const MAX_RANGE_DAYS = 366

export const RANGE_TEXT = {
  notADate: msg('Enter a real date (YYYY-MM-DD)'),
  toBeforeFrom: msg('The end date must be on or after the start date'),
  tooLong: msg('Choose a range of at most 366 days'),
} as const

const DAY_MS = 86_400_000
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS

/** A calendar date that exists (2026-02-30 does not). */
export const realDate = dateOnly.refine((d) => {
  const t = Date.parse(`${d}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d
}, RANGE_TEXT.notADate)

/** `from` ≤ `to`, both inclusive, at most MAX_RANGE_DAYS days. */
export const exportRangeInput = z.object({ companyId: idSchema, from: realDate, to: realDate }).superRefine((v, c) => {
  if (v.to < v.from)
    c.addIssue({
      code: 'custom',
      path: ['to'],
      message: RANGE_TEXT.toBeforeFrom,
    })
  else if (dayNumber(v.to) - dayNumber(v.from) + 1 > MAX_RANGE_DAYS) c.addIssue({ code: 'custom', path: ['to'], message: RANGE_TEXT.tooLong })
})
export type ExportRange = z.output<typeof exportRangeInput>

/**
 * The caller's roles among `roles` in the company; API.md's 403 when they hold none of them,
 * whether they hold other roles there (a driver, a mechanic) or none at all (one rule on every
 * door, issue 38: a 403 names no record, so it reveals nothing).
 */
export function requireCompanyRole(ctx: UseCaseContext, companyId: number, roles: readonly RoleName[]): { me: UserActor; held: RoleName[] } {
  const me = requireUser(ctx.actor)
  const m = membershipIn(me, companyId)
  if (!m) throw forbidden()
  const held = m.roles.map((r) => r.name).filter((r) => roles.includes(r))
  if (held.length === 0) throw forbidden()
  return { me, held }
}

export async function companyTimeZone(ctx: UseCaseContext, companyId: number): Promise<string> {
  const [c] = await ctx.db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return c?.tz || 'UTC'
}

/** [start of `from`, start of the day after `to`) in the time zone: the instants of an inclusive date range. */
export { instantRangeOfDays as instantRange } from '#catalog/zoned-time.ts'

/** `YYYY-MM-DD HH:mm` in the time zone (what the CSVs and the activity log show); null for no time. */
export function localDateTime(at: Date | number | null | undefined, timeZone: string): string | null {
  return at == null ? null : localDateTimeText(at, timeZone)
}

/** Rows read per statement while a CSV streams. */
export const CSV_BATCH = 200

export type CsvLine = (string | number | boolean | null)[]

/**
 * A CSV's lines read in keyset batches of CSV_BATCH: `page(after)` reads the rows after the key
 * (null: from the start), `linesOf(rows)` yields their lines (reading what they need for that batch
 * only), `keyOf(last)` is the key of a batch's last row. Pulled: the next batch is read only when the
 * download has taken the previous one.
 */
export async function* keysetLines<R, K>(
  page: (after: K | null) => Promise<R[]>,
  keyOf: (last: R) => K,
  linesOf: (rows: R[]) => AsyncGenerator<CsvLine>,
): AsyncGenerator<CsvLine> {
  let after: K | null = null
  for (;;) {
    const rows = await page(after)
    if (rows.length === 0) return
    yield* linesOf(rows)
    if (rows.length < CSV_BATCH) return
    after = keyOf(rows[rows.length - 1]!)
  }
}
export interface CsvExport {
  fileName: string
  header: readonly string[]
  lines: AsyncIterable<CsvLine>
}
