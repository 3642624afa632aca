import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { rowsAffected } from '#db/client.ts'
import { loginChallenges, users, type User } from '#db/schema/index.ts'
import { TWO_FACTOR_TYPE, type TwoFactorType } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { consumeMailCap } from '../mail/caps.server.ts'
import { AppError } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { loginCodeMail, mailLocale } from '../mail/templates.ts'
import { parseInput } from '../validation.ts'
import { assertNotLocked, clearFailures, recordFailure } from './lockout.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { claimTotpStep, newTotpSecret, verifyTotp } from './totp.server.ts'
import { msg } from '#catalog/i18n.ts'

/** PRODUCT.md: codes and the password step are good for 10 minutes; 5 tries per code. */
export const LOGIN_STEP_MINUTES = 10
export const MAX_CODE_ATTEMPTS = 5
const MINUTE = 60_000

export const loginInput = z.object({
  username: z.string({ message: msg('Email is required') }).trim().min(1, msg('Email is required')).max(254),
  password: z.string({ message: msg('Password is required') }).min(1, msg('Password is required')).max(1024),
})

export const completeLoginInput = z.object({
  username: z.string({ message: msg('Email is required') }).trim().min(1, msg('Email is required')).max(254),
  code: z.coerce.string({ message: msg('Code is required') }).trim().min(1, msg('Code is required')).max(12),
  type: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { message: msg('type must be 0 or 1') })),
})

export const resendCodeInput = z.object({
  username: z.string({ message: msg('Email is required') }).trim().min(1, msg('Email is required')).max(254),
})

/** The spec's login response, plus the challenge handle the web flow keeps in a cookie. */
export interface LoginStep {
  twoFactorType: TwoFactorType
  isFirstLogin: boolean
  otpSecretKey: string | null
  challengeId: string
}

// Verifying against a fixed hash when the email is unknown keeps the timing of
// "no such account" and "wrong password" alike.
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-Operon'))

/**
 * SQL: a challenge still open at `now` — not used, and its password step under
 * 10 minutes old. `codeStillValid` also requires the current code not expired
 * (a resend may proceed with an expired code: it makes a new one).
 */
function openChallenge(now: Date, codeStillValid = true) {
  return and(
    eq(loginChallenges.purpose, 'login'),
    isNull(loginChallenges.consumedAt),
    gt(loginChallenges.passwordVerifiedAt, new Date(now.getTime() - LOGIN_STEP_MINUTES * MINUTE)),
    codeStillValid ? gt(loginChallenges.expiresAt, now) : undefined,
  )
}

/** Sign-in events for the audit log: never the password, the code or a token (decision 023). */
async function auditSignIn(ctx: UseCaseContext, action: string, userId: number | undefined, details: Record<string, unknown>) {
  await ctx.db.transaction((tx) => audit(tx, { kind: 'anonymous' }, { action, entityType: 'user', entityId: userId, details: { ...details, ip: ctx.ip ?? null } }))
}

const hashCode = (challengeId: string, code: string) => createHash('sha256').update(`${challengeId}:${code}`).digest('hex')
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

async function findUserByEmail(ctx: UseCaseContext, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.read
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1)
  return user
}

/**
 * The password step (POST /api/Auth/login, the login form). Opens a 10-minute
 * challenge for the second factor; Email accounts get their code by email.
 */
