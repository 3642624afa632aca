/**
 * Issue point 4 "Faults" and point 2 (decision 071), against a real libSQL server (sqld): the
 * whole HTTP application in this process, its database an embedded replica of a sqld primary,
 * then a client of the server itself (remote mode). The primary is stopped (SIGTERM, as an
 * operator or a platform would) and started again on the same port and folder; the app is never
 * restarted.
 * - Embedded replica, primary stopped: pages and REST reads answer from the replica; /healthz
 *   says 200 `reads: ok, writes: unavailable`; a write answers 503 + Retry-After with the message
 *   on every door (REST, tRPC SERVICE_UNAVAILABLE, a form without JavaScript, a form with it,
 *   and an action without a form answer: a toast with JavaScript, a plain 503 page without);
 *   nothing is written; the primary back, the same writes go through and /healthz says OK.
 * - Remote mode, server stopped: reads fail too, and answer 503 with the message, never a 500;
 *   /healthz 503; a hung server fails /healthz within its timeout instead of hanging it.
 * - A multi-statement transaction cut by the primary stopping leaves nothing on the primary.
 */
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '#db/client.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, databaseFaultOf } from '#server/context/request-scope.server.ts'
import { READ_CHECK_TIMEOUT_MS } from '#server/http/database-health.server.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RawResponse, type RunningApp } from '#tests/helpers/http-app.ts'
import { startSqld, type Sqld } from '#tests/helpers/sqld.ts'

/**
 * The file opens its own databases (a sqld primary, an embedded replica, a remote client), so
 * the suite's passes on another driver (DB_DRIVER, scripts/test-all.mjs) would only repeat it.
 */
const otherDriverPass = !!process.env.DB_DRIVER && process.env.DB_DRIVER !== 'better-sqlite3'

const same = { origin: APP_ORIGIN }
const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }

interface World {
  sqld: Sqld
  db: Database
  app: RunningApp
  companyId: number
  vehicleIdentifier: string
  token: string
  cookie: string
}

async function world(mode: 'replica' | 'remote'): Promise<World> {
  const sqld = await startSqld({ migrate: true })
  const db =
    mode === 'replica'
      ? openDatabase({ url: `file:${join(sqld.dir, 'replica.db')}`, syncUrl: sqld.url, syncInterval: 1 })
      : openDatabase({ url: sqld.url })
  const company = await createCompany(db, `Faults ${mode}`, ['Owner'])
  const vehicle = await insertVehicle(db, company.id)
  const user = await createUser(db)
  await grantRole(db, user.id, company.id, 'Owner')
  const token = await apiTokenFor(db, user.id)
  const cookie = `operon_session=${await webSessionFor(db, user.id)}`
  // /healthz asks the primary named by DATABASE_SYNC_URL (the process environment; none in remote mode).
  const app = await startApp(db, { env: { DATABASE_SYNC_URL: mode === 'replica' ? sqld.url : '' } })
  return { sqld, db, app, companyId: company.id, vehicleIdentifier: vehicle.vehicleIdentifier, token, cookie }
}

async function endWorld(w: World | undefined) {
  await w?.app.close()
  await w?.db.close()
  await w?.sqld.destroy()
}

/** What the primary itself holds (not the replica's copy). */
async function onPrimary(w: World, query: string, args: string[] = []): Promise<number> {
  const client = createClient({ url: w.sqld.url })
  try {
    const rs = await client.execute({ sql: query, args })
    return Number(rs.rows[0]![0])
  } finally {
    client.close()
  }
}

const restRead = (w: World) => raw(w.app.base, 'GET', `/api/Fleet/getAllVehicles?companyId=${w.companyId}`, { headers: { authorization: `Bearer ${w.token}` } })
const restWrite = (w: World, name: string) =>
  raw(w.app.base, 'POST', '/api/Company/create', { headers: { authorization: `Bearer ${w.token}`, ...json }, body: JSON.stringify({ name, types: ['Owner'] }) })
