/**
 * The fuel and energy log's use cases (issue 36 point 2, decision 085): recording a fill-up or a
 * charge (the driver's phone, a manager's form, tRPC, REST) and reading the log. Every door calls
 * these; the core write is ./fuel-entries.server.ts (shared with the fuel card import).
 *
 * Who records (decided here, every door the same):
 * - a Driver of the operator company holding the bus under an assignment active today (the
 *   pre-trip's rule, decision 024), or a Driver of the bus's owner company: the record is paid by
 *   that company (source `driver`);
 * - the owner company's managers (role Owner), for any of its buses, paid by the owner;
 * - an operator company's managers (role Operator), for the buses actively assigned to it, paid by
 *   that operator.
 * Anyone else who may see the bus (another role of its owner, the assigned operator's mechanics):
 * 403, as the pre-trip answers; anyone else 404, as for a bus that does not exist.
 *
 * Who reads: the owner every record of its buses; an operator company its own records; a driver
 * the records they filed.
 */
import { and, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { COST_LIMITS, FUEL_FLAG_VALUES, FUEL_UNIT_VALUES, type FuelEntrySource, type FuelFlag, type FuelUnit } from '#catalog/costs.ts'
import { msg } from '#catalog/i18n.ts'
import { parseCents, parseMilli } from '#catalog/money.ts'
import { ODOMETER_MAX } from '#catalog/odometer.ts'
import { instantOfWallTime } from '#catalog/zoned-time.ts'
import type { Tx } from '#db/client.ts'
import { companies, fuelEntries, odometerReadings, operatorAssignments, vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { companiesWithRole, hasRole, membershipIn, requireUser } from '../access/policy.ts'
import { activeOn, assignedOperatorCompany, todayIn, VEHICLE_VIEWER_ROLES } from '../access/vehicle-access.server.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { atMostCharacters, idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { busIsElectric, insertFuelEntry } from './fuel-entries.server.ts'

export const FUEL_LIMITS = {
  /** Fill-ups and charges typed (phone, form, API) per company in 24 hours; imports have their own caps. */
  recordsPerCompanyPerDay: 5_000,
  pageSizeMax: 100,
  pageSizeDefault: 25,
  idempotencyKeyMax: 100,
} as const

export const FUEL_USE_TEXT = {
  vehicleNotFound: msg('Vehicle not found'),
  notYourBus: msg('Only a driver or manager of the company holding this bus may record its fuel'),
  notThisCompany: msg('You cannot record fuel for this bus for that company'),
  dailyCap: msg('Too many fuel records today for this company; try again tomorrow'),
  keyReused: msg('This idempotency key was already used for a fuel record of another vehicle'),
  quantity: msg('Enter a quantity above zero with at most three decimals'),
  total: msg('Enter an amount of zero or more with at most two decimals'),
  odometer: msg('Enter the odometer in whole miles'),
  odometerTooHigh: msg('Odometer is too high'),
  soc: msg('The state of charge is a whole number from 0 to 100'),
  fueledAt: msg('Enter the date and time of the fill-up'),
  month: msg('Use the format YYYY-MM'),
  keyFormat: msg('Letters, digits and punctuation only'),
} as const

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v)

/** A decimal typed or sent as a JSON number, read exactly with `parse` (null: refused with `message`). */
const scaled = (parse: (text: string) => number | null, message: string, positive: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.union([z.string(), z.number()]).transform((v, c) => {
      const n = typeof v === 'number' && !Number.isFinite(v) ? null : parse(String(v))
      if (n === null || (positive && n <= 0)) {
        c.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return n
    }),
  )

const line = (max: number) => z.preprocess(blank, z.string().trim().max(max, atMostCharacters(max)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional())

const soc = z.preprocess(blank, z.coerce.number({ message: FUEL_USE_TEXT.soc }).int(FUEL_USE_TEXT.soc).min(0, FUEL_USE_TEXT.soc).max(100, FUEL_USE_TEXT.soc).optional())

/** Checkbox, radio or JSON boolean; left out: a full tank. */
const fullField = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v === 'string') return !['false', 'off', '0', 'partial', 'no'].includes(v.trim().toLowerCase())
  return v
}, z.boolean().optional())

