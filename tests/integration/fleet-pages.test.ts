/**
 * The fleet pages (/fleet/{companyId}, /fleetOperator/{companyId}) and their
 * resource routes through their Remix loaders and actions, as a browser
 * without JavaScript uses them: a session cookie, GET links, form posts
 * (multipart for the vehicle form), redirects carrying a toast cookie.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments, vehicleImages, vehicles } from '#db/schema/index.ts'
import { Raster } from '#server/demo/assets.ts'
import type { FleetLoaderData } from '#app/routes/_app+/fleet.server.ts'
import type { VehicleFormResult } from '#app/components/fleet/vehicle-fields.ts'
import * as fleet from '#app/routes/_app+/fleet.$companyId.tsx'
import * as fleetOperator from '#app/routes/_app+/fleetOperator.$companyId.tsx'
import * as vehicleLinkRoute from '#app/routes/_app+/vehicles.$vehicleId.tsx'
import * as imageRoute from '#app/routes/vehicles.$vehicleId.image.ts'
import * as qrPdf from '#app/routes/vehicles.$vehicleId.qr[.]pdf.ts'
import * as qrSvg from '#app/routes/vehicles.$vehicleId.qr[.]svg.ts'
import { doors } from '#app/doors.server.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { closePdfBrowser } from '#server/pdf/render.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage, type PageHandler, type PageOutcome } from '#tests/helpers/remix.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
type Fn = PageHandler
const call = callPage

let seq = 0
/** A valid Blue Bird-style VIN with a correct check digit, different each call. */
const newVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(200000 + seq++).slice(-6)}`)
const today = todayIn('UTC')
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

let ownerCo: number
let operatorCo: number
let owner: { id: number; cookie: string }
let operator: { id: number; cookie: string }
let stranger: { id: number; cookie: string }

async function person(companyId: number | null, role?: 'Owner' | 'Operator') {
  const user = await createUser(db)
  if (companyId && role) await grantRole(db, user.id, companyId, role)
  return { id: user.id, cookie: await webSessionFor(db, user.id) }
}

async function seedVehicle(over: Record<string, unknown> = {}) {
  const ctx = await ctxFor(db, owner.id)
  return addVehicle(ctx, { ownerId: ownerCo, make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: `T-${seq}`, fuelType: 1, ...over })
}

async function assign(vehicleId: number, companyId = operatorCo) {
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: companyId, startDate: addDays(-10), endDate: addDays(30) }))
}

/** The vehicle form as the browser posts it. */
function vehicleForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('imageFile', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
  else form.append('imageFile', new File([], '', { type: 'application/octet-stream' }))
  return form
}

const ownerPage = (search = '') => `/fleet/${ownerCo}${search}`
const load = async (search = '', who = owner) => {
  const r = await call(fleet.loader as Fn, ownerPage(search), { cookie: who.cookie, params: { companyId: String(ownerCo) } })
  return { ...r, data: r.body as FleetLoaderData }
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'Fleet Pages Leasing', ['Owner'])).id
  operatorCo = (await createCompany(db, 'Fleet Pages Transit', ['Operator'])).id
  owner = await person(ownerCo, 'Owner')
  operator = await person(operatorCo, 'Operator')
  stranger = await person((await createCompany(db, 'Somebody Else', ['Owner'])).id, 'Owner')
})
afterAll(async () => {
  await closePdfBrowser()
  await db.close()
})

describe('the owner fleet page: add, edit, delete through the action', () => {
  it('adds a vehicle with a picture posted without JavaScript, back to the list with the new row open', async () => {
    const vin = newVin()
    const picture = new Raster(80, 60, [200, 30, 30, 255]).toPng()
    const r = await call(fleet.action as Fn, ownerPage('?dialog=add&sort=make'), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm(
        { intent: 'addVehicle', make: 'Blue Bird', model: 'All American RE', vin: vin.toLowerCase(), licensePlate: 'ADD-1', yearBuild: '2021', fuelType: '1', transmissionType: '0', gps: 'on', vehicleIdentifier: '' },
        { bytes: picture, name: 'bus.png', type: 'image/png' },
      ),
    })
    expect(r.status).toBe(302)
    expect(r.toast).toEqual({ type: 'success', message: 'Vehicle added successfully' })
    const [v] = await db.read.select().from(vehicles).where(eq(vehicles.vin, vin))
    expect(v).toMatchObject({ make: 'Blue Bird', model: 'All American RE', licensePlate: 'ADD-1', yearBuild: 2021, fuelType: 1, transmissionType: 0, gps: true, driveCam: false, ownerCompanyId: ownerCo })
    expect(v!.vehicleIdentifier).toMatch(/^BUS-/)
    const url = new URL(r.location!, 'http://localhost')
    expect(url.pathname).toBe(ownerPage())
    expect(url.searchParams.get('open')).toBe(String(v!.id))
    expect(url.searchParams.get('dialog')).toBeNull()
    expect(url.searchParams.get('sort')).toBe('make')
    const [img] = await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, v!.id))
    expect(img).toMatchObject({ contentType: 'image/png', width: 80, height: 60 })
  })

  it('keeps the values and names each error when the form is wrong (spec section 5)', async () => {
    const r = await call(fleet.action as Fn, ownerPage('?dialog=add'), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm({ intent: 'addVehicle', make: '', model: 'Vision', vin: 'NOT-A-VIN', licensePlate: 'ERR-1', yearBuild: '1850', color: 'Yellow', airConditioning: 'on', fuelType: '-1' }),
    })
    expect(r.status).toBe(400)
    const body = r.body as VehicleFormResult
    expect(body.toast).toEqual({ type: 'error', message: 'Error adding new vehicle' })
    expect(body.fieldErrors).toMatchObject({ make: 'Make is required', vin: 'A VIN has 17 letters and digits (no I, O or Q)', yearBuild: 'At least 1900' })
    expect(body.values).toMatchObject({ model: 'Vision', vin: 'NOT-A-VIN', licensePlate: 'ERR-1', color: 'Yellow', airConditioning: true, gps: false, fuelType: '-1' })
    expect(await db.read.select().from(vehicles).where(eq(vehicles.licensePlate, 'ERR-1'))).toHaveLength(0)
  })

  it('refuses a second vehicle with the same VIN under the VIN field, and a picture over 800×600', async () => {
    const existing = await seedVehicle()
    const dup = await call(fleet.action as Fn, ownerPage('?dialog=add'), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm({ intent: 'addVehicle', make: 'Blue Bird', model: 'Vision', vin: existing.vin, licensePlate: 'DUP-1' }),
    })
    expect(dup.status).toBe(409)
    expect((dup.body as VehicleFormResult).fieldErrors.vin).toBe('A vehicle with this VIN is already registered')

    const big = await call(fleet.action as Fn, ownerPage('?dialog=add'), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm({ intent: 'addVehicle', make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: 'BIG-1' }, { bytes: new Raster(1024, 768, [0, 0, 0, 255]).toPng(), name: 'big.png', type: 'image/png' }),
    })
    expect(big.status).toBe(400)
    expect((big.body as VehicleFormResult).fieldErrors.imageData).toBe('Image too large')
    expect((big.body as VehicleFormResult).values.licensePlate).toBe('BIG-1')
  })

  it('opens the edit dialog from the URL with the stored values, and saves the changes keeping the picture', async () => {
    const v = await seedVehicle({ color: 'White', numberOfSeats: 72, adaCompliant: true, imageData: new Raster(8, 6, [1, 2, 3, 255]).toPng().toString('base64') })
    const page = await load(`?dialog=edit&id=${v.id}`)
    expect(page.data.dialog).toMatchObject({ kind: 'edit', id: v.id, hasImage: true, vehicleIdentifier: v.vehicleIdentifier })
    const values = (page.data.dialog as { values: Record<string, unknown> }).values
    expect(values).toMatchObject({ make: 'Blue Bird', color: 'White', numberOfSeats: '72', adaCompliant: true, fuelType: '1', transmissionType: '' })

    const fields: Record<string, string> = { intent: 'updateVehicle', id: String(v.id) }
    for (const [k, val] of Object.entries(values)) if (val !== false) fields[k] = val === true ? 'on' : String(val)
    fields.model = 'Vision Type C'
    fields.licenseExpiry = addDays(10)
    const r = await call(fleet.action as Fn, ownerPage(`?dialog=edit&id=${v.id}&page=1`), { cookie: owner.cookie, params: { companyId: String(ownerCo) }, form: vehicleForm(fields) })
    expect(r.toast).toEqual({ type: 'success', message: 'Vehicle updated successfully' })
    expect(r.location).toBe(ownerPage('?page=1'))
    const [after] = await db.read.select().from(vehicles).where(eq(vehicles.id, v.id))
    expect(after).toMatchObject({ model: 'Vision Type C', color: 'White', numberOfSeats: 72, adaCompliant: true, licenseExpiry: addDays(10) })
    expect(await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, v.id))).toHaveLength(1)

    // "Remove the current picture"
    const removed = await call(fleet.action as Fn, ownerPage(), { cookie: owner.cookie, params: { companyId: String(ownerCo) }, form: vehicleForm({ ...fields, removeImage: 'on' }) })
    expect(removed.toast?.message).toBe('Vehicle updated successfully')
    expect(await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, v.id))).toHaveLength(0)
  })

  it('shows the update error and keeps the values', async () => {
    const v = await seedVehicle()
    const r = await call(fleet.action as Fn, ownerPage(`?dialog=edit&id=${v.id}`), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm({ intent: 'updateVehicle', id: String(v.id), make: 'Blue Bird', model: '', vin: v.vin, licensePlate: 'UPD-9' }),
    })
    expect(r.status).toBe(400)
    const body = r.body as VehicleFormResult
    expect(body).toMatchObject({ intent: 'updateVehicle', toast: { type: 'error', message: 'Error updating vehicle' }, fieldErrors: { model: 'Model is required' } })
    expect(body.values.licensePlate).toBe('UPD-9')
  })

  it('refuses to delete a vehicle while an operator has it, with the reason; deletes it otherwise', async () => {
    const assigned = await seedVehicle()
    await assign(assigned.id)
    const refused = await call(fleet.action as Fn, ownerPage(`?open=${assigned.id}`), { cookie: owner.cookie, params: { companyId: String(ownerCo) }, form: { intent: 'deleteVehicle', id: String(assigned.id) } })
    expect(refused.status).toBe(302)
    expect(refused.toast?.type).toBe('error')
    expect(refused.toast?.message).toMatch(/^Error deleting vehicle: This vehicle is assigned to an operator/)
    const [still] = await db.read.select().from(vehicles).where(eq(vehicles.id, assigned.id))
    expect(still!.archivedAt).toBeNull()

    const free = await seedVehicle()
    const done = await call(fleet.action as Fn, ownerPage(`?open=${free.id}&tab=documents&dialog=delete&id=${free.id}`), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: { intent: 'deleteVehicle', id: String(free.id) },
    })
    expect(done.toast).toEqual({ type: 'success', message: 'Vehicle deleted successfully' })
    expect(done.location).toBe(ownerPage())
    const [gone] = await db.read.select().from(vehicles).where(eq(vehicles.id, free.id))
    expect(gone!.archivedAt).not.toBeNull()
  })

  it('asks for the delete confirmation as a page without JavaScript', async () => {
    const v = await seedVehicle()
    const page = await load(`?dialog=delete&id=${v.id}`)
    expect(page.data.dialog).toEqual({ kind: 'delete', id: v.id, vehicleIdentifier: v.vehicleIdentifier })
  })

  it('refuses another company’s vehicle and a stranger’s post', async () => {
    const v = await seedVehicle()
    const other = await call(fleet.action as Fn, `/fleet/${ownerCo}`, { cookie: stranger.cookie, params: { companyId: String(ownerCo) }, form: { intent: 'deleteVehicle', id: String(v.id) } })
    expect(other).toMatchObject({ status: 302, location: '/' })
    const [still] = await db.read.select().from(vehicles).where(eq(vehicles.id, v.id))
    expect(still!.archivedAt).toBeNull()
  })
})

describe('the owner fleet page: filters, sort and paging reach the query', () => {
  let company: number
  let manager: { id: number; cookie: string }
  const page = (search = '') => `/fleet/${company}${search}`
  const list = async (search = '') => {
    const r = await call(fleet.loader as Fn, page(search), { cookie: manager.cookie, params: { companyId: String(company) } })
    return r.status === 200 ? (r.body as FleetLoaderData) : r
  }

  beforeAll(async () => {
    company = (await createCompany(db, 'Filter Test Coaches', ['Owner'])).id
    manager = await person(company, 'Owner')
    const ctx = await ctxFor(db, manager.id)
    const makes = ['Blue Bird', 'Thomas Built', 'Gillig', 'MCI', 'Prevost']
    for (let i = 0; i < 25; i++) {
      await addVehicle(ctx, {
        ownerId: company,
        vehicleIdentifier: `FLT-${String(i).padStart(3, '0')}`,
        make: makes[i % 5],
        model: `Model ${i % 3}`,
        vin: newVin(),
        licensePlate: `FP-${i}`,
        fuelType: i % 2 === 0 ? 1 : 0,
        yearBuild: 2000 + i,
        color: i < 5 ? 'Yellow' : 'White',
        gps: i % 4 === 0,
        licenseExpiry: i === 0 ? addDays(-1) : i === 1 ? addDays(5) : addDays(100),
      })
    }
  })

  it('pages 10 by default and keeps the total', async () => {
    const data = (await list()) as FleetLoaderData
    expect(data.list).toMatchObject({ total: 25, page: 1, pageSize: 10, pageCount: 3, sort: 'vehicleIdentifier', dir: 'asc' })
    expect(data.list.items.map((i) => i.vehicleIdentifier)[0]).toBe('FLT-000')
    expect(data.list.items[0]!.qr).toBe(`/vehicles/${data.list.items[0]!.id}/qr.svg`)
    expect(data.list.items[0]).toMatchObject({ fuelTypeLabel: 'Diesel', hasImage: false })
    const p3 = (await list('?page=3&pageSize=10')) as FleetLoaderData
    expect(p3.list.items).toHaveLength(5)
    const big = (await list('?pageSize=20&page=2')) as FleetLoaderData
    expect(big.list).toMatchObject({ page: 2, pageSize: 20 })
    expect(big.list.items).toHaveLength(5)
  })

  it('filters by fuel type: only diesel', async () => {
    const data = (await list('?fuelType=1&pageSize=30')) as FleetLoaderData
    expect(data.list.total).toBe(13)
    expect(data.list.items.every((i) => i.fuelType === 1)).toBe(true)
    expect(data.filters.fuelType).toEqual(['1'])
  })

  it('combines tags, make, year, features and license status, ignoring empty inputs of the GET form', async () => {
    // The GET form's empty inputs: a redirect to the address without them (decision 060).
    expect(await list('?tag=blue&tag=model+0&tag=&vin=&yearFrom=')).toMatchObject({ status: 302, location: `/fleet/${company}?tag=blue&tag=model+0` })
    const tags = (await list('?tag=blue&tag=model+0')) as FleetLoaderData
    expect(tags.list.items.every((i) => i.make === 'Blue Bird' && i.model === 'Model 0')).toBe(true)
    expect(tags.list.total).toBe(2)
    const years = (await list('?yearFrom=2010&yearTo=2013&make=Gillig&make=MCI')) as FleetLoaderData
    expect(years.list.items.map((i) => i.vehicleIdentifier).sort()).toEqual(['FLT-012', 'FLT-013'])
    const gps = (await list('?safety=gps&color=Yellow')) as FleetLoaderData
    expect(gps.list.items.map((i) => i.vehicleIdentifier)).toEqual(['FLT-000', 'FLT-004'])
    const expiring = (await list('?licenseStatus=expired&licenseStatus=expiring')) as FleetLoaderData
    expect(expiring.list.items.map((i) => i.vehicleIdentifier)).toEqual(['FLT-000', 'FLT-001'])
    expect(tags.list.options.makes).toEqual(['Blue Bird', 'Gillig', 'MCI', 'Prevost', 'Thomas Built'])
  })

  it('sorts by a column either way', async () => {
    const desc = (await list('?sort=yearBuild&dir=desc')) as FleetLoaderData
    expect(desc.list.items[0]!.vehicleIdentifier).toBe('FLT-024')
    expect(desc.list).toMatchObject({ sort: 'yearBuild', dir: 'desc' })
    const make = (await list('?sort=make&dir=asc&pageSize=30')) as FleetLoaderData
    expect(make.list.items[0]!.make).toBe('Blue Bird')
    expect(make.list.items.at(-1)!.make).toBe('Thomas Built')
  })

  it('falls back on a bad param and sends a page past the end to the last one', async () => {
    const bad = (await list('?pageSize=7&sort=price&fuelType=1')) as FleetLoaderData
    expect(bad.list).toMatchObject({ pageSize: 10, sort: 'vehicleIdentifier' })
    expect(bad.list.total).toBe(13)
    const past = (await list('?page=9&fuelType=0')) as PageOutcome
    expect(past.status).toBe(302)
    expect(past.location).toBe(page('?page=2&fuelType=0'))
  })

  it('loads the open row’s tabs only for the open vehicle', async () => {
    const data = (await list()) as FleetLoaderData
    expect(data.open).toBeNull()
    const first = data.list.items[0]!
    const open = (await list(`?open=${first.id}&tab=inspections`)) as FleetLoaderData
    expect(open.openId).toBe(first.id)
    expect(open.openTab).toBe('inspections')
    expect(open.open!.vehicle).toMatchObject({ id: first.id, vehicleIdentifier: 'FLT-000', make: 'Blue Bird', gps: true, color: 'Yellow', hasImage: false })
    expect(open.open).toMatchObject({ assignments: [], preInspections: [], inspections: [], repairs: [], documents: { documents: [], readOnly: false, error: null } })
    // Another company's vehicle does not open.
    const foreign = await seedVehicle()
    const refused = (await list(`?open=${foreign.id}`)) as FleetLoaderData
    expect(refused.open).toBeNull()
    expect(refused.openError).toBe('Vehicle data has not been loaded.')
  })
})

describe('the operator fleet page is read-only', () => {
  let assigned: Awaited<ReturnType<typeof seedVehicle>>
  let notAssigned: Awaited<ReturnType<typeof seedVehicle>>
  const opPage = (search = '') => `/fleetOperator/${operatorCo}${search}`

  beforeAll(async () => {
    assigned = await seedVehicle({ vehicleIdentifier: 'OPR-ASSIGNED-1' })
    notAssigned = await seedVehicle({ vehicleIdentifier: 'OPR-NOT-1' })
    await assign(assigned.id)
  })

  it('lists only the vehicles of active assignments, without the owner-only tabs', async () => {
    const r = await call(fleetOperator.loader as Fn, opPage(`?open=${assigned.id}&tab=repairs`), { cookie: operator.cookie, params: { companyId: String(operatorCo) } })
    const data = r.body as FleetLoaderData
    expect(data.scope).toBe('operator')
    const ids = data.list.items.map((i) => i.id)
    expect(ids).toContain(assigned.id)
    expect(ids).not.toContain(notAssigned.id)
    expect(data.open).toMatchObject({ assignments: null, repairs: null, preInspections: [], inspections: [], documents: { readOnly: true } })
    expect(data.openTab).toBe('details')
    const edit = await call(fleetOperator.loader as Fn, opPage(`?dialog=edit&id=${assigned.id}`), { cookie: operator.cookie, params: { companyId: String(operatorCo) } })
    expect((edit.body as FleetLoaderData).dialog).toBeNull()
    const add = await call(fleetOperator.loader as Fn, opPage('?dialog=add'), { cookie: operator.cookie, params: { companyId: String(operatorCo) } })
    expect((add.body as FleetLoaderData).dialog).toBeNull()
  })

  it('refuses every post: add, edit, delete, document delete', async () => {
    const params = { companyId: String(operatorCo) }
    const add = await call(fleetOperator.action as Fn, opPage(), { cookie: operator.cookie, params, form: vehicleForm({ intent: 'addVehicle', make: 'X', model: 'Y', vin: newVin(), licensePlate: 'OP-ADD' }) })
    expect(add.status).toBe(403)
    expect(await db.read.select().from(vehicles).where(eq(vehicles.licensePlate, 'OP-ADD'))).toHaveLength(0)
    const edit = await call(fleetOperator.action as Fn, opPage(), { cookie: operator.cookie, params, form: { intent: 'updateVehicle', id: String(assigned.id), make: 'Hacked', model: 'Y', vin: assigned.vin, licensePlate: 'Z' } })
    expect(edit.status).toBe(403)
    const del = await call(fleetOperator.action as Fn, opPage(), { cookie: operator.cookie, params, form: { intent: 'deleteVehicle', id: String(assigned.id) } })
    expect(del.status).toBe(403)
    const doc = await call(fleetOperator.action as Fn, opPage(), { cookie: operator.cookie, params, form: { intent: 'deleteDocument', documentId: '1' } })
    expect(doc.status).toBe(403)
    const [v] = await db.read.select().from(vehicles).where(eq(vehicles.id, assigned.id))
    expect(v).toMatchObject({ make: 'Blue Bird', archivedAt: null })
  })

  it('the owner page is not the operator’s', async () => {
    const r = await call(fleet.loader as Fn, `/fleet/${operatorCo}`, { cookie: operator.cookie, params: { companyId: String(operatorCo) } })
    expect(r).toMatchObject({ status: 302, location: '/' })
  })

  it('the QR link opens the vehicle on the right fleet page', async () => {
    const asOwner = await call(vehicleLinkRoute.loader as Fn, `/vehicles/${assigned.id}`, { cookie: owner.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOwner.location).toBe(`/fleet/${ownerCo}?open=${assigned.id}`)
    const asOperator = await call(vehicleLinkRoute.loader as Fn, `/vehicles/${assigned.id}`, { cookie: operator.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOperator.location).toBe(`/fleetOperator/${operatorCo}?open=${assigned.id}`)
    // Not their bus: an Operator manager may still inspect any bus (decision 026), so the scan opens its inspection.
    const notTheirs = await call(vehicleLinkRoute.loader as Fn, `/vehicles/${notAssigned.id}`, { cookie: operator.cookie, params: { vehicleId: String(notAssigned.id) } })
    expect(notTheirs.location).toBe(`/InspectionPage?vehicle=${encodeURIComponent(`/vehicles/${notAssigned.id}`)}`)
    const anonymous = await call(vehicleLinkRoute.loader as Fn, `/vehicles/${assigned.id}`, { params: { vehicleId: String(assigned.id) } })
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(`/vehicles/${assigned.id}`)}`)
  })

  it('prints the QR PDF named after the identifier for the owner and the operator, 404 for others', async () => {
    const asOwner = await call(qrPdf.loader as Fn, `/vehicles/${assigned.id}/qr.pdf`, { cookie: owner.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOwner.status).toBe(200)
    expect(asOwner.response!.headers.get('content-type')).toBe('application/pdf')
    expect(asOwner.response!.headers.get('content-disposition')).toBe('attachment; filename="OPR-ASSIGNED-1.pdf"')
    const bytes = Buffer.from(await asOwner.response!.arrayBuffer())
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF')
    const asOperator = await call(qrPdf.loader as Fn, `/vehicles/${assigned.id}/qr.pdf`, { cookie: operator.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOperator.status).toBe(200)
    const refused = await call(qrPdf.loader as Fn, `/vehicles/${notAssigned.id}/qr.pdf`, { cookie: operator.cookie, params: { vehicleId: String(notAssigned.id) } })
    expect(refused.status).toBe(404)
  }, 60_000)

  it('serves the QR image of the vehicle link to the owner and the operator, 404 for others', async () => {
    const asOwner = await call(qrSvg.loader as Fn, `/vehicles/${assigned.id}/qr.svg`, { cookie: owner.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOwner.status).toBe(200)
    expect(asOwner.response!.headers.get('content-type')).toBe('image/svg+xml')
    expect(await asOwner.response!.text()).toMatch(/^<svg/)
    const asOperator = await call(qrSvg.loader as Fn, `/vehicles/${assigned.id}/qr.svg`, { cookie: operator.cookie, params: { vehicleId: String(assigned.id) } })
    expect(asOperator.status).toBe(200)
    const refused = await call(qrSvg.loader as Fn, `/vehicles/${notAssigned.id}/qr.svg`, { cookie: operator.cookie, params: { vehicleId: String(notAssigned.id) } })
    expect(refused.status).toBe(404)
  })

  it('serves the thumbnail to the owner and the operator, privately cached', async () => {
    const withPicture = await seedVehicle({ imageData: new Raster(16, 12, [9, 9, 9, 255]).toPng().toString('base64') })
    await assign(withPicture.id)
    for (const who of [owner, operator]) {
      const r = await call(imageRoute.loader as Fn, `/vehicles/${withPicture.id}/image`, { cookie: who.cookie, params: { vehicleId: String(withPicture.id) } })
      expect(r.status).toBe(200)
      expect(r.response!.headers.get('content-type')).toBe('image/png')
      expect(r.response!.headers.get('cache-control')).toBe('private, max-age=60')
    }
    const none = await call(imageRoute.loader as Fn, `/vehicles/${notAssigned.id}/image`, { cookie: owner.cookie, params: { vehicleId: String(notAssigned.id) } })
    expect(none.status).toBe(404)
    const foreign = await call(imageRoute.loader as Fn, `/vehicles/${withPicture.id}/image`, { cookie: stranger.cookie, params: { vehicleId: String(withPicture.id) } })
    expect(foreign.status).toBe(404)
    const anonymous = await call(imageRoute.loader as Fn, `/vehicles/${withPicture.id}/image`, { params: { vehicleId: String(withPicture.id) } })
    expect(anonymous.status).toBe(401)
  })
})

describe('VIN lookup', () => {
  const BLUE_BIRD_2014 = '1BAKGCPA1EF296813'

  it('answers the Add dialog with JavaScript through tRPC (fleet.lookupVin)', async () => {
    const lookup = (cookie?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'http://localhost' }
      if (cookie) headers.cookie = `operon_session=${cookie}`
      const request = new Request('http://localhost/trpc/fleet.lookupVin', { method: 'POST', headers, body: JSON.stringify({ vin: BLUE_BIRD_2014 }) })
      return doors.trpc(request, { cspNonce: '', clientIp: '127.0.0.1' })
    }
    const r = await lookup(owner.cookie)
    expect(r.status).toBe(200)
    expect(((await r.json()) as { result: { data: unknown } }).result.data).toMatchObject({ found: true, make: 'Blue Bird', modelYear: 2014, checkDigitValid: true })
    expect((await lookup()).status).toBe(401)
  }, 60_000)

  it('fills the form without JavaScript (intent=vinLookup), keeping the other fields', async () => {
    const r = await call(fleet.action as Fn, ownerPage('?dialog=add'), {
      cookie: owner.cookie,
      params: { companyId: String(ownerCo) },
      form: vehicleForm({ intent: 'vinLookup', vin: BLUE_BIRD_2014.toLowerCase(), licensePlate: 'KEEP-1', make: '', model: '' }),
    })
    expect(r.status).toBe(200)
    const body = r.body as VehicleFormResult
    expect(body.values).toMatchObject({ vin: BLUE_BIRD_2014, make: 'Blue Bird', yearBuild: '2014', licensePlate: 'KEEP-1' })
    expect(body.vinLookup).toMatchObject({ found: true, checkDigitValid: true })
    const short = await call(fleet.action as Fn, ownerPage('?dialog=add'), { cookie: owner.cookie, params: { companyId: String(ownerCo) }, form: vehicleForm({ intent: 'vinLookup', vin: '1BA' }) })
    expect(short.status).toBe(400)
    expect((short.body as VehicleFormResult).fieldErrors.vin).toBe('Enter at least 5 characters of the VIN')
  }, 60_000)
})