export async function startLogin(ctx: UseCaseContext, input: z.input<typeof loginInput>): Promise<LoginStep> {
  const { username, password } = parseInput(loginInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('login', ctx.ip ?? 'unknown', ctx.db)
  await assertNotLocked(username, ctx.db)
  const user = await findUserByEmail(ctx, username)
  const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), password)
  if (!user || !user.passwordHash || !ok) {
    await recordFailure(username, ctx.db)
    await auditSignIn(ctx, 'auth.signIn.passwordFailed', user?.id, { email: username.trim().toLowerCase().slice(0, 254) })
    throw new AppError('UNAUTHORIZED', TEXT.invalidCredentials)
  }

  const type = user.twoFactorType as TwoFactorType
  if (type === TWO_FACTOR_TYPE.Email) await consumeMailCap('signInCode', user.email!, ctx.db)
  const isFirstLogin = !user.firstLoginCompletedAt
  const step = await ctx.db.transaction(async (tx) => {
    let secret = user.totpSecret
    if (type === TWO_FACTOR_TYPE.Authenticator && !secret) {
      secret = newTotpSecret()
      await tx.update(users).set({ totpSecret: secret }).where(eq(users.id, user.id))
    }
    // Only the newest challenge counts: earlier ones end here.
    await tx
      .update(loginChallenges)
      .set({ consumedAt: now })
      .where(and(eq(loginChallenges.userId, user.id), eq(loginChallenges.purpose, 'login'), isNull(loginChallenges.consumedAt)))
    const challengeId = crypto.randomUUID()
    const code = type === TWO_FACTOR_TYPE.Email ? newCode() : null
    await tx.insert(loginChallenges).values({
      id: challengeId,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_STEP_MINUTES * MINUTE),
      passwordVerifiedAt: now,
      emailCodeHash: code ? hashCode(challengeId, code) : null,
      ip: ctx.ip ?? null,
    })
    if (code) await enqueueMail(tx, { to: user.email!, ...loginCodeMail({ firstName: user.firstName, code, locale: mailLocale(user.locale) }) })
    return {
      twoFactorType: type,
      isFirstLogin,
      otpSecretKey: isFirstLogin && type === TWO_FACTOR_TYPE.Authenticator ? secret : null,
      challengeId,
    }
  })
  if (step.twoFactorType === TWO_FACTOR_TYPE.Email) kickMailWorker()
  return step
}

/**
 * The second-factor step. Valid only within 10 minutes of a password step for
 * this user; an Authenticator code is accepted once; an emailed code has 5
 * tries. Returns the user id; the door then opens a web or REST session.
 */
export async function completeLogin(
  ctx: UseCaseContext,
  input: z.input<typeof completeLoginInput> & { challengeId?: string },
): Promise<{ userId: number }> {
  const { username, code, type } = parseInput(completeLoginInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('code', ctx.ip ?? 'unknown', ctx.db)
  await assertNotLocked(username, ctx.db)
  const wrong = () => new AppError('UNAUTHORIZED', TEXT.wrongCode)
  const user = await findUserByEmail(ctx, username)
  if (!user) {
    await recordFailure(username, ctx.db)
    await auditSignIn(ctx, 'auth.signIn.secondFactorFailed', undefined, { email: username.trim().toLowerCase().slice(0, 254) })
    throw wrong()
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.userId, user.id),
          openChallenge(now),
          input.challengeId ? eq(loginChallenges.id, input.challengeId) : undefined,
        ),
      )
      .orderBy(desc(loginChallenges.createdAt))
      .limit(1)
    if (!challenge || challenge.attempts >= MAX_CODE_ATTEMPTS) return { ok: false as const }

    let step: number | null = null
    let valid = false
    if (type !== user.twoFactorType) {
      valid = false
    } else if (type === TWO_FACTOR_TYPE.Authenticator) {
      step = user.totpSecret ? verifyTotp(user.totpSecret, code, now.getTime()) : null
      valid = step !== null && (user.totpLastUsedStep == null || step > user.totpLastUsedStep)
    } else {
      valid = !!challenge.emailCodeHash && challenge.emailCodeHash === hashCode(challenge.id, code)
    }

    if (!valid) {
      const attempts = challenge.attempts + 1
      await tx
        .update(loginChallenges)
        .set({ attempts, consumedAt: attempts >= MAX_CODE_ATTEMPTS ? now : null })
        .where(eq(loginChallenges.id, challenge.id))
      return { ok: false as const }
    }
    // Conditional writes: a double submit or a replayed TOTP code loses here.
    const consumed = await tx
      .update(loginChallenges)
      .set({ consumedAt: now })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.consumedAt)))
    if (rowsAffected(consumed) !== 1) return { ok: false as const }
    if (step !== null && !(await claimTotpStep(tx, user.id, step))) throw wrong()
    if (!user.firstLoginCompletedAt) {
      await tx.update(users).set({ firstLoginCompletedAt: now }).where(eq(users.id, user.id))
    }
    await audit(tx, { kind: 'anonymous' }, { action: 'auth.signIn', entityType: 'user', entityId: user.id, details: { method: type === TWO_FACTOR_TYPE.Authenticator ? 'Authenticator' : 'Email', ip: ctx.ip ?? null } })
    return { ok: true as const }
  })
  if (!outcome.ok) {
    await recordFailure(username, ctx.db)
    await auditSignIn(ctx, 'auth.signIn.secondFactorFailed', user.id, { method: type === TWO_FACTOR_TYPE.Authenticator ? 'Authenticator' : 'Email' })
    throw wrong()
  }
  await clearFailures(username, ctx.db)
  return { userId: user.id }
}