const trpcWrite = (w: World, name: string) =>
  raw(w.app.base, 'POST', '/trpc/company.create', { headers: { ...same, cookie: w.cookie, ...json }, body: JSON.stringify({ name, types: ['Owner'] }) })
const pageRead = (w: World) => raw(w.app.base, 'GET', `/fleet/${w.companyId}`, { headers: { cookie: w.cookie, accept: 'text/html' } })
const createCompanyForm = (name: string) => new URLSearchParams({ intent: 'createCompany', name, types: 'Owner', timeZone: 'UTC' }).toString()
/** The profile's "create a company" form, as a browser without JavaScript posts it. */
const pageWrite = (w: World, name: string) =>
  raw(w.app.base, 'POST', '/profile', { headers: { ...same, cookie: w.cookie, accept: 'text/html', ...form }, body: createCompanyForm(name) })
/** The same form with JavaScript: Remix's single fetch posts to `/profile.data`. */
const pageWriteJs = (w: World, name: string) =>
  raw(w.app.base, 'POST', '/profile.data', { headers: { ...same, cookie: w.cookie, ...form }, body: createCompanyForm(name) })

/** /healthz until it says `text` (the primary's answer is cached for 2 s). */
async function healthzSays(w: World, text: string, status: number): Promise<RawResponse> {
  const deadline = Date.now() + 8000
  for (;;) {
    const res = await raw(w.app.base, 'GET', '/healthz')
    if ((res.body === text && res.status === status) || Date.now() > deadline) return res
    await new Promise((r) => setTimeout(r, 200))
  }
}

function expectUnavailable(res: RawResponse) {
  expect(res.status, res.body.slice(0, 300)).toBe(503)
  expect(res.headers['retry-after']).toBe('5')
}

