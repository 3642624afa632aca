/**
 * The demo data follows the pre-trip rules (decision 024): every seeded reading is kept, the
 * odometer never rolls back, out-of-service flags match the defects, certifications are
 * acknowledged by the next pre-trip — and the demo driver has a bus whose certified repair
 * waits for acknowledgement, and can file it.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { isSafetyCritical } from '#catalog/checklists.ts'
import { demoLogin } from '#server/demo/logins.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { getPreTripContext, listMyBuses } from '#server/inspections/pre-trip.server.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { ctxFor, userByEmail } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'

/** A fixed moment (deterministic data) just after midnight UTC, when the operators' zones are still on the day before. */
const NOW = new Date('2026-11-23T03:30:00Z')

let db: Database
beforeAll(async () => {
  db = createTestDb()
  await seedDemoData(db, { now: NOW })
}, 120_000)
afterAll(() => db.close())

describe('demo pre-trips', () => {
  it('every seeded pre-trip has its start and end readings; each bus odometer is its latest reading and never went back', async () => {
    const { pre } = (await db.read.get<{ pre: number }>(sql`SELECT count(*) AS pre FROM pre_inspections`))!
    const { readings } = (await db.read.get<{ readings: number }>(sql`SELECT count(*) AS readings FROM odometer_readings WHERE pre_inspection_id IS NOT NULL`))!
    expect(pre).toBeGreaterThan(500)
    expect(readings).toBe(2 * pre)
    const rows = await db.read
      .select({ vehicleId: t.odometerReadings.vehicleId, reading: t.odometerReadings.reading })
      .from(t.odometerReadings)
      .orderBy(asc(t.odometerReadings.vehicleId), asc(t.odometerReadings.recordedAt), asc(t.odometerReadings.id))
    const latest = new Map<number, number>()
    for (const r of rows) {
      expect(r.reading).toBeGreaterThanOrEqual(latest.get(r.vehicleId) ?? 0)
      latest.set(r.vehicleId, r.reading)
    }
    for (const v of await db.read.select({ id: t.vehicles.id, odometer: t.vehicles.odometer }).from(t.vehicles)) expect(v.odometer).toBe(latest.get(v.id))
  })

  it('out of service exactly when a task is a safety-critical defect; acknowledgements only of certified repairs, by a later pre-trip', async () => {
    const tasks = await db.read.select({ actionId: t.repairTasks.repairActionId, sourceKey: t.repairTasks.sourceKey }).from(t.repairTasks)
    const actions = await db.read.select().from(t.repairActions)
    for (const a of actions) expect(a.outOfService).toBe(tasks.some((x) => x.actionId === a.id && isSafetyCritical(x.sourceKey)))
    expect(actions.some((a) => a.outOfService && a.repairedAt === null)).toBe(true)
    const acks = await db.read
      .select({
        repairedAt: t.repairActions.repairedAt,
        vehicleId: t.repairActions.vehicleId,
        preVehicle: t.preInspections.vehicleId,
        timeIn: t.preInspections.timeIn,
        corrected: t.preInspections.defectsCorrected,
      })
      .from(t.repairAcknowledgements)
      .innerJoin(t.repairActions, eq(t.repairActions.id, t.repairAcknowledgements.repairActionId))
      .innerJoin(t.preInspections, eq(t.preInspections.id, t.repairAcknowledgements.preInspectionId))
    expect(acks.length).toBeGreaterThan(10)
    for (const a of acks) {
      expect(a.preVehicle).toBe(a.vehicleId)
      expect(a.repairedAt!.getTime()).toBeLessThan(a.timeIn.getTime())
      expect(a.corrected).toBe(true)
    }
  })

  it("the demo driver's buses: none filed today, one out of service, one with a certified repair to acknowledge, which the driver can file", async () => {
    const driver = await userByEmail(db, demoLogin('driver').email)
    const ctx = await ctxFor(db, driver!.id, NOW)
    const buses = await listMyBuses(ctx)
    expect(buses.length).toBeGreaterThan(3)
    expect(buses.every((b) => b.todayPreTrip === 'none')).toBe(true)
    expect(buses.some((b) => b.outOfService)).toBe(true)
    // The scripted loop (bus 0): a light out, certified by the demo mechanic, not yet acknowledged.
    let bus: (typeof buses)[number] | undefined
    let context: Awaited<ReturnType<typeof getPreTripContext>> | undefined
    for (const b of buses.filter((x) => x.certifiedToAcknowledge > 0)) {
      const c = await getPreTripContext(ctx, b.vehicleId)
      if (c.certifiedRepairs.some((r) => r.repairedByName === 'Samuel Reyes' && r.tasks.some((x) => x.sourceKey === 'lightsAndSignals' && x.status === 'Completed'))) {
        bus = b
        context = c
      }
    }
    expect(bus).toBeDefined()
    const filed = await submitPreInspection(ctx, {
      vehicleIdentifier: bus!.vehicleIdentifier,
      date: context!.operatorCompany.today,
      timeIn: new Date(NOW.getTime() - 30 * 60_000).toISOString(),
      odometerStart: context!.vehicle.odometer!,
      signatureName: context!.driverName,
      acknowledgedRepairActionIds: context!.certifiedRepairs.map((r) => r.id),
    })
    expect(filed).toMatchObject({ isSatisfactory: true, repairActionId: null })
    expect((await listMyBuses(ctx)).find((b) => b.vehicleId === bus!.vehicleId)).toMatchObject({ todayPreTrip: 'satisfactory', certifiedToAcknowledge: 0 })
  })
})
