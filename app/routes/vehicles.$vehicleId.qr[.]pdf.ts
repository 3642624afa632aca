import type { LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, errorText, userPage } from '#app/utils/page.server.ts'
import { qrSheetResponse } from '#app/utils/qr-sheet.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { vehicleAccess } from '#server/access/vehicle-access.server.ts'
import { getVehicle, getVehicleQrLink } from '#server/fleet/vehicles.server.ts'

/**
 * GET /vehicles/{vehicleId}/qr.pdf: the "Print QR" of the fleet page, a
 * one-page PDF named after the vehicle identifier (spec section 2 and 9).
 * The owner company's managers or the Operator managers of an active
 * assignment; anyone else gets 404 (no session: /login).
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) return new Response('Not found', { status: 404 })
  const found = await attempt(async () => {
    await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
    return getVehicle(ctx, vehicleId)
  })
  if (!found.ok) return errorText(found.error)
  const vehicle = found.value
  // In the requester's language (decision 074).
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  return qrSheetResponse({
    title: `${vehicle.make} ${vehicle.model}`.trim(),
    subtitle: t('License plate {plate}', { plate: vehicle.licensePlate }),
    qrText: await getVehicleQrLink(ctx, vehicleId),
    code: vehicle.vehicleIdentifier,
    hint: t('Scan to open this vehicle.'),
    locale,
  })
}
