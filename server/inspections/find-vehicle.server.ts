import { and, eq, isNull, sql } from 'drizzle-orm'
import { INSPECTOR_ROLES } from '#catalog/roles.ts'
import { vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { relatedCompanyOf } from '../fleet/vehicle-relations.server.ts'
import { parseInput } from '../validation.ts'
import { findVehicleInput, INSPECTION_TEXT, vehicleRefFromLink, type InspectedVehicle } from './inspection-schema.ts'
import { requireInspector } from './submit-inspection.server.ts'
import { msg } from '#catalog/i18n.ts'

export type { InspectedVehicle }

const notFound = () => new AppError('NOT_FOUND', INSPECTION_TEXT.vehicleNotFound, { fieldErrors: { vehicle: msg('No vehicle has this identifier or QR code') } })

/**
 * /InspectionPage's step 1 and tRPC `inspections.findVehicle`: a vehicle by the identifier
 * typed, or by the text of its QR. Anyone who may file an inspection may find any vehicle
 * (PRODUCT.md section 5), but what they learn depends on what they hold (decision 062):
 * - a company related to the bus: the summary an inspection needs, whatever the lookup;
 * - the QR's random token (`/vehicles/{token}`): the same summary, as someone standing at the bus
 *   reads it, without the bus's id;
 * - a typed identifier: only what is painted on the bus (identifier, make, model, plate);
 * - a plain id (`/vehicles/{id}`, old prints): nothing, the 404 of an unknown vehicle, since
 *   ids can be counted.
 * Archived or unknown: 404. Never the owner, documents, pictures, assignments or history.
 */
export async function findVehicleForInspection(ctx: UseCaseContext, input: unknown): Promise<InspectedVehicle> {
  const me = requireInspector(ctx)
  const { vehicle } = parseInput(findVehicleInput, input)
  const ref = vehicleRefFromLink(vehicle)
  const [found] = await ctx.db.read
    .select({
      id: vehicles.id,
      ownerCompanyId: vehicles.ownerCompanyId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      yearBuild: vehicles.yearBuild,
      vin: vehicles.vin,
      licensePlate: vehicles.licensePlate,
      odometer: vehicles.odometer,
      nextInspection: vehicles.nextInspection,
    })
    .from(vehicles)
    .where(
      and(
        !ref ? sql`upper(${vehicles.vehicleIdentifier}) = ${vehicle.toUpperCase()}` : 'token' in ref ? eq(vehicles.qrToken, ref.token) : eq(vehicles.id, ref.id),
        isNull(vehicles.archivedAt),
      ),
    )
  if (!found) throw notFound()
  const { ownerCompanyId: _owner, ...summary } = found
  const related = (await relatedCompanyOf(ctx.db.read, me, found, INSPECTOR_ROLES, ctx.now)) !== null
  if (related) return { ...summary, related }
  if (ref && 'id' in ref) throw notFound()
  if (ref) return { ...summary, id: null, related }
  return {
    id: null,
    vehicleIdentifier: found.vehicleIdentifier,
    make: found.make,
    model: found.model,
    licensePlate: found.licensePlate,
    yearBuild: null,
    vin: null,
    odometer: null,
    nextInspection: null,
    related,
  }
}
