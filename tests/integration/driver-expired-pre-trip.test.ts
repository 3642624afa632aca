/**
 * Expired means visible (issue 37 point 4, decision 086): an operator company whose rule is
 * "refuse" turns away the pre-trip of a driver whose driver's license (the latest expiry of their
 * licenses) or medical examiner's certificate at that operator has expired — 403 with a message
 * saying which, on every door (the use case, REST over raw HTTP, tRPC over raw HTTP, the page's
 * loader and its no-JavaScript action), nothing filed. "Allow" (the default) files it, and the
 * pre-trip's times become an on-duty period of the driver (recordPreTripDuty).
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as preTrip from '#app/routes/_app+/preTrip.$vehicleId.tsx'
import type { PreTripActionData } from '#app/components/pre-trip/types.ts'
import { PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import type { Database } from '#db/client.ts'
import { companies, driverFileItems, driverFiles, dutyPeriods, operatorAssignments, preInspections, userLicenses } from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

const LICENSE_REFUSED = 'Your driver’s license has expired: the operator does not allow a pre-trip until it is renewed'
const MEDICAL_REFUSED = 'Your medical examiner’s certificate has expired: the operator does not allow a pre-trip until it is renewed'
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

let db: Database
let app: RunningApp
let operatorCo: number
let driver: { id: number; cookie: string; token: string }
let vehicle: { id: number; vehicleIdentifier: string }
let licenseId: number
let today: string

const setRule = (rule: 'allow' | 'refuse') => db.transaction((tx) => tx.update(companies).set({ expiredDriverPreTrip: rule }).where(eq(companies.id, operatorCo)))
const setLicenseExpiry = (expiryDate: string | null) => db.transaction((tx) => tx.update(userLicenses).set({ expiryDate }).where(eq(userLicenses.id, licenseId)))
async function setMedicalExpiry(expiryDate: string | null) {
  await db.transaction(async (tx) => {
    const [file] = await tx.select({ id: driverFiles.id }).from(driverFiles).where(and(eq(driverFiles.companyId, operatorCo), eq(driverFiles.driverUserId, driver.id)))
    await tx.delete(driverFileItems).where(eq(driverFileItems.driverFileId, file!.id))
    if (expiryDate) await tx.insert(driverFileItems).values({ driverFileId: file!.id, companyId: operatorCo, kind: 'medicalCertificate', itemDate: addDays(today, -700), expiryDate })
  })
}
const filed = async () => (await db.read.select({ n: count() }).from(preInspections).where(eq(preInspections.driverUserId, driver.id)))[0]!.n

/** Each filing reads a higher odometer (a reading below the latest is refused). */
let odometer = 1000
const body = (over: Record<string, unknown> = {}) => ({
  vehicleIdentifier: vehicle.vehicleIdentifier,
  date: today,
  timeIn: new Date(Date.now() - 90 * 60_000).toISOString(),
  timeOut: new Date(Date.now() - 60 * 60_000).toISOString(),
  odometerStart: (odometer += 100),
  odometerEnd: odometer + 42,
  driverSignature: `data:image/png;base64,${PNG}`,
  ...over,
})

function pageForm(key: string) {
  const f = new FormData()
  f.append('intent', 'submitPreInspection')
  f.append('idempotencyKey', key)
  for (const item of PRE_INSPECTION_ITEMS) f.append(item.key, 'ok')
  const fields: Record<string, string> = {
    timeIn: new Date(Date.now() - 30 * 60_000).toISOString().slice(0, 16),
    timeOut: '',
    odometerStart: String((odometer += 100)),
    odometerEnd: '',
    front: '',
    rear: '',
    rightSide: '',
    leftSide: '',
    comments: '',
    signatureName: 'Pat Driver',
  }
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  today = todayIn('UTC')
  const ownerCo = (await createCompany(db, 'Expiry Leasing', ['Owner'])).id
  operatorCo = (await createCompany(db, 'Expiry Transit', ['Operator'])).id
  const u = await createUser(db, { firstName: 'Pat', lastName: 'Driver' })
  await grantRole(db, u.id, operatorCo, 'Driver')
  driver = { id: u.id, cookie: await webSessionFor(db, u.id), token: await apiTokenFor(db, u.id) }
  vehicle = await insertVehicle(db, ownerCo, { odometer: 900 })
  await db.transaction(async (tx) => {
    await tx.insert(operatorAssignments).values({ vehicleId: vehicle.id, operatorCompanyId: operatorCo, startDate: addDays(today, -5), endDate: addDays(today, 60) })
    const [l] = await tx.insert(userLicenses).values({ userId: u.id, licenseTypeId: 1, licenseNumber: 'D1234567', expiryDate: addDays(today, 400) }).returning({ id: userLicenses.id })
    licenseId = l!.id
    await tx.insert(driverFiles).values({ companyId: operatorCo, driverUserId: u.id, hiredOn: addDays(today, -800) })
  })
  app = await startApp(db)
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db.close()
})

