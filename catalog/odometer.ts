/**
 * Odometer readings (issue 10, "the odometer never rolls back"): where each kept reading came
 * from. A `correction` (an owner's, with a reason) starts a new baseline; every other reading
 * must be at least the vehicle's latest.
 */
import { msg } from './i18n.ts'
export const ODOMETER_SOURCES = [
  { value: 'preTripStart', label: msg('Pre-trip (start)') },
  { value: 'preTripEnd', label: msg('Pre-trip (end)') },
  { value: 'inspection', label: msg('Inspection') },
  { value: 'owner', label: msg('Owner edit') },
  { value: 'correction', label: msg('Correction') },
  { value: 'fuel', label: msg('Fuel record') },
] as const
export type OdometerSource = (typeof ODOMETER_SOURCES)[number]['value']
export const ODOMETER_SOURCE_VALUES = ODOMETER_SOURCES.map((s) => s.value) as unknown as readonly [
  OdometerSource,
  ...OdometerSource[],
]
export function odometerSourceLabel(value: string): string {
  return ODOMETER_SOURCES.find((s) => s.value === value)?.label ?? value
}

/** Largest odometer value accepted anywhere (km or miles): 10 million. */
export const ODOMETER_MAX = 10_000_000

/** An odometer reading as every page, print, PDF, mail and comment shows it: "123,456 mi" (decision 063). */
export function formatOdometer(reading: number, locale: 'en' | 'es' = 'en'): string {
  return `${reading.toLocaleString(locale === 'es' ? 'es-US' : 'en-US')} mi`
}
