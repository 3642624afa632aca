/**
 * Where the server differed from API.md (found by a client written from API.md
 * alone), sent as that client sends it: the REST handler with API.md's exact
 * paths and shapes; then the same use cases through tRPC and the pages.
 * - An image whose decoded size is over 2 MiB answers 413, however long its base64.
 * - An operator that may see a vehicle (active assignment) but writes to it gets
 *   403; 404 stays for vehicles the caller may not see at all.
 * (The third fix, `X-Content-Type-Options` sent once, is a property of the whole
 * HTTP stack: tests/e2e/legacy-contract.spec.ts checks it on the real server.)
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments, userPhotos, vehicleDocuments, vehicleImages, vehicles } from '#db/schema/index.ts'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import type { VehicleFormResult } from '#app/components/fleet/vehicle-fields.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { uploadVehicleDocumentFiles } from '#server/documents/documents.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { MAX_IMAGE_BYTES } from '#catalog/fleet.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { storedBytes } from '#tests/helpers/blobs.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
let seq = 0
const vin = () => withVinCheckDigit(`1BAKGCPA0NF${String(300000 + seq++).slice(-6)}`)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

/** A real PNG header (8×6) padded to `size` bytes: only its size is wrong. */
function pngOfSize(size: number): Buffer {
  const png = new Raster(8, 6, [30, 64, 175, 255]).toPng()
  return Buffer.concat([png, Buffer.alloc(size - png.length)])
}
const SMALL_PNG = new Raster(8, 6, [30, 64, 175, 255]).toPng().toString('base64')

let ownerCo: number
let operatorCo: number
const tokens = {} as Record<'owner' | 'operator' | 'driver' | 'otherOwner', string>
/** An owner manager elsewhere who is also the operator company's manager: the page door lets them post. */
let dualCookie: string
let ownerCookie: string
let dualOwnCo: number
/** Assigned to the operator company (active); `unassigned` is not. */
let assigned: { id: number; vin: string }
let unassigned: { id: number; vin: string }
let documentId: number

async function rest(method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

const busBody = (over: Record<string, unknown> = {}) => ({
  ownerId: ownerCo,
  make: 'Blue Bird',
  model: 'Vision',
  vin: vin(),
  licensePlate: `LC-${seq}`,
  fuelType: 1,
  ...over,
})

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'Contract Leasing', ['Owner'])).id
  operatorCo = (await createCompany(db, 'Contract Transit', ['Operator'])).id
  dualOwnCo = (await createCompany(db, 'Contract Dual Owner', ['Owner'])).id
  const otherCo = (await createCompany(db, 'Contract Other Owner', ['Owner'])).id
  const [owner, operator, driver, otherOwner, dual] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(db)))
  await grantRole(db, owner!.id, ownerCo, 'Owner')
  await grantRole(db, operator!.id, operatorCo, 'Operator')
  await grantRole(db, driver!.id, operatorCo, 'Driver')
  await grantRole(db, otherOwner!.id, otherCo, 'Owner')
  await grantRole(db, dual!.id, dualOwnCo, 'Owner')
  await grantRole(db, dual!.id, operatorCo, 'Operator')
  tokens.owner = await apiTokenFor(db, owner!.id)
  tokens.operator = await apiTokenFor(db, operator!.id)
  tokens.driver = await apiTokenFor(db, driver!.id)
  tokens.otherOwner = await apiTokenFor(db, otherOwner!.id)
  dualCookie = await webSessionFor(db, dual!.id)
  ownerCookie = await webSessionFor(db, owner!.id)

  const ownerCtx = await ctxFor(db, owner!.id)
  const a = await addVehicle(ownerCtx, busBody())
  const u = await addVehicle(ownerCtx, busBody())
  assigned = { id: a.id, vin: a.vin }
  unassigned = { id: u.id, vin: u.vin }
  const today = todayIn('UTC')
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: assigned.id, operatorCompanyId: operatorCo, startDate: today, endDate: null }))
  const [doc] = await uploadVehicleDocumentFiles(ownerCtx, [{ vehicleId: assigned.id, fileName: 'registration.pdf', bytes: PDF }])
  documentId = doc!.id
})
afterAll(() => db.close())

