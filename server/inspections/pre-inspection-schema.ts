import { z } from 'zod'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { ODOMETER_MAX } from '#catalog/odometer.ts'
import { atMostCharacters, freeText, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { PRE_TRIP_RULES } from './pre-trip-rules.ts'
import { optionalEngineHours } from '../fleet/engine-hours-schema.ts'
import { addDays } from '#catalog/expiry.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/**
 * The driver's pre-trip as every door sends it (API.md `submitPreInspection`, CHECKLISTS.md),
 * written once: the phone page checks it before posting or queueing, and
 * `submitPreInspection` checks it again for the page, tRPC and REST, naming every field at
 * once. Browser-safe: zod, `catalog/` and the shared text rules of `validation.ts` only.
 * Pictures are checked by their content on the server (413/415), not here.
 */

export { PRE_TRIP_RULES }

export const PRE_TRIP_TEXT = {
  required: msg('Required'),
  dateFuture: msg('The date cannot be in the future'),
  dateTooOld: withValues(msg('The date may be at most {n} days back'), { n: PRE_TRIP_RULES.daysBack }),
  timeFuture: withValues(msg('Cannot be more than {n} minutes in the future'), { n: PRE_TRIP_RULES.futureMinutes }),
  timeOutBeforeIn: msg('Time out must be after time in'),
  odometerEndBelowStart: msg('The end odometer cannot be below the start odometer'),
  checklistValue: msg('Answer true (Defective) or false (Ok)'),
  signature: msg('Sign the form: draw your signature or type your full name'),
  instant: msg('Use an ISO 8601 time, e.g. 2026-05-04T06:30:00Z'),
  tooManyPhotos: withValues(msg('At most {max} extra photos'), { max: PRE_TRIP_RULES.maxPhotos }),
} as const

const DATE = /^\d{4}-\d{2}-\d{2}$/
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/** Calendar-day arithmetic on YYYY-MM-DD: the one in catalog/expiry.ts. */
export { addDays }

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/** An optional free text (damage sides, comments): blank is null. */
const optionalText = () => z.preprocess(blankToNull, freeText(PRE_TRIP_RULES.textMax).nullish()).transform((v) => (v ? v : null))

/** An optional base64 picture (data: prefix accepted): blank is null; size and content are the server's check. */
const optionalImage = z.preprocess(blankToNull, z.string({ message: msg('Send the picture as base64') }).nullish()).transform((v) => v ?? null)

/**
 * An instant (API.md: ISO 8601 in UTC). A time without a zone is read as UTC, as the
 * contract says every instant is.
 */
const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i
export function parseInstant(v: unknown): Date | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v
  if (typeof v !== 'string') return undefined
  const s = v.trim()
  const iso = NO_ZONE.test(s) ? `${s}Z` : WITH_ZONE.test(s) ? s : undefined
  if (!iso) return undefined
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? undefined : d
}
const instant = z
  .preprocess((v) => parseInstant(v) ?? v, z.date({ message: PRE_TRIP_TEXT.instant }))
  .meta({ type: 'string', format: 'date-time', description: 'ISO 8601 instant in UTC' })

const odometer = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: msg('Enter the odometer as a whole number') })
    .int(msg('Enter a whole number'))
    .min(0, msg('At least 0'))
    .max(ODOMETER_MAX, withValues(msg('At most {n}'), { n: ODOMETER_MAX.toLocaleString('en-US') })),
)

/**
 * A checklist answer: `true` = Defective, `false` = Ok. A key the client leaves out (or sends
 * as null) is Ok: the spec lists only some keys and older clients send only those
 * (decision 024). Anything else is a 400 naming the key.
 */
const answer = z
  .boolean({ message: PRE_TRIP_TEXT.checklistValue })
  .nullish()
  .transform((v) => v ?? false)

type ChecklistShape = Record<PreInspectionItemKey, typeof answer>
const checklistShape = Object.fromEntries(PRE_INSPECTION_ITEMS.map((i) => [i.key, answer])) as ChecklistShape

type DamageShape = Record<DamageSideKey, ReturnType<typeof optionalText>>
const damageShape = Object.fromEntries(DAMAGE_SIDES.map((s) => [s.key, optionalText()])) as DamageShape

type SideImageShape = Record<(typeof DAMAGE_SIDES)[number]['imageField'], typeof optionalImage>
const sideImageShape = Object.fromEntries(DAMAGE_SIDES.map((s) => [s.imageField, optionalImage])) as SideImageShape

