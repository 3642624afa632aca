import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportFuelRecordsCsv } from '#server/exports/fuel-records.server.ts'
import { csvExportLoader, rangeOf } from './record-export.server.ts'

/** GET /company/{companyId}/export/fuel-records.csv?from=&to= (decisions 077, 085): the fuel and energy records the company paid for in the range, streamed. */
export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args, (ctx, url, companyId) => exportFuelRecordsCsv(ctx, { companyId, ...rangeOf(url) }))
