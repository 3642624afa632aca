import { and, count, countDistinct, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { operatorAssignments, vehicleDocuments, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context.ts'
import { activeOn, companyToday } from '../fleet/access.server.ts'
import { requireRole } from '../policy.ts'
import { idSchema, parseInput } from '../validation.ts'

/** The input of every company statistic: the company the dashboard is for. */
export const companyStatsInput = z.object({ companyId: idSchema })

export interface OwnerStats {
  vehiclesRegistered: number
  assignedVehicles: number
  documentsUploaded: number
}

/**
 * The owner's figures, one aggregate each (exported for the EXPLAIN QUERY PLAN test).
 * Archived vehicles count nowhere: neither as registered, nor as assigned, nor through
 * their documents (decision 038).
 */
export function ownerStatsQueries(db: Database, companyId: number, today: string) {
  const fleet = and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt))
  return {
    // vehicles_owner_archived_idx (covering).
    vehiclesRegistered: db.read.select({ n: count() }).from(vehicles).where(fleet),
    // The fleet by vehicles_owner_archived_idx, then each vehicle's assignments by operator_assignments_vehicle_start_idx.
    assignedVehicles: db.read
      .select({ n: countDistinct(operatorAssignments.vehicleId) })
      .from(vehicles)
      .innerJoin(operatorAssignments, eq(operatorAssignments.vehicleId, vehicles.id))
      .where(and(fleet, activeOn(today))),
    // The fleet, then each vehicle's active documents by vehicle_documents_vehicle_active_idx (covering).
    documentsUploaded: db.read
      .select({ n: count() })
      .from(vehicles)
      .innerJoin(vehicleDocuments, eq(vehicleDocuments.vehicleId, vehicles.id))
      .where(and(fleet, eq(vehicleDocuments.isActive, true))),
  }
}

/**
 * GET /api/Dashboard/getOwnerStatsByCompanyId, tRPC dashboards.ownerStats and the owner
 * dashboard's cards (PRODUCT.md section 6). "Assigned" is an assignment active today in
 * the company's time zone.
 */
export async function getOwnerStatsByCompanyId(ctx: UseCaseContext, input: unknown): Promise<OwnerStats> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  const q = ownerStatsQueries(ctx.db, companyId, await companyToday(ctx, companyId))
  const [registered, assigned, documents] = await Promise.all([q.vehiclesRegistered, q.assignedVehicles, q.documentsUploaded])
  return {
    vehiclesRegistered: registered[0]?.n ?? 0,
    assignedVehicles: assigned[0]?.n ?? 0,
    documentsUploaded: documents[0]?.n ?? 0,
  }
}
