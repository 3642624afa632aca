import { and, countDistinct, count, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
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
 * GET /api/Dashboard/getOwnerStatsByCompanyId and the owner dashboard's cards (PRODUCT.md
 * section 6; decision 038). Archived vehicles count nowhere: neither as registered, nor as
 * assigned, nor through their documents. Each figure is one indexed aggregate.
 */
export async function getOwnerStatsByCompanyId(ctx: UseCaseContext, input: unknown): Promise<OwnerStats> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  const today = await companyToday(ctx, companyId)
  const fleet = and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt))
  const [registered, assigned, documents] = await Promise.all([
    // vehicles_owner_archived_idx (covering).
    ctx.db.read.select({ n: count() }).from(vehicles).where(fleet),
    // The fleet by vehicles_owner_archived_idx, then each vehicle's assignments by operator_assignments_vehicle_start_idx.
    ctx.db.read
      .select({ n: countDistinct(operatorAssignments.vehicleId) })
      .from(vehicles)
      .innerJoin(operatorAssignments, eq(operatorAssignments.vehicleId, vehicles.id))
      .where(and(fleet, activeOn(today))),
    // The fleet, then each vehicle's active documents by vehicle_documents_vehicle_active_idx (covering).
    ctx.db.read
      .select({ n: count() })
      .from(vehicles)
      .innerJoin(vehicleDocuments, eq(vehicleDocuments.vehicleId, vehicles.id))
      .where(and(fleet, eq(vehicleDocuments.isActive, true))),
  ])
  return {
    vehiclesRegistered: registered[0]?.n ?? 0,
    assignedVehicles: assigned[0]?.n ?? 0,
    documentsUploaded: documents[0]?.n ?? 0,
  }
}
