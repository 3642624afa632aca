/**
 * Writing one fill-up or charge (issue 36 point 2, decision 085): the core every door and the fuel
 * card import call inside their transaction. It checks EVERYTHING before its first write, so an
 * import can catch an AppError for one row and go on with the next inside the same transaction.
 *
 * The odometer never goes back: a record at or after the bus's latest reading must not be below
 * it and is added to the odometer history (source 'fuel'); an older record (a receipt typed late,
 * a card's CSV) must fit between the readings taken before and after its time and is not added to
 * the history (the history stays in the order it was read). Efficiency and flags: see
 * ./fuel-efficiency.ts. The cost is added to the month of the record (the owner's time zone),
 * charged to the company that recorded it. What the efficiency was measured over (miles and
 * quantity) is kept with it and added to `vehicle_month_fuel` (addMonthFuel) in the same
 * transaction, also when a late record measures the next one again: the dashboards' efficiency of
 * a month is then exact (SUM of miles ÷ SUM of quantities) without reading the records.
 *
 * `insertFuelEntries` does the same for many records at once (the fuel card import: 12,000 rows
 * in ~2 s instead of 10–15 statements a row): it reads each bus once, places and measures the
 * records in memory with the same rules and pure functions, and writes in multi-row statements.
 * tests/integration/fuel-import-bulk.test.ts proves both leave exactly the same rows.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, lt, or, sql } from 'drizzle-orm'
import { COST_LIMITS, type FuelEntrySource, type FuelFlag, type FuelUnit } from '#catalog/costs.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { formatOdometer, ODOMETER_MAX, type OdometerSource } from '#catalog/odometer.ts'
import { rowsAffected, type Tx } from '#db/client.ts'
import { companies, fuelEntries, odometerReadings, vehicles } from '#db/schema/index.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { AppError } from '../errors.ts'
import { refreshMeterRate } from '../fleet/meter-rate.server.ts'
import { recordOdometerReading } from '../fleet/odometer.server.ts'
import { addMonthCost, addMonthCosts, addMonthFuel, addReadingsMiles, type MonthFuelDelta } from '../rollups/month-rollups.server.ts'
import { fuelFlags, isEnergyUnit, measureAt, OUTLIER_WINDOW, type EfficiencyRecord } from './fuel-efficiency.ts'

/** The fuel type code of an electric bus (catalog/vehicle.ts FUEL_TYPES). */
export const FUEL_TYPE_ELECTRIC = 2
/** A phone's clock may run a little ahead of the server's. */
export const FUEL_FUTURE_SKEW_MS = 5 * 60_000

export const FUEL_TEXT = {
  quantityPositive: msg('Enter a quantity above zero with at most three decimals'),
  quantityTooHigh: msg('The quantity is too high'),
  totalInvalid: msg('Enter an amount of zero or more with at most two decimals'),
  totalTooHigh: msg('The amount of a fill-up is too high'),
  socRange: msg('The state of charge is a whole number from 0 to 100'),
  odometerInvalid: msg('Enter the odometer in whole miles'),
  odometerTooHigh: msg('Odometer is too high'),
  inFuture: msg('The date and time cannot be in the future'),
  energyUnit: msg('This bus is electric: enter the energy in kWh'),
  fuelUnit: msg('This bus takes fuel: enter gallons or litres'),
  vehicleNotFound: msg('Vehicle not found'),
  odometerBelow: msg('The odometer cannot be below {reading}, read before this time'),
  odometerAbove: msg('The odometer cannot be above {reading}, read after this time'),
  odometerBelowLatest: msg('The odometer cannot go back: the latest reading of this vehicle is {latest}'),
} as const

export interface FuelEntryInput {
  vehicleId: number
  companyId: number
  source: FuelEntrySource
  fueledAt: Date
  odometer: number
  quantityMilli: number
  unit: FuelUnit
  totalCents: number
  station: string | null
  card: string | null
  full: boolean
  socBeforePct: number | null
  socAfterPct: number | null
  importId: number | null
  idempotencyKey: string | null
  userId: number | null
  userName: string | null
  /** The input's field that carried the odometer (named in the 400); 'odometer' by default. */
  field?: string
}

export interface InsertedFuelEntry {
  id: number
  efficiencyMilli: number | null
  flags: FuelFlag[]
}

const bad = (field: string, message: string): AppError => new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: message } })

interface BusFacts {
  ownerCompanyId: number
  timeZone: string
  odometer: number | null
  odometerOffset: number
  fuelUnit: FuelUnit | null
  fuelCapacityMilli: number | null
  fuelType: number
}

async function busFacts(tx: Pick<Tx, 'select'>, vehicleId: number): Promise<BusFacts | null> {
  const [row] = await tx
    .select({
      ownerCompanyId: vehicles.ownerCompanyId,
      timeZone: companies.timeZone,
      odometer: vehicles.odometer,
      odometerOffset: vehicles.odometerOffset,
      fuelUnit: vehicles.fuelUnit,
      fuelCapacityMilli: vehicles.fuelCapacityMilli,
      fuelType: vehicles.fuelType,
    })
    .from(vehicles)
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(eq(vehicles.id, vehicleId))
  return row ?? null
}

/** Whether a bus records energy (kWh) rather than fuel: its unit, else its fuel type. */
export function busIsElectric(bus: { fuelUnit: FuelUnit | null; fuelType: number }): boolean {
  return bus.fuelUnit ? bus.fuelUnit === 'kWh' : bus.fuelType === FUEL_TYPE_ELECTRIC
}

