import type { LoaderFunctionArgs } from '@remix-run/node'
import { annualReportPdfLoader } from './annual-inspection.server.ts'

/** GET /annualInspection/{inspectionId}/pdf: the annual inspection report as a PDF (49 CFR 396.21, decision 066). */
export const loader = (args: LoaderFunctionArgs) => annualReportPdfLoader(args)
