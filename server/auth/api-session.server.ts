import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { rowsAffected, type Database, type Tx } from '#db/client.ts'
import { apiSessions, refreshTokens, webSessions } from '#db/schema/index.ts'
import { z } from 'zod'
import { audit } from '../activity/audit.server.ts'
import { AppError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { listMyCompanies, type UserCompanyMembership } from '../companies/list-my-companies.ts'
import { issueAccessToken } from './access-token.server.ts'
import { loadUserActor } from './actor.server.ts'
import { hashToken, randomToken } from './tokens.server.ts'
import { msg } from '#catalog/i18n.ts'

export const REFRESH_TOKEN_DAYS = 30
const DAY = 86_400_000

/** The spec's token response. */
export interface TokenResponse {
  userId: number
  accessToken: string
  refreshToken: string
  userInCompanyWithRole: UserCompanyMembership[]
}

async function tokensFor(db: Database, userId: number, sessionId: string, refreshToken: string, now: Date, authTime?: Date) {
  const actor = await loadUserActor(db, userId, sessionId, 'api')
  if (!actor || actor.kind !== 'user') throw new AppError('UNAUTHORIZED', msg('Invalid login'))
  return {
    userId,
    accessToken: await issueAccessToken({ userId, sessionId, memberships: actor.memberships, now, authTime }),
    refreshToken,
    userInCompanyWithRole: await listMyCompanies({ db, actor }),
  }
}

async function insertRefreshToken(tx: Tx, sessionId: string, now: Date): Promise<string> {
  const token = randomToken()
  await tx.insert(refreshTokens).values({
    tokenHash: hashToken(token),
    sessionId,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY),
  })
  return token
}

/**
 * Starts a REST session (a refresh-token family) after a completed login.
 * `fullSignIn`: the login was password and second factor (POST /api/Auth/completeLogin), so
 * the first access token carries `auth_time` and may delete the account or reset the
 * authenticator for 10 minutes; refreshed tokens never carry it (decision 021).
 */
export async function startApiSession(db: Database, userId: number, now = new Date(), opts: { fullSignIn?: boolean } = {}): Promise<TokenResponse> {
  const sessionId = randomUUID()
  const refreshToken = await db.transaction(async (tx) => {
    await tx.insert(apiSessions).values({
      id: sessionId,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY),
    })
    return insertRefreshToken(tx, sessionId, now)
  })
  return tokensFor(db, userId, sessionId, refreshToken, now, opts.fullSignIn ? now : undefined)
}

/**
 * POST /api/auth/refreshToken: a refresh token is single use. A valid one is
 * rotated; presenting one that was already used means it leaked, so the whole
 * family (session) is revoked at once.
 */
export const refreshInput = z.object({
  userId: z.coerce.number({ message: msg('userId is required') }).int(),
  refreshToken: z.string({ message: msg('refreshToken is required') }).min(1, msg('refreshToken is required')).max(200),
})

export async function refreshApiSession(db: Database, raw: z.input<typeof refreshInput>, now = new Date()): Promise<TokenResponse> {
  const input = parseInput(refreshInput, raw)
  const invalid = () => new AppError('UNAUTHORIZED', msg('Invalid or expired refresh token'))
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        userId: apiSessions.userId,
        revokedAt: apiSessions.revokedAt,
        sessionExpiresAt: apiSessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(apiSessions, eq(apiSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(input.refreshToken)))
    if (!row || row.userId !== input.userId) return { error: invalid() }
    if (row.usedAt) {
      await tx
        .update(apiSessions)
        .set({ revokedAt: now, revokedReason: 'refresh token reuse' })
        .where(and(eq(apiSessions.id, row.sessionId), isNull(apiSessions.revokedAt)))
      await audit(tx, { kind: 'anonymous' }, { action: 'auth.sessionsRevoked', entityType: 'user', entityId: row.userId, details: { reason: 'refresh token reuse' } })
      return { error: invalid() }
    }
    if (row.revokedAt || row.expiresAt <= now || row.sessionExpiresAt <= now) return { error: invalid() }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, hashToken(input.refreshToken)))
    return { sessionId: row.sessionId, token: await insertRefreshToken(tx, row.sessionId, now) }
  })
  // The revocation must commit, so the error is thrown after the transaction.
  if ('error' in result) throw result.error
  return tokensFor(db, input.userId, result.sessionId, result.token, now)
}

/** Ends every session of a user at once (password reset, account deletion). */
export async function revokeAllSessions(tx: Tx, userId: number, now: Date, reason: string) {
  const web = await tx.update(webSessions).set({ revokedAt: now }).where(and(eq(webSessions.userId, userId), isNull(webSessions.revokedAt)))
  const api = await tx
    .update(apiSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiSessions.userId, userId), isNull(apiSessions.revokedAt)))
  await audit(tx, { kind: 'anonymous' }, { action: 'auth.sessionsRevoked', entityType: 'user', entityId: userId, details: { reason, web: rowsAffected(web), api: rowsAffected(api) } })
}
