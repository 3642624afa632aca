import type { LoaderFunctionArgs } from '@remix-run/node'
import { workOrderPdfLoader } from './work-order-print.server.ts'

/** GET /maintenance/{companyId}/work-order/{repairActionId}/pdf: the work checklist as a PDF (issue 35). */
export const loader = (args: LoaderFunctionArgs) => workOrderPdfLoader(args)
