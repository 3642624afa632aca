/**
 * Issue 14 point 7 (decision 042): a request id on every response and on every log line of
 * its request, one access line per request without the query string, no secret in any line,
 * and Server-Timing on pages and API answers. The whole application over real HTTP, its log
 * captured as the JSON lines it writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { logger, useLogDestination } from '#server/log.server.ts'
import { lastCodeFor, lastMailTo } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { createUser } from '#tests/helpers/factory.ts'
import { raw, startApp, type RawResponse, type RunningApp } from '#tests/helpers/http-app.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface Line {
  reqId?: string
  msg?: string
  path?: string
  method?: string
  status?: number
  ms?: number
  level?: number
}

describe.each(DRIVERS)('request ids, JSON logs and Server-Timing (%s)', (driver) => {
  let db: Database
  let app: RunningApp
  const output: string[] = []
  let seq = 0

  beforeAll(async () => {
    db = createTestDb(driver)
    app = await startApp(db)
    useLogDestination({ write: (s: string) => void output.push(s) }, 'debug')
  }, 60_000)
  afterAll(async () => {
    useLogDestination({ write: () => undefined }, 'silent')
    await app.close()
    await db.close()
    resetEnvCache()
  })

  /** One request with a fresh, sane X-Request-Id; returns the response and the id sent. */
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const id = `ops-${driver === 'libsql' ? 'l' : 'b'}-${String(++seq).padStart(4, '0')}`
    const res = await raw(app.base, method, path, {
      headers: { 'x-request-id': id, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { res, id, json: () => JSON.parse(res.body) as Record<string, unknown> }
  }

  it('a burst of sign-in, refresh and password reset: every line of a request has its id, no secret is written', async () => {
    const password = 'Logged-Out-Password-31'
    const newPassword = 'Brand-New-Secret-Words-77'
    const user = await createUser(db, { passwordHash: await hashPassword(password) })
    const sent: { id: string; res: RawResponse; path: string }[] = []
    const track = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const r = await call(method, path, body, headers)
      sent.push({ id: r.id, res: r.res, path })
      return r
    }

    expect((await track('POST', '/api/Auth/login', { username: user.email, password })).res.status).toBe(200)
    const code = await lastCodeFor(db, user.email!)
    const wrongCode = code === '000000' ? '111111' : '000000'
    expect((await track('POST', '/api/Auth/completeLogin', { code: wrongCode, username: user.email, type: 1 })).res.status).toBe(401)
    const done = await track('POST', '/api/Auth/completeLogin', { code, username: user.email, type: 1 })
    expect(done.res.status).toBe(200)
    const tokens = done.json() as { userId: number; accessToken: string; refreshToken: string }
    const refreshed = await track('POST', '/api/auth/refreshToken', { userId: tokens.userId, refreshToken: tokens.refreshToken })
    expect(refreshed.res.status).toBe(200)
    const fresh = refreshed.json() as { accessToken: string; refreshToken: string }
    const info = await track('GET', `/api/Dashboard/GetUserInfo?userId=${tokens.userId}`, undefined, { authorization: `Bearer ${fresh.accessToken}` })
    expect(info.res.status).toBe(200)

    expect((await track('POST', '/api/PasswordReset/send-reset-link', { Email: user.email })).res.status).toBe(200)
    const link = /(\/reset-password\?token=[^\s"<]+)/.exec((await lastMailTo(db, user.email!))!.textBody)![1]!
    const resetToken = decodeURIComponent(link.split('token=')[1]!)
    expect((await track('GET', link, undefined, { accept: 'text/html' })).res.status).toBe(200)
    expect((await track('POST', '/api/PasswordReset/reset-password', { token: resetToken, newPassword })).res.status).toBe(200)

    // Five wrong passwords for one email: the fifth locks it, and that line belongs to the fifth request.
    const victim = 'lock-me-in-logs@example.com'
    let fifth = ''
    for (let i = 0; i < 5; i++) {
      const r = await track('POST', '/api/Auth/login', { username: victim, password: `Guess-${i}-Password` })
      expect(r.res.status).toBe(401)
      fifth = r.id
    }
    await new Promise((r) => setTimeout(r, 100))

    const text = output.join('')
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Line)
    // No secret, code or token in any line.
    for (const secret of [password, newPassword, code, wrongCode, tokens.accessToken, tokens.refreshToken, fresh.accessToken, fresh.refreshToken, resetToken, encodeURIComponent(resetToken), 'Guess-4-Password']) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toContain('token=')

    for (const s of sent) {
      expect(s.res.headers['x-request-id']).toBe(s.id)
      const mine = lines.filter((l) => l.reqId === s.id)
      const access = mine.filter((l) => l.msg === 'request')
      expect(access, s.path).toHaveLength(1)
      expect(access[0]).toMatchObject({ method: expect.any(String), path: s.path.split('?')[0], status: s.res.status, ms: expect.any(Number) })
    }
    // A line written inside a request (the lock) carries that request's id.
    const lock = lines.filter((l) => l.msg?.startsWith('sign-in locked'))
    expect(lock).toHaveLength(1)
    expect(lock[0]!.reqId).toBe(fifth)
    expect(JSON.stringify(lock[0])).not.toContain(victim)
    // Every line with a request id belongs to a request of this burst.
    const ids = new Set(sent.map((s) => s.id))
    for (const l of lines) if (l.reqId) expect(ids.has(l.reqId), JSON.stringify(l)).toBe(true)
  }, 60_000)

  it('redacts secret fields and query strings even when a caller logs them', () => {
    output.length = 0
    logger().warn({ password: 'p4ss-word-x', user: { refreshToken: 'rt-secret-x', cookie: 'c-secret-x' }, authorization: 'Bearer a-secret-x', url: 'http://x/reset-password?token=t-secret-x' }, 'careless')
    const text = output.join('')
    for (const s of ['p4ss-word-x', 'rt-secret-x', 'c-secret-x', 'a-secret-x', 't-secret-x']) expect(text).not.toContain(s)
    expect(JSON.parse(text)).toMatchObject({ password: '[redacted]', url: 'http://x/reset-password', msg: 'careless' })
  })

  it('every response carries X-Request-Id: pages, /api, /trpc, missing assets, errors; an odd incoming id is replaced', async () => {
    for (const [method, path] of [
      ['GET', '/login'],
      ['GET', '/healthz'],
      ['GET', '/api/Fleet/getAllVehicles?companyId=1'],
      ['GET', '/trpc/company.mine'],
      ['GET', '/assets/no-such-file.js'],
      ['TRACE', '/login'],
    ] as const) {
      const { res, id } = await call(method, path, undefined, { accept: 'text/html' })
      expect(res.headers['x-request-id'], path).toBe(id)
    }
    for (const odd of ['short', 'x'.repeat(65), 'has space in it', '<script>alert(1)</script>', 'id\u00e9-accents-here']) {
      const res = await raw(app.base, 'GET', '/healthz', { headers: { 'x-request-id': encodeURI(odd) === odd ? odd : 'short' } })
      expect(res.headers['x-request-id']).toMatch(UUID)
    }
    const none = await raw(app.base, 'GET', '/healthz')
    expect(none.headers['x-request-id']).toMatch(UUID)
  })

  it('Server-Timing: app, db and total on pages and API answers, total on the rest', async () => {
    const timing = /^app;dur=\d+(\.\d)?, db;dur=\d+(\.\d)?, total;dur=\d+(\.\d)?$/
    for (const path of ['/login', '/api/Fleet/getAllVehicles?companyId=1', '/trpc/company.mine', '/healthz']) {
      const { res } = await call('GET', path, undefined, { accept: 'text/html' })
      const header = String(res.headers['server-timing'])
      expect(header, path).toMatch(timing)
      const [app, db, total] = header.split(', ').map((p) => Number(p.split('dur=')[1]))
      expect(total!).toBeGreaterThanOrEqual(app!)
      expect(app!).toBeGreaterThanOrEqual(db!)
    }
    // Refused by the guards before any door: the total only.
    const { res } = await call('TRACE', '/login')
    expect(res.status).toBe(405)
    expect(res.headers['server-timing']).toMatch(/^total;dur=\d+(\.\d)?$/)
  })
})
