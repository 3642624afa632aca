/**
 * Issue 9 point 2 (decision 019): no open redirect. The report's attack, sent as raw HTTP:
 * the whole two-step sign-in with a hostile `redirectTo`, and the other places that take a
 * target from input (a form's `redirectTo`, the Referer), end on a path of this app.
 */
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { createCaptchaChallenge } from '#server/captcha/captcha.server.ts'
import { lastCodeFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { createUser, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

let db: Database
let app: RunningApp
const PASSWORD = 'Redirect-test-2026!'
let passwordHash: string

beforeAll(async () => {
  db = createTestDb()
  passwordHash = await hashPassword(PASSWORD)
  app = await startApp(db)
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

async function captcha(): Promise<string> {
  const challenge = await createCaptchaChallenge()
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[]).concat(setCookie ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`) && c !== `${name}=`)

/** Both steps of the sign-in page, posted by hand; the final Location. */
async function signInWith(redirectTo: string): Promise<{ afterPassword: string; afterCode: string }> {
  // A new Email-2FA user each time: the per-recipient cap on sign-in codes (decision 021) is not under test here.
  const user = await createUser(db, { passwordHash })
  await db.transaction((tx) => tx.update(users).set({ twoFactorType: 1 }).where(eq(users.id, user.id)))
  const email = user.email!
  const path = `/login?redirectTo=${encodeURIComponent(redirectTo)}`
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN }
  const step1 = await raw(app.base, 'POST', path, {
    headers: form,
    body: new URLSearchParams({ intent: 'password', email, password: PASSWORD, altcha: await captcha() }).toString(),
  })
  expect(step1.status, step1.body).toBe(302)
  const login = cookieOf(step1.headers['set-cookie'], 'operon_login')
  expect(login).toBeTruthy()
  const code = await lastCodeFor(db, email)
  const step2 = await raw(app.base, 'POST', path, {
    headers: { ...form, cookie: login! },
    body: new URLSearchParams({ intent: 'code', code }).toString(),
  })
  expect(step2.status, step2.body).toBe(302)
  return { afterPassword: String(step1.headers.location), afterCode: String(step2.headers.location) }
}

const TRICKS = [
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '/\\evil.example/phish',
  '//evil.example/phish',
  '/%2F/evil.example/phish',
  '/%5Cevil.example',
  'javascript:alert(document.cookie)',
  'https://evil.example/phish',
  '//user@evil.example/',
  'https://operon.test@evil.example/',
  // Issue 22: dot segments that normalise into `//evil.example` (the browser's next request).
  '/..//evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '/a/..//evil.example/phish',
  '/./..//evil.example/phish',
]

describe('sign-in with a hostile redirectTo', () => {
  for (const trick of TRICKS) {
    it(`${JSON.stringify(trick)} → /dashboard`, async () => {
      const { afterPassword, afterCode } = await signInWith(trick)
      expect(afterPassword).toBe('/login')
      expect(afterCode).toBe('/dashboard')
    })
  }

  it('a path of the app is kept through both steps', async () => {
    const { afterPassword, afterCode } = await signInWith('/profile?tab=licenses')
    expect(afterPassword).toBe(`/login?redirectTo=${encodeURIComponent('/profile?tab=licenses')}`)
    expect(afterCode).toBe('/profile?tab=licenses')
  })
})

describe('other targets taken from input', () => {
  it("a Documents form's redirectTo cannot leave the app", async () => {
    const cookie = `operon_session=${await webSessionFor(db, (await createUser(db)).id)}`
    for (const trick of TRICKS) {
      const res = await raw(app.base, 'POST', '/vehicles/999999/documents', {
        headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'deleteDocument', documentId: '999999', redirectTo: trick }).toString(),
      })
      expect(res.status, trick).toBe(302)
      expect(new URL(String(res.headers.location), APP_ORIGIN).origin, trick).toBe(APP_ORIGIN)
      expect(res.headers.location).toBe('/')
    }
  })

  it('a document link opened from another site (Referer) goes back to /dashboard, not there', async () => {
    const cookie = `operon_session=${await webSessionFor(db, (await createUser(db)).id)}`
    for (const referer of ['https://evil.example/x', 'http://operon.test.evil.example/', 'javascript:alert(1)', `${APP_ORIGIN}/..//evil.example/x`, `${APP_ORIGIN}/%2e%2e//evil.example/x`]) {
      const res = await raw(app.base, 'GET', '/vehicles/999999/documents/999999', { headers: { cookie, referer } })
      expect(res.status).toBe(302)
      expect(res.headers.location).toBe('/dashboard')
    }
    const own = await raw(app.base, 'GET', '/vehicles/999999/documents/999999', { headers: { cookie, referer: `${APP_ORIGIN}/fleet/3?open=1` } })
    expect(own.headers.location).toBe('/fleet/3?open=1')
  })
})
