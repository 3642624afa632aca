import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { joinRequests, loginChallenges, memberships, users } from '#db/schema/index.ts'
import { actorFromAccessToken } from '#server/auth/access-token.server.ts'
import { deleteAccount, resetAuthenticator } from '#server/auth/account.server.ts'
import { refreshApiSession, startApiSession } from '#server/auth/api-session.server.ts'
import { completeLogin, resendEmailCode, startLogin } from '#server/auth/login.server.ts'
import { resetPassword, sendPasswordResetLink } from '#server/auth/password-reset.server.ts'
import { passwordChecks } from '#server/auth/password-rules.ts'
import { registerUser } from '#server/auth/register.server.ts'
import { totpCode } from '#server/auth/totp.server.ts'
import { actorFromWebSession, createWebSession } from '#server/auth/web-session.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { createCompany } from '#server/companies/create-company.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { anon, ctxFor, lastCodeFor, lastMailTo, uniqueEmail, userByEmail } from '#tests/helpers/auth.ts'
import { sendReauthCode } from '#server/auth/reauth.server.ts'

let db: Database
const PASSWORD = 'Correct-horse-9'

beforeAll(() => {
  db = createTestDb()
})
afterAll(() => db.close())

async function register(over: Record<string, unknown> = {}) {
  const email = (over.username as string) ?? uniqueEmail()
  const res = await registerUser(anon(db), { username: email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovel', role: 'Driver', twoFactorType: 1, ...over })
  return { email, ...res }
}

async function loginByEmail(email: string, now?: Date) {
  await startLogin(anon(db, now), { username: email, password: PASSWORD })
  const code = await lastCodeFor(db, email)
  return completeLogin(anon(db, now), { username: email, code, type: 1 })
}

describe('registration', () => {
  it('checks every rule and names each field', async () => {
    const err = await registerUser(anon(db), { username: 'not-an-email', password: 'short', firstName: '', role: 'Pilot', twoFactorType: 7 }).catch((e) => e)
    expect(err).toMatchObject({ code: 'BAD_REQUEST' })
    expect(Object.keys(err.fieldErrors).sort()).toEqual(['firstName', 'password', 'role', 'twoFactorType', 'username'])
    expect(err.fieldErrors.username).toBe(TEXT.invalidEmail)
    const noUpper = await registerUser(anon(db), { username: uniqueEmail(), password: 'alllowercase1', firstName: 'A', role: 'Driver', twoFactorType: 1 }).catch((e) => e)
    expect(noUpper.fieldErrors.password).toMatch(/uppercase/)
    expect(passwordChecks('Abcdefgh', 'Abcdefgh').every((c) => c.ok)).toBe(true)
    expect(passwordChecks('abcdefgh', 'x').map((c) => c.ok)).toEqual([true, false, false])
  })

  it('answers otpSecretKey for Authenticator and null for Email, and refuses a taken email with 409', async () => {
    const a = await register({ twoFactorType: 0 })
    expect(a.message).toBe('Registration successful')
    expect(a.otpSecretKey).toMatch(/^[A-Z2-7]{32}$/)
    const e = await register({ twoFactorType: 1 })
    expect(e.otpSecretKey).toBeNull()
    await expect(register({ username: e.email.toUpperCase() })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await lastMailTo(db, e.email))?.subject).toMatch(/Welcome/i)
  })

  it('a manager role needs a company code or a new company name; a new name creates the company', async () => {
    await expect(register({ role: 'busOwner' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { companyCode: expect.any(String) } })
    const r = await register({ role: ['busOwner', 'OPERATOR', 'Driver'], companyName: 'Newco Buses' })
    const roles = await db.read.select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.userId, r.userId))
    // Owner and Operator manage the new company; Driver is allowed there (Operator type).
    expect(roles.map((x) => x.roleId).sort()).toEqual([1, 2, 4])
  })

  it('a company code creates Pending join requests for the roles the company allows, and refuses the others', async () => {
    const owner = await register({ role: 'repairShop', companyName: 'Fixit Garage' })
    const ctx = await ctxFor(db, owner.userId)
    const shop = ctx.actor.kind === 'user' ? ctx.actor.memberships[0] : undefined
    const code = shop!.companyCode
    const mech = await register({ role: 'Mechanic', companyCode: code.toLowerCase().replace('-', ' ') })
    const reqs = await db.read.select().from(joinRequests).where(eq(joinRequests.userId, mech.userId))
    expect(reqs).toEqual([expect.objectContaining({ companyId: shop!.companyId, roleId: 5, status: 'Pending' })])
    await expect(register({ role: 'Driver', companyCode: code })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { role: expect.stringMatching(/does not take drivers/) } })
    await expect(register({ role: 'Driver', companyCode: 'OPR-NOPE99' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { companyCode: 'No company has this code' } })
  })
})

