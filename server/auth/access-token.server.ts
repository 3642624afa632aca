import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { preparedRead, type Database } from '#db/client.ts'
import { apiSessions } from '#db/schema/index.ts'
import type { Actor, Membership } from '../actor.ts'
import { env } from '../env.server.ts'
import { loadUserActor } from './actor.server.ts'

export const ACCESS_TOKEN_SECONDS = 15 * 60

function key() {
  return new TextEncoder().encode(env().JWT_SECRET)
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
    .sign(key())
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
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: now })
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
