/**
 * Form intents, texts, data shapes and the browser-side rules of the vehicle
 * request pages (/operatorRequestPage/{companyId}, /ownerRequestPage/{companyId}),
 * shared by the components (client) and their loaders and actions (server).
 */

import { VEHICLE_REQUEST_TEXT } from '#catalog/texts.ts'

export const VEHICLE_REQUEST_INTENT = {
  create: 'createVehicleRequest',
  cancel: 'cancelVehicleRequest',
  approve: 'approveVehicleRequest',
  reject: 'rejectVehicleRequest',
} as const
export type VehicleRequestIntent = (typeof VEHICLE_REQUEST_INTENT)[keyof typeof VEHICLE_REQUEST_INTENT]

/** The spec's texts (sections 2, 5 and 8), verbatim; the rule texts from the catalogue the domain uses. */
export const REQUEST_PAGE_TEXT = {
  ...VEHICLE_REQUEST_TEXT,
  operatorTitle: 'Request vehicle',
  ownerTitle: 'Pending Vehicle Requests',
  createRequest: 'Create request',
  addVehicleRequest: 'Add vehicle request',
  sendRequest: 'Send request',
  confirmAccept: 'Are you sure you want to accept this request?',
  confirmReject: 'Are you sure you want to reject this request?',
  confirmCancel: 'Are you sure you want to cancel this request?',
  requestSent: 'Vehicle request sent.',
  openEnded: 'Open-ended',
} as const

/** "About 3 seconds" (spec section 9: request messages). */
export const REQUEST_TOAST_MS = 3000

/** `?dialog=create`: the Add vehicle request form inline (the way in without JavaScript). */
export const CREATE_DIALOG_PARAM = { name: 'dialog', value: 'create' } as const

/** A vehicle operation request as the tables show it. */
export interface VehicleRequestView {
  id: number
  vehicleIdentifier: string
  ownerCompanyName: string
  operatorCompanyName: string
  status: string
  /** 'YYYY-MM-DD'. */
  startDate: string
  startDateLabel: string
  /** 'YYYY-MM-DD', or null for an open-ended request. */
  endDate: string | null
  /** "Open-ended" when endDate is null. */
  endDateLabel: string
  /** ISO instant. */
  requestedAt: string
  /** The instant in the company's time zone, e.g. "Mar 4, 2025, 2:30 PM". */
  requestedAtLabel: string
}

/** A list of requests, or the server's message when it could not be read. */
export interface VehicleRequestList {
  companyId: number
  requests: VehicleRequestView[]
  error: string | null
}

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

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The spec's three rules (section 5), as the browser checks them before
 * sending; the server checks them again. `today` is the operator company's
 * calendar date ('YYYY-MM-DD'). An empty end date is allowed (open-ended).
 */
export function validateRequestForm(values: RequestFormValues, today: string): RequestFormErrors {
  const fieldErrors: RequestFormErrors['fieldErrors'] = {}
  let formError: string | null = null
  const vehicleIdentifier = values.vehicleIdentifier.trim()
  const startDate = values.startDate.trim()
  const endDate = values.endDate.trim()
  if (!vehicleIdentifier || !startDate) {
    formError = REQUEST_PAGE_TEXT.required
    if (!vehicleIdentifier) fieldErrors.vehicleIdentifier = REQUEST_PAGE_TEXT.required
    if (!startDate) fieldErrors.startDate = REQUEST_PAGE_TEXT.required
  }
  if (startDate && DATE.test(startDate) && startDate < today) fieldErrors.startDate = REQUEST_PAGE_TEXT.startBeforeToday
  if (endDate && startDate && DATE.test(endDate) && DATE.test(startDate) && endDate < startDate) {
    fieldErrors.endDate = REQUEST_PAGE_TEXT.endBeforeStart
  }
  return { formError, fieldErrors }
}

export function hasRequestFormErrors(errors: RequestFormErrors): boolean {
  return Boolean(errors.formError) || Object.keys(errors.fieldErrors).length > 0
}

const dateOnlyFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** 'YYYY-MM-DD' → "Mar 4, 2025" (a calendar date, no time zone shift). */
export function formatDateOnly(value: string): string {
  if (!DATE.test(value)) return value
  const date = new Date(`${value}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? value : dateOnlyFormat.format(date)
}

/** An ISO instant → "Mar 4, 2025, 2:30 PM" in the company's time zone. */
export function formatInstant(iso: string, timeZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)
  }
}
