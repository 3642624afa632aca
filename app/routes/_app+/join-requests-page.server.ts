import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatInstant } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, companyPage, userPage, type PageArgs, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { roleLabelOf, type ManagerRoleName } from '#catalog/roles.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import {
  acceptJoinRequest,
  ALREADY_IN_COMPANY,
  listJoinRequests,
  rejectJoinRequest,
} from '#server/companies/join-requests.server.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { hasRole } from '#server/access/policy.ts'
import { loadCompanyWithCard } from './company-code.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { currentLocale, translateForRequest } from '#server/i18n/messages.server.ts'
import { JOIN_REQUEST_INTENT } from '#app/components/people/intents.ts'
import { PEOPLE_TEXT } from '#app/components/people/texts.ts'
import type { JoinRequestList, JoinRequestView } from '#app/components/people/view-types.ts'

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
  const rows = await attempt(() => listJoinRequests(ctx, { companyId, role: manager }))
  if (!rows.ok) return { companyId, manager, requests: [], error: refusalText(rows.error) }
  const locale = currentLocale()
  const requests: JoinRequestView[] = rows.value.map((r) => ({
    id: r.id,
    name: r.name,
    roleLabel: roleLabelOf(r.role),
    requestDate: r.requestDate,
    requestDateLabel: formatInstant(r.requestDate, timeZone, locale),
    status: r.status,
  }))
  return { companyId, manager, requests, error: null }
}

/** Loader of /joinRequests/{companyId} (Operator) and /joinRequestsRS/{companyId} (RepairShop). */
export async function joinRequestsPageLoader(args: LoaderFunctionArgs, manager: 'Operator' | 'RepairShop') {
  const { ctx, companyId } = await companyPage(args, [manager])
  const { company, card } = await loadCompanyWithCard(ctx, companyId)
  const list = await loadJoinRequestList(ctx, companyId, manager, company.timeZone)
  return { title: translateForRequest(PEOPLE_TEXT.usersRequests), card, list, messages: routeMessages(args.request, 'people') }
}

/**
 * For the owner page (/ownerRequestPage/{companyId}): the Owner join requests
 * shown below the vehicle requests. Call it after the route's own guard.
 */
export async function loadOwnerJoinRequests(ctx: UseCaseContext, companyId: number): Promise<JoinRequestList> {
  const company = await getCompany(ctx, companyId)
  return loadJoinRequestList(ctx, companyId, 'Owner', company.timeZone)
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
export async function handleJoinRequestIntent(args: PageArgs, form: FormData, manager: ManagerRoleName): Promise<Response | null> {
  const intent = form.get('intent')
  if (!isJoinRequestIntent(intent)) return null
  const ctx = await userPage(args)
  const back = pageUrl(args.request)
  const companyId = positiveInt(args.params.companyId)
  const formCompanyId = positiveInt(form.get('companyId'))
  if (!companyId || formCompanyId !== companyId) {
    return redirectWithToast(companyId ? back : '/dashboard', { type: 'error', message: PEOPLE_TEXT.companyIdRequired })
  }
  if (!hasRole(ctx.actor, companyId, [manager])) throw redirect('/')

  const accept = intent === JOIN_REQUEST_INTENT.accept
  const input = { requestId: form.get('requestId') }
  const answered = await attempt(() => (accept ? acceptJoinRequest(ctx, input) : rejectJoinRequest(ctx, input)), {
    log: 'answering a join request failed',
    companyId,
    accept,
  })
  if (answered.ok) return redirectWithToast(back, { type: 'success', message: answered.value.message })
  if (answered.error.code === 'CONFLICT' && answered.error.message === ALREADY_IN_COMPANY) {
    return redirectWithToast(back, { type: 'warning', message: PEOPLE_TEXT.alreadyInCompany })
  }
  return redirectWithToast(back, { type: 'error', message: PEOPLE_TEXT.errorAccepting })
}

/** Action of the two users requests pages. */
export async function joinRequestsPageAction(args: ActionFunctionArgs, manager: 'Operator' | 'RepairShop') {
  const form = await args.request.formData()
  const response = await handleJoinRequestIntent(args, form, manager)
  if (response) return response
  // A form this page does not have: back to the list, nothing changed.
  await companyPage(args, [manager])
  return redirect(pageUrl(args.request))
}
