/**
 * The vehicle form (Add/Edit dialog): its sections and fields, its values and what the action
 * returns to it. Browser-safe: shared by the form and the action.
 */
import { msg } from '#catalog/i18n.ts'
import { FUEL_UNITS } from '#catalog/costs.ts'
import { FUEL_TYPES, FUEL_TYPE_UNSELECTED, LENGTH_UNITS, POWERTRAIN_TYPES, TRANSMISSION_TYPES, VEHICLE_YEAR_MIN } from '#catalog/vehicle.ts'
import type { VEHICLE_SECTIONS } from '#server/fleet/vehicle-schema.ts'

export type VehicleSection = (typeof VEHICLE_SECTIONS)[number]

interface FieldBase {
  name: string
  label: string
  hint?: string
}

export type FieldDef = FieldBase &
  (
    | { kind: 'text'; required?: boolean; maxLength?: number; placeholder?: string }
    | { kind: 'number'; min?: number; max?: number; step?: number | 'any' }
    | { kind: 'date' }
    | { kind: 'select'; options: readonly { value: string; label: string }[]; placeholder: { value: string; label: string } }
    | { kind: 'checkbox' }
  )

const enumOptions = (list: readonly { value: number; label: string }[]) => list.map((o) => ({ value: String(o.value), label: o.label }))

/** The fields of each section of the Add/Edit dialog (spec section 2, "Vehicle add/update dialog"). */
export const VEHICLE_FORM_SECTIONS = [
  {
    section: msg('General'),
    fields: [
      { name: 'make', label: msg('Make'), kind: 'text', required: true, maxLength: 100 },
      { name: 'model', label: msg('Model'), kind: 'text', required: true, maxLength: 100 },
      { name: 'vin', label: msg('VIN'), kind: 'text', required: true, maxLength: 17, hint: msg('17 letters and digits, without I, O or Q.') },
      { name: 'licensePlate', label: msg('License plate'), kind: 'text', required: true, maxLength: 15 },
      {
        name: 'vehicleIdentifier',
        label: msg('Vehicle identifier'),
        kind: 'text',
        maxLength: 40,
        placeholder: msg('Generated when left blank'),
        hint: msg('Operators request the vehicle by this code; it is printed in its QR.'),
      },
      { name: 'yearBuild', label: msg('Year built'), kind: 'number', min: VEHICLE_YEAR_MIN, step: 1 },
      { name: 'manufactureDate', label: msg('Manufacture date'), kind: 'date' },
      { name: 'color', label: msg('Color'), kind: 'text', maxLength: 100 },
      { name: 'bodyManufacturer', label: msg('Body manufacturer'), kind: 'text', maxLength: 100 },
    ],
  },
  {
    section: msg('Performance'),
    fields: [
      {
        name: 'fuelType',
        label: msg('Fuel type'),
        kind: 'select',
        options: enumOptions(FUEL_TYPES),
        placeholder: { value: String(FUEL_TYPE_UNSELECTED), label: msg('Select fuel type') },
      },
      { name: 'transmissionType', label: msg('Transmission'), kind: 'select', options: enumOptions(TRANSMISSION_TYPES), placeholder: { value: '', label: msg('Select transmission') } },
      { name: 'powertrainType', label: msg('Drive type (powertrain)'), kind: 'select', options: enumOptions(POWERTRAIN_TYPES), placeholder: { value: '', label: msg('Select drive type') } },
      { name: 'tireSize', label: msg('Tire size'), kind: 'text', maxLength: 40 },
      { name: 'odometer', label: msg('Odometer (miles)'), kind: 'number', min: 0, step: 1 },
      // Fuel and energy (issue 36, decision 085).
      { name: 'fuelUnit', label: msg('Fuel unit'), kind: 'select', options: FUEL_UNITS.map((u) => ({ value: u.value, label: u.label })), placeholder: { value: '', label: msg('Select fuel unit') } },
      {
        name: 'fuelCapacity',
        label: msg('Tank size or usable battery capacity'),
        kind: 'number',
        min: 0,
        step: 0.001,
        hint: msg('In the fuel unit (gallons, litres or kWh), at most three decimals. A fill-up above it is flagged.'),
      },
      { name: 'fuelCard', label: msg('Fuel card'), kind: 'text', maxLength: 200, hint: msg('The fuel card’s number: a fuel card file is matched to the bus by it.') },
    ],
  },
  {
    section: msg('Physical'),
    fields: [
      { name: 'lengthUnit', label: msg('Length unit'), kind: 'select', options: LENGTH_UNITS.map((u) => ({ value: u, label: u })), placeholder: { value: '', label: msg('Select unit') } },
      { name: 'length', label: msg('Length'), kind: 'number', min: 0, step: 'any' },
      { name: 'width', label: msg('Width'), kind: 'number', min: 0, step: 'any' },
      { name: 'height', label: msg('Height'), kind: 'number', min: 0, step: 'any' },
      { name: 'weightClass', label: msg('Weight class'), kind: 'text', maxLength: 40 },
      { name: 'turningRadius', label: msg('Turning radius'), kind: 'number', min: 0, step: 'any' },
    ],
  },
  {
    section: msg('Safety'),
    fields: [
      { name: 'adaCompliant', label: msg('ADA compliant'), kind: 'checkbox' },
      { name: 'gps', label: msg('GPS'), kind: 'checkbox' },
      { name: 'driveCam', label: msg('Drive cam'), kind: 'checkbox' },
      { name: 'backupCam', label: msg('Backup cam'), kind: 'checkbox' },
      { name: 'firstAidKit', label: msg('First aid kit'), kind: 'checkbox' },
      { name: 'emergencyExits', label: msg('Emergency exits'), kind: 'number', min: 0, step: 1 },
      { name: 'fireExtinguishers', label: msg('Fire extinguishers'), kind: 'number', min: 0, step: 1 },
    ],
  },
  {
    section: msg('Seating and Interior'),
    fields: [
      { name: 'seatConfiguration', label: msg('Seat configuration'), kind: 'text', maxLength: 100 },
      { name: 'numberOfSeats', label: msg('Number of seats'), kind: 'number', min: 0, step: 1 },
      { name: 'luggageOption', label: msg('Luggage option'), kind: 'text', maxLength: 100 },
      { name: 'usbChargingPorts', label: msg('USB charging ports'), kind: 'number', min: 0, step: 1 },
      { name: 'seatbelts', label: msg('Seatbelts'), kind: 'checkbox' },
      { name: 'copilotSeat', label: msg('Copilot seat'), kind: 'checkbox' },
      { name: 'destinationSigns', label: msg('Destination signs'), kind: 'checkbox' },
      { name: 'entertainmentSystem', label: msg('Entertainment system'), kind: 'checkbox' },
      { name: 'airConditioning', label: msg('Air conditioning'), kind: 'checkbox' },
    ],
  },
  {
    section: msg('Regulatory'),
    fields: [
      { name: 'licenseExpiry', label: msg('License expiry'), kind: 'date' },
      { name: 'insuranceExpiry', label: msg('Insurance expiry'), kind: 'date' },
      { name: 'nextInspection', label: msg('Next inspection'), kind: 'date' },
      { name: 'insuranceValue', label: msg('Insurance value (USD)'), kind: 'number', min: 0, step: 'any' },
      { name: 'sellValue', label: msg('Sell value (USD)'), kind: 'number', min: 0, step: 'any' },
      { name: 'titleHire', label: msg('Title / hire'), kind: 'text', maxLength: 100 },
    ],
  },
] as const satisfies readonly { section: Exclude<VehicleSection, 'Image'>; fields: readonly FieldDef[] }[]

