/**
 * The demo's running costs (issue 36, server/demo/costs.ts): the monthly rollups equal the records
 * they sum (fuel, repair lines, the outside service) and the miles of the seeded readings; the
 * electric bus charges in kWh with its state of charge and an efficiency; Summit's operator is
 * charged for defects its drivers found; no demo fill-up is flagged.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { DEMO_ELECTRIC_BUS } from '#server/demo/costs.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { createTestDb } from '#tests/helpers/db.ts'

const NOW = new Date('2026-11-23T03:30:00Z')

let db: Database
beforeAll(async () => {
  db = createTestDb()
  await seedDemoData(db, { now: NOW })
}, 120_000)
afterAll(() => db.close())

const one = async <T>(q: ReturnType<typeof sql>) => (await db.read.get<T>(q))!

describe('demo costs', () => {
  it('the cost rollup equals the fuel records, the repair lines and the service cost, by bus, month and payer', async () => {
    const rollup = await db.read.all<{ k: string; repair: number; service: number; fuel: number }>(sql`
      SELECT vehicle_id || ':' || month || ':' || payer_company_id AS k, repair_cents AS repair, service_cents AS service, fuel_cents AS fuel
      FROM vehicle_month_costs ORDER BY k`)
    const fuel = await db.read.all<{ k: string; cents: number }>(sql`
      SELECT vehicle_id || ':' || substr(fueled_on, 1, 7) || ':' || company_id AS k, SUM(total_cents) AS cents FROM fuel_entries GROUP BY k`)
    const repair = await db.read.all<{ k: string; cents: number }>(sql`
      SELECT vehicle_id || ':' || substr(charged_on, 1, 7) || ':' || payer_company_id AS k, SUM(amount_cents) AS cents FROM repair_cost_lines GROUP BY k`)
    const service = await db.read.all<{ k: string; cents: number }>(sql`
      SELECT vehicle_id || ':' || substr(performed_on, 1, 7) || ':' || owner_company_id AS k, SUM(cost_cents) AS cents FROM service_records WHERE cost_cents IS NOT NULL GROUP BY k`)
    expect(fuel.length).toBeGreaterThan(50)
    expect(repair.length).toBeGreaterThan(10)
    expect(service).toHaveLength(1)
    const expected = new Map<string, { repair: number; service: number; fuel: number }>()
    const add = (rows: { k: string; cents: number }[], col: 'repair' | 'service' | 'fuel') => {
      for (const r of rows) {
        const e = expected.get(r.k) ?? { repair: 0, service: 0, fuel: 0 }
        e[col] += r.cents
        expected.set(r.k, e)
      }
    }
    add(fuel, 'fuel')
    add(repair, 'repair')
    add(service, 'service')
    expect(Object.fromEntries(rollup.map((r) => [r.k, { repair: r.repair, service: r.service, fuel: r.fuel }]))).toEqual(Object.fromEntries(expected))
  })

  it('the miles rollup equals the steps between each bus’s readings (the first its baseline), by month in the owner’s time zone', async () => {
    const readings = await db.read
      .select({ vehicleId: t.odometerReadings.vehicleId, reading: t.odometerReadings.reading, at: t.odometerReadings.recordedAt, zone: t.companies.timeZone })
      .from(t.odometerReadings)
      .innerJoin(t.vehicles, eq(t.vehicles.id, t.odometerReadings.vehicleId))
      .innerJoin(t.companies, eq(t.companies.id, t.vehicles.ownerCompanyId))
      .orderBy(asc(t.odometerReadings.vehicleId), asc(t.odometerReadings.recordedAt), asc(t.odometerReadings.id))
    const expected: Record<string, number> = {}
    for (const [i, r] of readings.entries()) {
      const prev = readings[i - 1]
      if (!prev || prev.vehicleId !== r.vehicleId || r.reading <= prev.reading) continue
      const k = `${r.vehicleId}:${todayIn(r.zone, r.at).slice(0, 7)}`
      expected[k] = (expected[k] ?? 0) + r.reading - prev.reading
    }
    const rows = await db.read.select().from(t.vehicleMonthMiles)
    expect(Object.fromEntries(rows.map((r) => [`${r.vehicleId}:${r.month}`, r.miles]))).toEqual(expected)
    // The last month the demo drove has miles and costs: cost per mile has something to show.
    const month = todayIn('America/Los_Angeles', new Date(NOW.getTime() - 86_400_000)).slice(0, 7)
    expect(rows.filter((r) => r.month === month).reduce((a, r) => a + r.miles, 0)).toBeGreaterThan(1000)
  })

  it('gives the buses their fuel unit and tank; the electric bus charges in kWh with its state of charge and a miles-per-kWh', async () => {
    const buses = await db.read.select({ id: t.vehicles.id, unit: t.vehicles.fuelUnit, capacity: t.vehicles.fuelCapacityMilli, fuelType: t.vehicles.fuelType, identifier: t.vehicles.vehicleIdentifier }).from(t.vehicles).orderBy(asc(t.vehicles.id))
    expect(buses.every((b) => b.unit !== null && b.capacity !== null)).toBe(true)
    const electric = buses.filter((b) => b.unit === 'kWh')
    expect(electric.map((b) => b.identifier)).toEqual([`BUS-${String(DEMO_ELECTRIC_BUS + 1).padStart(4, '0')}`])
    expect(electric[0]!.fuelType).toBe(2)
    const charges = await db.read.select().from(t.fuelEntries).where(eq(t.fuelEntries.vehicleId, electric[0]!.id))
    expect(charges.length).toBeGreaterThan(10)
    expect(charges.every((c) => c.unit === 'kWh' && c.socBeforePct !== null && c.socAfterPct! > c.socBeforePct!)).toBe(true)
    expect(charges.some((c) => !c.full)).toBe(true)
    const efficiencies = charges.map((c) => c.efficiencyMilli).filter((e) => e !== null)
    expect(efficiencies.length).toBe(charges.length - 1)
    // About 0.87 miles per kWh (1.15 kWh a mile).
    expect(efficiencies.filter((e) => e! < 600 || e! > 1100)).toEqual([])
  })

  it('records fill-ups with partial ones, miles per gallon between full ones, and no flag', async () => {
    const fills = await db.read.select().from(t.fuelEntries).where(eq(t.fuelEntries.unit, 'gal'))
    expect(fills.some((f) => !f.full)).toBe(true)
    expect(fills.some((f) => f.source === 'driver')).toBe(true)
    expect(fills.some((f) => f.source === 'manual' && f.card !== null)).toBe(true)
    expect(fills.filter((f) => f.efficiencyMilli !== null).length).toBeGreaterThan(fills.length / 2)
    expect(fills.filter((f) => (f.flags ?? []).length > 0)).toEqual([])
    const { n } = await one<{ n: number }>(sql`SELECT count(*) AS n FROM fuel_entries WHERE flags IS NOT NULL AND flags <> '[]'`)
    expect(n).toBe(0)
  })

  it('charges Summit’s operator for what its drivers found (worn parts to the owner) and Cascade for its own', async () => {
    const [summit] = await db.read.select({ id: t.companies.id, rule: t.companies.repairCostPayer }).from(t.companies).where(eq(t.companies.name, 'Summit Bus Leasing'))
    const [evergreen] = await db.read.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.name, 'Evergreen Student Transportation'))
    expect(summit!.rule).toBe('operatorPreTrip')
    const toEvergreen = await db.read.select().from(t.repairCostLines).where(and(eq(t.repairCostLines.ownerCompanyId, summit!.id), eq(t.repairCostLines.payerCompanyId, evergreen!.id)))
    expect(toEvergreen.length).toBeGreaterThan(0)
    expect(toEvergreen.every((l) => l.payer === 'operator')).toBe(true)
    const { mismatched } = await one<{ mismatched: number }>(sql`
      SELECT count(*) AS mismatched FROM repair_cost_lines l
      WHERE (l.payer = 'owner' AND l.payer_company_id <> l.owner_company_id) OR (l.payer = 'operator' AND l.payer_company_id = l.owner_company_id)`)
    expect(mismatched).toBe(0)
    const kinds = await db.read.all<{ kind: string }>(sql`SELECT DISTINCT kind FROM repair_cost_lines ORDER BY kind`)
    expect(kinds.map((k) => k.kind)).toEqual(['labour', 'outside', 'part', 'tax'])
  })
})