export const recordFuelEntryInput = z.object({
  vehicleId: idSchema,
  /** The company recording (and paying): needed only when the caller could record for several. */
  companyId: z.preprocess(blank, idSchema.optional()),
  /** An ISO instant, or the recording company's wall time `YYYY-MM-DDTHH:mm`; left out: now. */
  fueledAt: z.preprocess(blank, z.string().trim().max(40).optional()),
  odometer: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .union([z.string(), z.number()])
      .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v.trim().replaceAll(',', ''))) : v))
      .pipe(z.number({ message: FUEL_USE_TEXT.odometer }).int(FUEL_USE_TEXT.odometer).min(0, FUEL_USE_TEXT.odometer).max(ODOMETER_MAX, FUEL_USE_TEXT.odometerTooHigh)),
  ),
  quantity: scaled(parseMilli, FUEL_USE_TEXT.quantity, true),
  unit: z.preprocess(blank, z.enum(FUEL_UNIT_VALUES).optional()),
  total: scaled(parseCents, FUEL_USE_TEXT.total, false),
  station: line(COST_LIMITS.textMax),
  card: line(COST_LIMITS.textMax),
  full: fullField,
  socBefore: soc,
  socAfter: soc,
  idempotencyKey: z.preprocess(
    blank,
    z.string().trim().max(FUEL_LIMITS.idempotencyKeyMax, atMostCharacters(FUEL_LIMITS.idempotencyKeyMax)).regex(/^[\x21-\x7e]+$/, FUEL_USE_TEXT.keyFormat).optional(),
  ),
})
export type RecordFuelEntryInput = z.input<typeof recordFuelEntryInput>

export interface RecordedFuelEntry {
  id: number
  vehicleId: number
  companyId: number
  efficiencyMilli: number | null
  flags: FuelFlag[]
  /** True when an earlier record with the same idempotency key was answered (nothing recorded now). */
  replayed: boolean
}

type Reader = Pick<Tx, 'select'>

interface FuelBus {
  id: number
  ownerCompanyId: number
  vehicleIdentifier: string
  fuelUnit: FuelUnit | null
  fuelCapacityMilli: number | null
  fuelType: number
  odometer: number | null
}

async function busById(db: Reader, vehicleId: number): Promise<FuelBus | null> {
  const [v] = await db
    .select({
      id: vehicles.id,
      ownerCompanyId: vehicles.ownerCompanyId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      fuelUnit: vehicles.fuelUnit,
      fuelCapacityMilli: vehicles.fuelCapacityMilli,
      fuelType: vehicles.fuelType,
      odometer: vehicles.odometer,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
  return v ?? null
}

export interface FuelRecorder {
  companyId: number
  /** `driver`: the caller records as a driver of that company; `manual`: as its manager. */
  source: Extract<FuelEntrySource, 'driver' | 'manual'>
}

/**
 * The companies the caller may record the bus's fuel for (see the file's comment), managers
 * first. Empty: the caller may not; `fuelRecorderFor` says whether that is a 403 or a 404.
 */
export async function fuelRecordersOf(db: Reader, me: UserActor, bus: { id: number; ownerCompanyId: number }, now: Date): Promise<FuelRecorder[]> {
  const out: FuelRecorder[] = []
  if (hasRole(me, bus.ownerCompanyId, ['Owner'])) out.push({ companyId: bus.ownerCompanyId, source: 'manual' })
  else if (hasRole(me, bus.ownerCompanyId, ['Driver'])) out.push({ companyId: bus.ownerCompanyId, source: 'driver' })
  for (const companyId of companiesWithRole(me, ['Operator', 'Driver'])) {
    if (companyId === bus.ownerCompanyId || out.some((r) => r.companyId === companyId)) continue
    if ((await assignedOperatorCompany(db, bus.id, [companyId], now)) === null) continue
    out.push({ companyId, source: hasRole(me, companyId, ['Operator']) ? 'manual' : 'driver' })
  }
  return out
}

async function fuelRecorderFor(db: Reader, me: UserActor, bus: FuelBus, now: Date, wanted: number | undefined): Promise<FuelRecorder> {
  const recorders = await fuelRecordersOf(db, me, bus, now)
  if (wanted !== undefined) {
    const r = recorders.find((x) => x.companyId === wanted)
    if (r) return r
    if (recorders.length) throw new AppError('BAD_REQUEST', FUEL_USE_TEXT.notThisCompany, { fieldErrors: { companyId: FUEL_USE_TEXT.notThisCompany } })
  } else if (recorders[0]) return recorders[0]
  // Someone who may see the bus but not record its fuel: 403 (the pre-trip's answer); anyone else 404.
  const seesIt = membershipIn(me, bus.ownerCompanyId) !== undefined || (await assignedOperatorCompany(db, bus.id, companiesWithRole(me, VEHICLE_VIEWER_ROLES), now)) !== null
  if (seesIt) throw forbidden(FUEL_USE_TEXT.notYourBus)
  throw new AppError('NOT_FOUND', FUEL_USE_TEXT.vehicleNotFound)
}

const nameOf = (me: UserActor): string | null => `${me.firstName} ${me.lastName}`.trim() || me.email || null

async function earlierRecord(db: Reader, userId: number, key: string | undefined) {
  if (!key) return null
  const [row] = await db
    .select({ id: fuelEntries.id, vehicleId: fuelEntries.vehicleId, companyId: fuelEntries.companyId, efficiencyMilli: fuelEntries.efficiencyMilli, flags: fuelEntries.flags })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.recordedByUserId, userId), eq(fuelEntries.idempotencyKey, key)))
  return row ?? null
}

