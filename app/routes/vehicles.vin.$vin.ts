import type { LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { lookupVin } from '#server/fleet/vin-decode.server.ts'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store', ...headers } })

/**
 * GET /vehicles/vin/{vin}[?modelYear=…]: the Add dialog's VIN lookup with
 * JavaScript (cookie session; Owner managers). Answers the decoder's result:
 * `{ found: true, make, model, modelYear, numberOfSeats, fuelType,
 * transmissionType, powertrainType, checkDigitValid, … }` or
 * `{ found: false, message: 'Vehicle not found' }`; errors as `{ message }`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await getActor(request)
  if (actor.kind !== 'user') return json({ message: 'Authentication required' }, 401)
  const modelYear = new URL(request.url).searchParams.get('modelYear')
  try {
    const result = await lookupVin({ db: getDb(), actor, ip: context.clientIp }, { vin: params.vin ?? '', ...(modelYear ? { modelYear } : {}) })
    return json(result)
  } catch (error) {
    if (!isAppError(error)) throw error
    const headers: Record<string, string> = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
    return json({ message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) }, error.status, headers)
  }
}