describe('login with the two factors', () => {
  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await register()
    await expect(startLogin(anon(db), { username: email, password: 'Wrong-pass-1' })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: TEXT.invalidCredentials })
    await expect(startLogin(anon(db), { username: uniqueEmail('ghost'), password: PASSWORD })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: TEXT.invalidCredentials })
  })

  it('locks an email after 5 failures with the same answer whether or not the account exists', async () => {
    const { email } = await register()
    const ghost = uniqueEmail('ghost')
    for (const who of [email, ghost]) {
      for (let i = 0; i < 5; i++) await startLogin(anon(db), { username: who, password: 'Wrong-pass-1' }).catch(() => undefined)
      const err = await startLogin(anon(db), { username: who, password: PASSWORD }).catch((e) => e)
      expect(err).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TEXT.tooManyAttempts })
      expect(err.retryAfter).toBeGreaterThan(0)
    }
  })

  it('Authenticator: QR secret on the first login only, a code accepted once', async () => {
    const { email, otpSecretKey } = await register({ twoFactorType: 0 })
    const step = await startLogin(anon(db), { username: email, password: PASSWORD })
    expect(step).toMatchObject({ twoFactorType: 0, isFirstLogin: true, otpSecretKey })
    const code = totpCode(otpSecretKey!)
    const { userId } = await completeLogin(anon(db), { username: email, code, type: 0 })
    expect(userId).toBeGreaterThan(0)
    // Replay of the same code, even after a new password step: refused.
    const again = await startLogin(anon(db), { username: email, password: PASSWORD })
    expect(again).toMatchObject({ isFirstLogin: false, otpSecretKey: null })
    await expect(completeLogin(anon(db), { username: email, code, type: 0 })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: TEXT.wrongCode })
    // The next time step's code works.
    const later = new Date(Date.now() + 30_000)
    await expect(completeLogin(anon(db, later), { username: email, code: totpCode(otpSecretKey!, later.getTime()), type: 0 })).resolves.toEqual({ userId })
  })

  it('Email: a 6-digit code by email, 5 tries, expiry after 10 minutes, resend replaces the code', async () => {
    const { email } = await register()
    const t0 = new Date()
    expect(await startLogin(anon(db, t0), { username: email, password: PASSWORD })).toMatchObject({ twoFactorType: 1, otpSecretKey: null })
    const first = await lastCodeFor(db, email)
    await resendEmailCode(anon(db, t0), { username: email })
    const second = await lastCodeFor(db, email)
    if (first !== second) {
      await expect(completeLogin(anon(db, t0), { username: email, code: first, type: 1 })).rejects.toMatchObject({ message: TEXT.wrongCode })
    }
    const wrong = (c: string) => (c === '000000' ? '111111' : '000000')
    // Four wrong tries (the replaced code counted as one when it differed), then the right code works.
    for (let i = first !== second ? 1 : 0; i < 4; i++) {
      await expect(completeLogin(anon(db, t0), { username: email, code: wrong(second), type: 1 })).rejects.toMatchObject({ message: TEXT.wrongCode })
    }
    await expect(completeLogin(anon(db, t0), { username: email, code: second, type: 1 })).resolves.toMatchObject({ userId: expect.any(Number) })

    // Five wrong tries end the code: the challenge is consumed, the right code no longer works.
    await startLogin(anon(db, t0), { username: email, password: PASSWORD })
    const third = await lastCodeFor(db, email)
    for (let i = 0; i < 5; i++) await completeLogin(anon(db, t0), { username: email, code: wrong(third), type: 1 }).catch(() => undefined)
    const u = await userByEmail(db, email)
    const open = await db.read.select().from(loginChallenges).where(and(eq(loginChallenges.userId, u!.id), isNull(loginChallenges.consumedAt)))
    expect(open).toEqual([])
    await expect(completeLogin(anon(db, t0), { username: email, code: third, type: 1 })).rejects.toThrow()

    const { email: e2 } = await register()
    await startLogin(anon(db, t0), { username: e2, password: PASSWORD })
    const code = await lastCodeFor(db, e2)
    const late = new Date(t0.getTime() + 10 * 60_000 + 1000)
    await expect(completeLogin(anon(db, late), { username: e2, code, type: 1 })).rejects.toMatchObject({ message: TEXT.wrongCode })
  })

  it('needs a password step for that user in the last 10 minutes, and the right type', async () => {
    const { email } = await register()
    await expect(completeLogin(anon(db), { username: email, code: '123456', type: 1 })).rejects.toMatchObject({ message: TEXT.wrongCode })
    await startLogin(anon(db), { username: email, password: PASSWORD })
    const code = await lastCodeFor(db, email)
    await expect(completeLogin(anon(db), { username: email, code, type: 0 })).rejects.toMatchObject({ message: TEXT.wrongCode })
  })

  it('resend: 400 for Authenticator accounts, the same 200 otherwise', async () => {
    const { email } = await register({ twoFactorType: 0 })
    await expect(resendEmailCode(anon(db), { username: email })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: TEXT.notEmail2fa })
    await expect(resendEmailCode(anon(db), { username: uniqueEmail('ghost') })).resolves.toEqual({ message: TEXT.codeSent })
  })
})

