/**
 * The efficiency maths of the fuel and energy log (issue 36 point 2, decision 085): miles per
 * gallon between full fill-ups counting the partial ones in between, litres as gallons, miles per
 * kWh at every charge (partial ones too) from the state of charge when known, and the flags.
 */
import { describe, expect, it } from 'vitest'
import { efficiencyAt, fuelFlags, isEfficiencyOutlier, isOverCapacity, measureAt, median, type EfficiencyRecord } from '#server/costs/fuel-efficiency.ts'

const fuel = (lifeMiles: number, gallons: number, full = true, unit: 'gal' | 'L' = 'gal'): EfficiencyRecord => ({
  lifeMiles,
  quantityMilli: Math.round(gallons * 1000),
  unit,
  full,
  socBeforePct: null,
  socAfterPct: null,
})
const charge = (lifeMiles: number, kwh: number, socBefore: number | null = null, socAfter: number | null = null): EfficiencyRecord => ({
  lifeMiles,
  quantityMilli: Math.round(kwh * 1000),
  unit: 'kWh',
  full: true,
  socBeforePct: socBefore,
  socAfterPct: socAfter,
})

describe('miles per gallon', () => {
  it('needs a previous full fill-up', () => {
    expect(efficiencyAt([], fuel(1000, 20), null)).toBeNull()
    expect(efficiencyAt([fuel(900, 10, false)], fuel(1000, 20), null)).toBeNull()
  })

  it('is the miles since the previous full fill-up over the gallons put in since', () => {
    // 300 miles on 50 gallons: 6 mpg.
    expect(efficiencyAt([fuel(1000, 40)], fuel(1300, 50), null)).toBe(6000)
  })

  it('counts the partial fill-ups in between, and has none at a partial fill-up', () => {
    const history = [fuel(1000, 40), fuel(1100, 10, false), fuel(1200, 15, false)]
    expect(efficiencyAt(history, fuel(1250, 5, false), null)).toBeNull()
    // 400 miles on 10 + 15 + 25 = 50 gallons: 8 mpg.
    expect(efficiencyAt(history, fuel(1400, 25), null)).toBe(8000)
  })

  it('starts from the latest full fill-up only', () => {
    // 300 miles on 10 + 30 gallons (the 99 before the latest full one do not count).
    const history = [fuel(0, 99), fuel(1000, 40), fuel(1100, 10, false)]
    expect(efficiencyAt(history, fuel(1300, 30), null)).toBe(7500)
  })

  it('converts litres to gallons', () => {
    // 378.5411784 litres = 100 gallons; 700 miles: 7 mpg.
    expect(efficiencyAt([fuel(0, 40)], fuel(700, 378.541, true, 'L'), null)).toBe(7000)
  })

  it('has none without miles', () => {
    expect(efficiencyAt([fuel(1000, 40)], fuel(1000, 40), null)).toBeNull()
  })

  it('ignores charges of a plug-in hybrid', () => {
    expect(efficiencyAt([fuel(0, 40), charge(50, 30)], fuel(300, 50), null)).toBe(6000)
  })
})

describe('miles per kWh', () => {
  it('needs a previous charge', () => {
    expect(efficiencyAt([], charge(100, 50), 300_000)).toBeNull()
  })

  it('without the state of charge: the miles since the previous charge over the energy delivered now', () => {
    expect(efficiencyAt([charge(1000, 100)], charge(1150, 75), null)).toBe(2000)
  })

  it('counts a partial charge: each charge measures from the one before', () => {
    const history = [charge(1000, 200, 10, 90), charge(1060, 30, 70, 80)]
    // From 80% to 40% of 300 kWh = 120 kWh for 240 miles: 2 mi/kWh, whatever this charge delivered.
    expect(efficiencyAt(history, charge(1300, 150, 40, 90), 300_000)).toBe(2000)
  })

  it('uses the energy delivered when the state of charge or the capacity is unknown', () => {
    expect(efficiencyAt([charge(1000, 200, 10, 90)], charge(1300, 150, 40, 90), null)).toBe(2000)
    expect(efficiencyAt([charge(1000, 200, 10, null)], charge(1300, 150, 40, 90), 300_000)).toBe(2000)
  })

  it('ignores fuel records of a plug-in hybrid', () => {
    expect(efficiencyAt([charge(1000, 100), fuel(1100, 5)], charge(1200, 100), null)).toBe(2000)
  })
})

