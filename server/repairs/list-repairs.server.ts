import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { REPAIR_LIST_PAGE_SIZES, REPAIR_LIST_STATUSES } from '#catalog/repairs.ts'
import { REPAIR_SHOP_ROLES } from '#catalog/roles.ts'
import { companies, repairActions, repairTasks, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { vehicleAccess } from '../access/vehicle-access.server.ts'
import { readRecordText } from '../i18n/record-texts.server.ts'
import { requireRole } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'

/** What opened a repair action (decision 065: exactly one is set; `service`: "Send to repair shop", decision 084, its own id). */
export type RepairSourceKind = 'pre-inspection' | 'inspection' | 'emergency-exit-check' | 'service'
export interface RepairSource {
  kind: RepairSourceKind
  id: number
}

function sourceOf(preInspectionId: number | null, inspectionId: number | null, emergencyExitCheckId: number | null, service: { id: number } | null): RepairSource | null {
  if (service) return { kind: 'service', id: service.id }
  if (preInspectionId !== null) return { kind: 'pre-inspection', id: preInspectionId }
  if (inspectionId !== null) return { kind: 'inspection', id: inspectionId }
  if (emergencyExitCheckId !== null) return { kind: 'emergency-exit-check', id: emergencyExitCheckId }
  return null
}

/**
 * The spec's repair action entity, `repairedAt` null while pending, plus what the page shows
 * beyond it (added properties: the certifying mechanic's name, the out-of-service flag), and for
 * the pages and tRPC only (REST strips them, `restRepairAction`): the record that opened it
 * (`source`), its vehicle's id and owner company. The comments and the tasks' descriptions that
 * Operon wrote read in the caller's language (`ctx.locale`; REST has none: English, decision 082).
 */
async function selectRepairs(
  ctx: UseCaseContext,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
  order: SQL[] = [desc(repairActions.createdAt), desc(repairActions.id)],
) {
  const rows = await ctx.db.read
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      preInspectionFormId: repairActions.preInspectionId,
      inspectionId: repairActions.inspectionId,
      emergencyExitCheckId: repairActions.emergencyExitCheckId,
      vehicleId: repairActions.vehicleId,
      ownerCompanyId: vehicles.ownerCompanyId,
      createdAt: repairActions.createdAt,
      repairedAt: repairActions.repairedAt,
      comments: repairActions.comments,
      commentsText: repairActions.commentsText,
      repairCompanyName: companies.name,
      repairedByName: repairActions.repairedByName,
      outOfService: repairActions.outOfService,
      openedForService: repairActions.openedForService,
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
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const tasks = rows.length
    ? await ctx.db.read
        .select({
          id: repairTasks.id,
          repairActionId: repairTasks.repairActionId,
          name: repairTasks.name,
          description: repairTasks.description,
          descriptionText: repairTasks.descriptionText,
          status: repairTasks.status,
        })
        .from(repairTasks)
        .where(inArray(repairTasks.repairActionId, rows.map((r) => r.id)))
        .orderBy(asc(repairTasks.id))
    : []
  return rows.map(({ make, model, licensePlate, vehicleIdentifier, odometer, inspectionId, emergencyExitCheckId, commentsText, openedForService, ...r }) => ({
    ...r,
    comments: readRecordText(commentsText, r.comments, ctx.locale),
    source: sourceOf(r.preInspectionFormId, inspectionId, emergencyExitCheckId, openedForService ? { id: r.id } : null),
    createdAt: r.createdAt.toISOString(),
    repairedAt: r.repairedAt ? r.repairedAt.toISOString() : null,
    repairCompanyName: r.repairCompanyName ?? null,
    repairedByName: r.repairedAt ? (r.repairedByName ?? null) : null,
    outOfService: !!r.outOfService,
    vehicleInfo: { make, model, licensePlate, vehicleIdentifier, odometer },
    tasks: tasks
      .filter((t) => t.repairActionId === r.id)
      .map(({ repairActionId: _r, descriptionText, ...t }) => ({ ...t, description: readRecordText(descriptionText, t.description, ctx.locale) })),
  }))
}
export type RepairActionRow = Awaited<ReturnType<typeof selectRepairs>>[number]

/** The legacy REST shape (API.md): the spec's entity, without what only the pages and tRPC read. */
export function restRepairAction({ source: _s, vehicleId: _v, ownerCompanyId: _o, ...rest }: RepairActionRow) {
  return rest
}

/** One repair action by id, without access checks (the caller has checked). */
export async function selectRepairAction(ctx: UseCaseContext, repairActionId: number): Promise<RepairActionRow | undefined> {
  return (await selectRepairs(ctx, eq(repairActions.id, repairActionId), { limit: 1, offset: 0 }))[0]
}

/** GET /api/RepairAction/getRepairsByVehicle and the Repair actions tab (the owner). */
export async function listRepairsByVehicle(ctx: UseCaseContext, vehicleId: number) {
  await vehicleAccess(ctx, vehicleId)
  return selectRepairs(ctx, eq(repairActions.vehicleId, vehicleId))
}

/** GET /api/RepairAction/getRepairsByCompany: the shop's managers and mechanics. */
export async function listRepairsByCompany(ctx: UseCaseContext, repairCompanyId: number) {
  requireRole(ctx.actor, repairCompanyId, REPAIR_SHOP_ROLES)
  return selectRepairs(ctx, eq(repairActions.repairCompanyId, repairCompanyId))
}

/** The page's (and tRPC's) query: paged, filtered by status. */
export const repairsPageInput = z.object({
  repairCompanyId: idSchema,
  status: z.enum(REPAIR_LIST_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (REPAIR_LIST_PAGE_SIZES as readonly number[]).includes(n), `Page size must be ${REPAIR_LIST_PAGE_SIZES.join(', ')}`)
    .default(REPAIR_LIST_PAGE_SIZES[0]),
})

/**
 * "Vehicle repairs" (`/repairActions/{companyId}`, tRPC `repairs.byCompany`): the shop's repair
 * actions, paged in SQL. The filter reads the index on (repair_company_id, repaired_at).
 */
export async function pageRepairsByCompany(ctx: UseCaseContext, input: unknown) {
  const q = parseInput(repairsPageInput, input)
  requireRole(ctx.actor, q.repairCompanyId, REPAIR_SHOP_ROLES)
  const byStatus = { pending: isNull(repairActions.repairedAt), repaired: isNotNull(repairActions.repairedAt), all: undefined }
  const where = and(eq(repairActions.repairCompanyId, q.repairCompanyId), byStatus[q.status])
  const [count] = await ctx.db.read.select({ n: sql<number>`count(*)` }).from(repairActions).where(where)
  const total = Number(count?.n ?? 0)
  // Repaired ones: the latest certified first; otherwise the newest first.
  const order = q.status === 'repaired' ? [desc(repairActions.repairedAt), desc(repairActions.id)] : undefined
  const items = await selectRepairs(ctx, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }, order)
  return { items, total, page: q.page, pageSize: q.pageSize, status: q.status, pageCount: Math.max(1, Math.ceil(total / q.pageSize)) }
}
