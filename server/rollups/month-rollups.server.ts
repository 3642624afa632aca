/**
 * The monthly rollups behind cost per mile (issue 36, decision 085), kept current inside the
 * transaction of every write that changes them: a cost line, a fuel record, a service record's
 * cost, an odometer reading. A shared room (db and catalog only), so fleet, repairs, maintenance
 * and costs can all write through it without pointing at each other. Cost per mile then is a sum
 * over `vehicle_month_costs` and `vehicle_month_miles`, never a scan of the records.
 */
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, vehicleMonthCosts, vehicleMonthMiles, vehicles } from '#db/schema/index.ts'
import { todayIn } from '../access/vehicle-access.server.ts'

/** 'YYYY-MM' of a date 'YYYY-MM-DD'. */
export const monthOfDate = (date: string): string => date.slice(0, 7)

/** The bus's owner and the owner's time zone (the month a cost or a reading counts in is the owner's). */
export async function vehicleOwnerZone(tx: Pick<Tx, 'select'>, vehicleId: number): Promise<{ ownerCompanyId: number; timeZone: string } | null> {
  const [row] = await tx
    .select({ ownerCompanyId: vehicles.ownerCompanyId, timeZone: companies.timeZone })
    .from(vehicles)
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(eq(vehicles.id, vehicleId))
  return row ?? null
}

/** The owner's calendar date of an instant for a bus ('YYYY-MM-DD'). */
export async function ownerDateOf(tx: Pick<Tx, 'select'>, vehicleId: number, at: Date): Promise<string> {
  const owner = await vehicleOwnerZone(tx, vehicleId)
  return todayIn(owner?.timeZone, at)
}

export type CostColumn = 'repair' | 'service' | 'fuel'

/**
 * Adds `cents` (negative to take away: a line removed or changed) to a bus's month for one payer.
 * `date` is the record's own date in the owner's time zone ('YYYY-MM-DD').
 */
export async function addMonthCost(
  tx: Tx,
  c: { vehicleId: number; ownerCompanyId: number; payerCompanyId: number; date: string; column: CostColumn; cents: number },
): Promise<void> {
  if (c.cents === 0) return
  const col = c.column === 'repair' ? vehicleMonthCosts.repairCents : c.column === 'service' ? vehicleMonthCosts.serviceCents : vehicleMonthCosts.fuelCents
  const key = c.column === 'repair' ? 'repairCents' : c.column === 'service' ? 'serviceCents' : 'fuelCents'
  await tx
    .insert(vehicleMonthCosts)
    .values({ vehicleId: c.vehicleId, month: monthOfDate(c.date), payerCompanyId: c.payerCompanyId, ownerCompanyId: c.ownerCompanyId, [key]: c.cents })
    .onConflictDoUpdate({
      target: [vehicleMonthCosts.vehicleId, vehicleMonthCosts.month, vehicleMonthCosts.payerCompanyId],
      set: { [key]: sql`${col} + ${c.cents}` },
    })
}

/**
 * Adds the miles of one odometer reading to the month it was taken in (the owner's time zone):
 * the step from the bus's previous reading. The first reading (no previous) and an owner's
 * correction add nothing; callers pass `previous` as the odometer before the reading.
 */
export async function addReadingMiles(tx: Tx, r: { vehicleId: number; previous: number | null; reading: number; at: Date }): Promise<void> {
  if (r.previous === null || r.reading <= r.previous) return
  const owner = await vehicleOwnerZone(tx, r.vehicleId)
  if (!owner) return
  const miles = r.reading - r.previous
  await tx
    .insert(vehicleMonthMiles)
    .values({ vehicleId: r.vehicleId, month: monthOfDate(todayIn(owner.timeZone, r.at)), ownerCompanyId: owner.ownerCompanyId, miles })
    .onConflictDoUpdate({ target: [vehicleMonthMiles.vehicleId, vehicleMonthMiles.month], set: { miles: sql`${vehicleMonthMiles.miles} + ${miles}` } })
}
