/**
 * A company's settings that several places read (decision 063), browser-safe: its time zone
 * (IANA names, as the runtime knows them: one list for the settings page, "Create a company",
 * registration and the use cases) and its postal address's limits.
 */
import { msg } from './i18n.ts'

/** The postal address: at most this many characters and lines (printed on the lease and the decal). */
export const ADDRESS_LIMITS = { maxLength: 300, maxLines: 6 } as const

/** A new company's zone when neither the form (the browser's guess) nor the API caller names one. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

export const TIME_ZONE_MESSAGE = msg('Choose a time zone from the list (e.g. America/Chicago)')

let zones: readonly string[] | null = null
let zoneSet: ReadonlySet<string> | null = null

/** Every IANA zone the runtime supports, plus UTC (which `supportedValuesOf` may leave out). */
export function timeZoneNames(): readonly string[] {
  if (!zones) {
    const listed = Intl.supportedValuesOf('timeZone')
    zones = listed.includes('UTC') ? listed : ['UTC', ...listed]
  }
  return zones
}

export function isTimeZone(value: string): boolean {
  if (!zoneSet) zoneSet = new Set(timeZoneNames())
  return zoneSet.has(value)
}
