/**
 * The pure maths of fuel and energy efficiency (issue 36 point 2, decision 085). Browser-safe, no
 * database: server/costs/fuel-entries.server.ts feeds it the bus's earlier records.
 *
 * - Fuel (gallons or litres): miles per gallon is measured at a FULL fill-up, from the previous
 *   full fill-up: the miles between the two ÷ every quantity put in after the previous full one,
 *   this one included (partial fill-ups in between count). Litres become gallons with
 *   LITRES_PER_GALLON. A partial fill-up, or the first full one, has no efficiency.
 * - Energy (kWh): miles per kWh is measured at EVERY charge (partial charges count), from the
 *   previous charge: the miles between the two ÷ the energy the bus used in between. When the
 *   state of charge after the previous charge, before this one, and the usable capacity are all
 *   known, the energy used is capacity × (SoC after previous − SoC before this) / 100 (what left
 *   the battery, whatever the charger's losses); otherwise it is the energy delivered by this
 *   charge (it put back what was used). The first charge has no efficiency.
 * - Outlier: once the bus has at least 3 earlier efficiencies, one outside ½× – 2× of the median
 *   of its last 10 is flagged.
 * Efficiencies are thousandths (miles per gallon × 1000, miles per kWh × 1000), rounded half up.
 */
import { LITRES_PER_GALLON, type FuelFlag, type FuelUnit } from '#catalog/costs.ts'

export interface EfficiencyRecord {
  /** `odometer + odometer_offset` at the record. */
  lifeMiles: number
  quantityMilli: number
  unit: FuelUnit
  full: boolean
  socBeforePct: number | null
  socAfterPct: number | null
}

export const isEnergyUnit = (unit: FuelUnit | null | undefined): boolean => unit === 'kWh'

/** Quantity in thousandths of a gallon (litres converted); kWh unchanged. */
export function gallonsMilli(quantityMilli: number, unit: FuelUnit): number {
  return unit === 'L' ? quantityMilli / LITRES_PER_GALLON : quantityMilli
}

/** A record's measure: the efficiency and what it was measured over. */
export interface Measurement {
  /** Miles per gallon or per kWh, thousandths, rounded half up (from the unrounded quantity). */
  efficiencyMilli: number
  /** The miles since the record it measures from. */
  miles: number
  /** The quantity used over those miles in thousandths (gallons-equivalent for fuel, kWh for energy), rounded to a whole thousandth. */
  quantityMilli: number
}

/**
 * The measure at `current` from the bus's earlier records `previous`, oldest first (only records
 * of the same kind, fuel or energy, are looked at). Null when it cannot be measured (partial
 * fill-up, no earlier record, no miles, no quantity).
 */
export function measureAt(previous: readonly EfficiencyRecord[], current: EfficiencyRecord, capacityMilli: number | null): Measurement | null {
  const energy = isEnergyUnit(current.unit)
  const same = previous.filter((p) => isEnergyUnit(p.unit) === energy)
  const of = (miles: number, used: number): Measurement | null => {
    if (miles <= 0 || used <= 0) return null
    return { efficiencyMilli: Math.round((miles * 1000 * 1000) / used), miles, quantityMilli: Math.round(used) }
  }
  if (energy) {
    const prev = same.at(-1)
    if (!prev) return null
    const miles = current.lifeMiles - prev.lifeMiles
    if (miles <= 0) return null
    let usedMilli = current.quantityMilli
    if (capacityMilli !== null && capacityMilli > 0 && prev.socAfterPct !== null && current.socBeforePct !== null && prev.socAfterPct > current.socBeforePct) {
      usedMilli = (capacityMilli * (prev.socAfterPct - current.socBeforePct)) / 100
    }
    return of(miles, usedMilli)
  }
  if (!current.full) return null
  let i = same.length - 1
  while (i >= 0 && !same[i]!.full) i--
  if (i < 0) return null
  const start = same[i]!
  const miles = current.lifeMiles - start.lifeMiles
  if (miles <= 0) return null
  let gallons = gallonsMilli(current.quantityMilli, current.unit)
  for (const p of same.slice(i + 1)) gallons += gallonsMilli(p.quantityMilli, p.unit)
  return of(miles, gallons)
}

/** The efficiency at `current` (thousandths): measureAt()'s, or null when it cannot be measured. */
export function efficiencyAt(previous: readonly EfficiencyRecord[], current: EfficiencyRecord, capacityMilli: number | null): number | null {
  return measureAt(previous, current, capacityMilli)?.efficiencyMilli ?? null
}

/** The median of a list of numbers (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export const OUTLIER_MIN_HISTORY = 3
export const OUTLIER_WINDOW = 10

/** Whether an efficiency is far outside the bus's own range: ½× – 2× of the median of its last 10 (needs 3). */
export function isEfficiencyOutlier(recentEfficiencies: readonly number[], efficiencyMilli: number | null): boolean {
  if (efficiencyMilli === null) return false
  const window = recentEfficiencies.slice(-OUTLIER_WINDOW)
  if (window.length < OUTLIER_MIN_HISTORY) return false
  const m = median(window)!
  return efficiencyMilli < m / 2 || efficiencyMilli > m * 2
}

/** Whether the quantity is more than the tank or battery holds (capacity in the bus's unit). */
export function isOverCapacity(quantityMilli: number, unit: FuelUnit, capacityMilli: number | null, capacityUnit: FuelUnit | null): boolean {
  if (capacityMilli === null || capacityMilli <= 0) return false
  const capUnit = capacityUnit ?? unit
  if (isEnergyUnit(unit) !== isEnergyUnit(capUnit)) return false
  // Compare in litres-or-gallons as the capacity is kept.
  let q = quantityMilli
  if (unit === 'L' && capUnit === 'gal') q = quantityMilli / LITRES_PER_GALLON
  if (unit === 'gal' && capUnit === 'L') q = quantityMilli * LITRES_PER_GALLON
  return q > capacityMilli
}

/** The flags of a record. */
export function fuelFlags(input: {
  quantityMilli: number
  unit: FuelUnit
  capacityMilli: number | null
  capacityUnit: FuelUnit | null
  efficiencyMilli: number | null
  recentEfficiencies: readonly number[]
}): FuelFlag[] {
  const flags: FuelFlag[] = []
  if (isOverCapacity(input.quantityMilli, input.unit, input.capacityMilli, input.capacityUnit)) flags.push('overCapacity')
  if (isEfficiencyOutlier(input.recentEfficiencies, input.efficiencyMilli)) flags.push('efficiencyOutlier')
  return flags
}
