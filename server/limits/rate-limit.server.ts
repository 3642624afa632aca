import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Database } from '#db/client.ts'
import { rateLimits } from '#db/schema/index.ts'
import { getDb } from '../db.server.ts'
import { AppError } from '../errors.ts'

/**
 * Rate limits per bucket and key (usually the client address). RATE_LIMIT_FACTOR
 * multiplies every allowance: tests raise it, a busy instance may too.
 *
 * Two kinds (decision 041):
 * - **shared** limits are security rules (password and code steps, registrations, resets,
 *   email checks, the captcha fallback, the per-recipient mail caps, the per-email lock): their
 *   counters live in the database (`rate_limits`), so a restart or a second instance does not
 *   reset them. One small write per counted step, on requests that already write.
 * - **local** limits are capacity guards on hot paths (every /api and /trpc call, captcha
 *   challenges, VIN lookups): counted in this process's memory, no database round trip. Losing
 *   them on a restart gives a client at most one more window; N instances allow N times the rate.
 */
const BUCKETS = {
  /** Every /api call. */
  api: { points: 600, duration: 60, shared: false },
  /** tRPC calls from widgets. */
  trpc: { points: 600, duration: 60, shared: false },
  /** Password steps per address. */
  login: { points: 30, duration: 15 * 60, shared: true },
  /** Second-factor codes and resends per address. */
  code: { points: 30, duration: 15 * 60, shared: true },
  /** Account creation per address. */
  register: { points: 20, duration: 60 * 60, shared: true },
  /** Email existence checks per address (they reveal accounts, so few). */
  checkMail: { points: 60, duration: 60, shared: true },
  /** Captcha challenges per address (each costs the server about 1 ms). */
  captcha: { points: 120, duration: 60, shared: false },
  /** Password-reset emails per address. */
  reset: { points: 10, duration: 15 * 60, shared: true },
  /**
   * The captcha's no-JavaScript question (decision 023): answers per address and
   * per account typed, far fewer than the proof of work allows, so the cheap path
   * is never the better one for a script.
   */
  captchaFallback: { points: 10, duration: 60 * 60, shared: true },
  captchaFallbackAccount: { points: 5, duration: 60 * 60, shared: true },
  /** VIN lookups per user (the Add vehicle dialog). */
  vin: { points: 60, duration: 60, shared: false },
  /** Calendar feed fetches per feed (calendar applications poll every few minutes at most). */
  calendar: { points: 30, duration: 60, shared: false },
} as const

export type Bucket = keyof typeof BUCKETS
/** `points` steps per `duration` seconds; `blockDuration` seconds of lock from the step that reaches `points`. */
export type Rule = { points: number; duration: number; blockDuration?: number }

const factor = () => Number(process.env.RATE_LIMIT_FACTOR ?? '1') || 1
const scaledPoints = (rule: Rule, scaled: boolean) => Math.max(1, Math.round(rule.points * (scaled ? factor() : 1)))

// ---------------------------------------------------------------------------
// Local (in memory)

const limiters = new Map<string, RateLimiterMemory>()

function memoryLimiter(name: string, rule: Rule): RateLimiterMemory {
  let l = limiters.get(name)
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: name, points: scaledPoints(rule, true), duration: rule.duration })
    limiters.set(name, l)
  }
  return l
}

async function consumeLocal(l: RateLimiterMemory, key: string, message: string): Promise<void> {
  try {
    await l.consume(key)
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) })
    }
    throw e
  }
}

// ---------------------------------------------------------------------------
// Shared (in the database)

/** Keys are bounded: an address, an email as typed (≤ 254), a user id. */
const MAX_KEY = 300
const PRUNE_EVERY_MS = 60_000
let lastPrune = 0

/**
 * Counts one step of `bucket` for `key` in one UPSERT (fixed window: the first step opens it,
 * an expired row starts over) and returns the count and the window's end. With `blockDuration`,
 * the step that reaches `points` (or any later one) pushes the end out to now + block.
 * Expired rows of every bucket are deleted about once a minute, in the same transaction.
 */
export async function countStep(db: Database, bucket: string, key: string, rule: Rule, points: number, now = Date.now()): Promise<{ hits: number; expiresAt: number }> {
  const k = key.slice(0, MAX_KEY)
  const windowEnd = now + rule.duration * 1000
  const blockEnd = now + (rule.blockDuration ?? 0) * 1000
  const expired = sql`${rateLimits.expiresAt} <= ${now}`
  const nextHits = sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`
  const nextEnd = rule.blockDuration
    ? sql`CASE WHEN ${nextHits} >= ${points} THEN ${blockEnd} WHEN ${expired} THEN ${windowEnd} ELSE ${rateLimits.expiresAt} END`
    : sql`CASE WHEN ${expired} THEN ${windowEnd} ELSE ${rateLimits.expiresAt} END`
  const prune = Math.abs(now - lastPrune) > PRUNE_EVERY_MS
  if (prune) lastPrune = now
  return db.transaction(async (tx) => {
    if (prune) await tx.delete(rateLimits).where(lte(rateLimits.expiresAt, now))
    const [row] = await tx
      .insert(rateLimits)
      .values({ bucket, key: k, hits: 1, expiresAt: rule.blockDuration && points <= 1 ? blockEnd : windowEnd })
      .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.key], set: { hits: nextHits, expiresAt: nextEnd } })
      .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt })
    return row!
  })
}

/** The live count of `bucket` for `key` (0 when absent or expired) and its end. */
export async function peekSteps(db: Database, bucket: string, key: string, now = Date.now()): Promise<{ hits: number; expiresAt: number }> {
  const [row] = await db.read
    .select({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key.slice(0, MAX_KEY)), gt(rateLimits.expiresAt, now)))
  return row ?? { hits: 0, expiresAt: now }
}

/** Forgets the count of `bucket` for `key`. */
export async function clearSteps(db: Database, bucket: string, key: string): Promise<void> {
  await db.transaction((tx) => tx.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key.slice(0, MAX_KEY)))))
}

async function consumeShared(db: Database, bucket: string, rule: Rule, points: number, key: string, message: string): Promise<void> {
  const now = Date.now()
  const { hits, expiresAt } = await countStep(db, bucket, key, rule, points, now)
  if (hits > points) {
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: Math.max(1, Math.ceil((expiresAt - now) / 1000)) })
  }
}

// ---------------------------------------------------------------------------

const TOO_MANY = 'Too many requests, please try again later'

/** Takes one point from `bucket` for `key`; 429 with Retry-After when exhausted. */
export async function consumeRateLimit(bucket: Bucket, key: string, db?: Database): Promise<void> {
  const rule = BUCKETS[bucket]
  if (!rule.shared) return consumeLocal(memoryLimiter(bucket, rule), key, TOO_MANY)
  await consumeShared(db ?? getDb(), bucket, rule, scaledPoints(rule, true), key, TOO_MANY)
}

/**
 * A limit that RATE_LIMIT_FACTOR does not scale: a security cap whose number is
 * the rule itself (the per-recipient mail caps of decision 021). Shared.
 */
export async function consumeFixedLimit(name: string, rule: Rule, key: string, message: string, db?: Database): Promise<void> {
  await consumeShared(db ?? getDb(), name, rule, rule.points, key, message)
}