describe.skipIf(otherDriverPass)('an embedded replica whose primary stops', () => {
  let w: World | undefined
  beforeAll(async () => {
    w = await world('replica')
  }, 120_000)
  afterAll(() => endWorld(w))

  it('reads keep answering, writes answer 503 with the message on every door, nothing is written; then all resumes without a restart', async () => {
    const { sqld } = w!
    expect((await raw(w!.app.base, 'GET', '/healthz')).body).toBe('OK')
    const companiesBefore = await onPrimary(w!, 'SELECT count(*) FROM companies')
    await sqld.stop()
    try {
      // Reads: from the replica.
      const list = await restRead(w!)
      expect(list.status, list.body).toBe(200)
      expect(list.body).toContain(w!.vehicleIdentifier)
      const page = await pageRead(w!)
      expect(page.status, page.body.slice(0, 300)).toBe(200)
      expect(page.body).toContain(w!.vehicleIdentifier)

      // /healthz: the instance keeps serving reads, and says writes do not work.
      const health = await healthzSays(w!, 'reads: ok, writes: unavailable', 200)
      expect([health.status, health.body]).toEqual([200, 'reads: ok, writes: unavailable'])

      // REST: 503, Retry-After, { message }.
      const rest = await restWrite(w!, 'Faults REST')
      expectUnavailable(rest)
      expect(JSON.parse(rest.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })

      // tRPC: SERVICE_UNAVAILABLE with the same message (the widgets show it as a toast).
      const trpc = await trpcWrite(w!, 'Faults tRPC')
      expectUnavailable(trpc)
      const trpcBody = JSON.parse(trpc.body) as { error: { message: string; data: { code: string; httpStatus: number } } }
      expect(trpcBody.error.message).toBe(DATABASE_UNAVAILABLE_MESSAGE)
      expect(trpcBody.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 })

      // A form without JavaScript: the page again, its form showing the message.
      const noJs = await pageWrite(w!, 'Faults page')
      expectUnavailable(noJs)
      expect(noJs.headers['content-type']).toMatch(/text\/html/)
      expect(noJs.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)
      expect(noJs.body).not.toMatch(/unexpected error/i)

      // The same form with JavaScript: the action's answer carries the message for the form.
      const js = await pageWriteJs(w!, 'Faults page JS')
      expect(js.status, js.body.slice(0, 300)).toBe(503)
      expect(js.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)

      // An action that does not answer with a form (Logout) and fails on the database: without
      // JavaScript the plain 503 page; with it, back to the page with the message as a toast.
      const logout = await raw(w!.app.base, 'POST', '/logout', { headers: { ...same, cookie: w!.cookie, accept: 'text/html', ...form }, body: '' })
      expectUnavailable(logout)
      expect(logout.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)
      const logoutJs = await raw(w!.app.base, 'POST', '/logout.data', {
        headers: { ...same, cookie: w!.cookie, referer: `${APP_ORIGIN}/fleet/${w!.companyId}`, ...form },
        body: '',
      })
      expect(logoutJs.status, logoutJs.body.slice(0, 300)).toBe(202) // single fetch's redirect
      expect(logoutJs.body).toContain(`/fleet/${w!.companyId}`)
      const toastCookie = ([] as string[]).concat(logoutJs.headers['set-cookie'] ?? []).find((c) => c.startsWith('operon_toast='))
      expect(toastCookie).toBeDefined()
      // The page it goes back to shows the toast (and the session is still there: nothing was saved).
      const back = await raw(w!.app.base, 'GET', `/fleet/${w!.companyId}`, { headers: { cookie: `${w!.cookie}; ${toastCookie!.split(';')[0]}`, accept: 'text/html' } })
      expect(back.status).toBe(200)
      expect(back.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)
    } finally {
      await sqld.start()
    }

    // Nothing was half-written.
    expect(await onPrimary(w!, 'SELECT count(*) FROM companies')).toBe(companiesBefore)
    expect(await onPrimary(w!, "SELECT count(*) FROM companies WHERE name LIKE 'Faults %' AND name <> 'Faults replica'")).toBe(0)

    // The primary is back: the same writes go through, without restarting anything.
    const rest = await restWrite(w!, 'Faults REST')
    expect(rest.status, rest.body).toBe(201)
    const trpc = await trpcWrite(w!, 'Faults tRPC')
    expect(trpc.status, trpc.body).toBe(200)
    const page = await pageWrite(w!, 'Faults page')
    expect(page.status, page.body.slice(0, 300)).toBe(302)
    expect(await onPrimary(w!, "SELECT count(*) FROM companies WHERE name IN ('Faults REST', 'Faults tRPC', 'Faults page')")).toBe(3)
    const health = await healthzSays(w!, 'OK', 200)
    expect([health.status, health.body]).toEqual([200, 'OK'])
  }, 60_000)
})

