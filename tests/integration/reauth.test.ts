/**
 * Issue 9, point 3: deleting the account and resetting the authenticator need
 * a recent verification. REST (legacy shapes, nothing new in the request):
 * only an access token from a full sign-in under 10 minutes old. Pages: the
 * password and a current code with the confirmation. Plus the TOTP replay
 * guards of the login (a code is accepted once).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, loginChallenges, users } from '#db/schema/index.ts'
import * as profile from '#app/routes/_app+/profile.tsx'
import { HARDENING_TEXT, TEXT } from '#catalog/texts.ts'
import { startApiSession } from '#server/auth/api-session.server.ts'
import { completeLogin, startLogin } from '#server/auth/login.server.ts'
import { requireRecentSignIn } from '#server/auth/reauth.server.ts'
import { totpCode, verifyTotp } from '#server/auth/totp.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { anon, ctxFor, lastCodeFor, uniqueEmail } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createUser, webSessionFor } from '#tests/helpers/factory.ts'
import { givePassword, REAUTH_PASSWORD } from '#tests/helpers/reauth.ts'
import { callRoute } from '#tests/helpers/remix.ts'
import { newRequestScope, runWithRequestScope } from '#server/context/request-scope.server.ts'

let db: Database
const PASSWORD = 'Reauth-legacy-9'

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

async function rest(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await handleRestRequest(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), db, '127.0.0.1')
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** A legacy client's full sign-in: register, password step, code step. */
async function signIn(type: 0 | 1) {
  const email = uniqueEmail('reauth')
  const reg = await rest('POST', '/api/Auth/register', undefined, { Username: email, Password: PASSWORD, FirstName: 'Rae', Role: 'Driver', TwoFactorType: type })
  expect(reg.status).toBe(200)
  await rest('POST', '/api/Auth/login', undefined, { username: email, password: PASSWORD })
  const code = type === 0 ? totpCode(reg.body.otpSecretKey) : await lastCodeFor(db, email)
  const done = await rest('POST', '/api/Auth/completeLogin', undefined, { code, username: email, type })
  expect(done.status).toBe(200)
  return { email, secret: reg.body.otpSecretKey as string | null, tokens: done.body as { userId: number; accessToken: string; refreshToken: string } }
}

const secretOf = async (userId: number) => (await db.read.select({ s: users.totpSecret }).from(users).where(eq(users.id, userId)))[0]!.s

describe('REST: only a fresh full sign-in may delete the account or reset the authenticator', () => {
  it('a token from a full sign-in a moment ago: both work', async () => {
    const a = await signIn(0)
    const reset = await rest('GET', '/api/Profile/reset-otp', a.tokens.accessToken)
    expect(reset).toEqual({ status: 200, body: { userEmail: a.email, secretKey: expect.any(String) } })
    const b = await signIn(1)
    expect(await rest('DELETE', '/api/Auth/deleteAccount', b.tokens.accessToken)).toEqual({ status: 200, body: { message: TEXT.accountDeleted } })
  })

  it('a token from a refresh, even a minute after signing in: 403 asking to sign in again, nothing changed', async () => {
    const a = await signIn(0)
    const refreshed = await rest('POST', '/api/auth/refreshToken', undefined, { userId: a.tokens.userId, refreshToken: a.tokens.refreshToken })
    expect(refreshed.status).toBe(200)
    const before = await secretOf(a.tokens.userId)
    expect(await rest('GET', '/api/Profile/reset-otp', refreshed.body.accessToken)).toEqual({ status: 403, body: { message: HARDENING_TEXT.signInAgain } })
    expect(await secretOf(a.tokens.userId)).toBe(before)
    expect(await rest('DELETE', '/api/Auth/deleteAccount', refreshed.body.accessToken)).toEqual({ status: 403, body: { message: HARDENING_TEXT.signInAgain } })
    expect((await rest('GET', '/api/Profile', refreshed.body.accessToken)).status).toBe(200)
  })

  it('a full sign-in older than 10 minutes (token still valid): 403', async () => {
    const a = await signIn(0)
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000)
    const old = await startApiSession(db, a.tokens.userId, elevenMinutesAgo, { fullSignIn: true })
    expect((await rest('GET', '/api/Profile', old.accessToken)).status).toBe(200)
    expect(await rest('DELETE', '/api/Auth/deleteAccount', old.accessToken)).toEqual({ status: 403, body: { message: HARDENING_TEXT.signInAgain } })
    expect((await rest('GET', '/api/Profile/reset-otp', old.accessToken)).status).toBe(403)
    const nineMinutesAgo = new Date(Date.now() - 9 * 60_000)
    const recent = await startApiSession(db, a.tokens.userId, nineMinutesAgo, { fullSignIn: true })
    expect((await rest('GET', '/api/Profile/reset-otp', recent.accessToken)).status).toBe(200)
  })

  it('a token that never came from a full sign-in (no auth_time): 403', async () => {
    const user = await createUser(db)
    const token = await apiTokenFor(db, user.id)
    expect(await rest('DELETE', '/api/Auth/deleteAccount', token)).toEqual({ status: 403, body: { message: HARDENING_TEXT.signInAgain } })
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row!.deletedAt).toBeNull()
  })
})

