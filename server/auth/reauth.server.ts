import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { rowsAffected } from '#db/client.ts'
import { loginChallenges, users } from '#db/schema/index.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { HARDENING_TEXT, TEXT } from '#catalog/texts.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, fieldsRefused } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { consumeMailCap } from '../mail/caps.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { confirmCodeMail, mailLocale } from '../mail/templates.ts'
import { requireUser } from '../access/policy.ts'
import { atMostCharacters, parseInput } from '../validation.ts'
import { assertNotLocked, recordFailure } from './lockout.server.ts'
import { verifyPassword } from './password.server.ts'
import { claimTotpStep, verifyTotp } from './totp.server.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * Re-authentication before what cannot be undone (decision 021): deleting the
 * account and resetting the authenticator.
 * - Pages (web sessions): the password and a current second-factor code, sent
 *   with the request itself (Email accounts first ask for a code).
 * - REST (legacy shapes, no new fields): an access token whose `auth_time`
 *   (set only by a full sign-in, never by a refresh) is under 10 minutes old.
 */
export const REAUTH_MINUTES = 10
const MINUTE = 60_000
const MAX_CODE_ATTEMPTS = 5

export const reauthInput = z.object({
  password: z.string().max(1024, atMostCharacters(1024)).nullish(),
  code: z.coerce.string().trim().max(12, atMostCharacters(12)).nullish(),
})
export type ReauthInput = z.input<typeof reauthInput>

const hashCode = (challengeId: string, code: string) => createHash('sha256').update(`${challengeId}:${code}`).digest('hex')

async function loadCredentials(ctx: UseCaseContext, userId: number) {
  const [u] = await ctx.db.read
    .select({
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      passwordHash: users.passwordHash,
      twoFactorType: users.twoFactorType,
      totpSecret: users.totpSecret,
      totpLastUsedStep: users.totpLastUsedStep,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1)
  if (!u || !u.email) throw new AppError('UNAUTHORIZED', msg('Authentication required'))
  return { ...u, email: u.email }
}

/** The profile's "Send me a code" (Email accounts): a 6-digit code for 10 minutes. */
export async function sendReauthCode(ctx: UseCaseContext): Promise<{ message: string }> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const u = await loadCredentials(ctx, me.userId)
  if (u.twoFactorType !== TWO_FACTOR_TYPE.Email) throw new AppError('BAD_REQUEST', TEXT.notEmail2fa)
  await consumeMailCap('confirmCode', u.email, ctx.db)
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(loginChallenges)
      .set({ consumedAt: now })
      .where(and(eq(loginChallenges.userId, me.userId), eq(loginChallenges.purpose, 'reauth'), isNull(loginChallenges.consumedAt)))
    const id = crypto.randomUUID()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await tx.insert(loginChallenges).values({
      id,
      userId: me.userId,
      purpose: 'reauth',
      createdAt: now,
      expiresAt: new Date(now.getTime() + REAUTH_MINUTES * MINUTE),
      passwordVerifiedAt: null,
      emailCodeHash: hashCode(id, code),
      ip: ctx.ip ?? null,
    })
    await enqueueMail(tx, { to: u.email, ...confirmCodeMail({ firstName: u.firstName, code, locale: mailLocale(u.locale) }) })
  })
  kickMailWorker()
  return { message: HARDENING_TEXT.reauthCodeSent }
}

/**
 * Refuses (403 over REST, a field error in pages) unless the caller has just
 * proven who they are. Failed passwords and codes count toward the account's
 * lock, like the login's; every failure is audited (without what was typed).
 */
export async function requireRecentSignIn(ctx: UseCaseContext, raw: ReauthInput | undefined): Promise<UserActor> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  if (me.via === 'api') {
    const fresh = me.authTime && now.getTime() - me.authTime.getTime() <= REAUTH_MINUTES * MINUTE && me.authTime.getTime() <= now.getTime() + MINUTE
    if (!fresh) throw new AppError('FORBIDDEN', HARDENING_TEXT.signInAgain)
    return me
  }

  const input = parseInput(reauthInput, raw ?? {})
  await consumeRateLimit('code', ctx.ip ?? 'unknown', ctx.db)
  const u = await loadCredentials(ctx, me.userId)
  await assertNotLocked(u.email, ctx.db)
  if (!u.passwordHash) throw new AppError('FORBIDDEN', HARDENING_TEXT.reauthNoPassword)
  const password = input.password ?? ''
  const code = input.code ?? ''
  const missing: Record<string, string> = {}
  if (!password) missing.password = HARDENING_TEXT.reauthPasswordRequired
  if (!code) missing.code = HARDENING_TEXT.reauthCodeRequired
  if (Object.keys(missing).length) throw fieldsRefused(missing, '. ')

  const fail = async (field: 'password' | 'code', message: string) => {
    await recordFailure(u.email, ctx.db)
    await ctx.db.transaction((tx) => audit(tx, me, { action: field === 'password' ? 'auth.reauth.passwordFailed' : 'auth.reauth.codeFailed', entityType: 'user', entityId: me.userId }))
    return new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: message } })
  }
  if (!(await verifyPassword(u.passwordHash, password))) throw await fail('password', HARDENING_TEXT.reauthWrongPassword)

  const ok = await ctx.db.transaction(async (tx) => {
    if (u.twoFactorType === TWO_FACTOR_TYPE.Authenticator) {
      const step = u.totpSecret ? verifyTotp(u.totpSecret, code, now.getTime()) : null
      if (step === null) return false
      // Accepted once, shared with the login: a code already used (here or to sign in) is refused.
      return claimTotpStep(tx, me.userId, step)
    }
    const [challenge] = await tx
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.userId, me.userId),
          eq(loginChallenges.purpose, 'reauth'),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .orderBy(desc(loginChallenges.createdAt))
      .limit(1)
    if (!challenge || challenge.attempts >= MAX_CODE_ATTEMPTS) return false
    if (challenge.emailCodeHash !== hashCode(challenge.id, code)) {
      const attempts = challenge.attempts + 1
      await tx
        .update(loginChallenges)
        .set({ attempts, consumedAt: attempts >= MAX_CODE_ATTEMPTS ? now : null })
        .where(eq(loginChallenges.id, challenge.id))
      return false
    }
    const consumed = await tx
      .update(loginChallenges)
      .set({ consumedAt: now })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.consumedAt)))
    return rowsAffected(consumed) === 1
  })
  if (!ok) throw await fail('code', TEXT.wrongCode)
  return me
}
