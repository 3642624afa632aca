import { z } from 'zod'
import { isVinFormatValid } from '#catalog/vin.ts'
import { atMostCharacters, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import {
  FUEL_TYPE_UNKNOWN,
  FUEL_TYPE_UNSELECTED,
  isFuelType,
  isPowertrainType,
  isTransmissionType,
  LENGTH_UNITS,
  VEHICLE_YEAR_MIN,
} from '#catalog/vehicle.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { COST_LIMITS, FUEL_UNIT_VALUES } from '#catalog/costs.ts'
import { parseMilli } from '#catalog/money.ts'

/**
 * The vehicle as the form, tRPC and REST send it (spec section 3 "Vehicle",
 * API.md field types, spec section 5 rules). Empty strings mean "not given".
 */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

const text = (max = 100) =>
  z.preprocess(blankToNull, z.string().trim().max(max, atMostCharacters(max)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).nullish()).transform((v) => v ?? null)

/** `label`: the field's label, an English text (said in the reader's language with the message). */
const required = (label: string, max = 100) =>
  z
    .string({ message: withValues(msg('{label} is required'), { label }) })
    .trim()
    .min(1, withValues(msg('{label} is required'), { label }))
    .max(max, atMostCharacters(max))
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)

const num = (opts: { int?: boolean; min?: number; max?: number } = {}) => {
  let n = z.coerce.number({ message: msg('Enter a number') })
  if (opts.int) n = n.int(msg('Enter a whole number'))
  n = n.min(opts.min ?? 0, withValues(msg('At least {n}'), { n: opts.min ?? 0 }))
  if (opts.max !== undefined) n = n.max(opts.max, withValues(msg('At most {n}'), { n: opts.max }))
  return z.preprocess(blankToNull, n.nullish()).transform((v) => v ?? null)
}

const flag = z
  .preprocess((v) => (v === 'on' || v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean().nullish())
  .transform((v) => v ?? false)

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
const date = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().slice(0, 10)) : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD')).refine(isRealDate, msg('Enter a real date')).nullish(),
  )
  .transform((v) => v ?? null)

/**
 * Fuel and energy (issue 36, decision 085): optional in every body, so a legacy client that does
 * not know them keeps what is stored (absent: unchanged; empty or null: cleared).
 */
const keepWhenAbsent = (v: unknown) => (v === undefined ? undefined : typeof v === 'string' && v.trim() === '' ? null : v)
export const FUEL_CAPACITY_MESSAGE = msg('Enter the tank size or battery capacity with at most three decimals')
const fuelUnit = z.preprocess(keepWhenAbsent, z.enum(FUEL_UNIT_VALUES, { message: msg('The fuel unit is gal, L or kWh') }).nullable().optional())
const fuelCapacity = z.preprocess(
  keepWhenAbsent,
  z
    .union([z.string(), z.number()])
    .transform((v, c) => {
      const n = typeof v === 'number' && !Number.isFinite(v) ? null : parseMilli(String(v))
      if (n === null || n <= 0 || n > COST_LIMITS.maxQuantityMilli) {
        c.addIssue({ code: 'custom', message: FUEL_CAPACITY_MESSAGE })
        return z.NEVER
      }
      return n
    })
    .nullable()
    .optional(),
)
const fuelCard = z.preprocess(
  keepWhenAbsent,
  z.string().trim().max(COST_LIMITS.textMax, atMostCharacters(COST_LIMITS.textMax)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).nullable().optional(),
)

/**
 * License plates (decision 012, amended): letters of any alphabet (some European plates have
 * Ä, Ö or Ü), digits 0–9, spaces, hyphens and dots, at least one letter or digit, 1–15
 * characters once trimmed, stored upper-cased. US plates have at most 8 characters; 15 leaves
 * room for separators and other countries' plates. Anything else (`<>`, slashes, quotes) is refused.
 */
export const LICENSE_PLATE_MAX = 15
const licensePlate = z
  .string({ message: msg('License plate is required') })
  .trim()
  .normalize('NFC')
  .toUpperCase()
  .min(1, msg('License plate is required'))
  .max(LICENSE_PLATE_MAX, withValues(msg('License plate may have at most {n} characters'), { n: LICENSE_PLATE_MAX }))
  .regex(/^[\p{L}0-9 .-]+$/u, msg('License plate may contain only letters, digits, spaces, hyphens (-) and dots (.)'))
  .regex(/[\p{L}0-9]/u, msg('License plate needs at least one letter or digit'))

/**
 * When a vehicle can have been built: not before 1900 and not after the end of next year (model
 * years run one ahead of the calendar). "Next year" is read when the input is checked, not when
 * the server started.
 */
const latestBuildYear = () => new Date().getUTCFullYear() + 1

const yearBuild = num({ int: true, min: VEHICLE_YEAR_MIN }).superRefine((v, ctx) => {
  if (v !== null && v > latestBuildYear()) ctx.addIssue({ code: 'custom', message: withValues(msg('At most {n}'), { n: latestBuildYear() }) })
})

