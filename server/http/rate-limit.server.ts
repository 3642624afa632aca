import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '../errors.ts'

/**
 * Rate limits per bucket and key (usually the client address). RATE_LIMIT_FACTOR
 * multiplies every allowance: tests raise it, a busy instance may too.
 */
const BUCKETS = {
  /** Every /api call. */
  api: { points: 600, duration: 60 },
  /** tRPC calls from widgets. */
  trpc: { points: 600, duration: 60 },
  /** Password steps per address. */
  login: { points: 30, duration: 15 * 60 },
  /** Second-factor codes and resends per address. */
  code: { points: 30, duration: 15 * 60 },
  /** Account creation per address. */
  register: { points: 20, duration: 60 * 60 },
  /** Email existence checks per address (they reveal accounts, so few). */
  checkMail: { points: 60, duration: 60 },
  /** Captcha challenges per address (each costs the server about 1 ms). */
  captcha: { points: 120, duration: 60 },
  /** Password-reset emails per address. */
  reset: { points: 10, duration: 15 * 60 },
  /**
   * The captcha's no-JavaScript question (decision 023): answers per address and
   * per account typed, far fewer than the proof of work allows, so the cheap path
   * is never the better one for a script.
   */
  captchaFallback: { points: 10, duration: 60 * 60 },
  captchaFallbackAccount: { points: 5, duration: 60 * 60 },
  /** VIN lookups per user (the Add vehicle dialog). */
  vin: { points: 60, duration: 60 },
} as const

export type Bucket = keyof typeof BUCKETS
type Rule = { points: number; duration: number }

const limiters = new Map<string, RateLimiterMemory>()

function limiter(name: string, rule: Rule, scaled: boolean): RateLimiterMemory {
  let l = limiters.get(name)
  if (!l) {
    const factor = scaled ? Number(process.env.RATE_LIMIT_FACTOR ?? '1') || 1 : 1
    l = new RateLimiterMemory({ keyPrefix: name, points: Math.max(1, Math.round(rule.points * factor)), duration: rule.duration })
    limiters.set(name, l)
  }
  return l
}

/** Takes one point for `key`; 429 with Retry-After and `message` when exhausted. */
async function consume(l: RateLimiterMemory, key: string, message: string): Promise<void> {
  try {
    await l.consume(key)
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) })
    }
    throw e
  }
}

/** Takes one point from `bucket` for `key`; 429 with Retry-After when exhausted. */
export async function consumeRateLimit(bucket: Bucket, key: string): Promise<void> {
  await consume(limiter(bucket, BUCKETS[bucket], true), key, 'Too many requests, please try again later')
}

/**
 * A limit that RATE_LIMIT_FACTOR does not scale: a security cap whose number is
 * the rule itself (the per-recipient mail caps of decision 021).
 */
export async function consumeFixedLimit(name: string, rule: Rule, key: string, message: string): Promise<void> {
  await consume(limiter(name, rule, false), key, message)
}
