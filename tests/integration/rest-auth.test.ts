import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { totpCode } from '#server/auth/totp.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { lastCodeFor, lastMailTo, uniqueEmail } from '#tests/helpers/auth.ts'

/** Calls the /api door as a legacy client would: the spec's spelling, PascalCase where it uses it. */
let db: Database
async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ClientType: 'WEB' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const PASSWORD = 'Legacy-client-1'

beforeAll(() => {
  db = createTestDb()
})
afterAll(() => db.close())

async function registerAndLogin(twoFactorType: 0 | 1 = 1) {
  const email = uniqueEmail('legacy')
  const reg = await call('POST', '/api/Auth/register', { Username: email, Password: PASSWORD, FirstName: 'Lee', Role: 'Driver', TwoFactorType: twoFactorType })
  expect(reg.status).toBe(200)
  const login = await call('POST', '/api/Auth/login', { username: email, password: PASSWORD })
  expect(login.status).toBe(200)
  const code = twoFactorType === 0 ? totpCode(reg.body.otpSecretKey) : await lastCodeFor(db, email)
  const done = await call('POST', '/api/Auth/completeLogin', { code, username: email, type: twoFactorType })
  expect(done.status).toBe(200)
  return { email, reg: reg.body, login: login.body, tokens: done.body }
}