describe('flags', () => {
  it('medians', () => {
    expect(median([])).toBeNull()
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('an outlier needs 3 earlier efficiencies, then lies outside ½× – 2× of the median of the last 10', () => {
    expect(isEfficiencyOutlier([6000, 6000], 20_000)).toBe(false)
    expect(isEfficiencyOutlier([6000, 6200, 5800], 20_000)).toBe(true)
    expect(isEfficiencyOutlier([6000, 6200, 5800], 2_900)).toBe(true)
    expect(isEfficiencyOutlier([6000, 6200, 5800], 3_000)).toBe(false)
    expect(isEfficiencyOutlier([6000, 6200, 5800], 12_000)).toBe(false)
    expect(isEfficiencyOutlier([6000, 6200, 5800], null)).toBe(false)
    // Only the last 10 count.
    const old = Array.from({ length: 10 }, () => 1000)
    expect(isEfficiencyOutlier([...old, ...Array.from({ length: 10 }, () => 6000)], 6000)).toBe(false)
  })

  it('over capacity, in the tank’s own unit', () => {
    expect(isOverCapacity(100_001, 'gal', 100_000, 'gal')).toBe(true)
    expect(isOverCapacity(100_000, 'gal', 100_000, 'gal')).toBe(false)
    expect(isOverCapacity(100_000, 'gal', null, 'gal')).toBe(false)
    // 400 litres is about 105.7 gallons.
    expect(isOverCapacity(400_000, 'L', 100_000, 'gal')).toBe(true)
    expect(isOverCapacity(370_000, 'L', 100_000, 'gal')).toBe(false)
    expect(isOverCapacity(90_000, 'gal', 300_000, 'L')).toBe(true)
    expect(isOverCapacity(400_000, 'kWh', 300_000, 'kWh')).toBe(true)
    expect(fuelFlags({ quantityMilli: 400_000, unit: 'kWh', capacityMilli: 300_000, capacityUnit: 'kWh', efficiencyMilli: 9000, recentEfficiencies: [2000, 2100, 1900] })).toEqual([
      'overCapacity',
      'efficiencyOutlier',
    ])
  })
})

describe('what an efficiency was measured over (the monthly rollup sums it)', () => {
  it('keeps the miles and the quantity in thousandths: gallons across partial fill-ups, litres as gallons, kWh used', () => {
    expect(measureAt([fuel(1000, 40), fuel(1100, 10, false)], fuel(1300, 30), null)).toEqual({ efficiencyMilli: 7500, miles: 300, quantityMilli: 40_000 })
    // 378.541 L = 99.99989… gal: the quantity rounded to a thousandth, the efficiency from the exact one.
    expect(measureAt([fuel(0, 40)], fuel(700, 378.541, true, 'L'), null)).toEqual({ efficiencyMilli: 7000, miles: 700, quantityMilli: 100_000 })
    // 300 kWh × (80 − 50) % = 90 kWh used over 150 miles.
    expect(measureAt([charge(2000, 100, 20, 80)], charge(2150, 60, 50, 90), 300_000)).toEqual({ efficiencyMilli: 1667, miles: 150, quantityMilli: 90_000 })
    expect(measureAt([], fuel(1000, 20), null)).toBeNull()
    expect(measureAt([fuel(1000, 40)], fuel(1200, 10, false), null)).toBeNull()
  })
})