interface OdometerPlace {
  /** The record is at or after the latest reading: it joins the odometer history. */
  newest: boolean
  problem: string | null
  /** Corrections after the record's time (their jumps are taken off today's offset for its life miles). */
  correctionsAfter: boolean
}

async function placeOdometer(tx: Pick<Tx, 'select'>, vehicleId: number, latestOdometer: number | null, fueledAt: Date, odometer: number): Promise<OdometerPlace> {
  const [latest] = await tx
    .select({ recordedAt: odometerReadings.recordedAt })
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, vehicleId))
    .orderBy(desc(odometerReadings.recordedAt), desc(odometerReadings.id))
    .limit(1)
  if (!latest || latest.recordedAt.getTime() <= fueledAt.getTime()) {
    const problem =
      latestOdometer !== null && odometer < latestOdometer ? withValues(FUEL_TEXT.odometerBelowLatest, { latest: formatOdometer(latestOdometer) }) : null
    return { newest: true, problem, correctionsAfter: false }
  }
  const [before] = await tx
    .select({ reading: odometerReadings.reading })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.vehicleId, vehicleId), lte(odometerReadings.recordedAt, fueledAt)))
    .orderBy(desc(odometerReadings.recordedAt), desc(odometerReadings.id))
    .limit(1)
  const [after] = await tx
    .select({ reading: odometerReadings.reading, source: odometerReadings.source })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.vehicleId, vehicleId), gt(odometerReadings.recordedAt, fueledAt)))
    .orderBy(asc(odometerReadings.recordedAt), asc(odometerReadings.id))
    .limit(1)
  const [correction] = await tx
    .select({ id: odometerReadings.id })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.vehicleId, vehicleId), gt(odometerReadings.recordedAt, fueledAt), eq(odometerReadings.source, 'correction')))
    .limit(1)
  let problem: string | null = null
  if (before && odometer < before.reading) problem = withValues(FUEL_TEXT.odometerBelow, { reading: formatOdometer(before.reading) })
  // A correction right after starts a new baseline: nothing read after it bounds this record.
  else if (after && after.source !== 'correction' && odometer > after.reading) problem = withValues(FUEL_TEXT.odometerAbove, { reading: formatOdometer(after.reading) })
  return { newest: false, problem, correctionsAfter: !!correction }
}

/**
 * Why an odometer cannot be recorded for a fill-up at `fueledAt` (the message), or null when it
 * fits: the import's preview names it on the row.
 */
export async function fuelOdometerProblem(tx: Pick<Tx, 'select'>, vehicleId: number, fueledAt: Date, odometer: number): Promise<string | null> {
  const [v] = await tx.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, vehicleId))
  if (!v) return FUEL_TEXT.vehicleNotFound
  return (await placeOdometer(tx, vehicleId, v.odometer, fueledAt, odometer)).problem
}

/** The offset (decision 084) in force at `at`: today's offset less the jumps of the corrections made after it. */
async function offsetAt(tx: Pick<Tx, 'select'>, vehicleId: number, currentOffset: number, at: Date): Promise<number> {
  const corrections = await tx
    .select({ id: odometerReadings.id, reading: odometerReadings.reading, recordedAt: odometerReadings.recordedAt })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.vehicleId, vehicleId), gt(odometerReadings.recordedAt, at), eq(odometerReadings.source, 'correction')))
  let offset = currentOffset
  for (const c of corrections) {
    const [prev] = await tx
      .select({ reading: odometerReadings.reading })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.vehicleId, vehicleId), lt(odometerReadings.id, c.id)))
      .orderBy(desc(odometerReadings.id))
      .limit(1)
    if (prev) offset -= prev.reading - c.reading
  }
  return offset
}

/** Checks that need no database: amounts, state of charge, time. Throws a 400 naming the field. */
export function checkFuelValues(e: Pick<FuelEntryInput, 'quantityMilli' | 'totalCents' | 'socBeforePct' | 'socAfterPct' | 'odometer' | 'fueledAt'>, now = new Date()): void {
  if (!Number.isInteger(e.quantityMilli) || e.quantityMilli <= 0) throw bad('quantity', FUEL_TEXT.quantityPositive)
  if (e.quantityMilli > COST_LIMITS.maxQuantityMilli) throw bad('quantity', FUEL_TEXT.quantityTooHigh)
  if (!Number.isInteger(e.totalCents) || e.totalCents < 0) throw bad('total', FUEL_TEXT.totalInvalid)
  if (e.totalCents > COST_LIMITS.maxCents) throw bad('total', FUEL_TEXT.totalTooHigh)
  for (const [field, v] of [
    ['socBefore', e.socBeforePct],
    ['socAfter', e.socAfterPct],
  ] as const) {
    if (v !== null && (!Number.isInteger(v) || v < 0 || v > 100)) throw bad(field, FUEL_TEXT.socRange)
  }
  if (!Number.isInteger(e.odometer) || e.odometer < 0) throw bad('odometer', FUEL_TEXT.odometerInvalid)
  if (e.odometer > ODOMETER_MAX) throw bad('odometer', FUEL_TEXT.odometerTooHigh)
  if (Number.isNaN(e.fueledAt.getTime()) || e.fueledAt.getTime() > now.getTime() + FUEL_FUTURE_SKEW_MS) throw bad('fueledAt', FUEL_TEXT.inFuture)
}

