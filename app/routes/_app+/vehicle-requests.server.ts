import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { handleJoinRequestIntent, loadOwnerJoinRequests } from './join-requests.server.ts'
import { requirePageRole } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { VEHICLE_REQUEST_RESPONSE_MESSAGES } from '#catalog/statuses.ts'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { companyToday } from '#server/fleet/access.server.ts'
import {
  cancelVehicleRequest,
  createVehicleRequest,
  listPendingRequestsByOwner,
  listRequestsByOperator,
  respondToVehicleRequest,
  type VehicleRequestRow,
} from '#server/fleet/vehicle-requests.server.ts'
import { logger } from '#server/log.server.ts'
import {
  CREATE_DIALOG_PARAM,
  formatDateOnly,
  formatInstant,
  hasRequestFormErrors,
  REQUEST_PAGE_TEXT,
  validateRequestForm,
  VEHICLE_REQUEST_INTENT,
  type CreateRequestResult,
  type RequestField,
  type RequestFormValues,
  type VehicleRequestList,
  type VehicleRequestView,
} from '#app/components/requests/shared.ts'

type Args = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>

function contextFor(args: Args, actor: UseCaseContext['actor']): UseCaseContext {
  return { db: getDb(), actor, ip: args.context.clientIp }
}

/** The page itself, without `?dialog=create` or Remix's own parameters: where every answer goes back to. */
function pagePath(request: Request): string {
  return new URL(request.url).pathname
}

function toView(row: VehicleRequestRow, timeZone: string): VehicleRequestView {
  return {
    id: row.id,
    vehicleIdentifier: row.vehicleIdentifier,
    ownerCompanyName: row.ownerCompanyName,
    operatorCompanyName: row.operatorCompanyName,
    status: row.status,
    startDate: row.startDate,
    startDateLabel: formatDateOnly(row.startDate),
    endDate: row.endDate,
    endDateLabel: row.endDate ? formatDateOnly(row.endDate) : REQUEST_PAGE_TEXT.openEnded,
    requestedAt: row.requestedAt,
    requestedAtLabel: formatInstant(row.requestedAt, timeZone),
  }
}

/** A list the page shows; a failure to read it is shown on the page with the server's message. */
async function loadList(companyId: number, timeZone: string, read: () => Promise<VehicleRequestRow[]>): Promise<VehicleRequestList> {
  try {
    const rows = await read()
    return { companyId, requests: rows.map((r) => toView(r, timeZone)), error: null }
  } catch (error) {
    if (!isAppError(error)) throw error
    return { companyId, requests: [], error: error.message }
  }
}

// Operator: /operatorRequestPage/{companyId} --------------------------------------------

/** Loader of /operatorRequestPage/{companyId}: the operator company's requests, newest first. */
export async function operatorRequestPageLoader(args: LoaderFunctionArgs) {
  const { actor, companyId } = await requirePageRole(args.request, args.params, ['Operator'])
  const ctx = contextFor(args, actor)
  const [company, today] = await Promise.all([getCompany(ctx, companyId), companyToday(ctx, companyId)])
  const list = await loadList(companyId, company.timeZone, () => listRequestsByOperator(ctx, companyId))
  const url = new URL(args.request.url)
  return {
    title: REQUEST_PAGE_TEXT.operatorTitle,
    companyId,
    /** The company's calendar date: the start date's minimum. */
    today,
    /** `?dialog=create`: the Add vehicle request form inline (no JavaScript). */
    createInline: url.searchParams.get(CREATE_DIALOG_PARAM.name) === CREATE_DIALOG_PARAM.value,
    list,
  }
}

