import type { LoaderFunctionArgs } from '@remix-run/node'
import { vehicleLink } from '#app/routes/_app+/fleet.server.ts'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { qrSheetResponse } from '#app/utils/qr-sheet.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { vehicleAccess } from '#server/fleet/access.server.ts'
import { getVehicle } from '#server/fleet/vehicles.server.ts'

/**
 * GET /vehicles/{vehicleId}/qr.pdf: the "Print QR" of the fleet page, a
 * one-page PDF named after the vehicle identifier (spec section 2 and 9).
 * The owner company's managers or the Operator managers of an active
 * assignment; anyone else gets 404 (no session: /login).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const ctx = { db: getDb(), actor, ip: context.clientIp }
  const vehicleId = Number(params.vehicleId)
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return new Response('Not found', { status: 404 })
  let vehicle: Awaited<ReturnType<typeof getVehicle>>
  try {
    await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
    vehicle = await getVehicle(ctx, vehicleId)
  } catch (error) {
    if (!isAppError(error)) throw error
    return new Response(error.message, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
  }
  return qrSheetResponse({
    title: `${vehicle.make} ${vehicle.model}`.trim(),
    subtitle: `License plate ${vehicle.licensePlate}`,
    qrText: vehicleLink(vehicleId),
    code: vehicle.vehicleIdentifier,
    hint: 'Scan to open this vehicle.',
  })
}
