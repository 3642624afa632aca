import type { Database } from '#db/client.ts'
import { getDb } from '../db.server.ts'
import { AppError } from '../errors.ts'
import { clearSteps, countStep, peekSteps } from '../limits/rate-limit.server.ts'
import { logger } from '../log.server.ts'
import { TEXT } from '#catalog/texts.ts'

/**
 * Per-account lock: 5 failed passwords or codes within 15 minutes lock the
 * email for 15 minutes. Keyed by the email *as typed*, whether or not an
 * account exists, so a lock never reveals an account. Not scaled by
 * RATE_LIMIT_FACTOR: it is a security rule, not a capacity limit.
 * The count lives in the database (bucket `lock` of `rate_limits`, decision 041):
 * every instance sees it and a restart keeps it.
 */
export const MAX_FAILURES = 5
const LOCK_SECONDS = 15 * 60
const BUCKET = 'lock'
const RULE = { points: MAX_FAILURES, duration: LOCK_SECONDS, blockDuration: LOCK_SECONDS }

const key = (email: string) => email.trim().toLowerCase()

export async function assertNotLocked(email: string, db: Database = getDb()): Promise<void> {
  const now = Date.now()
  const { hits, expiresAt } = await peekSteps(db, BUCKET, key(email), now)
  if (hits >= MAX_FAILURES) {
    throw new AppError('TOO_MANY_REQUESTS', TEXT.tooManyAttempts, { retryAfter: Math.max(1, Math.ceil((expiresAt - now) / 1000)) })
  }
}

export async function recordFailure(email: string, db: Database = getDb()): Promise<void> {
  const { hits } = await countStep(db, BUCKET, key(email), RULE, MAX_FAILURES)
  // The email itself stays out of the log; the request id ties the line to the attempt.
  if (hits === MAX_FAILURES) logger().warn({ failures: hits, lockSeconds: LOCK_SECONDS }, 'sign-in locked for one email after repeated failures')
}

export async function clearFailures(email: string, db: Database = getDb()): Promise<void> {
  await clearSteps(db, BUCKET, key(email))
}