/**
 * Inserts one fill-up or charge inside the caller's transaction (see the file's comment). Throws
 * an AppError (400 with a field error) before writing anything when the record cannot be kept.
 */
export async function insertFuelEntry(tx: Tx, e: FuelEntryInput): Promise<InsertedFuelEntry> {
  const field = e.field ?? 'odometer'
  checkFuelValues(e)
  const bus = await busFacts(tx, e.vehicleId)
  if (!bus) throw new AppError('NOT_FOUND', FUEL_TEXT.vehicleNotFound)
  const electric = busIsElectric(bus)
  if (electric && !isEnergyUnit(e.unit)) throw bad('unit', FUEL_TEXT.energyUnit)
  if (!electric && bus.fuelUnit && isEnergyUnit(e.unit)) throw bad('unit', FUEL_TEXT.fuelUnit)

  const place = await placeOdometer(tx, e.vehicleId, bus.odometer, e.fueledAt, e.odometer)
  if (place.problem) throw bad(field, place.problem)
  const offset = place.correctionsAfter ? await offsetAt(tx, e.vehicleId, bus.odometerOffset, e.fueledAt) : bus.odometerOffset
  const lifeMiles = e.odometer + offset

  const current: EfficiencyRecord = { lifeMiles, quantityMilli: e.quantityMilli, unit: e.unit, full: e.full, socBeforePct: e.socBeforePct, socAfterPct: e.socAfterPct }
  const { efficiencyMilli, measuredMiles, measuredMilli, flags } = await measure(tx, e.vehicleId, e.fueledAt, null, current, bus)

  // Every check passed: write.
  if (place.newest) {
    await recordOdometerReading(tx, { vehicleId: e.vehicleId, reading: e.odometer, source: 'fuel', field, at: e.fueledAt, userId: e.userId, userName: e.userName })
  }
  const fueledOn = todayIn(bus.timeZone, e.fueledAt)
  const [row] = await tx
    .insert(fuelEntries)
    .values({
      vehicleId: e.vehicleId,
      ownerCompanyId: bus.ownerCompanyId,
      companyId: e.companyId,
      source: e.source,
      fueledAt: e.fueledAt,
      fueledOn,
      odometer: e.odometer,
      lifeMiles,
      quantityMilli: e.quantityMilli,
      unit: e.unit,
      totalCents: e.totalCents,
      station: e.station,
      card: e.card,
      full: e.full,
      socBeforePct: e.socBeforePct,
      socAfterPct: e.socAfterPct,
      efficiencyMilli,
      measuredMiles,
      measuredMilli,
      flags,
      importId: e.importId,
      idempotencyKey: e.idempotencyKey,
      recordedByUserId: e.userId,
      recordedByName: e.userName,
    })
    .returning({ id: fuelEntries.id })
  await addMonthCost(tx, { vehicleId: e.vehicleId, ownerCompanyId: bus.ownerCompanyId, payerCompanyId: e.companyId, date: fueledOn, column: 'fuel', cents: e.totalCents })
  const fuelDeltas: MonthFuelDelta[] = []
  if (measuredMiles !== null && measuredMilli !== null) {
    fuelDeltas.push({ vehicleId: e.vehicleId, ownerCompanyId: bus.ownerCompanyId, payerCompanyId: e.companyId, date: fueledOn, energy: energyKind(e.unit), miles: measuredMiles, milli: measuredMilli })
  }
  const again = await remeasureNext(tx, e.vehicleId, e.fueledAt, row!.id, isEnergyUnit(e.unit), bus)
  if (again) fuelDeltas.push(...again)
  await addMonthFuel(tx, fuelDeltas)
  return { id: row!.id, efficiencyMilli, flags }
}

/** How many earlier records of the same kind a measure reads (back to the previous full fill-up among them). */
const EARLIER_LIMIT = 60

const sameKindOf = (energy: boolean) => (energy ? eq(fuelEntries.unit, 'kWh') : or(eq(fuelEntries.unit, 'gal'), eq(fuelEntries.unit, 'L')))

/** A record's efficiency and flags, and what the efficiency was measured over (all null when not measured). */
interface Measured {
  efficiencyMilli: number | null
  measuredMiles: number | null
  measuredMilli: number | null
  flags: FuelFlag[]
}

const energyKind = (unit: FuelUnit) => (isEnergyUnit(unit) ? ('electric' as const) : ('fuel' as const))

/** Whether a record measured again differs from what it holds (efficiency, flags, measured miles and quantity). */
const sameMeasure = (a: Measured, b: Omit<Measured, 'flags'> & { flags: FuelFlag[] | null }) =>
  a.efficiencyMilli === b.efficiencyMilli && a.measuredMiles === b.measuredMiles && a.measuredMilli === b.measuredMilli && a.flags.join() === (b.flags ?? []).join()

/** A record's measure from measureAt(): null columns when it cannot be measured. */
function measuredOf(previous: readonly EfficiencyRecord[], current: EfficiencyRecord, capacityMilli: number | null): Omit<Measured, 'flags'> {
  const m = measureAt(previous, current, capacityMilli)
  return { efficiencyMilli: m?.efficiencyMilli ?? null, measuredMiles: m?.miles ?? null, measuredMilli: m?.quantityMilli ?? null }
}

/** Records of the bus before (`at`, `id`): older, or at the same time with a smaller id (`id` null: every one at `at`). */
const before = (at: Date, id: number | null) =>
  id === null ? lte(fuelEntries.fueledAt, at) : or(lt(fuelEntries.fueledAt, at), and(eq(fuelEntries.fueledAt, at), lt(fuelEntries.id, id)))

