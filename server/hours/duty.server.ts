/**
 * Hours-of-service records without an ELD (issue 37 point 3, decision 086): the driver's duty
 * status from the phone, the managers' view of every driver, a driver's month, and the managers'
 * corrections. Every door (page, tRPC, REST) calls these; the arithmetic is ./hos-rules.ts.
 *
 * Who (every door the same, through server/drivers/driver-access.server.ts):
 * - the driver changes their own status at an operator where they hold the Driver role, and reads
 *   their own status and months;
 * - the operator company's managers read every driver's hours and add, correct or delete periods;
 * - nobody else (403 for a company where the caller lacks the role; 404 "Driver not found" for a
 *   person who is not a driver of the company; 404 "Duty period not found" for another company's
 *   period).
 */
import { and, asc, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DRIVER_FILE_LIMITS, DUTY_STATUS_VALUES, HOS_CYCLES, type DutySource, type DutyStatus, type HosCycle } from '#catalog/drivers.ts'
import { msg } from '#catalog/i18n.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { instantOfWallTime, startOfLocalDay } from '#catalog/zoned-time.ts'
import type { Tx } from '#db/client.ts'
import { auditLog, companies, dutyPeriods, memberships, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { hasRole, membershipIn, requireUser } from '../access/policy.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { driverRecordsAccess, requireDriverManager } from '../drivers/driver-access.server.ts'
import { AppError, badRequest, forbidden } from '../errors.ts'
import { atMostCharacters, idSchema, isPlainText, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { addDays, hosSummary, localDateOf, monthRows, type HosLimit, type HosPeriod, type MonthDayRow } from './hos-rules.ts'

export const HOURS_LIMITS = {
  /** A phone's clock may run this far ahead of the server's. */
  clockSkewMs: 60_000,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  idempotencyKeyMax: 100,
} as const

export const HOURS_TEXT = {
  overlap: msg('This duty period overlaps another one'),
  periodNotFound: msg('Duty period not found'),
  future: msg('The time cannot be in the future'),
  time: msg('Enter a date and time'),
  endBeforeStart: msg('The end must be after the start'),
  perDay: msg('Too many duty periods on this day'),
  month: msg('Use the format YYYY-MM'),
  keyFormat: msg('Letters, digits and punctuation only'),
  notADriver: msg('Only a driver of this operator records their duty status'),
} as const

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)

const keySchema = z.preprocess(
  blank,
  z.string().trim().max(HOURS_LIMITS.idempotencyKeyMax, atMostCharacters(HOURS_LIMITS.idempotencyKeyMax)).regex(/^[\x21-\x7e]+$/, HOURS_TEXT.keyFormat).optional(),
)
/** An ISO instant with its offset, or the company's wall time `YYYY-MM-DDTHH:mm`. */
const timeSchema = z.string({ message: HOURS_TEXT.time }).trim().min(1, HOURS_TEXT.time).max(40, HOURS_TEXT.time)
const noteSchema = z.preprocess(
  blank,
  z.string().trim().max(DRIVER_FILE_LIMITS.noteChars, atMostCharacters(DRIVER_FILE_LIMITS.noteChars)).refine(isPlainText, UNSAFE_CHARACTERS_MESSAGE).optional(),
)
const statusSchema = z.enum(DUTY_STATUS_VALUES)
const monthSchema = z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, HOURS_TEXT.month)

export const changeDutyStatusInput = z.object({
  companyId: idSchema,
  status: statusSchema,
  /** Left out: now. The phone sends the instant of the tap (the outbox may deliver it later). */
  at: z.preprocess(blank, timeSchema.optional()),
  idempotencyKey: keySchema,
})
export type ChangeDutyStatusInput = z.input<typeof changeDutyStatusInput>

export const dutyStatusInput = z.object({ companyId: idSchema, driverUserId: z.preprocess(blank, idSchema.optional()) })
export type DutyStatusInput = z.input<typeof dutyStatusInput>

export const listDriversHoursInput = z.object({
  companyId: idSchema,
  page: z.preprocess(blank, z.coerce.number().int().min(1).optional()),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(HOURS_LIMITS.pageSizeMax).optional()),
})
export type ListDriversHoursInput = z.input<typeof listDriversHoursInput>

