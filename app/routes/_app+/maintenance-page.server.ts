/**
 * Loader of the due list (`/maintenance/{companyId}`, issue 35, decision 084): the owner
 * company's managers see every bus; an operator company's managers the buses assigned to it,
 * read-only. Filters, sort and page are GET parameters (a plain form, no JavaScript needed); the
 * CSV (`/maintenance/{companyId}/export.csv`) reads the same parameters.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, companyPage, refusalText } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { msg } from '#catalog/i18n.ts'
import type { DueState } from '#catalog/maintenance.ts'
import { DUE_PAGE_SIZES, dueSearchInput, listDueItems, type DueListResult } from '#server/maintenance/due-list.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const DUE_LIST_TEXT = { title: msg('Maintenance due') } as const

/** The GET parameters that may repeat (`state=Overdue&state=DueSoon`). */
const LIST_KEYS = new Set(['state', 'tag'])

/** The page's query parameters, read leniently (a broken one reads as absent: its default applies). */
export function dueQueryOf(search: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  for (const key of new Set(search.keys())) raw[key] = LIST_KEYS.has(key) ? search.getAll(key) : search.get(key)
  const read = dueSearchInput.parse(raw) as Record<string, unknown>
  return Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined))
}

/**
 * Names copied from the ready templates are catalogue texts (catalog/maintenance-templates.ts):
 * shown in the reader's language; a name the owner typed is shown as typed (no entry: itself).
 */
export function translateDueNames<T extends { taskName: string; programName: string | null }>(items: T[], t: (id: string) => string): T[] {
  return items.map((i) => ({ ...i, taskName: t(i.taskName), programName: i.programName === null ? null : t(i.programName) }))
}

export interface DueListView {
  items: DueListResult['items']
  total: number
  counts: Record<DueState, number>
  page: number
  pageSize: number
  pageCount: number
  filters: DueListResult['filters']
  options: DueListResult['options']
  error: string | null
}

export async function maintenancePageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const url = new URL(args.request.url)
  const query = dueQueryOf(url.searchParams)
  const locale = localeOfRequest(args.request)
  const listed = await attempt(() => listDueItems(ctx, { ...query, companyId }))
  let list: DueListView
  let scope: { today: string; scope: 'owner' | 'operator'; readOnly: boolean }
  if (listed.ok) {
    const r = listed.value
    if (r.page > r.pageCount) {
      url.searchParams.set('page', String(r.pageCount))
      throw redirect(url.pathname + url.search)
    }
    const t = translator(locale)
    const options = { programs: r.options.programs.map((p) => ({ ...p, name: t(p.name) })), tasks: r.options.tasks.map((x) => ({ ...x, name: t(x.name) })) }
    list = { items: translateDueNames(r.items, t), total: r.total, counts: r.counts, page: r.page, pageSize: r.pageSize, pageCount: r.pageCount, filters: r.filters, options, error: null }
    scope = { today: r.today, scope: r.scope, readOnly: r.readOnly }
  } else {
    list = {
      items: [],
      total: 0,
      counts: { Overdue: 0, DueSoon: 0, OK: 0 },
      page: 1,
      pageSize: DUE_PAGE_SIZES[0],
      pageCount: 1,
      filters: { sort: 'state', dir: 'asc' },
      options: { programs: [], tasks: [] },
      error: refusalText(listed.error),
    }
    scope = { today: '', scope: 'operator', readOnly: true }
  }
  const companyName = ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  return {
    title: translator(locale)(DUE_LIST_TEXT.title),
    companyId,
    companyName,
    ...scope,
    list,
    messages: routeMessages(args.request, 'maintenance'),
  }
}
export type MaintenancePageData = Awaited<ReturnType<typeof maintenancePageLoader>>