describe('pages: the password and a current code with the confirmation', () => {
  async function webUser(type: 0 | 1) {
    const user = await createUser(db)
    await givePassword(db, user.id)
    if (type === 0) await db.transaction((tx) => tx.update(users).set({ twoFactorType: 0, totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, user.id)))
    return { user, cookie: await webSessionFor(db, user.id) }
  }
  const post = (cookie: string, fields: Record<string, string>) => callRoute(profile.action, '/profile', cookie, new URLSearchParams(fields))
  const alive = async (userId: number) => (await db.read.select().from(users).where(eq(users.id, userId)))[0]!.deletedAt === null

  it('a live session alone (the old way) no longer deletes the account', async () => {
    const { user, cookie } = await webUser(1)
    const r = await post(cookie, { intent: 'deleteAccount' })
    expect(r.status).toBe(400)
    expect(r.data).toMatchObject({ fieldErrors: { password: HARDENING_TEXT.reauthPasswordRequired, code: HARDENING_TEXT.reauthCodeRequired } })
    expect(await alive(user.id)).toBe(true)
  })

  it('in Spanish, the page says what is missing in Spanish (decision 074); REST keeps the English', async () => {
    const { user, cookie } = await webUser(1)
    const inSpanish = <T,>(fn: () => Promise<T>) => runWithRequestScope({ ...newRequestScope(), locale: 'es' }, fn)
    const r = await inSpanish(() => post(cookie, { intent: 'deleteAccount' }))
    expect(r).toMatchObject({
      status: 400,
      data: {
        formError: 'Ingrese su contraseña para confirmar que es usted. Ingrese el código de su aplicación de autenticación o de su correo electrónico',
        fieldErrors: { password: 'Ingrese su contraseña para confirmar que es usted', code: 'Ingrese el código de su aplicación de autenticación o de su correo electrónico' },
      },
    })
    const tooLong = await inSpanish(() => post(cookie, { intent: 'deleteAccount', password: 'x', code: '1'.repeat(13) }))
    expect(tooLong.data).toMatchObject({ formError: 'code: Como máximo 12 caracteres' })
    expect(await alive(user.id)).toBe(true)

    const token = await apiTokenFor(db, user.id)
    const res = await inSpanish(() =>
      handleRestRequest(
        new Request('http://localhost/api/Auth/deleteAccount', { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=es' } }),
        db,
        '127.0.0.1',
      ),
    )
    expect({ status: res.status, body: await res.text() }).toEqual({ status: 403, body: JSON.stringify({ message: HARDENING_TEXT.signInAgain }) })
  })

  it('a wrong password or a wrong code is refused and says which; each failure is audited without what was typed', async () => {
    const { user, cookie } = await webUser(0)
    const wrongPassword = await post(cookie, { intent: 'deleteAccount', password: 'not-it', code: totpCode('JBSWY3DPEHPK3PXP') })
    expect(wrongPassword).toMatchObject({ status: 400, data: { fieldErrors: { password: HARDENING_TEXT.reauthWrongPassword } } })
    const wrongCode = await post(cookie, { intent: 'resetAuthenticator', password: REAUTH_PASSWORD, code: '000000' })
    expect(wrongCode).toMatchObject({ status: 400, data: { fieldErrors: { code: TEXT.wrongCode } } })
    expect(await alive(user.id)).toBe(true)
    expect(await secretOf(user.id)).toBe('JBSWY3DPEHPK3PXP')
    const audits = await db.read.select().from(auditLog).where(eq(auditLog.actorUserId, user.id))
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.reauth.passwordFailed', 'auth.reauth.codeFailed']))
    expect(JSON.stringify(audits)).not.toContain('not-it')
  })

  it('Email accounts: "Send me a code", then the password and that code delete the account', async () => {
    const { user, cookie } = await webUser(1)
    const sent = await post(cookie, { intent: 'sendReauthCode', for: 'deleteAccount' })
    expect(sent).toMatchObject({ status: 200, data: { intent: 'sendReauthCode', message: HARDENING_TEXT.reauthCodeSent } })
    const code = await lastCodeFor(db, user.email!)
    const r = await post(cookie, { intent: 'deleteAccount', password: REAUTH_PASSWORD, code })
    expect(r).toMatchObject({ status: 302, location: '/login' })
    expect(await alive(user.id)).toBe(false)
  })

  it('a confirmation code is not a sign-in code, and a sign-in code is not a confirmation code', async () => {
    const email = uniqueEmail('reauth-mix')
    await rest('POST', '/api/Auth/register', undefined, { Username: email, Password: PASSWORD, FirstName: 'Mix', Role: 'Driver', TwoFactorType: 1 })
    await startLogin(anon(db), { username: email, password: PASSWORD })
    const signInCode = await lastCodeFor(db, email)
    const [u] = await db.read.select().from(users).where(eq(users.email, email))
    const ctx = await ctxFor(db, u!.id)
    await expect(requireRecentSignIn(ctx, { password: PASSWORD, code: signInCode })).rejects.toMatchObject({ fieldErrors: { code: TEXT.wrongCode } })
    // The sign-in's challenge is still open and works for signing in.
    await expect(completeLogin(anon(db), { username: email, code: signInCode, type: 1 })).resolves.toEqual({ userId: u!.id })
    const open = await db.read.select().from(loginChallenges).where(and(eq(loginChallenges.userId, u!.id), eq(loginChallenges.purpose, 'reauth')))
    expect(open).toEqual([])
  })

  it('an authenticator code already used to sign in cannot confirm', async () => {
    const a = await signIn(0)
    const [u] = await db.read.select().from(users).where(eq(users.id, a.tokens.userId))
    const step = u!.totpLastUsedStep!
    const usedCode = totpCode(a.secret!, step * 30_000)
    const ctx = { ...(await ctxFor(db, u!.id)), now: new Date(step * 30_000 + 1_000) }
    await expect(requireRecentSignIn(ctx, { password: PASSWORD, code: usedCode })).rejects.toMatchObject({ fieldErrors: { code: TEXT.wrongCode } })
  })

  it('wrong passwords count toward the account lock', async () => {
    const { user, cookie } = await webUser(0)
    for (let i = 0; i < 5; i++) await post(cookie, { intent: 'deleteAccount', password: `wrong-${i}`, code: '123456' })
    const r = await post(cookie, { intent: 'deleteAccount', password: REAUTH_PASSWORD, code: totpCode('JBSWY3DPEHPK3PXP') })
    expect(r.status).toBe(429)
    expect(await alive(user.id)).toBe(true)
  })
})

describe('login: an authenticator code is accepted once', () => {
  async function totpUser() {
    const email = uniqueEmail('totp')
    const reg = await rest('POST', '/api/Auth/register', undefined, { Username: email, Password: PASSWORD, FirstName: 'Tom', Role: 'Driver', TwoFactorType: 0 })
    return { email, secret: reg.body.otpSecretKey as string }
  }

  it('a code used in an earlier sign-in is a wrong code: each replay uses up one of the 5 tries', async () => {
    const { email, secret } = await totpUser()
    const t0 = new Date()
    await startLogin(anon(db, t0), { username: email, password: PASSWORD })
    const code = totpCode(secret, t0.getTime())
    await completeLogin(anon(db, t0), { username: email, code, type: 0 })
    // A new sign-in, and the old code replayed five times.
    await startLogin(anon(db, t0), { username: email, password: PASSWORD })
    for (let i = 0; i < 5; i++) {
      await expect(completeLogin(anon(db, t0), { username: email, code, type: 0 })).rejects.toMatchObject({ message: TEXT.wrongCode })
    }
    // Like any wrong code: the challenge has used its 5 tries and the email is locked.
    const [u] = await db.read.select().from(users).where(eq(users.email, email))
    const challenges = await db.read.select().from(loginChallenges).where(eq(loginChallenges.userId, u!.id)).orderBy(loginChallenges.createdAt)
    expect(challenges.at(-1)).toMatchObject({ attempts: 5, consumedAt: expect.any(Date) })
    const later = new Date(t0.getTime() + 30_000)
    await expect(completeLogin(anon(db, later), { username: email, code: totpCode(secret, later.getTime()), type: 0 })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })

  it('a code used meanwhile by a concurrent request is refused even when the row was read before', async () => {
    const { email, secret } = await totpUser()
    const now = new Date()
    await startLogin(anon(db, now), { username: email, password: PASSWORD })
    const code = totpCode(secret, now.getTime())
    const step = verifyTotp(secret, code, now.getTime())!
    const [u] = await db.read.select().from(users).where(eq(users.email, email))
    // Another request holds the write lock and uses this very step…
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const other = db.transaction(async (tx) => {
      await gate
      await tx.update(users).set({ totpLastUsedStep: step }).where(eq(users.id, u!.id))
    })
    // …while this sign-in has already read the user row (before that commit) and waits for the lock.
    const login = completeLogin(anon(db, now), { username: email, code, type: 0 })
    const outcome = login.then(
      () => 'accepted',
      () => 'refused',
    )
    await new Promise((r) => setTimeout(r, 150))
    release()
    await other
    expect(await outcome).toBe('refused')
  })
})
