/**
 * The server's hot path (issue 13, decisions 051 and 052), over real HTTP on the whole
 * application: what does not depend on timing.
 *
 * - the statements read on every request (token, session, user, memberships) are prepared once
 *   and reused: the process's counter of prepared statements does not move over repeated calls;
 * - a page request reads the caller's identity once, however many loaders ask for it;
 * - hashed assets are served with immutable cache headers; other paths never reach the disk;
 * - /healthz answers while the VIN decoder is not open, and a VIN lookup still works then.
 */
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedStatementCount, type Database } from '#db/client.ts'
import { actorFromAccessToken } from '#server/auth/access-token.server.ts'
import { identityReadCount } from '#server/auth/request-actor.server.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

describe.each(DRIVERS)('the hot path (%s)', (driver) => {
let db: Database
let app: RunningApp
let token: string
let cookie: string
let companyId: number

beforeAll(async () => {
  db = createTestDb(driver)
  app = await startApp(db, { env: { RATE_LIMIT_FACTOR: '100' } })
  const owner = await createUser(db, { firstName: 'Hot', lastName: 'Path' })
  const company = await createCompany(db, 'Hot Path Leasing', ['Owner'])
  companyId = company.id
  await grantRole(db, owner.id, company.id, 'Owner')
  token = await apiTokenFor(db, owner.id)
  cookie = await webSessionFor(db, owner.id)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db?.close()
})

const restRead = () =>
  raw(app.base, 'GET', `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${companyId}`, {
    headers: { authorization: `Bearer ${token}` },
  })

  it('REST reads reuse the statements prepared for the token, session and memberships', async () => {
    const first = await restRead()
    expect(first.status).toBe(200)
    expect(JSON.parse(first.body)).toEqual([])
    const prepared = preparedStatementCount()
    // The token's session, the user, the memberships and the company types at least.
    expect(prepared).toBeGreaterThanOrEqual(4)
    for (let i = 0; i < 5; i++) expect((await restRead()).status).toBe(200)
    expect(preparedStatementCount()).toBe(prepared)
  })

  it('a large door answer is compressed for a client that accepts gzip, and sent as it is to one that accepts no encoding', async () => {
    const gzip = await raw(app.base, 'GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.status).toBe(200)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await raw(app.base, 'GET', '/api/openapi.json')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024)
    expect(JSON.parse(plain.body)).toHaveProperty('paths')
  })

  it('the REST door answers small JSON with its length, uncompressed, with db time in Server-Timing', async () => {
    const res = await raw(app.base, 'GET', `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${companyId}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBe('2')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(String(res.headers['server-timing'])).toMatch(/^app;dur=[\d.]+, db;dur=[\d.]+, total;dur=[\d.]+$/)
    // Same errors as before: an unknown path, a missing token.
    expect((await raw(app.base, 'GET', '/api/Nope/nothing')).status).toBe(404)
    const anonymous = await raw(app.base, 'GET', `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${companyId}`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers['www-authenticate']).toBe('Bearer')
  })

  it('a token whose signature was verified before still expires, and a forged one is still refused', async () => {
    const fresh = await apiTokenFor(db, (await createUser(db, { firstName: 'Twice', lastName: 'Verified' })).id)
    expect(await actorFromAccessToken(db, fresh)).toMatchObject({ kind: 'user' })
    expect(await actorFromAccessToken(db, fresh)).toMatchObject({ kind: 'user' })
    // 16 minutes later (access tokens live 15): refused, although its session is still open.
    expect(await actorFromAccessToken(db, fresh, new Date(Date.now() + 16 * 60_000))).toBeNull()
    // Another signature (one character inside it changed) for the same claims.
    const at = fresh.length - 10
    const forged = fresh.slice(0, at) + (fresh[at] === 'A' ? 'B' : 'A') + fresh.slice(at + 1)
    expect(await actorFromAccessToken(db, forged)).toBeNull()
    expect(await actorFromAccessToken(db, fresh)).toMatchObject({ kind: 'user' })
  })

  it('a page request reads the identity once for all its loaders', async () => {
    const headers = { cookie: `operon_session=${cookie}`, accept: 'text/html' }
    const warm = await raw(app.base, 'GET', '/dashboard', { headers })
    expect(warm.status).toBe(200)
    const before = identityReadCount()
    const res = await raw(app.base, 'GET', '/dashboard', { headers })
    expect(res.status).toBe(200)
    expect(res.body).toContain('Hot Path Leasing')
    // The layout's loader and the dashboard's both ask; one read answers both.
    expect(identityReadCount() - before).toBe(1)
  })

  it('hashed assets are immutable for a year; other client files by exact path; nothing else is a file', async () => {
    const asset = readdirSync('build/client/assets').find((f) => f.endsWith('.js'))
    expect(asset, 'run `npm run build` first').toBeDefined()
    const res = await raw(app.base, 'GET', `/assets/${asset}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const favicon = await raw(app.base, 'GET', '/favicon.svg')
    expect(favicon.status).toBe(200)
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
    // A client file's name under another path is not served from the disk.
    const elsewhere = await raw(app.base, 'GET', `/fleet/favicon.svg`, { headers: { accept: 'text/html' } })
    expect(String(elsewhere.headers['content-type'] ?? '')).not.toMatch(/svg/)
  })

  it.runIf(driver === 'better-sqlite3')('/healthz answers while the VIN decoder is cold, and a VIN lookup still works then', { timeout: 120_000 }, async () => {
    const vin = await app.load<typeof import('#server/fleet/vin-decode.server.ts')>('/server/fleet/vin-decode.server.ts')
    await vin.resetVinDecoder()
    const health = await raw(app.base, 'GET', '/healthz')
    expect(health.status).toBe(200)
    expect(health.body).toBe('OK')
    expect(vin.vinDecoderInfo().readyMs).toBeNull()
    const lookup = await raw(app.base, 'POST', '/trpc/fleet.lookupVin', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: APP_ORIGIN },
      body: JSON.stringify({ vin: '1BAKGCPA1EF296813' }),
    })
    expect(lookup.status).toBe(200)
    const result = (JSON.parse(lookup.body) as { result: { data: { found: boolean; make?: string } } }).result.data
    expect(result.found).toBe(true)
    expect(result.make).toMatch(/blue bird/i)
    expect(vin.vinDecoderInfo().readyMs).not.toBeNull()
  })
})
