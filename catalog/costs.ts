/**
 * Running costs (issue 36, decision 085): the kinds of a repair's cost line, who pays, the owner's
 * payer rule, fuel and energy units, where a fuel record came from, its flags, the currencies and
 * the bounds every door checks. Browser-safe.
 */
import { msg } from './i18n.ts'

/** A repair action's cost line: parts (quantity × unit cost), labour (hours × rate), outside work, tax. */
export const COST_LINE_KINDS = [
  { value: 'part', label: msg('Parts') },
  { value: 'labour', label: msg('Labour') },
  { value: 'outside', label: msg('Outside work') },
  { value: 'tax', label: msg('Tax') },
] as const
export type CostLineKind = (typeof COST_LINE_KINDS)[number]['value']
export const COST_LINE_KIND_VALUES = COST_LINE_KINDS.map((k) => k.value) as unknown as readonly [CostLineKind, ...CostLineKind[]]
export function costLineKindLabel(value: string): string {
  return COST_LINE_KINDS.find((k) => k.value === value)?.label ?? value
}

/** Who a cost line is charged to: the bus's owner, or the operator whose assignment was active on the day the repair action was opened. */
export const COST_PAYERS = [
  { value: 'owner', label: msg('Owner') },
  { value: 'operator', label: msg('Operator') },
] as const
export type CostPayer = (typeof COST_PAYERS)[number]['value']
export const COST_PAYER_VALUES = COST_PAYERS.map((p) => p.value) as unknown as readonly [CostPayer, ...CostPayer[]]
export function costPayerLabel(value: string): string {
  return COST_PAYERS.find((p) => p.value === value)?.label ?? value
}

/** The owner company's setting: who a new cost line is charged to by default (the owner may change each line). */
export const REPAIR_COST_PAYER_RULES = [
  { value: 'owner', label: msg('The owner pays every repair') },
  { value: 'operatorPreTrip', label: msg('The operator pays for defects found on its pre-trips') },
  { value: 'operator', label: msg('The operator holding the bus pays every repair') },
] as const
export type RepairCostPayerRule = (typeof REPAIR_COST_PAYER_RULES)[number]['value']
export const REPAIR_COST_PAYER_RULE_VALUES = REPAIR_COST_PAYER_RULES.map((r) => r.value) as unknown as readonly [RepairCostPayerRule, ...RepairCostPayerRule[]]

/** The unit of a fuel or energy quantity (and of a bus's tank size or usable battery capacity). */
export const FUEL_UNITS = [
  { value: 'gal', label: msg('gallons') },
  { value: 'L', label: msg('litres') },
  { value: 'kWh', label: msg('kWh') },
] as const
export type FuelUnit = (typeof FUEL_UNITS)[number]['value']
export const FUEL_UNIT_VALUES = FUEL_UNITS.map((u) => u.value) as unknown as readonly [FuelUnit, ...FuelUnit[]]
export function fuelUnitLabel(value: string): string {
  return FUEL_UNITS.find((u) => u.value === value)?.label ?? value
}
/** Litres in a US gallon: efficiency in miles per gallon whatever unit a fill-up was recorded in. */
export const LITRES_PER_GALLON = 3.785411784

/** Where a fuel or energy record came from: the driver's phone, typed by a manager, a fuel card's CSV. */
export const FUEL_ENTRY_SOURCES = [
  { value: 'driver', label: msg('Driver') },
  { value: 'manual', label: msg('Entered by hand') },
  { value: 'import', label: msg('Fuel card import') },
] as const
export type FuelEntrySource = (typeof FUEL_ENTRY_SOURCES)[number]['value']
export const FUEL_ENTRY_SOURCE_VALUES = FUEL_ENTRY_SOURCES.map((s) => s.value) as unknown as readonly [FuelEntrySource, ...FuelEntrySource[]]

/** What a fuel record is flagged for (kept on the record; shown beside it). */
export const FUEL_FLAGS = [
  { value: 'overCapacity', label: msg('More than the tank or battery holds') },
  { value: 'efficiencyOutlier', label: msg('Efficiency far outside this bus’s own range') },
] as const
export type FuelFlag = (typeof FUEL_FLAGS)[number]['value']
export const FUEL_FLAG_VALUES = FUEL_FLAGS.map((f) => f.value) as unknown as readonly [FuelFlag, ...FuelFlag[]]

/** ISO 4217 codes a company may keep its costs in (USD by default); amounts are integer cents of it. */
export const CURRENCIES = ['USD', 'CAD', 'MXN', 'EUR', 'GBP'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'USD'

export const COST_LIMITS = {
  /** One amount (a line, a fill-up, a service): $10,000,000.00. */
  maxCents: 1_000_000_000,
  /** A quantity (parts, gallons, litres, kWh): up to 1,000,000 units, in thousandths. */
  maxQuantityMilli: 1_000_000_000,
  /** Labour hours of one line, in hundredths: 10,000 h. */
  maxHoursHundredths: 1_000_000,
  /** Cost lines on one repair action. */
  linesPerRepairAction: 200,
  /** Text fields (description, part number, vendor, station, card). */
  textMax: 200,
  /** Months a bus's cost history shows at most (5 years). */
  historyMonths: 60,
} as const
