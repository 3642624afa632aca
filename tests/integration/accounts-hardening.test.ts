/**
 * Issue 9, points 4 (per-recipient email caps), 3 (a password reset ends every
 * session and says so by email) and 8 (breached passwords refused; sign-in
 * events in the audit log), sent through REST with API.md's shapes.
 */
import { and, desc, eq, gte, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, mailOutbox, users } from '#db/schema/index.ts'
import { actorFromWebSession, createWebSession, revokeWebSession } from '#server/auth/web-session.server.ts'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { MAIL_CAPS } from '#server/mail/caps.server.ts'
import { totpCode } from '#server/auth/totp.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { lastCodeFor, lastMailTo, uniqueEmail } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'

let db: Database
const PASSWORD = 'Hardened-Legacy-4'

beforeAll(() => {
  db = createTestDb()
})
afterAll(() => db.close())

async function rest(method: string, path: string, body?: unknown, token?: string, ip = '127.0.0.1') {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await handleRestRequest(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), db, ip)
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: res.headers.get('retry-after') }
}

async function register(type: 0 | 1 = 1, password = PASSWORD) {
  const email = uniqueEmail('hard')
  const reg = await rest('POST', '/api/Auth/register', { Username: email, Password: password, FirstName: 'Hal', Role: 'Driver', TwoFactorType: type })
  return { email, reg }
}

const mailsTo = async (to: string, subjectLike: string) =>
  (await db.read.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, subjectLike)))).length

describe('email caps per recipient', () => {
  it('sign-in codes: a burst of resends stops at the cap with 429 and Retry-After; the inbox gets no more', async () => {
    const { email } = await register(1)
    expect((await rest('POST', '/api/Auth/login', { username: email, password: PASSWORD })).status).toBe(200)
    const answers = []
    // Rotating client addresses does not help: the cap is per recipient.
    for (let i = 0; i < 60; i++) answers.push(await rest('POST', '/api/Auth/resendEmailCode', { username: email }, undefined, `10.0.${i}.1`))
    const ok = answers.filter((a) => a.status === 200).length
    expect(ok).toBe(MAIL_CAPS.signInCode.points - 1)
    const refused = answers.find((a) => a.status === 429)!
    expect(refused.body).toEqual({ message: HARDENING_TEXT.tooManyEmails })
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(await mailsTo(email, '%sign-in code%')).toBe(MAIL_CAPS.signInCode.points)
  })

  it('reset links: capped per address, with the same answers whether or not an account exists', async () => {
    const { email } = await register(1)
    const ghost = uniqueEmail('ghost')
    const real = []
    const unknown = []
    for (let i = 0; i < 40; i++) {
      real.push(await rest('POST', '/api/PasswordReset/send-reset-link', { Email: email }, undefined, `10.1.${i}.1`))
      unknown.push(await rest('POST', '/api/PasswordReset/send-reset-link', { Email: ghost }, undefined, `10.2.${i}.1`))
    }
    expect(real.map((r) => [r.status, r.body])).toEqual(unknown.map((r) => [r.status, r.body]))
    expect(real.filter((r) => r.status === 200)).toHaveLength(MAIL_CAPS.resetLink.points)
    expect(real.at(-1)).toMatchObject({ status: 429, body: { message: HARDENING_TEXT.tooManyEmails } })
    expect(await mailsTo(email, 'Reset your%')).toBe(MAIL_CAPS.resetLink.points)
  })
})

