import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { COMPLIANCE_VIEW_ROLES, exportComplianceCsv } from '#server/compliance/compliance-view.server.ts'
import { csvResponse } from '#server/csv.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

/**
 * GET /compliance/{companyId}/export.csv: the compliance view as CSV, with the page's filters
 * (`q`, `attention`), streamed row by row (decision 068). The owner company's managers; others
 * are sent to / (no session: to /login).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, COMPLIANCE_VIEW_ROLES)
  const url = new URL(args.request.url)
  const csv = await exportComplianceCsv(ctx, {
    companyId,
    filters: { q: url.searchParams.get('q')?.slice(0, 100) ?? undefined, attention: url.searchParams.get('attention') === 'true' },
  })
  // Column headers in the request's language (decision 074); the data (keys, ISO dates) as they are.
  const t = translator(localeOfRequest(args.request))
  return csvResponse(csv.fileName, csv.header.map((h) => t(h)), csv.lines)
}
