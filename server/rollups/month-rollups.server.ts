/**
 * The monthly rollups behind cost per mile (issue 36, decision 085), kept current inside the
 * transaction of every write that changes them: a cost line, a fuel record, a service record's
 * cost, an odometer reading, a fuel record's measure. A shared room (db and catalog only), so fleet, repairs, maintenance
 * and costs can all write through it without pointing at each other. Cost per mile then is a sum
 * over `vehicle_month_costs` and `vehicle_month_miles`, never a scan of the records.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, vehicleMonthCosts, vehicleMonthFuel, vehicleMonthMiles, vehicles, type FuelEnergyKind } from '#db/schema/index.ts'
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
export async function addReadingMiles(
  tx: Tx,
  r: { vehicleId: number; previous: number | null; reading: number; at: Date; owner?: { ownerCompanyId: number; timeZone: string } },
): Promise<void> {
  if (r.previous === null || r.reading <= r.previous) return
  // A caller that read the bus already passes its owner and zone: one statement fewer on the pre-trip's path.
  const owner = r.owner ?? (await vehicleOwnerZone(tx, r.vehicleId))
  if (!owner) return
  const miles = r.reading - r.previous
  await tx
    .insert(vehicleMonthMiles)
    .values({ vehicleId: r.vehicleId, month: monthOfDate(todayIn(owner.timeZone, r.at)), ownerCompanyId: owner.ownerCompanyId, miles })
    .onConflictDoUpdate({ target: [vehicleMonthMiles.vehicleId, vehicleMonthMiles.month], set: { miles: sql`${vehicleMonthMiles.miles} + ${miles}` } })
}

/** Rows a bulk upsert carries per statement (well under SQLite's 32,766 bound variables). */
const ROLLUP_CHUNK = 500

/**
 * Many addMonthCost calls at once (a fuel card import): the same meaning, with one upsert per
 * (bus, month, payer, column) holding the key's cents added up. A key whose every amount is 0
 * writes nothing, as addMonthCost does.
 */
export async function addMonthCosts(
  tx: Tx,
  items: readonly { vehicleId: number; ownerCompanyId: number; payerCompanyId: number; date: string; column: CostColumn; cents: number }[],
): Promise<void> {
  const byColumn = new Map<CostColumn, Map<string, { vehicleId: number; month: string; payerCompanyId: number; ownerCompanyId: number; cents: number }>>()
  for (const c of items) {
    if (c.cents === 0) continue
    let keys = byColumn.get(c.column)
    if (!keys) byColumn.set(c.column, (keys = new Map()))
    const month = monthOfDate(c.date)
    const k = `${c.vehicleId}|${month}|${c.payerCompanyId}`
    const row = keys.get(k)
    if (row) row.cents += c.cents
    else keys.set(k, { vehicleId: c.vehicleId, month, payerCompanyId: c.payerCompanyId, ownerCompanyId: c.ownerCompanyId, cents: c.cents })
  }
  for (const [column, keys] of byColumn) {
    const name = column === 'repair' ? 'repair_cents' : column === 'service' ? 'service_cents' : 'fuel_cents'
    const col = column === 'repair' ? vehicleMonthCosts.repairCents : column === 'service' ? vehicleMonthCosts.serviceCents : vehicleMonthCosts.fuelCents
    const key = column === 'repair' ? 'repairCents' : column === 'service' ? 'serviceCents' : 'fuelCents'
    const rows = [...keys.values()]
    for (let i = 0; i < rows.length; i += ROLLUP_CHUNK) {
      await tx
        .insert(vehicleMonthCosts)
        .values(rows.slice(i, i + ROLLUP_CHUNK).map((r) => ({ vehicleId: r.vehicleId, month: r.month, payerCompanyId: r.payerCompanyId, ownerCompanyId: r.ownerCompanyId, [key]: r.cents })))
        .onConflictDoUpdate({
          target: [vehicleMonthCosts.vehicleId, vehicleMonthCosts.month, vehicleMonthCosts.payerCompanyId],
          set: { [key]: sql`${col} + ${sql.raw(`excluded."${name}"`)}` },
        })
    }
  }
}

/**
 * Many addReadingMiles calls at once (a fuel card import's readings): each reading's step from
 * its `previous` is added to its month exactly as addReadingMiles adds it, with the owner's time
 * zone read once per bus and one upsert per (bus, month).
 */
