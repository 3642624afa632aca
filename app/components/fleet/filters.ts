/**
 * The fleet list's filters as the URL holds them, and the options of its filter controls.
 * Browser-safe: shared by the filter components and the loader.
 */
import { OUT_OF_SERVICE_LABEL } from '#catalog/defects.ts'
import { msg } from '#catalog/i18n.ts'
import type { FleetSortColumn, INTERIOR_FEATURES, LICENSE_STATUSES, SAFETY_FEATURES } from '#catalog/fleet.ts'

export type SortColumn = FleetSortColumn

/** The URL search params that are lists (`?fuelType=1&fuelType=2`). */
export const LIST_PARAMS = ['tag', 'fuelType', 'transmissionType', 'powertrainType', 'make', 'model', 'color', 'safety', 'interior', 'licenseStatus', 'service'] as const

/** The URL search params holding one value. */
export const SCALAR_PARAMS = ['page', 'pageSize', 'sort', 'dir', 'vin', 'vehicleIdentifier', 'yearFrom', 'yearTo'] as const

export type ListParam = (typeof LIST_PARAMS)[number]

export type ScalarParam = (typeof SCALAR_PARAMS)[number]

/** Params that only select what the page shows around the table (dialogs, the open row). */
export const VIEW_PARAMS = ['open', 'tab', 'dialog', 'id'] as const

export const SAFETY_FEATURE_OPTIONS = [
  { value: 'adaCompliant', label: msg('ADA compliant') },
  { value: 'gps', label: msg('GPS') },
  { value: 'driveCam', label: msg('Drive cam') },
  { value: 'backupCam', label: msg('Backup cam') },
  { value: 'firstAidKit', label: msg('First aid kit') },
  { value: 'seatbelts', label: msg('Seatbelts') },
] as const satisfies readonly { value: (typeof SAFETY_FEATURES)[number]; label: string }[]

export const INTERIOR_FEATURE_OPTIONS = [
  { value: 'copilotSeat', label: msg('Copilot seat') },
  { value: 'destinationSigns', label: msg('Destination signs') },
  { value: 'entertainmentSystem', label: msg('Entertainment system') },
  { value: 'usbChargingPorts', label: msg('USB charging ports') },
  { value: 'airConditioning', label: msg('Air conditioning') },
] as const satisfies readonly { value: (typeof INTERIOR_FEATURES)[number]; label: string }[]

export const LICENSE_STATUS_OPTIONS = [
  { value: 'expired', label: msg('Expired') },
  { value: 'expiring', label: msg('About to expire') },
  { value: 'valid', label: msg('Valid') },
  { value: 'missing', label: msg('No date') },
] as const satisfies readonly { value: (typeof LICENSE_STATUSES)[number]; label: string }[]

export const SERVICE_OPTIONS = [{ value: 'outOfService', label: OUT_OF_SERVICE_LABEL }] as const

/** The filters as the URL holds them (strings), for the filter controls. */
export type FleetFilters = Record<ListParam, string[]> & Record<ScalarParam, string>

/** The URL's filters, without empty values (a GET form also sends its empty inputs). */
export function filtersFromSearch(search: URLSearchParams): FleetFilters {
  const out = {} as FleetFilters
  for (const k of LIST_PARAMS) out[k] = [...new Set(search.getAll(k).map((v) => v.trim()).filter(Boolean))]
  for (const k of SCALAR_PARAMS) out[k] = (search.get(k) ?? '').trim()
  return out
}

/** Whether any filter (not the sort or the page) is set. */
export function hasActiveFilters(f: FleetFilters): boolean {
  return LIST_PARAMS.some((k) => f[k].length > 0) || (['vin', 'vehicleIdentifier', 'yearFrom', 'yearTo'] as const).some((k) => f[k] !== '')
}

// Table ------------------------------------------------------------------------------------
