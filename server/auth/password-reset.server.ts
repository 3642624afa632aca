import { and, eq, gt, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { rowsAffected } from '#db/client.ts'
import { passwordResetTokens, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { TEXT } from '#catalog/texts.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { env } from '../env.server.ts'
import { AppError } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { consumeMailCap } from '../mail/caps.server.ts'
import { passwordChangedMail, passwordResetMail, mailLocale } from '../mail/templates.ts'
import { parseInput } from '../validation.ts'
import { revokeAllSessions } from './api-session.server.ts'
import { revokeCalendarFeedsOf } from '../access/calendar-feed-revocation.server.ts'
import { clearFailures } from './lockout.server.ts'
import { hashPassword } from './password.server.ts'
import { newPasswordSchema } from './common-passwords.server.ts'
import { emailSchema } from './password-rules.ts'
import { hashToken, randomToken } from './tokens.server.ts'
import { msg } from '#catalog/i18n.ts'

export const RESET_TOKEN_MINUTES = 60

export const sendResetLinkInput = z.object({ email: emailSchema })
export const resetPasswordInput = z.object({
  token: z.string({ message: msg('The reset link is invalid') }).trim().min(1, msg('The reset link is invalid')).max(200),
  newPassword: newPasswordSchema,
})

/**
 * Same answer whether or not the account exists. The link is built from
 * APP_URL only (never from the request's Host header).
 */
export async function sendPasswordResetLink(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const { email } = parseInput(sendResetLinkInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('reset', ctx.ip ?? 'unknown', ctx.db)
  // Per recipient, keyed by the address as typed whether or not an account uses it: reveals nothing.
  await consumeMailCap('resetLink', email, ctx.db)
  const [user] = await ctx.db.read
    .select({ id: users.id, firstName: users.firstName, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1)
  if (user) {
    const token = randomToken()
    await ctx.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      })
      const link = `${env().APP_URL}/reset-password?token=${encodeURIComponent(token)}`
      await enqueueMail(tx, { to: user.email!, ...passwordResetMail({ firstName: user.firstName, link, locale: mailLocale(user.locale) }) })
    })
    kickMailWorker()
  }
  return { message: TEXT.resetLinkSent }
}

/** A single-use, 1-hour token sets a new password and ends every session. */
export async function resetPassword(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const { token, newPassword } = parseInput(resetPasswordInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('reset', ctx.ip ?? 'unknown', ctx.db)
  const passwordHash = await hashPassword(newPassword)
  const invalid = () => new AppError('BAD_REQUEST', msg('This reset link is invalid or has expired'), { fieldErrors: { token: msg('This reset link is invalid or has expired') } })
  const email = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    if (rowsAffected(used) !== 1) throw invalid()
    const [row] = await tx
      .select({ userId: passwordResetTokens.userId, email: users.email, firstName: users.firstName, locale: users.locale, deletedAt: users.deletedAt })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    if (!row || row.deletedAt) throw invalid()
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId))
    // Every other outstanding link of this user dies too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)))
    await revokeAllSessions(tx, row.userId, now, 'password reset')
    // The calendar feed's link ends too (decision 084): whoever had the password may have it.
    await revokeCalendarFeedsOf(tx, row.userId, now)
    await audit(tx, { kind: 'anonymous' }, { action: 'user.passwordReset', entityType: 'user', entityId: row.userId, details: { ip: ctx.ip ?? null } })
    if (row.email) await enqueueMail(tx, { to: row.email, ...passwordChangedMail({ firstName: row.firstName, locale: mailLocale(row.locale) }) })
    return row.email
  })
  kickMailWorker()
  if (email) await clearFailures(email, ctx.db)
  return { message: TEXT.passwordResetDone }
}
