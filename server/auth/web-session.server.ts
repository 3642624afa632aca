import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { preparedRead, type Database } from '#db/client.ts'
import { webSessions } from '#db/schema/index.ts'
import type { Actor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { loadUserActor } from './actor.server.ts'
import { hashToken, randomToken } from './tokens.server.ts'

export const WEB_SESSION_DAYS = 30
const DAY = 24 * 60 * 60 * 1000

/** Starts a browser session; returns the token for the httpOnly cookie. */
export async function createWebSession(
  db: Database,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken()
  const now = meta.now ?? new Date()
  const expiresAt = new Date(now.getTime() + WEB_SESSION_DAYS * DAY)
  await db.transaction(async (tx) => {
    await tx.insert(webSessions).values({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
  })
  return { token, expiresAt }
}

/** The actor behind a session cookie, or anonymous when it is unknown, expired or revoked. */
export async function actorFromWebSession(db: Database, token: string | undefined, now = new Date()): Promise<Actor> {
  if (!token) return { kind: 'anonymous' }
  const id = hashToken(token)
  const session = await openWebSession(db).get({ id, now: now.getTime() })
  if (!session) return { kind: 'anonymous' }
  return (await loadUserActor(db, session.userId, id, 'web')) ?? { kind: 'anonymous' }
}

/** The cookie's session, still open (read on every page request: prepared once, decision 051). */
const openWebSession = (db: Database) =>
  preparedRead(db, 'auth.webSession', (read) =>
    read
      .select({ userId: webSessions.userId })
      .from(webSessions)
      // Unix milliseconds: a placeholder is bound as is, not through the column's mapping.
      .where(and(eq(webSessions.id, sql.placeholder('id')), isNull(webSessions.revokedAt), gt(webSessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare(),
  )

/** Ends a browser session at once (logout), and says so in the audit log. */
export async function revokeWebSession(db: Database, token: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(webSessions)
      .set({ revokedAt: now })
      .where(and(eq(webSessions.id, hashToken(token)), isNull(webSessions.revokedAt)))
      .returning({ userId: webSessions.userId })
    if (ended) await audit(tx, { kind: 'anonymous' }, { action: 'auth.signOut', entityType: 'user', entityId: ended.userId })
  })
}
