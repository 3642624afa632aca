/**
 * Issue 9, point 9: the no-JavaScript question is not a shortcut around the
 * proof of work. A script that reads the page and answers at once is refused;
 * answers are limited per address and per account typed, through the real
 * login and registration actions (what a script posts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '#db/client.ts'
import * as login from '#app/routes/login.tsx'
import * as register from '#app/routes/register.tsx'
import {
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_LIMITED_MESSAGE,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  createFallbackQuestion,
  FALLBACK_MIN_WAIT_MS,
  resetCaptchaStore,
} from '#server/captcha/captcha.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

// The limits at their real size here (the suite multiplies them by 100): a dozen requests reach
// them instead of a thousand.
process.env.RATE_LIMIT_FACTOR = '1'
resetEnvCache()

let db: Database
const FACTOR = Number(process.env.RATE_LIMIT_FACTOR ?? '1') || 1

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => {
  vi.useRealTimers()
  return db.close()
})

/** What a script does: read the question off the page and post the sum. */
function answered(extra: Record<string, string>) {
  const { a, b, token } = createFallbackQuestion()
  return { ...extra, [CAPTCHA_FALLBACK_TOKEN_FIELD]: token, [CAPTCHA_FALLBACK_ANSWER_FIELD]: String(a + b) }
}

async function postLogin(form: Record<string, string>, ip: string) {
  const r = await callPage(
    (args) => login.action({ ...args, context: { ...args.context, clientIp: ip } }),
    '/login',
    { form: { intent: 'password', ...form }, params: {} },
  )
  return { status: r.status, body: r.body as { error?: string; fieldErrors?: Record<string, string> } | null }
}

describe('the no-JavaScript question', () => {
  it('an answer posted at once (a script reading the page) is refused; after a few seconds it counts', async () => {
    const early = await postLogin(answered({ email: 'nobody@test.operon.app', password: 'Whatever-1' }), '203.0.113.1')
    expect(early).toMatchObject({ status: 400, body: { error: 'Please complete CAPTCHA' } })
    const form = answered({ email: 'nobody@test.operon.app', password: 'Whatever-1' })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + FALLBACK_MIN_WAIT_MS + 1_100)
    const later = await postLogin(form, '203.0.113.1')
    vi.useRealTimers()
    // Past the captcha: the password step answers (no such account).
    expect(later).toMatchObject({ status: 401, body: { error: 'Invalid username or password' } })
  })

  it('is limited per address, far below the proof of work', async () => {
    await resetCaptchaStore()
    const ip = '203.0.113.2'
    const allowed = 10 * FACTOR
    let last = { status: 0, body: null as { error?: string } | null }
    for (let i = 0; i <= allowed; i++) last = await postLogin(answered({ email: `guess-${i}@test.operon.app`, password: 'x' }), ip)
    expect(last).toMatchObject({ status: 429, body: { error: CAPTCHA_FALLBACK_LIMITED_MESSAGE } })
    // Another address still gets its own allowance.
    expect((await postLogin(answered({ email: 'guess-x@test.operon.app', password: 'x' }), '203.0.113.3')).status).toBe(400)
  })

  it('is limited per account typed, whatever the address (password guessing through the fallback)', async () => {
    const email = 'target@test.operon.app'
    const allowed = 5 * FACTOR
    let last = { status: 0, body: null as { error?: string } | null }
    for (let i = 0; i <= allowed; i++) last = await postLogin(answered({ email, password: `guess-${i}` }), `198.51.${i >> 8}.${i & 255}`)
    expect(last).toMatchObject({ status: 429, body: { error: CAPTCHA_FALLBACK_LIMITED_MESSAGE } })
  })

  it('registration without JavaScript answers the same limit with a clear 429, not a 500', async () => {
    const email = 'target@test.operon.app' // its allowance is used up above
    const r = await callPage(register.action as PageHandler, '/register', {
      form: answered({ email, firstName: 'Scr', password: 'Unlisted-Phrase-90', confirmPassword: 'Unlisted-Phrase-90', terms: 'on', roles: 'Driver', twoFactorType: '1' }),
      params: {},
    })
    expect(r.status).toBe(429)
    expect((r.body as { error: string }).error).toBe(CAPTCHA_FALLBACK_LIMITED_MESSAGE)
  })
})
