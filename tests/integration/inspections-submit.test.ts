/**
 * The mechanic's inspection (issue 10, PRODUCT.md section 5), on both drivers: the result
 * computed on the server, the next inspection a year on only when satisfactory, every rule
 * naming its field, who may file (any vehicle, by identifier or QR), idempotent filing (in
 * turn and at once), the odometer that never rolls back, and the REST path over real HTTP
 * with API.md's exact shape.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, inspectionItems, inspectionPhotos, inspections, inspectionSignatures, odometerReadings, vehicles } from '#db/schema/index.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { findVehicleForInspection } from '#server/inspections/find-vehicle.server.ts'
import { addDays, oneYearAfter, vehicleRefFromLink } from '#server/inspections/inspection-schema.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

const PNG = new Raster(40, 20, [20, 20, 20, 255]).toPng().toString('base64')
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(200000 + vinSeq++).slice(-6)}`)
const today = () => todayIn('UTC')

/** A whole valid filing (API.md's shape): every item Satisfactory, a drawn signature. */
function filing(vehicleIdentifier: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { vehicleIdentifier, inspectionDate: today(), inspectorSignature: `data:image/png;base64,${PNG}`, photos: [] }
  for (const k of INSPECTION_ITEM_KEYS) body[k] = { status: 0, comments: '' }
  return { ...body, ...over }
}

const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal') }, (e: { code: string; status: number; message: string; fieldErrors?: Record<string, string> }) => e)

interface World {
  db: Database
  owner: number
  ownerCompany: number
  mechanic: number
  otherShopMechanic: number
  inactiveMechanic: number
  driver: number
  operatorManager: number
  shopManager: number
  newBus(odometer?: number): Promise<{ id: number; vehicleIdentifier: string }>
}

async function makeWorld(db: Database): Promise<World> {
  const ownerCo = await createCompany(db, 'Summit Leasing', ['Owner'])
  const operatorCo = await createCompany(db, 'Evergreen Schools', ['Operator'])
  const shop = await createCompany(db, 'Ace Repairs', ['RepairShop'])
  const otherShop = await createCompany(db, 'Far Away Garage', ['RepairShop'])
  const u = async (first: string, last: string) => (await createUser(db, { firstName: first, lastName: last })).id
  const w: World = {
    db,
    owner: await u('Olive', 'Owner'),
    ownerCompany: ownerCo.id,
    mechanic: await u('Mia', 'Mechanic'),
    otherShopMechanic: await u('Otto', 'Elsewhere'),
    inactiveMechanic: await u('Ivan', 'Inactive'),
    driver: await u('Dan', 'Driver'),
    operatorManager: await u('Opal', 'Operator'),
    shopManager: await u('Sam', 'Shop'),
    async newBus(odometer = 50_000) {
      return addVehicle(await ctxFor(db, w.owner), { ownerId: ownerCo.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'IN-1', odometer })
    },
  }
  await grantRole(db, w.owner, ownerCo.id, 'Owner')
  await grantRole(db, w.mechanic, shop.id, 'Mechanic')
  await grantRole(db, w.otherShopMechanic, otherShop.id, 'Mechanic')
  await grantRole(db, w.inactiveMechanic, shop.id, 'Mechanic', false)
  await grantRole(db, w.driver, operatorCo.id, 'Driver')
  await grantRole(db, w.operatorManager, operatorCo.id, 'Operator')
  await grantRole(db, w.shopManager, shop.id, 'RepairShop')
  // Ace Repairs is the owner's chosen shop: related to its buses (decision 062); Far Away Garage is not.
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
  return w
}

const inspectionCount = async (db: Database, vehicleId: number) =>
  (await db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, vehicleId)))[0]!.n

