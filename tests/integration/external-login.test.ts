import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { externalIdentities, joinRequests, mailOutbox, users } from '#db/schema/index.ts'
import {
  EXTERNAL_TEXT,
  linkExternalIdentity,
  listExternalIdentities,
  loginOrRegisterWithExternal,
  unlinkExternalIdentity,
} from '#server/auth/external/external-login.server.ts'
import { configuredProviders, resetProviderCache, verifyProviderIdToken } from '#server/auth/external/providers.server.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { AppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, createCompany, createUser } from '#tests/helpers/factory.ts'
import { startOidcProvider, type OidcProvider } from '#tests/helpers/oidc-provider.ts'

const GOOGLE_CLIENT = 'operon-google-test.apps.example'
const APPLE_CLIENT = 'app.operon.signin.test'

let db: Database
let google: OidcProvider
let apple: OidcProvider
let stranger: OidcProvider
const saved: Record<string, string | undefined> = {}
const ENV_KEYS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'OIDC_GOOGLE_ISSUER', 'APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET', 'APPLE_ISSUER']

let seq = 0
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${seq++}`

const login = (token: string | undefined, body: unknown) => {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`)
  return handleRestRequest(
    new Request('http://localhost/api/Auth/LoginOrRegisterWithExternal', { method: 'POST', headers, body: JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
}

const googleToken = (claims: Record<string, unknown>, opts: { aud?: string; iss?: string; expiresIn?: number } = {}) =>
  google.idToken({ claims, ...opts })

beforeAll(async () => {
  db = createTestDb()
  google = await startOidcProvider({ clientId: GOOGLE_CLIENT })
  apple = await startOidcProvider({ clientId: APPLE_CLIENT })
  stranger = await startOidcProvider({ clientId: GOOGLE_CLIENT })
  for (const k of ENV_KEYS) saved[k] = process.env[k]
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
    GOOGLE_CLIENT_SECRET: 'google-secret',
    OIDC_GOOGLE_ISSUER: google.issuer,
    APPLE_CLIENT_ID: APPLE_CLIENT,
    APPLE_CLIENT_SECRET: 'apple-secret',
    APPLE_ISSUER: apple.issuer,
  })
  resetEnvCache()
  resetProviderCache()
})

afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k]
    else process.env[k] = saved[k]
  }
  resetEnvCache()
  resetProviderCache()
  await Promise.all([google.stop(), apple.stop(), stranger.stop()])
  await db.close()
})

describe('configuration', () => {
  it('lists a provider only when its client id is set', () => {
    expect(configuredProviders()).toEqual(['google', 'apple'])
    process.env.APPLE_CLIENT_ID = '  '
    resetEnvCache()
    try {
      expect(configuredProviders()).toEqual(['google'])
    } finally {
      process.env.APPLE_CLIENT_ID = APPLE_CLIENT
      resetEnvCache()
    }
  })
})

