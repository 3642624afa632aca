import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { AppError } from '../errors.ts'

/**
 * Per-recipient caps on the emails a stranger can cause (decision 021): keyed by
 * the address as typed (trimmed, lower-cased) whether or not an account uses
 * it, so a cap reveals nothing. Like the per-email lock they are a security
 * rule (no mail bombing of one inbox), so RATE_LIMIT_FACTOR does not scale them.
 * In memory, like the other limits (one machine).
 */
export const MAIL_CAPS = {
  /** Sign-in codes: the password step of an Email account and its resends. */
  signInCode: { points: 6, duration: 15 * 60 },
  /** Codes that confirm an account deletion or authenticator reset. */
  confirmCode: { points: 5, duration: 15 * 60 },
  /** Password reset links. */
  resetLink: { points: 3, duration: 60 * 60 },
  /** Welcome mails and join-request notices. */
  notice: { points: 10, duration: 60 * 60 },
  /** Every mail above to one address, together. */
  any: { points: 20, duration: 60 * 60 },
} as const

export type MailCapKind = Exclude<keyof typeof MAIL_CAPS, 'any'>

const limiters = new Map<keyof typeof MAIL_CAPS, RateLimiterMemory>()
function limiter(kind: keyof typeof MAIL_CAPS) {
  let l = limiters.get(kind)
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: `mail-${kind}`, ...MAIL_CAPS[kind] })
    limiters.set(kind, l)
  }
  return l
}

const key = (address: string) => address.trim().toLowerCase()

/** Takes one mail of `kind` to `address` from its caps; 429 with Retry-After once a cap is reached. */
export async function consumeMailCap(kind: MailCapKind, address: string): Promise<void> {
  for (const k of [kind, 'any'] as const) {
    try {
      await limiter(k).consume(key(address))
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e
      throw new AppError('TOO_MANY_REQUESTS', HARDENING_TEXT.tooManyEmails, { retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) })
    }
  }
}

/** Whether a mail of `kind` to `address` is still under its caps (for notices that are skipped, not refused). */
export async function tryMailCap(kind: MailCapKind, address: string): Promise<boolean> {
  try {
    await consumeMailCap(kind, address)
    return true
  } catch (e) {
    if (e instanceof AppError && e.code === 'TOO_MANY_REQUESTS') return false
    throw e
  }
}
