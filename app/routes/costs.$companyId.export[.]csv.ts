import type { LoaderFunctionArgs } from '@remix-run/node'
import { costsQueryOf } from '#app/routes/_app+/costs-page.server.ts'
import { companyPage } from '#app/utils/page.server.ts'
import { csvResponse } from '#server/csv.ts'
import { exportCostPerMileCsv } from '#server/costs/cost-per-mile.server.ts'

/**
 * GET /costs/{companyId}/export.csv?month=YYYY-MM (issue 36, decision 085): the page's month, a
 * row per bus (every page, through the page's own use case), then the month's total and each
 * payer's; exact decimals of the integer cents, with the currency. Named with the month asked for.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const csv = await exportCostPerMileCsv(ctx, { ...costsQueryOf(new URL(args.request.url).searchParams), companyId })
  return csvResponse(csv.fileName, csv.header, csv.lines)
}
