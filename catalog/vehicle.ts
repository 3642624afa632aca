/** Vehicle enumerations (spec section 3, "Vehicle"). Numbers are frozen by the REST contract. Labels are msg()-marked: translated where shown. */
import { msg } from './i18n.ts'

export const FUEL_TYPES = [
  { value: 99, label: msg('Unknown') },
  { value: 0, label: msg('Gasoline') },
  { value: 1, label: msg('Diesel') },
  { value: 2, label: msg('Electric') },
  { value: 3, label: msg('Hybrid') },
  { value: 4, label: msg('Natural Gas') },
  { value: 5, label: msg('Other') },
] as const
export type FuelType = (typeof FUEL_TYPES)[number]['value']
export const FUEL_TYPE_VALUES = FUEL_TYPES.map((f) => f.value) as unknown as readonly [FuelType, ...FuelType[]]
export const FUEL_TYPE_UNKNOWN = 99 as const satisfies FuelType
/** Value the vehicle form uses for "nothing selected" (never stored). */
export const FUEL_TYPE_UNSELECTED = -1

export const TRANSMISSION_TYPES = [
  { value: 0, label: msg('Automatic') },
  { value: 1, label: msg('Manual') },
  { value: 2, label: msg('SemiAutomatic') },
  { value: 3, label: msg('CVT') },
] as const
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number]['value']
export const TRANSMISSION_TYPE_VALUES = TRANSMISSION_TYPES.map((t) => t.value) as unknown as readonly [
  TransmissionType,
  ...TransmissionType[],
]

export const POWERTRAIN_TYPES = [
  { value: 0, label: msg('Front-Wheel Drive') },
  { value: 1, label: msg('Rear-Wheel Drive') },
  { value: 2, label: msg('All-Wheel Drive') },
  { value: 3, label: msg('Four-Wheel Drive') },
] as const
export type PowertrainType = (typeof POWERTRAIN_TYPES)[number]['value']
export const POWERTRAIN_TYPE_VALUES = POWERTRAIN_TYPES.map((t) => t.value) as unknown as readonly [
  PowertrainType,
  ...PowertrainType[],
]

export const LENGTH_UNITS = ['ft', 'm'] as const
export type LengthUnit = (typeof LENGTH_UNITS)[number]

export const UNKNOWN_LABEL = msg('Unknown')

export function isFuelType(value: unknown): value is FuelType {
  return typeof value === 'number' && FUEL_TYPES.some((f) => f.value === value)
}
export function isTransmissionType(value: unknown): value is TransmissionType {
  return typeof value === 'number' && TRANSMISSION_TYPES.some((t) => t.value === value)
}
export function isPowertrainType(value: unknown): value is PowertrainType {
  return typeof value === 'number' && POWERTRAIN_TYPES.some((t) => t.value === value)
}
export function isLengthUnit(value: unknown): value is LengthUnit {
  return typeof value === 'string' && (LENGTH_UNITS as readonly string[]).includes(value)
}

/** Fuel type label; "Unknown" when there is no match (spec: fleet table). */
export function fuelTypeLabel(value: number | null | undefined): string {
  return FUEL_TYPES.find((f) => f.value === value)?.label ?? UNKNOWN_LABEL
}
export function transmissionTypeLabel(value: number | null | undefined): string {
  return TRANSMISSION_TYPES.find((t) => t.value === value)?.label ?? UNKNOWN_LABEL
}
export function powertrainTypeLabel(value: number | null | undefined): string {
  return POWERTRAIN_TYPES.find((t) => t.value === value)?.label ?? UNKNOWN_LABEL
}

/** Vehicle year minimum (spec section 9). */
export const VEHICLE_YEAR_MIN = 1900