describe('inspection dates', () => {
  it('one year after: February 29 becomes February 28', () => {
    expect(oneYearAfter('2028-02-29')).toBe('2029-02-28')
    expect(oneYearAfter('2026-11-22')).toBe('2027-11-22')
    expect(oneYearAfter('2027-03-01')).toBe('2028-03-01')
  })
  it('reads what a QR link names (its token, or the plain id of older prints), with or without its origin', () => {
    const token = '0123456789abcdef89ABCDEF'
    expect(vehicleRefFromLink(`http://127.0.0.1:3000/vehicles/${token}`)).toEqual({ token: token.toLowerCase() })
    expect(vehicleRefFromLink('http://127.0.0.1:3000/vehicles/42')).toEqual({ id: 42 })
    expect(vehicleRefFromLink('/vehicles/7')).toEqual({ id: 7 })
    expect(vehicleRefFromLink('BUS-42')).toBeNull()
    expect(vehicleRefFromLink('/vehicles/not-a-token')).toBeNull()
    expect(vehicleRefFromLink('https://evil.example/vehicles/1/../../x')).toBeNull()
  })
})

describe.each(DRIVERS)('submitInspection on %s', (driver) => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb(driver))
  })
  afterAll(() => w.db.close())

  it('files a satisfactory inspection: 48 items, the signature, the inspector, next inspection a year on', async () => {
    const bus = await w.newBus()
    const result = await submitInspection(await ctxFor(w.db, w.mechanic), filing(bus.vehicleIdentifier.toLowerCase(), { photos: [{ photo: PNG, name: 'front.png' }] }))
    expect(result).toEqual({ id: expect.any(Number), isSatisfactory: true, pendingReview: false })
    const [row] = await w.db.read.select().from(inspections).where(eq(inspections.id, result.id))
    expect(row).toMatchObject({ vehicleId: bus.id, inspectorName: 'Mia Mechanic', inspectionDate: today(), isSatisfactory: true, signatureName: null })
    expect((await w.db.read.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, result.id))).length).toBe(48)
    const [sig] = await w.db.read.select().from(inspectionSignatures).where(eq(inspectionSignatures.inspectionId, result.id))
    expect(sig?.contentType).toBe('image/png')
    const photos = await w.db.read.select().from(inspectionPhotos).where(eq(inspectionPhotos.inspectionId, result.id))
    expect(photos.map((p) => p.name)).toEqual(['front.png'])
    const [v] = await w.db.read.select({ nextInspection: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(v!.nextInspection).toBe(oneYearAfter(today()))
  })

  it('an Unsatisfactory item makes it unsatisfactory and leaves the next inspection alone; Not applicable does not', async () => {
    const bus = await w.newBus()
    const ctx = await ctxFor(w.db, w.shopManager)
    const bad = await submitInspection(ctx, filing(bus.vehicleIdentifier, { brakeFluidConditionLevel: { status: 1, comments: 'Fluid dark, below minimum' }, highIdleSystemFunction: { status: 2 } }))
    expect(bad.isSatisfactory).toBe(false)
    const [v] = await w.db.read.select({ nextInspection: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(v!.nextInspection).toBeNull()
    const [item] = await w.db.read.select().from(inspectionItems).where(and(eq(inspectionItems.inspectionId, bad.id), eq(inspectionItems.itemKey, 'brakeFluidConditionLevel')))
    expect(item).toMatchObject({ status: 1, comments: 'Fluid dark, below minimum' })
    const na = await submitInspection(ctx, filing(bus.vehicleIdentifier, { highIdleSystemFunction: { status: 2, comments: null } }))
    expect(na.isSatisfactory).toBe(true)
  })

  it('on February 29 the next inspection is February 28 of the next year', async () => {
    const bus = await w.newBus()
    const leapDay = new Date('2028-02-29T12:00:00Z')
    await submitInspection(await ctxFor(w.db, w.mechanic, leapDay), filing(bus.vehicleIdentifier, { inspectionDate: '2028-02-29' }))
    const [v] = await w.db.read.select({ nextInspection: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(v!.nextInspection).toBe('2029-02-28')
  })

  it('names every field problem in one 400 and stores nothing', async () => {
    const bus = await w.newBus()
    const body = filing(bus.vehicleIdentifier, {
      inspectionDate: addDays(today(), 1),
      inspectorSignature: '',
      fireExtinguisherFirstAidKitFlareKit: { status: 3, comments: '' },
      emergencyExitsHandlesLabels: { status: 1, comments: '   ' },
      passDoorOperationPlayAdjustment: { status: 0, comments: 'x'.repeat(2001) },
      odometer: -5,
    })
    delete body.chassisFrameCrossMembersCracksCondition
    const e = await refusal(submitInspection(await ctxFor(w.db, w.mechanic), body))
    expect(e.status).toBe(400)
    expect(e.fieldErrors).toMatchObject({
      'fireExtinguisherFirstAidKitFlareKit.status': expect.stringContaining('0, 1 or 2'),
      'emergencyExitsHandlesLabels.comments': 'A comment is required when the item is Unsatisfactory',
      'passDoorOperationPlayAdjustment.comments': 'At most 2000 characters',
      chassisFrameCrossMembersCracksCondition: 'Required',
      inspectionDate: 'The inspection date cannot be in the future',
      inspectorSignature: expect.stringContaining('type your full name'),
      odometer: expect.any(String),
    })
    expect(await inspectionCount(w.db, bus.id)).toBe(0)
  })

  it('takes a date up to 7 days back, not 8; a status as text from a form is read as its number', async () => {
    const bus = await w.newBus()
    const ctx = await ctxFor(w.db, w.mechanic)
    const old = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { inspectionDate: addDays(today(), -8) })))
    expect(old.fieldErrors).toEqual({ inspectionDate: 'The inspection date may be at most 7 days back' })
    const bogus = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { inspectionDate: '2026-02-30' })))
    expect(bogus.fieldErrors?.inspectionDate).toMatch(/real date/)
    const ok = await submitInspection(ctx, filing(bus.vehicleIdentifier, { inspectionDate: addDays(today(), -7), idleSomething: 'ignored', brakeFluidConditionLevel: { status: '2' } }))
    expect(ok.isSatisfactory).toBe(true)
  })

  it('a typed full name signs instead of a drawing', async () => {
    const bus = await w.newBus()
    const r = await submitInspection(await ctxFor(w.db, w.mechanic), filing(bus.vehicleIdentifier, { inspectorSignature: undefined, signatureName: 'Mia Mechanic' }))
    const [row] = await w.db.read.select({ signatureName: inspections.signatureName }).from(inspections).where(eq(inspections.id, r.id))
    expect(row!.signatureName).toBe('Mia Mechanic')
    expect(await w.db.read.select().from(inspectionSignatures).where(eq(inspectionSignatures.inspectionId, r.id))).toEqual([])
  })

  it('a photo over 2 MiB is 413, a text file 415, a drawing that is no image 415: nothing stored', async () => {
    const bus = await w.newBus()
    const ctx = await ctxFor(w.db, w.mechanic)
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64')
    const tooLarge = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { photos: [{ photo: PNG, name: 'ok' }, { photo: big, name: 'huge.png' }] })))
    expect(tooLarge).toMatchObject({ status: 413, fieldErrors: { 'photos.1.photo': 'Image too large' } })
    const text = Buffer.from('just some text, not a picture').toString('base64')
    const notImage = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { photos: [{ photo: `data:text/plain;base64,${text}`, name: 'notes.txt' }] })))
    expect(notImage).toMatchObject({ status: 415, fieldErrors: { 'photos.0.photo': expect.any(String) } })
    const badSignature = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { inspectorSignature: text })))
    expect(badSignature).toMatchObject({ status: 415, fieldErrors: { inspectorSignature: expect.any(String) } })
    const eleven = Array.from({ length: 11 }, (_, i) => ({ photo: PNG, name: `p${i}` }))
    expect((await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { photos: eleven })))).fieldErrors).toEqual({ photos: 'At most 10 photos' })
    expect(await inspectionCount(w.db, bus.id)).toBe(0)
  })

  it('an unknown identifier is 404 "Vehicle not found"', async () => {
    const e = await refusal(submitInspection(await ctxFor(w.db, w.mechanic), filing('NO-SUCH-BUS')))
    expect(e).toMatchObject({ status: 404, message: 'Vehicle not found' })
  })

  it('who may file: mechanics of any shop and Operator/RepairShop managers; not drivers, owners, inactive roles, anonymous', async () => {
    const bus = await w.newBus()
    for (const user of [w.driver, w.owner, w.inactiveMechanic]) {
      expect((await refusal(submitInspection(await ctxFor(w.db, user), filing(bus.vehicleIdentifier)))).status).toBe(403)
    }
    expect((await refusal(submitInspection(anon(w.db), filing(bus.vehicleIdentifier)))).status).toBe(401)
    expect(await inspectionCount(w.db, bus.id)).toBe(0)
    for (const user of [w.otherShopMechanic, w.operatorManager, w.shopManager, w.mechanic]) {
      expect((await submitInspection(await ctxFor(w.db, user), filing(bus.vehicleIdentifier))).isSatisfactory).toBe(true)
    }
    expect(await inspectionCount(w.db, bus.id)).toBe(4)
  })

  it('an idempotency key files once: a retry, and five taps at once, answer the first filing', async () => {
    const bus = await w.newBus()
    const ctx = await ctxFor(w.db, w.mechanic)
    const first = await submitInspection(ctx, filing(bus.vehicleIdentifier, { idempotencyKey: 'tap-1' }))
    const retry = await submitInspection(ctx, filing(bus.vehicleIdentifier, { idempotencyKey: 'tap-1' }))
    expect(retry).toEqual(first)
    expect(await inspectionCount(w.db, bus.id)).toBe(1)
    const taps = await Promise.all(Array.from({ length: 5 }, () => submitInspection(ctx, filing(bus.vehicleIdentifier, { idempotencyKey: 'tap-2', odometer: 60_000 }))))
    expect(new Set(taps.map((t) => t.id)).size).toBe(1)
    expect(taps[0]!.id).not.toBe(first.id)
    expect(await inspectionCount(w.db, bus.id)).toBe(2)
    expect((await w.db.read.select().from(odometerReadings).where(eq(odometerReadings.vehicleId, bus.id))).filter((r) => r.source === 'inspection')).toHaveLength(1)
    // The same key by another inspector is theirs: a new filing.
    const other = await submitInspection(await ctxFor(w.db, w.shopManager), filing(bus.vehicleIdentifier, { idempotencyKey: 'tap-1' }))
    expect(other.id).not.toBe(first.id)
  })

  it('keeps the odometer reading (source inspection) and refuses one below the latest, naming the field', async () => {
    const bus = await w.newBus(80_000)
    const ctx = await ctxFor(w.db, w.mechanic)
    const e = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, { odometer: 79_999 })))
    expect(e).toMatchObject({ status: 400, fieldErrors: { odometer: expect.stringContaining('cannot go back') } })
    expect(await inspectionCount(w.db, bus.id)).toBe(0)
    const r = await submitInspection(ctx, filing(bus.vehicleIdentifier, { odometer: '80500' }))
    const [v] = await w.db.read.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(v!.odometer).toBe(80_500)
    const [reading] = await w.db.read.select().from(odometerReadings).where(eq(odometerReadings.inspectionId, r.id))
    expect(reading).toMatchObject({ reading: 80_500, source: 'inspection', recordedByName: 'Mia Mechanic' })
    const [row] = await w.db.read.select({ odometer: inspections.odometer }).from(inspections).where(eq(inspections.id, r.id))
    expect(row!.odometer).toBe(80_500)
  })

  it('finds a vehicle by its identifier or by its QR link, showing only the summary; others refused', async () => {
    const bus = await w.newBus(12_345)
    const ctx = await ctxFor(w.db, w.mechanic)
    const byId = await findVehicleForInspection(ctx, { vehicle: ` ${bus.vehicleIdentifier.toLowerCase()} ` })
    expect(Object.keys(byId).sort()).toEqual(['id', 'licensePlate', 'make', 'model', 'nextInspection', 'odometer', 'related', 'vehicleIdentifier', 'vin', 'yearBuild'])
    expect(byId).toMatchObject({ id: bus.id, vehicleIdentifier: bus.vehicleIdentifier, make: 'Blue Bird', odometer: 12_345, related: true })
    // An old print's plain id still works for a related company (decision 062).
    expect(await findVehicleForInspection(ctx, { vehicle: `http://operon.test/vehicles/${bus.id}` })).toEqual(byId)
    expect(await refusal(findVehicleForInspection(ctx, { vehicle: 'NOPE' }))).toMatchObject({ status: 404, message: 'Vehicle not found' })
    expect((await refusal(findVehicleForInspection(await ctxFor(w.db, w.driver), { vehicle: bus.vehicleIdentifier }))).status).toBe(403)
    expect((await refusal(findVehicleForInspection(anon(w.db), { vehicle: bus.vehicleIdentifier }))).status).toBe(401)
  })
})

