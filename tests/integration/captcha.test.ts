import { solveChallenge, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CAPTCHA_ALGORITHM,
  CAPTCHA_COST,
  CAPTCHA_COUNTER_MAX,
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  CAPTCHA_FIELD,
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_TTL_MS,
  createCaptchaChallenge,
  createFallbackQuestion,
  FALLBACK_MIN_WAIT_MS,
  requireCaptcha,
  resetCaptchaStore,
  verifyCaptcha,
  verifyCaptchaForm,
  verifyFallbackAnswer,
  type FallbackQuestion,
} from '#server/captcha/captcha.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { isAppError } from '#server/errors.ts'
import { loader as challengeLoader } from '#app/routes/captcha.challenge.ts'
import { Captcha } from '#app/components/captcha.tsx'
import { StaticI18nProvider } from '#app/utils/i18n.tsx'
import type { CompiledMessages } from '#app/utils/messages.ts'
import type { Locale } from '#catalog/i18n.ts'
import { messagesFor } from '#server/i18n/messages.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'

// Used solutions live in the database (decision 041).
const db = createTestDb()
const setAppDb = useAsAppDb
setAppDb(db)
afterAll(() => db.close())

const encode = (challenge: Challenge, solution: Solution) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')

async function solved() {
  const challenge = await createCaptchaChallenge()
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('no solution')
  return { challenge, solution, payload: encode(challenge, solution) }
}

const answerOf = (q: FallbackQuestion) => q.a + q.b

function form(fields: Record<string, string>) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

beforeEach(() => resetCaptchaStore())
afterEach(() => vi.useRealTimers())

