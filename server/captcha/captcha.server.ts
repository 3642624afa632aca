/**
 * The web forms' captcha (PRODUCT.md section 3): a self-hosted proof of work
 * (altcha, new protocol `{ parameters, signature }`), plus a small signed
 * question for browsers without JavaScript. No third-party service is called.
 *
 * Everything is signed with keys derived from SESSION_SECRET, so changing the
 * secret invalidates outstanding challenges and tokens (they live 10 minutes).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { lte } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { usedCaptchas } from '#db/schema/index.ts'
import { getDb } from '../db.server.ts'
import { env } from '../env.server.ts'
import { AppError, badRequest } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import {
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  CAPTCHA_FIELD,
  CAPTCHA_REQUIRED_MESSAGE,
  type FallbackQuestion,
} from './captcha-fields.ts'
import { msg } from '#catalog/i18n.ts'

export {
  CAPTCHA_CHALLENGE_URL,
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  CAPTCHA_FIELD,
  CAPTCHA_REQUIRED_MESSAGE,
  type FallbackQuestion,
} from './captcha-fields.ts'

/** Challenges and fallback tokens expire after 10 minutes. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000

/**
 * The proof-of-work cost. Deterministic mode: the server derives the key for a
 * random counter, publishes half of it as the prefix, and the browser counts up
 * from 0 until it finds that key, so the work is `counter` PBKDF2 runs split
 * over the widget's workers (one per core).
 *
 * Chosen: PBKDF2/SHA-256, cost 500 iterations, counter 400–1200 (800 on average).
 * Measured with the real widget in Debian's Chromium on the 2-vCPU dev VM (busy,
 * load ~10), /dev/captcha under the production CSP, 15 solves each, wall time
 * including fetching the challenge: 1 worker median 0.18 s (min 0.11, max
 * 0.30 s, ~0.2 ms per step); 2 workers median 0.14 s (max 0.26 s). A phone core
 * is roughly 3–5x slower but the widget uses every core (4–8 on a phone): about
 * 0.2–0.4 s, well under a second. (The widget then pads to its 0.5 s minimum
 * "Verifying" display.) Cost 1000 with counter 1000 measured 0.5–2 s on one
 * core here under the same load, too slow for a phone; the README's example
 * (cost 5000, counter 5k–10k) takes 7–21 s (docs/TOOLCHAIN.md).
 * Server side: creating a challenge is one PBKDF2 run (~1 ms); verifying is one
 * HMAC, since the derived key is signed (0.5–2 ms).
 * tests/e2e/captcha.spec.ts prints fresh timings on every run.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256'
export const CAPTCHA_COST = 500
export const CAPTCHA_COUNTER_MIN = 400
export const CAPTCHA_COUNTER_MAX = 1200

/** A real payload is ~1 KB; anything much larger is not ours. */
const MAX_PAYLOAD_CHARS = 8 * 1024

// ---------------------------------------------------------------------------
// Keys

interface Keys {
  secret: string
  challenge: string
  derivedKey: string
  fallback: Buffer
}
let keys: Keys | undefined

/** Separate HMAC keys per purpose, derived from SESSION_SECRET. */
function captchaKeys(): Keys {
  const secret = env().SESSION_SECRET
  if (keys?.secret !== secret) {
    const derive = (purpose: string) => createHmac('sha256', secret).update(`operon:captcha:${purpose}`).digest()
    keys = {
      secret,
      challenge: derive('challenge').toString('hex'),
      derivedKey: derive('derived-key').toString('hex'),
      fallback: derive('fallback'),
    }
  }
  return keys
}

// ---------------------------------------------------------------------------
// Single use

/**
 * Solutions and fallback tokens already accepted, until they expire anyway: rows of
 * `used_captchas` in the database (decision 041), so a solution used on one instance is refused
 * by every other one and after a restart. Inserting the row is the use: an UPSERT that only
 * overwrites an expired row, so of two concurrent uses exactly one gets the row back.
 *
 * Only verified solutions and authentic tokens are recorded, so a visitor cannot fill the
 * table with made-up keys; expired rows are deleted about once a minute.
 */
const PRUNE_EVERY_MS = 60_000
let lastPrune = 0

