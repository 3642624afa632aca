import type { LoaderFunctionArgs } from '@remix-run/node'
import { leasePdfLoader } from './lease-print.server.ts'

/** GET /PrintLease/{id}/pdf: the lease agreement as a PDF with its fingerprint (decision 064). */
export const loader = (args: LoaderFunctionArgs) => leasePdfLoader(args)