function replay(row: NonNullable<Awaited<ReturnType<typeof earlierRecord>>>, vehicleId: number): RecordedFuelEntry {
  if (row.vehicleId !== vehicleId) throw new AppError('CONFLICT', FUEL_USE_TEXT.keyReused, { fieldErrors: { idempotencyKey: FUEL_USE_TEXT.keyReused } })
  return { id: row.id, vehicleId: row.vehicleId, companyId: row.companyId, efficiencyMilli: row.efficiencyMilli, flags: row.flags ?? [], replayed: true }
}

/** Reads `fueledAt`: an ISO instant with its zone, or a wall time in `timeZone`; left out: now. */
function fueledAtOf(text: string | undefined, timeZone: string, now: Date): Date {
  if (text === undefined) return now
  const wall = instantOfWallTime(text, timeZone)
  const d = new Date(wall ?? text)
  if (Number.isNaN(d.getTime()) || (!wall && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text))) {
    throw new AppError('BAD_REQUEST', FUEL_USE_TEXT.fueledAt, { fieldErrors: { fueledAt: FUEL_USE_TEXT.fueledAt } })
  }
  return d
}

async function assertUnderDailyCap(tx: Reader, companyId: number, now: Date) {
  const since = new Date(now.getTime() - 24 * 3600_000)
  const [c] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.companyId, companyId), gte(fuelEntries.createdAt, since), ne(fuelEntries.source, 'import')))
  if (Number(c?.n ?? 0) >= FUEL_LIMITS.recordsPerCompanyPerDay) throw new AppError('TOO_MANY_REQUESTS', FUEL_USE_TEXT.dailyCap, { retryAfter: 3600 })
}

/**
 * POST /api/Fuel/record, tRPC `fuel.record`, the driver's /fuelUp/{vehicleId} and the log's form:
 * one fill-up or charge. Bad input: 400 naming each field, nothing saved. A repeated idempotency
 * key answers the first record (`replayed`), as the pre-trip does (decision 024).
 */
