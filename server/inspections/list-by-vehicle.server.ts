import { desc, eq } from 'drizzle-orm'
import { inspections, preInspections } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context.ts'
import { VEHICLE_VIEWER_ROLES, vehicleAccess } from '../fleet/access.server.ts'

/** Who may read a vehicle's inspection records: its owner, or the operator (and its staff) of an active assignment. */
const READERS = { operatorRoles: VEHICLE_VIEWER_ROLES }

/** GET /api/Maintenance/GetPreInspection and the Pre inspections tab: newest first. */
export async function listPreInspectionsByVehicle(ctx: UseCaseContext, vehicleId: number) {
  await vehicleAccess(ctx, vehicleId, READERS)
  return ctx.db.read
    .select({ id: preInspections.id, date: preInspections.date, isSatisfactory: preInspections.isSatisfactory, driverName: preInspections.driverName })
    .from(preInspections)
    .where(eq(preInspections.vehicleId, vehicleId))
    .orderBy(desc(preInspections.date), desc(preInspections.id))
    .limit(1000)
}

/** GET /api/Maintenance/GetInspection and the Inspections tab: newest first. */
export async function listInspectionsByVehicle(ctx: UseCaseContext, vehicleId: number) {
  await vehicleAccess(ctx, vehicleId, READERS)
  return ctx.db.read
    .select({ id: inspections.id, date: inspections.inspectionDate, isSatisfactory: inspections.isSatisfactory, inspectorName: inspections.inspectorName })
    .from(inspections)
    .where(eq(inspections.vehicleId, vehicleId))
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id))
    .limit(1000)
}
