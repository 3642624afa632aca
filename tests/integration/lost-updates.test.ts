/**
 * Issue 9, point 6 (no lost updates) and the 409 for a duplicate vehicle key
 * (point 5), sent the way a client sends them: REST with API.md's shapes, and
 * the owner fleet page's form post.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { vehicles } from '#db/schema/index.ts'
import * as fleet from '#app/routes/_app+/fleet.$companyId.tsx'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
let companyId: number
let alice: string
let bob: string
let aliceCookie: string
let seq = 0
const newVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(400000 + seq++).slice(-6)}`)

async function rest(method: string, path: string, token: string, body?: unknown) {
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const bus = (over: Record<string, unknown> = {}) => ({ ownerId: companyId, make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: `LU-${seq}`, fuelType: 1, ...over })

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  companyId = (await createCompany(db, 'Two Editors Leasing', ['Owner'])).id
  const a = await createUser(db)
  const b = await createUser(db)
  await grantRole(db, a.id, companyId, 'Owner')
  await grantRole(db, b.id, companyId, 'Owner')
  alice = await apiTokenFor(db, a.id)
  bob = await apiTokenFor(db, b.id)
  aliceCookie = await webSessionFor(db, a.id)
})
afterAll(() => db.close())

describe('two editors of one vehicle (REST)', () => {
  it('the second edit from the same starting version gets 409 and changes nothing', async () => {
    const created = await rest('POST', '/api/Fleet/addVehicle', alice, bus())
    expect(created.status).toBe(201)
    expect(created.body.version).toBe(1)
    const start = created.body
    const first = await rest('PUT', '/api/Fleet/updateVehicle', alice, { ...start, color: 'Yellow', version: start.version })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ color: 'Yellow', version: 2 })
    const second = await rest('PUT', '/api/Fleet/updateVehicle', bob, { ...start, color: 'Green', version: start.version })
    expect(second).toEqual({ status: 409, body: { message: HARDENING_TEXT.staleVehicle, errors: { version: HARDENING_TEXT.staleVehicle } } })
    const [row] = await db.read.select().from(vehicles).where(eq(vehicles.id, start.id))
    expect(row).toMatchObject({ color: 'Yellow', version: 2 })
    // Reloaded, Bob's edit goes through.
    const again = await rest('PUT', '/api/Fleet/updateVehicle', bob, { ...first.body, color: 'Green' })
    expect(again.body).toMatchObject({ color: 'Green', version: 3 })
  })

  it('both editors racing from one version: exactly one wins', async () => {
    const { body: start } = await rest('POST', '/api/Fleet/addVehicle', alice, bus())
    const results = await Promise.all([
      rest('PUT', '/api/Fleet/updateVehicle', alice, { ...start, color: 'Red' }),
      rest('PUT', '/api/Fleet/updateVehicle', bob, { ...start, color: 'Blue' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('a legacy client that sends no version still saves (the field is optional)', async () => {
    const { body: start } = await rest('POST', '/api/Fleet/addVehicle', alice, bus())
    const { version: _v, ...legacy } = start
    const res = await rest('PUT', '/api/Fleet/updateVehicle', bob, { ...legacy, color: 'Silver' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ color: 'Silver', version: 2 })
  })
})

describe('the fleet page: a stale edit', () => {
  it('shows "someone else changed this vehicle" and keeps the other change', async () => {
    const { body: start } = await rest('POST', '/api/Fleet/addVehicle', alice, bus())
    await rest('PUT', '/api/Fleet/updateVehicle', bob, { ...start, color: 'Orange', version: 1 })
    const form = new FormData()
    for (const [k, v] of Object.entries({ intent: 'updateVehicle', id: String(start.id), version: '1', make: 'Blue Bird', model: 'Vision', vin: start.vin, licensePlate: start.licensePlate, fuelType: '1', color: 'Purple' })) form.append(k, v)
    form.append('imageFile', new File([], '', { type: 'application/octet-stream' }))
    const r = await callPage(fleet.action as PageHandler, `/fleet/${companyId}?dialog=edit&id=${start.id}`, { cookie: aliceCookie, params: { companyId: String(companyId) }, form })
    expect(r.status).toBe(409)
    expect((r.body as { formError: string }).formError).toMatch(/^Someone else changed this vehicle/)
    const [row] = await db.read.select().from(vehicles).where(eq(vehicles.id, start.id))
    expect(row!.color).toBe('Orange')
  })

  it('the edit dialog carries the version it was opened with', async () => {
    const { body: start } = await rest('POST', '/api/Fleet/addVehicle', alice, bus())
    const r = await callPage(fleet.loader as PageHandler, `/fleet/${companyId}?dialog=edit&id=${start.id}`, { cookie: aliceCookie, params: { companyId: String(companyId) } })
    expect((r.body as { dialog: { version: number } }).dialog.version).toBe(1)
  })
})

describe('a vehicle key that already exists', () => {
  it('answers 409, not 500', async () => {
    const key = `key-${Date.now()}`
    expect((await rest('POST', '/api/Fleet/addVehicle', alice, bus({ key }))).status).toBe(201)
    const dup = await rest('POST', '/api/Fleet/addVehicle', alice, bus({ key }))
    expect(dup.status).toBe(409)
    expect(dup.body.errors).toEqual({ key: expect.any(String) })
  })
})
