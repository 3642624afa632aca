/** The Add vehicle request form: its values, its errors (the browser's check and the server's), the overlap warning. */
import type { Locale } from '#catalog/i18n.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { vehicleRequestFields } from '#server/fleet/vehicle-request-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import type { VEHICLE_REQUEST_INTENT } from './intents.ts'
import { REQUEST_PAGE_TEXT } from './texts.ts'

export type RequestField = 'vehicleIdentifier' | 'startDate' | 'endDate'

export interface RequestFormValues {
  vehicleIdentifier: string
  startDate: string
  endDate: string
}

export interface RequestFormErrors {
  /** A message for the whole form (shown once, above the fields). */
  formError: string | null
  fieldErrors: Partial<Record<RequestField, string>>
}

/** What the action answers when the Add vehicle request form fails. */
export interface CreateRequestResult extends RequestFormErrors {
  intent: typeof VEHICLE_REQUEST_INTENT.create
  values: RequestFormValues
}

export const EMPTY_REQUEST_VALUES: RequestFormValues = { vehicleIdentifier: '', startDate: '', endDate: '' }

const REQUEST_FIELDS: readonly RequestField[] = ['vehicleIdentifier', 'startDate', 'endDate']

/**
 * What the form shows for the rules' field messages (from the browser's check
 * or the server's 400): each field's message, and the "required" text once
 * above the fields.
 */
export function requestFormErrors(fieldErrors: Readonly<Record<string, string>>): RequestFormErrors {
  const own: RequestFormErrors['fieldErrors'] = {}
  for (const f of REQUEST_FIELDS) if (fieldErrors[f]) own[f] = fieldErrors[f]
  return { formError: Object.values(own).includes(REQUEST_PAGE_TEXT.required) ? REQUEST_PAGE_TEXT.required : null, fieldErrors: own }
}

/**
 * The spec's rules (section 5) in the browser, with the schema the use case
 * checks again (every door). `today` is the operator company's calendar date.
 */
export function validateRequestForm(values: RequestFormValues, today: string): RequestFormErrors {
  const result = vehicleRequestFields(today).safeParse(values)
  return requestFormErrors(result.success ? {} : fieldErrorsOf(result.error))
}

export function hasRequestFormErrors(errors: RequestFormErrors): boolean {
  return Boolean(errors.formError) || Object.keys(errors.fieldErrors).length > 0
}

/** An assignment of the asked vehicle that overlaps the chosen dates (only its dates). */
export interface RequestOverlap {
  startDate: string
  endDate: string | null
}

/**
 * The warning under the dates when the bus is already assigned for part of them (decision 059).
 * The request can still be sent (API.md: only the owner's approval refuses an overlap).
 */
export function overlapWarning(
  overlaps: readonly RequestOverlap[],
  t: (id: string, values?: Record<string, unknown>) => string = (id, values) => (values ? id.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k])) : id),
  locale: Locale = 'en',
): string | null {
  if (!overlaps.length) return null
  const spans = overlaps.map((o) => `${formatDateOnly(o.startDate, locale)} – ${o.endDate ? formatDateOnly(o.endDate, locale) : t('open-ended')}`)
  return t('This vehicle is already assigned for part of these dates ({spans}). You can still send the request; the owner decides.', { spans: spans.join('; ') })
}
