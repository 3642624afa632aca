import type { LoaderFunctionArgs } from '@remix-run/node'
import { vehicleLinkLoader } from '#app/routes/_app+/pre-trip-page.server.ts'

/**
 * /vehicles/{vehicleId}: where a vehicle's QR code leads. A Driver of the operator company with
 * the active assignment goes to the pre-trip form; Owner managers to their fleet page with the
 * vehicle's row open, Operator managers of an active assignment to theirs; anyone else to /.
 */
export const loader = (args: LoaderFunctionArgs) => vehicleLinkLoader(args)