export async function recordFuelEntry(ctx: UseCaseContext, input: unknown): Promise<RecordedFuelEntry> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  // A retry of a record that went through: answered before anything else is checked.
  const keyed = z.object({ idempotencyKey: z.string().trim().min(1).max(FUEL_LIMITS.idempotencyKeyMax), vehicleId: idSchema }).safeParse(input)
  if (keyed.success) {
    const earlier = await earlierRecord(ctx.db.read, me.userId, keyed.data.idempotencyKey)
    if (earlier) return replay(earlier, keyed.data.vehicleId)
  }
  const v = parseInput(recordFuelEntryInput, input)
  const bus = await busById(ctx.db.read, v.vehicleId)
  if (!bus) throw new AppError('NOT_FOUND', FUEL_USE_TEXT.vehicleNotFound)
  const recorder = await fuelRecorderFor(ctx.db.read, me, bus, now, v.companyId)
  const [company] = await ctx.db.read.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, recorder.companyId))
  const fueledAt = fueledAtOf(v.fueledAt, company?.timeZone ?? 'UTC', now)
  const unit: FuelUnit = v.unit ?? bus.fuelUnit ?? (busIsElectric(bus) ? 'kWh' : 'gal')

  return ctx.db.transaction(async (tx) => {
    const again = await earlierRecord(tx, me.userId, v.idempotencyKey)
    if (again) return replay(again, v.vehicleId)
    // Recording time is now: the assignment is checked again under the write lock.
    const checked = await fuelRecorderFor(tx, me, bus, now, recorder.companyId)
    await assertUnderDailyCap(tx, checked.companyId, now)
    const userName = nameOf(me)
    const inserted = await insertFuelEntry(tx, {
      vehicleId: bus.id,
      companyId: checked.companyId,
      source: checked.source,
      fueledAt,
      odometer: v.odometer,
      quantityMilli: v.quantity,
      unit,
      totalCents: v.total,
      station: v.station ?? null,
      card: v.card ?? null,
      full: v.full ?? true,
      socBeforePct: v.socBefore ?? null,
      socAfterPct: v.socAfter ?? null,
      importId: null,
      idempotencyKey: v.idempotencyKey ?? null,
      userId: me.userId,
      userName,
      field: 'odometer',
    })
    await audit(tx, me, {
      action: 'fuel.record',
      companyId: checked.companyId,
      entityType: 'vehicle',
      entityId: bus.id,
      details: {
        vehicleId: bus.id,
        fuelEntryId: inserted.id,
        odometer: v.odometer,
        quantityMilli: v.quantity,
        unit,
        totalCents: v.total,
        source: checked.source,
        flags: inserted.flags.join(', '),
      },
    })
    return { id: inserted.id, vehicleId: bus.id, companyId: checked.companyId, efficiencyMilli: inserted.efficiencyMilli, flags: inserted.flags, replayed: false }
  })
}

// ---------------------------------------------------------------------------------------
// What the driver's screen shows before recording
// ---------------------------------------------------------------------------------------

export interface FuelUpContext {
  vehicleId: number
  vehicleIdentifier: string
  electric: boolean
  unit: FuelUnit
  capacityMilli: number | null
  card: string | null
  companyId: number
  companyName: string
  timeZone: string
  currency: string
  lastOdometer: number | null
}

/** tRPC `fuel.context` and /fuelUp/{vehicleId}'s loader: the bus as the recorder sees it (same access as recording). */
export async function getFuelUpContext(ctx: UseCaseContext, vehicleId: number): Promise<FuelUpContext> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const bus = await busById(ctx.db.read, vehicleId)
  if (!bus) throw new AppError('NOT_FOUND', FUEL_USE_TEXT.vehicleNotFound)
  const recorder = await fuelRecorderFor(ctx.db.read, me, bus, now, undefined)
  const [company] = await ctx.db.read
    .select({ name: companies.name, timeZone: companies.timeZone, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, recorder.companyId))
  const [card] = await ctx.db.read.select({ card: vehicles.fuelCard }).from(vehicles).where(eq(vehicles.id, bus.id))
  const [last] = await ctx.db.read
    .select({ reading: odometerReadings.reading })
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, bus.id))
    .orderBy(desc(odometerReadings.id))
    .limit(1)
  const electric = busIsElectric(bus)
  return {
    vehicleId: bus.id,
    vehicleIdentifier: bus.vehicleIdentifier,
    electric,
    unit: bus.fuelUnit ?? (electric ? 'kWh' : 'gal'),
    capacityMilli: bus.fuelCapacityMilli,
    card: card?.card ?? null,
    companyId: recorder.companyId,
    companyName: company?.name ?? '',
    timeZone: company?.timeZone ?? 'UTC',
    currency: company?.currency ?? 'USD',
    lastOdometer: last?.reading ?? bus.odometer,
  }
}

// ---------------------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------------------

export const listFuelEntriesInput = z.object({
  companyId: idSchema,
  vehicleId: z.preprocess(blank, idSchema.optional()),
  month: z.preprocess(blank, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, FUEL_USE_TEXT.month).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(FUEL_LIMITS.pageSizeMax).default(FUEL_LIMITS.pageSizeDefault)),
})
export type ListFuelEntriesInput = z.input<typeof listFuelEntriesInput>

