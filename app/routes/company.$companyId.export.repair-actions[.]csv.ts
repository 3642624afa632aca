import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportRepairActionsCsv } from '#server/exports/repair-actions.server.ts'
import { csvExportLoader, rangeOf } from './record-export.server.ts'

/** GET /company/{companyId}/export/repair-actions.csv?from=&to= (decision 077): the repair actions opened in the range, streamed. */
export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args, (ctx, url, companyId) => exportRepairActionsCsv(ctx, { companyId, ...rangeOf(url) }))
