import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { text } from '#app/utils/form-data.ts'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { attempt, companyPage, type PageArgs, type PageContext, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { VEHICLE_REQUEST_RESPONSE_MESSAGES } from '#catalog/statuses.ts'
import { companyToday } from '#server/access/vehicle-access.server.ts'
import {
  cancelVehicleRequest,
  createVehicleRequest,
  listAnsweredRequestsByOwner,
  listPendingRequestsByOwner,
  listRequestsByOperator,
  respondToVehicleRequest,
  vehicleRequestOverlaps,
  type VehicleRequestRow,
} from '#server/fleet/vehicle-requests.server.ts'
import { logger } from '#server/log.server.ts'
import { leasesOfRequests } from '#server/leases/lease-agreements.server.ts'
import { LEASE_STATE_LABELS } from '#server/leases/lease-text.ts'
import { CREATE_DIALOG_PARAM, VEHICLE_REQUEST_INTENT } from '#app/components/requests/intents.ts'
import { type CreateRequestResult, type RequestFormValues, overlapWarning, requestFormErrors } from '#app/components/requests/request-form.ts'
import { REQUEST_PAGE_TEXT } from '#app/components/requests/texts.ts'
import type { VehicleRequestList, VehicleRequestView } from '#app/components/requests/view-types.ts'
import { handleJoinRequestIntent, loadOwnerJoinRequests } from './join-requests-page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { currentLocale, translateForRequest, translator } from '#server/i18n/messages.server.ts'

/** The page itself, without `?dialog=create` or Remix's own parameters: where every answer goes back to. */
function pagePath(request: Request): string {
  return new URL(request.url).pathname
}

function toView(row: VehicleRequestRow, timeZone: string): VehicleRequestView {
  const locale = currentLocale()
  return {
    id: row.id,
    vehicleIdentifier: row.vehicleIdentifier,
    ownerCompanyName: row.ownerCompanyName,
    operatorCompanyName: row.operatorCompanyName,
    status: row.status,
    startDate: row.startDate,
    startDateLabel: formatDateOnly(row.startDate, locale),
    endDate: row.endDate,
    endDateLabel: row.endDate ? formatDateOnly(row.endDate, locale) : translateForRequest(REQUEST_PAGE_TEXT.openEnded),
    requestedAt: row.requestedAt,
    requestedAtLabel: formatInstant(row.requestedAt, timeZone, locale),
  }
}

/** A list the page shows; a failure to read it is shown on the page with the server's message. */
async function loadList(companyId: number, timeZone: string, read: () => Promise<VehicleRequestRow[]>): Promise<VehicleRequestList> {
  const rows = await attempt(read)
  if (!rows.ok) return { companyId, requests: [], error: refusalText(rows.error) }
  return { companyId, requests: rows.value.map((r) => toView(r, timeZone)), error: null }
}

// Operator: /operatorRequestPage/{companyId} --------------------------------------------

/** Loader of /operatorRequestPage/{companyId}: the operator company's requests, newest first. */
export async function operatorRequestPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const [company, today] = await Promise.all([getCompany(ctx, companyId), companyToday(ctx, companyId)])
  const list = await loadList(companyId, company.timeZone, () => listRequestsByOperator(ctx, companyId))
  // The operator's managers sign their side of the lease from here (decision 064).
  const approved = list.requests.filter((r) => r.status === 'Approved').map((r) => r.id)
  const leases = await leasesOfRequests(ctx, companyId, approved)
  for (const r of list.requests) {
    const lease = leases.get(r.id)
    r.lease = lease ? { id: lease.id, label: translateForRequest(LEASE_STATE_LABELS[lease.state]) } : null
  }
  const url = new URL(args.request.url)
  return {
    title: translateForRequest(REQUEST_PAGE_TEXT.operatorTitle),
    companyId,
    /** The company's calendar date: the start date's minimum. */
    today,
    /** `?dialog=create`: the Add vehicle request form inline (no JavaScript). */
    createInline: url.searchParams.get(CREATE_DIALOG_PARAM.name) === CREATE_DIALOG_PARAM.value,
    list,
    messages: routeMessages(args.request, 'requests'),
  }
}

function createFailure(values: RequestFormValues, errors: Omit<CreateRequestResult, 'intent' | 'values'>, status: number) {
  return data<CreateRequestResult>({ intent: VEHICLE_REQUEST_INTENT.create, values, ...errors }, { status })
}

/**
 * "Send request": the use case checks the spec's rules (the schema the form
 * checks in the browser, all reported at once) and looks the vehicle up.
 * Success → back to the list with a toast; failure → the form again with its
 * values and messages (status 400, 404 or 409).
 */