describe('a password reset', () => {
  it('ends every session and refresh token and mails "your password was changed"; the events are audited', async () => {
    const { email, reg } = await register(0)
    await rest('POST', '/api/Auth/login', { username: email, password: PASSWORD })
    const tokens = (await rest('POST', '/api/Auth/completeLogin', { code: totpCode(reg.body.otpSecretKey), username: email, type: 0 })).body
    await rest('POST', '/api/PasswordReset/send-reset-link', { Email: email })
    const link = (await lastMailTo(db, email))!.textBody.match(/reset-password\?token=([^\s"<]+)/)![1]!
    const done = await rest('POST', '/api/PasswordReset/reset-password', { token: decodeURIComponent(link), newPassword: 'Fresh-Start-2031' })
    expect(done.status).toBe(200)
    expect((await rest('GET', '/api/Profile', undefined, tokens.accessToken)).status).toBe(401)
    expect((await rest('POST', '/api/auth/refreshToken', { userId: tokens.userId, refreshToken: tokens.refreshToken })).status).toBe(401)
    const mail = await lastMailTo(db, email)
    expect(mail!.subject).toBe('Your Operon password was changed')
    const events = await db.read.select().from(auditLog).where(eq(auditLog.entityId, String(tokens.userId))).orderBy(desc(auditLog.id))
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.signIn', 'user.passwordReset', 'auth.sessionsRevoked']))
    expect(JSON.stringify(events)).not.toContain('Fresh-Start-2031')
  })
})

describe('breached passwords', () => {
  it('registration refuses a password from the bundled list (whatever its case) and says why', async () => {
    const { reg } = await register(1, 'Password1')
    expect(reg).toMatchObject({ status: 400, body: { errors: { password: HARDENING_TEXT.breachedPassword } } })
    const { reg: other } = await register(1, 'Iloveyou')
    expect(other.status).toBe(400)
  })

  it('a reset refuses one too, and the link stays usable', async () => {
    const { email } = await register(1)
    await rest('POST', '/api/PasswordReset/send-reset-link', { Email: email })
    const token = decodeURIComponent((await lastMailTo(db, email))!.textBody.match(/reset-password\?token=([^\s"<]+)/)![1]!)
    const bad = await rest('POST', '/api/PasswordReset/reset-password', { token, newPassword: 'Qwerty123' })
    expect(bad).toMatchObject({ status: 400, body: { errors: { newPassword: HARDENING_TEXT.breachedPassword } } })
    expect((await rest('POST', '/api/PasswordReset/reset-password', { token, newPassword: 'Unlisted-Phrase-77' })).status).toBe(200)
  })
})

describe('sign-in events in the audit log, without secrets', () => {
  it('a sign-out ends the session and is audited once', async () => {
    const { email } = await register(1)
    const [u] = await db.read.select().from(users).where(eq(users.email, email))
    const { token } = await createWebSession(db, u!.id)
    await revokeWebSession(db, token)
    await revokeWebSession(db, token)
    expect((await actorFromWebSession(db, token)).kind).toBe('anonymous')
    const rows = await db.read.select().from(auditLog).where(and(eq(auditLog.entityId, String(u!.id)), eq(auditLog.action, 'auth.signOut')))
    expect(rows).toHaveLength(1)
  })

  it('password failures, second-factor failures and successes', async () => {
    const since = new Date(Date.now() - 1000)
    const { email } = await register(1)
    await rest('POST', '/api/Auth/login', { username: email, password: 'Wrong-Password-1' })
    await rest('POST', '/api/Auth/login', { username: email, password: PASSWORD })
    await rest('POST', '/api/Auth/completeLogin', { code: '000000', username: email, type: 1 })
    const code = await lastCodeFor(db, email)
    const ok = await rest('POST', '/api/Auth/completeLogin', { code, username: email, type: 1 })
    expect(ok.status).toBe(200)
    const rows = await db.read.select().from(auditLog).where(and(gte(auditLog.at, since), eq(auditLog.entityId, String(ok.body.userId))))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.signIn.passwordFailed', 'auth.signIn.secondFactorFailed', 'auth.signIn']))
    const text = JSON.stringify(rows)
    for (const secret of ['Wrong-Password-1', PASSWORD, code, ok.body.accessToken, ok.body.refreshToken]) expect(text).not.toContain(secret)
  })
})