export const driverMonthInput = z.object({ companyId: idSchema, driverUserId: idSchema, month: z.preprocess(blank, monthSchema.optional()) })
export type DriverMonthInput = z.input<typeof driverMonthInput>

export const addDutyPeriodInput = z.object({
  companyId: idSchema,
  driverUserId: idSchema,
  status: statusSchema,
  startedAt: timeSchema,
  /** Left out: the period is still open (only when nothing comes after it). */
  endedAt: z.preprocess(blank, timeSchema.optional()),
  note: noteSchema,
  idempotencyKey: keySchema,
})
export type AddDutyPeriodInput = z.input<typeof addDutyPeriodInput>

export const updateDutyPeriodInput = addDutyPeriodInput.omit({ driverUserId: true, idempotencyKey: true, companyId: true }).extend({
  id: idSchema,
  companyId: z.preprocess(blank, idSchema.optional()),
})
export type UpdateDutyPeriodInput = z.input<typeof updateDutyPeriodInput>

export const deleteDutyPeriodInput = z.object({ id: idSchema, companyId: z.preprocess(blank, idSchema.optional()) })
export type DeleteDutyPeriodInput = z.input<typeof deleteDutyPeriodInput>

type Reader = Pick<Tx, 'select'>

export interface DutyPeriodView {
  id: number
  status: DutyStatus
  startedAt: string
  endedAt: string | null
  source: DutySource
  note: string | null
}

const periodView = (p: typeof dutyPeriods.$inferSelect): DutyPeriodView => ({
  id: p.id,
  status: p.status,
  startedAt: p.startedAt.toISOString(),
  endedAt: p.endedAt ? p.endedAt.toISOString() : null,
  source: p.source,
  note: p.note,
})

const overlapError = (field = 'startedAt') => new AppError('CONFLICT', HOURS_TEXT.overlap, { fieldErrors: { [field]: HOURS_TEXT.overlap } })
const periodNotFound = () => new AppError('NOT_FOUND', HOURS_TEXT.periodNotFound)

async function companyOf(read: Reader, companyId: number): Promise<{ name: string; timeZone: string; hosCycle: HosCycle }> {
  const [c] = await read.select({ name: companies.name, timeZone: companies.timeZone, hosCycle: companies.hosCycle }).from(companies).where(eq(companies.id, companyId))
  return c ?? { name: '', timeZone: 'UTC', hosCycle: '60/7' }
}

async function driverName(read: Reader, userId: number): Promise<string> {
  const [u] = await read.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId))
  if (!u) return ''
  return `${u.firstName} ${u.lastName}`.trim() || u.email || ''
}

/** An instant from an ISO string or the company's wall time; null when it is neither. */
function instantOf(text: string, timeZone: string): Date | null {
  const wall = instantOfWallTime(text, timeZone)
  if (wall) return new Date(wall)
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null
  const t = Date.parse(text)
  return Number.isNaN(t) ? null : new Date(t)
}

function timeOrRefuse(text: string, field: string, timeZone: string, now: Date): Date {
  const t = instantOf(text, timeZone)
  if (!t) throw badRequest(`${field}: ${HOURS_TEXT.time}`, { [field]: HOURS_TEXT.time }, (tr) => `${field}: ${tr(HOURS_TEXT.time)}`)
  if (t.getTime() > now.getTime() + HOURS_LIMITS.clockSkewMs) throw badRequest(`${field}: ${HOURS_TEXT.future}`, { [field]: HOURS_TEXT.future }, (tr) => `${field}: ${tr(HOURS_TEXT.future)}`)
  return t
}

/** The driver's periods at the company that overlap [from, to) (open ones included). */
async function periodsBetween(read: Reader, companyId: number, driverUserId: number, from: Date, to: Date) {
  return read
    .select()
    .from(dutyPeriods)
    .where(
      and(
        eq(dutyPeriods.companyId, companyId),
        eq(dutyPeriods.driverUserId, driverUserId),
        lt(dutyPeriods.startedAt, to),
        or(isNull(dutyPeriods.endedAt), gt(dutyPeriods.endedAt, from)),
      ),
    )
    .orderBy(asc(dutyPeriods.startedAt))
}