/**
 * The efficiency and flags of a record at (`at`, `id`) from the bus's earlier records of the same
 * kind (fuel or energy): back to the previous full fill-up, or the previous charge; the outlier
 * test reads the last 10 efficiencies before it.
 */
async function measure(
  tx: Pick<Tx, 'select'>,
  vehicleId: number,
  at: Date,
  id: number | null,
  current: EfficiencyRecord,
  bus: Pick<BusFacts, 'fuelCapacityMilli' | 'fuelUnit'>,
): Promise<Measured> {
  const energy = isEnergyUnit(current.unit)
  const sameKind = sameKindOf(energy)
  const earlier = await tx
    .select({
      lifeMiles: fuelEntries.lifeMiles,
      quantityMilli: fuelEntries.quantityMilli,
      unit: fuelEntries.unit,
      full: fuelEntries.full,
      socBeforePct: fuelEntries.socBeforePct,
      socAfterPct: fuelEntries.socAfterPct,
    })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.vehicleId, vehicleId), sameKind, before(at, id)))
    .orderBy(desc(fuelEntries.fueledAt), desc(fuelEntries.id))
    .limit(EARLIER_LIMIT)
  const previous: EfficiencyRecord[] = []
  for (const r of earlier) {
    previous.unshift(r)
    // Energy: the previous charge is enough; fuel: back to the previous full fill-up.
    if (energy || r.full) break
  }
  const measured = measuredOf(previous, current, bus.fuelCapacityMilli)
  const { efficiencyMilli } = measured
  const recent = await tx
    .select({ efficiencyMilli: fuelEntries.efficiencyMilli })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.vehicleId, vehicleId), sameKind, isNotNull(fuelEntries.efficiencyMilli), before(at, id)))
    .orderBy(desc(fuelEntries.fueledAt), desc(fuelEntries.id))
    .limit(OUTLIER_WINDOW)
  const flags = fuelFlags({
    quantityMilli: current.quantityMilli,
    unit: current.unit,
    capacityMilli: bus.fuelCapacityMilli,
    capacityUnit: bus.fuelUnit,
    efficiencyMilli,
    recentEfficiencies: recent.map((r) => r.efficiencyMilli!).reverse(),
  })
  return { ...measured, flags }
}

/**
 * A record typed late (a receipt, a card's CSV) changes what the next measured record measured
 * from: the next charge, or the next full fill-up after it. That one record is measured again
 * (the ones after it still measure from their own previous one, which did not change).
 */
async function remeasureNext(
  tx: Tx,
  vehicleId: number,
  at: Date,
  id: number,
  energy: boolean,
  bus: Pick<BusFacts, 'fuelCapacityMilli' | 'fuelUnit'>,
): Promise<MonthFuelDelta[] | null> {
  const [next] = await tx
    .select({
      id: fuelEntries.id,
      ownerCompanyId: fuelEntries.ownerCompanyId,
      companyId: fuelEntries.companyId,
      fueledOn: fuelEntries.fueledOn,
      fueledAt: fuelEntries.fueledAt,
      lifeMiles: fuelEntries.lifeMiles,
      quantityMilli: fuelEntries.quantityMilli,
      unit: fuelEntries.unit,
      full: fuelEntries.full,
      socBeforePct: fuelEntries.socBeforePct,
      socAfterPct: fuelEntries.socAfterPct,
      efficiencyMilli: fuelEntries.efficiencyMilli,
      measuredMiles: fuelEntries.measuredMiles,
      measuredMilli: fuelEntries.measuredMilli,
      flags: fuelEntries.flags,
    })
    .from(fuelEntries)
    .where(
      and(
        eq(fuelEntries.vehicleId, vehicleId),
        sameKindOf(energy),
        energy ? undefined : eq(fuelEntries.full, true),
        or(gt(fuelEntries.fueledAt, at), and(eq(fuelEntries.fueledAt, at), gt(fuelEntries.id, id))),
      ),
    )
    .orderBy(asc(fuelEntries.fueledAt), asc(fuelEntries.id))
    .limit(1)
  if (!next) return null
  const measured = await measure(tx, vehicleId, next.fueledAt, next.id, next, bus)
  if (sameMeasure(measured, next)) return null
  await tx
    .update(fuelEntries)
    .set({ efficiencyMilli: measured.efficiencyMilli, measuredMiles: measured.measuredMiles, measuredMilli: measured.measuredMilli, flags: measured.flags })
    .where(eq(fuelEntries.id, next.id))
  return [fuelDelta({ ...next, vehicleId }, next, measured)]
}

/** What a record measured again adds to its month: the new measure minus the old one. */
function fuelDelta(
  record: { vehicleId: number; ownerCompanyId: number; companyId: number; fueledOn: string; unit: FuelUnit },
  old: { measuredMiles: number | null; measuredMilli: number | null },
  now: { measuredMiles: number | null; measuredMilli: number | null },
): MonthFuelDelta {
  return {
    vehicleId: record.vehicleId,
    ownerCompanyId: record.ownerCompanyId,
    payerCompanyId: record.companyId,
    date: record.fueledOn,
    energy: energyKind(record.unit),
    miles: (now.measuredMiles ?? 0) - (old.measuredMiles ?? 0),
    milli: (now.measuredMilli ?? 0) - (old.measuredMilli ?? 0),
  }
}

