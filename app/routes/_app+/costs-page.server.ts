/**
 * Loader of cost per mile (`/costs/{companyId}`, issue 36 point 3, decision 085): one month
 * across the company's fleet, a row per bus, the month's totals overall and per payer. The
 * month, sort and page are GET parameters (a plain form, no JavaScript needed); the CSV
 * (`/costs/{companyId}/export.csv`) reads the same parameters through the same use case.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { attempt, companyPage, refusalText } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { msg } from '#catalog/i18n.ts'
import { COST_PAGE_SIZES, costCsvInput, costPerMileForMonth, costPerMileInput, type CostPerMileResult } from '#server/costs/cost-per-mile.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const COSTS_PAGE_TEXT = { title: msg('Cost per mile') } as const

const searchInput = z.object({
  month: costPerMileInput.shape.month.catch(undefined),
  page: costPerMileInput.shape.page.catch(1),
  pageSize: costPerMileInput.shape.pageSize.catch(COST_PAGE_SIZES[0]),
  sort: costPerMileInput.shape.sort.catch('total'),
  dir: costPerMileInput.shape.dir.catch('desc'),
  months: costCsvInput.shape.months.catch(1),
})

/** The page's (and the CSV's) query parameters, read leniently: a broken one reads as its default. */
export function costsQueryOf(search: URLSearchParams): Record<string, unknown> {
  const read = searchInput.parse(Object.fromEntries(['month', 'page', 'pageSize', 'sort', 'dir', 'months'].map((k) => [k, search.get(k) ?? undefined])))
  return Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined))
}

export async function costsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const url = new URL(args.request.url)
  const locale = localeOfRequest(args.request)
  const loaded = await attempt(() => costPerMileForMonth(ctx, { ...costsQueryOf(url.searchParams), companyId }))
  let report: CostPerMileResult | null = null
  let error: string | null = null
  if (loaded.ok) {
    report = loaded.value
    if (report.page > report.pageCount) {
      url.searchParams.set('page', String(report.pageCount))
      throw redirect(url.pathname + url.search)
    }
  } else error = refusalText(loaded.error)
  const companyName = ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  return { title: translator(locale)(COSTS_PAGE_TEXT.title), companyId, companyName, report, error, messages: routeMessages(args.request, 'costs') }
}
export type CostsPageData = Awaited<ReturnType<typeof costsPageLoader>>
