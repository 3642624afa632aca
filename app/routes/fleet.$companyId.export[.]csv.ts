import type { LoaderFunctionArgs } from '@remix-run/node'
import { fleetCsvDownload } from '#app/routes/fleet-export-route.server.ts'

/** GET /fleet/{companyId}/export.csv: the owner's fleet table with the page's filters, as CSV (decision 076). */
export const loader = (args: LoaderFunctionArgs) => fleetCsvDownload(args, 'owner')
