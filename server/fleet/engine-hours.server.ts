/**
 * Engine hours, the second meter (issue 35, decision 084), with the odometer's rules: every
 * reading is kept with its source and time in `engine_hour_readings`; `vehicles.engine_hours`
 * mirrors the latest. A reading below the latest since the last correction or reset is refused
 * with a message naming the latest; only an owner's correction (a misread meter) or reset (an
 * engine replaced), with a reason, may go lower, and it starts a new baseline. Its jump is added
 * to `engine_hours_offset`, so life hours (`engine_hours + engine_hours_offset`) never go back.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { EngineHoursSource } from '#catalog/maintenance.ts'
import { rowsAffected, type Tx } from '#db/client.ts'
import { engineHourReadings, vehicles } from '#db/schema/index.ts'
import { AppError } from '../errors.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { refreshMeterRate } from './meter-rate.server.ts'

/** Engine hours as pages, mails and messages show them: "1,234.5 h". */
export function formatEngineHours(hours: number, locale: 'en' | 'es' = 'en'): string {
  return `${hours.toLocaleString(locale === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 1 })} h`
}

/** The message of a refused reading, naming the latest. */
export function engineHoursBelowLatestMessage(latest: number): string {
  return withValues(
    msg('Engine hours cannot go back: the latest reading of this vehicle is {latest}. If the hour meter was misread or the engine replaced, the owner can record a correction.'),
    { latest: formatEngineHours(latest) },
  )
}

export interface EngineHoursReadingInput {
  vehicleId: number
  reading: number
  source: Exclude<EngineHoursSource, 'correction' | 'reset'>
  /** The field of the caller's input that carried the reading (named in the 400). */
  field: string
  at: Date
  userId: number | null
  userName: string | null
  preInspectionId?: number | null
  inspectionId?: number | null
}

/** Stored with one decimal. */
const tenth = (v: number) => Math.round(v * 10) / 10

/**
 * Keeps a reading inside the caller's transaction. The conditional update makes the check and the
 * write one step, so two filings at once cannot both pass a stale check. Refreshes `hours_per_day`.
 */
export async function recordEngineHoursReading(tx: Tx, r: EngineHoursReadingInput): Promise<void> {
  const reading = tenth(r.reading)
  const moved = await tx
    .update(vehicles)
    .set({ engineHours: reading })
    .where(and(eq(vehicles.id, r.vehicleId), or(isNull(vehicles.engineHours), lte(vehicles.engineHours, reading))))
  if (rowsAffected(moved) !== 1) {
    const [v] = await tx.select({ engineHours: vehicles.engineHours }).from(vehicles).where(eq(vehicles.id, r.vehicleId))
    if (!v) throw new AppError('NOT_FOUND', msg('Vehicle not found'))
    const message = engineHoursBelowLatestMessage(v.engineHours ?? 0)
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { [r.field]: message } })
  }
  await tx.insert(engineHourReadings).values({
    vehicleId: r.vehicleId,
    reading,
    source: r.source,
    recordedAt: r.at,
    recordedByUserId: r.userId,
    recordedByName: r.userName,
    preInspectionId: r.preInspectionId ?? null,
    inspectionId: r.inspectionId ?? null,
  })
  await refreshMeterRate(tx, 'engineHours', r.vehicleId, r.at)
}

/**
 * An owner's correction (a misread meter) or reset (an engine replaced): any value, a reason, a
 * new baseline. The jump (hours before minus the new reading) is added to `engine_hours_offset`
 * in the same statement, so life hours never go back.
 */
export async function recordEngineHoursCorrection(
  tx: Tx,
  r: { vehicleId: number; reading: number; reset: boolean; reason: string; at: Date; userId: number | null; userName: string | null },
): Promise<void> {
  const reading = tenth(r.reading)
  await tx
    .update(vehicles)
    .set({
      engineHours: reading,
      engineHoursOffset: sql`round(${vehicles.engineHoursOffset} + coalesce(${vehicles.engineHours}, ${reading}) - ${reading}, 1)`,
    })
    .where(eq(vehicles.id, r.vehicleId))
  await tx.insert(engineHourReadings).values({
    vehicleId: r.vehicleId,
    reading,
    source: r.reset ? 'reset' : 'correction',
    recordedAt: r.at,
    recordedByUserId: r.userId,
    recordedByName: r.userName,
    reason: r.reason,
  })
  await refreshMeterRate(tx, 'engineHours', r.vehicleId, r.at)
}

/** A vehicle's engine-hour readings, newest first, without access checks. */
export function selectEngineHoursHistory(tx: Pick<Tx, 'select'>, vehicleId: number, limit = 100) {
  return tx
    .select({
      id: engineHourReadings.id,
      reading: engineHourReadings.reading,
      source: engineHourReadings.source,
      recordedAt: engineHourReadings.recordedAt,
      recordedByName: engineHourReadings.recordedByName,
      reason: engineHourReadings.reason,
      preInspectionId: engineHourReadings.preInspectionId,
      inspectionId: engineHourReadings.inspectionId,
    })
    .from(engineHourReadings)
    .where(eq(engineHourReadings.vehicleId, vehicleId))
    .orderBy(desc(engineHourReadings.id))
    .limit(limit)
}
