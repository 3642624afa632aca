/**
 * Money in integer cents (issue 36 point 4, decision 085): amounts read exactly from text,
 * products rounded half up in integers, shown in the reader's locale, written as exact decimals.
 */
import { describe, expect, it } from 'vitest'
import {
  centsToDecimal,
  formatCostPerMile,
  formatMoney,
  hundredthsTimesCents,
  hundredthsToDecimal,
  milliTimesCents,
  milliToDecimal,
  parseCents,
  parseHundredths,
  parseMilli,
} from '#catalog/money.ts'
import { costPerMileMilli, milliUnitsToDecimal } from '#server/costs/cost-per-mile.server.ts'

describe('parse', () => {
  it('reads amounts with at most two decimals as cents, exactly', () => {
    expect(parseCents('12.34')).toBe(1234)
    expect(parseCents('0.1')).toBe(10)
    expect(parseCents('.5')).toBe(50)
    expect(parseCents('7')).toBe(700)
    expect(parseCents('1,234.56')).toBe(123456)
    expect(parseCents('$ 19.99')).toBe(1999)
    // 0.29 * 100 is 28.999999999999996 in floating point: read as text, it is 29 cents.
    expect(parseCents('0.29')).toBe(29)
    expect(parseCents(String(1.005))).toBeNull()
  })
  it('refuses negatives, three decimals and text', () => {
    for (const bad of ['-1', '-0.01', '1.234', 'abc', '', '.', '1.2.3', '1e3']) expect(parseCents(bad)).toBeNull()
  })
  it('reads quantities (3 decimals) and hours (2 decimals)', () => {
    expect(parseMilli('48.237')).toBe(48237)
    expect(parseMilli('1.2345')).toBeNull()
    expect(parseHundredths('2.5')).toBe(250)
    expect(parseHundredths('2.555')).toBeNull()
  })
})

describe('round half up', () => {
  it('multiplies quantities and rates in integers', () => {
    // 3.333 gal × $4.15 = 13.83195 → $13.83
    expect(milliTimesCents(3333, 415)).toBe(1383)
    // 0.5 × $0.01 = half a cent → 1 cent (half up)
    expect(milliTimesCents(500, 1)).toBe(1)
    expect(milliTimesCents(499, 1)).toBe(0)
    // 1.5 h × $85.33 = 127.995 → $128.00
    expect(hundredthsTimesCents(150, 8533)).toBe(12800)
  })
  it('gives a cost per mile in thousandths of the unit, half up, null without miles', () => {
    expect(costPerMileMilli(41200, 1000)).toBe(412) // $412 over 1,000 mi → $0.412
    expect(costPerMileMilli(1, 200)).toBe(0) // 0.00005 → 0.000
    expect(costPerMileMilli(1, 20)).toBe(1) // 0.0005 → 0.001 (half up)
    expect(costPerMileMilli(100, 0)).toBeNull()
    expect(costPerMileMilli(0, 10)).toBe(0)
    expect(milliUnitsToDecimal(412)).toBe('0.412')
    expect(milliUnitsToDecimal(12345)).toBe('12.345')
    expect(milliUnitsToDecimal(null)).toBe('')
  })
})

describe('format', () => {
  it('shows the company’s currency in the reader’s locale', () => {
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56')
    expect(formatMoney(123456, 'USD', 'es')).toMatch(/1[,.\u00a0 ]?234[.,]56/)
    expect(formatMoney(5, 'EUR', 'en')).toBe('€0.05')
    expect(formatCostPerMile(41200, 1000, 'USD', 'en')).toBe('$0.412')
    expect(formatCostPerMile(100, 0, 'USD', 'en')).toBeNull()
  })
})

describe('exact decimals', () => {
  it('writes cents, thousandths and hundredths without floating point', () => {
    expect(centsToDecimal(0)).toBe('0.00')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(123456)).toBe('1234.56')
    expect(centsToDecimal(-205)).toBe('-2.05')
    expect(centsToDecimal(900_719_925_474_099)).toBe('9007199254740.99')
    expect(milliToDecimal(48230)).toBe('48.23')
    expect(milliToDecimal(1000)).toBe('1')
    expect(hundredthsToDecimal(250)).toBe('2.5')
  })
  it('a hundred thousand random amounts survive the round trip text → cents → text', () => {
    let seed = 7
    const lost: number[] = []
    for (let i = 0; i < 100_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648
      const cents = seed % 100_000_000
      if (parseCents(centsToDecimal(cents)) !== cents) lost.push(cents)
    }
    expect(lost).toEqual([])
  })
})
