import type { LoaderFunctionArgs } from '@remix-run/node'
import { attempt, errorText, userPage } from '#app/utils/page.server.ts'
import { getRepairInvoiceFile } from '#server/costs/repair-costs.server.ts'
import { documentResponse } from '#server/documents/download.server.ts'

/**
 * GET /repairActions/{companyId}/costs/{repairActionId}/invoice: the repair shop's invoice for the
 * pages (cookie session, decision 085), opened in a new tab from the repair's costs. The owner
 * company and the shop only; anyone else: 404 "Invoice not found".
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const file = await attempt(() => getRepairInvoiceFile(ctx, Number(args.params.repairActionId)))
  if (file.ok) return documentResponse(file.value)
  return errorText(file.error)
}
