/**
 * The odometer never rolls back (issue 10). Every reading is kept with its source and time in
 * `odometer_readings`; `vehicles.odometer` mirrors the latest. A reading below the latest is
 * refused with a clear message; only an owner's correction (with a reason) may go lower, and
 * it starts a new baseline.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { formatOdometer, type OdometerSource } from '#catalog/odometer.ts'
import { rowsAffected, type Tx } from '#db/client.ts'
import { companies, odometerReadings, vehicles } from '#db/schema/index.ts'
import { AppError } from '../errors.ts'
import { msg } from '#catalog/i18n.ts'
import { addReadingMiles } from '../rollups/month-rollups.server.ts'
import { refreshMeterRate } from './meter-rate.server.ts'

export interface OdometerReadingInput {
  vehicleId: number
  reading: number
  source: Exclude<OdometerSource, 'correction'>
  /** The field of the caller's input that carried the reading (named in the 400). */
  field: string
  at: Date
  userId: number | null
  userName: string | null
  preInspectionId?: number | null
  inspectionId?: number | null
}

/** The message of a refused reading, naming the latest. */
export function odometerBelowLatestMessage(latest: number): string {
  return `The odometer cannot go back: the latest reading of this vehicle is ${formatOdometer(latest)}. If the odometer was replaced, the owner can record a correction.`
}

/**
 * Keeps a reading inside the caller's transaction. The conditional update makes the check and
 * the write one step, so two filings at once cannot both pass a stale check.
 */
export async function recordOdometerReading(tx: Tx, r: OdometerReadingInput): Promise<void> {
  // The step from the previous reading counts in this month's miles (decision 085).
  const [before] = await tx
    .select({ odometer: vehicles.odometer, ownerCompanyId: vehicles.ownerCompanyId, timeZone: companies.timeZone })
    .from(vehicles)
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(eq(vehicles.id, r.vehicleId))
  const moved = await tx
    .update(vehicles)
    .set({ odometer: r.reading })
    .where(and(eq(vehicles.id, r.vehicleId), or(isNull(vehicles.odometer), lte(vehicles.odometer, r.reading))))
  if (rowsAffected(moved) !== 1) {
    const [v] = await tx.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, r.vehicleId))
    if (!v) throw new AppError('NOT_FOUND', msg('Vehicle not found'))
    const message = odometerBelowLatestMessage(v.odometer ?? 0)
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { [r.field]: message } })
  }
  await tx.insert(odometerReadings).values({
    vehicleId: r.vehicleId,
    reading: r.reading,
    source: r.source,
    recordedAt: r.at,
    recordedByUserId: r.userId,
    recordedByName: r.userName,
    preInspectionId: r.preInspectionId ?? null,
    inspectionId: r.inspectionId ?? null,
  })
  await addReadingMiles(tx, { vehicleId: r.vehicleId, previous: before?.odometer ?? null, reading: r.reading, at: r.at, owner: before })
  await refreshMeterRate(tx, 'odometer', r.vehicleId, r.at)
}

/**
 * An owner's correction (for example an odometer replaced): any value, a reason, a new baseline.
 * Its jump (the odometer before it minus the corrected reading) is added to `odometer_offset` in
 * the same statement (SQLite reads the row's old values on the right-hand side), so the life miles
 * (`odometer + odometer_offset`, decision 084) never go back and a service interval that spans the
 * correction counts the miles really driven.
 */
export async function recordOdometerCorrection(
  tx: Tx,
  r: { vehicleId: number; reading: number; reason: string; at: Date; userId: number; userName: string | null },
): Promise<void> {
  await tx
    .update(vehicles)
    .set({ odometer: r.reading, odometerOffset: sql`${vehicles.odometerOffset} + coalesce(${vehicles.odometer}, ${r.reading}) - ${r.reading}` })
    .where(eq(vehicles.id, r.vehicleId))
  await tx.insert(odometerReadings).values({
    vehicleId: r.vehicleId,
    reading: r.reading,
    source: 'correction',
    recordedAt: r.at,
    recordedByUserId: r.userId,
    recordedByName: r.userName,
    reason: r.reason,
  })
  await refreshMeterRate(tx, 'odometer', r.vehicleId, r.at)
}

/** A vehicle's readings, newest first (the history shown to the owner), without access checks. */
export function selectOdometerHistory(tx: Pick<Tx, 'select'>, vehicleId: number, limit = 100) {
  return tx
    .select({
      id: odometerReadings.id,
      reading: odometerReadings.reading,
      source: odometerReadings.source,
      recordedAt: odometerReadings.recordedAt,
      recordedByName: odometerReadings.recordedByName,
      reason: odometerReadings.reason,
      preInspectionId: odometerReadings.preInspectionId,
      inspectionId: odometerReadings.inspectionId,
    })
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, vehicleId))
    .orderBy(desc(odometerReadings.id))
    .limit(limit)
}
