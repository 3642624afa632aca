import type { LoaderFunctionArgs } from '@remix-run/node'
import { fleetCsvDownload } from '#app/routes/fleet-export-route.server.ts'

/** GET /fleetOperator/{companyId}/export.csv: the operator's assigned vehicles with the page's filters, as CSV (decision 076). */
export const loader = (args: LoaderFunctionArgs) => fleetCsvDownload(args, 'operator')
