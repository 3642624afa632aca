/**
 * The odometer never rolls back (issue 10, decision 029): the history, the owner's edit kept as
 * a reading and refused below the latest, the correction that starts a new baseline, who may read
 * and correct, and the REST / tRPC doors. On both drivers.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { odometerReadings, operatorAssignments, vehicles } from '#db/schema/index.ts'
import { ODOMETER_TEXT } from '#catalog/texts.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { correctOdometer, getOdometerHistory } from '#server/fleet/odometer-history.server.ts'
import { odometerBelowLatestMessage, recordOdometerReading } from '#server/fleet/odometer.server.ts'
import { addVehicle, getVehicle, updateVehicle } from '#server/fleet/vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(300000 + vinSeq++).slice(-6)}`)

describe.each(DRIVERS)('odometer on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; operator: number; ownerManager: number; operatorManager: number; driverUser: number; stranger: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Odo Owner', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Odo Operator', ['Operator'])).id
    ids.ownerManager = (await createUser(db, { firstName: 'Olga', lastName: 'Owner' })).id
    ids.operatorManager = (await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })).id
    ids.driverUser = (await createUser(db, { firstName: 'Dana', lastName: 'Driver' })).id
    ids.stranger = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.operatorManager, ids.operator, 'Operator')
    await grantRole(db, ids.driverUser, ids.operator, 'Driver')
  })
  afterAll(() => db.close())

  const ctx = (userId: number, now?: Date) => ctxFor(db, userId, now)
  const bus = async (odometer?: number) =>
    addVehicle(await ctx(ids.ownerManager), { ownerId: ids.owner, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: `OD-${vinSeq}`, ...(odometer !== undefined ? { odometer } : {}) })
  const assign = (vehicleId: number) =>
    db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: ids.operator, startDate: '2020-01-01', endDate: null }))
  const edit = async (v: Awaited<ReturnType<typeof bus>>, over: Record<string, unknown>) => {
    const { imageData: _i, ...rest } = await getVehicle(await ctx(ids.ownerManager), v.id)
    return updateVehicle(await ctx(ids.ownerManager), { ...rest, ...over })
  }

  it("keeps the owner's values as readings and refuses an edit below the latest, pointing to the correction", async () => {
    const v = await bus(1200)
    let h = await getOdometerHistory(await ctx(ids.ownerManager), v.id)
    expect(h).toMatchObject({ latest: 1200, baselineId: null, canCorrect: true })
    expect(h.readings).toEqual([expect.objectContaining({ reading: 1200, source: 'owner', sourceLabel: 'Owner edit', recordedByName: 'Olga Owner', isBaseline: false })])

    const raised = await edit(v, { odometer: 1500 })
    expect(raised.odometer).toBe(1500)
    // An edit that leaves the odometer as it is adds no reading; an empty one keeps the latest.
    await edit(v, { color: 'Yellow' })
    expect((await edit(v, { odometer: null })).odometer).toBe(1500)
    h = await getOdometerHistory(await ctx(ids.ownerManager), v.id)
    expect(h.readings.map((r) => r.reading)).toEqual([1500, 1200])

    const err = await edit(v, { odometer: 1499 }).catch((e) => e)
    expect(err).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { odometer: odometerBelowLatestMessage(1500) } })
    expect(err.message).toContain('correction')
    const [stored] = await db.read.select().from(vehicles).where(eq(vehicles.id, v.id))
    expect(stored!.odometer).toBe(1500)
  })

  it('a stale edit form is a 409 (version), not an odometer message', async () => {
    const v = await bus(100)
    const { imageData: _i, ...opened } = await getVehicle(await ctx(ids.ownerManager), v.id)
    await correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 50, reason: 'Cluster replaced' })
    // The form opened before the correction carries the old version.
    await expect(updateVehicle(await ctx(ids.ownerManager), { ...opened, odometer: 60 })).rejects.toMatchObject({ code: 'CONFLICT', fieldErrors: { version: expect.any(String) } })
    // Without a version (a legacy client) the odometer rule still holds after the correction's baseline.
    await expect(updateVehicle(await ctx(ids.ownerManager), { ...opened, version: null, odometer: 40 })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { odometer: odometerBelowLatestMessage(50) } })
    expect((await updateVehicle(await ctx(ids.ownerManager), { ...opened, version: null, odometer: 60 })).odometer).toBe(60)
  })

  it('a correction may go lower, needs a reason and starts a new baseline; later readings may not go below it', async () => {
    const v = await bus(90_000)
    await db.transaction((tx) =>
      recordOdometerReading(tx, { vehicleId: v.id, reading: 90_500, source: 'preTripEnd', field: 'odometerEnd', at: new Date(), userId: ids.driverUser, userName: 'Dana Driver' }),
    )
    const bad = await correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: '', reason: '  ' }).catch((e) => e)
    expect(bad).toMatchObject({ code: 'BAD_REQUEST' })
    expect(bad.fieldErrors).toEqual({ reading: ODOMETER_TEXT.readingRequired, reason: ODOMETER_TEXT.reasonRequired })
    await expect(correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 12, reason: 'x'.repeat(501) })).rejects.toMatchObject({ fieldErrors: { reason: 'At most 500 characters' } })
    await expect(correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: -1, reason: 'ok' })).rejects.toMatchObject({ fieldErrors: { reading: expect.any(String) } })
    await expect(correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 12, reason: 'bad\u202Ename' })).rejects.toMatchObject({ fieldErrors: { reason: expect.any(String) } })

    const h = await correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 12, reason: 'Odometer replaced' })
    expect(h.latest).toBe(12)
    expect(h.readings[0]).toMatchObject({ reading: 12, source: 'correction', reason: 'Odometer replaced', isBaseline: true, beforeBaseline: false, recordedByName: 'Olga Owner' })
    expect(h.baselineId).toBe(h.readings[0]!.id)
    expect(h.readings.slice(1).map((r) => [r.reading, r.source, r.beforeBaseline])).toEqual([
      [90_500, 'preTripEnd', true],
      [90_000, 'owner', true],
    ])
    // After the baseline: 20 is fine, 11 is not.
    await db.transaction((tx) => recordOdometerReading(tx, { vehicleId: v.id, reading: 20, source: 'inspection', field: 'odometer', at: new Date(), userId: null, userName: null }))
    await expect(
      db.transaction((tx) => recordOdometerReading(tx, { vehicleId: v.id, reading: 11, source: 'inspection', field: 'odometer', at: new Date(), userId: null, userName: null })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { odometer: odometerBelowLatestMessage(20) } })
    const rows = await db.read.select().from(odometerReadings).where(eq(odometerReadings.vehicleId, v.id))
    expect(rows).toHaveLength(4)
  })

  it('who may read and correct: the owner; the operator of an active assignment reads without names; others 404', async () => {
    const v = await bus(500)
    for (const who of [ids.operatorManager, ids.driverUser, ids.stranger]) {
      await expect(getOdometerHistory(await ctx(who), v.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
      await expect(correctOdometer(await ctx(who), { vehicleId: v.id, reading: 1, reason: 'no' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
    await assign(v.id)
    const seen = await getOdometerHistory(await ctx(ids.operatorManager), v.id)
    expect(seen).toMatchObject({ latest: 500, canCorrect: false })
    expect(seen.readings[0]).toMatchObject({ reading: 500, recordedByName: null })
    // Seeing is not changing: 403 for the operator's people (decision 017).
    await expect(correctOdometer(await ctx(ids.operatorManager), { vehicleId: v.id, reading: 1, reason: 'no' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getOdometerHistory(await ctx(ids.driverUser), v.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('REST and tRPC call the same use cases', async () => {
    const v = await bus(700)
    const token = await apiTokenFor(db, ids.ownerManager)
    const rest = async (method: string, path: string, body?: unknown) => {
      const res = await handleRestRequest(
        new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
        db,
        '127.0.0.1',
      )
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    let res = await rest('GET', `/api/fleet/getodometerhistory?VehicleId=${v.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ vehicleId: v.id, latest: 700 })
    res = await rest('POST', '/api/Fleet/correctOdometer', { VehicleId: v.id, Reading: 650, Reason: 'Misread at delivery' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ latest: 650, readings: [expect.objectContaining({ source: 'correction', reason: 'Misread at delivery' }), expect.anything()] })
    res = await rest('POST', '/api/Fleet/correctOdometer', { vehicleId: v.id, reading: 'abc' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['reading', 'reason'])

    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.ownerManager) })
    expect((await caller.fleet.odometerHistory({ vehicleId: v.id })).latest).toBe(650)
    expect((await caller.fleet.correctOdometer({ vehicleId: v.id, reading: 660, reason: 'Again' })).latest).toBe(660)
    const other = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.stranger) })
    await expect(other.fleet.odometerHistory({ vehicleId: v.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
