/**
 * The fleet's CSV columns (issue 26, decision 076), written once: the template, the import and the
 * export all read this list, so "export, then import" gives the same vehicles. Column names are
 * the spec's Vehicle field names (spec section 3, API.md), in the order the files write them; a
 * header is matched ignoring case, spaces, hyphens and underscores ("Vehicle identifier" =
 * `vehicleIdentifier`). Headers are never translated: the file is a data format, not a page.
 *
 * `read` turns a cell into what the vehicle schema (server/fleet/vehicle-schema.ts) takes, so the
 * import and the Add vehicle form apply the same rules; it only names what the schema cannot (an
 * enum label that is not in the list). `write` turns a vehicle into the cell. Browser-safe.
 */
import {
  FUEL_TYPE_UNKNOWN,
  FUEL_TYPES,
  LENGTH_UNITS,
  POWERTRAIN_TYPES,
  TRANSMISSION_TYPES,
} from './vehicle.ts'
import { msg } from './i18n.ts'

export type CsvCellValue = string | number | boolean | null

/** What `read` gives back: the schema's input, or why the cell cannot be one. */
export type CellRead = { ok: true; value: unknown } | { ok: false; message: string; values?: Record<string, string | number> }

export interface ReadOptions {
  /** The file is semicolon-separated: `12,5` is twelve and a half. */
  decimalComma: boolean
}

type Kind = 'text' | 'number' | 'date' | 'flag' | 'fuel' | 'transmission' | 'powertrain' | 'lengthUnit'

export interface FleetCsvColumn {
  /** The header as written, and the vehicle field it fills. */
  name: FleetCsvField
  kind: Kind
  /** A column the file must have (the row may still leave it empty: the schema says whether it may). */
  requiredHeader?: boolean
  read(cell: string, options: ReadOptions): CellRead
  write(vehicle: FleetCsvVehicle): CsvCellValue
}

export const FLEET_CSV_FIELDS = [
  'vehicleIdentifier',
  'make',
  'model',
  'vin',
  'licensePlate',
  'yearBuild',
  'manufactureDate',
  'color',
  'bodyManufacturer',
  'fuelType',
  'transmissionType',
  'powertrainType',
  'tireSize',
  'odometer',
  'lengthUnit',
  'length',
  'width',
  'height',
  'weightClass',
  'turningRadius',
  'adaCompliant',
  'gps',
  'driveCam',
  'backupCam',
  'emergencyExits',
  'fireExtinguishers',
  'firstAidKit',
  'seatConfiguration',
  'numberOfSeats',
  'seatbelts',
  'copilotSeat',
  'luggageOption',
  'destinationSigns',
  'entertainmentSystem',
  'usbChargingPorts',
  'airConditioning',
  'titleHire',
  'insuranceValue',
  'insuranceExpiry',
  'sellValue',
  'licenseExpiry',
  'nextInspection',
] as const
export type FleetCsvField = (typeof FLEET_CSV_FIELDS)[number]

/** A vehicle as the export reads it (a row of `vehicles`, or the REST vehicle). */
export type FleetCsvVehicle = { [K in FleetCsvField]: string | number | boolean | null }

const KIND: Record<FleetCsvField, Kind> = {
  vehicleIdentifier: 'text',
  make: 'text',
  model: 'text',
  vin: 'text',
  licensePlate: 'text',
  yearBuild: 'number',
  manufactureDate: 'date',
  color: 'text',
  bodyManufacturer: 'text',
  fuelType: 'fuel',
  transmissionType: 'transmission',
  powertrainType: 'powertrain',
  tireSize: 'text',
  odometer: 'number',
  lengthUnit: 'lengthUnit',
  length: 'number',
  width: 'number',
  height: 'number',
  weightClass: 'text',
  turningRadius: 'number',
  adaCompliant: 'flag',
  gps: 'flag',
  driveCam: 'flag',
  backupCam: 'flag',
  emergencyExits: 'number',
  fireExtinguishers: 'number',
  firstAidKit: 'flag',
  seatConfiguration: 'text',
  numberOfSeats: 'number',
  seatbelts: 'flag',
  copilotSeat: 'flag',
  luggageOption: 'text',
  destinationSigns: 'flag',
  entertainmentSystem: 'flag',
  usbChargingPorts: 'number',
  airConditioning: 'flag',
  titleHire: 'text',
  insuranceValue: 'number',
  insuranceExpiry: 'date',
  sellValue: 'number',
  licenseExpiry: 'date',
  nextInspection: 'date',
}

/** Dates whose past value the preview warns about (the vehicle is still imported). */
export const FLEET_CSV_EXPIRY_FIELDS = ['insuranceExpiry', 'licenseExpiry', 'nextInspection'] as const satisfies readonly FleetCsvField[]

/** The columns a file must have: the rest may be left out (make, model and year can come from the VIN). */
export const FLEET_CSV_REQUIRED_HEADERS = ['vin', 'licensePlate'] as const satisfies readonly FleetCsvField[]

/** Most data rows one file may have (the header not counted). */
export const FLEET_CSV_MAX_ROWS = 5000
/** Largest file accepted: 5,000 full rows take about 1.5 MB. */
export const FLEET_CSV_MAX_BYTES = 4 * 1024 * 1024
/**
 * Uploads waiting to be imported, per company, and the bytes their stored previews may take
 * together (issue 38: a self-registered company cannot fill the disk with previews; a 5,000-row
 * preview takes about 5 MB).
 */
export const FLEET_IMPORTS_STAGED_MAX = 10
export const FLEET_IMPORTS_STAGED_MAX_BYTES = 40 * 1024 * 1024

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'sí', 'si'])
const NO = new Set(['no', 'n', 'false', '0', ''])