describe('an image whose decoded size is over 2 MiB answers 413', () => {
  const tooLarge = { message: 'The image is larger than 2 MB', errors: { imageData: 'Image too large' } }
  // 2 MiB + 1 byte, and 3.5 MiB (its base64, ~4.9 million characters, used to be refused as 400 by a string length).
  const sizes = [MAX_IMAGE_BYTES + 1, Math.round(3.5 * 1024 * 1024)]

  it('POST /api/Fleet/addVehicle and PUT /api/Fleet/updateVehicle, with or without a data: prefix', async () => {
    for (const size of sizes) {
      const b64 = pngOfSize(size).toString('base64')
      for (const imageData of [b64, `data:image/png;base64,${b64}`]) {
        const added = await rest('POST', '/api/Fleet/addVehicle', tokens.owner, busBody({ imageData }))
        expect(added).toEqual({ status: 413, body: tooLarge })
        const updated = await rest('PUT', '/api/Fleet/updateVehicle', tokens.owner, busBody({ id: unassigned.id, vin: unassigned.vin, imageData }))
        expect(updated).toEqual({ status: 413, body: tooLarge })
      }
    }
    expect(await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, unassigned.id))).toHaveLength(0)
  })

  it('exactly 2 MiB is accepted', async () => {
    const res = await rest('PUT', '/api/Fleet/updateVehicle', tokens.owner, busBody({ id: unassigned.id, vin: unassigned.vin, imageData: pngOfSize(MAX_IMAGE_BYTES).toString('base64') }))
    expect(res.status).toBe(200)
    const [img] = await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, unassigned.id))
    // Stored re-encoded (decision 022): the padding of the test picture is gone.
    const content = await storedBytes(db, img!.blobId)
    expect(content.byteLength).toBeGreaterThan(0)
    expect(content.byteLength).toBeLessThan(MAX_IMAGE_BYTES)
    await rest('PUT', '/api/Fleet/updateVehicle', tokens.owner, busBody({ id: unassigned.id, vin: unassigned.vin, imageData: null }))
  })

  it('PUT /api/Profile: the profile photo too', async () => {
    const profile = { firstName: 'Dana', lastName: 'Rivers', dateOfBirth: '1988-04-12', gender: 1, countryCode: 'US', comesFromState: 'CA', phoneNumber: '+1 415 555 0101' }
    const res = await rest('PUT', '/api/Profile', tokens.owner, { ...profile, profilePhoto: pngOfSize(sizes[1]!).toString('base64') })
    expect(res).toEqual({ status: 413, body: { message: 'The image is larger than 2 MB', errors: { profilePhoto: 'Image too large' } } })
    expect(await db.read.select().from(userPhotos)).toHaveLength(0)
  })

  it('the fleet page: the cropped picture of the vehicle form answers 413 under the picture field', async () => {
    const form = new FormData()
    for (const [k, v] of Object.entries({ intent: 'updateVehicle', id: String(unassigned.id), make: 'Blue Bird', model: 'Vision', vin: unassigned.vin, licensePlate: 'PAGE-1' })) form.set(k, v)
    form.set('imageData', pngOfSize(sizes[1]!).toString('base64'))
    const res = await callPage(fleetPage.action as PageHandler, `/fleet/${ownerCo}`, { cookie: ownerCookie, params: { companyId: String(ownerCo) }, form })
    expect(res.status).toBe(413)
    expect((res.body as VehicleFormResult).fieldErrors.imageData).toBe('Image too large')
  })
})