describe('POST /api/Auth/LoginOrRegisterWithExternal with Google', () => {
  const sub = unique('google-sub')
  const email = `${unique('Nora.Driver')}@Example.com`
  let userId: number

  it('creates the account for a new verified email with roles, and answers the token response', async () => {
    const token = await googleToken({ sub, email, email_verified: true, given_name: 'Nora', family_name: 'Driver' })
    const res = await login(token, { providerId: 'google', roles: ['Driver', 'mechanic'] })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { userId: number; accessToken: string; refreshToken: string; userInCompanyWithRole: unknown[] }
    expect(body).toMatchObject({ userId: expect.any(Number), accessToken: expect.any(String), refreshToken: expect.any(String) })
    expect(body.userInCompanyWithRole).toEqual([])
    userId = body.userId

    const [user] = await db.read.select().from(users).where(eq(users.id, userId))
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      passwordHash: null,
      firstName: 'Nora',
      lastName: 'Driver',
      twoFactorType: 1,
      deletedAt: null,
    })
    expect(user!.personalIdentifier).toMatch(/^USR-[2-9A-Z]{6}$/)
    expect(user!.firstLoginCompletedAt).toBeInstanceOf(Date)
    const links = await db.read.select().from(externalIdentities).where(eq(externalIdentities.userId, userId))
    expect(links).toMatchObject([{ provider: 'google', subject: sub, email: email.toLowerCase() }])
    const mail = await db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.textBody).toContain('Google')
  })

  it('signs the same identity in again (roles no longer needed), with a fresh session', async () => {
    const token = await googleToken({ sub, email, email_verified: true })
    const res = await login(token, { providerId: 'Google' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { userId: number }).userId).toBe(userId)
    const count = await db.read.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()))
    expect(count).toHaveLength(1)
  })

  it('finds the identity by subject, not by email (the email at Google may change)', async () => {
    const token = await googleToken({ sub, email: `${unique('renamed')}@example.com`, email_verified: true })
    const res = await login(token, { providerId: 'google' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { userId: number }).userId).toBe(userId)
  })

  it('answers 401 "Invalid login" for a wrong audience, a wrong issuer, an expired or a tampered token', async () => {
    const claims = { sub, email, email_verified: true }
    const valid = await googleToken(claims)
    const [h, p, s] = valid.split('.') as [string, string, string]
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')
    const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11)
    const bad = {
      'wrong audience': await googleToken(claims, { aud: 'another-client' }),
      'wrong issuer': await googleToken(claims, { iss: 'https://accounts.evil.example' }),
      expired: await googleToken(claims, { expiresIn: -600 }),
      'payload changed after signing': `${h}.${forged}.${s}`,
      'signature changed': `${h}.${p}.${flipped}`,
      'signed by another provider': await stranger.idToken({ claims }),
      'not a JWT': 'not-a-jwt',
    }
    for (const [why, token] of Object.entries(bad)) {
      const res = await login(token, { providerId: 'google' })
      expect(res.status, why).toBe(401)
      expect(await res.json(), why).toEqual({ message: 'Invalid login' })
    }
    const missing = await login(undefined, { providerId: 'google' })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'Invalid login' })
  })

  it('accepts a token presented within the clock tolerance, refuses one far in the past', async () => {
    const token = await googleToken({ sub, email, email_verified: true }, { expiresIn: 10 })
    await expect(verifyProviderIdToken('google', token, { now: new Date(Date.now() + 40_000) })).resolves.toMatchObject({ subject: sub })
    await expect(verifyProviderIdToken('google', token, { now: new Date(Date.now() + 5 * 60_000) })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid login',
    })
  })

  it('answers 400 asking for roles for an unknown account without roles, and creates nothing', async () => {
    const newEmail = `${unique('no-roles')}@example.com`
    const token = await googleToken({ sub: unique('sub'), email: newEmail, email_verified: true })
    for (const body of [{ providerId: 'google' }, { providerId: 'google', roles: [] }]) {
      const res = await login(token, body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message: 'Choose at least one role (Driver or Mechanic)' })
    }
    expect(await db.read.select().from(users).where(eq(users.email, newEmail))).toEqual([])
  })

  it('refuses roles other than Driver and Mechanic with 400', async () => {
    const token = await googleToken({ sub: unique('sub'), email: `${unique('boss')}@example.com`, email_verified: true })
    for (const roles of [['busOwner'], ['Driver', 'operator'], 'repairShop', ['Pilot']]) {
      const res = await login(token, { providerId: 'google', roles })
      expect(res.status, JSON.stringify(roles)).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(EXTERNAL_TEXT.onlyStaffRoles)
    }
  })

  it('answers 400 for an unknown or unconfigured provider', async () => {
    const token = await googleToken({ sub, email, email_verified: true })
    const res = await login(token, { providerId: 'facebook' })
    expect(res.status).toBe(400)
    const none = await login(token, {})
    expect(none.status).toBe(400)
  })

  it('never creates an account for an email the provider has not verified', async () => {
    const newEmail = `${unique('unverified')}@example.com`
    const token = await googleToken({ sub: unique('sub'), email: newEmail, email_verified: false })
    const res = await login(token, { providerId: 'google', roles: ['Driver'] })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(EXTERNAL_TEXT.noVerifiedEmail('Google'))
    expect(await db.read.select().from(users).where(eq(users.email, newEmail))).toEqual([])
  })

  it('binds PascalCase keys and a single role string, and files join requests for a company code', async () => {
    const company = await createCompany(db, unique('Depot Transit'), ['Operator'])
    const token = await googleToken({ sub: unique('sub'), email: `${unique('joiner')}@example.com`, email_verified: true, name: 'Jo Iner' })
    const res = await login(token, { ProviderId: 'GOOGLE', Roles: 'Driver', CompanyCode: company.code.toLowerCase() })
    expect(res.status).toBe(200)
    const { userId: id } = (await res.json()) as { userId: number }
    const [u] = await db.read.select().from(users).where(eq(users.id, id))
    expect(u).toMatchObject({ firstName: 'Jo', lastName: 'Iner' })
    const requests = await db.read.select().from(joinRequests).where(eq(joinRequests.userId, id))
    expect(requests).toMatchObject([{ companyId: company.id, roleId: ROLE_IDS.Driver, status: 'Pending' }])
  })

  it('refuses an unknown company code with 400 and creates no account', async () => {
    const newEmail = `${unique('badcode')}@example.com`
    const token = await googleToken({ sub: unique('sub'), email: newEmail, email_verified: true })
    const res = await login(token, { providerId: 'google', roles: ['Mechanic'], companyCode: 'OPR-ZZZZZZ' })
    expect(res.status).toBe(400)
    expect(await db.read.select().from(users).where(eq(users.email, newEmail))).toEqual([])
  })
})

