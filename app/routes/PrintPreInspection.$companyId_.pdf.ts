import type { LoaderFunctionArgs } from '@remix-run/node'
import { printPdfLoader } from './print-page.server.ts'

/** GET /PrintPreInspection/{companyId}/pdf?id=: the pre-inspection as a PDF with its fingerprint (decision 032). */
export const loader = (args: LoaderFunctionArgs) => printPdfLoader(args, 'pre-inspection')
