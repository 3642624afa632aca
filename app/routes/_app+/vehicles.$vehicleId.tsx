import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { vehicleAccess } from '#server/fleet/access.server.ts'

/**
 * /vehicles/{vehicleId}: where a vehicle's QR code leads. Owner managers go
 * to their fleet page with the vehicle's row open, Operator managers of an
 * active assignment to theirs; anyone else to /.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const vehicleId = Number(params.vehicleId)
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) throw redirect('/')
  try {
    const access = await vehicleAccess({ db: getDb(), actor, ip: context.clientIp }, vehicleId, { operatorRoles: ['Operator'] })
    if (access.as === 'owner') throw redirect(`/fleet/${access.ownerCompanyId}?open=${vehicleId}`)
    throw redirect(`/fleetOperator/${access.operatorCompanyId}?open=${vehicleId}`)
  } catch (error) {
    if (error instanceof Response) throw error
    if (!isAppError(error)) throw error
    throw redirect('/')
  }
}
