import { afterEach, describe, expect, it } from 'vitest'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { COMMON_PASSWORD_COUNT } from '#server/auth/common-passwords.data.ts'
import { baseWord, isCommonPassword, isListedPassword, newPasswordSchema } from '#server/auth/common-passwords.server.ts'
import { DEMO_PASSWORD } from '#server/demo/logins.ts'
import { resetEnvCache } from '#server/env.server.ts'

const outsideDemo = { demoData: false }
const inDemo = { demoData: true }

describe('the breached-password list (decision 023, amended)', () => {
  it('ships at least the 100,000 most common passwords, checked offline and case-insensitively', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(100_000)
    for (const p of ['password', 'iloveyou', 'qwerty123', 'trustno1', 'sunshine', 'football1', 'letmein1']) expect(isListedPassword(p)).toBe(true)
    // Deep in the list: passwords of 8+ characters ranked ~200,000th and ~242,000th in the source.
    expect(isListedPassword('lucky196')).toBe(true)
    expect(isListedPassword('vonmises')).toBe(true)
    expect(isListedPassword('tr4ctor-gl0ve-harbour')).toBe(false)
    expect(isCommonPassword('PassWord1', outsideDemo)).toBe(true)
    expect(isCommonPassword('IloveYOU', outsideDemo)).toBe(true)
  })

  it('refuses the three passwords of the hostile run', () => {
    // A common word plus digits and a symbol: the base word is on the list.
    expect(isCommonPassword('Password123!', outsideDemo)).toBe(true)
    // One repeated character (at most two distinct characters).
    expect(isCommonPassword('Aaaaaaaa', outsideDemo)).toBe(true)
    // The demo password, printed on the login page, when demo data is off.
    expect(isCommonPassword(DEMO_PASSWORD, outsideDemo)).toBe(true)
    expect(isCommonPassword(DEMO_PASSWORD.toUpperCase(), outsideDemo)).toBe(true)
  })

  it('refuses the variants the lists miss: base words, few distinct characters, full-width letters', () => {
    expect(baseWord('password123!')).toBe('password')
    expect(baseWord('!!2024summer')).toBe('summer')
    expect(baseWord('correct-horse-9')).toBe('correct-horse')
    for (const p of ['Monkey2024!', '2024Summer!', '#1Football!!', 'Sunshine 2031', 'Abababab1', 'ZZZZzzzz99', 'Ｐａｓｓｗｏｒｄ１２３']) {
      expect(isCommonPassword(p, outsideDemo), p).toBe(true)
    }
  })

  it('refuses at most two distinct characters even when no list has the password', () => {
    for (const p of ['Qqqqqqqqqqqqqqqqqq', 'Xx7Xx7Xx7Xx7', 'Kkkkkkkkkkk!']) {
      expect(isListedPassword(p.toLowerCase()), p).toBe(false)
      expect(isCommonPassword(p, outsideDemo), p).toBe(true)
    }
  })

  it('accepts a strong passphrase and a base word that is not common', () => {
    for (const p of ['Tr4ctor-Gl0ve-Harbour', 'Correct-horse-9', 'Unlisted-Phrase-77', 'Quiet Lantern Orbit 58', 'Abc!93751842']) {
      expect(isCommonPassword(p, outsideDemo), p).toBe(false)
    }
  })

  it('accepts the demo password in demo mode (the seeded demo accounts use it)', () => {
    expect(isCommonPassword(DEMO_PASSWORD, inDemo)).toBe(false)
  })
})

describe('newPasswordSchema (every door that sets a password)', () => {
  afterEach(() => {
    delete process.env.DEMO_DATA
    resetEnvCache()
  })

  it('answers the documented message for a breached password', () => {
    for (const p of ['Password123!', 'Aaaaaaaa']) {
      const r = newPasswordSchema.safeParse(p)
      expect(r.success).toBe(false)
      expect(r.error?.issues.map((i) => i.message)).toContain(HARDENING_TEXT.breachedPassword)
    }
    expect(newPasswordSchema.safeParse('Tr4ctor-Gl0ve-Harbour').success).toBe(true)
  })

  it('follows DEMO_DATA for the demo password', () => {
    process.env.DEMO_DATA = 'false'
    resetEnvCache()
    expect(newPasswordSchema.safeParse(DEMO_PASSWORD).error?.issues[0]?.message).toBe(HARDENING_TEXT.breachedPassword)
    process.env.DEMO_DATA = 'true'
    resetEnvCache()
    expect(newPasswordSchema.safeParse(DEMO_PASSWORD).success).toBe(true)
  })
})