const asHos = (p: { status: DutyStatus; startedAt: Date; endedAt: Date | null }): HosPeriod => ({
  status: p.status,
  startedAt: p.startedAt.getTime(),
  endedAt: p.endedAt ? p.endedAt.getTime() : null,
})

/** A period [start, end) of the driver overlaps another (`except`: the one being changed). */
async function overlapsAnother(read: Reader, companyId: number, driverUserId: number, start: Date, end: Date | null, except?: number): Promise<boolean> {
  const [row] = await read
    .select({ id: dutyPeriods.id })
    .from(dutyPeriods)
    .where(
      and(
        eq(dutyPeriods.companyId, companyId),
        eq(dutyPeriods.driverUserId, driverUserId),
        except ? ne(dutyPeriods.id, except) : undefined,
        end ? lt(dutyPeriods.startedAt, end) : undefined,
        or(isNull(dutyPeriods.endedAt), gt(dutyPeriods.endedAt, start)),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** At most DRIVER_FILE_LIMITS.dutyPeriodsPerDay periods starting on one company-local day. */
async function refuseOverDailyBound(read: Reader, companyId: number, driverUserId: number, at: Date, timeZone: string, except?: number): Promise<void> {
  const day = localDateOf(at.getTime(), timeZone)
  const from = startOfLocalDay(day, timeZone)
  const to = startOfLocalDay(addDays(day, 1), timeZone)
  const [row] = await read
    .select({ n: count() })
    .from(dutyPeriods)
    .where(
      and(
        eq(dutyPeriods.companyId, companyId),
        eq(dutyPeriods.driverUserId, driverUserId),
        except ? ne(dutyPeriods.id, except) : undefined,
        sql`${dutyPeriods.startedAt} >= ${from.getTime()} AND ${dutyPeriods.startedAt} < ${to.getTime()}`,
      ),
    )
  if ((row?.n ?? 0) >= DRIVER_FILE_LIMITS.dutyPeriodsPerDay) throw new AppError('TOO_MANY_REQUESTS', HOURS_TEXT.perDay)
}

/** SQLite's refusals of a second open period or an end before the start, as the use case's own answers. */
function constraintAsAnswer(error: unknown): never {
  const text = String((error as { message?: string })?.message ?? '') + String((error as { cause?: { message?: string } })?.cause?.message ?? '')
  if (/duty_periods_open_unique|UNIQUE constraint failed: duty_periods\.company_id/.test(text)) throw overlapError()
  if (/duty_periods_order_check/.test(text)) throw badRequest(`endedAt: ${HOURS_TEXT.endBeforeStart}`, { endedAt: HOURS_TEXT.endBeforeStart })
  throw error
}

// ---------------------------------------------------------------------------------------------
// The driver's phone

export interface DutyChange {
  companyId: number
  driverUserId: number
  status: DutyStatus
  /** When the current status began (the tap's time). */
  since: string
  /** The period opened (null for off duty). */
  periodId: number | null
  /** A repeated idempotency key: the first answer, nothing changed now. */
  replayed: boolean
}

/** The audit row of an earlier change with this key (off duty opens no period to carry it). */
async function earlierChange(read: Reader, userId: number, key: string): Promise<DutyChange | null> {
  const [p] = await read
    .select()
    .from(dutyPeriods)
    .where(and(eq(dutyPeriods.createdByUserId, userId), eq(dutyPeriods.idempotencyKey, key)))
  if (p) return { companyId: p.companyId, driverUserId: p.driverUserId, status: p.status, since: p.startedAt.toISOString(), periodId: p.id, replayed: true }
  const [a] = await read
    .select({ companyId: auditLog.companyId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'duty.change'), sql`json_extract(${auditLog.details}, '$.idempotencyKey') = ${key}`))
    .orderBy(desc(auditLog.id))
    .limit(1)
  if (!a) return null
  const d = (a.details ?? {}) as { status?: DutyStatus; at?: string }
  return { companyId: a.companyId ?? 0, driverUserId: userId, status: d.status ?? 'offDuty', since: d.at ?? '', periodId: null, replayed: true }
}

/**
 * The driver taps a status on the phone: the open period ends at `at` (default now) and the new
 * one opens there, unless it is off duty. `at` may be late (the outbox delivers in order when the
 * connection returns) but never before the latest period's start or end (409), nor in the future
 * beyond a minute's clock skew (400). The same status as the open one changes nothing.
 */
export async function changeDutyStatus(ctx: UseCaseContext, input: unknown): Promise<DutyChange> {
  const me = requireUser(ctx.actor)
  const v = parseInput(changeDutyStatusInput, input)
  if (!hasRole(ctx.actor, v.companyId, ['Driver'])) throw forbidden(HOURS_TEXT.notADriver)
  await driverRecordsAccess(ctx, v.companyId, me.userId)
  if (v.idempotencyKey) {
    const earlier = await earlierChange(ctx.db.read, me.userId, v.idempotencyKey)
    if (earlier) return earlier
  }
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, v.companyId)
  let at = v.at ? timeOrRefuse(v.at, 'at', company.timeZone, now) : now
  try {
    return await ctx.db.transaction(async (tx) => {
      if (v.idempotencyKey) {
        const again = await earlierChange(tx, me.userId, v.idempotencyKey)
        if (again) return again
      }
      const [latest] = await tx
        .select()
        .from(dutyPeriods)
        .where(and(eq(dutyPeriods.companyId, v.companyId), eq(dutyPeriods.driverUserId, me.userId)))
        .orderBy(desc(dutyPeriods.startedAt))
        .limit(1)
      const open = latest && !latest.endedAt ? latest : null
      // "Now" (no time sent) comes after whatever is recorded, even a tap a moment ago in the same millisecond.
      const boundary = latest ? (latest.endedAt ?? latest.startedAt).getTime() : 0
      if (!v.at && at.getTime() <= boundary && boundary - now.getTime() <= HOURS_LIMITS.clockSkewMs) at = new Date(boundary + 1)
      if (open && open.status === v.status) {
        return { companyId: v.companyId, driverUserId: me.userId, status: open.status, since: open.startedAt.toISOString(), periodId: open.id, replayed: false }
      }
      if (open && at.getTime() <= open.startedAt.getTime()) throw overlapError('at')
      // Anything else still running after `at` (a manager's period, a pre-trip) refuses it too.
      if (await overlapsAnother(tx, v.companyId, me.userId, at, null, open?.id)) throw overlapError('at')
      if (open) await tx.update(dutyPeriods).set({ endedAt: at, updatedAt: now }).where(eq(dutyPeriods.id, open.id))
      let periodId: number | null = null
      if (v.status !== 'offDuty') {
        await refuseOverDailyBound(tx, v.companyId, me.userId, at, company.timeZone)
        const [row] = await tx
          .insert(dutyPeriods)
          .values({
            companyId: v.companyId,
            driverUserId: me.userId,
            status: v.status,
            startedAt: at,
            endedAt: null,
            source: 'phone',
            idempotencyKey: v.idempotencyKey ?? null,
            createdByUserId: me.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: dutyPeriods.id })
        periodId = row!.id
      }
      await audit(tx, ctx.actor, {
        action: 'duty.change',
        companyId: v.companyId,
        entityType: 'dutyPeriod',
        entityId: periodId ?? open?.id,
        details: { driverUserId: me.userId, status: v.status, at: at.toISOString(), ...(v.idempotencyKey ? { idempotencyKey: v.idempotencyKey } : {}) },
      })
      return { companyId: v.companyId, driverUserId: me.userId, status: v.status, since: at.toISOString(), periodId, replayed: false }
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    return constraintAsAnswer(error)
  }
}

export interface DutyStatusView {
  companyId: number
  companyName: string
  driverUserId: number
  driverName: string
  timeZone: string
  cycle: HosCycle
  as: 'manager' | 'driver'
  status: DutyStatus
  /** When the current status began; null when nothing is recorded. */
  since: string | null
  today: { date: string; drivingMinutes: number; onDutyMinutes: number }
  driving: HosLimit
  onDuty: HosLimit
  cycleLimit: HosLimit & { hours: number; days: number }
  /** English texts (say them with sayText on a page). */
  warnings: string[]
}

/** The lookback that covers the longest cycle and a duty day begun before it. */
function lookbackFrom(today: string, timeZone: string): Date {
  return startOfLocalDay(addDays(today, -(Math.max(...HOS_CYCLES.map((c) => c.days)) + 2)), timeZone)
}

type StatusNow = Pick<DutyStatusView, 'status' | 'since' | 'today' | 'driving' | 'onDuty' | 'cycleLimit' | 'warnings'>

async function statusOf(read: Reader, companyId: number, driverUserId: number, now: Date, company: { timeZone: string; hosCycle: HosCycle }): Promise<StatusNow> {
  const today = todayIn(company.timeZone, now)
  const periods = await periodsBetween(read, companyId, driverUserId, lookbackFrom(today, company.timeZone), new Date(now.getTime() + HOURS_LIMITS.clockSkewMs))
  const summary = hosSummary(periods.map(asHos), now.getTime(), company.timeZone, company.hosCycle)
  const open = periods.find((p) => !p.endedAt)
  const last = periods.at(-1)
  const since = open ? open.startedAt : (last?.endedAt ?? null)
  return {
    status: (open?.status ?? 'offDuty') as DutyStatus,
    since: since ? since.toISOString() : null,
    today: summary.today,
    driving: summary.driving,
    onDuty: summary.onDuty,
    cycleLimit: summary.cycle,
    warnings: summary.warnings,
  }
}

/** The driver's status now: since when, today's totals, the three limits and the warnings (the driver or a manager). */
export async function getDutyStatus(ctx: UseCaseContext, input: unknown): Promise<DutyStatusView> {
  const me = requireUser(ctx.actor)
  const v = parseInput(dutyStatusInput, input)
  // One's own status: only a driver has one (a manager who is not a driver: 403).
  if (v.driverUserId === undefined && !hasRole(ctx.actor, v.companyId, ['Driver'])) throw forbidden()
  const driverUserId = v.driverUserId ?? me.userId
  const access = await driverRecordsAccess(ctx, v.companyId, driverUserId)
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, v.companyId)
  const s = await statusOf(ctx.db.read, v.companyId, driverUserId, now, company)
  return {
    companyId: v.companyId,
    companyName: company.name,
    driverUserId,
    driverName: await driverName(ctx.db.read, driverUserId),
    timeZone: company.timeZone,
    cycle: company.hosCycle,
    as: access.as,
    ...s,
  }
}

// ---------------------------------------------------------------------------------------------
// The managers

export type DriverHoursRow = Omit<DutyStatusView, 'companyId' | 'companyName' | 'timeZone' | 'cycle' | 'as'>

/** Every current driver of the operator (active Driver role): status now, today, what remains, warnings. Paged in SQL. */
export async function listDriversHours(ctx: UseCaseContext, input: unknown) {
  const v = parseInput(listDriversHoursInput, input)
  await requireDriverManager(ctx, v.companyId)
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, v.companyId)
  const pageSize = v.pageSize ?? HOURS_LIMITS.pageSizeDefault
  const page = v.page ?? 1
  const where = and(eq(memberships.companyId, v.companyId), eq(memberships.roleId, ROLE_IDS.Driver), eq(memberships.isActive, true))
  const [total] = await ctx.db.read.select({ n: count() }).from(memberships).where(where)
  const people = await ctx.db.read
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const drivers: DriverHoursRow[] = []
  for (const p of people) {
    const s = await statusOf(ctx.db.read, v.companyId, p.userId, now, company)
    drivers.push({ driverUserId: p.userId, driverName: `${p.firstName} ${p.lastName}`.trim() || p.email || '', ...s })
  }
  return { companyId: v.companyId, companyName: company.name, timeZone: company.timeZone, cycle: company.hosCycle, page, pageSize, total: total?.n ?? 0, drivers }
}

export interface DriverMonthView {
  companyId: number
  companyName: string
  driverUserId: number
  driverName: string
  timeZone: string
  cycle: HosCycle
  month: string
  as: 'manager' | 'driver'
  /** One row per local day: the short-haul time record, totals and warnings (English texts). */
  days: MonthDayRow[]
  periods: DutyPeriodView[]
  /** The driver's status and limits now. */
  now: StatusNow
}

/** One driver's month (the manager or the driver themself); writes 'driverHours.view'. */
export async function getDriverMonth(ctx: UseCaseContext, input: unknown): Promise<DriverMonthView> {
  const v = parseInput(driverMonthInput, input)
  const access = await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, v.companyId)
  const month = v.month ?? todayIn(company.timeZone, now).slice(0, 7)
  const first = `${month}-01`
  const [y, m] = month.split('-').map(Number) as [number, number]
  const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)
  const from = startOfLocalDay(first, company.timeZone)
  const to = startOfLocalDay(nextMonth, company.timeZone)
  // A duty day begun the day before counts whole; one ending after the month too.
  const periods = await periodsBetween(ctx.db.read, v.companyId, v.driverUserId, startOfLocalDay(addDays(first, -2), company.timeZone), startOfLocalDay(addDays(nextMonth, 1), company.timeZone))
  const days = monthRows(periods.map(asHos), month, now.getTime(), company.timeZone)
  const status = await statusOf(ctx.db.read, v.companyId, v.driverUserId, now, company)
  await ctx.db.transaction((tx) =>
    audit(tx, ctx.actor, { action: 'driverHours.view', companyId: v.companyId, entityType: 'driverFile', details: { driverUserId: v.driverUserId, month } }),
  )
  return {
    companyId: v.companyId,
    companyName: company.name,
    driverUserId: v.driverUserId,
    driverName: await driverName(ctx.db.read, v.driverUserId),
    timeZone: company.timeZone,
    cycle: company.hosCycle,
    month,
    as: access.as,
    days,
    periods: periods.filter((p) => p.startedAt < to && (!p.endedAt || p.endedAt > from)).map(periodView),
    now: status,
  }
}