export interface FuelEntryView {
  id: number
  vehicleId: number
  vehicleIdentifier: string
  companyId: number
  companyName: string
  source: FuelEntrySource
  fueledAt: string
  fueledOn: string
  odometer: number
  quantityMilli: number
  unit: FuelUnit
  totalCents: number
  /** The paying company's currency (ISO 4217). */
  currency: string
  station: string | null
  card: string | null
  full: boolean
  socBeforePct: number | null
  socAfterPct: number | null
  /** Miles per gallon or per kWh, in thousandths. */
  efficiencyMilli: number | null
  flags: FuelFlag[]
  importId: number | null
  recordedByName: string | null
}

export interface FuelEntryPage {
  companyId: number
  /** The caller may record fuel by hand here (a manager of the company). */
  canRecord: boolean
  page: number
  pageSize: number
  total: number
  entries: FuelEntryView[]
}

const viewColumns = {
  id: fuelEntries.id,
  vehicleId: fuelEntries.vehicleId,
  vehicleIdentifier: vehicles.vehicleIdentifier,
  companyId: fuelEntries.companyId,
  companyName: companies.name,
  source: fuelEntries.source,
  fueledAt: fuelEntries.fueledAt,
  fueledOn: fuelEntries.fueledOn,
  odometer: fuelEntries.odometer,
  quantityMilli: fuelEntries.quantityMilli,
  unit: fuelEntries.unit,
  totalCents: fuelEntries.totalCents,
  currency: companies.currency,
  station: fuelEntries.station,
  card: fuelEntries.card,
  full: fuelEntries.full,
  socBeforePct: fuelEntries.socBeforePct,
  socAfterPct: fuelEntries.socAfterPct,
  efficiencyMilli: fuelEntries.efficiencyMilli,
  flags: fuelEntries.flags,
  importId: fuelEntries.importId,
  recordedByName: fuelEntries.recordedByName,
}

type ViewRow = { [K in keyof typeof viewColumns]: unknown } & { fueledAt: Date; flags: FuelFlag[] | null }
const toView = (r: ViewRow): FuelEntryView => ({ ...(r as unknown as FuelEntryView), fueledAt: r.fueledAt.toISOString(), flags: (r.flags ?? []).filter((f) => FUEL_FLAG_VALUES.includes(f)) })

/** What a caller sees of company `companyId`'s log (the union of what each of its roles there allows); null: nothing. */
function visibleIn(me: UserActor, companyId: number): SQL | null {
  const parts: SQL[] = []
  if (hasRole(me, companyId, ['Owner'])) parts.push(eq(fuelEntries.ownerCompanyId, companyId))
  if (hasRole(me, companyId, ['Operator'])) parts.push(eq(fuelEntries.companyId, companyId))
  if (hasRole(me, companyId, ['Driver'])) parts.push(and(eq(fuelEntries.companyId, companyId), eq(fuelEntries.recordedByUserId, me.userId))!)
  return parts.length ? (parts.length === 1 ? parts[0]! : or(...parts)!) : null
}

function monthRange(month: string): [string, string] {
  return [`${month}-01`, `${month}-31`]
}

/**
 * GET /api/Fuel/company/{companyId}, tRPC `fuel.list` and /fuel/{companyId}: a company's fuel and
 * energy log, newest first, filtered by bus and month, paginated in SQL. The owner reads every
 * record of its buses; an operator its own records; a driver the records they filed. A company
 * where the caller holds no role: 403.
 */
export async function listFuelEntries(ctx: UseCaseContext, input: unknown): Promise<FuelEntryPage> {
  const v = parseInput(listFuelEntriesInput, input)
  const me = requireUser(ctx.actor)
  const visible = visibleIn(me, v.companyId)
  if (!visible) throw forbidden()
  const where = and(
    visible,
    v.vehicleId !== undefined ? eq(fuelEntries.vehicleId, v.vehicleId) : undefined,
    v.month ? and(gte(fuelEntries.fueledOn, monthRange(v.month)[0]), lte(fuelEntries.fueledOn, monthRange(v.month)[1])) : undefined,
  )
  const [count] = await ctx.db.read.select({ n: sql<number>`count(*)` }).from(fuelEntries).where(where)
  const rows = await ctx.db.read
    .select(viewColumns)
    .from(fuelEntries)
    .innerJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
    .innerJoin(companies, eq(companies.id, fuelEntries.companyId))
    .where(where)
    // The day first: the company indexes are (company, fueled_on), so a page reads only its rows.
    .orderBy(desc(fuelEntries.fueledOn), desc(fuelEntries.fueledAt), desc(fuelEntries.id))
    .limit(v.pageSize)
    .offset((v.page - 1) * v.pageSize)
  return {
    companyId: v.companyId,
    canRecord: hasRole(me, v.companyId, ['Owner', 'Operator']),
    page: v.page,
    pageSize: v.pageSize,
    total: Number(count?.n ?? 0),
    entries: rows.map((r) => toView(r as ViewRow)),
  }
}

