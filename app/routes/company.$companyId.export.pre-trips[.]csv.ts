import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportPreTripsCsv } from '#server/exports/pre-trips.server.ts'
import { csvExportLoader, rangeOf } from './record-export.server.ts'

/** GET /company/{companyId}/export/pre-trips.csv?from=&to= (decision 077): the pre-trips of the range, streamed. */
export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args, (ctx, url, companyId) => exportPreTripsCsv(ctx, { companyId, ...rangeOf(url) }))