async function createRequest(args: PageArgs, ctx: PageContext, companyId: number, form: FormData) {
  const values: RequestFormValues = {
    vehicleIdentifier: text(form, 'vehicleIdentifier').trim(),
    startDate: text(form, 'startDate').trim(),
    endDate: text(form, 'endDate').trim(),
  }
  const created = await attempt(() => createVehicleRequest(ctx, { ...values, operatorCompanyId: companyId }))
  if (created.ok) {
    // The bus already assigned for part of these dates: sent, with the warning (decision 059).
    const overlaps = await attempt(() => vehicleRequestOverlaps(ctx, { ...values, endDate: values.endDate || null, operatorCompanyId: companyId }))
    const t = translator(currentLocale())
    const warning = overlaps.ok ? overlapWarning(overlaps.value.overlaps, t, currentLocale()) : null
    // Two sentences, each translated (the toast's own translation then leaves the text as it is).
    if (warning) return redirectWithToast(pagePath(args.request), { type: 'warning', message: `${t(REQUEST_PAGE_TEXT.requestSent)} ${warning}` })
    return redirectWithToast(pagePath(args.request), { type: 'success', message: REQUEST_PAGE_TEXT.requestSent })
  }
  const { status, fieldErrors = {}, message } = created.error
  const errors = requestFormErrors(fieldErrors)
  // The spec's text, said once above the fields; the vehicle identifier is marked and points to it (decision 059).
  if (status === 404 || status === 409) {
    return createFailure(values, { formError: REQUEST_PAGE_TEXT.createFailed, fieldErrors: { vehicleIdentifier: REQUEST_PAGE_TEXT.createFailed } }, status)
  }
  const known = Object.keys(errors.fieldErrors).length > 0
  return createFailure(values, { ...errors, formError: errors.formError ?? (known ? null : translateForRequest(message)) }, status)
}

/** Cancel (only while Pending). Spec: a failed cancel is only logged; the list shows the real status. */
async function cancelRequest(args: PageArgs, ctx: PageContext, companyId: number, form: FormData) {
  const requestId = text(form, 'requestId')
  const cancelled = await attempt(() => cancelVehicleRequest(ctx, { id: requestId, operatorCompanyId: companyId }))
  if (cancelled.ok) return redirectWithToast(pagePath(args.request), { type: 'success', message: cancelled.value.message })
  const { status, message: reason } = cancelled.error
  logger().warn({ companyId, requestId, status, reason }, 'cancelling a vehicle request failed')
  return redirect(pagePath(args.request))
}

/** Action of /operatorRequestPage/{companyId}: "Send request" and "Cancel", told apart by `intent`. */
export async function operatorRequestPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (intent === VEHICLE_REQUEST_INTENT.create) return createRequest(args, ctx, companyId, form)
  if (intent === VEHICLE_REQUEST_INTENT.cancel) return cancelRequest(args, ctx, companyId, form)
  // A form this page does not have: back to the list, nothing changed.
  return redirect(pagePath(args.request))
}

// Owner: /ownerRequestPage/{companyId} --------------------------------------------------

/** Loader of /ownerRequestPage/{companyId}: Pending vehicle requests, then the Owner join requests. */
export async function ownerRequestPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const company = await getCompany(ctx, companyId)
  const [list, answered, joinRequests] = await Promise.all([
    loadList(companyId, company.timeZone, () => listPendingRequestsByOwner(ctx, companyId)),
    loadList(companyId, company.timeZone, () => listAnsweredRequestsByOwner(ctx, companyId)),
    loadOwnerJoinRequests(ctx, companyId),
  ])
  return { title: translateForRequest(REQUEST_PAGE_TEXT.ownerTitle), companyId, list, answered, joinRequests, messages: routeMessages(args.request, 'requests', 'people') }
}

/**
 * Accept or Reject. Success: "Request approved." / "Request rejected.";
 * failure: "Failed to respond to request." with the server's reason (an
 * overlapping assignment, an answer already given, a request not found).
 */
async function respond(args: PageArgs, ctx: PageContext, form: FormData, approved: boolean) {
  const back = pagePath(args.request)
  const answered = await attempt(() =>
    respondToVehicleRequest(ctx, {
      requestId: text(form, 'requestId'),
      approved,
      message: approved ? VEHICLE_REQUEST_RESPONSE_MESSAGES.approved : VEHICLE_REQUEST_RESPONSE_MESSAGES.rejected,
    }),
  )
  if (answered.ok) return redirectWithToast(back, { type: 'success', message: answered.value.message })
  return redirectWithToast(back, { type: 'error', message: `${translateForRequest(REQUEST_PAGE_TEXT.respondFailed)} ${translateForRequest(answered.error.message)}` })
}

/** Action of /ownerRequestPage/{companyId}: vehicle request answers and the Owner join request answers. */
export async function ownerRequestPageAction(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const joinAnswer = await handleJoinRequestIntent(args, form, 'Owner')
  if (joinAnswer) return joinAnswer
  const { ctx } = await companyPage(args, ['Owner'])
  const intent = form.get('intent')
  if (intent === VEHICLE_REQUEST_INTENT.approve) return respond(args, ctx, form, true)
  if (intent === VEHICLE_REQUEST_INTENT.reject) return respond(args, ctx, form, false)
  return redirect(pagePath(args.request))
}