const manufactureDate = date.superRefine((v, ctx) => {
  if (v === null) return
  const year = Number(v.slice(0, 4))
  if (year < VEHICLE_YEAR_MIN) ctx.addIssue({ code: 'custom', message: withValues(msg('Manufacture date cannot be before {date}'), { date: `${VEHICLE_YEAR_MIN}-01-01` }) })
  else if (year > latestBuildYear()) {
    ctx.addIssue({ code: 'custom', message: withValues(msg('Manufacture date cannot be after {date} (the end of next year)'), { date: `${latestBuildYear()}-12-31` }) })
  }
})

const enumNumber = (check: (v: unknown) => boolean, message: string) =>
  z
    .preprocess((v) => (v === '' || v === null || v === undefined || v === -1 || v === '-1' ? null : Number(v)), z.number().nullable())
    .refine((v) => v === null || check(v), message)

export const vehicleFieldsSchema = z.object({
  // General
  make: required(msg('Make')),
  model: required(msg('Model')),
  vin: z
    .string({ message: msg('VIN is required') })
    .trim()
    .toUpperCase()
    .min(1, msg('VIN is required'))
    .refine(isVinFormatValid, msg('A VIN has 17 letters and digits (no I, O or Q)')),
  licensePlate,
  vehicleIdentifier: text(40),
  key: text(100),
  yearBuild,
  manufactureDate,
  color: text(),
  bodyManufacturer: text(),
  // Performance
  fuelType: z
    .preprocess((v) => (v === '' || v === null || v === undefined || v === FUEL_TYPE_UNSELECTED || v === String(FUEL_TYPE_UNSELECTED) ? FUEL_TYPE_UNKNOWN : Number(v)), z.number())
    .refine(isFuelType, msg('Choose a fuel type from the list')),
  transmissionType: enumNumber(isTransmissionType, msg('Choose a transmission from the list')),
  powertrainType: enumNumber(isPowertrainType, msg('Choose a powertrain from the list')),
  tireSize: text(40),
  odometer: num({ int: true, max: 10_000_000 }),
  // Fuel and energy (decision 085): the unit, the tank size or usable battery capacity (in that unit), the fuel card.
  fuelUnit,
  fuelCapacity,
  fuelCard,
  // Physical
  lengthUnit: z.preprocess(blankToNull, z.enum(LENGTH_UNITS, { message: msg('Length unit is ft or m') }).nullish()).transform((v) => v ?? null),
  length: num({ max: 1000 }),
  width: num({ max: 1000 }),
  height: num({ max: 1000 }),
  weightClass: text(40),
  turningRadius: num({ max: 1000 }),
  // Safety
  adaCompliant: flag,
  gps: flag,
  driveCam: flag,
  backupCam: flag,
  emergencyExits: num({ int: true, max: 100 }),
  fireExtinguishers: num({ int: true, max: 100 }),
  firstAidKit: flag,
  // Seating and interior
  seatConfiguration: text(),
  numberOfSeats: num({ int: true, max: 200 }),
  seatbelts: flag,
  copilotSeat: flag,
  luggageOption: text(),
  destinationSigns: flag,
  entertainmentSystem: flag,
  usbChargingPorts: num({ int: true, max: 500 }),
  airConditioning: flag,
  // Regulatory
  titleHire: text(),
  insuranceValue: num({ max: 100_000_000 }),
  insuranceExpiry: date,
  sellValue: num({ max: 100_000_000 }),
  licenseExpiry: date,
  nextInspection: date,
  // Image: base64 (a data: prefix is accepted); null removes it; absent keeps it.
  // No length rule: the decoded size is the use case's (413 over 2 MiB, API.md); the body limit bounds the string.
  imageData: z.string().nullish(),
})

export type VehicleFields = z.output<typeof vehicleFieldsSchema>

export const addVehicleInput = vehicleFieldsSchema.extend({
  ownerId: z.coerce.number({ message: msg('ownerId (the owner company) is required') }).int().positive(),
})
export const updateVehicleInput = vehicleFieldsSchema.extend({
  id: z.coerce.number({ message: msg('id is required') }).int().positive(),
  /**
   * The version the edit started from (the page's hidden field, tRPC, and an optional REST
   * field): a stale one is refused with 409. Absent (legacy clients): the edit is not checked.
   */
  version: z.preprocess(blankToNull, z.coerce.number({ message: msg('version must be a number') }).int().positive().nullish()).transform((v) => v ?? null),
})

/** Where each field is shown in the dialog (spec: General, Performance, Physical, Safety, Seating and Interior, Regulatory, Image). */
export const VEHICLE_SECTIONS = ['General', 'Performance', 'Physical', 'Safety', 'Seating and Interior', 'Regulatory', 'Image'] as const