/** Records `key` as used until `expiresAt`; false if it already was. */
async function markUsed(key: string, expiresAt: number, db: Database = getDb()): Promise<boolean> {
  const now = Date.now()
  const prune = Math.abs(now - lastPrune) > PRUNE_EVERY_MS
  if (prune) lastPrune = now
  const taken = await db.transaction(async (tx) => {
    if (prune) await tx.delete(usedCaptchas).where(lte(usedCaptchas.expiresAt, now))
    return tx
      .insert(usedCaptchas)
      .values({ id: key, expiresAt })
      .onConflictDoUpdate({ target: usedCaptchas.id, set: { expiresAt }, setWhere: lte(usedCaptchas.expiresAt, now) })
      .returning({ id: usedCaptchas.id })
  })
  return taken.length === 1
}

/** Tests only: forget used solutions and tokens. */
export async function resetCaptchaStore(db: Database = getDb()): Promise<void> {
  await db.transaction((tx) => tx.delete(usedCaptchas))
}

// ---------------------------------------------------------------------------
// Proof of work (altcha)

/** A fresh signed challenge for the widget (`GET /captcha/challenge`). */
export async function createCaptchaChallenge(): Promise<Challenge> {
  const k = captchaKeys()
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_COUNTER_MIN, CAPTCHA_COUNTER_MAX + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: k.challenge,
    hmacKeySignatureSecret: k.derivedKey,
  })
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function decodePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
    if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null
    const { parameters, signature } = parsed.challenge
    if (!isRecord(parameters) || typeof signature !== 'string') return null
    if (parameters.algorithm !== CAPTCHA_ALGORITHM || typeof parameters.expiresAt !== 'number') return null
    return { challenge: parsed.challenge as unknown as Challenge, solution: parsed.solution as unknown as Solution }
  } catch {
    return null
  }
}

/**
 * True once for a solved, unexpired challenge this server signed: the widget's
 * field value (base64 JSON `{ challenge, solution }`). A second use of the
 * same solution, a tampered, expired or unsolved one, or garbage is false.
 */
export async function verifyCaptcha(payload: string | null | undefined): Promise<boolean> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > MAX_PAYLOAD_CHARS) return false
  const decoded = decodePayload(payload)
  if (!decoded) return false
  const k = captchaKeys()
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: k.challenge,
      hmacKeySignatureSecret: k.derivedKey,
    })
    if (!result.verified) return false
  } catch {
    return false
  }
  // One use per challenge (its signature covers the random nonce and salt).
  const id = createHash('sha256').update(decoded.challenge.signature ?? '').digest('base64url')
  const expiresAt = (decoded.challenge.parameters.expiresAt ?? 0) * 1000
  return markUsed(`pow:${id}`, expiresAt)
}

// ---------------------------------------------------------------------------
// No-JavaScript fallback: a small signed question

/** Answers in words, in the languages the question is asked in (Spanish without its accents too). */
const NUMBER_WORDS = [
  [
    'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
    'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
  ],
  [
    'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
    'once', 'doce', 'trece', 'catorce', 'quince', 'dieciseis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte',
  ],
] // prettier-ignore

function normalizeAnswer(answer: string): string | null {
  const a = answer.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
  if (/^\d{1,3}$/.test(a)) return String(Number(a))
  for (const words of NUMBER_WORDS) {
    const i = words.indexOf(a)
    if (i >= 0) return String(i)
  }
  return null
}

function fallbackMac(purpose: 'token' | 'answer', body: string): Buffer {
  return createHmac('sha256', captchaKeys().fallback).update(`${purpose}:${body}`).digest()
}

/**
 * The question's own cost (decision 023): an answer counts only once this long
 * after the question was asked, so a script that reads the page must also hold
 * every token for a few seconds, and the answers per address and per account
 * are limited (far below the proof of work's allowance).
 */
export const FALLBACK_MIN_WAIT_MS = 3_000

/**
 * A question for browsers without JavaScript, "What is {a} plus {b}?": its two
 * numbers (the page words it in its language) and its token:
 * `nonce.expiresAt.tag.answerMac`, all HMAC-signed. The answer is not in
 * the token (only its HMAC); the token lives 10 minutes and is good for one
 * attempt, right or wrong, so the small answer space cannot be tried through.
 */
