/**
 * The driver's pre-trip (issue 10, decision 024): filing rules, the repair action it opens in
 * the same transaction, the odometer, idempotent filing, who may file, bad input named by
 * field, the acknowledgement of certified repairs, and the REST door over raw HTTP.
 */
import { randomBytes } from 'node:crypto'
import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { addDays } from '#server/inspections/pre-inspection-schema.ts'
import { getPreTripContext, listMyBuses, pageMyBuses } from '#server/inspections/pre-trip.server.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

const TZ = 'America/Chicago'
const MINUTE = 60_000
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(200000 + vinSeq++).slice(-6)}`)
const png = (seed = 1) => new Raster(24, 12, [seed % 255, 64, 175, 255]).toPng().toString('base64')
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()

interface World {
  db: Database
  owner: { company: number; user: number; email: string }
  /** An owner company without a repair shop. */
  lonelyOwner: { company: number; user: number; email: string }
  shop: { company: number; manager: string; mechanic: string; mechanicId: number }
  operator: { company: number; manager: number; driver: number; inactiveDriver: number; today: string }
  otherOperator: { company: number; driver: number }
}

async function setUp(db: Database): Promise<World> {
  const mk = async (name: string, types: ('Owner' | 'Operator' | 'RepairShop')[]) => (await createCompany(db, name, types)).id
  const ownerCo = await mk('Summit Pre-trip Leasing', ['Owner'])
  const lonelyCo = await mk('Lonely Coaches', ['Owner'])
  const shopCo = await mk('Northside Diesel', ['RepairShop'])
  const operatorCo = await mk('Evergreen Pre-trip Schools', ['Operator'])
  const otherOperatorCo = await mk('Other Transit', ['Operator'])
  const ownerUser = await createUser(db)
  const lonelyUser = await createUser(db)
  const shopManager = await createUser(db)
  const mechanic = await createUser(db)
  const opManager = await createUser(db)
  const driver = await createUser(db, { firstName: 'Dana', lastName: 'Driver' })
  const inactiveDriver = await createUser(db)
  const otherDriver = await createUser(db)
  await grantRole(db, ownerUser.id, ownerCo, 'Owner')
  await grantRole(db, lonelyUser.id, lonelyCo, 'Owner')
  await grantRole(db, shopManager.id, shopCo, 'RepairShop')
  await grantRole(db, mechanic.id, shopCo, 'Mechanic')
  await grantRole(db, opManager.id, operatorCo, 'Operator')
  await grantRole(db, driver.id, operatorCo, 'Driver')
  await grantRole(db, inactiveDriver.id, operatorCo, 'Driver', false)
  await grantRole(db, otherDriver.id, otherOperatorCo, 'Driver')
  await db.transaction(async (tx) => {
    await tx.update(t.companies).set({ repairShopCompanyId: shopCo }).where(eq(t.companies.id, ownerCo))
    await tx.update(t.companies).set({ timeZone: TZ }).where(eq(t.companies.id, operatorCo))
  })
  return {
    db,
    owner: { company: ownerCo, user: ownerUser.id, email: ownerUser.email! },
    lonelyOwner: { company: lonelyCo, user: lonelyUser.id, email: lonelyUser.email! },
    shop: { company: shopCo, manager: shopManager.email!, mechanic: mechanic.email!, mechanicId: mechanic.id },
    operator: { company: operatorCo, manager: opManager.id, driver: driver.id, inactiveDriver: inactiveDriver.id, today: todayIn(TZ) },
    otherOperator: { company: otherOperatorCo, driver: otherDriver.id },
  }
}

/** A bus of `ownerCompany` (default: the owner with a shop), assigned to the operator from 30 days ago. */
async function newBus(w: World, opts: { ownerCompany?: number; ownerUser?: number; assigned?: boolean; odometer?: number } = {}) {
  const v = await addVehicle(await ctxFor(w.db, opts.ownerUser ?? w.owner.user), {
    ownerId: opts.ownerCompany ?? w.owner.company,
    make: 'Blue Bird',
    model: 'Vision',
    vin: nextVin(),
    licensePlate: `PT-${vinSeq}`,
    odometer: opts.odometer ?? 1000,
  })
  if (opts.assigned !== false) {
    await w.db.transaction((tx) =>
      tx.insert(t.operatorAssignments).values({ vehicleId: v.id, operatorCompanyId: w.operator.company, startDate: addDays(w.operator.today, -30), endDate: null }),
    )
  }
  return { id: v.id, identifier: v.vehicleIdentifier }
}

/** A valid pre-trip: all Ok, signed, times in the last hours. */
const body = (w: World, identifier: string, over: Record<string, unknown> = {}) => ({
  vehicleIdentifier: identifier,
  date: w.operator.today,
  timeIn: iso(-90 * MINUTE),
  timeOut: iso(-10 * MINUTE),
  odometerStart: 1000,
  odometerEnd: 1042,
  driverSignature: `data:image/png;base64,${png()}`,
  ...over,
})

const countOf = async (db: Database, table: typeof t.preInspections | typeof t.repairActions | typeof t.odometerReadings | typeof t.mailOutbox, where?: ReturnType<typeof eq>) =>
  (await db.read.select({ n: count() }).from(table).where(where))[0]!.n

const odometerOf = async (db: Database, vehicleId: number) => (await db.read.select({ o: t.vehicles.odometer }).from(t.vehicles).where(eq(t.vehicles.id, vehicleId)))[0]!.o

describe.each(DRIVERS)('pre-trip on %s', (driver) => {
  let w: World
  const driverCtx = () => ctxFor(w.db, w.operator.driver)
  beforeAll(async () => {
    w = await setUp(createTestDb(driver))
  })
  afterAll(() => w.db.close())

  it('files an all-Ok pre-trip: satisfactory, no repair, 29 answers, signature, two odometer readings', async () => {
    const bus = await newBus(w)
    const res = await submitPreInspection(await driverCtx(), body(w, bus.identifier.toLowerCase()))
    expect(res).toMatchObject({ isSatisfactory: true, repairActionId: null, replayed: false })
    const [pre] = await w.db.read.select().from(t.preInspections).where(eq(t.preInspections.id, res.id))
    expect(pre).toMatchObject({
      vehicleId: bus.id,
      operatorCompanyId: w.operator.company,
      driverUserId: w.operator.driver,
      driverName: 'Dana Driver',
      isSatisfactory: true,
      defectsNeedCorrection: false,
      defectsCorrected: false,
      odometerStart: 1000,
      odometerEnd: 1042,
    })
    const answers = await w.db.read.select().from(t.preInspectionAnswers).where(eq(t.preInspectionAnswers.preInspectionId, res.id))
    expect(answers).toHaveLength(PRE_INSPECTION_ITEMS.length)
    expect(answers.every((a) => !a.defective)).toBe(true)
    const images = await w.db.read.select({ kind: t.preInspectionImages.kind }).from(t.preInspectionImages).where(eq(t.preInspectionImages.preInspectionId, res.id))
    expect(images.map((i) => i.kind)).toEqual(['signature'])
    const readings = await w.db.read.select().from(t.odometerReadings).where(eq(t.odometerReadings.preInspectionId, res.id))
    expect(readings.map((r) => [r.source, r.reading])).toEqual([
      ['preTripStart', 1000],
      ['preTripEnd', 1042],
    ])
    expect(await odometerOf(w.db, bus.id)).toBe(1042)
  })

  it('a Defective item makes it unsatisfactory and opens one repair action with a task per defect and damage text, routed to the shop', async () => {
    const bus = await newBus(w)
    const res = await submitPreInspection(
      await driverCtx(),
      body(w, bus.identifier, { serviceBrakes: true, horn: true, front: 'Cracked bumper', rear: '   ', imageDataFront: png(7), comments: 'Brakes feel soft' }),
    )
    expect(res.isSatisfactory).toBe(false)
    expect(res.repairActionId).toEqual(expect.any(Number))
    const [pre] = await w.db.read.select().from(t.preInspections).where(eq(t.preInspections.id, res.id))
    expect(pre).toMatchObject({ isSatisfactory: false, defectsNeedCorrection: true, damageFront: 'Cracked bumper', damageRear: null, comments: 'Brakes feel soft' })
    const [action] = await w.db.read.select().from(t.repairActions).where(eq(t.repairActions.id, res.repairActionId!))
    expect(action).toMatchObject({
      preInspectionId: res.id,
      vehicleId: bus.id,
      ownerCompanyId: w.owner.company,
      repairCompanyId: w.shop.company,
      repairedAt: null,
      outOfService: true,
    })
    expect(action!.repairIdentifier).toMatch(/^RA-\d{4}-\d{6}$/)
    const tasks = await w.db.read.select().from(t.repairTasks).where(eq(t.repairTasks.repairActionId, action!.id)).orderBy(t.repairTasks.id)
    expect(tasks.map((x) => [x.sourceKey, x.name, x.status])).toEqual([
      ['horn', 'Horn', 'Pending'],
      ['serviceBrakes', 'Service brakes', 'Pending'],
      ['front', 'Damage: front', 'Pending'],
    ])
    expect(tasks[2]!.description).toBe('Cracked bumper')
    // The shop's manager and mechanic hear of it; the owner does not.
    const mailTo = async (to: string) =>
      (await w.db.read.select().from(t.mailOutbox).where(eq(t.mailOutbox.toAddress, to))).filter((m) => m.subject.includes(action!.repairIdentifier))
    expect(await mailTo(w.shop.manager)).toHaveLength(1)
    expect((await mailTo(w.shop.mechanic))[0]!.subject).toMatch(/^Out of service: /)
    expect(await mailTo(w.owner.email)).toHaveLength(0)
  })

  it('a non-safety defect does not take the bus out of service; damage text alone opens no repair', async () => {
    const bus = await newBus(w)
    const minor = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { fuelLevel: true }))
    const [action] = await w.db.read.select().from(t.repairActions).where(eq(t.repairActions.id, minor.repairActionId!))
    expect(action!.outOfService).toBe(false)
    const bus2 = await newBus(w)
    const damageOnly = await submitPreInspection(await driverCtx(), body(w, bus2.identifier, { leftSide: 'Old scratch' }))
    expect(damageOnly).toMatchObject({ isSatisfactory: true, repairActionId: null })
  })

  it('without a repair shop the action waits (no shop) and the owner managers are told', async () => {
    const bus = await newBus(w, { ownerCompany: w.lonelyOwner.company, ownerUser: w.lonelyOwner.user })
    const res = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { tires: true }))
    const [action] = await w.db.read.select().from(t.repairActions).where(eq(t.repairActions.id, res.repairActionId!))
    expect(action).toMatchObject({ repairCompanyId: null, ownerCompanyId: w.lonelyOwner.company, outOfService: true })
    const mails = await w.db.read.select().from(t.mailOutbox).where(eq(t.mailOutbox.toAddress, w.lonelyOwner.email))
    expect(mails.some((m) => m.subject.includes(action!.repairIdentifier) && m.textBody.includes('has not chosen a repair shop'))).toBe(true)
  })

  it('is atomic: a failure while writing the tasks leaves no pre-trip, no repair action, no reading, the odometer unmoved', async () => {
    const bus = await newBus(w, { odometer: 5000 })
    const before = {
      pre: await countOf(w.db, t.preInspections),
      actions: await countOf(w.db, t.repairActions),
      readings: await countOf(w.db, t.odometerReadings),
      mails: await countOf(w.db, t.mailOutbox),
    }
    await w.db.transaction((tx) => tx.run(sql.raw(`CREATE TRIGGER test_fail_tasks BEFORE INSERT ON repair_tasks BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)))
    try {
      const failed = await submitPreInspection(
        await driverCtx(),
        body(w, bus.identifier, { odometerStart: 5010, odometerEnd: 5100, serviceBrakes: true, idempotencyKey: 'atomic-1' }),
      ).catch((e: Error) => e)
      // The trigger's error (libSQL wraps it in drizzle's "Failed query" with the cause).
      expect(`${String(failed)} ${String((failed as Error).cause)}`).toMatch(/forced failure/)
    } finally {
      await w.db.transaction((tx) => tx.run(sql.raw('DROP TRIGGER test_fail_tasks')))
    }
    expect(await countOf(w.db, t.preInspections)).toBe(before.pre)
    expect(await countOf(w.db, t.repairActions)).toBe(before.actions)
    expect(await countOf(w.db, t.odometerReadings)).toBe(before.readings)
    expect(await countOf(w.db, t.mailOutbox)).toBe(before.mails)
    expect(await odometerOf(w.db, bus.id)).toBe(5000)
    // Nothing was filed under the key: the same filing now goes through.
    const res = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { odometerStart: 5010, odometerEnd: 5100, serviceBrakes: true, idempotencyKey: 'atomic-1' }))
    expect(res).toMatchObject({ isSatisfactory: false, replayed: false, repairActionId: expect.any(Number) })
    expect(await odometerOf(w.db, bus.id)).toBe(5100)
  })

  it('is atomic to the last write: a failure at the audit entry also takes back the mails, acknowledgements and readings', async () => {
    const bus = await newBus(w, { odometer: 7000 })
    const before = {
      pre: await countOf(w.db, t.preInspections),
      actions: await countOf(w.db, t.repairActions),
      readings: await countOf(w.db, t.odometerReadings),
      mails: await countOf(w.db, t.mailOutbox),
    }
    await w.db.transaction((tx) =>
      tx.run(sql.raw(`CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log WHEN NEW.action = 'preInspection.submit' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)),
    )
    try {
      const failed = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { odometerStart: 7000, odometerEnd: 7100, tires: true })).catch((e: Error) => e)
      expect(`${String(failed)} ${String((failed as Error).cause)}`).toMatch(/forced failure/)
    } finally {
      await w.db.transaction((tx) => tx.run(sql.raw('DROP TRIGGER test_fail_audit')))
    }
    expect({
      pre: await countOf(w.db, t.preInspections),
      actions: await countOf(w.db, t.repairActions),
      readings: await countOf(w.db, t.odometerReadings),
      mails: await countOf(w.db, t.mailOutbox),
    }).toEqual(before)
    expect(await odometerOf(w.db, bus.id)).toBe(7000)
  })

  it('the odometer never rolls back: below the latest is refused with the message; end below start is refused', async () => {
    const bus = await newBus(w, { odometer: 20_000 })
    const low = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { odometerStart: 19_999, odometerEnd: 20_100 })).catch((e) => e)
    expect(low).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { odometerStart: expect.stringContaining('latest reading of this vehicle is 20,000') } })
    const endLow = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { odometerStart: 20_100, odometerEnd: 20_050 })).catch((e) => e)
    expect(endLow).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { odometerEnd: 'The end odometer cannot be below the start odometer' } })
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(0)
    expect(await odometerOf(w.db, bus.id)).toBe(20_000)
    // Equal to the latest is fine, and without an end the start becomes the latest.
    await submitPreInspection(await driverCtx(), body(w, bus.identifier, { odometerStart: 20_000, odometerEnd: null, timeOut: null }))
    expect(await odometerOf(w.db, bus.id)).toBe(20_000)
  })

  it('files once per idempotency key: sequential and concurrent retries return the first filing', async () => {
    const bus = await newBus(w)
    const input = body(w, bus.identifier, { idempotencyKey: 'key-seq-1', mirrors: true })
    const first = await submitPreInspection(await driverCtx(), input)
    const again = await submitPreInspection(await driverCtx(), input)
    expect(again).toEqual({ ...first, replayed: true })
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(1)
    expect(await countOf(w.db, t.repairActions, eq(t.repairActions.vehicleId, bus.id))).toBe(1)

    const bus2 = await newBus(w)
    const same = body(w, bus2.identifier, { idempotencyKey: 'key-race-1', horn: true })
    const ctx = await driverCtx()
    const results = await Promise.all([submitPreInspection(ctx, same), submitPreInspection(ctx, same), submitPreInspection(ctx, same)])
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus2.id))).toBe(1)
    expect(await countOf(w.db, t.repairActions, eq(t.repairActions.vehicleId, bus2.id))).toBe(1)
    // The pre-trip's start and end readings, once (the owner's reading at creation is not the pre-trip's).
    expect(await countOf(w.db, t.odometerReadings, and(eq(t.odometerReadings.vehicleId, bus2.id), isNotNull(t.odometerReadings.preInspectionId)))).toBe(2)

    // The key names one filing: reused for another bus it is a conflict. Without a key, each filing counts.
    await expect(submitPreInspection(ctx, body(w, bus.identifier, { idempotencyKey: 'key-race-1' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { idempotencyKey: expect.any(String) },
    })
    await submitPreInspection(ctx, body(w, bus2.identifier, { odometerStart: 1042, odometerEnd: 1042 }))
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus2.id))).toBe(2)
  })

  it('date and time rules: up to 7 days back, never future; timeIn before timeOut, neither 15 minutes ahead', async () => {
    const bus = await newBus(w)
    const ctx = await driverCtx()
    const today = w.operator.today
    const fails = async (over: Record<string, unknown>) =>
      ((await submitPreInspection(ctx, body(w, bus.identifier, over)).catch((e) => e)) as { fieldErrors: Record<string, string> }).fieldErrors
    expect(await fails({ date: addDays(today, -8) })).toEqual({ date: 'The date may be at most 7 days back' })
    expect(await fails({ date: addDays(today, 1) })).toEqual({ date: 'The date cannot be in the future' })
    expect(await fails({ timeIn: iso(20 * MINUTE), timeOut: iso(25 * MINUTE) })).toEqual({
      timeIn: 'Cannot be more than 15 minutes in the future',
      timeOut: 'Cannot be more than 15 minutes in the future',
    })
    expect(await fails({ timeIn: iso(-10 * MINUTE), timeOut: iso(-20 * MINUTE) })).toEqual({ timeOut: 'Time out must be after time in' })
    expect(await fails({ timeIn: 'yesterday morning' })).toEqual({ timeIn: expect.stringContaining('ISO 8601') })
    // A paper form of 7 days ago, times within the next 15 minutes, are fine.
    await expect(submitPreInspection(ctx, body(w, bus.identifier, { date: addDays(today, -7), timeIn: iso(-5 * MINUTE), timeOut: iso(14 * MINUTE) }))).resolves.toMatchObject({
      isSatisfactory: true,
    })
  })

  it('who may file: only an active Driver of the operator with the active assignment', async () => {
    const bus = await newBus(w)
    const input = body(w, bus.identifier)
    const as = async (userId: number) => submitPreInspection(await ctxFor(w.db, userId), input).catch((e) => e.code)
    expect(await as(w.otherOperator.driver)).toBe('NOT_FOUND')
    expect(await as(w.operator.manager)).toBe('FORBIDDEN')
    expect(await as(w.operator.inactiveDriver)).toBe('NOT_FOUND')
    expect(await as(w.owner.user)).toBe('FORBIDDEN')
    await expect(submitPreInspection(anon(w.db), input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    // The operator's driver, but the assignment is not active (none, or ended early).
    const unassigned = await newBus(w, { assigned: false })
    expect(await as(w.operator.driver)).toMatchObject({ isSatisfactory: true })
    await expect(submitPreInspection(await driverCtx(), body(w, unassigned.identifier))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const ended = await newBus(w)
    await w.db.transaction((tx) => tx.update(t.operatorAssignments).set({ endedAt: new Date() }).where(eq(t.operatorAssignments.vehicleId, ended.id)))
    await expect(submitPreInspection(await driverCtx(), body(w, ended.identifier))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(getPreTripContext(await driverCtx(), ended.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(getPreTripContext(await ctxFor(w.db, w.owner.user), bus.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(1)
  })

  it('bad input is named by field with the documented status', async () => {
    const bus = await newBus(w)
    const ctx = await driverCtx()
    const refused = (over: Record<string, unknown>) => submitPreInspection(ctx, body(w, bus.identifier, over)).catch((e) => e)
    expect(await refused({ comments: 'x'.repeat(2001) })).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { comments: 'At most 2000 characters' } })
    expect(await refused({ front: 'y'.repeat(2001) })).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { front: 'At most 2000 characters' } })
    expect(await refused({ horn: 'maybe', tires: 1 })).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { horn: 'Answer true (Defective) or false (Ok)', tires: 'Answer true (Defective) or false (Ok)' },
    })
    expect(await refused({ driverSignature: null })).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { driverSignature: expect.stringContaining('type your full name') } })
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 7).toString('base64')
    expect(
      await refused({
        photos: [
          { photo: png(), name: 'ok.png' },
          { photo: big, name: 'big.jpg' },
        ],
      }),
    ).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fieldErrors: { 'photos.1.photo': expect.any(String) } })
    const text = Buffer.from('just some text, not a picture').toString('base64')
    expect(await refused({ photos: [{ photo: text, name: 'notes.txt' }] })).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fieldErrors: { 'photos.0.photo': expect.any(String) } })
    expect(await refused({ imageDataRear: `data:text/plain;base64,${text}` })).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fieldErrors: { imageDataRear: expect.any(String) } })
    expect(await refused({ photos: Array.from({ length: 7 }, () => ({ photo: png(), name: 'p' })) })).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { photos: 'At most 6 extra photos' },
    })
    expect(await refused({ vehicleIdentifier: 'NO-SUCH-BUS' })).toMatchObject({ code: 'NOT_FOUND', message: 'Vehicle not found' })
    expect(await refused({ odometerStart: -1, odometerEnd: 'lots' })).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { odometerStart: 'At least 0', odometerEnd: expect.any(String) },
    })
    expect(await refused({ acknowledgedRepairActionIds: [1e30, true, 'x'], idempotencyKey: 'has space' })).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { 'acknowledgedRepairActionIds.0': 'A repair action id', 'acknowledgedRepairActionIds.1': 'A repair action id', idempotencyKey: expect.any(String) },
    })
    expect(await refused({ photos: [{ photo: '', name: 'empty' }] })).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(await refused({ driverSignature: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') })).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fieldErrors: { driverSignature: expect.any(String) },
    })
    // Nothing of the refused filings was stored (pictures are checked before the transaction).
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(0)
    // A legacy client that sends only the spec's named keys: the others are Ok.
    const legacy = await submitPreInspection(ctx, { ...body(w, bus.identifier), oilLevel: false, battery: false, horn: false })
    expect(legacy.isSatisfactory).toBe(true)
  })

  it('stores the photos and side images re-encoded', async () => {
    const bus = await newBus(w)
    const res = await submitPreInspection(
      await driverCtx(),
      body(w, bus.identifier, { imageDataLeftSide: png(3), photos: [{ photo: png(4), name: 'wheel.png' }, { photo: png(5) }] }),
    )
    const photos = await w.db.read
      .select({ name: t.preInspectionPhotos.name, type: t.preInspectionPhotos.contentType })
      .from(t.preInspectionPhotos)
      .where(eq(t.preInspectionPhotos.preInspectionId, res.id))
    expect(photos).toEqual([
      { name: 'wheel.png', type: 'image/png' },
      { name: 'photo-2.png', type: 'image/png' },
    ])
    const kinds = await w.db.read.select({ kind: t.preInspectionImages.kind }).from(t.preInspectionImages).where(eq(t.preInspectionImages.preInspectionId, res.id))
    expect(kinds.map((k) => k.kind).sort()).toEqual(['leftSide', 'signature'])
  })

  it('a typed full name signs without a drawn signature', async () => {
    const bus = await newBus(w)
    const res = await submitPreInspection(await driverCtx(), body(w, bus.identifier, { driverSignature: '', signatureName: 'Dana Driver' }))
    const [pre] = await w.db.read.select({ signatureName: t.preInspections.signatureName }).from(t.preInspections).where(eq(t.preInspections.id, res.id))
    expect(pre!.signatureName).toBe('Dana Driver')
  })

  it('the next pre-trip shows the certified repair and stores its acknowledgement', async () => {
    const bus = await newBus(w)
    const ctx = await driverCtx()
    const defective = await submitPreInspection(ctx, body(w, bus.identifier, { emergencyDoor: true }))
    let context = await getPreTripContext(ctx, bus.id)
    expect(context).toMatchObject({ outOfService: true, todayPreTrip: 'defects', operatorCompany: { id: w.operator.company, today: w.operator.today, timeZone: TZ } })
    expect(context.openRepairs.map((r) => r.id)).toEqual([defective.repairActionId])
    expect(context.openRepairs[0]!.tasks).toEqual([expect.objectContaining({ name: 'Emergency door and buzzer', status: 'Pending', sourceKey: 'emergencyDoor' })])
    // Acknowledging an open (not certified) repair is refused.
    await expect(submitPreInspection(ctx, body(w, bus.identifier, { odometerStart: 1042, acknowledgedRepairActionIds: [defective.repairActionId] }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { acknowledgedRepairActionIds: expect.any(String) },
    })
    // The shop certifies it.
    await w.db.transaction(async (tx) => {
      await tx.update(t.repairTasks).set({ status: 'Completed', completedAt: new Date() }).where(eq(t.repairTasks.repairActionId, defective.repairActionId!))
      await tx
        .update(t.repairActions)
        .set({ repairedAt: new Date(), repairedByName: 'Mo Mechanic', repairedByUserId: w.shop.mechanicId })
        .where(eq(t.repairActions.id, defective.repairActionId!))
    })
    context = await getPreTripContext(ctx, bus.id)
    expect(context.outOfService).toBe(false)
    expect(context.openRepairs).toEqual([])
    expect(context.certifiedRepairs).toEqual([expect.objectContaining({ id: defective.repairActionId, repairedByName: 'Mo Mechanic', repairedAt: expect.any(String) })])
    const buses = await listMyBuses(ctx)
    expect(buses.find((b) => b.vehicleId === bus.id)).toMatchObject({ certifiedToAcknowledge: 1, outOfService: false, todayPreTrip: 'defects', odometer: 1042 })

    // Another vehicle's repair cannot be acknowledged here.
    const otherBus = await newBus(w)
    await expect(submitPreInspection(ctx, body(w, otherBus.identifier, { acknowledgedRepairActionIds: [defective.repairActionId] }))).rejects.toMatchObject({ code: 'BAD_REQUEST' })

    const next = await submitPreInspection(ctx, body(w, bus.identifier, { odometerStart: 1042, odometerEnd: 1100, acknowledgedRepairActionIds: [defective.repairActionId] }))
    const [ack] = await w.db.read.select().from(t.repairAcknowledgements).where(eq(t.repairAcknowledgements.repairActionId, defective.repairActionId!))
    expect(ack).toMatchObject({ preInspectionId: next.id })
    const [pre] = await w.db.read.select({ defectsCorrected: t.preInspections.defectsCorrected }).from(t.preInspections).where(eq(t.preInspections.id, next.id))
    expect(pre!.defectsCorrected).toBe(true)
    expect((await getPreTripContext(ctx, bus.id)).certifiedRepairs).toEqual([])
    // Once acknowledged, it cannot be acknowledged again.
    await expect(submitPreInspection(ctx, body(w, bus.identifier, { odometerStart: 1100, acknowledgedRepairActionIds: [defective.repairActionId] }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
  })

  it("my buses: the buses of the driver's active assignments with today's state", async () => {
    const fresh = await newBus(w, { odometer: 777 })
    const buses = await listMyBuses(await driverCtx())
    expect(buses.find((b) => b.vehicleId === fresh.id)).toMatchObject({
      vehicleIdentifier: fresh.identifier,
      operatorCompanyId: w.operator.company,
      today: w.operator.today,
      todayPreTrip: 'none',
      lastPreTripDate: null,
      outOfService: false,
      odometer: 777,
    })
    await submitPreInspection(await driverCtx(), body(w, fresh.identifier, { odometerStart: 800, odometerEnd: 850 }))
    expect((await listMyBuses(await driverCtx())).find((b) => b.vehicleId === fresh.id)).toMatchObject({ todayPreTrip: 'satisfactory', odometer: 850 })
    // Not a driver anywhere: none. Another operator's driver: not these buses.
    expect(await listMyBuses(await ctxFor(w.db, w.operator.manager))).toEqual([])
    expect((await listMyBuses(await ctxFor(w.db, w.otherOperator.driver))).some((b) => b.vehicleId === fresh.id)).toBe(false)
    const ended = await newBus(w)
    await w.db.transaction((tx) =>
      tx
        .update(t.operatorAssignments)
        .set({ endedAt: new Date() })
        .where(and(eq(t.operatorAssignments.vehicleId, ended.id))),
    )
    expect((await listMyBuses(await driverCtx())).some((b) => b.vehicleId === ended.id)).toBe(false)
  })

  it('my buses: the ones the driver used lately come first, a search finds the others, total counts all', async () => {
    const a = await newBus(w)
    const b = await newBus(w)
    await submitPreInspection(await driverCtx(), body(w, b.identifier, { odometerStart: 1000, odometerEnd: 1020 }))
    const all = await pageMyBuses(await driverCtx())
    expect(all.total).toBe(all.buses.length)
    expect(all.buses[0]!.vehicleId).toBe(b.id)
    const two = await pageMyBuses(await driverCtx(), { limit: 1 })
    expect(two.buses.map((x) => x.vehicleId)).toEqual([b.id])
    expect(two.total).toBe(all.total)
    const found = await pageMyBuses(await driverCtx(), { search: a.identifier.toLowerCase() })
    expect(found.buses.some((x) => x.vehicleId === a.id)).toBe(true)
    expect(found.buses.every((x) => x.vehicleIdentifier.toLowerCase().includes(a.identifier.toLowerCase()))).toBe(true)
    expect(found.total).toBe(found.buses.length)
    // LIKE wildcards are text, not patterns.
    expect((await pageMyBuses(await driverCtx(), { search: '%' })).total).toBe(0)
  })
})

describe('the REST door over raw HTTP (API.md path and shape)', () => {
  let w: World
  let app: RunningApp
  let token: string
  beforeAll(async () => {
    w = await setUp(createTestDb())
    app = await startApp(w.db)
    token = await apiTokenFor(w.db, w.operator.driver)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await w.db.close()
  })

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    raw(app.base, 'POST', '/api/maintenance/SUBMITPREINSPECTION', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    })

  it('201 {id, isSatisfactory, repairActionId}; the Idempotency-Key header replays the first answer', async () => {
    const bus = await newBus(w)
    // PascalCase keys bind case-insensitively (API.md conventions).
    const payload = { ...body(w, bus.identifier), VehicleIdentifier: bus.identifier, OilLevel: true, photos: [{ Photo: png(9), Name: 'leak.png' }] }
    const first = await post(payload, { 'Idempotency-Key': 'rest-key-1' })
    expect(first.status).toBe(201)
    const answer = JSON.parse(first.body)
    expect(Object.keys(answer).sort()).toEqual(['id', 'isSatisfactory', 'repairActionId'])
    expect(answer).toMatchObject({ isSatisfactory: false, repairActionId: expect.any(Number) })
    const again = await post(payload, { 'Idempotency-Key': 'rest-key-1' })
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(JSON.parse(again.body)).toEqual(answer)
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(1)
  })

  it('400 names the field, 404 an unknown identifier, 413 a large photo, 415 a text file, 401 without a token', async () => {
    const bus = await newBus(w)
    const bad = await post(body(w, bus.identifier, { horn: 'yes', comments: 'z'.repeat(2001) }))
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body).errors).toMatchObject({ horn: expect.any(String), comments: expect.any(String) })
    const missing = await post(body(w, 'NOPE-404'))
    expect(missing.status).toBe(404)
    expect(JSON.parse(missing.body).message).toBe('Vehicle not found')
    const big = await post(body(w, bus.identifier, { imageDataFront: Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64') }))
    expect(big.status).toBe(413)
    const text = await post(body(w, bus.identifier, { photos: [{ photo: Buffer.from('hello').toString('base64'), name: 'a.txt' }] }))
    expect(text.status).toBe(415)
    const anonymous = await raw(app.base, 'POST', '/api/Maintenance/submitPreInspection', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body(w, bus.identifier)),
    })
    expect(anonymous.status).toBe(401)
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(0)
  })

  it('four 2 MiB side photos in base64 fit the body limit', async () => {
    const bus = await newBus(w)
    // A 2 MiB PNG: noise does not compress.
    const r = new Raster(720, 720)
    r.data.set(randomBytes(r.data.length))
    const pngBytes = r.toPng()
    expect(pngBytes.length).toBeGreaterThan(1.5 * 1024 * 1024)
    expect(pngBytes.length).toBeLessThanOrEqual(2 * 1024 * 1024)
    const side = pngBytes.toString('base64')
    const sides = { imageDataFront: side, imageDataRear: side, imageDataRightSide: side, imageDataLeftSide: side }
    const res = await post(body(w, bus.identifier, sides))
    expect(res.status).toBe(201)
    // The tRPC door (the phone's offline queue) takes the same body.
    const bus2 = await newBus(w)
    const viaTrpc = await raw(app.base, 'POST', '/trpc/inspections.submitPreInspection', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(w, bus2.identifier, sides)),
    })
    expect(viaTrpc.status).toBe(200)
  }, 60_000)

  it('two tabs at once, one through REST and one through tRPC, with one key: one filing, the same id', async () => {
    const bus = await newBus(w)
    const payload = body(w, bus.identifier, { idempotencyKey: 'two-tabs-1', reflectors: true })
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const [a, b] = await Promise.all([
      raw(app.base, 'POST', '/api/Maintenance/submitPreInspection', { headers, body: JSON.stringify(payload) }),
      raw(app.base, 'POST', '/trpc/inspections.submitPreInspection', { headers, body: JSON.stringify(payload) }),
    ])
    expect([a.status, b.status]).toEqual([201, 200])
    expect(JSON.parse(a.body).id).toBe(JSON.parse(b.body).result.data.id)
    expect(await countOf(w.db, t.preInspections, eq(t.preInspections.vehicleId, bus.id))).toBe(1)
    expect(await countOf(w.db, t.repairActions, eq(t.repairActions.vehicleId, bus.id))).toBe(1)
  })

  it('tRPC inspections.submitPreInspection files the same way (the offline queue posts JSON)', async () => {
    const bus = await newBus(w)
    const cookieless = await raw(app.base, 'POST', '/trpc/inspections.submitPreInspection', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(w, bus.identifier, { idempotencyKey: 'trpc-1', steering: true })),
    })
    expect(cookieless.status).toBe(200)
    const data = JSON.parse(cookieless.body).result.data
    expect(data).toMatchObject({ isSatisfactory: false, repairActionId: expect.any(Number), replayed: false })
    const refused = await raw(app.base, 'POST', '/trpc/inspections.submitPreInspection', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(w, bus.identifier, { date: '2000-01-01' })),
    })
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body).error.data.fieldErrors).toEqual({ date: 'The date may be at most 7 days back' })
  })
})
