import type { LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { getVehicleImage } from '#server/fleet/vehicles.server.ts'

/**
 * GET /vehicles/{vehicleId}/image: the vehicle's picture (fleet thumbnails,
 * details, the edit dialog). The owner company's managers, or the operator
 * (and its staff) of an active assignment; anyone else gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await getActor(request)
  if (actor.kind !== 'user') return new Response('Sign in to see this picture', { status: 401, headers: { 'Cache-Control': 'no-store' } })
  const vehicleId = Number(params.vehicleId)
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return new Response('Not found', { status: 404 })
  try {
    const img = await getVehicleImage({ db: getDb(), actor, ip: context.clientIp }, vehicleId)
    const bytes = new Uint8Array(img.content)
    return new Response(bytes, {
      headers: {
        'Content-Type': img.contentType,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'private, max-age=60',
        'Last-Modified': img.updatedAt.toUTCString(),
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    return new Response(error.message, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
  }
}