export type VehicleFieldName = (typeof VEHICLE_FORM_SECTIONS)[number]['fields'][number]['name']

export const VEHICLE_FIELDS: readonly FieldDef[] = VEHICLE_FORM_SECTIONS.flatMap((s) => s.fields as readonly FieldDef[])

export const VEHICLE_FIELD_NAMES = VEHICLE_FIELDS.map((f) => f.name) as VehicleFieldName[]

export const CHECKBOX_FIELDS = VEHICLE_FIELDS.filter((f) => f.kind === 'checkbox').map((f) => f.name) as VehicleFieldName[]

/** The form's values: text for inputs and selects, booleans for checkboxes. */
export type VehicleFormValues = Record<VehicleFieldName, string | boolean>

export function emptyVehicleValues(): VehicleFormValues {
  const out = {} as VehicleFormValues
  for (const f of VEHICLE_FIELDS) {
    const name = f.name as VehicleFieldName
    out[name] = f.kind === 'checkbox' ? false : f.kind === 'select' ? f.placeholder.value : ''
  }
  return out
}

/** A stored vehicle → the form's values. */
export function vehicleToValues(v: Partial<Record<string, unknown>>): VehicleFormValues {
  const out = emptyVehicleValues()
  for (const f of VEHICLE_FIELDS) {
    const name = f.name as VehicleFieldName
    const value = v[name]
    if (f.kind === 'checkbox') out[name] = value === true
    else if (value === null || value === undefined) continue
    else out[name] = String(value)
  }
  return out
}

/** The submitted form → the form's values (to show them again after an error). */
export function formToValues(form: FormData): VehicleFormValues {
  const out = emptyVehicleValues()
  for (const f of VEHICLE_FIELDS) {
    const name = f.name as VehicleFieldName
    const value = form.get(name)
    if (f.kind === 'checkbox') out[name] = value === 'on' || value === 'true'
    else if (typeof value === 'string') out[name] = value
  }
  return out
}

/** What the action returns to the Add/Edit form: the values kept, the errors under each field. */
export interface VehicleFormResult {
  intent: string
  values: VehicleFormValues
  fieldErrors: Record<string, string>
  formError: string | null
  /** The toast to show (with JavaScript). */
  toast: { type: 'error' | 'success' | 'warning' | 'info'; message: string } | null
  /** The cropped picture that was sent, kept so an error does not lose it. */
  imageData: string | null
  /** A VIN lookup's outcome (without JavaScript). */
  vinLookup: { found: boolean; message: string; checkDigitValid?: boolean; filled?: string[] } | null
}

// The VIN lookup ---------------------------------------------------------------------------
