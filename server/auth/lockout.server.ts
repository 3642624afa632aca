import { RateLimiterMemory } from 'rate-limiter-flexible'
import { AppError } from '../errors.ts'
import { TEXT } from '#catalog/texts.ts'

/**
 * Per-account lock: 5 failed passwords or codes within 15 minutes lock the
 * email for 15 minutes. Keyed by the email *as typed*, whether or not an
 * account exists, so a lock never reveals an account. Not scaled by
 * RATE_LIMIT_FACTOR: it is a security rule, not a capacity limit.
 */
export const MAX_FAILURES = 5
const LOCK_SECONDS = 15 * 60

const failures = new RateLimiterMemory({ keyPrefix: 'lock', points: MAX_FAILURES, duration: LOCK_SECONDS, blockDuration: LOCK_SECONDS })

const key = (email: string) => email.trim().toLowerCase()

export async function assertNotLocked(email: string): Promise<void> {
  const res = await failures.get(key(email))
  if (res && res.consumedPoints >= MAX_FAILURES) {
    throw new AppError('TOO_MANY_REQUESTS', TEXT.tooManyAttempts, { retryAfter: Math.ceil(res.msBeforeNext / 1000) })
  }
}

export async function recordFailure(email: string): Promise<void> {
  await failures.penalty(key(email), 1)
}

export async function clearFailures(email: string): Promise<void> {
  await failures.delete(key(email))
}
