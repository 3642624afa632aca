import { and, eq } from 'drizzle-orm'
import { imageSize } from 'image-size'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments, vehicleRequests, vehicles } from '#db/schema/index.ts'
import { Raster } from '#server/demo/assets.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { listFleetVehicles } from '#server/fleet/list-vehicles.server.ts'
import {
  cancelVehicleRequest,
  createVehicleRequest,
  endOperatorAssignment,
  getVehicleOperatorAssignments,
  listPendingRequestsByOwner,
  respondToVehicleRequest,
} from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle, archiveVehicle, getAllOwnerVehicles, getVehiclesAssignedToOperator, updateVehicle } from '#server/fleet/vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

let db: Database
let owner: { company: number; user: number }
let operator: { company: number; user: number }
let otherOwner: number
let seq = 0

const today = todayIn('UTC')
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** A valid bus VIN (Blue Bird WMI) with a correct check digit, different each call. */
const vin = () => withVinCheckDigit(`1BAKGCPA0${'N'}F${String(100000 + seq++).slice(-6)}`)
const png = (w: number, h: number) => new Raster(w, h, [30, 64, 175, 255]).toPng().toString('base64')

const bus = (over: Record<string, unknown> = {}) => ({
  ownerId: owner.company,
  make: 'Blue Bird',
  model: 'Vision',
  vin: vin(),
  licensePlate: `SB-${seq}`,
  fuelType: 1,
  yearBuild: 2019,
  ...over,
})

beforeAll(async () => {
  db = createTestDb()
  owner = { company: (await createCompany(db, 'Summit Test Leasing', ['Owner'])).id, user: (await createUser(db)).id }
  operator = { company: (await createCompany(db, 'Evergreen Test Schools', ['Operator'])).id, user: (await createUser(db)).id }
  otherOwner = (await createUser(db)).id
  await grantRole(db, owner.user, owner.company, 'Owner')
  await grantRole(db, operator.user, operator.company, 'Operator')
  await grantRole(db, otherOwner, (await createCompany(db, 'Other Owner Co', ['Owner'])).id, 'Owner')
})
afterAll(() => db.close())

const ownerCtx = () => ctxFor(db, owner.user)
const operatorCtx = () => ctxFor(db, operator.user)

