/**
 * Issue 14 point 4 (decision 041): the security limits, the per-email login lock and the used
 * captcha solutions live in the database, so a second instance on the same database sees them
 * and a restart keeps them; the mail worker holds a database lease, so two workers on one
 * outbox never send a message twice. "Two instances" are two independent connections (two
 * `Database` handles) to one database file; nothing of these stores lives in process memory.
 */
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { eq, isNull } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { leases, mailOutbox, rateLimits } from '#db/schema/index.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { assertNotLocked, clearFailures, MAX_FAILURES, recordFailure } from '#server/auth/lockout.server.ts'
import { createCaptchaChallenge, createFallbackQuestion, verifyCaptcha, verifyFallbackAnswer } from '#server/captcha/captcha.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { isAppError } from '#server/errors.ts'
import { consumeFixedLimit, consumeRateLimit, countStep } from '#server/limits/rate-limit.server.ts'
import { acquireLease, withLease } from '#server/jobs/work-locks.server.ts'
import { startMailWorker } from '#server/mail/delivery.server.ts'
import { enqueueMail } from '#server/mail/outbox.server.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { createUser } from '#tests/helpers/factory.ts'
import { raw, startApp } from '#tests/helpers/http-app.ts'
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts'

const setAppDb = useAsAppDb
const savedEnv = { ...process.env }
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k]
  Object.assign(process.env, savedEnv)
  resetEnvCache()
})

/** Another connection to the same database file, as a second instance (or a restart) opens it. */
function reopen(db: Database, driver: Driver): Database {
  const previous = process.env.DB_DRIVER
  process.env.DB_DRIVER = driver === 'libsql' ? 'libsql' : ''
  try {
    return openDatabase({ url: db.url })
  } finally {
    process.env.DB_DRIVER = previous ?? ''
  }
}

async function status429(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p
    return undefined
  } catch (e) {
    if (isAppError(e) && e.code === 'TOO_MANY_REQUESTS') return e.retryAfter
    throw e
  }
}

const open: Database[] = []
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => undefined)
})