describe.skipIf(otherDriverPass)('remote mode (every statement on the libSQL server) when the server stops', () => {
  let w: World | undefined
  beforeAll(async () => {
    w = await world('remote')
  }, 120_000)
  afterAll(() => endWorld(w))

  it('reads and writes answer 503 with the message, never a 500; /healthz 503; then all resumes', async () => {
    const { sqld } = w!
    await sqld.stop()
    try {
      const list = await restRead(w!)
      expectUnavailable(list)
      expect(JSON.parse(list.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })
      const rest = await restWrite(w!, 'Remote REST')
      expectUnavailable(rest)
      expect(JSON.parse(rest.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })

      // tRPC: who calls cannot be read either; a query and a mutation say the same.
      const query = await raw(w!.app.base, 'GET', '/trpc/company.mine', { headers: { cookie: w!.cookie } })
      expectUnavailable(query)
      expect(JSON.parse(query.body)).toMatchObject({ error: { message: DATABASE_UNAVAILABLE_MESSAGE, data: { code: 'SERVICE_UNAVAILABLE' } } })
      const trpc = await trpcWrite(w!, 'Remote tRPC')
      expectUnavailable(trpc)

      // A page: the plain 503 page with the message (with JavaScript: the page loads as a document).
      const page = await pageRead(w!)
      expectUnavailable(page)
      expect(page.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)
      const pageData = await raw(w!.app.base, 'GET', `/fleet/${w!.companyId}.data`, { headers: { cookie: w!.cookie } })
      expect(pageData.status, pageData.body.slice(0, 300)).toBe(202)
      expect(pageData.body).toContain(`/fleet/${w!.companyId}`)
      const noJs = await pageWrite(w!, 'Remote page')
      expectUnavailable(noJs)
      expect(noJs.body).toContain(DATABASE_UNAVAILABLE_MESSAGE)

      const health = await raw(w!.app.base, 'GET', '/healthz')
      expect([health.status, health.body]).toEqual([503, 'reads: unavailable, writes: unavailable'])
    } finally {
      await sqld.start()
    }
    const list = await restRead(w!)
    expect(list.status, list.body).toBe(200)
    const rest = await restWrite(w!, 'Remote REST')
    expect(rest.status, rest.body).toBe(201)
    expect(await onPrimary(w!, "SELECT count(*) FROM companies WHERE name LIKE 'Remote %'")).toBe(1)
    const health = await raw(w!.app.base, 'GET', '/healthz')
    expect([health.status, health.body]).toEqual([200, 'OK'])
  }, 60_000)

  it('a server that hangs (SIGSTOP) fails /healthz within its read timeout instead of hanging it', async () => {
    const pid = w!.sqld.pid()!
    process.kill(pid, 'SIGSTOP')
    try {
      const started = performance.now()
      const health = await raw(w!.app.base, 'GET', '/healthz')
      const took = performance.now() - started
      expect([health.status, health.body]).toEqual([503, 'reads: unavailable, writes: unavailable'])
      expect(took).toBeGreaterThanOrEqual(READ_CHECK_TIMEOUT_MS - 100)
      expect(took).toBeLessThan(READ_CHECK_TIMEOUT_MS + 2000)
    } finally {
      process.kill(pid, 'SIGCONT')
    }
    expect((await healthzSays(w!, 'OK', 200)).body).toBe('OK')
  }, 30_000)
})

describe.skipIf(otherDriverPass).each(['replica', 'remote'] as const)('a transaction cut by the primary stopping (%s)', (mode) => {
  let w: World | undefined
  beforeAll(async () => {
    const sqld = await startSqld({ migrate: true })
    const db =
      mode === 'replica'
        ? openDatabase({ url: `file:${join(sqld.dir, 'replica.db')}`, syncUrl: sqld.url, syncInterval: 1 })
        : openDatabase({ url: sqld.url })
    w = { sqld, db } as World
  }, 60_000)
  afterAll(async () => {
    await w?.db.close()
    await w?.sqld.destroy()
  })

  it('is rolled back on the primary: after the restart, neither row is there', async () => {
    const { sqld, db } = w!
    const tag = `cut-${mode}`
    let failure: unknown
    try {
      await db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO license_types (name) VALUES (${`${tag}-1`})`)
        await sqld.stop() // the pause between the two statements
        await tx.run(sql`INSERT INTO license_types (name) VALUES (${`${tag}-2`})`)
      })
    } catch (e) {
      failure = e
    } finally {
      await sqld.start()
    }
    expect(failure, 'the transaction must fail').toBeDefined()
    expect(databaseFaultOf(failure)).toBe('unavailable')
    expect(await onPrimary(w!, 'SELECT count(*) FROM license_types WHERE name LIKE ?', [`${tag}-%`])).toBe(0)
    // And the database takes the same transaction now.
    await db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO license_types (name) VALUES (${`${tag}-1`})`)
      await tx.run(sql`INSERT INTO license_types (name) VALUES (${`${tag}-2`})`)
    })
    expect(await onPrimary(w!, 'SELECT count(*) FROM license_types WHERE name LIKE ?', [`${tag}-%`])).toBe(2)
  }, 60_000)
})