describe('Auth paths', () => {
  it('register → login → completeLogin → refreshToken with the documented shapes', async () => {
    const { reg, login, tokens } = await registerAndLogin(0)
    expect(reg).toEqual({ message: 'Registration successful', otpSecretKey: expect.stringMatching(/^[A-Z2-7]+$/) })
    expect(login).toEqual({ twoFactorType: 0, isFirstLogin: true, otpSecretKey: reg.otpSecretKey })
    expect(tokens).toEqual({ userId: expect.any(Number), accessToken: expect.any(String), refreshToken: expect.any(String), userInCompanyWithRole: [] })
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1], 'base64url').toString())
    expect(claims).toMatchObject({ sub: String(tokens.userId), sid: expect.any(String), exp: claims.iat + 900 })
    const refreshed = await call('POST', '/api/auth/refreshToken', { userId: tokens.userId, refreshToken: tokens.refreshToken })
    expect(refreshed.status).toBe(200)
    expect(Object.keys(refreshed.body).sort()).toEqual(['accessToken', 'refreshToken', 'userInCompanyWithRole'])
    expect((await call('POST', '/api/auth/refreshToken', { userId: tokens.userId, refreshToken: tokens.refreshToken })).status).toBe(401)
    expect((await call('GET', '/api/Company/mine', undefined, refreshed.body.accessToken)).status).toBe(401)
  })

  it('answers the spec messages and codes on failures', async () => {
    const { email } = await registerAndLogin(1)
    expect(await call('POST', '/api/Auth/login', { username: email, password: 'Nope-nope-1' })).toEqual({ status: 401, body: { message: 'Invalid username or password' } })
    await call('POST', '/api/Auth/login', { username: email, password: PASSWORD })
    expect(await call('POST', '/api/Auth/completeLogin', { code: '12345x', username: email, type: 1 })).toEqual({ status: 401, body: { message: 'Wrong code, please insert a valid code' } })
    expect((await call('POST', '/api/Auth/resendEmailCode', { username: email })).status).toBe(200)
    const { email: totpEmail } = await registerAndLogin(0)
    expect(await call('POST', '/api/Auth/resendEmailCode', { username: totpEmail })).toEqual({ status: 400, body: { message: 'User is not configured for email-based 2FA' } })
    const dup = await call('POST', '/api/Auth/register', { Username: email, Password: PASSWORD, FirstName: 'X', Role: 'Driver', TwoFactorType: 1 })
    expect(dup.status).toBe(409)
    const bad = await call('POST', '/api/Auth/register', { Username: 'x', Password: 'y', Role: 'operator', TwoFactorType: 1 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['username', 'password', 'firstName']))
  })

  it('checkMail answers a boolean', async () => {
    const { email } = await registerAndLogin(1)
    expect(await call('POST', `/api/Auth/checkMail?email=${encodeURIComponent(email.toUpperCase())}`)).toEqual({ status: 200, body: true })
    expect(await call('POST', `/api/Auth/checkMail?EMAIL=${encodeURIComponent(uniqueEmail('nobody'))}`)).toEqual({ status: 200, body: false })
  })

  it('password reset paths: the same message for unknown emails; reset with the mailed token', async () => {
    const { email, tokens } = await registerAndLogin(1)
    const a = await call('POST', '/api/PasswordReset/send-reset-link', { Email: email })
    const b = await call('POST', '/api/PasswordReset/send-reset-link', { Email: uniqueEmail('nobody') })
    expect(a).toEqual(b)
    expect(a.status).toBe(200)
    const token = decodeURIComponent((await lastMailTo(db, email))!.textBody.match(/token=([^\s"<]+)/)![1]!)
    expect((await call('POST', '/api/PasswordReset/reset-password', { token, newPassword: 'short' })).status).toBe(400)
    const ok = await call('POST', '/api/PasswordReset/reset-password', { token, newPassword: 'Fresh-password-2' })
    expect(ok).toEqual({ status: 200, body: { message: expect.any(String) } })
    expect((await call('POST', '/api/PasswordReset/reset-password', { token, newPassword: 'Fresh-password-3' })).status).toBe(400)
    expect((await call('GET', '/api/Profile', undefined, tokens.accessToken)).status).toBe(401)
  })
})

describe('Profile, UserInfo and Dashboard user info', () => {
  it('reads and saves the own profile; another user id is 403', async () => {
    const { tokens } = await registerAndLogin(1)
    const t = tokens.accessToken
    const info = await call('GET', `/api/Dashboard/GetUserInfo?userId=${tokens.userId}`, undefined, t)
    expect(info.body).toEqual({ id: tokens.userId, firstName: 'Lee', lastName: '', dateOfBirth: null, gender: 3, phoneNumber: null, countryCode: 'US', comesFromState: null })
    expect((await call('GET', `/api/Dashboard/GetUserInfo?userId=${tokens.userId + 999}`, undefined, t)).status).toBe(403)
    const dash = await call('GET', `/api/Dashboard/GetDashboardUserInfo?userId=${tokens.userId}`, undefined, t)
    expect(dash.body).toEqual({ name: 'Lee', profilePhoto: null, joinDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) })

    const fields = { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1985-04-12', gender: 0, countryCode: 'US', comesFromState: '', phoneNumber: '+1 503 555 0100' }
    const noState = await call('POST', '/api/UserInfo/saveAdditionalData', { id: tokens.userId, ...fields }, t)
    expect(noState.status).toBe(400)
    expect(noState.body.errors).toEqual({ comesFromState: 'State is required for the United States' })
    expect((await call('POST', '/api/UserInfo/saveAdditionalData', { id: tokens.userId + 999, ...fields, comesFromState: 'OR' }, t)).status).toBe(403)
    expect((await call('POST', '/api/UserInfo/saveAdditionalData', { Id: tokens.userId, ...fields, comesFromState: 'OR' }, t)).status).toBe(200)

    const put = await call('PUT', '/api/Profile', { ...fields, countryCode: 'CH', comesFromState: 'OR', userLicenses: [{ licenseTypeId: 8, licenseNumber: 'CDL-991', state: 'OR', expiryDate: '2027-01-31' }] }, t)
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ countryCode: 'CH', comesFromState: null, username: expect.stringContaining('@'), twoFactorType: 1, userLicenses: [{ licenseTypeId: 8, licenseNumber: 'CDL-991', state: 'OR', expiryDate: '2027-01-31' }] })
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64')
    expect((await call('PUT', '/api/Profile', { ...fields, comesFromState: 'OR', profilePhoto: `data:image/png;base64,${html}` }, t)).status).toBe(415)
  })

  it('reset-otp: 400 for Email accounts, a new secret for Authenticator accounts', async () => {
    const email1 = await registerAndLogin(1)
    expect((await call('GET', '/api/Profile/reset-otp', undefined, email1.tokens.accessToken)).status).toBe(400)
    const totp = await registerAndLogin(0)
    const res = await call('GET', '/api/Profile/reset-otp', undefined, totp.tokens.accessToken)
    expect(res).toEqual({ status: 200, body: { userEmail: totp.email, secretKey: expect.any(String) } })
  })

  it('deleteAccount ends the account and its tokens', async () => {
    const { tokens, email } = await registerAndLogin(1)
    expect(await call('DELETE', '/api/Auth/deleteAccount', undefined, tokens.accessToken)).toEqual({ status: 200, body: { message: expect.any(String) } })
    expect((await call('GET', '/api/Profile', undefined, tokens.accessToken)).status).toBe(401)
    expect(await call('POST', `/api/Auth/checkMail?email=${encodeURIComponent(email)}`)).toEqual({ status: 200, body: false })
  })
})
