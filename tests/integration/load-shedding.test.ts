/**
 * Issue 22 point 3 (decision 061): the server sheds load instead of letting every answer grow
 * slower. The whole app over raw HTTP with tiny limits (MAX_CONCURRENT_REQUESTS,
 * MAX_QUEUED_REQUESTS, MAX_QUEUE_WAIT_MS). A slot is held the way a real client holds one: a
 * sign-in form whose body is still arriving (the page's action waits for it), so nothing
 * test-only is added to the app. While it is held, pages, REST and tRPC get 503 with
 * Retry-After and a short answer (in the reader's language, REST in English), and /healthz and /VERSION still answer; a client that leaves
 * gives its slot back; a burst of parallel requests gets some 503s and the count goes back to 0.
 */
import { existsSync, readdirSync } from 'node:fs'
import { request as httpRequest, type ClientRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { BUSY_MESSAGE } from '#server/http/load-shed.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RawResponse, type RunningApp } from '#tests/helpers/http-app.ts'

let db: Database
/** One request at once, none waiting. */
let strict: RunningApp
/** One request at once, one waiting for up to QUEUE_WAIT_MS. */
let queued: RunningApp
const QUEUE_WAIT_MS = 1500
let cookie: string
let bearer: string

beforeAll(async () => {
  db = createTestDb()
  const company = await createCompany(db, 'Shed Co', ['Owner'])
  const user = await createUser(db)
  await grantRole(db, user.id, company.id, 'Owner')
  cookie = `operon_session=${await webSessionFor(db, user.id)}`
  bearer = `Bearer ${await apiTokenFor(db, user.id)}`
  // The limits are read when the app is made (startApp sets the environment first).
  strict = await startApp(db, { env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0', MAX_QUEUE_WAIT_MS: '1000' } })
  queued = await startApp(db, { env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '1', MAX_QUEUE_WAIT_MS: String(QUEUE_WAIT_MS) } })
  // Warm up: the first page and door requests load their modules.
  for (const app of [strict, queued]) {
    expect((await raw(app.base, 'GET', '/login')).status).toBe(200)
    expect((await rest(app.base)).status).toBe(200)
    expect((await raw(app.base, 'GET', '/trpc/company.mine', { headers: { cookie } })).status).toBe(200)
  }
}, 120_000)
afterAll(async () => {
  await queued?.close()
  await strict?.close()
  await db?.close()
})

interface Holder {
  /** The answer, once the body is finished (null if the connection was destroyed). */
  answer: Promise<RawResponse | null>
  finish(): void
  abort(): void
}

/**
 * A sign-in form post whose body keeps arriving: the page's action waits for the rest of it, so
 * the request holds its slot until `finish()` (the body ends, the action answers) or `abort()`
 * (the client goes away).
 */
function holdSlot(base: string): Holder {
  const url = new URL(base)
  let req!: ClientRequest
  const answer = new Promise<RawResponse | null>((resolve) => {
    req = httpRequest(
      {
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: '/login',
        agent: false,
        headers: { host: 'operon.test', origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', () => resolve(null))
      },
    )
    req.on('error', () => resolve(null))
    req.on('close', () => setTimeout(() => resolve(null), 50))
  })
  req.flushHeaders()
  req.write('intent=password&email=slow%40example.com')
  return {
    answer,
    finish: () => req.end('&password=not-it'),
    abort: () => req.destroy(),
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until `check` passes (the server has seen what the client did). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`)
    await pause(20)
  }
}

const isBusy = (res: RawResponse) => res.status === 503 && res.headers['retry-after'] === '1'
const rest = (base: string) => raw(base, 'GET', '/api/Company/mine', { headers: { authorization: bearer } })

/**
 * A held slot: the slow form, once a REST read is refused while the form has no answer. A form
 * that arrived while the slot was briefly taken (by the previous read) is refused itself, and
 * sent again.
 */
async function heldSlot(base: string): Promise<Holder> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const holder = holdSlot(base)
    let answered = false
    void holder.answer.then(() => (answered = true))
    await pause(50)
    if (!answered && isBusy(await rest(base)) && !answered) return holder
    holder.abort()
    await holder.answer
  }
  throw new Error('the slow form never held the slot')
}

describe('one request at once, none waiting', () => {
  it('while the slot is held: pages, REST and tRPC get 503 + Retry-After; /healthz and /VERSION answer', async () => {
    const holder = await heldSlot(strict.base)

    const page = await raw(strict.base, 'GET', '/login', { headers: { accept: 'text/html' } })
    expect(isBusy(page)).toBe(true)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain(BUSY_MESSAGE)
    expect(page.headers['cache-control']).toBe('no-store')

    const plain = await raw(strict.base, 'GET', '/dashboard')
    expect(isBusy(plain)).toBe(true)
    expect(plain.body).toBe(BUSY_MESSAGE)

    for (const res of [await rest(strict.base), await raw(strict.base, 'GET', '/trpc/company.mine', { headers: { cookie } })]) {
      expect(isBusy(res)).toBe(true)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(JSON.parse(res.body)).toEqual({ message: BUSY_MESSAGE })
    }
    // In the reader's language on pages and tRPC (decision 074); REST keeps the English contract text.
    const spanish = { 'accept-language': 'es-US,es;q=0.9', cookie: `${cookie}; operon_lng=es` }
    const spanishPage = await raw(strict.base, 'GET', '/login', { headers: { ...spanish, accept: 'text/html' } })
    expect(isBusy(spanishPage)).toBe(true)
    expect(spanishPage.body).toBe('<!doctype html><html lang="es"><meta charset="utf-8"><title>Ocupado · Operon</title><p>El servidor está ocupado; inténtelo de nuevo en un momento.</p></html>')
    expect((await raw(strict.base, 'GET', '/dashboard', { headers: spanish })).body).toBe('El servidor está ocupado; inténtelo de nuevo en un momento')
    expect(JSON.parse((await raw(strict.base, 'GET', '/trpc/company.mine', { headers: spanish })).body)).toEqual({ message: 'El servidor está ocupado; inténtelo de nuevo en un momento' })
    const spanishRest = await raw(strict.base, 'GET', '/api/Company/mine', { headers: { ...spanish, authorization: bearer } })
    expect(isBusy(spanishRest)).toBe(true)
    expect(spanishRest.body).toBe(JSON.stringify({ message: 'The server is busy, try again in a moment' }))
    expect(page.body).toContain('<html lang="en">')

    // A refused write: answered without reading its body.
    const post = await raw(strict.base, 'POST', '/login', {
      headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=password&email=a%40b.c&password=x',
    })
    expect(isBusy(post)).toBe(true)

    // Never shed.
    const health = await raw(strict.base, 'GET', '/healthz')
    expect(health.status).toBe(200)
    expect(health.body).toBe('OK')
    expect((await raw(strict.base, 'GET', '/VERSION')).status).toBe(200)
    // PDFs wait on Chromium under their own bound (decision 050), not in these slots: signed out, the login redirect.
    expect((await raw(strict.base, 'GET', '/vehicles/1/qr.pdf')).status).toBe(302)
    expect((await raw(strict.base, 'GET', '/PrintInspection/1/pdf?id=1')).status).toBe(302)

    // The holder finishes: its answer is the page's own (not a 503), and the slot is free again.
    holder.finish()
    const answered = await holder.answer
    expect(answered?.status).not.toBe(503)
    expect((await rest(strict.base)).status).toBe(200)
  })

  // The static files are served from the client build; without one (the suite runs from the sources) there is none to ask for.
  const asset = existsSync('build/client/assets') ? readdirSync('build/client/assets').find((f) => f.endsWith('.js')) : undefined
  it.skipIf(!asset)('while the slot is held, static files are still served (needs build/client: npm run build)', async () => {
    const holder = await heldSlot(strict.base)
    const res = await raw(strict.base, 'GET', `/assets/${asset!}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toMatch(/immutable/)
    holder.abort()
    await until('the slot is free again', async () => (await rest(strict.base)).status === 200, 2000)
  })

  it('a client that leaves gives its slot back (the count goes back to 0)', async () => {
    const holder = await heldSlot(strict.base)
    holder.abort()
    expect(await holder.answer).toBeNull()
    await until('the slot is free again', async () => (await rest(strict.base)).status === 200, 2000)
    // Free for good, one request after another.
    for (let i = 0; i < 5; i++) expect((await raw(strict.base, 'GET', '/login')).status).toBe(200)
  })

  it('each slot is given back once, not once per `finish` and once per `close`', async () => {
    // Many answers each emitted both events. Counted twice, the count would now be below zero
    // and a held slot would leave room for another request.
    for (let i = 0; i < 10; i++) expect((await rest(strict.base)).status).toBe(200)
    const holder = await heldSlot(strict.base)
    for (let i = 0; i < 3; i++) expect(isBusy(await raw(strict.base, 'GET', '/login'))).toBe(true)
    holder.abort()
    await until('the slot is free again', async () => (await rest(strict.base)).status === 200, 2000)
  })

  it('a burst of parallel requests: some 503 + Retry-After, no other failure, /healthz answers during it, then all served', async () => {
    const burst = Promise.all(Array.from({ length: 30 }, () => raw(strict.base, 'GET', '/login', { headers: { accept: 'text/html' } })))
    const health = await raw(strict.base, 'GET', '/healthz')
    const results = await burst
    expect(health.status).toBe(200)
    const statuses = results.map((r) => r.status)
    expect(statuses.every((s) => s === 200 || s === 503), statuses.join(' ')).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0)
    const busy = results.filter((r) => r.status === 503)
    expect(busy.length).toBeGreaterThan(0)
    for (const r of busy) expect(isBusy(r)).toBe(true)
    // The count went back to 0: one after another, every request gets in.
    for (let i = 0; i < 5; i++) expect((await raw(strict.base, 'GET', '/login')).status).toBe(200)
  })
})