function text(form: FormData, name: string): string {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

const REQUEST_FIELDS: readonly RequestField[] = ['vehicleIdentifier', 'startDate', 'endDate']

function createFailure(values: RequestFormValues, errors: Omit<CreateRequestResult, 'intent' | 'values'>, status: number) {
  return data<CreateRequestResult>({ intent: VEHICLE_REQUEST_INTENT.create, values, ...errors }, { status })
}

/**
 * "Send request": the spec's three rules (the same as in the browser, all
 * reported at once), then the use case, which checks them again and looks the
 * vehicle up. Success → back to the list with a toast; failure → the form
 * again with its values and messages (status 400, 404 or 409).
 */
async function createRequest(args: Args, ctx: UseCaseContext, companyId: number, form: FormData) {
  const values: RequestFormValues = {
    vehicleIdentifier: text(form, 'vehicleIdentifier').trim(),
    startDate: text(form, 'startDate').trim(),
    endDate: text(form, 'endDate').trim(),
  }
  const today = await companyToday(ctx, companyId)
  const local = validateRequestForm(values, today)
  if (hasRequestFormErrors(local)) return createFailure(values, local, 400)
  try {
    await createVehicleRequest(ctx, {
      vehicleIdentifier: values.vehicleIdentifier,
      operatorCompanyId: companyId,
      startDate: values.startDate,
      // Spec: an empty end date is sent as null (open-ended).
      endDate: values.endDate || null,
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    const fieldErrors: CreateRequestResult['fieldErrors'] = {}
    for (const f of REQUEST_FIELDS) {
      const m = error.fieldErrors?.[f]
      if (m) fieldErrors[f] = m
    }
    if (error.status === 400) {
      const required = Object.values(fieldErrors).includes(REQUEST_PAGE_TEXT.required)
      const formError = required ? REQUEST_PAGE_TEXT.required : Object.keys(fieldErrors).length ? null : error.message
      return createFailure(values, { formError, fieldErrors }, 400)
    }
    if (error.status === 404 || error.status === 409) {
      return createFailure(values, { formError: REQUEST_PAGE_TEXT.createFailed, fieldErrors }, error.status)
    }
    return createFailure(values, { formError: error.message, fieldErrors }, error.status)
  }
  return redirectWithToast(pagePath(args.request), { type: 'success', message: REQUEST_PAGE_TEXT.requestSent })
}

/** Cancel (only while Pending). Spec: a failed cancel is only logged; the list shows the real status. */
async function cancelRequest(args: Args, ctx: UseCaseContext, companyId: number, form: FormData) {
  const requestId = text(form, 'requestId')
  try {
    const { message } = await cancelVehicleRequest(ctx, { id: requestId, operatorCompanyId: companyId })
    return redirectWithToast(pagePath(args.request), { type: 'success', message })
  } catch (error) {
    if (!isAppError(error)) throw error
    logger().warn({ companyId, requestId, status: error.status, reason: error.message }, 'cancelling a vehicle request failed')
    return redirect(pagePath(args.request))
  }
}

/** Action of /operatorRequestPage/{companyId}: "Send request" and "Cancel", told apart by `intent`. */
export async function operatorRequestPageAction(args: ActionFunctionArgs) {
  const { actor, companyId } = await requirePageRole(args.request, args.params, ['Operator'])
  const ctx = contextFor(args, actor)
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
  const { actor, companyId } = await requirePageRole(args.request, args.params, ['Owner'])
  const ctx = contextFor(args, actor)
  const company = await getCompany(ctx, companyId)
  const [list, joinRequests] = await Promise.all([
    loadList(companyId, company.timeZone, () => listPendingRequestsByOwner(ctx, companyId)),
    loadOwnerJoinRequests(ctx, companyId),
  ])
  return { title: REQUEST_PAGE_TEXT.ownerTitle, companyId, list, joinRequests }
}

/**
 * Accept or Reject. Success: "Request approved." / "Request rejected.";
 * failure: "Failed to respond to request." with the server's reason (an
 * overlapping assignment, an answer already given, a request not found).
 */
async function respond(args: Args, ctx: UseCaseContext, form: FormData, approved: boolean) {
  const back = pagePath(args.request)
  try {
    const { message } = await respondToVehicleRequest(ctx, {
      requestId: text(form, 'requestId'),
      approved,
      message: approved ? VEHICLE_REQUEST_RESPONSE_MESSAGES.approved : VEHICLE_REQUEST_RESPONSE_MESSAGES.rejected,
    })
    return redirectWithToast(back, { type: 'success', message })
  } catch (error) {
    if (!isAppError(error)) throw error
    return redirectWithToast(back, { type: 'error', message: `${REQUEST_PAGE_TEXT.respondFailed} ${error.message}` })
  }
}

/** Action of /ownerRequestPage/{companyId}: vehicle request answers and the Owner join request answers. */
export async function ownerRequestPageAction(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const joinAnswer = await handleJoinRequestIntent(args, form, 'Owner')
  if (joinAnswer) return joinAnswer
  const { actor } = await requirePageRole(args.request, args.params, ['Owner'])
  const ctx = contextFor(args, actor)
  const intent = form.get('intent')
  if (intent === VEHICLE_REQUEST_INTENT.approve) return respond(args, ctx, form, true)
  if (intent === VEHICLE_REQUEST_INTENT.reject) return respond(args, ctx, form, false)
  return redirect(pagePath(args.request))
}