// ---------------------------------------------------------------------------------------------
// Many records at once (the fuel card import)

/** One entry's outcome: written, or refused with the AppError insertFuelEntry would have thrown (nothing written for it). */
export type FuelEntryOutcome = { ok: true; entry: InsertedFuelEntry } | { ok: false; error: AppError }

/** A fuel record of a bus as the bulk path holds it: `ord` orders records at the same time as their ids do. */
interface HeldFuel extends EfficiencyRecord {
  ord: number
  at: number
  efficiencyMilli: number | null
  measuredMiles: number | null
  measuredMilli: number | null
  flags: FuelFlag[] | null
  /** An existing record: its id and what it held when loaded (written back only when changed), and its month's key. */
  id: number | null
  loaded: { efficiencyMilli: number | null; measuredMiles: number | null; measuredMilli: number | null; flags: string; ownerCompanyId: number; companyId: number; fueledOn: string } | null
}

interface HeldReading {
  ord: number
  at: number
  reading: number
  source: OdometerSource
}

interface HeldBus extends BusFacts {
  fuel: HeldFuel[]
  readings: HeldReading[]
  /** A correction's jump (the reading before it by id, minus its reading), by the correction's id. */
  jumps: Map<number, number>
  /** The odometer written by the last reading this call added (null: none). */
  newOdometer: number | null
  lastReadingAt: Date | null
}

/** New rows sort after every existing one (their ids will be larger: AUTOINCREMENT), in the order they are written. */
const NEW_ORD = 2 ** 50
/** Rows per INSERT (23 columns × 400 stays far below SQLite's 32,766 bound variables). */
const INSERT_CHUNK = 400
/** Buses per loading query (`IN` lists). */
const BUS_CHUNK = 200

/** The index of the first held row at or after (at, ord) — `ord` Infinity: the first after every row at `at`. */
function firstFrom<T extends { at: number; ord: number }>(list: readonly T[], at: number, ord: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    const m = list[mid]!
    if (m.at < at || (m.at === at && m.ord < ord)) lo = mid + 1
    else hi = mid
  }
  return lo
}

function insertHeld<T extends { at: number; ord: number }>(list: T[], row: T): void {
  list.splice(firstFrom(list, row.at, row.ord), 0, row)
}

/** measure() on held rows: the same records, in the same order, through the same pure functions. */
function measureHeld(bus: HeldBus, at: number, ord: number | null, current: EfficiencyRecord): Measured {
  const energy = isEnergyUnit(current.unit)
  const end = firstFrom(bus.fuel, at, ord ?? Infinity)
  // Walking back over the same kind: `previous` as measure() builds it from its 60 earlier records
  // (back to the previous full fill-up, or the previous charge), `recent` its last measured ones.
  const previous: EfficiencyRecord[] = []
  const recent: number[] = []
  let previousDone = false
  for (let i = end - 1; i >= 0 && (!previousDone || recent.length < OUTLIER_WINDOW); i--) {
    const r = bus.fuel[i]!
    if (isEnergyUnit(r.unit) !== energy) continue
    if (!previousDone) {
      previous.unshift(r)
      previousDone = energy || r.full || previous.length === EARLIER_LIMIT
    }
    if (r.efficiencyMilli !== null && recent.length < OUTLIER_WINDOW) recent.push(r.efficiencyMilli)
  }
  const measured = measuredOf(previous, current, bus.fuelCapacityMilli)
  const flags = fuelFlags({
    quantityMilli: current.quantityMilli,
    unit: current.unit,
    capacityMilli: bus.fuelCapacityMilli,
    capacityUnit: bus.fuelUnit,
    efficiencyMilli: measured.efficiencyMilli,
    recentEfficiencies: recent.reverse(),
  })
  return { ...measured, flags }
}

/** placeOdometer() on held readings. */
function placeHeld(bus: HeldBus, at: number, odometer: number): OdometerPlace {
  const latest = bus.readings.at(-1)
  if (!latest || latest.at <= at) {
    const problem = bus.odometer !== null && odometer < bus.odometer ? withValues(FUEL_TEXT.odometerBelowLatest, { latest: formatOdometer(bus.odometer) }) : null
    return { newest: true, problem, correctionsAfter: false }
  }
  const next = firstFrom(bus.readings, at, Infinity)
  const before = next > 0 ? bus.readings[next - 1] : undefined
  const after = bus.readings[next]
  const correctionsAfter = bus.readings.slice(next).some((r) => r.source === 'correction')
  let problem: string | null = null
  if (before && odometer < before.reading) problem = withValues(FUEL_TEXT.odometerBelow, { reading: formatOdometer(before.reading) })
  else if (after && after.source !== 'correction' && odometer > after.reading) problem = withValues(FUEL_TEXT.odometerAbove, { reading: formatOdometer(after.reading) })
  return { newest: false, problem, correctionsAfter }
}

/** remeasureNext() on held rows: the next measured record after (at, ord) is measured again. */
function remeasureNextHeld(bus: HeldBus, at: number, ord: number, energy: boolean): void {
  for (let i = firstFrom(bus.fuel, at, ord + 1); i < bus.fuel.length; i++) {
    const next = bus.fuel[i]!
    if (isEnergyUnit(next.unit) !== energy || (!energy && !next.full)) continue
    const measured = measureHeld(bus, next.at, next.ord, next)
    if (sameMeasure(measured, next)) return
    next.efficiencyMilli = measured.efficiencyMilli
    next.measuredMiles = measured.measuredMiles
    next.measuredMilli = measured.measuredMilli
    next.flags = measured.flags
    return
  }
}

