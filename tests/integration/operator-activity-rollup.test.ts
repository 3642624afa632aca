/**
 * The operator's monthly rollup (migration 0006) is kept by triggers on pre_inspections:
 * whatever inserts, changes or deletes pre-trips, it equals the aggregate of the rows.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorMonthlyActivity, preInspections, vehicles } from '#db/schema/index.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { createCompany } from '#tests/helpers/factory.ts'

describe.each(DRIVERS)('operator monthly rollup on %s', (driver) => {
  let db: Database
  let owner: number
  let operator: number
  let vehicleId: number

  beforeAll(async () => {
    db = createTestDb(driver)
    owner = (await createCompany(db, 'Rollup Owner', ['Owner'])).id
    operator = (await createCompany(db, 'Rollup Operator', ['Operator'])).id
    const [v] = await db.transaction((tx) =>
      tx
        .insert(vehicles)
        .values({ ownerCompanyId: owner, make: 'Blue Bird', model: 'Vision', vin: '1BAKGCPH0HF000001', vehicleIdentifier: 'ROLL-1', licensePlate: 'RL-1' })
        .returning({ id: vehicles.id }),
    )
    vehicleId = v!.id
  })
  afterAll(() => db.close())

  const rollup = () =>
    db.read
      .select({ month: operatorMonthlyActivity.month, missions: operatorMonthlyActivity.missions, miles: operatorMonthlyActivity.miles })
      .from(operatorMonthlyActivity)
      .where(eq(operatorMonthlyActivity.operatorCompanyId, operator))
      .orderBy(operatorMonthlyActivity.month)
  const fromRows = () =>
    db.read.all<{ month: string; missions: number; miles: number }>(sql`
      SELECT substr(date, 1, 7) AS month, count(*) AS missions, coalesce(sum(odometer_end - odometer_start), 0) AS miles
      FROM pre_inspections WHERE operator_company_id = ${operator} GROUP BY 1 ORDER BY 1`)
  const nonEmpty = async () => (await rollup()).filter((r) => r.missions !== 0 || r.miles !== 0)

  it('follows inserts (with and without an end odometer), updates and deletes', async () => {
    const add = (date: string, start: number, end: number | null) =>
      db.transaction((tx) =>
        tx
          .insert(preInspections)
          .values({ vehicleId, operatorCompanyId: operator, driverName: 'D', date, timeIn: new Date(`${date}T08:00:00Z`), odometerStart: start, odometerEnd: end, isSatisfactory: true })
          .returning({ id: preInspections.id }),
      )
    const [a] = await add('2026-01-31', 100, 150)
    await add('2026-02-01', 150, null)
    const [c] = await add('2026-02-02', 150, 190)
    expect(await nonEmpty()).toEqual([
      { month: '2026-01', missions: 1, miles: 50 },
      { month: '2026-02', missions: 2, miles: 40 },
    ])
    // The end odometer arrives later; a pre-trip moves to another month.
    await db.transaction((tx) => tx.update(preInspections).set({ odometerEnd: 210 }).where(eq(preInspections.id, c!.id)))
    await db.transaction((tx) => tx.update(preInspections).set({ date: '2026-02-15' }).where(eq(preInspections.id, a!.id)))
    expect(await nonEmpty()).toEqual([{ month: '2026-02', missions: 3, miles: 110 }])
    await db.transaction((tx) => tx.delete(preInspections).where(eq(preInspections.id, c!.id)))
    expect(await nonEmpty()).toEqual(await fromRows())
    expect(await nonEmpty()).toEqual([{ month: '2026-02', missions: 2, miles: 50 }])
  })
})