describe('POST /api/Maintenance/submitInspection over HTTP', () => {
  let w: World
  let app: RunningApp
  beforeAll(async () => {
    const db = createTestDb()
    useAsAppDb(db)
    w = await makeWorld(db)
    app = await startApp(db)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await w.db.close()
  })

  const post = async (user: number | null, body: unknown, headers: Record<string, string> = {}) => {
    const auth: Record<string, string> = user ? { authorization: `Bearer ${await apiTokenFor(w.db, user)}` } : {}
    const res = await raw(app.base, 'POST', '/api/Maintenance/submitInspection', {
      headers: { 'content-type': 'application/json', ...auth, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: res.body ? JSON.parse(res.body) : null }
  }

  it("answers 201 {id, isSatisfactory} to API.md's body (keys in any case), once per Idempotency-Key", async () => {
    const bus = await w.newBus()
    const body = filing(bus.vehicleIdentifier, { photos: [{ Photo: PNG, Name: 'rear.png' }] })
    body.VehicleIdentifier = body.vehicleIdentifier
    delete body.vehicleIdentifier
    const first = await post(w.mechanic, body, { 'idempotency-key': 'http-1' })
    expect(first).toEqual({ status: 201, body: { id: expect.any(Number), isSatisfactory: true } })
    const again = await post(w.mechanic, body, { 'idempotency-key': 'http-1' })
    expect(again).toEqual(first)
    expect(await inspectionCount(w.db, bus.id)).toBe(1)
    // Item keys and their fields are bound case-insensitively too.
    const pascal = filing(bus.vehicleIdentifier)
    delete pascal.brakeFluidConditionLevel
    pascal.BrakeFluidConditionLevel = { Status: 1, Comments: 'Leaking at the caliper' }
    expect(await post(w.mechanic, pascal)).toEqual({ status: 201, body: { id: expect.any(Number), isSatisfactory: false } })
  })

  it('answers the documented errors: 400 naming the fields, 404, 413, 415, 403, 401', async () => {
    const bus = await w.newBus()
    const bad = await post(w.mechanic, filing(bus.vehicleIdentifier, { tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear: { status: 1 } }))
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ 'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear.comments': 'A comment is required when the item is Unsatisfactory' })
    expect((await post(w.mechanic, filing('NOT-A-BUS'))).status).toBe(404)
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1).toString('base64')
    expect((await post(w.mechanic, filing(bus.vehicleIdentifier, { photos: [{ photo: big, name: 'big' }] }))).status).toBe(413)
    expect((await post(w.mechanic, filing(bus.vehicleIdentifier, { photos: [{ photo: Buffer.from('hello').toString('base64'), name: 'x.txt' }] }))).status).toBe(415)
    expect((await post(w.driver, filing(bus.vehicleIdentifier))).status).toBe(403)
    expect((await post(null, filing(bus.vehicleIdentifier))).status).toBe(401)
    expect(await inspectionCount(w.db, bus.id)).toBe(0)
  })

  it('is in /api/openapi.json with its body', async () => {
    const doc = JSON.parse((await raw(app.base, 'GET', '/api/openapi.json')).body)
    const op = doc.paths['/api/Maintenance/submitInspection'].post
    expect(op.responses['201']).toBeDefined()
    expect(JSON.stringify(op.requestBody)).toContain('brakeFluidConditionLevel')
  })
})