/**
 * Loads once per bus what insertFuelEntry reads per record, from the bus's `from` (the time of
 * its earliest record in the call) on: every fuel record and reading at or after it, and before
 * it the records the windows can reach (the last 60 of each kind, the last OUTLIER_WINDOW
 * measured ones of each kind) and the last reading. Every window of a record at or after `from`
 * then finds in memory exactly the rows its query would find.
 */
async function holdBuses(tx: Tx, froms: Map<number, number>): Promise<Map<number, HeldBus>> {
  const held = new Map<number, HeldBus>()
  const fuelCols = {
    vehicleId: fuelEntries.vehicleId,
    id: fuelEntries.id,
    fueledAt: fuelEntries.fueledAt,
    lifeMiles: fuelEntries.lifeMiles,
    quantityMilli: fuelEntries.quantityMilli,
    unit: fuelEntries.unit,
    full: fuelEntries.full,
    socBeforePct: fuelEntries.socBeforePct,
    socAfterPct: fuelEntries.socAfterPct,
    efficiencyMilli: fuelEntries.efficiencyMilli,
    measuredMiles: fuelEntries.measuredMiles,
    measuredMilli: fuelEntries.measuredMilli,
    flags: fuelEntries.flags,
    ownerCompanyId: fuelEntries.ownerCompanyId,
    companyId: fuelEntries.companyId,
    fueledOn: fuelEntries.fueledOn,
  }
  const readingCols = { vehicleId: odometerReadings.vehicleId, id: odometerReadings.id, recordedAt: odometerReadings.recordedAt, reading: odometerReadings.reading, source: odometerReadings.source }
  const vehicleIds = [...froms.keys()]
  for (let i = 0; i < vehicleIds.length; i += BUS_CHUNK) {
    const chunk = vehicleIds.slice(i, i + BUS_CHUNK)
    /** The `from` of the bus in `column` (epoch ms), for the correlated queries. */
    const fromOf = (column: typeof vehicles.id) => sql`(CASE ${column} ${sql.join(chunk.map((id) => sql`WHEN ${id} THEN ${froms.get(id)!}`), sql` `)} END)`
    const facts = await tx
      .select({
        id: vehicles.id,
        ownerCompanyId: vehicles.ownerCompanyId,
        timeZone: companies.timeZone,
        odometer: vehicles.odometer,
        odometerOffset: vehicles.odometerOffset,
        fuelUnit: vehicles.fuelUnit,
        fuelCapacityMilli: vehicles.fuelCapacityMilli,
        fuelType: vehicles.fuelType,
      })
      .from(vehicles)
      .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
      .where(inArray(vehicles.id, chunk))
    for (const { id, ...f } of facts) held.set(id, { ...f, fuel: [], readings: [], jumps: new Map(), newOdometer: null, lastReadingAt: null })

    const fuelRows = await tx
      .select(fuelCols)
      .from(fuelEntries)
      .where(or(...chunk.map((id) => and(eq(fuelEntries.vehicleId, id), gte(fuelEntries.fueledAt, new Date(froms.get(id)!))))))
    // Before `from`: per bus and kind, the rows the 60-record and the outlier windows can reach.
    const arm = (energy: boolean, measured: boolean, limit: number) =>
      tx
        .select(fuelCols)
        .from(vehicles)
        .innerJoin(
          fuelEntries,
          sql`${fuelEntries.id} IN (SELECT "x"."id" FROM "fuel_entries" "x" WHERE "x"."vehicle_id" = ${vehicles.id} AND "x"."fueled_at" < ${fromOf(vehicles.id)}
            AND "x"."unit" ${energy ? sql.raw(`= 'kWh'`) : sql.raw(`IN ('gal', 'L')`)} ${measured ? sql.raw(`AND "x"."efficiency_milli" IS NOT NULL`) : sql``}
            ORDER BY "x"."fueled_at" DESC, "x"."id" DESC LIMIT ${limit})`,
        )
        .where(inArray(vehicles.id, chunk))
    for (const q of [arm(false, false, EARLIER_LIMIT), arm(true, false, EARLIER_LIMIT), arm(false, true, OUTLIER_WINDOW), arm(true, true, OUTLIER_WINDOW)]) fuelRows.push(...(await q))
    const seen = new Set<number>()
    for (const r of fuelRows) {
      if (seen.has(r.id)) continue
      seen.add(r.id)
      const bus = held.get(r.vehicleId)
      if (!bus) continue
      bus.fuel.push({
        ord: r.id,
        at: r.fueledAt.getTime(),
        id: r.id,
        lifeMiles: r.lifeMiles,
        quantityMilli: r.quantityMilli,
        unit: r.unit,
        full: r.full,
        socBeforePct: r.socBeforePct,
        socAfterPct: r.socAfterPct,
        efficiencyMilli: r.efficiencyMilli,
        measuredMiles: r.measuredMiles,
        measuredMilli: r.measuredMilli,
        flags: r.flags,
        loaded: {
          efficiencyMilli: r.efficiencyMilli,
          measuredMiles: r.measuredMiles,
          measuredMilli: r.measuredMilli,
          flags: JSON.stringify(r.flags),
          ownerCompanyId: r.ownerCompanyId,
          companyId: r.companyId,
          fueledOn: r.fueledOn,
        },
      })
    }

    const readingRows = await tx
      .select(readingCols)
      .from(odometerReadings)
      .where(or(...chunk.map((id) => and(eq(odometerReadings.vehicleId, id), gte(odometerReadings.recordedAt, new Date(froms.get(id)!))))))
    const lastBefore = await tx
      .select(readingCols)
      .from(vehicles)
      .innerJoin(
        odometerReadings,
        sql`${odometerReadings.id} = (SELECT "x"."id" FROM "odometer_readings" "x" WHERE "x"."vehicle_id" = ${vehicles.id} AND "x"."recorded_at" < ${fromOf(vehicles.id)} ORDER BY "x"."recorded_at" DESC, "x"."id" DESC LIMIT 1)`,
      )
      .where(inArray(vehicles.id, chunk))
    for (const r of [...readingRows, ...lastBefore]) held.get(r.vehicleId)?.readings.push({ ord: r.id, at: r.recordedAt.getTime(), reading: r.reading, source: r.source })
  }
  for (const [vehicleId, bus] of held) {
    const order = (a: { at: number; ord: number }, b: { at: number; ord: number }) => a.at - b.at || a.ord - b.ord
    bus.fuel.sort(order)
    bus.readings.sort(order)
    // A correction after a record's time takes its jump off the record's offset (offsetAt).
    for (const c of bus.readings) {
      if (c.source !== 'correction' || c.at < froms.get(vehicleId)!) continue
      const [prev] = await tx
        .select({ reading: odometerReadings.reading })
        .from(odometerReadings)
        .where(and(eq(odometerReadings.vehicleId, vehicleId), lt(odometerReadings.id, c.ord)))
        .orderBy(desc(odometerReadings.id))
        .limit(1)
      if (prev) bus.jumps.set(c.ord, prev.reading - c.reading)
    }
  }
  return held
}