const rest = (payload: unknown) =>
  raw(app.base, 'POST', '/api/Maintenance/submitPreInspection', {
    headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
const trpc = (payload: unknown) =>
  raw(app.base, 'POST', '/trpc/inspections.submitPreInspection', {
    headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
const pageParams = () => ({ vehicleId: String(vehicle.id) })

describe('the expired-driver pre-trip rule', () => {
  it('"allow" (the default) files the pre-trip of a driver whose license has expired, and records its times as on-duty time', async () => {
    await setLicenseExpiry(addDays(today, -3))
    const [c] = await db.read.select({ rule: companies.expiredDriverPreTrip }).from(companies).where(eq(companies.id, operatorCo))
    expect(c!.rule).toBe('allow')
    const payload = body()
    const r = await rest(payload)
    expect(r.status).toBe(201)
    const periods = await db.read.select().from(dutyPeriods).where(and(eq(dutyPeriods.companyId, operatorCo), eq(dutyPeriods.driverUserId, driver.id)))
    expect(periods).toHaveLength(1)
    expect(periods[0]).toMatchObject({ status: 'onDuty', source: 'preTrip' })
    expect(periods[0]!.startedAt.toISOString()).toBe(payload.timeIn)
    expect(periods[0]!.endedAt!.toISOString()).toBe(payload.timeOut)
    // The page shows the form (no refusal).
    const page = await callPage(preTrip.loader as PageHandler, `/preTrip/${vehicle.id}`, { cookie: driver.cookie, params: pageParams() })
    expect(page.status).toBe(200)
    expect((page.body as { refusal: unknown }).refusal).toBeNull()
  })

  it('"refuse" turns away an expired license with 403 and its message on every door, and files nothing', async () => {
    await setRule('refuse')
    await setLicenseExpiry(addDays(today, -1))
    const before = await filed()

    await expect(submitPreInspection(await ctxFor(db, driver.id), body())).rejects.toMatchObject({ code: 'FORBIDDEN', message: LICENSE_REFUSED })

    const viaRest = await rest(body())
    expect(viaRest.status).toBe(403)
    expect(JSON.parse(viaRest.body)).toEqual({ message: LICENSE_REFUSED })

    const viaTrpc = await trpc(body())
    expect(viaTrpc.status).toBe(403)
    expect(JSON.stringify(JSON.parse(viaTrpc.body))).toContain(LICENSE_REFUSED)

    // The page says it before the form…
    const page = await callPage(preTrip.loader as PageHandler, `/preTrip/${vehicle.id}`, { cookie: driver.cookie, params: pageParams() })
    expect(page.status).toBe(200)
    expect((page.body as { refusal: { message: string } }).refusal.message).toBe(LICENSE_REFUSED)
    // …and a form posted anyway (an old tab, no JavaScript) is refused with the same sentence.
    const posted = await callPage(preTrip.action as PageHandler, `/preTrip/${vehicle.id}`, { cookie: driver.cookie, params: pageParams(), form: pageForm('page-refused-1') })
    expect(posted.status).toBe(403)
    const data = posted.body as PreTripActionData
    expect(data.ok).toBe(false)
    expect((data as { formError: string | null }).formError).toBe(LICENSE_REFUSED)

    expect(await filed()).toBe(before)
  })

  it('"refuse" turns away an expired medical certificate at that operator; a renewed license and certificate file again', async () => {
    await setRule('refuse')
    await setLicenseExpiry(addDays(today, 200))
    await setMedicalExpiry(addDays(today, -10))
    const before = await filed()
    const viaRest = await rest(body())
    expect(viaRest.status).toBe(403)
    expect(JSON.parse(viaRest.body)).toEqual({ message: MEDICAL_REFUSED })
    const viaTrpc = await trpc(body())
    expect(viaTrpc.status).toBe(403)
    const page = await callPage(preTrip.loader as PageHandler, `/preTrip/${vehicle.id}`, { cookie: driver.cookie, params: pageParams() })
    expect((page.body as { refusal: { message: string } }).refusal.message).toBe(MEDICAL_REFUSED)
    expect(await filed()).toBe(before)

    // Renewed: the certificate's new expiry is later; the pre-trip goes through on every door.
    await setMedicalExpiry(addDays(today, 300))
    expect((await rest(body({ timeIn: new Date(Date.now() - 50 * 60_000).toISOString(), timeOut: new Date(Date.now() - 45 * 60_000).toISOString() }))).status).toBe(201)
    expect((await trpc(body({ timeIn: new Date(Date.now() - 40 * 60_000).toISOString(), timeOut: null }))).status).toBe(200)
    const page2 = await callPage(preTrip.loader as PageHandler, `/preTrip/${vehicle.id}`, { cookie: driver.cookie, params: pageParams() })
    expect((page2.body as { refusal: unknown }).refusal).toBeNull()
    expect(await filed()).toBe(before + 2)
  })

  it('a license counts as expired only when every license with an expiry date has expired; no expiry date is not expired', async () => {
    await setRule('refuse')
    await setMedicalExpiry(addDays(today, 300))
    await setLicenseExpiry(null)
    const before = await filed()
    expect((await rest(body({ timeIn: new Date(Date.now() - 30 * 60_000).toISOString(), timeOut: new Date(Date.now() - 25 * 60_000).toISOString() }))).status).toBe(201)
    // An expired one and a valid one: the latest expiry counts.
    await setLicenseExpiry(addDays(today, -30))
    const [second] = await db.transaction((tx) => tx.insert(userLicenses).values({ userId: driver.id, licenseTypeId: 1, licenseNumber: 'D7654321', expiryDate: addDays(today, 90) }).returning())
    expect((await rest(body({ timeIn: new Date(Date.now() - 20 * 60_000).toISOString(), timeOut: new Date(Date.now() - 15 * 60_000).toISOString() }))).status).toBe(201)
    await db.transaction((tx) => tx.delete(userLicenses).where(eq(userLicenses.id, second!.id)))
    expect((await rest(body())).status).toBe(403)
    expect(await filed()).toBe(before + 2)
  })
})
