import { z } from 'zod'
import { INSPECTION_ITEM_KEYS, INSPECTION_ITEM_STATUS, type InspectionItemKey } from '#catalog/inspection-checklist.ts'
import { ODOMETER_MAX } from '#catalog/odometer.ts'
import { ANNUAL_INSPECTION_REQUIRED_KEYS, ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import { nextAnnualInspectionDue } from '#catalog/compliance.ts'
import { freeText, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { addDays } from '#catalog/expiry.ts'
import { optionalEngineHours } from '../fleet/engine-hours-schema.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/**
 * The mechanic's inspection as every door sends it (API.md `submitInspection`, plus our
 * `signatureName`, `odometer` and `idempotencyKey`), written once: the page checks it in the
 * browser and the use case checks it again with this schema, so every door names the same
 * fields with the same texts, all at once. Browser-safe: zod, catalog/ and the text rules only.
 * The date window (decision 026) needs the filer's companies' "today": it is a parameter.
 */

/** At most this many photos per inspection (each at most 2 MiB decoded; the body is 32 MiB). */
export const INSPECTION_MAX_PHOTOS = 10
/** A paper form entered late: the inspection date may be up to this many days back (as the pre-trip). */
export const INSPECTION_DAYS_BACK = 7
/** Base64 of a 2 MiB image is about 2.8 million characters; anything longer is refused as too large before decoding. */
const MAX_IMAGE_TEXT = 3_000_000

export const INSPECTION_TEXT = {
  required: msg('Required'),
  vehicleRequired: msg('Enter the vehicle identifier'),
  status: msg('Choose Satisfactory, Unsatisfactory or Not applicable (status 0, 1 or 2)'),
  commentRequired: msg('A comment is required when the item is Unsatisfactory'),
  dateFuture: msg('The inspection date cannot be in the future'),
  dateTooOld: withValues(msg('The inspection date may be at most {n} days back'), { n: INSPECTION_DAYS_BACK }),
  dateInvalid: msg('Use a real date in the format YYYY-MM-DD'),
  signatureRequired: msg('Sign the inspection: draw your signature or type your full name'),
  odometer: withValues(msg('The odometer is a whole number from 0 to {max}'), { max: ODOMETER_MAX.toLocaleString('en-US') }),
  tooManyPhotos: withValues(msg('At most {max} photos'), { max: INSPECTION_MAX_PHOTOS }),
  photoRequired: msg('The photo is empty'),
  imageTooLarge: msg('Image too large'),
  vehicleNotFound: msg('Vehicle not found'),
  notAllowed: msg('Only an active Mechanic, or an Operator or Repair shop manager, may file an inspection'),
  unrelatedNotice:
    msg('Your company has no relation to this vehicle (not its owner, its operator or its repair shop): the inspection will be sent to the owner for review and changes nothing on the vehicle until the owner accepts it.'),
  filedForReview: msg("Inspection filed. The vehicle's owner will review it: it changes nothing on the vehicle until they accept it."),
} as const

/** The first and last date accepted, `YYYY-MM-DD` (null: the date's format alone is checked). */
export interface InspectionDateWindow {
  earliest: string
  latest: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** True for a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(v: string): boolean {
  if (!DATE.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

/** Calendar-day arithmetic on YYYY-MM-DD: the one in catalog/expiry.ts. */
export { addDays }

/**
 * The vehicle's next inspection after a satisfactory one (PRODUCT.md: one year after the
 * inspection date). February 29 becomes February 28 of the next year, never March 1.
 */
export function oneYearAfter(date: string): string {
  // Decision 066: the same rule as the annual inspection's due date (49 CFR 396.17(c)).
  return nextAnnualInspectionDue(date)
}

/** A checkbox's 'true'/'on'/'1' (or a boolean); blank or absent is unset. Anything else is left for the rule to refuse. */
const checkbox = (v: unknown) =>
  v === undefined || v === null || v === '' ? undefined : v === true || v === 'true' || v === 'on' || v === '1' ? true : v === false || v === 'false' || v === '0' ? false : v

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v)
/** Form fields arrive as text: '1' is 1; anything else is left for the rule to refuse. */
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v)

const status = z.preprocess(
  numeric,
  z.union([z.literal(INSPECTION_ITEM_STATUS.Satisfactory), z.literal(INSPECTION_ITEM_STATUS.Unsatisfactory), z.literal(INSPECTION_ITEM_STATUS.NotApplicable)], {
    message: INSPECTION_TEXT.status,
  }),
)

/** One checklist item: `{status, comments}`; the comment is required when Unsatisfactory. */
export const inspectionItemAnswer = z
  .object(
    {
      status,
      comments: z.preprocess((v) => (v === null ? undefined : v), freeText(2000).optional()),
    },
    { message: INSPECTION_TEXT.required },
  )
  .superRefine((v, ctx) => {
    if (v.status === INSPECTION_ITEM_STATUS.Unsatisfactory && !v.comments) {
      ctx.addIssue({ code: 'custom', path: ['comments'], message: INSPECTION_TEXT.commentRequired })
    }
  })

const itemsShape = Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [k, inspectionItemAnswer])) as Record<
  InspectionItemKey,
  typeof inspectionItemAnswer
>

const photo = z.object(
  {
    photo: z.string({ message: INSPECTION_TEXT.photoRequired }).min(1, INSPECTION_TEXT.photoRequired).max(MAX_IMAGE_TEXT, INSPECTION_TEXT.imageTooLarge),
    name: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() ? v : 'photo'),
      z.string().trim().max(100, msg('At most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
    ),
  },
  { message: INSPECTION_TEXT.photoRequired },
)

