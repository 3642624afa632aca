import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requirePageRole, requirePageUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { roleLabelOf, type ManagerRoleName } from '#catalog/roles.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import {
  acceptJoinRequest,
  ALREADY_IN_COMPANY,
  listJoinRequests,
  rejectJoinRequest,
} from '#server/companies/join-requests.server.ts'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { logger } from '#server/log.server.ts'
import { hasRole } from '#server/policy.ts'
import { loadCompanyWithCard } from './company-code.server.ts'
import { JOIN_REQUEST_INTENT, PEOPLE_TEXT, type JoinRequestList, type JoinRequestView } from '#app/components/people/shared.ts'

type Args = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>

/** "Mar 4, 2025, 2:30 PM" in the company's time zone (the same text on server and client). */
export function formatRequestDate(iso: string, timeZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)
  }
}

/**
 * The join requests a manager role answers in the company, Pending first.
 * A failure to read them is shown on the page (spec: "list failure shows the
 * server message"), not thrown.
 */
export async function loadJoinRequestList(
  ctx: UseCaseContext,
  companyId: number,
  manager: ManagerRoleName,
  timeZone = 'UTC',
): Promise<JoinRequestList> {
  try {
    const rows = await listJoinRequests(ctx, { companyId, role: manager })
    const requests: JoinRequestView[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      roleLabel: roleLabelOf(r.role),
      requestDate: r.requestDate,
      requestDateLabel: formatRequestDate(r.requestDate, timeZone),
      status: r.status,
    }))
    return { companyId, requests, error: null }
  } catch (error) {
    if (!isAppError(error)) throw error
    return { companyId, requests: [], error: error.message }
  }
}

function contextFor(args: Args, actor: UseCaseContext['actor']): UseCaseContext {
  return { db: getDb(), actor, ip: args.context.clientIp }
}

/** Loader of /joinRequests/{companyId} (Operator) and /joinRequestsRS/{companyId} (RepairShop). */
export async function joinRequestsPageLoader(args: LoaderFunctionArgs, manager: 'Operator' | 'RepairShop') {
  const { actor, companyId } = await requirePageRole(args.request, args.params, [manager])
  const ctx = contextFor(args, actor)
  const { company, card } = await loadCompanyWithCard(ctx, companyId)
  const list = await loadJoinRequestList(ctx, companyId, manager, company.timeZone)
  return { title: PEOPLE_TEXT.usersRequests, card, list }
}

/**
 * For the owner page (/ownerRequestPage/{companyId}): the Owner join requests
 * shown below the vehicle requests. Call it after the route's own guard.
 */
export async function loadOwnerJoinRequests(ctx: UseCaseContext, companyId: number): Promise<JoinRequestList> {
  const company = await getCompany(ctx, companyId)
  return loadJoinRequestList(ctx, companyId, 'Owner', company.timeZone)
}

function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** Back to the page the form was on (its search parameters kept). */
function pageUrl(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  return url.pathname + url.search
}

export function isJoinRequestIntent(intent: FormDataEntryValue | null): boolean {
  return intent === JOIN_REQUEST_INTENT.accept || intent === JOIN_REQUEST_INTENT.reject
}

/**
 * Answers a join request posted by the table's accept/reject forms (fields
 * `intent`, `requestId`, `companyId`). Returns the redirect (with its toast)
 * back to the page, or `null` when the form is not a join request answer, so
 * a page with other forms (the owner request page) can dispatch on it.
 *
 * Toasts: "User accepted successfully" / "User rejected successfully";
 * "User was already in the company" as a warning (the list reloads);
 * "Error accepting user" for any other failure (the spec uses it for a failed
 * rejection too); "CompanyId required" when the company id is missing or does
 * not match the page's.
 */
export async function handleJoinRequestIntent(args: Args, form: FormData, manager: ManagerRoleName): Promise<Response | null> {
  const intent = form.get('intent')
  if (!isJoinRequestIntent(intent)) return null
  const actor = await requirePageUser(args.request)
  const back = pageUrl(args.request)
  const companyId = positiveInt(args.params.companyId)
  const formCompanyId = positiveInt(form.get('companyId'))
  if (!companyId || formCompanyId !== companyId) {
    return redirectWithToast(companyId ? back : '/dashboard', { type: 'error', message: PEOPLE_TEXT.companyIdRequired })
  }
  if (!hasRole(actor, companyId, [manager])) throw redirect('/')

  const ctx = contextFor(args, actor)
  const accept = intent === JOIN_REQUEST_INTENT.accept
  try {
    const input = { requestId: form.get('requestId') }
    const { message } = accept ? await acceptJoinRequest(ctx, input) : await rejectJoinRequest(ctx, input)
    return redirectWithToast(back, { type: 'success', message })
  } catch (error) {
    if (isAppError(error) && error.code === 'CONFLICT' && error.message === ALREADY_IN_COMPANY) {
      return redirectWithToast(back, { type: 'warning', message: PEOPLE_TEXT.alreadyInCompany })
    }
    if (!isAppError(error)) logger().error({ err: error, companyId, accept }, 'answering a join request failed')
    return redirectWithToast(back, { type: 'error', message: PEOPLE_TEXT.errorAccepting })
  }
}

/** Action of the two users requests pages. */
export async function joinRequestsPageAction(args: ActionFunctionArgs, manager: 'Operator' | 'RepairShop') {
  const form = await args.request.formData()
  const response = await handleJoinRequestIntent(args, form, manager)
  if (response) return response
  // A form this page does not have: back to the list, nothing changed.
  await requirePageRole(args.request, args.params, [manager])
  return redirect(pageUrl(args.request))
}
