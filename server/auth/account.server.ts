import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, memberships, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { hasOtherActiveHolder } from '../companies/membership-rules.server.ts'
import { MANAGER_ROLE_NAMES, ROLE_IDS } from '#catalog/roles.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { requireUser } from '../access/policy.ts'
import { eraseAccountData } from './account-erasure.server.ts'
import { revokeAllSessions } from './api-session.server.ts'
import { revokeCalendarFeedsOf } from '../access/calendar-feed-revocation.server.ts'
import { endDriverEmployment } from '../access/driver-employment.server.ts'
import { requireRecentSignIn, type ReauthInput } from './reauth.server.ts'
import { newTotpSecret } from './totp.server.ts'
import { msg } from '#catalog/i18n.ts'

const MANAGER_ROLE_IDS = MANAGER_ROLE_NAMES.map((r) => ROLE_IDS[r])

/**
 * Companies where `userId` is the only active holder of a manager role they
 * hold: the company would be left without that manager (PRODUCT.md section 2).
 */
export async function companiesLeftWithoutManager(tx: Tx, userId: number): Promise<string[]> {
  const held = await tx
    .select({ companyId: memberships.companyId, roleId: memberships.roleId, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true), inArray(memberships.roleId, MANAGER_ROLE_IDS)))
  const alone: string[] = []
  for (const h of held) {
    if (!(await hasOtherActiveHolder(tx, h.companyId, h.roleId, userId))) alone.push(h.name)
  }
  return [...new Set(alone)]
}

/**
 * DELETE /api/Auth/deleteAccount and the profile's delete card. In one
 * transaction: sessions end (audited) and every trace of the person goes —
 * sign-in state, profile data and photo, links, the mail to their address, the
 * counters keyed by it, their email and addresses in the audit log — and the
 * email is freed (`eraseAccountData`, decision 008 lists what is kept and
 * why); the records the user signed keep the name as signed. Refused (409)
 * while the user is the last active manager of a company.
 */
export async function deleteAccount(ctx: UseCaseContext, proof?: ReauthInput): Promise<{ message: string }> {
  requireUser(ctx.actor)
  const me = await requireRecentSignIn(ctx, proof)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const alone = await companiesLeftWithoutManager(tx, me.userId)
    if (alone.length) throw new AppError('CONFLICT', `${TEXT.lastManager} (${alone.join(', ')})`, { localized: (t) => `${t(TEXT.lastManager)} (${alone.join(', ')})` })
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, me.userId))
    await revokeAllSessions(tx, me.userId, now, 'account deleted')
    await revokeCalendarFeedsOf(tx, me.userId, now)
    // The driver leaves every operator: each file outlives the account until its retention ends (decision 086).
    await endDriverEmployment(tx, me.userId, null, now)
    await eraseAccountData(tx, me.userId, row?.email ?? null, now)
    await tx
      .update(users)
      .set({
        email: null,
        passwordHash: null,
        totpSecret: null,
        totpLastUsedStep: null,
        dateOfBirth: null,
        phoneNumber: null,
        comesFromState: null,
        gender: 3,
        failedLoginCount: 0,
        lockedUntil: null,
        alertDigest: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, me.userId))
    await audit(tx, me, { action: 'user.delete', entityType: 'user', entityId: me.userId })
  })
  return { message: TEXT.accountDeleted }
}

/**
 * GET /api/Profile/reset-otp: a new authenticator secret replaces the old one
 * at once, and the next login shows the QR again. Email accounts: 400.
 */
export async function resetAuthenticator(ctx: UseCaseContext, proof?: ReauthInput): Promise<{ userEmail: string; secretKey: string }> {
  const me = requireUser(ctx.actor)
  const [current] = await ctx.db.read.select({ twoFactorType: users.twoFactorType }).from(users).where(eq(users.id, me.userId))
  // An Email account has nothing to reset: say so before asking for a password.
  if (current?.twoFactorType !== TWO_FACTOR_TYPE.Authenticator) throw new AppError('BAD_REQUEST', msg('Your account uses email codes, not an authenticator app'))
  await requireRecentSignIn(ctx, proof)
  const now = ctx.now ?? new Date()
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, me.userId))
    if (!u || u.twoFactorType !== TWO_FACTOR_TYPE.Authenticator) {
      throw new AppError('BAD_REQUEST', msg('Your account uses email codes, not an authenticator app'))
    }
    const secretKey = newTotpSecret()
    await tx
      .update(users)
      .set({ totpSecret: secretKey, totpLastUsedStep: null, firstLoginCompletedAt: null, updatedAt: now })
      .where(eq(users.id, me.userId))
    await audit(tx, me, { action: 'user.resetAuthenticator', entityType: 'user', entityId: me.userId })
    return { userEmail: u.email ?? '', secretKey }
  })
}