/**
 * The period of `id` the caller manages. A manager of its company: the period. Its own driver (read
 * only): 403. Anyone else, another company's or driver's period: 404 "Duty period not found".
 */
async function managedPeriod(ctx: UseCaseContext, id: number, companyId: number | undefined) {
  const me = requireUser(ctx.actor)
  // A named company where the caller does not manage drivers: API.md's 403 before any record is looked up (issue 38's one rule).
  if (companyId !== undefined) await requireDriverManager(ctx, companyId)
  const [p] = await ctx.db.read.select().from(dutyPeriods).where(eq(dutyPeriods.id, id))
  if (!p || (companyId !== undefined && p.companyId !== companyId)) throw periodNotFound()
  const manages = hasRole(ctx.actor, p.companyId, ['Operator']) && membershipIn(ctx.actor, p.companyId)?.companyTypes.includes('Operator')
  if (!manages) {
    if (p.driverUserId === me.userId && membershipIn(ctx.actor, p.companyId)) throw forbidden()
    throw periodNotFound()
  }
  await requireDriverManager(ctx, p.companyId)
  return p
}

/** A manager adds a period (source 'manager'): no overlap (409), not in the future, bounded per day; idempotent. */
export async function addDutyPeriod(ctx: UseCaseContext, input: unknown): Promise<DutyPeriodView & { replayed: boolean }> {
  const me = requireUser(ctx.actor)
  const v = parseInput(addDutyPeriodInput, input)
  await requireDriverManager(ctx, v.companyId)
  await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  const earlierOf = async (read: Reader) => {
    if (!v.idempotencyKey) return null
    const [p] = await read
      .select()
      .from(dutyPeriods)
      .where(and(eq(dutyPeriods.createdByUserId, me.userId), eq(dutyPeriods.idempotencyKey, v.idempotencyKey)))
    return p ? { ...periodView(p), replayed: true } : null
  }
  const earlier = await earlierOf(ctx.db.read)
  if (earlier) return earlier
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, v.companyId)
  const { startedAt, endedAt } = timesOf(v, company.timeZone, now)
  try {
    return await ctx.db.transaction(async (tx) => {
      const again = await earlierOf(tx)
      if (again) return again
      if (await overlapsAnother(tx, v.companyId, v.driverUserId, startedAt, endedAt)) throw overlapError()
      await refuseOverDailyBound(tx, v.companyId, v.driverUserId, startedAt, company.timeZone)
      const [row] = await tx
        .insert(dutyPeriods)
        .values({
          companyId: v.companyId,
          driverUserId: v.driverUserId,
          status: v.status,
          startedAt,
          endedAt,
          source: 'manager',
          note: v.note ?? null,
          idempotencyKey: v.idempotencyKey ?? null,
          createdByUserId: me.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await audit(tx, ctx.actor, {
        action: 'dutyPeriod.add',
        companyId: v.companyId,
        entityType: 'dutyPeriod',
        entityId: row!.id,
        details: { driverUserId: v.driverUserId, status: v.status, startedAt: startedAt.toISOString(), endedAt: endedAt?.toISOString() ?? null },
      })
      return { ...periodView(row!), replayed: false }
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    return constraintAsAnswer(error)
  }
}

function timesOf(v: { startedAt: string; endedAt?: string }, timeZone: string, now: Date): { startedAt: Date; endedAt: Date | null } {
  const startedAt = timeOrRefuse(v.startedAt, 'startedAt', timeZone, now)
  const endedAt = v.endedAt ? timeOrRefuse(v.endedAt, 'endedAt', timeZone, now) : null
  if (endedAt && endedAt.getTime() <= startedAt.getTime()) {
    throw badRequest(`endedAt: ${HOURS_TEXT.endBeforeStart}`, { endedAt: HOURS_TEXT.endBeforeStart }, (t) => `endedAt: ${t(HOURS_TEXT.endBeforeStart)}`)
  }
  return { startedAt, endedAt }
}

/** A manager corrects a period (status, times, note): the same checks as adding. */
export async function updateDutyPeriod(ctx: UseCaseContext, input: unknown): Promise<DutyPeriodView> {
  const v = parseInput(updateDutyPeriodInput, input)
  const p = await managedPeriod(ctx, v.id, v.companyId)
  const now = ctx.now ?? new Date()
  const company = await companyOf(ctx.db.read, p.companyId)
  const { startedAt, endedAt } = timesOf(v, company.timeZone, now)
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await overlapsAnother(tx, p.companyId, p.driverUserId, startedAt, endedAt, p.id)) throw overlapError()
      await refuseOverDailyBound(tx, p.companyId, p.driverUserId, startedAt, company.timeZone, p.id)
      const [row] = await tx
        .update(dutyPeriods)
        .set({ status: v.status, startedAt, endedAt, note: v.note ?? null, updatedAt: now })
        .where(eq(dutyPeriods.id, p.id))
        .returning()
      if (!row) throw periodNotFound()
      await audit(tx, ctx.actor, {
        action: 'dutyPeriod.update',
        companyId: p.companyId,
        entityType: 'dutyPeriod',
        entityId: p.id,
        details: {
          driverUserId: p.driverUserId,
          before: { status: p.status, startedAt: p.startedAt.toISOString(), endedAt: p.endedAt?.toISOString() ?? null },
          after: { status: v.status, startedAt: startedAt.toISOString(), endedAt: endedAt?.toISOString() ?? null },
        },
      })
      return periodView(row)
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    return constraintAsAnswer(error)
  }
}

/** A manager deletes a period. */
export async function deleteDutyPeriod(ctx: UseCaseContext, input: unknown): Promise<{ id: number; deleted: true }> {
  const v = parseInput(deleteDutyPeriodInput, input)
  const p = await managedPeriod(ctx, v.id, v.companyId)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(dutyPeriods).where(eq(dutyPeriods.id, p.id))
    await audit(tx, ctx.actor, {
      action: 'dutyPeriod.delete',
      companyId: p.companyId,
      entityType: 'dutyPeriod',
      entityId: p.id,
      details: { driverUserId: p.driverUserId, status: p.status, startedAt: p.startedAt.toISOString(), endedAt: p.endedAt?.toISOString() ?? null },
    })
  })
  return { id: p.id, deleted: true }
}
