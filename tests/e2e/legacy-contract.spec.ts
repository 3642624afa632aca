/**
 * The legacy contract over real HTTP, against the production server (Express,
 * helmet, compression, Remix), as a client written from API.md sends it: what
 * only the whole stack can show. The use-case answers behind them are tested in
 * tests/integration/legacy-contract.test.ts.
 */
import type { APIResponse } from '@playwright/test'
import { operatorAssignments } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { e2eDb, expect, test } from './fixtures.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

/** Every value the response carries for a header, however the server split or joined them. */
const valuesOf = (res: APIResponse, name: string) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name)
    .flatMap((h) => h.value.split(','))
    .map((v) => v.trim())

test('a document download sends X-Content-Type-Options: nosniff once; an operator writing is 403; a 3.5 MiB picture is 413', async ({ request }) => {
  const db = e2eDb()
  const tag = `${Date.now().toString(36)}`.toUpperCase()
  const ownerCo = await createCompany(db, `Contract Owner ${tag}`, ['Owner'])
  const operatorCo = await createCompany(db, `Contract Operator ${tag}`, ['Operator'])
  const owner = await createUser(db)
  const operator = await createUser(db)
  await grantRole(db, owner.id, ownerCo.id, 'Owner')
  await grantRole(db, operator.id, operatorCo.id, 'Operator')
  const ownerAuth = { Authorization: `Bearer ${await apiTokenFor(db, owner.id)}` }
  const operatorAuth = { Authorization: `Bearer ${await apiTokenFor(db, operator.id)}` }

  const vin = withVinCheckDigit(`1BAKGCPA0NF${String(Date.now()).slice(-6)}`)
  const bus = { ownerId: ownerCo.id, make: 'Blue Bird', model: 'Vision', vin, licensePlate: `E2E-${tag.slice(-5)}`, fuelType: 1 }
  const added = await request.post('/api/Fleet/addVehicle', { headers: ownerAuth, data: bus })
  expect(added.status()).toBe(201)
  const vehicleId = ((await added.json()) as { id: number }).id
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operatorCo.id, startDate: todayIn('UTC'), endDate: null }))

  const uploaded = await request.post('/api/Fleet/uploadVehicleDocument', {
    headers: ownerAuth,
    data: [{ vehicleId, fileName: 'registration.pdf', contentType: 'application/pdf', fileContent: PDF.toString('base64') }],
  })
  expect(uploaded.status()).toBe(200)
  const documentId = ((await uploaded.json()) as { id: number }[])[0]!.id

  // nosniff once: the REST path (both readers) and the browser's download route.
  for (const auth of [ownerAuth, operatorAuth]) {
    const res = await request.get(`/api/fleet/${vehicleId}/documents/${documentId}`, { headers: auth })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('application/pdf')
    expect(valuesOf(res, 'x-content-type-options')).toEqual(['nosniff'])
  }
  const cookie = `operon_session=${await webSessionFor(db, owner.id)}`
  const browserDownload = await request.get(`/vehicles/${vehicleId}/documents/${documentId}`, { headers: { cookie } })
  expect(browserDownload.status()).toBe(200)
  expect(valuesOf(browserDownload, 'x-content-type-options')).toEqual(['nosniff'])

  // The operator sees the bus but may not change it: 403, not 404.
  const edit = await request.put('/api/Fleet/updateVehicle', { headers: operatorAuth, data: { ...bus, id: vehicleId, make: 'Hacked' } })
  expect(edit.status()).toBe(403)
  expect(await edit.json()).toEqual({ message: 'Only the owner company may change this vehicle' })
  const del = await request.delete(`/api/fleet/deleteVehicleDocument?documentId=${documentId}`, { headers: operatorAuth })
  expect(del.status()).toBe(403)

  // A picture of 3.5 MiB decoded (4.9 million base64 characters): 413, not 400.
  const png = new Raster(8, 6, [30, 64, 175, 255]).toPng()
  const imageData = Buffer.concat([png, Buffer.alloc(Math.round(3.5 * 1024 * 1024) - png.length)]).toString('base64')
  const big = await request.put('/api/Fleet/updateVehicle', { headers: ownerAuth, data: { ...bus, id: vehicleId, imageData } })
  expect(big.status()).toBe(413)
  expect(await big.json()).toEqual({ message: 'The image is larger than 2 MB', errors: { imageData: 'Image too large' } })
})
