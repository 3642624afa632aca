/**
 * Miles and engine hours a day (issue 35, decision 084): drawn from the bus's own readings of the
 * last PROJECTION_WINDOW_DAYS and written on the vehicle with each reading (`miles_per_day`,
 * `hours_per_day`), so the due list projects a mileage or hours task's due date without reading
 * any history.
 *
 * Life meters of an old reading: a reading row keeps only the meter as shown, not the offset of
 * its time. Rather than rebuilding each reading's offset, the query walks the readings in id order
 * and adds the step from each reading to the next, counting a `correction` (or an engine `reset`)
 * as a step of 0 — exactly what its jump added to the offset does to the life meter (life =
 * shown + offset stays put across a correction). So a window that spans a correction counts only
 * the miles really driven on both sides of it, and no offset history is needed.
 *
 * Cost: one statement over the newest METER_RATE_ROWS readings of the bus through the
 * (vehicle_id, id) index, never the whole table nor a bus's whole history. A bus with more readings
 * than that in the window gets the rate of its newest ones (still its recent pace).
 */
import { eq, sql } from 'drizzle-orm'
import { PROJECTION_WINDOW_DAYS } from '#catalog/maintenance.ts'
import type { Tx } from '#db/client.ts'
import { vehicles } from '#db/schema/index.ts'

/** At most this many newest readings are looked at (about 10 a day over the window). */
export const METER_RATE_ROWS = 1000
const DAY_MS = 86_400_000

export type Meter = 'odometer' | 'engineHours'

const TABLES = {
  odometer: { table: sql.raw('"odometer_readings"'), baselines: sql.raw(`('correction')`) },
  engineHours: { table: sql.raw('"engine_hour_readings"'), baselines: sql.raw(`('correction', 'reset')`) },
} as const

/**
 * The meter's units a day over the window ending at `at`: (life meter at the latest reading − life
 * meter at the earliest reading in the window) / days between them. Null with fewer than 2 readings
 * in the window or less than a day between the first and the last.
 */
export async function meterRate(tx: Pick<Tx, 'all'>, meter: Meter, vehicleId: number, at: Date): Promise<number | null> {
  const { table, baselines } = TABLES[meter]
  const since = at.getTime() - PROJECTION_WINDOW_DAYS * DAY_MS
  const [row] = await tx.all<{ n: number; firstAt: number | null; lastAt: number | null; driven: number | null }>(sql`
    WITH recent AS (
      SELECT "id", "reading", "source", "recorded_at" FROM ${table}
      WHERE "vehicle_id" = ${vehicleId} ORDER BY "id" DESC LIMIT ${METER_RATE_ROWS}
    ), steps AS (
      SELECT "id", "recorded_at",
        CASE WHEN "source" IN ${baselines} THEN 0 ELSE "reading" - LAG("reading") OVER (ORDER BY "id") END AS "step"
      FROM recent
    ), win AS (
      SELECT "id", "recorded_at", "step" FROM steps WHERE "recorded_at" >= ${since}
    )
    SELECT
      (SELECT count(*) FROM win) AS "n",
      (SELECT "recorded_at" FROM win ORDER BY "id" ASC LIMIT 1) AS "firstAt",
      (SELECT "recorded_at" FROM win ORDER BY "id" DESC LIMIT 1) AS "lastAt",
      (SELECT sum("step") FROM win WHERE "id" > (SELECT min("id") FROM win)) AS "driven"
  `)
  if (!row || Number(row.n) < 2 || row.firstAt === null || row.lastAt === null) return null
  const days = (Number(row.lastAt) - Number(row.firstAt)) / DAY_MS
  if (days < 1) return null
  const rate = Math.max(0, Number(row.driven ?? 0)) / days
  return Math.round(rate * 100) / 100
}

/** Writes the vehicle's `miles_per_day` (odometer) or `hours_per_day` (engine hours) from its recent readings. */
export async function refreshMeterRate(tx: Tx, meter: Meter, vehicleId: number, at: Date): Promise<number | null> {
  const rate = await meterRate(tx, meter, vehicleId, at)
  await tx
    .update(vehicles)
    .set(meter === 'odometer' ? { milesPerDay: rate } : { hoursPerDay: rate })
    .where(eq(vehicles.id, vehicleId))
  return rate
}