describe.each(DRIVERS)('state that survives a restart and a second instance (%s)', (driver) => {
  const pair = () => {
    const a = createTestDb(driver)
    const b = reopen(a, driver)
    open.push(a, b)
    return { a, b }
  }

  it('a security rate limit is shared by two instances and kept over a restart', async () => {
    const { a, b } = pair()
    const rule = { points: 4, duration: 60 }
    const key = '198.51.100.7'
    for (const db of [a, b, a, b]) expect(await status429(consumeFixedLimit('test-shared', rule, key, 'slow down', db))).toBeUndefined()
    // The fifth step, on either instance, is over the limit, with the window's remaining time.
    const retryAfter = await status429(consumeFixedLimit('test-shared', rule, key, 'slow down', a))
    expect(retryAfter).toBeGreaterThan(50)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await status429(consumeFixedLimit('test-shared', rule, key, 'slow down', b))).toBeGreaterThan(0)
    // Another key has its own allowance.
    expect(await status429(consumeFixedLimit('test-shared', rule, '198.51.100.8', 'slow down', b))).toBeUndefined()

    // Restart: both instances go away; a new one still refuses.
    await a.close()
    await b.close()
    const c = reopen(a, driver)
    open.push(c)
    expect(await status429(consumeFixedLimit('test-shared', rule, key, 'slow down', c))).toBeGreaterThan(0)

    // A named bucket (the password step per address), RATE_LIMIT_FACTOR 1: 30 steps, then 429.
    process.env.RATE_LIMIT_FACTOR = '1'
    try {
      const d = reopen(a, driver)
      open.push(d)
      for (let i = 0; i < 30; i++) await consumeRateLimit('login', '198.51.100.9', i % 2 ? c : d)
      expect(await status429(consumeRateLimit('login', '198.51.100.9', c))).toBeGreaterThan(0)
    } finally {
      process.env.RATE_LIMIT_FACTOR = savedEnv.RATE_LIMIT_FACTOR
    }
  })

  it('an expired window starts over, and expired rows are pruned', async () => {
    const { a } = pair()
    const rule = { points: 2, duration: 60 }
    const t0 = Date.now()
    expect((await countStep(a, 'test-window', 'k', rule, 2, t0)).hits).toBe(1)
    expect((await countStep(a, 'test-window', 'k', rule, 2, t0 + 1000)).hits).toBe(2)
    expect((await countStep(a, 'test-window', 'k', rule, 2, t0 + 2000)).hits).toBe(3)
    // 61 s later: a new window.
    const next = await countStep(a, 'test-window', 'k', rule, 2, t0 + 61_000)
    expect(next).toEqual({ hits: 1, expiresAt: t0 + 61_000 + 60_000 })
    await countStep(a, 'test-window', 'old', rule, 2, t0 - 3_600_000)
    // A step more than a minute later (this process prunes at most once a minute) drops the expired rows.
    await countStep(a, 'test-window', 'other', rule, 2, t0 + 10 * 60_000)
    const rows = await a.read.select().from(rateLimits).where(eq(rateLimits.bucket, 'test-window'))
    expect(rows.map((r) => r.key).sort()).toEqual(['other'])
  })

  it('the per-email login lock is shared, kept over a restart, and cleared by a success', async () => {
    const { a, b } = pair()
    const email = 'Locked.Person@Example.com'
    for (let i = 0; i < MAX_FAILURES - 1; i++) await recordFailure(email, i % 2 ? a : b)
    expect(await status429(assertNotLocked(email, a))).toBeUndefined()
    await recordFailure(' locked.person@example.com ', b)
    // Locked for 15 minutes from the fifth failure, on both instances.
    const retryAfter = await status429(assertNotLocked(email, a))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(await status429(assertNotLocked(email, b))).toBeGreaterThan(0)
    const c = reopen(a, driver)
    open.push(c)
    expect(await status429(assertNotLocked(email, c))).toBeGreaterThan(0)
    expect(await status429(assertNotLocked('someone.else@example.com', c))).toBeUndefined()
    await clearFailures(email, b)
    expect(await status429(assertNotLocked(email, a))).toBeUndefined()
  })

  it('a used captcha solution or fallback token is refused by the second instance and after a restart', async () => {
    const { a, b } = pair()
    const challenge = await createCaptchaChallenge()
    const solution = await solveChallenge({ challenge, deriveKey })
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    setAppDb(a)
    expect(await verifyCaptcha(payload)).toBe(true)
    setAppDb(b)
    expect(await verifyCaptcha(payload)).toBe(false)

    const q = createFallbackQuestion()
    const answer = String(q.a + q.b)
    const later = Date.now() + 5_000
    expect(await verifyFallbackAnswer({ token: q.token, answer, now: later })).toBe(true)
    const c = reopen(a, driver)
    open.push(c)
    setAppDb(c)
    expect(await verifyFallbackAnswer({ token: q.token, answer, now: later })).toBe(false)
    // Concurrent uses of one fresh solution on two instances: exactly one wins.
    const fresh = await createCaptchaChallenge()
    const freshPayload = Buffer.from(JSON.stringify({ challenge: fresh, solution: await solveChallenge({ challenge: fresh, deriveKey }) })).toString('base64')
    setAppDb(a)
    const first = verifyCaptcha(freshPayload)
    setAppDb(b)
    const second = verifyCaptcha(freshPayload)
    expect([await first, await second].filter(Boolean)).toHaveLength(1)
  })

  it('a lease is held by one holder at a time, renewed while the work runs, released after, taken over once expired', async () => {
    const { a, b } = pair()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const first = withLease(a, 'test-lease', 300, async (lease) => {
      await gate
      return lease.lost()
    }, { holder: 'instance-a' })
    // Wait until A holds it (a deadline, not a count of tries: a loaded machine is slower).
    const heldRow = async () => (await a.read.select().from(leases).where(eq(leases.name, 'test-lease')))[0]
    const deadline = Date.now() + 10_000
    while (!(await heldRow()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    const taken = (await heldRow())!
    const firstExpiry = Number(taken.expiresAt)
    // B is refused while A's lease runs: asked at an instant inside it, so the machine's load
    // (how late this line runs) cannot make it expire first.
    expect(await acquireLease(b, 'test-lease', 'instance-b', 300, firstExpiry - 1)).toBe(false)
    // A renews while the work runs: its expiry moves past the first one...
    while (Number((await heldRow())!.expiresAt) <= firstExpiry && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    expect(Number((await heldRow())!.expiresAt)).toBeGreaterThan(firstExpiry)
    // ...so at an instant past the first time to live B is still refused.
    expect(await acquireLease(b, 'test-lease', 'instance-b', 300, firstExpiry + 1)).toBe(false)
    expect((await heldRow())!.holder).toBe('instance-a')
    release()
    expect(await first).toEqual({ acquired: true, result: false })
    expect(await withLease(b, 'test-lease', 300, async () => 'ran', { holder: 'instance-b' })).toEqual({ acquired: true, result: 'ran' })
    // A holder that died: its lease expires and another takes it.
    const t = Date.now()
    expect(await acquireLease(a, 'test-dead', 'dead-instance', 1_000, t - 5_000)).toBe(true)
    expect(await acquireLease(b, 'test-dead', 'instance-b', 1_000, t)).toBe(true)
    expect(await acquireLease(a, 'test-dead', 'instance-a', 1_000, t + 1)).toBe(false)
  })

  it('two mail workers on one outbox send every message exactly once', async () => {
    const { a, b } = pair()
    // The marks are read through a connection of their own, as a third instance would: the two
    // workers' clients are busy with their own statements (on libSQL, twice under the full suite's
    // load, a worker's client went on answering 12 unsent after both had finished).
    const unsent = async () => {
      const reader = reopen(a, driver)
      try {
        return (await reader.read.select({ id: mailOutbox.id }).from(mailOutbox).where(isNull(mailOutbox.sentAt))).length
      } finally {
        await reader.close()
      }
    }
    const sink = await startSmtpSink()
    process.env.SMTP_URL = sink.url
    resetEnvCache()
    const N = 12
    await a.transaction(async (tx) => {
      for (let i = 0; i < N; i++) await enqueueMail(tx, { to: `reader-${i}@example.com`, subject: `Message ${i}`, text: `Body ${i}` })
    })
    const workers = [startMailWorker(a, { holder: 'instance-a', intervalMs: 50 }), startMailWorker(b, { holder: 'instance-b', intervalMs: 50 })]
    try {
      for (let i = 0; i < 10; i++) for (const w of workers) w.kick()
      const deadline = Date.now() + 15_000
      while (sink.messages.length < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      // A message is marked sent after the server took it: wait for the marks (a loaded machine
      // is slower), not a fixed time.
      while ((await unsent()) > 0 && Date.now() < deadline + 15_000) await new Promise((r) => setTimeout(r, 250))
      // Both keep running a while longer: nothing is sent again.
      await new Promise((r) => setTimeout(r, 500))
    } finally {
      await Promise.all(workers.map((w) => w.stop()))
      await sink.close()
      delete process.env.SMTP_URL
      resetEnvCache()
    }
    expect(sink.messages).toHaveLength(N)
    expect(new Set(sink.messages.map((m) => m.subject)).size).toBe(N)
    expect(await unsent()).toBe(0)
    // The lease was given back.
    expect(await a.read.select().from(leases).where(eq(leases.name, 'mail-worker'))).toHaveLength(0)
  }, 60_000)

  it('over HTTP: the login lock survives a restart of the application', async () => {
    const a = createTestDb(driver)
    open.push(a)
    const user = await createUser(a, { passwordHash: await hashPassword('Right-Password-9') })
    const login = (base: string, password: string) =>
      raw(base, 'POST', '/api/Auth/login', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.email, password }) })
    let app = await startApp(a)
    try {
      for (let i = 0; i < MAX_FAILURES; i++) expect((await login(app.base, 'Wrong-Password-1')).status).toBe(401)
      expect((await login(app.base, 'Right-Password-9')).status).toBe(429)
    } finally {
      await app.close()
    }
    await a.close()
    const restarted = reopen(a, driver)
    open.push(restarted)
    app = await startApp(restarted)
    try {
      const res = await login(app.base, 'Right-Password-9')
      expect(res.status).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
    } finally {
      await app.close()
    }
  }, 90_000)
})
