import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { preparedRead, type Database } from '#db/client.ts'
import { apiSessions } from '#db/schema/index.ts'
import type { Actor, Membership } from '../context/actor.ts'
import { env } from '../env.server.ts'
import { loadUserActor } from './actor.server.ts'

export const ACCESS_TOKEN_SECONDS = 15 * 60

/** The HMAC key, imported once per secret (jose would import raw bytes again on every call). */
let signingKey: { secret: string; key: Promise<CryptoKey> } | undefined
function key(): Promise<CryptoKey> {
  const secret = env().JWT_SECRET
  if (signingKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    signingKey = { secret, key }
    verified.clear()
  }
  return signingKey.key
}

/**
 * Tokens whose signature verified, with their claims (decision 051): the signature of a token
 * under one secret never changes, so it is checked once. Everything that can change is still
 * checked on every request: the expiry (below, as jose does) and the session (revocation, read
 * from the database). Bounded: the oldest entry leaves when it is full; a new secret empties it.
 */
const verified = new Map<string, JWTPayload>()
const VERIFIED_MAX = 2000

async function verifiedClaims(token: string, now: Date): Promise<JWTPayload> {
  const k = await key()
  const known = verified.get(token)
  if (known) {
    // jose's rule (no clock tolerance): expired once `exp` <= now in whole seconds.
    if (typeof known.exp === 'number' && known.exp > Math.floor(now.getTime() / 1000)) return known
    verified.delete(token)
  }
  const { payload } = await jwtVerify(token, k, { algorithms: ['HS256'], currentDate: now })
  // Only what the fast path above checks in full: an expiry and no "not before".
  if (typeof payload.exp === 'number' && payload.nbf === undefined) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!)
    verified.set(token, payload)
  }
  return payload
}

/** The role claim of API.md: a string for one role, an array for several. */
export function roleClaim(memberships: Membership[]): string | string[] {
  const names = [...new Set(memberships.flatMap((m) => m.roles.map((r) => r.name)))]
  return names.length === 1 ? names[0]! : names
}

export async function issueAccessToken(input: {
  userId: number
  sessionId: string
  memberships: Membership[]
  now?: Date
  /** Set only right after a full sign-in (password and second factor): the `auth_time` claim. */
  authTime?: Date
}): Promise<string> {
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000)
  const authTime = input.authTime ? { auth_time: Math.floor(input.authTime.getTime() / 1000) } : {}
  return new SignJWT({ sid: input.sessionId, role: roleClaim(input.memberships), ...authTime })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(input.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(await key())
}

/**
 * The actor behind a bearer token. The token must verify and its session
 * (refresh family) must still be open: logout or a password reset ends access
 * at once, not after the token's 15 minutes. Roles are read from the database.
 */
export async function actorFromAccessToken(db: Database, token: string, now = new Date()): Promise<Actor | null> {
  let sub: string | undefined
  let sid: unknown
  let authTime: unknown
  try {
    const payload = await verifiedClaims(token, now)
    sub = payload.sub
    sid = payload.sid
    authTime = payload.auth_time
  } catch {
    return null
  }
  const userId = Number(sub)
  if (!Number.isInteger(userId) || typeof sid !== 'string') return null
  const session = await openApiSession(db).get({ sid, userId, now: now.getTime() })
  if (!session) return null
  const actor = await loadUserActor(db, userId, sid, 'api')
  if (actor?.kind === 'user' && typeof authTime === 'number' && Number.isFinite(authTime)) actor.authTime = new Date(authTime * 1000)
  return actor
}

/** The token's session, still open (read on every REST call: prepared once, decision 051). */
const openApiSession = (db: Database) =>
  preparedRead(db, 'auth.apiSession', (read) =>
    read
      .select({ id: apiSessions.id })
      .from(apiSessions)
      .where(
        and(
          eq(apiSessions.id, sql.placeholder('sid')),
          eq(apiSessions.userId, sql.placeholder('userId')),
          isNull(apiSessions.revokedAt),
          // Unix milliseconds: a placeholder is bound as is, not through the column's mapping.
          gt(apiSessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(),
  )
