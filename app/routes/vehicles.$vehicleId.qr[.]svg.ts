import type { LoaderFunctionArgs } from '@remix-run/node'
import QRCode from 'qrcode'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, errorText, userPage } from '#app/utils/page.server.ts'
import { vehicleAccess } from '#server/access/vehicle-access.server.ts'
import { getVehicleQrLink } from '#server/fleet/vehicles.server.ts'

/**
 * GET /vehicles/{vehicleId}/qr.svg: the vehicle's QR (its link) as an image,
 * so the fleet table loads the small QRs lazily and the browser caches them
 * instead of every page carrying them inline. Owner or active operator.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) return new Response('Not found', { status: 404 })
  const access = await attempt(() => vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] }))
  if (!access.ok) return errorText(access.error)
  const svg = await QRCode.toString(await getVehicleQrLink(ctx, vehicleId), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  })
}