/** The whole filing. `window` is the accepted date range (decision 026); null checks the format only. */
export function inspectionInput(window: InspectionDateWindow | null) {
  return z
    .object({
      vehicleIdentifier: z.string({ message: INSPECTION_TEXT.vehicleRequired }).trim().min(1, INSPECTION_TEXT.vehicleRequired).max(100, msg('At most 100 characters')),
      inspectionDate: z
        .string({ message: INSPECTION_TEXT.required })
        .trim()
        .refine(isCalendarDate, INSPECTION_TEXT.dateInvalid)
        .refine((v) => !window || !isCalendarDate(v) || v <= window.latest, INSPECTION_TEXT.dateFuture)
        .refine((v) => !window || !isCalendarDate(v) || v >= window.earliest, INSPECTION_TEXT.dateTooOld),
      /** The drawn signature: a base64 PNG/JPEG/WebP (a `data:` prefix accepted). */
      inspectorSignature: z.preprocess(blankToUndefined, z.string().max(MAX_IMAGE_TEXT, INSPECTION_TEXT.imageTooLarge).optional()),
      /** The typed full name that signs without JavaScript (or instead of a drawing). */
      signatureName: z.preprocess(
        blankToUndefined,
        z.string().trim().min(2, msg('Type your full name')).max(100, msg('At most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional(),
      ),
      odometer: z.preprocess(
        (v) => numeric(blankToUndefined(v)),
        z.number({ message: INSPECTION_TEXT.odometer }).int(INSPECTION_TEXT.odometer).min(0, INSPECTION_TEXT.odometer).max(ODOMETER_MAX, INSPECTION_TEXT.odometer).optional(),
      ),
      /** The hour meter (issue 35), optional: old clients never send it; recorded as an engine-hour reading. */
      engineHours: optionalEngineHours,
      idempotencyKey: z.preprocess(
        blankToUndefined,
        z.string().trim().max(100, msg('At most 100 characters')).regex(/^[\x21-\x7e]+$/, msg('Letters, digits and punctuation only')).optional(),
      ),
      // Not wrapped in a preprocess: REST binds the photos' keys (`Photo`, `Name`) through this array.
      photos: z.array(photo).max(INSPECTION_MAX_PHOTOS, INSPECTION_TEXT.tooManyPhotos).nullish(),
      /** Marked as the annual inspection (49 CFR 396.17, decision 066): a boolean, or the form's checkbox. */
      isAnnual: z.preprocess(checkbox, z.boolean({ message: msg('Choose true or false') }).optional()),
      ...itemsShape,
    })
    .superRefine((v, ctx) => {
      // Decision 066: an annual inspection covers every Appendix G item; none of them may be Not applicable.
      if (v.isAnnual !== true) return
      for (const key of ANNUAL_INSPECTION_REQUIRED_KEYS) {
        if (v[key]?.status === INSPECTION_ITEM_STATUS.NotApplicable) ctx.addIssue({ code: 'custom', path: [key, 'status'], message: ANNUAL_TEXT.itemNotCovered })
      }
    })
    .refine((v) => !!v.inspectorSignature || !!v.signatureName, {
      path: ['inspectorSignature'],
      message: INSPECTION_TEXT.signatureRequired,
      // Checked with the other fields' problems too, so one 400 names them all.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    })
}

/** The body's shape for REST's key binding and the OpenAPI document. */
export const inspectionBody = inspectionInput(null)
export type InspectionInput = z.input<typeof inspectionBody>
export type InspectionValues = z.output<typeof inspectionBody>

/**
 * What an inspector sees of the vehicle in front of them (decisions 026, 062): what is written on
 * it, no more. A company with no relation to the bus that typed its identifier sees only what
 * is painted on it (identifier, make, model, plate); the rest is null, and so is the id.
 */
export interface InspectedVehicle {
  id: number | null
  vehicleIdentifier: string
  make: string
  model: string
  yearBuild: number | null
  vin: string | null
  licensePlate: string
  odometer: number | null
  nextInspection: string | null
  /** False: the inspector's company has no relation to the bus; a filing waits for the owner's review. */
  related: boolean
}

/** The lookup of /InspectionPage: an identifier typed, or the text of a vehicle's QR (its `/vehicles/{token}` link). */
export const findVehicleInput = z.object({
  vehicle: z.string({ message: INSPECTION_TEXT.vehicleRequired }).trim().min(1, INSPECTION_TEXT.vehicleRequired).max(500, msg('At most 500 characters')),
})

/** A vehicle's QR token: 12 random bytes (96 bits) in hex, short enough for a small QR (db/schema/fleet.ts `qrToken`). */
const QR_TOKEN = /^[0-9a-f]{24}$/i

/**
 * What a vehicle link names (`…/vehicles/{token}` printed on QR codes since decision 062, or the
 * plain `…/vehicles/{id}` of older prints), with or without the origin; null for anything else.
 */
export function vehicleRefFromLink(text: string): VehicleRef | null {
  const m = /^(?:https?:\/\/[^/\s]+)?\/vehicles\/([^/?#\s]{1,64})\/?(?:[?#].*)?$/i.exec(text.trim())
  if (!m) return null
  return vehicleRefOf(m[1]!)
}

export type VehicleRef = { token: string } | { id: number }

/** A path segment naming a vehicle: its QR token, or its plain id; null otherwise. */
export function vehicleRefOf(segment: string): VehicleRef | null {
  if (QR_TOKEN.test(segment)) return { token: segment.toLowerCase() }
  if (!/^\d{1,15}$/.test(segment)) return null
  const id = Number(segment)
  return Number.isSafeInteger(id) && id > 0 ? { id } : null
}
