/**
 * Meters (issue 35 point 2, decision 084): engine hours never go back, the owner's correction and
 * reset start a new baseline and add their jump to the life offset, the pre-trip and the
 * inspection carry an optional reading (use cases and REST raw bodies, old bodies unchanged),
 * hours_per_day and miles_per_day from the bus's own recent readings, and the odometer's life
 * offset after a correction. On both drivers.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { correctEngineHours, getEngineHoursHistory, recordEngineHours } from '#server/fleet/engine-hours-history.server.ts'
import { engineHoursBelowLatestMessage, recordEngineHoursReading } from '#server/fleet/engine-hours.server.ts'
import { correctOdometer } from '#server/fleet/odometer-history.server.ts'
import { recordOdometerReading } from '#server/fleet/odometer.server.ts'
import { meterRate } from '#server/fleet/meter-rate.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { addDays } from '#server/inspections/pre-inspection-schema.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import type { FleetLoaderData } from '#app/routes/_app+/fleet.server.ts'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import * as fleetOperatorPage from '#app/routes/_app+/fleetOperator.$companyId.tsx'
import * as preTripPage from '#app/routes/_app+/preTrip.$vehicleId.tsx'
import * as inspectionPage from '#app/routes/_app+/InspectionPage.tsx'
import { INSPECTION_INTENT } from '#app/components/inspections/inspection-form/intents.ts'
import { emptyValues } from '#app/components/pre-trip/payload.ts'
import { payloadOf } from '#app/components/pre-trip/payload-body.ts'

const DAY = 86_400_000
const PNG = new Raster(24, 12, [20, 64, 175, 255]).toPng().toString('base64')
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(700000 + vinSeq++).slice(-6)}`)
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()

describe.each(DRIVERS)('meters on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; operator: number; shop: number; ownerManager: number; operatorManager: number; driverUser: number; mechanic: number; stranger: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Meter Owner', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Meter Operator', ['Operator'])).id
    ids.shop = (await createCompany(db, 'Meter Shop', ['RepairShop'])).id
    ids.ownerManager = (await createUser(db, { firstName: 'Olga', lastName: 'Owner' })).id
    ids.operatorManager = (await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })).id
    ids.driverUser = (await createUser(db, { firstName: 'Dana', lastName: 'Driver' })).id
    ids.mechanic = (await createUser(db, { firstName: 'Mia', lastName: 'Mechanic' })).id
    ids.stranger = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.operatorManager, ids.operator, 'Operator')
    await grantRole(db, ids.driverUser, ids.operator, 'Driver')
    await grantRole(db, ids.mechanic, ids.shop, 'Mechanic')
    await db.transaction((tx) => tx.update(t.companies).set({ repairShopCompanyId: ids.shop }).where(eq(t.companies.id, ids.owner)))
  })
  afterAll(() => db.close())

  const ctx = (userId: number, now?: Date) => ctxFor(db, userId, now)
  const bus = async (odometer = 1000, assigned = true) => {
    const v = await addVehicle(await ctx(ids.ownerManager), { ownerId: ids.owner, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: `EH-${vinSeq}`, odometer })
    if (assigned) {
      await db.transaction((tx) =>
        tx.insert(t.operatorAssignments).values({ vehicleId: v.id, operatorCompanyId: ids.operator, startDate: addDays(todayIn('UTC'), -30), endDate: null }),
      )
    }
    return v
  }
  const vehicle = async (id: number) => (await db.read.select().from(t.vehicles).where(eq(t.vehicles.id, id)))[0]!
  const hourRows = (vehicleId: number) => db.read.select().from(t.engineHourReadings).where(eq(t.engineHourReadings.vehicleId, vehicleId)).orderBy(t.engineHourReadings.id)
  const reading = (vehicleId: number, value: number, at = new Date(), field = 'reading') =>
    db.transaction((tx) => recordEngineHoursReading(tx, { vehicleId, reading: value, source: 'owner', field, at, userId: null, userName: null }))

  it('never goes back: a reading below the latest is refused naming the latest; the owner enters readings', async () => {
    const v = await bus()
    let h = await recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: '1200.5' })
    expect(h).toMatchObject({ latest: 1200.5, lifeHours: 1200.5, canRecord: true, canCorrect: true })
    expect(h.readings[0]).toMatchObject({ reading: 1200.5, source: 'owner', sourceLabel: 'Owner entry', recordedByName: 'Olga Owner' })
    const err = await recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 1200.4 }).catch((e) => e)
    expect(err).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { reading: engineHoursBelowLatestMessage(1200.5) } })
    expect(err.message).toMatch(/^Engine hours cannot go back: the latest reading of this vehicle is 1,200.5 h/)
    await expect(recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: ' ' })).rejects.toMatchObject({ fieldErrors: { reading: 'Enter the engine hours' } })
    // Equal is fine (the meter did not move).
    h = await recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 1200.5 })
    expect(h.readings).toHaveLength(2)
    // Bad values: negative, two decimals, too large, blank, text.
    for (const bad of [-1, 12.25, 1_000_001, '', 'abc', null]) {
      await expect(recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: bad })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { reading: expect.any(String) } })
    }
    expect(await hourRows(v.id)).toHaveLength(2)
    const audits = await db.read.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'vehicle.engineHours'), eq(t.auditLog.entityId, String(v.id))))
    expect(audits).toHaveLength(2)
  })

  it('a correction or a reset may go lower, needs a reason, starts a new baseline and adds its jump to the life offset', async () => {
    const v = await bus()
    await reading(v.id, 5000)
    const bad = await correctEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: '', reason: ' ' }).catch((e) => e)
    expect(bad).toMatchObject({ code: 'BAD_REQUEST' })
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(['reading', 'reason'])

    let h = await correctEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 4990, reason: 'Misread' })
    expect(h).toMatchObject({ latest: 4990, lifeHours: 5000 })
    expect(h.readings[0]).toMatchObject({ source: 'correction', sourceLabel: 'Correction', isBaseline: true, reason: 'Misread' })
    expect((await vehicle(v.id)).engineHoursOffset).toBe(10)

    // An engine replaced: a reset to 0 (the form's checkbox says "on").
    h = await correctEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: '0', reason: 'Engine replaced', reset: 'on' })
    expect(h).toMatchObject({ latest: 0, lifeHours: 5000, baselineId: h.readings[0]!.id })
    expect(h.readings.map((r) => [r.source, r.beforeBaseline])).toEqual([
      ['reset', false],
      ['correction', true],
      ['owner', true],
    ])
    const stored = await vehicle(v.id)
    expect([stored.engineHours, stored.engineHoursOffset]).toEqual([0, 5000])
    // After the baseline: 12.5 is fine, 12 is not; life hours keep counting.
    await reading(v.id, 12.5)
    await expect(reading(v.id, 12)).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { reading: engineHoursBelowLatestMessage(12.5) } })
    expect((await getEngineHoursHistory(await ctx(ids.ownerManager), v.id)).lifeHours).toBe(5012.5)
    const audits = await db.read.select({ action: t.auditLog.action }).from(t.auditLog).where(eq(t.auditLog.entityId, String(v.id)))
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['vehicle.engineHoursCorrection', 'vehicle.engineHoursReset']))
  })

  it('who may read and write: the owner; the operator of an active assignment reads without names; others 404', async () => {
    const v = await bus(500, false)
    await recordEngineHours(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 100 })
    for (const who of [ids.operatorManager, ids.driverUser, ids.mechanic, ids.stranger]) {
      await expect(getEngineHoursHistory(await ctx(who), v.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
      await expect(recordEngineHours(await ctx(who), { vehicleId: v.id, reading: 101 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
    await db.transaction((tx) => tx.insert(t.operatorAssignments).values({ vehicleId: v.id, operatorCompanyId: ids.operator, startDate: '2020-01-01', endDate: null }))
    const seen = await getEngineHoursHistory(await ctx(ids.operatorManager), v.id)
    expect(seen).toMatchObject({ latest: 100, canRecord: false, canCorrect: false })
    expect(seen.readings[0]).toMatchObject({ reading: 100, recordedByName: null })
    await expect(recordEngineHours(await ctx(ids.operatorManager), { vehicleId: v.id, reading: 101 })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(correctEngineHours(await ctx(ids.operatorManager), { vehicleId: v.id, reading: 1, reason: 'no' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })

  const preTrip = (identifier: string, over: Record<string, unknown> = {}) => ({
    vehicleIdentifier: identifier,
    date: todayIn('UTC'),
    timeIn: iso(-90 * 60_000),
    timeOut: iso(-10 * 60_000),
    odometerStart: 1000,
    odometerEnd: 1042,
    signatureName: 'Dana Driver',
    ...over,
  })
  const inspection = (identifier: string, over: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = { vehicleIdentifier: identifier, inspectionDate: todayIn('UTC'), inspectorSignature: `data:image/png;base64,${PNG}`, photos: [] }
    for (const k of INSPECTION_ITEM_KEYS) body[k] = { status: 0, comments: '' }
    return { ...body, ...over }
  }

  it('the pre-trip and the inspection record an optional reading in their transaction, linked to the record', async () => {
    const v = await bus()
    // Without engineHours (an old client): nothing about hours changes.
    await submitPreInspection(await ctx(ids.driverUser), preTrip(v.vehicleIdentifier))
    expect(await hourRows(v.id)).toHaveLength(0)
    expect((await vehicle(v.id)).engineHours).toBeNull()

    const filed = await submitPreInspection(await ctx(ids.driverUser), preTrip(v.vehicleIdentifier, { odometerStart: 1042, odometerEnd: 1100, engineHours: '812.3' }))
    let rows = await hourRows(v.id)
    expect(rows).toEqual([expect.objectContaining({ reading: 812.3, source: 'preTrip', preInspectionId: filed.id, recordedByName: 'Dana Driver' })])
    expect((await vehicle(v.id)).engineHours).toBe(812.3)

    // Below the latest: refused by field, and the whole filing is not saved.
    const pres = (await db.read.select().from(t.preInspections).where(eq(t.preInspections.vehicleId, v.id))).length
    const low = await submitPreInspection(await ctx(ids.driverUser), preTrip(v.vehicleIdentifier, { odometerStart: 1100, odometerEnd: null, engineHours: 800 })).catch((e) => e)
    expect(low).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { engineHours: engineHoursBelowLatestMessage(812.3) } })
    expect(await db.read.select().from(t.preInspections).where(eq(t.preInspections.vehicleId, v.id))).toHaveLength(pres)
    // A bad value is named with the other fields.
    const bad = await submitPreInspection(await ctx(ids.driverUser), preTrip(v.vehicleIdentifier, { engineHours: 1.25 })).catch((e) => e)
    expect(bad.fieldErrors).toHaveProperty('engineHours')

    const insp = await submitInspection(await ctx(ids.mechanic), inspection(v.vehicleIdentifier, { odometer: 1200, engineHours: 820 }))
    expect(insp.pendingReview).toBe(false)
    rows = await hourRows(v.id)
    expect(rows.at(-1)).toMatchObject({ reading: 820, source: 'inspection', inspectionId: insp.id, preInspectionId: null })
    await submitInspection(await ctx(ids.mechanic), inspection(v.vehicleIdentifier))
    expect(await hourRows(v.id)).toHaveLength(2)
  })

  it('REST: submitPreInspection and submitInspection take engineHours in any key case; old bodies unchanged; the Fleet paths and tRPC', async () => {
    const v = await bus()
    const rest = async (user: number, method: string, path: string, body?: unknown) => {
      const token = await apiTokenFor(db, user)
      const res = await handleRestRequest(
        new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
        db,
        '127.0.0.1',
      )
      const text = await res.text()
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
    }
    let res = await rest(ids.driverUser, 'POST', '/api/Maintenance/submitPreInspection', preTrip(v.vehicleIdentifier))
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), isSatisfactory: true, repairActionId: null } })
    expect(Object.keys(res.body!).sort()).toEqual(['id', 'isSatisfactory', 'repairActionId'])
    res = await rest(ids.driverUser, 'POST', '/api/maintenance/submitpreinspection', preTrip(v.vehicleIdentifier, { odometerStart: 1042, odometerEnd: null, EngineHours: 300.1 }))
    expect(res.status).toBe(201)
    expect((await hourRows(v.id)).at(-1)).toMatchObject({ reading: 300.1, source: 'preTrip', preInspectionId: res.body!.id })
    res = await rest(ids.driverUser, 'POST', '/api/Maintenance/submitPreInspection', preTrip(v.vehicleIdentifier, { odometerStart: 1042, odometerEnd: null, engineHours: 'lots' }))
    expect(res.status).toBe(400)
    expect(res.body!.errors).toHaveProperty('engineHours')

    res = await rest(ids.mechanic, 'POST', '/api/Maintenance/submitInspection', inspection(v.vehicleIdentifier))
    expect(res).toEqual({ status: 201, body: { id: expect.any(Number), isSatisfactory: true } })
    res = await rest(ids.mechanic, 'POST', '/api/Maintenance/submitInspection', inspection(v.vehicleIdentifier, { ENGINEHOURS: '310' }))
    expect(res.status).toBe(201)
    expect((await hourRows(v.id)).at(-1)).toMatchObject({ reading: 310, source: 'inspection', inspectionId: res.body!.id })
    res = await rest(ids.mechanic, 'POST', '/api/Maintenance/submitInspection', inspection(v.vehicleIdentifier, { engineHours: 200 }))
    expect(res.status).toBe(400)
    expect(String((res.body!.errors as Record<string, string>).engineHours)).toContain('310 h')

    res = await rest(ids.ownerManager, 'POST', '/api/fleet/RECORDENGINEHOURS', { VehicleId: v.id, Reading: 320 })
    expect(res).toMatchObject({ status: 200, body: { latest: 320 } })
    res = await rest(ids.ownerManager, 'POST', '/api/Fleet/correctEngineHours', { vehicleId: v.id, reading: 0, reason: 'New engine', reset: true })
    expect(res).toMatchObject({ status: 200, body: { latest: 0, lifeHours: 320 } })
    expect((res.body!.readings as { source: string }[])[0]!.source).toBe('reset')
    res = await rest(ids.ownerManager, 'POST', '/api/Fleet/correctEngineHours', { vehicleId: v.id, reading: 'x' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body!.errors as object).sort()).toEqual(['reading', 'reason'])
    res = await rest(ids.ownerManager, 'GET', `/api/Fleet/getEngineHoursHistory?VehicleId=${v.id}`)
    expect(res).toMatchObject({ status: 200, body: { vehicleId: v.id, latest: 0 } })
    res = await rest(ids.stranger, 'GET', `/api/Fleet/getEngineHoursHistory?vehicleId=${v.id}`)
    expect(res.status).toBe(404)

    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.ownerManager) })
    expect((await caller.fleet.recordEngineHours({ vehicleId: v.id, reading: 5 })).latest).toBe(5)
    expect((await caller.fleet.correctEngineHours({ vehicleId: v.id, reading: 4, reason: 'Misread' })).lifeHours).toBe(325)
    expect((await caller.fleet.engineHoursHistory({ vehicleId: v.id })).readings[0]!.source).toBe('correction')

    const doc = (await (await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/Fleet/recordEngineHours', '/api/Fleet/correctEngineHours', '/api/Fleet/getEngineHoursHistory']))
    expect(JSON.stringify(doc.paths['/api/Maintenance/submitPreInspection'])).toContain('engineHours')
  })

  it('hours_per_day and miles_per_day come from the bus\'s own readings of the last 90 days, across a correction', async () => {
    const v = await bus(10_000)
    const now = Date.now()
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY)
    // One odometer reading only (the owner's at creation): no rate yet.
    expect((await vehicle(v.id)).milesPerDay).toBeNull()
    // Hours: 200 days ago (outside the window), then 60, 30 and 0 days ago.
    await reading(v.id, 100, at(200))
    expect((await vehicle(v.id)).hoursPerDay).toBeNull()
    await reading(v.id, 400, at(60))
    expect((await vehicle(v.id)).hoursPerDay).toBeNull() // one reading inside the window
    await reading(v.id, 550, at(30))
    expect((await vehicle(v.id)).hoursPerDay).toBe(5) // (550 − 400) / 30
    await reading(v.id, 550.5, at(29.99))
    await reading(v.id, 700, at(0))
    expect((await vehicle(v.id)).hoursPerDay).toBe(5) // (700 − 400) / 60
    // A reset in the window counts as 0 hours: 700 → reset to 0 → 60 later = 60 hours run after it.
    await db.transaction(async (tx) => {
      const { recordEngineHoursCorrection } = await import('#server/fleet/engine-hours.server.ts')
      await recordEngineHoursCorrection(tx, { vehicleId: v.id, reading: 0, reset: true, reason: 'Engine replaced', at: at(0), userId: null, userName: null })
    })
    await reading(v.id, 60, at(-0.001))
    expect((await vehicle(v.id)).hoursPerDay).toBe(6) // (700 − 400 + 60) / 60

    // Miles: readings less than a day apart give no pace yet.
    const m = await bus(0, false)
    const odo = (value: number, daysAgo: number) =>
      db.transaction((tx) => recordOdometerReading(tx, { vehicleId: m.id, reading: value, source: 'inspection', field: 'odometer', at: at(daysAgo), userId: null, userName: null }))
    await odo(1000, 0)
    await odo(4000, 0)
    expect(await db.transaction((tx) => meterRate(tx, 'odometer', m.id, new Date(now)))).toBeNull()
    expect((await vehicle(m.id)).milesPerDay).toBeNull()
  })

  it('miles_per_day over 30 days and the odometer life offset after a correction', async () => {
    const now = Date.now()
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY)
    const v = await addVehicle(await ctx(ids.ownerManager, at(200)), { ownerId: ids.owner, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: `EH-${vinSeq}`, odometer: 250_000 })
    const odo = (value: number, daysAgo: number) =>
      db.transaction((tx) => recordOdometerReading(tx, { vehicleId: v.id, reading: value, source: 'inspection', field: 'odometer', at: at(daysAgo), userId: null, userName: null }))
    await odo(250_600, 30)
    await odo(251_200, 20)
    expect((await vehicle(v.id)).milesPerDay).toBe(60) // (251,200 − 250,600) / 10; the creation reading is 200 days old
    // The cluster replaced: 251,200 → 1,000. The offset takes the jump; life miles stay put.
    await correctOdometer(await ctx(ids.ownerManager, at(10)), { vehicleId: v.id, reading: 1000, reason: 'Cluster replaced' })
    let stored = await vehicle(v.id)
    expect([stored.odometer, stored.odometerOffset]).toEqual([1000, 250_200])
    expect(stored.odometer! + stored.odometerOffset).toBe(251_200)
    // The correction itself drove nothing: still (251,200 − 250,600) / 20 days.
    expect(stored.milesPerDay).toBe(30)
    await odo(2200, 0)
    stored = await vehicle(v.id)
    // Across the correction: 600 before it + 1,200 after it, over 30 days.
    expect(stored.milesPerDay).toBe(60)
    expect(stored.odometer! + stored.odometerOffset).toBe(252_400)
    // A correction upwards (a misread low) takes a negative jump: life miles never jump with a correction.
    await correctOdometer(await ctx(ids.ownerManager), { vehicleId: v.id, reading: 2500, reason: 'Misread' })
    stored = await vehicle(v.id)
    expect(stored.odometer! + stored.odometerOffset).toBe(252_400)
  })
})

describe('the pages: the fleet panel (no JavaScript) and the pre-trip form', () => {
  let db: Database
  const who = {} as Record<'owner' | 'operator' | 'driver' | 'mechanic', { id: number; cookie: string }>
  let ownerCo = 0
  let operatorCo = 0
  let vehicleId = 0
  let identifier = ''

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    ownerCo = (await createCompany(db, 'Panel Owner', ['Owner'])).id
    operatorCo = (await createCompany(db, 'Panel Operator', ['Operator'])).id
    const person = async (companyId: number, role: 'Owner' | 'Operator' | 'Driver' | 'Mechanic') => {
      const u = await createUser(db, { firstName: role, lastName: 'Person' })
      await grantRole(db, u.id, companyId, role)
      return { id: u.id, cookie: await webSessionFor(db, u.id) }
    }
    who.owner = await person(ownerCo, 'Owner')
    who.operator = await person(operatorCo, 'Operator')
    who.driver = await person(operatorCo, 'Driver')
    who.mechanic = await person(operatorCo, 'Mechanic')
    const v = await addVehicle(await ctxFor(db, who.owner.id), { ownerId: ownerCo, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: 'PNL-1', odometer: 12000 })
    vehicleId = v.id
    identifier = v.vehicleIdentifier
    await db.transaction((tx) => tx.insert(t.operatorAssignments).values({ vehicleId, operatorCompanyId: operatorCo, startDate: addDays(todayIn('UTC'), -3), endDate: null }))
  })
  afterAll(() => db.close())

  const ownerPath = () => `/fleet/${ownerCo}?open=${vehicleId}&tab=details`
  const post = (form: Record<string, string>) => callPage(fleetPage.action as PageHandler, ownerPath(), { cookie: who.owner.cookie, params: { companyId: String(ownerCo) }, form })

  it("the owner records and corrects through plain posts; a refusal keeps what was typed; the operator's panel is read-only", async () => {
    let r = await post({ intent: 'recordEngineHours', vehicleId: String(vehicleId), reading: '250.5' })
    expect(r.status).toBe(302)
    expect(r.location).toContain(`open=${vehicleId}`)
    expect(r.toast).toMatchObject({ type: 'success', message: 'Engine-hour reading recorded' })
    r = await post({ intent: 'recordEngineHours', vehicleId: String(vehicleId), reading: '200' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ intent: 'recordEngineHours', values: { reading: '200' }, fieldErrors: { reading: engineHoursBelowLatestMessage(250.5) } })
    r = await post({ intent: 'correctEngineHours', vehicleId: String(vehicleId), reading: '0', reason: '', reset: 'on' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ intent: 'correctEngineHours', values: { reading: '0', reset: true }, fieldErrors: { reason: expect.any(String) } })
    r = await post({ intent: 'correctEngineHours', vehicleId: String(vehicleId), reading: '0', reason: 'Engine replaced', reset: 'on' })
    expect(r.status).toBe(302)
    expect(r.toast).toMatchObject({ type: 'success', message: 'Engine-hours correction recorded' })

    const page = await callPage(fleetPage.loader as PageHandler, ownerPath(), { cookie: who.owner.cookie, params: { companyId: String(ownerCo) } })
    const open = (page.body as FleetLoaderData).open
    expect(open?.engineHours).toMatchObject({ latest: 0, lifeHours: 250.5, canRecord: true, canCorrect: true })
    expect(open?.engineHours?.readings.map((x) => [x.reading, x.sourceLabel, x.isBaseline])).toEqual([
      [0, 'Engine replaced', true],
      [250.5, 'Owner entry', false],
    ])
    const seen = await callPage(fleetOperatorPage.loader as PageHandler, `/fleetOperator/${operatorCo}?open=${vehicleId}&tab=details`, {
      cookie: who.operator.cookie,
      params: { companyId: String(operatorCo) },
    })
    expect((seen.body as FleetLoaderData).open?.engineHours).toMatchObject({ latest: 0, canRecord: false, canCorrect: false })
    expect((seen.body as FleetLoaderData).open?.engineHours?.readings[0]?.recordedByName).toBeNull()
  })

  it('the pre-trip form carries the hour meter: the no-JavaScript post and the body the outbox queues', async () => {
    const f = new FormData()
    f.append('intent', 'submitPreInspection')
    f.append('idempotencyKey', 'panel-hours-1')
    for (const item of PRE_INSPECTION_ITEMS) f.append(item.key, 'ok')
    const fields: Record<string, string> = {
      timeIn: new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 16),
      timeOut: '',
      odometerStart: '12000',
      odometerEnd: '',
      engineHours: '12.5',
      front: '',
      rear: '',
      rightSide: '',
      leftSide: '',
      comments: '',
      signatureName: 'Pat Driver',
    }
    for (const [k, v] of Object.entries(fields)) f.append(k, v)
    const r = await callPage(preTripPage.action as PageHandler, `/preTrip/${vehicleId}`, { cookie: who.driver.cookie, params: { vehicleId: String(vehicleId) }, form: f })
    expect(r).toMatchObject({ status: 200, body: { ok: true, filed: { id: expect.any(Number) } } })
    const rows = await db.read.select().from(t.engineHourReadings).where(eq(t.engineHourReadings.vehicleId, vehicleId))
    expect(rows.at(-1)).toMatchObject({ reading: 12.5, source: 'preTrip', preInspectionId: expect.any(Number) })

    // What the page with JavaScript (and its offline outbox) sends: the typed hours, or nothing when blank.
    const values = { ...emptyValues('2026-01-01T08:00', 12000), engineHours: ' 13.4 ' }
    const opts = { vehicleIdentifier: identifier, timeZone: 'UTC', today: '2026-01-01', idempotencyKey: 'k' }
    expect(payloadOf(values, opts).engineHours).toBe(13.4)
    expect(payloadOf({ ...values, engineHours: '' }, opts)).not.toHaveProperty('engineHours')
    expect(payloadOf({ ...values, engineHours: undefined }, opts)).not.toHaveProperty('engineHours')
    expect(payloadOf({ ...values, engineHours: '1,5' }, opts).engineHours).toBe('1,5')
  })

  it("the mechanic's inspection page carries the hour meter; a refusal hands it back", async () => {
    const form = (key: string, engineHours: string) => {
      const f = new FormData()
      f.set('vehicleIdentifier', identifier)
      f.set('idempotencyKey', key)
      f.set('inspectionDate', todayIn('UTC'))
      f.set('odometer', '')
      f.set('engineHours', engineHours)
      for (const k of INSPECTION_ITEM_KEYS) {
        f.set(`${k}.status`, '0')
        f.set(`${k}.comments`, '')
      }
      f.set('signatureName', 'Nora Wrench')
      f.set('intent', INSPECTION_INTENT.file)
      return f
    }
    const post = (f: FormData) => callPage(inspectionPage.action as PageHandler, '/InspectionPage', { cookie: who.mechanic.cookie, form: f, params: {} })
    const bad = await post(form('hours-bad', '1.25'))
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ fieldErrors: { engineHours: expect.any(String) }, values: { engineHours: '1.25' } })
    const ok = await post(form('hours-ok', '20'))
    expect(ok.body).toMatchObject({ ok: true })
    const rows = await db.read.select().from(t.engineHourReadings).where(eq(t.engineHourReadings.vehicleId, vehicleId))
    expect(rows.at(-1)).toMatchObject({ reading: 20, source: 'inspection', inspectionId: expect.any(Number) })
  })
})