describe('vehicles', () => {
  it('validates the form rules of section 5 and names every field', async () => {
    const err = await addVehicle(await ownerCtx(), { ownerId: owner.company, make: '', model: ' ', vin: 'abc', licensePlate: '', yearBuild: 1899, fuelType: 7 }).catch((e) => e)
    expect(err).toMatchObject({ code: 'BAD_REQUEST' })
    expect(Object.keys(err.fieldErrors).sort()).toEqual(['fuelType', 'licensePlate', 'make', 'model', 'vin', 'yearBuild'])
    expect(err.fieldErrors.vin).toBe('A VIN has 17 letters and digits (no I, O or Q)')
    await expect(addVehicle(await ownerCtx(), bus({ vin: '1BAKGCPAONF123456' }))).rejects.toMatchObject({ fieldErrors: { vin: expect.any(String) } })
  })

  it('upper-cases the VIN, stores −1 fuel as 99 Unknown, generates an identifier, keeps a wrong check digit', async () => {
    const good = vin()
    const wrongDigit = good.slice(0, 8) + (good[8] === '0' ? '1' : '0') + good.slice(9)
    const v = await addVehicle(await ownerCtx(), bus({ vin: wrongDigit.toLowerCase(), fuelType: -1, vehicleIdentifier: '' }))
    expect(v).toMatchObject({ vin: wrongDigit, fuelType: 99, ownerId: owner.company, imageData: null, vehicleIdentifier: expect.stringMatching(/^BUS-/) })
    expect(v.key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a duplicate VIN or identifier with 409', async () => {
    const a = await addVehicle(await ownerCtx(), bus({ vehicleIdentifier: 'DUP-1' }))
    await expect(addVehicle(await ownerCtx(), bus({ vin: a.vin }))).rejects.toMatchObject({ code: 'CONFLICT', fieldErrors: { vin: expect.any(String) } })
    await expect(addVehicle(await ownerCtx(), bus({ vehicleIdentifier: 'DUP-1' }))).rejects.toMatchObject({ code: 'CONFLICT', fieldErrors: { vehicleIdentifier: expect.any(String) } })
  })

  it('checks the picture by content, size and dimensions', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>').toString('base64')
    await expect(addVehicle(await ownerCtx(), bus({ imageData: `data:image/png;base64,${html}` }))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    await expect(addVehicle(await ownerCtx(), bus({ imageData: png(900, 700) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { imageData: expect.any(String) } })
    const v = await addVehicle(await ownerCtx(), bus({ imageData: `data:image/png;base64,${png(800, 600)}` }))
    // Stored re-encoded (decision 022): a PNG of the same size, not the uploaded bytes.
    expect(imageSize(Buffer.from(v.imageData!, 'base64'))).toMatchObject({ type: 'png', width: 800, height: 600 })
    // Update without imageData keeps it; null removes it.
    const kept = await updateVehicle(await ownerCtx(), { ...v, id: v.id, color: 'Yellow', imageData: undefined })
    expect(kept).toMatchObject({ color: 'Yellow', imageData: v.imageData, version: 2 })
    const removed = await updateVehicle(await ownerCtx(), { ...kept, id: v.id, imageData: null })
    expect(removed.imageData).toBeNull()
  })

  it("hides another company's vehicle (404) and refuses writes to non-owners", async () => {
    const v = await addVehicle(await ownerCtx(), bus())
    await expect(updateVehicle(await ctxFor(db, otherOwner), { ...bus(), id: v.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(addVehicle(await ctxFor(db, otherOwner), bus())).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(archiveVehicle(await operatorCtx(), v.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('filters, sorts and pages in SQL', async () => {
    const company = (await createCompany(db, 'Filter Fleet', ['Owner'])).id
    await grantRole(db, owner.user, company, 'Owner')
    const ctx = await ownerCtx()
    for (let i = 0; i < 25; i++) {
      await addVehicle(ctx, bus({
        ownerId: company,
        vehicleIdentifier: `FLT-${String(i).padStart(2, '0')}`,
        make: i % 3 === 0 ? 'MCI' : 'Blue Bird',
        model: i % 3 === 0 ? 'J4500' : 'Vision',
        fuelType: i % 2 ? 1 : 2,
        gps: i % 5 === 0,
        licenseExpiry: i === 1 ? addDays(-3) : i === 2 ? addDays(10) : addDays(200),
        color: i % 4 === 0 ? 'White' : 'Yellow',
      }))
    }
    const page2 = await listFleetVehicles(ctx, { companyId: company, page: 2, pageSize: 10 })
    expect(page2.total).toBe(25)
    expect(page2.items.map((v) => v.vehicleIdentifier)).toEqual(Array.from({ length: 10 }, (_, i) => `FLT-${String(i + 10).padStart(2, '0')}`))
    expect(page2.options.makes).toEqual(['Blue Bird', 'MCI'])
    const mciElectric = await listFleetVehicles(ctx, { companyId: company, make: ['MCI'], fuelType: ['2'] })
    expect(mciElectric.items.every((v) => v.make === 'MCI' && v.fuelType === 2)).toBe(true)
    expect(mciElectric.total).toBe(5)
    expect((await listFleetVehicles(ctx, { companyId: company, safety: ['gps'] })).total).toBe(5)
    expect((await listFleetVehicles(ctx, { companyId: company, tag: ['j45', 'white'] })).total).toBe(3)
    const expired = await listFleetVehicles(ctx, { companyId: company, licenseStatus: ['expired'] })
    expect(expired.items.map((v) => v.vehicleIdentifier)).toEqual(['FLT-01'])
    expect((await listFleetVehicles(ctx, { companyId: company, licenseStatus: ['expiring'] })).items.map((v) => v.vehicleIdentifier)).toEqual(['FLT-02'])
    const sorted = await listFleetVehicles(ctx, { companyId: company, sort: 'licenseExpiry', dir: 'asc', pageSize: 10 })
    expect(sorted.items[0]!.vehicleIdentifier).toBe('FLT-01')
    await expect(listFleetVehicles(ctx, { companyId: company, pageSize: 15 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(listFleetVehicles(await operatorCtx(), { companyId: company })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('vehicle requests and assignments', () => {
  async function newBus() {
    return addVehicle(await ownerCtx(), bus())
  }

  it('checks the three date rules with the spec texts', async () => {
    const v = await newBus()
    const ctx = await operatorCtx()
    const base = { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company }
    await expect(createVehicleRequest(ctx, { ...base, startDate: '' })).rejects.toMatchObject({ fieldErrors: { startDate: 'All fields except the end date are required.' } })
    await expect(createVehicleRequest(ctx, { ...base, vehicleIdentifier: '', startDate: today })).rejects.toMatchObject({ fieldErrors: { vehicleIdentifier: 'All fields except the end date are required.' } })
    await expect(createVehicleRequest(ctx, { ...base, startDate: addDays(-1) })).rejects.toMatchObject({ fieldErrors: { startDate: 'Start date cannot be before today.' } })
    await expect(createVehicleRequest(ctx, { ...base, startDate: addDays(5), endDate: addDays(4) })).rejects.toMatchObject({ fieldErrors: { endDate: 'End date cannot be before start date.' } })
    await expect(createVehicleRequest(ctx, { ...base, vehicleIdentifier: 'NOPE-404', startDate: today })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'The vehicle does not exist or there is already a request for that vehicle.' })
    const r = await createVehicleRequest(ctx, { ...base, vehicleIdentifier: v.vehicleIdentifier.toLowerCase(), startDate: today, endDate: '' })
    expect(r).toMatchObject({ status: 'Pending', endDate: null, vehicleIdentifier: v.vehicleIdentifier, ownerCompanyName: 'Summit Test Leasing', operatorCompanyName: 'Evergreen Test Schools', operatorCompanyId: operator.company })
    await expect(createVehicleRequest(ctx, { ...base, startDate: today })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('approval creates the assignment; overlaps are refused and stay Pending; answers only from Pending', async () => {
    const v = await newBus()
    const op = await operatorCtx()
    const r1 = await createVehicleRequest(op, { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company, startDate: today, endDate: addDays(30) })
    expect((await listPendingRequestsByOwner(await ownerCtx(), owner.company)).map((r) => r.id)).toContain(r1.id)
    await expect(respondToVehicleRequest(await ownerCtx(), { requestId: r1.id, approved: true })).resolves.toEqual({ message: 'Request approved.' })
    await expect(respondToVehicleRequest(await ownerCtx(), { requestId: r1.id, approved: false })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await getVehicleOperatorAssignments(await ownerCtx(), v.id)).toEqual([{ id: expect.any(Number), operatorName: 'Evergreen Test Schools', startDate: today, endDate: addDays(30), isActive: true, state: 'Active' }])
    expect((await getVehiclesAssignedToOperator(op, operator.company)).map((x) => x.id)).toContain(v.id)

    // A second operator asks for overlapping dates: approving it is refused.
    const second = (await createCompany(db, 'Second Operator', ['Operator'])).id
    const u = await createUser(db)
    await grantRole(db, u.id, second, 'Operator')
    const r2 = await createVehicleRequest(await ctxFor(db, u.id), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: second, startDate: addDays(20), endDate: null })
    await expect(respondToVehicleRequest(await ownerCtx(), { requestId: r2.id, approved: 'true' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already assigned/) })
    const [still] = await db.read.select().from(vehicleRequests).where(eq(vehicleRequests.id, r2.id))
    expect(still!.status).toBe('Pending')
    const r3 = await createVehicleRequest(await ctxFor(db, u.id), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: second, startDate: addDays(31), endDate: addDays(40) }).catch(() => null)
    expect(r3).toBeNull() // one Pending request per operator and vehicle
    await expect(respondToVehicleRequest(await ownerCtx(), { requestId: r2.id, approved: false })).resolves.toEqual({ message: 'Request rejected.' })

    // Archiving is refused while the assignment is active.
    await expect(archiveVehicle(await ownerCtx(), v.id)).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('the owner ends an assignment: the operator loses the vehicle, and it can then be archived', async () => {
    const v = await newBus()
    const r = await createVehicleRequest(await operatorCtx(), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company, startDate: today, endDate: null })
    await respondToVehicleRequest(await ownerCtx(), { requestId: r.id, approved: true })
    const [a] = await getVehicleOperatorAssignments(await ownerCtx(), v.id)
    await expect(endOperatorAssignment(await operatorCtx(), { assignmentId: a!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(endOperatorAssignment(await ownerCtx(), { assignmentId: a!.id })).resolves.toEqual({ message: 'Assignment ended.' })
    await expect(endOperatorAssignment(await ownerCtx(), { assignmentId: a!.id })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await getVehiclesAssignedToOperator(await operatorCtx(), operator.company)).some((x) => x.id === v.id)).toBe(false)
    expect((await getVehicleOperatorAssignments(await ownerCtx(), v.id))[0]!.isActive).toBe(false)
    await expect(archiveVehicle(await ownerCtx(), v.id)).resolves.toEqual({ message: 'Vehicle deleted successfully' })
  })

  it('two approvals at once: one assignment, one 409', async () => {
    const v = await newBus()
    const r = await createVehicleRequest(await operatorCtx(), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company, startDate: addDays(1), endDate: addDays(2) })
    const results = await Promise.allSettled([
      respondToVehicleRequest(await ownerCtx(), { requestId: r.id, approved: true }),
      respondToVehicleRequest(await ownerCtx(), { requestId: r.id, approved: true }),
    ])
    expect(results.map((x) => x.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rows = await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.vehicleId, v.id))
    expect(rows).toHaveLength(1)
  })

  it('cancel: only the requesting operator, only while Pending; another owner sees nothing', async () => {
    const v = await newBus()
    const r = await createVehicleRequest(await operatorCtx(), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company, startDate: addDays(3), endDate: null })
    await expect(respondToVehicleRequest(await ctxFor(db, otherOwner), { requestId: r.id, approved: true })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(cancelVehicleRequest(await ownerCtx(), { id: r.id, operatorCompanyId: operator.company })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(cancelVehicleRequest(await operatorCtx(), { id: r.id, operatorCompanyId: operator.company })).resolves.toEqual({ message: 'Request cancelled.' })
    await expect(cancelVehicleRequest(await operatorCtx(), { id: r.id, operatorCompanyId: operator.company })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('archiving hides the vehicle from lists and keeps its records', async () => {
    const v = await newBus()
    await expect(archiveVehicle(await ownerCtx(), v.id)).resolves.toEqual({ message: 'Vehicle deleted successfully' })
    expect((await getAllOwnerVehicles(await ownerCtx(), owner.company)).some((x) => x.id === v.id)).toBe(false)
    const [row] = await db.read.select().from(vehicles).where(and(eq(vehicles.id, v.id)))
    expect(row!.archivedAt).toBeInstanceOf(Date)
    // Its VIN may be registered again.
    await expect(addVehicle(await ownerCtx(), bus({ vin: v.vin }))).resolves.toMatchObject({ vin: v.vin })
  })
})

describe('REST fleet paths', () => {
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await handleRestRequest(
      new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
      db,
      '127.0.0.1',
    )
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  it('answers the documented shapes and codes', async () => {
    const t = await apiTokenFor(db, owner.user)
    const add = await call(t, 'POST', '/api/Fleet/addVehicle', { OwnerId: owner.company, Make: 'Gillig', Model: 'Low Floor', VIN: vin(), LicensePlate: 'TR-1', FuelType: 3, Seatbelts: true })
    expect(add.status).toBe(201)
    const fields = ['id', 'key', 'ownerId', 'make', 'model', 'vin', 'yearBuild', 'manufactureDate', 'insuranceValue', 'insuranceExpiry', 'sellValue', 'titleHire', 'fuelType', 'powertrainType', 'tireSize', 'transmissionType', 'lengthUnit', 'length', 'width', 'height', 'weightClass', 'color', 'bodyManufacturer', 'adaCompliant', 'turningRadius', 'gps', 'driveCam', 'backupCam', 'emergencyExits', 'fireExtinguishers', 'firstAidKit', 'seatConfiguration', 'numberOfSeats', 'seatbelts', 'copilotSeat', 'luggageOption', 'destinationSigns', 'entertainmentSystem', 'usbChargingPorts', 'airConditioning', 'vehicleIdentifier', 'licensePlate', 'licenseExpiry', 'imageData', 'nextInspection', 'odometer', 'version']
    expect(Object.keys(add.body).sort()).toEqual([...fields].sort())
    expect(add.body).toMatchObject({ seatbelts: true, gps: false, fuelType: 3, transmissionType: null })
    const all = await call(t, 'GET', `/api/Fleet/getAllVehicles?companyid=${owner.company}`)
    expect(all.status).toBe(200)
    expect(all.body.some((v: { id: number }) => v.id === add.body.id)).toBe(true)
    expect((await call(t, 'GET', '/api/Fleet/getAllVehicles')).status).toBe(400)
    expect((await call(t, 'GET', `/api/Fleet/getVehiclesAssignedToOperator?companyId=${owner.company}`)).status).toBe(403)
    expect((await call(t, 'DELETE', `/api/Fleet/deleteVehicle?id=${add.body.id}`)).status).toBe(200)
    expect((await call(t, 'DELETE', `/api/Fleet/deleteVehicle?id=${add.body.id}`)).status).toBe(404)

    const v = await addVehicle(await ownerCtx(), bus())
    const ot = await apiTokenFor(db, operator.user)
    const created = await call(ot, 'POST', '/api/VehicleOperator/createRequest', { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: operator.company, startDate: addDays(50), endDate: null })
    expect(created.status).toBe(201)
    expect(Object.keys(created.body).sort()).toEqual(['endDate', 'id', 'message', 'operatorCompanyId', 'operatorCompanyName', 'ownerCompanyName', 'requestedAt', 'startDate', 'status', 'vehicleIdentifier'].sort())
    const pending = await call(t, 'GET', `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${owner.company}`)
    expect(pending.body.map((r: { id: number }) => r.id)).toContain(created.body.id)
    expect(await call(t, 'POST', '/api/VehicleOperator/respond', { requestId: created.body.id, approved: true, message: 'Request approved.' })).toEqual({ status: 200, body: { message: 'Request approved.' } })
    const mine = await call(ot, 'GET', `/api/VehicleOperator/getRequestsByOperator?operatorCompanyId=${operator.company}`)
    expect(mine.body.find((r: { id: number }) => r.id === created.body.id).status).toBe('Approved')
    expect((await call(ot, 'POST', `/api/VehicleOperator/${created.body.id}/cancel?operatorCompanyId=${operator.company}`)).status).toBe(409)
    const hist = await call(t, 'GET', `/api/VehicleOperator/getVehicleOperatorAssignments?vehicleId=${v.id}`)
    expect(hist.body).toEqual([{ operatorName: 'Evergreen Test Schools', startDate: addDays(50), endDate: null, isActive: false }])
  })
})
