import { and, eq, isNull, sql } from 'drizzle-orm'
import { vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context.ts'
import { AppError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { findVehicleInput, INSPECTION_TEXT, vehicleIdFromQr, type InspectedVehicle } from './inspection-schema.ts'

export type { InspectedVehicle }
import { requireInspector } from './submit-inspection.server.ts'


/**
 * /InspectionPage's step 1 and tRPC `inspections.findVehicle`: a vehicle by the identifier
 * typed, or by the text of its QR (the `/vehicles/{id}` link). Anyone who may file an
 * inspection may find any vehicle (PRODUCT.md section 5), whoever owns it; they see only the
 * summary an inspection needs, never the owner's records. Archived or unknown: 404.
 */
export async function findVehicleForInspection(ctx: UseCaseContext, input: unknown): Promise<InspectedVehicle> {
  requireInspector(ctx)
  const { vehicle } = parseInput(findVehicleInput, input)
  const byQr = vehicleIdFromQr(vehicle)
  const [found] = await ctx.db.read
    .select({
      id: vehicles.id,
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
        byQr ? eq(vehicles.id, byQr) : sql`upper(${vehicles.vehicleIdentifier}) = ${vehicle.toUpperCase()}`,
        isNull(vehicles.archivedAt),
      ),
    )
  if (!found) throw new AppError('NOT_FOUND', INSPECTION_TEXT.vehicleNotFound, { fieldErrors: { vehicle: 'No vehicle has this identifier or QR code' } })
  return found
}
