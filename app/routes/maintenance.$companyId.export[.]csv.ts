import type { LoaderFunctionArgs } from '@remix-run/node'
import { dueQueryOf } from '#app/routes/_app+/maintenance-page.server.ts'
import { companyPage } from '#app/utils/page.server.ts'
import { csvResponse } from '#server/csv.ts'
import { exportDueItemsCsv } from '#server/maintenance/due-list.server.ts'

/**
 * GET /maintenance/{companyId}/export.csv: the due list with the page's filters and sort, every
 * page, as CSV (the owner: every bus; an operator: its assigned buses). Named with the company's today.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const csv = await exportDueItemsCsv(ctx, { ...dueQueryOf(new URL(args.request.url).searchParams), companyId })
  return csvResponse(csv.fileName, csv.header, csv.lines)
}