describe('proof-of-work captcha (altcha)', () => {
  it('issues a signed, 10-minute PBKDF2 challenge in the new {parameters, signature} form', async () => {
    const before = Date.now()
    const challenge = await createCaptchaChallenge()
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: CAPTCHA_COST })
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    const expiresMs = (challenge.parameters.expiresAt ?? 0) * 1000
    expect(expiresMs).toBeGreaterThan(before + CAPTCHA_TTL_MS - 2000)
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + CAPTCHA_TTL_MS)
  })

  it('verifies a solved challenge once; a replay fails', async () => {
    const { payload, solution } = await solved()
    expect(solution.counter).toBeLessThanOrEqual(CAPTCHA_COUNTER_MAX)
    const t0 = performance.now()
    expect(await verifyCaptcha(payload)).toBe(true)
    expect(performance.now() - t0).toBeLessThan(50) // one HMAC, not a re-derivation
    expect(await verifyCaptcha(payload)).toBe(false)
  })

  it('lets only one of two concurrent submissions of the same solution through', async () => {
    const { payload } = await solved()
    const results = await Promise.all([verifyCaptcha(payload), verifyCaptcha(payload), verifyCaptcha(payload)])
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it('rejects a tampered challenge', async () => {
    const { challenge, solution } = await solved()
    const tampered = [
      { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
      { ...challenge, parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600 } },
      { ...challenge, parameters: { ...challenge.parameters, keySignature: undefined } },
      { ...challenge, signature: challenge.signature?.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { parameters: challenge.parameters },
    ]
    for (const c of tampered) expect(await verifyCaptcha(encode(c as Challenge, solution))).toBe(false)
    // The untouched one still works: failures did not use it up.
    expect(await verifyCaptcha(encode(challenge, solution))).toBe(true)
  })

  it('rejects a wrong solution', async () => {
    const { challenge, solution } = await solved()
    const wrong: Solution[] = [
      { ...solution, derivedKey: solution.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')) },
      { counter: solution.counter + 1, derivedKey: '00'.repeat(32) },
      { counter: -1, derivedKey: solution.derivedKey.toUpperCase() },
    ]
    for (const s of wrong) expect(await verifyCaptcha(encode(challenge, s))).toBe(false)
  })

  it('rejects an expired challenge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { payload } = await solved()
    vi.setSystemTime(Date.now() + CAPTCHA_TTL_MS + 1000)
    expect(await verifyCaptcha(payload)).toBe(false)
  })

  it('rejects a challenge signed with another SESSION_SECRET', async () => {
    const { payload } = await solved()
    const previous = process.env.SESSION_SECRET
    process.env.SESSION_SECRET = 'another-secret-at-least-32-characters-long'
    resetEnvCache()
    try {
      expect(await verifyCaptcha(payload)).toBe(false)
    } finally {
      if (previous === undefined) delete process.env.SESSION_SECRET
      else process.env.SESSION_SECRET = previous
      resetEnvCache()
    }
    expect(await verifyCaptcha(payload)).toBe(true)
  })

  it('rejects missing, malformed and test-mode payloads', async () => {
    for (const p of [undefined, null, '', 'not base64 json', 'e30=', 'x'.repeat(20_000)]) {
      expect(await verifyCaptcha(p)).toBe(false)
    }
    // What the widget posts in its `test` mode.
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64')
    expect(await verifyCaptcha(testMode)).toBe(false)
  })

  it('GET /captcha/challenge answers a fresh challenge, not cached', async () => {
    const res = await challengeLoader({ request: new Request('http://localhost/captcha/challenge'), params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await res.json()) as Challenge
    expect(body.parameters.algorithm).toBe(CAPTCHA_ALGORITHM)
    const solution = await solveChallenge({ challenge: body, deriveKey })
    expect(await verifyCaptcha(encode(body, solution!))).toBe(true)
  })
})

/** Past the question's minimum wait (decision 023; the issue time is rounded up to the second). */
const soon = () => Date.now() + FALLBACK_MIN_WAIT_MS + 1_100

describe('no-JavaScript fallback question', () => {
  it('asks a small sum and verifies the right answer once', async () => {
    const question = createFallbackQuestion()
    const { a, b, token } = question
    for (const n of [a, b]) expect(n >= 1 && n <= 9).toBe(true)
    // nonce.expiresAt.tag.answerMac: the answer itself is not in the token.
    expect(token).toMatch(/^[\w-]{16}\.\d+\.[\w-]{43}\.[\w-]{43}$/)
    expect(token.split('.')).not.toContain(String(answerOf(question)))
    expect(await verifyFallbackAnswer({ token, answer: ` ${answerOf(question)} `, now: soon() })).toBe(true)
    expect(await verifyFallbackAnswer({ token, answer: String(answerOf(question)), now: soon() })).toBe(false)
  })

  it('accepts the answer in words, in English or in Spanish (with or without accents)', async () => {
    const words = {
      en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'],
      es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho'],
    } // prettier-ignore
    for (const list of Object.values(words)) {
      const question = createFallbackQuestion()
      expect(await verifyFallbackAnswer({ token: question.token, answer: list[answerOf(question)]!.toUpperCase(), now: soon() })).toBe(true)
    }
    for (const answer of ['dieciséis', 'dieciseis', 'DIECISÉIS']) {
      let question = createFallbackQuestion()
      while (answerOf(question) !== 16) question = createFallbackQuestion()
      expect(await verifyFallbackAnswer({ token: question.token, answer, now: soon() })).toBe(true)
    }
  })

  it("is asked in the page's language, and the widget is told that language (also without JavaScript)", () => {
    const question = { a: 3, b: 4, token: 'x' }
    const render = (locale: Locale) =>
      renderToStaticMarkup(createElement(StaticI18nProvider, { locale, messages: messagesFor(locale, ['auth']) as CompiledMessages, children: createElement(Captcha, { fallback: question }) }))
    const es = render('es')
    expect(es).toContain('¿Cuánto es 3 más 4?')
    expect(es).toContain('<noscript>')
    expect(es).toMatch(/<altcha-widget[^>]* language="es"/)
    expect(es).not.toContain('What is')
    const en = render('en')
    expect(en).toContain('What is 3 plus 4?')
    expect(en).toMatch(/<altcha-widget[^>]* language="en"/)
  })

  it('fails a wrong answer, and the token is then used up', async () => {
    const question = createFallbackQuestion()
    const { token } = question
    const right = answerOf(question)
    expect(await verifyFallbackAnswer({ token, answer: String(right + 1), now: soon() })).toBe(false)
    expect(await verifyFallbackAnswer({ token, answer: String(right), now: soon() })).toBe(false)
  })

  it('fails an expired, tampered or foreign token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const old = createFallbackQuestion()
    vi.setSystemTime(Date.now() + CAPTCHA_TTL_MS + 1000)
    expect(await verifyFallbackAnswer({ token: old.token, answer: String(answerOf(old)) })).toBe(false)
    vi.useRealTimers()

    const question = createFallbackQuestion()
    const { token } = question
    const answer = String(answerOf(question))
    const [nonce, exp, tag, mac] = token.split('.') as [string, string, string, string]
    const later = String(Number(exp) + 3600)
    for (const t of [
      `${nonce}.${later}.${tag}.${mac}`, // extended expiry
      `${nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${exp}.${tag}.${mac}`,
      `${nonce}.${exp}.${tag}`,
      '',
      'garbage',
    ]) {
      expect(await verifyFallbackAnswer({ token: t, answer, now: soon() })).toBe(false)
    }
    expect(await verifyFallbackAnswer({ token, answer: null })).toBe(false)
    expect(await verifyFallbackAnswer({ token: null, answer })).toBe(false)
  })
})

describe('verifyCaptchaForm / requireCaptcha', () => {
  it('accepts the widget field or the fallback fields; neither is false', async () => {
    const { payload } = await solved()
    expect(await verifyCaptchaForm(form({ [CAPTCHA_FIELD]: payload, email: 'a@b.c' }))).toBe(true)
    expect(await verifyCaptchaForm(form({ [CAPTCHA_FIELD]: payload }))).toBe(false) // replay

    const q = createFallbackQuestion()
    const fallbackForm = form({
      [CAPTCHA_FALLBACK_TOKEN_FIELD]: q.token,
      [CAPTCHA_FALLBACK_ANSWER_FIELD]: String(answerOf(q)),
    })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(soon())
    expect(await verifyCaptchaForm(fallbackForm)).toBe(true)
    expect(await verifyCaptchaForm(fallbackForm)).toBe(false)
    vi.useRealTimers()

    expect(await verifyCaptchaForm(form({}))).toBe(false)
    expect(await verifyCaptchaForm(form({ email: 'a@b.c', password: 'Secret123' }))).toBe(false)
    expect(await verifyCaptchaForm(form({ [CAPTCHA_FIELD]: '' }))).toBe(false)
  })

  it('requireCaptcha throws the spec message as a 400 AppError', async () => {
    const error = await requireCaptcha(form({})).catch((e: unknown) => e)
    expect(isAppError(error)).toBe(true)
    if (!isAppError(error)) return
    expect(error.status).toBe(400)
    expect(error.message).toBe(CAPTCHA_REQUIRED_MESSAGE)
    expect(error.message).toBe('Please complete CAPTCHA')
    expect(error.fieldErrors).toEqual({ [CAPTCHA_FIELD]: 'Please complete CAPTCHA' })
    const { payload } = await solved()
    await expect(requireCaptcha(form({ [CAPTCHA_FIELD]: payload }))).resolves.toBeUndefined()
  })
})