const photoName = z
  .preprocess(blankToNull, z.string().trim().max(100, msg('At most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).nullish())
  .transform((v) => v ?? null)

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, msg('The idempotency key cannot be empty'))
  .max(PRE_TRIP_RULES.idempotencyKeyMax, atMostCharacters(PRE_TRIP_RULES.idempotencyKeyMax))
  .regex(/^[\x21-\x7e]+$/, msg('Use printable ASCII characters without spaces (a UUID, for example)'))

/** What a filing must be checked against: the operator company's calendar date and the clock. */
export interface PreTripRulesContext {
  /** The operator company's "today" (YYYY-MM-DD, its time zone). */
  today: string
  now: Date
}

/** The whole pre-trip: API.md's body plus `signatureName`, `idempotencyKey` and `acknowledgedRepairActionIds`. */
export function preInspectionFields({ today, now }: PreTripRulesContext) {
  const latest = new Date(now.getTime() + PRE_TRIP_RULES.futureMinutes * 60_000)
  const earliestDate = today ? addDays(today, -PRE_TRIP_RULES.daysBack) : ''
  return z
    .object({
      vehicleIdentifier: z.string({ message: msg('Vehicle identifier is required') }).trim().min(1, msg('Vehicle identifier is required')).max(40, msg('At most 40 characters')),
      date: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
        z.string({ message: msg('Date is required') }).regex(DATE, msg('Use the format YYYY-MM-DD')).refine(isRealDate, msg('Enter a real date')),
      ),
      timeIn: instant,
      timeOut: z.preprocess(blankToNull, instant.nullish()).transform((v) => v ?? null),
      odometerStart: odometer,
      odometerEnd: z.preprocess(blankToNull, odometer.nullish()).transform((v) => v ?? null),
      /** The hour meter (issue 35), optional: old clients never send it; recorded as an engine-hour reading. */
      engineHours: optionalEngineHours,
      ...checklistShape,
      ...damageShape,
      ...sideImageShape,
      comments: optionalText(),
      driverSignature: optionalImage,
      /** The typed full name that signs a form filed without JavaScript. */
      signatureName: z
        .preprocess(blankToNull, z.string().trim().max(100, msg('At most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).nullish())
        .transform((v) => v ?? null),
      photos: z
        .array(z.object({ photo: z.string({ message: msg('Send the photo as base64') }), name: photoName }), { message: 'A list of {photo, name}' })
        .max(PRE_TRIP_RULES.maxPhotos, PRE_TRIP_TEXT.tooManyPhotos)
        .nullish()
        .transform((v) => v ?? []),
      idempotencyKey: z.preprocess(blankToNull, idempotencyKeySchema.nullish()).transform((v) => v ?? null),
      /** The certified (Repaired) repair actions of this vehicle the driver acknowledges. */
      acknowledgedRepairActionIds: z
        .array(
          z.preprocess(
            (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
            z.number({ message: msg('A repair action id') }).int(msg('A repair action id')).positive(msg('A repair action id')).max(2_147_483_647, msg('A repair action id')),
          ),
          { message: msg('A list of repair action ids') },
        )
        .max(PRE_TRIP_RULES.maxAcknowledgements, withValues(msg('At most {n}'), { n: PRE_TRIP_RULES.maxAcknowledgements }))
        .nullish()
        .transform((v) => [...new Set(v ?? [])]),
    })
    .superRefine(
      (v, ctx) => {
        // Runs even when a field failed, so that every problem is named at once (values are checked by type).
        if (!v || typeof v !== 'object') return
        if (typeof v.date === 'string' && DATE.test(v.date) && today) {
          if (v.date > today) ctx.addIssue({ code: 'custom', path: ['date'], message: PRE_TRIP_TEXT.dateFuture })
          else if (v.date < earliestDate) ctx.addIssue({ code: 'custom', path: ['date'], message: PRE_TRIP_TEXT.dateTooOld })
        }
        if (v.timeIn instanceof Date && v.timeIn > latest) ctx.addIssue({ code: 'custom', path: ['timeIn'], message: PRE_TRIP_TEXT.timeFuture })
        if (v.timeOut instanceof Date) {
          if (v.timeOut > latest) ctx.addIssue({ code: 'custom', path: ['timeOut'], message: PRE_TRIP_TEXT.timeFuture })
          else if (v.timeIn instanceof Date && v.timeOut <= v.timeIn) ctx.addIssue({ code: 'custom', path: ['timeOut'], message: PRE_TRIP_TEXT.timeOutBeforeIn })
        }
        if (typeof v.odometerStart === 'number' && typeof v.odometerEnd === 'number' && v.odometerEnd < v.odometerStart) {
          ctx.addIssue({ code: 'custom', path: ['odometerEnd'], message: PRE_TRIP_TEXT.odometerEndBelowStart })
        }
        if (!v.driverSignature && !v.signatureName) ctx.addIssue({ code: 'custom', path: ['driverSignature'], message: PRE_TRIP_TEXT.signature })
      },
      { when: () => true },
    )
}

/** The body's shape, for REST's key binding and the OpenAPI document (the date rules need the company). */
export const preInspectionBody = preInspectionFields({ today: '', now: new Date(8.64e15) })

export type PreInspectionInput = z.input<ReturnType<typeof preInspectionFields>>
export type PreInspectionValues = z.output<ReturnType<typeof preInspectionFields>>

/** The keys a pre-trip answers: the checklist of CHECKLISTS.md, in its order. */
export const PRE_TRIP_CHECKLIST_KEYS: readonly PreInspectionItemKey[] = PRE_INSPECTION_ITEMS.map((i) => i.key)

/** Whether a filed pre-trip is satisfactory (no Defective item); the server computes it this way. */
export function isPreTripSatisfactory(values: Partial<Record<PreInspectionItemKey, boolean | null | undefined>>): boolean {
  return PRE_TRIP_CHECKLIST_KEYS.every((k) => values[k] !== true)
}
