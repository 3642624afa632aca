import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
let userId: number

beforeAll(async () => {
  db = createTestDb()
  const user = await createUser(db)
  userId = user.id
  const c = await createCompany(db, 'Trpc Lines', ['Operator'])
  await grantRole(db, user.id, c.id, 'Operator')
})
afterAll(() => db.close())

describe('the tRPC door', () => {
  it('answers company.mine over HTTP with a session cookie', async () => {
    const cookie = await webSessionFor(db, userId)
    const res = await handleTrpcRequest(
      new Request('http://localhost/trpc/company.mine', { headers: { cookie: `operon_session=${cookie}` } }),
      db,
      '127.0.0.1',
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { data: { companyName: string; userRoles: { name: string }[] }[] } }
    expect(body.result.data).toEqual([expect.objectContaining({ companyName: 'Trpc Lines', userRoles: [{ id: 2, name: 'Operator' }] })])
  })

  it('answers company.mine with a bearer token too', async () => {
    const token = await apiTokenFor(db, userId)
    const res = await handleTrpcRequest(
      new Request('http://localhost/trpc/company.mine', { headers: { authorization: `Bearer ${token}` } }),
      db,
      '127.0.0.1',
    )
    expect(res.status).toBe(200)
  })

  it('maps the use case error to UNAUTHORIZED for an anonymous caller', async () => {
    const res = await handleTrpcRequest(new Request('http://localhost/trpc/company.mine'), db, '127.0.0.1')
    expect(res.status).toBe(401)
    const body = (await res.json()) as { error: { data: { code: string; stack?: string } } }
    expect(body.error.data.code).toBe('UNAUTHORIZED')
    expect(body.error.data.stack).toBeUndefined()
  })

  it('maps validation failures to BAD_REQUEST with field errors', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, userId) })
    await expect(caller.company.create({ name: '', types: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    const created = await caller.company.create({ name: 'Via tRPC', types: ['RepairShop'] })
    expect(created.userRoles).toEqual([{ id: 3, name: 'RepairShop' }])
  })
})
