import type { InspectionReviewStatus } from '#catalog/statuses.ts'
/**
 * Texts, form intents, field layout and data shapes of the fleet pages
 * (`/fleet/{companyId}` and `/fleetOperator/{companyId}`), shared by the
 * components (client) and their loaders and actions (server). Nothing here
 * may import server-only code.
 */
import { OUT_OF_SERVICE_LABEL } from '#catalog/defects.ts'
import { msg } from '#catalog/i18n.ts'
import type { FleetSortColumn, INTERIOR_FEATURES, LICENSE_STATUSES, SAFETY_FEATURES } from '#catalog/fleet.ts'
import { FUEL_TYPES, FUEL_TYPE_UNKNOWN, FUEL_TYPE_UNSELECTED, LENGTH_UNITS, POWERTRAIN_TYPES, TRANSMISSION_TYPES, VEHICLE_YEAR_MIN } from '#catalog/vehicle.ts'
import type { VEHICLE_SECTIONS } from '#server/fleet/vehicle-schema.ts'
import type { DocumentsTabData } from './documents-tab.tsx'
import type { OdometerHistoryView } from './odometer-history.tsx'
import type { EmergencyExitsView } from './emergency-exits-tab.tsx'
import type { RepairSourceView } from '#app/components/repairs/shared.ts'
import type { LeaseState } from '#catalog/compliance.ts'

/** The spec's texts (sections 2, 4 and 8), verbatim. */
export const FLEET_TEXT = {
  title: msg('Vehicle Management'),
  addVehicle: msg('Add Vehicle'),
  added: msg('Vehicle added successfully'),
  addFailed: msg('Error adding new vehicle'),
  updated: msg('Vehicle updated successfully'),
  updateFailed: msg('Error updating vehicle'),
  deleted: msg('Vehicle deleted successfully'),
  deleteFailed: msg('Error deleting vehicle'),
  confirmDelete: msg('Are you sure you want to delete this vehicle?'),
  confirmClose: msg('Are you sure you want to close?'),
  unsavedLost: msg('The data you entered has not been saved and will be lost.'),
  vinNotFound: msg('Vehicle not found'),
  scanQr: msg('Scan QR code'),
  printQr: msg('Print QR'),
  vehicleNotLoaded: msg('Vehicle data has not been loaded.'),
  readOnly: msg('Operators see the fleet read-only.'),
} as const

export const FLEET_INTENT = {
  add: 'addVehicle',
  edit: 'updateVehicle',
  delete: 'deleteVehicle',
  vinLookup: 'vinLookup',
  endAssignment: 'endAssignment',
  reviewInspection: 'reviewInspection',
} as const

export type FleetScope = 'owner' | 'operator'

export function fleetPath(scope: FleetScope, companyId: number) {
  return scope === 'owner' ? `/fleet/${companyId}` : `/fleetOperator/${companyId}`
}
/** The vehicle's QR (an SVG image of its link), cached by the browser. */
export const vehicleQrPath = (vehicleId: number) => `/vehicles/${vehicleId}/qr.svg`
export const vehicleImagePath = (vehicleId: number, version?: number | null) => `/vehicles/${vehicleId}/image${version ? `?v=${version}` : ''}`
export const vehicleQrPdfPath = (vehicleId: number) => `/vehicles/${vehicleId}/qr.pdf`

// Filters ----------------------------------------------------------------------------------

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

export interface FleetRow {
  id: number
  vehicleIdentifier: string
  /** URL of the QR image that encodes the vehicle's link. */
  qr: string
  make: string
  model: string
  vin: string
  yearBuild: number | null
  licensePlate: string
  licenseExpiry: string | null
  insuranceExpiry: string | null
  nextInspection: string | null
  fuelType: number
  fuelTypeLabel: string
  hasImage: boolean
  /** Changes when the picture changes: part of the thumbnail URL so a cached old one is never shown. */
  imageVersion: number | null
  /** An open repair with a safety-critical defect (issue 10). */
  outOfService: boolean
}

export interface FleetList {
  items: FleetRow[]
  total: number
  page: number
  pageSize: number
  pageCount: number
  sort: SortColumn
  dir: 'asc' | 'desc'
  today: string
  options: { makes: string[]; models: string[]; colors: string[] }
  error: string | null
}

// The expanded row --------------------------------------------------------------------------

export type DetailTab = 'details' | 'operators' | 'preInspections' | 'inspections' | 'repairs' | 'emergencyExits' | 'documents'
export const DETAIL_TABS: { value: DetailTab; label: string; ownerOnly?: boolean }[] = [
  { value: 'details', label: msg('Details') },
  { value: 'operators', label: msg('Operator history'), ownerOnly: true },
  { value: 'preInspections', label: msg('Pre inspections') },
  { value: 'inspections', label: msg('Inspections') },
  { value: 'repairs', label: msg('Repair actions'), ownerOnly: true },
  { value: 'emergencyExits', label: msg('Emergency exits') },
  { value: 'documents', label: msg('Documents') },
]
export function tabsFor(scope: FleetScope) {
  return DETAIL_TABS.filter((t) => scope === 'owner' || !t.ownerOnly)
}

export interface OperatorAssignmentView {
  id: number
  operatorName: string
  startDate: string
  endDate: string | null
  isActive: boolean
  /** Upcoming: approved, starting after today (decision 059). */
  state: 'Active' | 'Upcoming' | 'Ended'
  /** The written lease (decision 064); null for the owner's own use of its bus. */
  lease?: { id: number; state: LeaseState } | null
}
export interface PreInspectionView {
  id: number
  date: string
  isSatisfactory: boolean
  driverName: string
}
export interface InspectionView {
  id: number
  date: string
  isSatisfactory: boolean
  inspectorName: string
  /** Decision 062: Pending and Rejected rows reach the owner only. */
  reviewStatus: InspectionReviewStatus
  /** Marked as the annual inspection (decision 066): its report and decal once in force. */
  isAnnual?: boolean
}
export interface RepairView {
  id: number
  repairIdentifier: string
  isRepaired: boolean
  createdAt: string
  createdAtLabel: string
  repairedAt: string | null
  repairedAtLabel: string | null
  comments: string | null
  repairCompanyName: string | null
  /** The pre-inspection that created it (its detail dialog). */
  preInspectionId: number | null
  /** The record that opened it (pre-trip, inspection or emergency-exit check) when the viewer may open it, else null: no link. */
  source: RepairSourceView | null
}

/** Every field of the vehicle, as the Details tab and the edit dialog show it (no picture bytes). */
export type VehicleRecord = Record<VehicleFieldName, string | number | boolean | null> & {
  id: number
  ownerId: number
  hasImage: boolean
}

export interface OpenVehicle {
  vehicle: VehicleRecord
  qr: string
  /** Only for the owner (spec section 6). */
  assignments: OperatorAssignmentView[] | null
  preInspections: PreInspectionView[]
  inspections: InspectionView[]
  /** Only for the owner (spec section 6). */
  repairs: RepairView[] | null
  /** The odometer history (issue 10); null when it could not be read. */
  odometer: OdometerHistoryView | null
  /** What `loadDocumentsForTab` returned (the Documents tab's own data). */
  documents: DocumentsTabData
  /** The 90-day emergency-exit checks and the next one's due state (decision 065); null when not loaded. */
  emergencyExits?: EmergencyExitsView | null
  /** A tab's list that could not be read: its message. */
  errors: Partial<Record<DetailTab, string>>
}

// The vehicle form ---------------------------------------------------------------------------

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
