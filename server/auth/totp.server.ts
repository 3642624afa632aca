import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { rowsAffected, type Tx } from '#db/client.ts'
import { users } from '#db/schema/index.ts'

/** PRODUCT.md: issuer Operon, 30 s, 6 digits, ±1 step. */
const ISSUER = 'Operon'

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
}

/** The otpauth:// link the Authenticator QR encodes. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString()
}

/**
 * The time step of a valid code, or null. otpauth's validate returns the step
 * *offset* (0 is valid and falsy), so compare with null.
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): number | null {
  const t = totp(secret, 'x')
  const delta = t.validate({ token: code, window: 1, timestamp: now })
  if (delta === null) return null
  return Math.floor(now / 1000 / 30) + delta
}

/** For tests and the browser journey: the current code of a secret. */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now })
}

/**
 * Marks a code's time step as used, once (PRODUCT.md: no replay within the
 * window): a conditional update, so of two requests with the same code only one
 * wins. False when this step or a later one was already used, by a sign-in or a
 * re-authentication alike.
 */
export async function claimTotpStep(tx: Tx, userId: number, step: number): Promise<boolean> {
  const used = await tx
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step))))
  return rowsAffected(used) === 1
}