describe('one request at once, one waiting', () => {
  it('a full queue refuses at once; a waiter past MAX_QUEUE_WAIT_MS gets 503 + Retry-After', async () => {
    const holder = await heldSlot(queued.base)
    const started = Date.now()
    const waiting = rest(queued.base).then((res) => ({ res, ms: Date.now() - started }))
    // The waiter is in the queue once a second request is refused at once.
    await pause(100)
    const refusedAt = Date.now()
    const refused = await raw(queued.base, 'GET', '/login')
    expect(isBusy(refused)).toBe(true)
    expect(Date.now() - refusedAt).toBeLessThan(QUEUE_WAIT_MS / 2)
    const { res, ms } = await waiting
    expect(isBusy(res)).toBe(true)
    expect(JSON.parse(res.body)).toEqual({ message: BUSY_MESSAGE })
    expect(ms).toBeGreaterThanOrEqual(QUEUE_WAIT_MS - 50)
    holder.abort()
    await until('the slot is free again', async () => (await rest(queued.base)).status === 200, 2000)
  })

  it('a waiter gets the slot when it is given back, and a waiter that leaves frees its place', async () => {
    const holder = await heldSlot(queued.base)
    // A waiter that leaves: its place in the queue is free again.
    const url = new URL(queued.base)
    const leaving = httpRequest({ host: url.hostname, port: url.port, path: '/login', agent: false, headers: { host: 'operon.test' } })
    leaving.on('error', () => undefined)
    leaving.end()
    await pause(100)
    leaving.destroy()
    await pause(100)
    // Its place was given back: this one waits (instead of a 503 at once) and gets in when the holder finishes.
    const waiting = rest(queued.base)
    await pause(100)
    holder.finish()
    expect((await holder.answer)?.status).not.toBe(503)
    const res = await waiting
    expect(res.status, res.body).toBe(200)
  })
})
