import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { bindKeys } from '#server/rest/bind.ts'
import { handleRestRequest, MAX_BODY_BYTES } from '#server/rest/handler.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

let db: Database
let token: string
let companyIds: number[]

const call = (path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  return handleRestRequest(new Request(`http://localhost${path}`, { ...init, headers }), db, '127.0.0.1')
}

beforeAll(async () => {
  db = createTestDb()
  const user = await createUser(db, { firstName: 'Rita', lastName: 'Rest' })
  const a = await createCompany(db, 'Alpha Coaches', ['Owner', 'Operator', 'RepairShop'])
  const b = await createCompany(db, 'Beta Transit', ['Operator'])
  const c = await createCompany(db, 'Gamma Inactive', ['Operator'])
  await grantRole(db, user.id, a.id, 'Owner')
  await grantRole(db, user.id, a.id, 'RepairShop')
  await grantRole(db, user.id, b.id, 'Driver')
  await grantRole(db, user.id, c.id, 'Driver', false)
  companyIds = [a.id, b.id]
  token = await apiTokenFor(db, user.id)
})
afterAll(() => db.close())

describe('the /api adapter', () => {
  it('answers /api/Company/mine with userInCompanyWithRole (active roles only)', async () => {
    const res = await call('/api/Company/mine', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const body = (await res.json()) as { companyId: number; companyName: string; companyTypes: string[]; userRoles: { name: string }[] }[]
    expect(body.map((c) => c.companyId).sort()).toEqual([...companyIds].sort())
    const alpha = body.find((c) => c.companyName === 'Alpha Coaches')!
    expect(alpha).toMatchObject({ companyIdentifier: expect.any(String) })
    expect(alpha.companyTypes.sort()).toEqual(['Operator', 'Owner', 'RepairShop'])
    expect(alpha.userRoles.map((r) => r.name).sort()).toEqual(['Owner', 'RepairShop'])
  })

  it('matches paths case-insensitively: /API/company/MINE answers alike', async () => {
    const a = await (await call('/api/Company/mine', { token })).json()
    const res = await call('/API/company/MINE', { token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(a)
    const slash = await call('/api/company/mine/', { token })
    expect(slash.status).toBe(200)
    expect(await slash.json()).toEqual(a)
    expect((await call('/api/company/mine//', { token })).status).toBe(404)
  })

  it('answers 400, not 500, for a malformed escape in a path parameter', async () => {
    const res = await call('/api/VehicleOperator/%E0%A4%A/cancel', { token, method: 'POST' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'The path is not valid' })
  })

  it('answers 401 with the error shape without a token or with a bad one', async () => {
    for (const t of [undefined, 'not-a-jwt', token.slice(0, -3) + 'abc']) {
      const res = await call('/api/Company/mine', { token: t })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: expect.any(String) })
    }
  })

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    expect((await call('/api/Nope/nothing', { token })).status).toBe(404)
    const res = await call('/api/Company/mine', { token, method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
  })

  it('creates a company from a PascalCase body and answers 201', async () => {
    const res = await call('/api/company/CREATE', {
      token,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Name: '  Delta Charter  ', TYPES: ['operator', 'Owner'] }),
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { companyName: string; companyIdentifier: string; userRoles: { name: string }[] }
    expect(body.companyName).toBe('Delta Charter')
    expect(body.companyIdentifier).toMatch(/^OPR-[2-9A-HJ-NP-Z]{6}$/)
    expect(body.userRoles.map((r) => r.name).sort()).toEqual(['Operator', 'Owner'])
  })

  it('answers 400 naming every invalid field, and 400 for broken JSON', async () => {
    const res = await call('/api/Company/create', { token, method: 'POST', body: JSON.stringify({ name: '', types: ['Bakery'] }) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; errors: Record<string, string> }
    expect(Object.keys(body.errors).sort()).toEqual(['name', 'types.0'])
    const broken = await call('/api/Company/create', { token, method: 'POST', body: '{"name": ' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('refuses a body over 32 MiB with 413, by header or by counting the stream', async () => {
    const declared = await call('/api/Company/create', {
      token,
      method: 'POST',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
      body: '{}',
    })
    expect(declared.status).toBe(413)
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), types: ['Owner'] })
    const streamed = await call('/api/Company/create', { token, method: 'POST', body: big })
    expect(streamed.status).toBe(413)
    expect(await streamed.json()).toEqual({ message: 'Request body too large' })
  })

  it('serves an OpenAPI 3.1 document generated from the route schemas, without a token', async () => {
    const res = await call('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { security: unknown[] }>> }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/Company/mine']?.get?.security).toEqual([{ bearer: [] }])
  })
})

describe('case-insensitive JSON binding', () => {
  const schema = z.object({
    username: z.string(),
    twoFactorType: z.number(),
    items: z.array(z.object({ fileName: z.string() })).optional(),
    nested: z.object({ isActive: z.boolean() }).nullable(),
  })

  it('binds PascalCase and odd-case keys to the schema keys at any depth', () => {
    expect(
      bindKeys(schema, {
        Username: 'a@b.c',
        TWOFACTORTYPE: 1,
        Items: [{ FileName: 'x.pdf' }],
        NESTED: { isactive: true },
        Extra: 1,
      }),
    ).toEqual({ username: 'a@b.c', twoFactorType: 1, items: [{ fileName: 'x.pdf' }], nested: { isActive: true }, Extra: 1 })
  })

  it('prefers the exact-case key when both spellings are sent', () => {
    expect(bindKeys(schema, { Username: 'second', username: 'exact' })).toMatchObject({ username: 'exact' })
  })
})
