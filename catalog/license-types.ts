/**
 * Driver license types. Ids 1..10 follow the spec's order and are inserted by the
 * reference-data migration; they travel in REST payloads (`licenseTypeId`): never renumber.
 */
import { msg } from './i18n.ts'

export const LICENSE_TYPES = [
  { id: 1, name: msg('Endorsement H') },
  { id: 2, name: msg('Class A') },
  { id: 3, name: msg('Class M2') },
  { id: 4, name: msg('Class C') },
  { id: 5, name: msg('Endorsement P') },
  { id: 6, name: msg('Provisional License') },
  { id: 7, name: msg('Class B') },
  { id: 8, name: msg('Class C (CDL)') },
  { id: 9, name: msg('Class M1') },
  { id: 10, name: msg('Endorsement S') },
] as const

export type LicenseType = (typeof LICENSE_TYPES)[number]
export type LicenseTypeId = LicenseType['id']
export type LicenseTypeName = LicenseType['name']

export const LICENSE_TYPE_IDS = LICENSE_TYPES.map((t) => t.id) as unknown as readonly [LicenseTypeId, ...LicenseTypeId[]]

export const UNKNOWN_LICENSE_TYPE = msg('Unknown License Type')

export function isLicenseTypeId(value: unknown): value is LicenseTypeId {
  return typeof value === 'number' && LICENSE_TYPES.some((t) => t.id === value)
}

export function licenseTypeById(id: number): LicenseType | undefined {
  return LICENSE_TYPES.find((t) => t.id === id)
}

/** The license type's name, or "Unknown License Type". */
export function licenseTypeName(id: number | null | undefined): string {
  return (id == null ? undefined : licenseTypeById(id)?.name) ?? UNKNOWN_LICENSE_TYPE
}