describe('sessions and tokens', () => {
  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const { email } = await register()
    const { userId } = await loginByEmail(email)
    const t1 = await startApiSession(db, userId)
    expect(await actorFromAccessToken(db, t1.accessToken)).toMatchObject({ kind: 'user', userId })
    const t2 = await refreshApiSession(db, { userId, refreshToken: t1.refreshToken })
    expect(t2.refreshToken).not.toBe(t1.refreshToken)
    // Reuse of t1's refresh token: refused, and the whole family ends, t2 included.
    await expect(refreshApiSession(db, { userId, refreshToken: t1.refreshToken })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(refreshApiSession(db, { userId, refreshToken: t2.refreshToken })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await actorFromAccessToken(db, t2.accessToken)).toBeNull()
    // Someone else's user id with a valid token: refused.
    const t3 = await startApiSession(db, userId)
    await expect(refreshApiSession(db, { userId: userId + 1000, refreshToken: t3.refreshToken })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('password reset', () => {
  it('same answer for unknown emails; single-use 1-hour token; ends every session', async () => {
    const { email, userId } = await register()
    const ghost = await sendPasswordResetLink(anon(db), { email: uniqueEmail('ghost') })
    const real = await sendPasswordResetLink(anon(db), { email })
    expect(real).toEqual(ghost)
    const mail = await lastMailTo(db, email)
    const token = decodeURIComponent(mail!.textBody.match(/reset-password\?token=([^\s"<]+)/)![1]!)
    expect(mail!.textBody).toContain('http://localhost:3000/reset-password?token=')

    const web = await createWebSession(db, userId)
    const api = await startApiSession(db, userId)
    await expect(resetPassword(anon(db), { token, newPassword: 'weak' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await resetPassword(anon(db), { token, newPassword: 'Brand-new-pass1' })
    expect((await actorFromWebSession(db, web.token)).kind).toBe('anonymous')
    expect(await actorFromAccessToken(db, api.accessToken)).toBeNull()
    await expect(resetPassword(anon(db), { token, newPassword: 'Another-pass2' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(startLogin(anon(db), { username: email, password: 'Brand-new-pass1' })).resolves.toMatchObject({ twoFactorType: 1 })

    await sendPasswordResetLink(anon(db), { email })
    const m2 = await lastMailTo(db, email)
    const t2 = decodeURIComponent(m2!.textBody.match(/reset-password\?token=([^\s"<]+)/)![1]!)
    const later = new Date(Date.now() + 61 * 60_000)
    await expect(resetPassword(anon(db, later), { token: t2, newPassword: 'Brand-new-pass3' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})

describe('account', () => {
  it('refuses to delete the last active manager of a company, then deletes and frees the email', async () => {
    const { email, userId } = await register({ role: 'Driver' })
    const ctx = await ctxFor(db, userId)
    await createCompany(ctx, { name: 'Solo Coaches', types: ['Owner'] })
    const ctx2 = await ctxFor(db, userId)
    const proof = async () => {
      await sendReauthCode(await ctxFor(db, userId))
      return { password: PASSWORD, code: await lastCodeFor(db, email) }
    }
    await expect(deleteAccount(ctx2, await proof())).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Solo Coaches') })
    expect((await userByEmail(db, email))?.deletedAt).toBeNull()

    // With a second active Owner, deletion goes through.
    const other = await register()
    const company = ctx2.actor.kind === 'user' ? ctx2.actor.memberships[0]! : undefined
    await db.transaction((tx) => tx.insert(memberships).values({ userId: other.userId, companyId: company!.companyId, roleId: 1 }))
    const web = await createWebSession(db, userId)
    await expect(deleteAccount(await ctxFor(db, userId), await proof())).resolves.toEqual({ message: TEXT.accountDeleted })
    expect(await userByEmail(db, email)).toBeUndefined()
    const [gone] = await db.read.select().from(users).where(eq(users.id, userId))
    expect(gone).toMatchObject({ email: null, passwordHash: null, deletedAt: expect.any(Date) })
    expect((await actorFromWebSession(db, web.token)).kind).toBe('anonymous')
    const left = await db.read.select().from(memberships).where(and(eq(memberships.userId, userId)))
    expect(left).toEqual([])
    // The email is free again.
    await expect(register({ username: email })).resolves.toMatchObject({ message: 'Registration successful' })
  })

  it('resets the authenticator: a new secret at once, QR on the next login; 400 for Email accounts', async () => {
    const { email, userId, otpSecretKey } = await register({ twoFactorType: 0 })
    await startLogin(anon(db), { username: email, password: PASSWORD })
    await completeLogin(anon(db), { username: email, code: totpCode(otpSecretKey!), type: 0 })
    const later = new Date(Date.now() + 30_000)
    const { secretKey, userEmail } = await resetAuthenticator({ ...(await ctxFor(db, userId)), now: later }, { password: PASSWORD, code: totpCode(otpSecretKey!, later.getTime()) })
    expect(userEmail).toBe(email)
    expect(secretKey).not.toBe(otpSecretKey)
    expect(await startLogin(anon(db), { username: email, password: PASSWORD })).toMatchObject({ isFirstLogin: true, otpSecretKey: secretKey })
    const e = await register()
    await expect(resetAuthenticator(await ctxFor(db, e.userId))).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})
