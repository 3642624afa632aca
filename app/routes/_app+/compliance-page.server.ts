/**
 * Loader of "Compliance" (`/compliance/{companyId}`, decision 068): the owner company's managers.
 * The search, the "needs attention" filter and the page live in the URL (a GET form), so the
 * page works without JavaScript; the CSV link carries the same filters.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, companyPage } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { COMPLIANCE_PAGE_SIZES } from '#catalog/compliance.ts'
import { COMPLIANCE_TEXT } from '#catalog/texts.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { COMPLIANCE_VIEW_ROLES, getComplianceView, type ComplianceView } from '#server/compliance/compliance-view.server.ts'

/** The URL read leniently: a hand-edited value falls back to its default. */
function readQuery(url: URL) {
  const pageSize = Number(url.searchParams.get('pageSize'))
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  return {
    filters: { q: q || undefined, attention: url.searchParams.get('attention') === 'true' },
    page: positiveInt(url.searchParams.get('page')) ?? 1,
    pageSize: (COMPLIANCE_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : COMPLIANCE_PAGE_SIZES[0],
  }
}

export async function compliancePageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, COMPLIANCE_VIEW_ROLES)
  const url = new URL(args.request.url)
  const query = readQuery(url)
  const company = await getCompany(ctx, companyId)
  const viewed = await attempt(() => getComplianceView(ctx, { companyId, ...query }))
  let view: ComplianceView
  let error: string | null = null
  if (viewed.ok) {
    view = viewed.value
    if (view.page !== query.page && query.page > 1) {
      url.searchParams.set('page', String(view.page))
      throw redirect(url.pathname + url.search)
    }
  } else {
    error = viewed.error.message
    view = { companyId, today: '', filters: { q: query.filters.q, attention: query.filters.attention }, items: [], total: 0, page: 1, pageSize: query.pageSize, pageCount: 1 }
  }
  const csv = new URLSearchParams()
  if (query.filters.q) csv.set('q', query.filters.q)
  if (query.filters.attention) csv.set('attention', 'true')
  return {
    title: translator(localeOfRequest(args.request))(COMPLIANCE_TEXT.title),
    companyId,
    companyName: company.companyName,
    view,
    error,
    csvHref: `/compliance/${companyId}/export.csv${csv.size ? `?${csv}` : ''}`,
    messages: routeMessages(args.request, 'compliance'),
  }
}
export type ComplianceLoaderData = Awaited<ReturnType<typeof compliancePageLoader>>