/**
 * POST /api/Auth/resendEmailCode: a new code replaces the old one (with fresh
 * tries) while the password step is still valid. The answer does not say
 * whether a login was in progress.
 */
export async function resendEmailCode(ctx: UseCaseContext, input: z.input<typeof resendCodeInput>): Promise<{ message: string }> {
  const { username } = parseInput(resendCodeInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('code', ctx.ip ?? 'unknown', ctx.db)
  // Per recipient, keyed by the address as typed whether or not an account uses it.
  await consumeMailCap('signInCode', username, ctx.db)
  const user = await findUserByEmail(ctx, username)
  if (user && user.twoFactorType !== TWO_FACTOR_TYPE.Email) throw new AppError('BAD_REQUEST', TEXT.notEmail2fa)
  if (!user) return { message: TEXT.codeSent }
  const sent = await ctx.db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(loginChallenges)
      .where(
        and(eq(loginChallenges.userId, user.id), openChallenge(now, false)),
      )
      .orderBy(desc(loginChallenges.createdAt))
      .limit(1)
    if (!challenge) return false
    const code = newCode()
    await tx
      .update(loginChallenges)
      .set({
        emailCodeHash: hashCode(challenge.id, code),
        attempts: 0,
        expiresAt: new Date(now.getTime() + LOGIN_STEP_MINUTES * MINUTE),
      })
      .where(eq(loginChallenges.id, challenge.id))
    await enqueueMail(tx, { to: user.email!, ...loginCodeMail({ firstName: user.firstName, code, locale: mailLocale(user.locale) }) })
    return true
  })
  if (sent) kickMailWorker()
  return { message: TEXT.codeSent }
}

/**
 * The web login's second step, rebuilt from the challenge the browser holds
 * (a reload or a page without JavaScript shows the same dialog). Null when
 * the challenge is gone, used or too old.
 */
export async function getPendingLoginStep(ctx: UseCaseContext, challengeId: string): Promise<(LoginStep & { username: string }) | null> {
  const now = ctx.now ?? new Date()
  const [row] = await ctx.db.read
    .select({
      id: loginChallenges.id,
      username: users.email,
      twoFactorType: users.twoFactorType,
      firstLoginCompletedAt: users.firstLoginCompletedAt,
      totpSecret: users.totpSecret,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(eq(loginChallenges.id, challengeId), openChallenge(now), isNull(users.deletedAt)),
    )
    .limit(1)
  if (!row || !row.username) return null
  const type = row.twoFactorType as TwoFactorType
  const isFirstLogin = !row.firstLoginCompletedAt
  return {
    challengeId: row.id,
    username: row.username,
    twoFactorType: type,
    isFirstLogin,
    otpSecretKey: isFirstLogin && type === TWO_FACTOR_TYPE.Authenticator ? row.totpSecret : null,
  }
}