describe('an existing password account with the same email', () => {
  it('is never taken over: 409 with a way forward, and the account stays unchanged', async () => {
    const email = `${unique('owner')}@example.com`
    const existing = await createUser(db, { email, firstName: 'Olga', lastName: 'Owner', passwordHash: 'argon2id-hash-placeholder' })
    const before = (await db.read.select().from(users).where(eq(users.id, existing.id)))[0]
    const sub = unique('attacker-sub')
    const token = await googleToken({ sub, email: email.toUpperCase(), email_verified: true, given_name: 'Mallory' })

    for (const body of [{ providerId: 'google', roles: ['Driver'] }, { providerId: 'google' }]) {
      const res = await login(token, body)
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ message: EXTERNAL_TEXT.emailTaken('Google') })
    }
    const after = (await db.read.select().from(users).where(eq(users.id, existing.id)))[0]
    expect(after).toEqual(before)
    expect(await db.read.select().from(externalIdentities).where(eq(externalIdentities.subject, sub))).toEqual([])
  })

  it('can link Google explicitly while signed in; then Google signs in to that account', async () => {
    const email = `${unique('linker')}@example.com`
    const existing = await createUser(db, { email, passwordHash: 'argon2id-hash-placeholder' })
    const actor = await actorFor(db, existing.id)
    const sub = unique('linker-sub')
    // The Google account may use another address: the user proved both while signed in.
    const token = await googleToken({ sub, email: `${unique('other')}@gmail.example`, email_verified: true })
    const linked = await linkExternalIdentity({ db, actor }, 'google', { idToken: token })
    expect(linked.message).toBe(EXTERNAL_TEXT.linked('Google'))
    // Linking the same identity again is a no-op.
    await linkExternalIdentity({ db, actor }, 'google', { idToken: token })
    expect(await listExternalIdentities({ db, actor })).toMatchObject([{ provider: 'google', label: 'Google' }])

    const res = await login(token, { providerId: 'google' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { userId: number }).userId).toBe(existing.id)

    // Another account cannot link the same Google identity, nor a second Google identity here.
    const other = await createUser(db, { passwordHash: 'argon2id-hash-placeholder' })
    await expect(linkExternalIdentity({ db, actor: await actorFor(db, other.id) }, 'google', { idToken: token })).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    const second = await googleToken({ sub: unique('second-sub'), email, email_verified: true })
    await expect(linkExternalIdentity({ db, actor }, 'google', { idToken: second })).rejects.toMatchObject({ code: 'CONFLICT' })

    await expect(unlinkExternalIdentity({ db, actor }, 'google')).resolves.toEqual({ message: EXTERNAL_TEXT.unlinked('Google') })
    expect(await listExternalIdentities({ db, actor })).toEqual([])
    const again = await login(token, { providerId: 'google' })
    expect(again.status).toBe(400) // unknown identity, no roles; the email differs from the account's
  })

  it('linking needs a signed-in user and a valid token', async () => {
    const token = await googleToken({ sub: unique('sub'), email: `${unique('x')}@example.com`, email_verified: true })
    await expect(linkExternalIdentity({ db, actor: { kind: 'anonymous' } }, 'google', { idToken: token })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    const user = await createUser(db, { passwordHash: 'argon2id-hash-placeholder' })
    await expect(
      linkExternalIdentity({ db, actor: await actorFor(db, user.id) }, 'google', { idToken: await googleToken({ sub: 'x' }, { aud: 'nope' }) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid login' })
  })

  it('refuses to unlink the only way into an account without a password', async () => {
    const token = await googleToken({ sub: unique('only'), email: `${unique('only')}@example.com`, email_verified: true })
    const res = await login(token, { providerId: 'google', roles: ['Mechanic'] })
    const { userId } = (await res.json()) as { userId: number }
    const actor = await actorFor(db, userId)
    await expect(unlinkExternalIdentity({ db, actor }, 'google')).rejects.toMatchObject({ code: 'CONFLICT' })
    const still = await db.read
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, 'google')))
    expect(still).toHaveLength(1)
  })
})