export async function addReadingsMiles(tx: Tx, readings: readonly { vehicleId: number; previous: number | null; reading: number; at: Date }[]): Promise<void> {
  const owners = new Map<number, { ownerCompanyId: number; timeZone: string } | null>()
  const keys = new Map<string, { vehicleId: number; month: string; ownerCompanyId: number; miles: number }>()
  for (const r of readings) {
    if (r.previous === null || r.reading <= r.previous) continue
    if (!owners.has(r.vehicleId)) owners.set(r.vehicleId, await vehicleOwnerZone(tx, r.vehicleId))
    const owner = owners.get(r.vehicleId)
    if (!owner) continue
    const month = monthOfDate(todayIn(owner.timeZone, r.at))
    const k = `${r.vehicleId}|${month}`
    const row = keys.get(k)
    if (row) row.miles += r.reading - r.previous
    else keys.set(k, { vehicleId: r.vehicleId, month, ownerCompanyId: owner.ownerCompanyId, miles: r.reading - r.previous })
  }
  const rows = [...keys.values()]
  for (let i = 0; i < rows.length; i += ROLLUP_CHUNK) {
    await tx
      .insert(vehicleMonthMiles)
      .values(rows.slice(i, i + ROLLUP_CHUNK))
      .onConflictDoUpdate({ target: [vehicleMonthMiles.vehicleId, vehicleMonthMiles.month], set: { miles: sql`${vehicleMonthMiles.miles} + excluded."miles"` } })
  }
}

/** A change of a fuel record's measure: what it adds to (or, negative, takes from) its bus × month × payer × kind. */
export interface MonthFuelDelta {
  vehicleId: number
  ownerCompanyId: number
  /** fuel_entries.company_id. */
  payerCompanyId: number
  /** The record's `fueled_on` ('YYYY-MM-DD', the owner's time zone). */
  date: string
  energy: FuelEnergyKind
  /** Measured miles and quantity (thousandths) added: the new measure minus the old one. */
  miles: number
  milli: number
}

/**
 * Adds fuel records' measures to `vehicle_month_fuel` (decision 085), in the transaction that
 * writes them: a record measured adds its miles and quantity; a record measured again adds the
 * new measure minus the old one. Bulk-friendly: the deltas are added up per key and written with
 * one upsert per key; a key whose sums come back to zero is removed, so the table holds the same
 * rows whether the records were written one at a time or in one call.
 */
export async function addMonthFuel(tx: Tx, items: readonly MonthFuelDelta[]): Promise<void> {
  const keys = new Map<string, { vehicleId: number; month: string; payerCompanyId: number; ownerCompanyId: number; energy: FuelEnergyKind; miles: number; milli: number; takes: boolean }>()
  for (const d of items) {
    if (d.miles === 0 && d.milli === 0) continue
    const month = monthOfDate(d.date)
    const k = `${d.vehicleId}|${month}|${d.payerCompanyId}|${d.energy}`
    const row = keys.get(k)
    const takes = d.miles < 0 || d.milli < 0
    if (row) {
      row.miles += d.miles
      row.milli += d.milli
      row.takes ||= takes
    } else keys.set(k, { vehicleId: d.vehicleId, month, payerCompanyId: d.payerCompanyId, ownerCompanyId: d.ownerCompanyId, energy: d.energy, miles: d.miles, milli: d.milli, takes })
  }
  const rows = [...keys.values()]
  const changed = rows.filter((r) => r.miles !== 0 || r.milli !== 0)
  for (let i = 0; i < changed.length; i += ROLLUP_CHUNK) {
    await tx
      .insert(vehicleMonthFuel)
      .values(
        changed.slice(i, i + ROLLUP_CHUNK).map((r) => ({
          vehicleId: r.vehicleId,
          month: r.month,
          payerCompanyId: r.payerCompanyId,
          ownerCompanyId: r.ownerCompanyId,
          energy: r.energy,
          measuredMiles: r.miles,
          measuredMilli: r.milli,
        })),
      )
      .onConflictDoUpdate({
        target: [vehicleMonthFuel.vehicleId, vehicleMonthFuel.month, vehicleMonthFuel.payerCompanyId, vehicleMonthFuel.energy],
        set: {
          measuredMiles: sql`${vehicleMonthFuel.measuredMiles} + excluded."measured_miles"`,
          measuredMilli: sql`${vehicleMonthFuel.measuredMilli} + excluded."measured_milli"`,
        },
      })
  }
  // Only a key something was taken from can have come back to zero.
  for (const r of rows) {
    if (!r.takes) continue
    await tx
      .delete(vehicleMonthFuel)
      .where(
        and(
          eq(vehicleMonthFuel.vehicleId, r.vehicleId),
          eq(vehicleMonthFuel.month, r.month),
          eq(vehicleMonthFuel.payerCompanyId, r.payerCompanyId),
          eq(vehicleMonthFuel.energy, r.energy),
          eq(vehicleMonthFuel.measuredMiles, 0),
          eq(vehicleMonthFuel.measuredMilli, 0),
        ),
      )
  }
}
