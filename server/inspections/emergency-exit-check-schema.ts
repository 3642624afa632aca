import { z } from 'zod'
import { EMERGENCY_EXIT_ITEM_KEYS, EMERGENCY_EXIT_ITEMS, type EmergencyExitItemKey } from '#catalog/compliance.ts'
import { freeText, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { isCalendarDate } from './inspection-schema.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/**
 * The 90-day emergency-exit check (49 CFR 396.3(b)(4), issue 23, decision 065) as every door
 * sends it: the vehicle, the date, the three items of catalog/compliance.ts each
 * `{status: 0|1, comments}` (comment required when Unsatisfactory), a drawn signature (PNG) or
 * the typed name that signs without JavaScript, and an idempotency key. Browser-safe.
 */

/** A paper form entered late: the check date may be up to this many days back (as the inspection). */
export const EMERGENCY_EXIT_CHECK_DAYS_BACK = 7
/** Base64 of a 2 MiB image is about 2.8 million characters. */
const MAX_IMAGE_TEXT = 3_000_000

export const EMERGENCY_EXIT_TEXT = {
  title: msg('Emergency exits: 90-day check'),
  help: msg('For every bus, the push-out windows, the emergency doors and the emergency door marking lights are inspected at least every 90 days (49 CFR 396.3(b)(4)). Open and close each exit, check its release and its marking, and answer each item. An Unsatisfactory item opens a repair action and puts the bus out of service until the repair is certified.'),
  required: msg('Required'),
  status: msg('Choose Satisfactory or Unsatisfactory (status 0 or 1)'),
  commentRequired: msg('A comment is required when the item is Unsatisfactory'),
  dateFuture: msg('The check date cannot be in the future'),
  dateTooOld: withValues(msg('The check date may be at most {n} days back'), { n: EMERGENCY_EXIT_CHECK_DAYS_BACK }),
  dateInvalid: msg('Use a real date in the format YYYY-MM-DD'),
  signatureRequired: msg('Sign the check: draw your signature or type your full name'),
  vehicleNotFound: msg('Vehicle not found'),
  checkNotFound: msg('Emergency-exit check not found'),
  notAllowed: msg('Only a Mechanic of a company related to this vehicle, or a Driver of the operator with its active assignment, may file its emergency-exit check'),
  keyReused: msg('This idempotency key was already used for a check of another vehicle'),
  filed: msg('Emergency-exit check filed.'),
  filedWithRepair: msg('Emergency-exit check filed. A repair action was opened: the vehicle is out of service until it is repaired.'),
} as const

/** The state words of a due date: catalog/compliance.ts (the fleet tab reads them there, without zod). */
export { DUE_STATE_LABELS } from '#catalog/compliance.ts'

export interface EmergencyExitDateWindow {
  earliest: string
  latest: string
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v)
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v)

export const emergencyExitItemAnswer = z
  .object(
    {
      status: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { message: EMERGENCY_EXIT_TEXT.status })),
      comments: z.preprocess((v) => (v === null ? undefined : v), freeText(2000).optional()),
    },
    { message: EMERGENCY_EXIT_TEXT.required },
  )
  .superRefine((v, ctx) => {
    if (v.status === 1 && !v.comments) ctx.addIssue({ code: 'custom', path: ['comments'], message: EMERGENCY_EXIT_TEXT.commentRequired })
  })

const itemsShape = Object.fromEntries(EMERGENCY_EXIT_ITEM_KEYS.map((k) => [k, emergencyExitItemAnswer])) as Record<EmergencyExitItemKey, typeof emergencyExitItemAnswer>

/** The whole filing. `window` is the accepted date range (the acting company's today, 7 days back); null checks the format only. */
export function emergencyExitCheckInput(window: EmergencyExitDateWindow | null) {
  return z
    .object({
      vehicleId: z.coerce.number({ message: EMERGENCY_EXIT_TEXT.vehicleNotFound }).int().positive(EMERGENCY_EXIT_TEXT.vehicleNotFound),
      /** Default: today in the time zone of the company the filer acts for. */
      checkDate: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .refine(isCalendarDate, EMERGENCY_EXIT_TEXT.dateInvalid)
          .refine((v) => !window || !isCalendarDate(v) || v <= window.latest, EMERGENCY_EXIT_TEXT.dateFuture)
          .refine((v) => !window || !isCalendarDate(v) || v >= window.earliest, EMERGENCY_EXIT_TEXT.dateTooOld)
          .optional(),
      ),
      /** The drawn signature: a base64 PNG (a `data:` prefix accepted), checked by its content. */
      inspectorSignature: z.preprocess(blankToUndefined, z.string().max(MAX_IMAGE_TEXT, msg('Image too large')).optional()),
      /** The typed full name that signs without JavaScript. */
      signatureName: z.preprocess(
        blankToUndefined,
        z.string().trim().min(2, msg('Type your full name')).max(100, msg('At most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional(),
      ),
      idempotencyKey: z.preprocess(
        blankToUndefined,
        z.string().trim().max(100, msg('At most 100 characters')).regex(/^[\x21-\x7e]+$/, msg('Letters, digits and punctuation only')).optional(),
      ),
      ...itemsShape,
    })
    .refine((v) => !!v.inspectorSignature || !!v.signatureName, {
      path: ['inspectorSignature'],
      message: EMERGENCY_EXIT_TEXT.signatureRequired,
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    })
}

/** The body's shape for REST's key binding and the OpenAPI document. */
export const emergencyExitCheckBody = emergencyExitCheckInput(null)
export type EmergencyExitCheckInput = z.input<typeof emergencyExitCheckBody>
export type EmergencyExitCheckValues = z.output<typeof emergencyExitCheckBody>

export { EMERGENCY_EXIT_ITEMS }