describe('a vehicle write by an operator that sees the vehicle is 403; 404 for what the caller cannot see', () => {
  const FORBIDDEN = { message: 'Only the owner company may change this vehicle' }
  /** Every vehicle write of API.md, as its client sends it. */
  const writes: { name: string; send: (token: string, vehicle: { id: number; vin: string }, docId: number) => ReturnType<typeof rest> }[] = [
    { name: 'PUT /api/Fleet/updateVehicle', send: (t, v) => rest('PUT', '/api/Fleet/updateVehicle', t, busBody({ id: v.id, vin: v.vin, make: 'Hacked' })) },
    { name: 'PUT /api/Fleet/updateVehicle (picture)', send: (t, v) => rest('PUT', '/api/Fleet/updateVehicle', t, busBody({ id: v.id, vin: v.vin, imageData: SMALL_PNG })) },
    { name: 'DELETE /api/Fleet/deleteVehicle', send: (t, v) => rest('DELETE', `/api/Fleet/deleteVehicle?id=${v.id}`, t) },
    {
      name: 'POST /api/Fleet/uploadVehicleDocument',
      send: (t, v) => rest('POST', '/api/Fleet/uploadVehicleDocument', t, [{ vehicleId: v.id, fileName: 'x.pdf', contentType: 'application/pdf', fileContent: PDF.toString('base64') }]),
    },
    { name: 'DELETE /api/fleet/deleteVehicleDocument', send: (t, _v, d) => rest('DELETE', `/api/fleet/deleteVehicleDocument?documentId=${d}`, t) },
  ]

  it.each(writes)('$name: 403 for the operator and its driver, 404 for a vehicle they do not see, another owner, or none', async ({ send }) => {
    for (const who of ['operator', 'driver'] as const) {
      expect(await send(tokens[who], assigned, documentId)).toEqual({ status: 403, body: FORBIDDEN })
    }
    expect((await send(tokens.otherOwner, assigned, documentId)).status).toBe(404)
    expect((await send(tokens.operator, { id: 999_999, vin: vin() }, 999_999)).status).toBe(404)
    expect((await send(tokens.operator, unassigned, documentId + 1_000)).status).toBe(404)
  })

  it('nothing was changed, and the operator still reads the vehicle and its documents', async () => {
    const [v] = await db.read.select().from(vehicles).where(eq(vehicles.id, assigned.id))
    expect(v).toMatchObject({ make: 'Blue Bird', archivedAt: null })
    expect(await db.read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, assigned.id))).toHaveLength(0)
    const docs = await db.read.select().from(vehicleDocuments).where(and(eq(vehicleDocuments.vehicleId, assigned.id), eq(vehicleDocuments.isActive, true)))
    expect(docs.map((d) => d.id)).toEqual([documentId])
    expect((await rest('GET', `/api/Fleet/getVehiclesAssignedToOperator?companyId=${operatorCo}`, tokens.operator)).status).toBe(200)
    expect((await rest('GET', `/api/Fleet/getVehicleDocuments?vehicleId=${assigned.id}`, tokens.operator)).status).toBe(200)
  })

  it('tRPC fleet.deleteDocument answers the same: 403, and 404 for another owner', async () => {
    const call = async (token: string) =>
      (
        await handleTrpcRequest(
          new Request('http://localhost/trpc/fleet.deleteDocument', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ documentId }),
          }),
          db,
          '127.0.0.1',
        )
      ).status
    expect(await call(tokens.operator)).toBe(403)
    expect(await call(tokens.otherOwner)).toBe(404)
  })

  it('the fleet page of an owner who also runs the operator company: the same answers, as the form and the toast show them', async () => {
    const post = (form: Record<string, string>) =>
      callPage(fleetPage.action as PageHandler, `/fleet/${dualOwnCo}`, { cookie: dualCookie, params: { companyId: String(dualOwnCo) }, form })
    const edit = (v: { id: number; vin: string }) =>
      post({ intent: 'updateVehicle', id: String(v.id), make: 'Hacked', model: 'Vision', vin: v.vin, licensePlate: 'PAGE-2' })
    expect((await edit(assigned)).status).toBe(403)
    expect((await edit(unassigned)).status).toBe(404)
    expect((await post({ intent: 'deleteVehicle', id: String(assigned.id) })).toast).toEqual({
      type: 'error',
      message: `Error deleting vehicle: ${FORBIDDEN.message}`,
    })
    expect((await post({ intent: 'deleteVehicle', id: String(unassigned.id) })).toast).toEqual({ type: 'error', message: 'Error deleting vehicle: Vehicle not found' })
  })
})