/** A cell the export neutralised (`'=…`, decision 068) reads back as it was. */
export function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

const normalise = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '')

function enumReader(list: readonly { value: number; label: string }[], what: string, emptyValue: unknown): FleetCsvColumn['read'] {
  return (cell) => {
    const t = cell.trim()
    if (t === '') return { ok: true, value: emptyValue }
    const byLabel = list.find((o) => normalise(o.label) === normalise(t))
    if (byLabel) return { ok: true, value: byLabel.value }
    if (/^\d+$/.test(t) && list.some((o) => o.value === Number(t))) return { ok: true, value: Number(t) }
    return { ok: false, message: what, values: { value: t, options: list.map((o) => o.label).join(', ') } }
  }
}

const UNKNOWN_FUEL = msg('Unknown fuel type "{value}": use one of {options}')
const UNKNOWN_TRANSMISSION = msg('Unknown transmission "{value}": use one of {options}')
const UNKNOWN_POWERTRAIN = msg('Unknown powertrain "{value}": use one of {options}')
const BAD_FLAG = msg('"{value}" is not Yes or No')
const BAD_LENGTH_UNIT = msg('Unknown length unit "{value}": use ft or m')

function readerOf(kind: Kind): FleetCsvColumn['read'] {
  switch (kind) {
    case 'text':
    case 'date':
      return (cell) => ({ ok: true, value: unneutralise(cell) })
    case 'number':
      return (cell, { decimalComma }) => {
        const t = cell.trim()
        return { ok: true, value: decimalComma && /^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : t }
      }
    case 'flag':
      return (cell) => {
        const t = cell.trim().toLowerCase()
        if (YES.has(t)) return { ok: true, value: true }
        if (NO.has(t)) return { ok: true, value: false }
        return { ok: false, message: BAD_FLAG, values: { value: cell.trim() } }
      }
    case 'fuel':
      return enumReader(FUEL_TYPES, UNKNOWN_FUEL, FUEL_TYPE_UNKNOWN)
    case 'transmission':
      return enumReader(TRANSMISSION_TYPES, UNKNOWN_TRANSMISSION, null)
    case 'powertrain':
      return enumReader(POWERTRAIN_TYPES, UNKNOWN_POWERTRAIN, null)
    case 'lengthUnit':
      return (cell) => {
        const t = cell.trim().toLowerCase()
        if (t === '') return { ok: true, value: null }
        if ((LENGTH_UNITS as readonly string[]).includes(t)) return { ok: true, value: t }
        return { ok: false, message: BAD_LENGTH_UNIT, values: { value: cell.trim() } }
      }
  }
}

function labelOf(list: readonly { value: number; label: string }[], v: unknown): string | null {
  return list.find((o) => o.value === v)?.label ?? null
}

function writerOf(name: FleetCsvField, kind: Kind): FleetCsvColumn['write'] {
  switch (kind) {
    case 'flag':
      return (v) => Boolean(v[name])
    case 'fuel':
      return (v) => labelOf(FUEL_TYPES, v[name])
    case 'transmission':
      return (v) => labelOf(TRANSMISSION_TYPES, v[name])
    case 'powertrain':
      return (v) => labelOf(POWERTRAIN_TYPES, v[name])
    default:
      return (v) => v[name] ?? null
  }
}

export const FLEET_CSV_COLUMNS: readonly FleetCsvColumn[] = FLEET_CSV_FIELDS.map((name) => ({
  name,
  kind: KIND[name],
  requiredHeader: (FLEET_CSV_REQUIRED_HEADERS as readonly string[]).includes(name),
  read: readerOf(KIND[name]),
  write: writerOf(name, KIND[name]),
}))

/** The header's cell → its column, or undefined for a name the catalogue does not know. */
export function fleetCsvColumnOf(header: string): FleetCsvColumn | undefined {
  const key = normalise(header.trim())
  return FLEET_CSV_COLUMNS.find((c) => normalise(c.name) === key)
}

/** One vehicle as the export's (and the template's) cells, in column order. */
export function fleetCsvCells(vehicle: FleetCsvVehicle): CsvCellValue[] {
  return FLEET_CSV_COLUMNS.map((c) => c.write(vehicle))
}

/** The template's example: a real-looking school bus with a valid VIN (check digit included). */
export const FLEET_CSV_EXAMPLE: FleetCsvVehicle = {
  vehicleIdentifier: 'BUS-0001',
  make: 'BLUE BIRD',
  model: 'Vision',
  vin: '1BAKGCPA1EF296813',
  licensePlate: 'SCH 1234',
  yearBuild: 2014,
  manufactureDate: '2013-11-04',
  color: 'Yellow',
  bodyManufacturer: 'Blue Bird',
  fuelType: 1,
  transmissionType: 0,
  powertrainType: 1,
  tireSize: '11R22.5',
  odometer: 148250,
  lengthUnit: 'ft',
  length: 35.5,
  width: 8,
  height: 10.5,
  weightClass: 'Class 7 (26,001–33,000 lb)',
  turningRadius: 38,
  adaCompliant: true,
  gps: true,
  driveCam: true,
  backupCam: true,
  emergencyExits: 4,
  fireExtinguishers: 1,
  firstAidKit: true,
  seatConfiguration: '2+2',
  numberOfSeats: 72,
  seatbelts: true,
  copilotSeat: false,
  luggageOption: 'None',
  destinationSigns: false,
  entertainmentSystem: false,
  usbChargingPorts: 0,
  airConditioning: true,
  titleHire: 'Owned',
  insuranceValue: 95000,
  insuranceExpiry: '2027-06-30',
  sellValue: 60000,
  licenseExpiry: '2027-03-31',
  nextInspection: '2027-01-15',
}
