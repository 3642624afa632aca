/**
 * The repair actions opened in a date range as CSV (issue 26 point 2, decision 077): the owner
 * company's managers get the repair actions of its vehicles, the repair shop's managers the ones
 * sent to their shop (as on "Vehicle repairs"). "Opened" is the creation instant, the range is
 * the company's calendar days (its time zone). Keyset batches by (opened, id), with their tasks.
 */
import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { msg } from '#catalog/i18n.ts'
import { companies, repairActions, repairCostLines, repairTasks, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { readRecordText } from '../i18n/record-texts.server.ts'
import { parseInput } from '../validation.ts'
import { centsToDecimal } from '#catalog/money.ts'
import { CSV_BATCH, companyTimeZone, exportRangeInput, instantRange, localDateTime, requireCompanyRole, keysetLines, type CsvExport } from './common.server.ts'

/** Who exports repair actions: the owner's managers (its buses) and the shop's (its repairs). */
export const REPAIR_EXPORT_ROLES = ['Owner', 'RepairShop'] as const

export const REPAIR_CSV_HEADER = [
  msg('Repair action'),
  msg('Opened'),
  msg('Completed'),
  msg('Status'),
  msg('Vehicle identifier'),
  msg('License plate'),
  msg('Owner company'),
  msg('Repair shop'),
  msg('Opened by'),
  msg('Out of service'),
  msg('Certified by'),
  msg('Tasks'),
  msg('Comments'),
  // Decision 085: the cost lines charged to the exporting owner, or the shop's own lines; never another payer's.
  msg('Cost'),
  msg('Currency'),
] as const

/**
 * The cents of each repair action's cost lines a company's export carries (decision 085): as the
 * owner, the lines charged to it; as the shop, its own lines. Never another payer's line (an
 * operator's share stays on the pages, where the owner sees it). (Here, not in server/costs:
 * activity imports exports, and costs writes audit rows.)
 */
async function costTotals(ctx: UseCaseContext, companyId: number, as: 'owner' | 'shop', repairActionIds: number[]): Promise<Map<number, number>> {
  if (repairActionIds.length === 0) return new Map()
  const who = as === 'owner' ? eq(repairCostLines.payerCompanyId, companyId) : eq(repairCostLines.shopCompanyId, companyId)
  const rows = await ctx.db.read
    .select({ id: repairCostLines.repairActionId, cents: sql<number>`sum(${repairCostLines.amountCents})` })
    .from(repairCostLines)
    .where(and(who, inArray(repairCostLines.repairActionId, repairActionIds)))
    .groupBy(repairCostLines.repairActionId)
  return new Map(rows.map((r) => [r.id, Number(r.cents)]))
}

export async function exportRepairActionsCsv(ctx: UseCaseContext, input: unknown): Promise<CsvExport> {
  const v = parseInput(exportRangeInput, input)
  const { held } = requireCompanyRole(ctx, v.companyId, REPAIR_EXPORT_ROLES)
  const tz = await companyTimeZone(ctx, v.companyId)
  const { start, end } = instantRange(v.from, v.to, tz)
  const whose: SQL = or(
    held.includes('Owner') ? eq(repairActions.ownerCompanyId, v.companyId) : undefined,
    held.includes('RepairShop') ? eq(repairActions.repairCompanyId, v.companyId) : undefined,
  )!
  const owner = alias(companies, 'owner_company')
  const page = (after: { at: Date; id: number } | null) =>
    ctx.db.read
      .select({
        id: repairActions.id,
        identifier: repairActions.repairIdentifier,
        createdAt: repairActions.createdAt,
        repairedAt: repairActions.repairedAt,
        vehicleIdentifier: vehicles.vehicleIdentifier,
        licensePlate: vehicles.licensePlate,
        ownerName: owner.name,
        shopName: companies.name,
        preInspectionId: repairActions.preInspectionId,
        inspectionId: repairActions.inspectionId,
        emergencyExitCheckId: repairActions.emergencyExitCheckId,
        outOfService: repairActions.outOfService,
        repairedByName: repairActions.repairedByName,
        comments: repairActions.comments,
        commentsText: repairActions.commentsText,
        ownerCompanyId: repairActions.ownerCompanyId,
        currency: owner.currency,
      })
      .from(repairActions)
      .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
      .innerJoin(owner, eq(owner.id, repairActions.ownerCompanyId))
      .leftJoin(companies, eq(companies.id, repairActions.repairCompanyId))
      .where(
        and(
          whose,
          gte(repairActions.createdAt, start),
          lt(repairActions.createdAt, end),
          after ? or(gt(repairActions.createdAt, after.at), and(eq(repairActions.createdAt, after.at), gt(repairActions.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(repairActions.createdAt), asc(repairActions.id))
      .limit(CSV_BATCH)
  const lines = keysetLines(
    page,
    (last): { at: Date; id: number } => ({ at: last.createdAt, id: last.id }),
    async function* (rows) {
      const tasks = await ctx.db.read
        .select({
          actionId: repairTasks.repairActionId,
          name: repairTasks.name,
          status: repairTasks.status,
        })
        .from(repairTasks)
        .where(
          inArray(
            repairTasks.repairActionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(repairTasks.id))
      // Costs (decision 085): as the owner for its own buses, else as the shop (its own lines only).
      const asOwner = held.includes('Owner') ? rows.filter((r) => r.ownerCompanyId === v.companyId).map((r) => r.id) : []
      const ownerCosts = await costTotals(ctx, v.companyId, 'owner', asOwner)
      const shopCosts = await costTotals(ctx, v.companyId, 'shop', rows.filter((r) => !asOwner.includes(r.id)).map((r) => r.id))
      const tasksOf = new Map<number, string[]>()
      for (const t of tasks) tasksOf.set(t.actionId, [...(tasksOf.get(t.actionId) ?? []), `${t.name} (${t.status})`])
      for (const r of rows) {
        const source =
          r.preInspectionId !== null
            ? `Pre-trip ${r.preInspectionId}`
            : r.inspectionId !== null
            ? `Inspection ${r.inspectionId}`
            : r.emergencyExitCheckId !== null
            ? `90-day check ${r.emergencyExitCheckId}`
            : null
        yield [
          r.identifier,
          localDateTime(r.createdAt, tz),
          localDateTime(r.repairedAt, tz),
          r.repairedAt ? 'Repaired' : 'Pending repair',
          r.vehicleIdentifier,
          r.licensePlate,
          r.ownerName,
          r.shopName ?? null,
          source,
          r.outOfService,
          r.repairedAt ? r.repairedByName : null,
          (tasksOf.get(r.id) ?? []).join('; ') || null,
          // A cell: in English, like the labels (decision 077), Operon's sentence as REST reads it (decision 082).
          readRecordText(r.commentsText, r.comments, undefined),
          centsToDecimal(ownerCosts.get(r.id) ?? shopCosts.get(r.id) ?? 0),
          r.currency,
        ]
      }
    },
  )
  return {
    fileName: `repair-actions-${v.companyId}-${v.from}-${v.to}.csv`,
    header: REPAIR_CSV_HEADER,
    lines,
  }
}