export function createFallbackQuestion(): FallbackQuestion {
  const a = randomInt(1, 10)
  const b = randomInt(1, 10)
  const nonce = randomBytes(12).toString('base64url')
  // Rounded up: the issue time derived from it is never earlier than the real one.
  const expiresAt = Math.ceil((Date.now() + CAPTCHA_TTL_MS) / 1000)
  const body = `${nonce}.${expiresAt}`
  const tag = fallbackMac('token', body).toString('base64url')
  const answerMac = fallbackMac('answer', `${body}.${a + b}`).toString('base64url')
  return { a, b, token: `${body}.${tag}.${answerMac}` }
}

const safeEqual = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b)

/**
 * True once for the right answer to an unexpired question this server asked,
 * given at least FALLBACK_MIN_WAIT_MS after it was asked (`now` for tests).
 */
export async function verifyFallbackAnswer(input: { token: string | null | undefined; answer: string | null | undefined; now?: number }): Promise<boolean> {
  const { token, answer } = input
  const now = input.now ?? Date.now()
  if (typeof token !== 'string' || token.length > 200 || typeof answer !== 'string' || answer.length > 50) return false
  const match = /^([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return false
  const [, nonce, exp, tag, answerMac] = match as unknown as [string, string, string, string, string]
  const body = `${nonce}.${exp}`
  if (!safeEqual(Buffer.from(tag, 'base64url'), fallbackMac('token', body))) return false
  const expiresAt = Number(exp) * 1000
  if (expiresAt <= now) return false
  // Too early for a person to have read and answered: refused (the page asks a new question).
  if (now < expiresAt - CAPTCHA_TTL_MS + FALLBACK_MIN_WAIT_MS) return false
  // Authentic and unexpired: this attempt uses the token up, whatever the answer.
  if (!(await markUsed(`q:${nonce}`, expiresAt))) return false
  const normalized = normalizeAnswer(answer)
  if (normalized === null) return false
  return safeEqual(Buffer.from(answerMac, 'base64url'), fallbackMac('answer', `${body}.${normalized}`))
}

// ---------------------------------------------------------------------------
// Forms

/**
 * The form's captcha: the altcha field (JavaScript on) or the fallback
 * question's token and answer (JavaScript off). Neither → false.
 */
/** Who answers: the address (always) and the account typed (login, registration), for the fallback's limits. */
export interface CaptchaCaller {
  ip?: string
  account?: string
}

export const CAPTCHA_FALLBACK_LIMITED_MESSAGE =
  msg('Too many answers to the question without JavaScript from here. Please turn JavaScript on, or try again in an hour.')

/**
 * The fallback's limits (decision 023), taken before its answer is checked:
 * per address and per account typed. Throws a 429 AppError.
 */
async function consumeFallbackAllowance(caller: CaptchaCaller): Promise<void> {
  try {
    await consumeRateLimit('captchaFallback', caller.ip ?? 'unknown')
    const account = caller.account?.trim().toLowerCase()
    if (account) await consumeRateLimit('captchaFallbackAccount', account.slice(0, 254))
  } catch (e) {
    if (e instanceof AppError && e.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', CAPTCHA_FALLBACK_LIMITED_MESSAGE, { retryAfter: e.retryAfter })
    }
    throw e
  }
}

/**
 * The form's captcha: the altcha field (JavaScript on) or the fallback
 * question's token and answer (JavaScript off). Neither → false. The fallback
 * path throws a 429 AppError once its limits for `caller` are used up.
 */
export async function verifyCaptchaForm(formData: FormData, caller: CaptchaCaller = {}): Promise<boolean> {
  const field = (name: string) => {
    const v = formData.get(name)
    return typeof v === 'string' && v !== '' ? v : null
  }
  const payload = field(CAPTCHA_FIELD)
  if (payload && (await verifyCaptcha(payload))) return true
  const token = field(CAPTCHA_FALLBACK_TOKEN_FIELD)
  if (!token) return false
  await consumeFallbackAllowance(caller)
  return await verifyFallbackAnswer({ token, answer: field(CAPTCHA_FALLBACK_ANSWER_FIELD) ?? '' })
}

/**
 * For actions: throws a 400 AppError "Please complete CAPTCHA" (form error and
 * field error on the altcha field) unless the form's captcha verifies, or the
 * fallback's 429.
 */
export async function requireCaptcha(formData: FormData, caller: CaptchaCaller = {}): Promise<void> {
  if (!(await verifyCaptchaForm(formData, caller))) {
    throw badRequest(CAPTCHA_REQUIRED_MESSAGE, { [CAPTCHA_FIELD]: CAPTCHA_REQUIRED_MESSAGE })
  }
}
