/**
 * Issue 22 point 7 (A): common passwords refused on the doors that set one, through REST with
 * API.md's shapes: the documented 400 naming the field, with decision 023's message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { DEMO_PASSWORD } from '#server/demo/logins.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { lastMailTo, uniqueEmail } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'

let db: Database

beforeAll(() => {
  db = createTestDb()
})
afterAll(() => db.close())
afterEach(() => {
  delete process.env.DEMO_DATA
  resetEnvCache()
})

async function rest(path: string, body: unknown) {
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const register = (password: string, email = uniqueEmail('breach')) =>
  rest('/api/Auth/register', { Username: email, Password: password, FirstName: 'Bree', Role: 'Driver', TwoFactorType: 1 })

describe('POST /api/Auth/register', () => {
  it.each(['Password123!', 'Aaaaaaaa', 'Qqqqqqqqqqqqqqqq', 'Monkey2024!'])('refuses %s with 400 and the password field named', async (password) => {
    expect(await register(password)).toMatchObject({ status: 400, body: { errors: { password: HARDENING_TEXT.breachedPassword } } })
  })

  it('refuses the demo password when demo data is off, and accepts it when it is on', async () => {
    process.env.DEMO_DATA = 'false'
    resetEnvCache()
    expect(await register(DEMO_PASSWORD)).toMatchObject({ status: 400, body: { errors: { password: HARDENING_TEXT.breachedPassword } } })
    process.env.DEMO_DATA = 'true'
    resetEnvCache()
    expect((await register(DEMO_PASSWORD)).status).toBe(200)
  })

  it('accepts a strong passphrase', async () => {
    expect((await register('Tr4ctor-Gl0ve-Harbour')).status).toBe(200)
  })
})

describe('POST /api/PasswordReset/reset-password', () => {
  it('refuses a common-word variant with 400 on newPassword; the link stays usable', async () => {
    const email = uniqueEmail('breach')
    expect((await register('Quiet-Lantern-58', email)).status).toBe(200)
    await rest('/api/PasswordReset/send-reset-link', { Email: email })
    const token = decodeURIComponent((await lastMailTo(db, email))!.textBody.match(/reset-password\?token=([^\s"<]+)/)![1]!)
    const bad = await rest('/api/PasswordReset/reset-password', { token, newPassword: 'Password123!' })
    expect(bad).toMatchObject({ status: 400, body: { errors: { newPassword: HARDENING_TEXT.breachedPassword } } })
    expect((await rest('/api/PasswordReset/reset-password', { token, newPassword: 'Orbit-Candle-Ferry-31' })).status).toBe(200)
  })
})
