import type { LoaderFunctionArgs } from '@remix-run/node'
import { printPdfLoader } from './print-page.server.ts'

/** GET /PrintInspection/{companyId}/pdf?id=: the inspection as a PDF with its fingerprint (decision 032). */
export const loader = (args: LoaderFunctionArgs) => printPdfLoader(args, 'inspection')