/**
 * GET /api/Fuel/vehicle/{vehicleId} and tRPC `fuel.vehicle`: the newest 100 records of a bus the
 * caller may see: its owner every one; an operator company (managers) its own; a driver theirs.
 * A bus the caller neither owns, holds nor recorded for: 404.
 */
export async function listVehicleFuelEntries(ctx: UseCaseContext, vehicleId: number): Promise<{ vehicleId: number; vehicleIdentifier: string; entries: FuelEntryView[] }> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const bus = await busById(ctx.db.read, vehicleId)
  if (!bus) throw new AppError('NOT_FOUND', FUEL_USE_TEXT.vehicleNotFound)
  let visible: SQL | undefined
  if (!hasRole(me, bus.ownerCompanyId, ['Owner'])) {
    const managerOf = companiesWithRole(me, ['Operator'])
    const parts: SQL[] = [eq(fuelEntries.recordedByUserId, me.userId)]
    if (managerOf.length) parts.push(inArray(fuelEntries.companyId, managerOf))
    visible = or(...parts)
    const holds = (await fuelRecordersOf(ctx.db.read, me, bus, now)).length > 0
    if (!holds) {
      const [any] = await ctx.db.read
        .select({ id: fuelEntries.id })
        .from(fuelEntries)
        .where(and(eq(fuelEntries.vehicleId, bus.id), visible))
        .limit(1)
      if (!any) throw new AppError('NOT_FOUND', FUEL_USE_TEXT.vehicleNotFound)
    }
  }
  const rows = await ctx.db.read
    .select(viewColumns)
    .from(fuelEntries)
    .innerJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
    .innerJoin(companies, eq(companies.id, fuelEntries.companyId))
    .where(and(eq(fuelEntries.vehicleId, bus.id), visible))
    .orderBy(desc(fuelEntries.fueledAt), desc(fuelEntries.id))
    .limit(100)
  return { vehicleId: bus.id, vehicleIdentifier: bus.vehicleIdentifier, entries: rows.map((r) => toView(r as ViewRow)) }
}

/**
 * The buses a company's log offers (filter and form): the owner's buses, the ones an operator
 * holds today, and any the caller's records name, with whether a manual record may be made.
 */
export async function fuelLogVehicles(ctx: UseCaseContext, companyId: number): Promise<{ id: number; vehicleIdentifier: string }[]> {
  const me = requireUser(ctx.actor)
  const visible = visibleIn(me, companyId)
  if (!visible) throw forbidden()
  const owned = hasRole(me, companyId, ['Owner'])
    ? await ctx.db.read
        .select({ id: vehicles.id, vehicleIdentifier: vehicles.vehicleIdentifier })
        .from(vehicles)
        .where(and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt)))
        .orderBy(vehicles.vehicleIdentifier)
        .limit(2000)
    : []
  let held: { id: number; vehicleIdentifier: string }[] = []
  if (hasRole(me, companyId, ['Operator'])) {
    const [c] = await ctx.db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
    held = await ctx.db.read
      .selectDistinct({ id: vehicles.id, vehicleIdentifier: vehicles.vehicleIdentifier })
      .from(operatorAssignments)
      .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
      .where(and(eq(operatorAssignments.operatorCompanyId, companyId), activeOn(todayIn(c?.tz, ctx.now ?? new Date())), isNull(vehicles.archivedAt)))
      .limit(2000)
  }
  const recorded = await ctx.db.read
    .selectDistinct({ id: vehicles.id, vehicleIdentifier: vehicles.vehicleIdentifier })
    .from(fuelEntries)
    .innerJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
    .where(visible)
    .orderBy(vehicles.vehicleIdentifier)
    .limit(2000)
  const out = new Map<number, { id: number; vehicleIdentifier: string }>()
  for (const r of [...owned, ...held, ...recorded]) out.set(r.id, r)
  return [...out.values()].sort((a, b) => a.vehicleIdentifier.localeCompare(b.vehicleIdentifier))
}
