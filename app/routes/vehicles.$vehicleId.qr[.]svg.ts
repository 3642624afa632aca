import type { LoaderFunctionArgs } from '@remix-run/node'
import QRCode from 'qrcode'
import { vehicleLink } from '#app/routes/_app+/fleet.server.ts'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { vehicleAccess } from '#server/fleet/access.server.ts'

/**
 * GET /vehicles/{vehicleId}/qr.svg: the vehicle's QR (its link) as an image,
 * so the fleet table loads the small QRs lazily and the browser caches them
 * instead of every page carrying them inline. Owner or active operator.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const vehicleId = Number(params.vehicleId)
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return new Response('Not found', { status: 404 })
  try {
    await vehicleAccess({ db: getDb(), actor, ip: context.clientIp }, vehicleId, { operatorRoles: ['Operator'] })
  } catch (error) {
    if (!isAppError(error)) throw error
    return new Response(error.message, { status: error.status })
  }
  const svg = await QRCode.toString(vehicleLink(vehicleId), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  })
}
