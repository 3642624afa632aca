/** The VIN lookup as the vehicle form uses it: what the decoder found, and the form filled with it (decision 060). */
import { FUEL_TYPE_UNKNOWN } from '#catalog/vehicle.ts'
import { VEHICLE_FIELDS, type VehicleFieldName, type VehicleFormValues } from './vehicle-fields.ts'

/** What the VIN decoder found, as far as the form uses it. */
export interface VinFound {
  make: string | null
  model: string | null
  modelYear: number | null
  numberOfSeats: number | null
  fuelType: number | null
  transmissionType: number | null
  powertrainType: number | null
  /** vPIC's body class ("Bus - School Bus"): the spec's vehicle has no field for it, so the note says it. */
  bodyClass?: string | null
  /** From the GVWR, e.g. "Class 7 (26,001–33,000 lb)". */
  weightClass?: string | null
}

/** The year typed, when it can settle heavy vehicles' ambiguous model-year codes. */
export function lookupModelYear(typed: unknown): number | undefined {
  const year = Number(typed)
  return Number.isInteger(year) && year >= 1981 && year <= 2100 ? year : undefined
}

/**
 * The form filled with what the lookup found (what it did not find keeps its value), the
 * fields it filled, and the note to show: what was found and which fields it filled (decision 060).
 */
export function fillFromVin(
  values: VehicleFormValues,
  vin: string,
  found: VinFound,
  t: (id: string, values?: Record<string, unknown>) => string = (id, v) => id.replace(/\{(\w+)\}/g, (_, k: string) => String(v?.[k] ?? '')),
): { values: VehicleFormValues; filled: VehicleFieldName[]; message: string } {
  const next = { ...values, vin }
  const filled: VehicleFieldName[] = []
  const put = (name: VehicleFieldName, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') return
    next[name] = String(value)
    filled.push(name)
  }
  put('make', found.make)
  put('model', found.model)
  put('yearBuild', found.modelYear)
  // "Unknown" is no answer: the select keeps what it had.
  put('fuelType', found.fuelType === FUEL_TYPE_UNKNOWN ? null : found.fuelType)
  put('transmissionType', found.transmissionType)
  put('powertrainType', found.powertrainType)
  put('numberOfSeats', found.numberOfSeats)
  put('weightClass', found.weightClass)
  const label = (name: VehicleFieldName) => VEHICLE_FIELDS.find((f) => f.name === name)?.label ?? name
  const what = [found.make, found.model, found.modelYear].filter(Boolean).join(' ')
  const body = found.bodyClass ? ` (${found.bodyClass})` : ''
  const message = t('Found: {what}. Filled: {fields}.', { what: `${what}${body}`, fields: filled.map((n) => t(label(n))).join(', ') })
  return { values: next, filled, message }
}
