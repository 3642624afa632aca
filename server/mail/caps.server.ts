import { HARDENING_TEXT } from '#catalog/texts.ts'
import type { Database } from '#db/client.ts'
import { consumeFixedLimit } from '../limits/rate-limit.server.ts'

/**
 * Per-recipient caps on the emails a stranger can cause (decision 021): keyed by
 * the address as typed (trimmed, lower-cased) whether or not an account uses
 * it, so a cap reveals nothing. Like the per-email lock they are a security
 * rule (no mail bombing of one inbox), so RATE_LIMIT_FACTOR does not scale them.
 * Counted in the database like the other security limits (decision 041).
 */
export const MAIL_CAPS = {
  /** Sign-in codes: the password step of an Email account and its resends. */
  signInCode: { points: 6, duration: 15 * 60 },
  /** Codes that confirm an account deletion or authenticator reset. */
  confirmCode: { points: 5, duration: 15 * 60 },
  /** Password reset links. */
  resetLink: { points: 3, duration: 60 * 60 },
  /** Every mail above to one address, together. */
  any: { points: 20, duration: 60 * 60 },
} as const

export type MailCapKind = Exclude<keyof typeof MAIL_CAPS, 'any'>

/** Takes one mail of `kind` to `address` from its caps; 429 with Retry-After once a cap is reached. */
export async function consumeMailCap(kind: MailCapKind, address: string, db?: Database): Promise<void> {
  const key = address.trim().toLowerCase()
  for (const k of [kind, 'any'] as const) await consumeFixedLimit(`mail-${k}`, MAIL_CAPS[k], key, HARDENING_TEXT.tooManyEmails, db)
}
