import { and, desc, eq, inArray } from 'drizzle-orm'
import { inspections, preInspections } from '#db/schema/index.ts'
import type { InspectionReviewStatus } from '#catalog/statuses.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { VEHICLE_VIEWER_ROLES, vehicleAccess } from '../access/vehicle-access.server.ts'

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

/** Applied when filed, or accepted by the owner: what changed the bus (decision 062). */
const IN_FORCE = ['Applied', 'Accepted'] as const satisfies readonly InspectionReviewStatus[]

/** A vehicle's inspections in `statuses` (all when null), newest first: the one query of the lists below. */
function inspectionsOf(ctx: UseCaseContext, vehicleId: number, statuses: readonly InspectionReviewStatus[] | null) {
  return ctx.db.read
    .select({
      id: inspections.id,
      date: inspections.inspectionDate,
      isSatisfactory: inspections.isSatisfactory,
      inspectorName: inspections.inspectorName,
      reviewStatus: inspections.reviewStatus,
      /** Marked as the annual inspection (decision 066); it counts once in force. */
      isAnnual: inspections.isAnnual,
    })
    .from(inspections)
    .where(and(eq(inspections.vehicleId, vehicleId), statuses ? inArray(inspections.reviewStatus, statuses) : undefined))
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id))
    .limit(1000)
}

/**
 * The Inspections tab (tRPC, the fleet pages): newest first, with each one's review state. The
 * owner also sees the Pending and Rejected filings of companies with no relation to the bus;
 * an operator sees only the inspections in force (decision 062).
 */
export async function listInspectionsByVehicle(ctx: UseCaseContext, vehicleId: number) {
  const access = await vehicleAccess(ctx, vehicleId, READERS)
  return inspectionsOf(ctx, vehicleId, access.as === 'owner' ? null : IN_FORCE)
}

/**
 * GET /api/Maintenance/GetInspection (API.md's shape): the inspections in force, newest first;
 * `awaitingReview` lists the owner's Pending ones instead (GET /api/Maintenance/GetInspectionsAwaitingReview).
 */
export async function listInspectionsForClient(ctx: UseCaseContext, vehicleId: number, opts: { awaitingReview?: boolean } = {}) {
  // Pending filings are the owner's alone (vehicleAccess without reader roles: owner-only, else 404).
  await vehicleAccess(ctx, vehicleId, opts.awaitingReview ? {} : READERS)
  const rows = await inspectionsOf(ctx, vehicleId, opts.awaitingReview ? ['Pending'] : IN_FORCE)
  // API.md's shape exactly: the annual mark travels on GET /api/Maintenance/GetAnnualInspections.
  return rows.map(({ reviewStatus: _state, isAnnual: _annual, ...row }) => row)
}