describe('Apple', () => {
  it('works the same with its own issuer and client id (email_verified as a string)', async () => {
    const sub = unique('001234.apple')
    const email = `${unique('relay')}@privaterelay.appleid.example`
    const token = await apple.idToken({ claims: { sub, email, email_verified: 'true', is_private_email: 'true' } })
    const created = await login(token, { providerId: 'apple', roles: ['Mechanic'] })
    expect(created.status).toBe(200)
    const { userId } = (await created.json()) as { userId: number }
    expect(await db.read.select().from(externalIdentities).where(eq(externalIdentities.userId, userId))).toMatchObject([
      { provider: 'apple', subject: sub },
    ])
    const again = await login(await apple.idToken({ claims: { sub } }), { providerId: 'apple' })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { userId: number }).userId).toBe(userId)
  })

  it('does not accept a Google token as Apple, nor an Apple token as Google', async () => {
    const sub = unique('cross')
    const googleTok = await googleToken({ sub, email: `${sub}@example.com`, email_verified: true })
    const appleTok = await apple.idToken({ claims: { sub, email: `${sub}@example.com`, email_verified: 'true' } })
    expect((await login(googleTok, { providerId: 'apple', roles: ['Driver'] })).status).toBe(401)
    expect((await login(appleTok, { providerId: 'google', roles: ['Driver'] })).status).toBe(401)
  })
})

describe('the use case', () => {
  it('tells the web door to ask for roles, with the verified claims', async () => {
    const sub = unique('web-sub')
    const token = await googleToken({ sub, email: `${unique('Web')}@Example.com`, email_verified: true, given_name: 'Wendy' })
    const result = await loginOrRegisterWithExternal({ db, actor: { kind: 'anonymous' } }, { provider: 'google', idToken: token })
    expect(result).toMatchObject({ status: 'needsRoles', claims: { provider: 'google', subject: sub, emailVerified: true, givenName: 'Wendy' } })
    if (result.status !== 'needsRoles') throw new Error('unreachable')
    expect(result.claims.email).toBe(result.claims.email?.toLowerCase())

    const done = await loginOrRegisterWithExternal(
      { db, actor: { kind: 'anonymous' } },
      { provider: 'google', claims: result.claims, roles: ['Driver'] },
    )
    expect(done).toMatchObject({ status: 'created', created: true })
    // A second tab finishing with the same claims signs in to the same account.
    const twice = await loginOrRegisterWithExternal(
      { db, actor: { kind: 'anonymous' } },
      { provider: 'google', claims: result.claims, roles: ['Driver'] },
    )
    expect(twice).toMatchObject({ status: 'signedIn', created: false, userId: done.status === 'created' ? done.userId : -1 })
  })

  it('refuses claims of one provider presented for another', async () => {
    const claims = { provider: 'apple' as const, subject: 'x', email: 'x@example.com', emailVerified: true }
    await expect(loginOrRegisterWithExternal({ db, actor: { kind: 'anonymous' } }, { provider: 'google', claims })).rejects.toBeInstanceOf(AppError)
  })
})
