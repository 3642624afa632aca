import type { LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, callerContext, errorText } from '#app/utils/page.server.ts'
import { getVehicleImage } from '#server/fleet/vehicles.server.ts'

/**
 * GET /vehicles/{vehicleId}/image: the vehicle's picture (fleet thumbnails,
 * details, the edit dialog). The owner company's managers, or the operator
 * (and its staff) of an active assignment; anyone else gets 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await callerContext(args)
  if (ctx.actor.kind !== 'user') return new Response('Sign in to see this picture', { status: 401, headers: { 'Cache-Control': 'no-store' } })
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) return new Response('Not found', { status: 404 })
  const found = await attempt(() => getVehicleImage(ctx, vehicleId))
  if (!found.ok) return errorText(found.error)
  const img = found.value
  // Streamed from the database chunk by chunk, with the stored length (decision 070).
  return new Response(img.body, {
    headers: {
      'Content-Type': img.contentType,
      'Content-Length': String(img.sizeBytes),
      'Cache-Control': 'private, max-age=60',
      'Last-Modified': img.updatedAt.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
