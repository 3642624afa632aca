import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import { companies, repairActions, repairTasks, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context.ts'
import { vehicleAccess } from '../fleet/access.server.ts'
import { requireRole } from '../policy.ts'

/** The spec's repair action entity, `repairedAt` null while pending. */
async function selectRepairs(ctx: UseCaseContext, where: SQL) {
  const rows = await ctx.db.read
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      preInspectionFormId: repairActions.preInspectionId,
      createdAt: repairActions.createdAt,
      repairedAt: repairActions.repairedAt,
      comments: repairActions.comments,
      repairCompanyName: companies.name,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      odometer: vehicles.odometer,
    })
    .from(repairActions)
    .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
    .leftJoin(companies, eq(companies.id, repairActions.repairCompanyId))
    .where(where)
    .orderBy(desc(repairActions.createdAt), desc(repairActions.id))
    .limit(1000)
  const tasks = rows.length
    ? await ctx.db.read
        .select({ id: repairTasks.id, repairActionId: repairTasks.repairActionId, name: repairTasks.name, description: repairTasks.description, status: repairTasks.status })
        .from(repairTasks)
        .where(inArray(repairTasks.repairActionId, rows.map((r) => r.id)))
        .orderBy(asc(repairTasks.id))
    : []
  return rows.map(({ make, model, licensePlate, vehicleIdentifier, odometer, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    repairedAt: r.repairedAt ? r.repairedAt.toISOString() : null,
    repairCompanyName: r.repairCompanyName ?? null,
    vehicleInfo: { make, model, licensePlate, vehicleIdentifier, odometer },
    tasks: tasks.filter((t) => t.repairActionId === r.id).map(({ repairActionId: _r, ...t }) => t),
  }))
}

/** GET /api/RepairAction/getRepairsByVehicle and the Repair actions tab (the owner). */
export async function listRepairsByVehicle(ctx: UseCaseContext, vehicleId: number) {
  await vehicleAccess(ctx, vehicleId)
  return selectRepairs(ctx, eq(repairActions.vehicleId, vehicleId))
}

/** GET /api/RepairAction/getRepairsByCompany: the shop's managers and mechanics. */
export async function listRepairsByCompany(ctx: UseCaseContext, repairCompanyId: number) {
  requireRole(ctx.actor, repairCompanyId, ['RepairShop', 'Mechanic'])
  return selectRepairs(ctx, and(or(eq(repairActions.repairCompanyId, repairCompanyId)))!)
}
