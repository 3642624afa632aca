import type { LoaderFunctionArgs } from '@remix-run/node'
import { emergencyExitPdfLoader } from './emergency-exit-print.server.ts'

/** GET /PrintEmergencyExitCheck/{companyId}/pdf?id=: the check as a PDF with its fingerprint (decisions 032, 065). */
export const loader = (args: LoaderFunctionArgs) => emergencyExitPdfLoader(args)