/**
 * insertFuelEntry for many records in one go (the fuel card import), inside the caller's
 * transaction, with exactly its results: the entries are taken in the given order, each checked
 * and measured as insertFuelEntry would at that point (the bus's facts, readings and nearby
 * records loaded once per bus and kept current in memory), then everything is written at once:
 * multi-row INSERTs of the records and of the readings that join the odometer history, one
 * odometer update and one meter-rate refresh per bus, the monthly costs and miles added up per
 * month, and the existing records measured again when a late record changed what they measure from.
 * A record insertFuelEntry would refuse is returned with the same AppError and writes nothing.
 */
export async function insertFuelEntries(tx: Tx, entries: readonly FuelEntryInput[]): Promise<FuelEntryOutcome[]> {
  const outcomes: (FuelEntryOutcome | null)[] = entries.map((e) => {
    try {
      checkFuelValues(e)
      return null
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err }
      throw err
    }
  })
  const pending = entries.map((e, i) => ({ e, i })).filter(({ i }) => outcomes[i] === null)
  if (pending.length === 0) return outcomes as FuelEntryOutcome[]
  const froms = new Map<number, number>()
  for (const { e } of pending) froms.set(e.vehicleId, Math.min(froms.get(e.vehicleId) ?? Infinity, e.fueledAt.getTime()))
  const buses = await holdBuses(tx, froms)

  type Written = { e: FuelEntryInput; index: number; bus: HeldBus; held: HeldFuel; fueledOn: string }
  const written: Written[] = []
  const readings: { e: FuelEntryInput; previous: number | null }[] = []
  let ord = NEW_ORD
  const days = new Map<string, string>()
  for (const { e, i } of pending) {
    const field = e.field ?? 'odometer'
    const bus = buses.get(e.vehicleId)
    if (!bus) {
      outcomes[i] = { ok: false, error: new AppError('NOT_FOUND', FUEL_TEXT.vehicleNotFound) }
      continue
    }
    const electric = busIsElectric(bus)
    if (electric && !isEnergyUnit(e.unit)) {
      outcomes[i] = { ok: false, error: bad('unit', FUEL_TEXT.energyUnit) }
      continue
    }
    if (!electric && bus.fuelUnit && isEnergyUnit(e.unit)) {
      outcomes[i] = { ok: false, error: bad('unit', FUEL_TEXT.fuelUnit) }
      continue
    }
    const at = e.fueledAt.getTime()
    const place = placeHeld(bus, at, e.odometer)
    if (place.problem) {
      outcomes[i] = { ok: false, error: bad(field, place.problem) }
      continue
    }
    let offset = bus.odometerOffset
    if (place.correctionsAfter) for (const c of bus.readings) if (c.source === 'correction' && c.at > at) offset -= bus.jumps.get(c.ord) ?? 0
    const current: EfficiencyRecord = { lifeMiles: e.odometer + offset, quantityMilli: e.quantityMilli, unit: e.unit, full: e.full, socBeforePct: e.socBeforePct, socAfterPct: e.socAfterPct }
    const { efficiencyMilli, measuredMiles, measuredMilli, flags } = measureHeld(bus, at, null, current)

    if (place.newest) {
      readings.push({ e, previous: bus.odometer })
      insertHeld(bus.readings, { ord: ord++, at, reading: e.odometer, source: 'fuel' })
      bus.odometer = e.odometer
      bus.newOdometer = e.odometer
      bus.lastReadingAt = e.fueledAt
    }
    const held: HeldFuel = { ...current, ord: ord++, at, efficiencyMilli, measuredMiles, measuredMilli, flags, id: null, loaded: null }
    insertHeld(bus.fuel, held)
    // A card's file repeats the same times (every bus at 05:30): each instant's date is worked out once.
    const dayKey = `${bus.timeZone}|${at}`
    let fueledOn = days.get(dayKey)
    if (fueledOn === undefined) days.set(dayKey, (fueledOn = todayIn(bus.timeZone, e.fueledAt)))
    written.push({ e, index: i, bus, held, fueledOn })
    outcomes[i] = { ok: true, entry: { id: 0, efficiencyMilli, flags } }
    remeasureNextHeld(bus, at, held.ord, isEnergyUnit(e.unit))
  }

  // Every record is placed: write. Records and readings in the order insertFuelEntry would have written them.
  for (let i = 0; i < written.length; i += INSERT_CHUNK) {
    const chunk = written.slice(i, i + INSERT_CHUNK)
    const rows = await tx
      .insert(fuelEntries)
      .values(
        chunk.map(({ e, bus, held, fueledOn }) => ({
          vehicleId: e.vehicleId,
          ownerCompanyId: bus.ownerCompanyId,
          companyId: e.companyId,
          source: e.source,
          fueledAt: e.fueledAt,
          fueledOn,
          odometer: e.odometer,
          lifeMiles: held.lifeMiles,
          quantityMilli: e.quantityMilli,
          unit: e.unit,
          totalCents: e.totalCents,
          station: e.station,
          card: e.card,
          full: e.full,
          socBeforePct: e.socBeforePct,
          socAfterPct: e.socAfterPct,
          // A later record of this call may have measured it again (remeasureNext).
          efficiencyMilli: held.efficiencyMilli,
          measuredMiles: held.measuredMiles,
          measuredMilli: held.measuredMilli,
          flags: held.flags,
          importId: e.importId,
          idempotencyKey: e.idempotencyKey,
          recordedByUserId: e.userId,
          recordedByName: e.userName,
        })),
      )
      .returning({ id: fuelEntries.id })
    // AUTOINCREMENT hands the ids out in the order of the VALUES.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b)
    chunk.forEach((w, k) => {
      const outcome = outcomes[w.index]
      if (outcome?.ok) outcome.entry.id = ids[k]!
    })
  }
  for (let i = 0; i < readings.length; i += INSERT_CHUNK) {
    await tx.insert(odometerReadings).values(
      readings.slice(i, i + INSERT_CHUNK).map(({ e }) => ({
        vehicleId: e.vehicleId,
        reading: e.odometer,
        source: 'fuel' as const,
        recordedAt: e.fueledAt,
        recordedByUserId: e.userId,
        recordedByName: e.userName,
        preInspectionId: null,
        inspectionId: null,
      })),
    )
  }
  for (const [vehicleId, bus] of buses) {
    if (bus.newOdometer === null || !bus.lastReadingAt) continue
    // The odometer never goes back (recordOdometerReading's conditional update), once per bus.
    const moved = await tx
      .update(vehicles)
      .set({ odometer: bus.newOdometer })
      .where(and(eq(vehicles.id, vehicleId), or(isNull(vehicles.odometer), lte(vehicles.odometer, bus.newOdometer))))
    // Cannot happen: the odometer was read in this transaction and the readings only go up from it.
    if (rowsAffected(moved) !== 1) throw new Error(`The odometer of vehicle ${vehicleId} changed during the write`)
  }
  await addReadingsMiles(
    tx,
    readings.map(({ e, previous }) => ({ vehicleId: e.vehicleId, previous, reading: e.odometer, at: e.fueledAt })),
  )
  await addMonthCosts(
    tx,
    written.map(({ e, bus, fueledOn }) => ({ vehicleId: e.vehicleId, ownerCompanyId: bus.ownerCompanyId, payerCompanyId: e.companyId, date: fueledOn, column: 'fuel' as const, cents: e.totalCents })),
  )
  for (const [vehicleId, bus] of buses) if (bus.lastReadingAt) await refreshMeterRate(tx, 'odometer', vehicleId, bus.lastReadingAt)
  // The measures: each new record's as it was finally measured, and for each existing record a
  // late record changed the measure of, the new one minus the one it held.
  const fuelDeltas: MonthFuelDelta[] = []
  for (const { e, bus, held, fueledOn } of written) {
    fuelDeltas.push(fuelDelta({ vehicleId: e.vehicleId, ownerCompanyId: bus.ownerCompanyId, companyId: e.companyId, fueledOn, unit: e.unit }, { measuredMiles: null, measuredMilli: null }, held))
  }
  for (const [vehicleId, bus] of buses) {
    for (const r of bus.fuel) {
      if (r.id === null || !r.loaded) continue
      const l = r.loaded
      if (r.efficiencyMilli === l.efficiencyMilli && r.measuredMiles === l.measuredMiles && r.measuredMilli === l.measuredMilli && JSON.stringify(r.flags) === l.flags) continue
      await tx.update(fuelEntries).set({ efficiencyMilli: r.efficiencyMilli, measuredMiles: r.measuredMiles, measuredMilli: r.measuredMilli, flags: r.flags }).where(eq(fuelEntries.id, r.id))
      fuelDeltas.push(fuelDelta({ vehicleId, ownerCompanyId: l.ownerCompanyId, companyId: l.companyId, fueledOn: l.fueledOn, unit: r.unit }, l, r))
    }
  }
  await addMonthFuel(tx, fuelDeltas)
  return outcomes as FuelEntryOutcome[]
}
