/**
 * Loader and action of "Vehicle repairs" (`/repairActions/{companyId}`): the repair shop's
 * managers and its mechanics (decision 028). The filter, the page and the open row live in the
 * URL; marking a task is a plain form post (`intent=updateTaskStatus`), so it works without
 * JavaScript.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatInstant } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { REPAIR_LIST_PAGE_SIZES, REPAIR_LIST_STATUSES, type RepairListStatus } from '#catalog/repairs.ts'
import { REPAIR_SHOP_ROLES } from '#catalog/roles.ts'
import { repairActionStatusLabel } from '#catalog/statuses.ts'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { pageRepairsByCompany, type RepairActionRow } from '#server/repairs/list-repairs.server.ts'
import { openableRepairSources } from '#server/repairs/repair-source.server.ts'
import { updateTaskStatus } from '#server/repairs/update-task-status.server.ts'
import { REPAIR_INTENT } from '#app/components/repairs/intents.ts'
import type { RepairActionView, RepairList } from '#app/components/repairs/view-types.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { sayStored, type Locale } from '#catalog/i18n.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

function toView(r: RepairActionRow, timeZone: string, source: RepairActionView['source'], locale: Locale): RepairActionView {
  const say = translator(locale)
  return {
    id: r.id,
    repairIdentifier: r.repairIdentifier,
    isRepaired: r.repairedAt !== null,
    statusLabel: repairActionStatusLabel(r.repairedAt),
    createdAtLabel: formatInstant(r.createdAt, timeZone, locale),
    repairedAtLabel: r.repairedAt ? formatInstant(r.repairedAt, timeZone, locale) : null,
    repairedByName: r.repairedByName,
    comments: r.comments,
    outOfService: r.outOfService && r.repairedAt === null,
    vehicle: r.vehicleInfo,
    // A task sent from a service program keeps its template's text: said in the reader's language (decision 084).
    tasks: r.tasks.map((task) => ({ id: task.id, name: sayStored(say, task.name), description: sayStored(say, task.description ?? null), status: task.status })),
    completedCount: r.tasks.filter((t) => t.status === 'Completed').length,
    source,
  }
}

/** The URL read leniently: a hand-edited value falls back to its default. */
function readQuery(url: URL) {
  const status = url.searchParams.get('status')
  const pageSize = Number(url.searchParams.get('pageSize'))
  return {
    status: (REPAIR_LIST_STATUSES as readonly string[]).includes(status ?? '') ? (status as RepairListStatus) : 'pending',
    page: positiveInt(url.searchParams.get('page')) ?? 1,
    pageSize: (REPAIR_LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : REPAIR_LIST_PAGE_SIZES[0],
  }
}

export async function repairActionsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, REPAIR_SHOP_ROLES)
  const url = new URL(args.request.url)
  const q = readQuery(url)
  const company = await getCompany(ctx, companyId)
  const locale = localeOfRequest(args.request)
  const listed = await attempt(() => pageRepairsByCompany(ctx, { repairCompanyId: companyId, ...q }))
  let list: RepairList
  if (listed.ok) {
    const r = listed.value
    if (r.page > r.pageCount) {
      url.searchParams.set('page', String(r.pageCount))
      throw redirect(url.pathname + url.search)
    }
    // Each row's source, when the viewer may open it (its own read rule and the print page's guard).
    const sources = await openableRepairSources(ctx, companyId, r.items)
    list = { items: r.items.map((i) => toView(i, company.timeZone, sources.get(i.id) ?? null, locale)), total: r.total, page: r.page, pageSize: r.pageSize, pageCount: r.pageCount, status: r.status, error: null }
  } else {
    list = { items: [], total: 0, page: 1, pageSize: q.pageSize, pageCount: 1, status: q.status, error: refusalText(listed.error) }
  }
  return {
    title: translator(locale)(REPAIR_TEXT.title), // marked with msg() in catalog/texts.ts
    companyId,
    companyName: company.companyName,
    timeZone: company.timeZone,
    list,
    openId: positiveInt(url.searchParams.get('open')) ?? null,
    messages: routeMessages(args.request, 'repairs', 'costs'),
  }
}
export type RepairActionsLoaderData = Awaited<ReturnType<typeof repairActionsPageLoader>>

/** Marks a task; back to the same filter, page and open row, with a toast (the certification says so). */
export async function repairActionsPageAction(args: ActionFunctionArgs) {
  const { ctx } = await companyPage(args, REPAIR_SHOP_ROLES)
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? '')
  const back = new URL(args.request.url)
  if (intent !== REPAIR_INTENT.updateTaskStatus) return redirect(back.pathname + back.search)
  const status = String(form.get('status') ?? '')
  // The readings of the last task of a "Send to repair shop" action (decision 084); absent on other forms.
  const reading = (name: string) => (form.has(name) ? String(form.get(name) ?? '') : undefined)
  const updated = await attempt(() => updateTaskStatus(ctx, { taskId: form.get('taskId'), status, odometer: reading('odometer'), engineHours: reading('engineHours') }), {
    log: 'repair task update failed',
  })
  if (!updated.ok) return formFailure(updated.error, { taskId: positiveInt(form.get('taskId')) ?? null })
  const action = updated.value
  back.searchParams.set('open', String(action.id))
  if (action.repairedAt && status === 'Completed' && back.searchParams.get('status') !== 'all') {
    // Just certified: it left "Pending repair"; show it at the top of "Repaired".
    back.searchParams.set('status', 'repaired')
    back.searchParams.delete('page')
  }
  const message = action.repairedAt ? (status === 'Completed' ? REPAIR_TEXT.certified : REPAIR_TEXT.taskCompleted) : status === 'Completed' ? REPAIR_TEXT.taskCompleted : REPAIR_TEXT.taskPending
  return redirectWithToast(back.pathname + back.search + `#repair-${action.id}`, { type: 'success', message })
}
