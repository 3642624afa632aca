import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, userPage } from '#app/utils/page.server.ts'
import { vehicleAccess } from '#server/fleet/access.server.ts'

/**
 * /vehicles/{vehicleId}: where a vehicle's QR code leads. Owner managers go
 * to their fleet page with the vehicle's row open, Operator managers of an
 * active assignment to theirs; anyone else to /.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) throw redirect('/')
  const found = await attempt(() => vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] }))
  if (!found.ok) throw redirect('/')
  const access = found.value
  if (access.as === 'owner') throw redirect(`/fleet/${access.ownerCompanyId}?open=${vehicleId}`)
  throw redirect(`/fleetOperator/${access.operatorCompanyId}?open=${vehicleId}`)
}
