import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportInspectionsCsv } from '#server/exports/inspections.server.ts'
import { csvExportLoader, rangeOf } from './record-export.server.ts'

/** GET /company/{companyId}/export/inspections.csv?from=&to= (decision 077): the inspections of the range, streamed. */
export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args, (ctx, url, companyId) => exportInspectionsCsv(ctx, { companyId, ...rangeOf(url) }))
