/**
 * The mechanic inspections of a date range as CSV (issue 26 point 2, decision 077). The owner
 * company's managers get every inspection of its vehicles with its review state (the Pending and
 * Rejected filings of unrelated shops included, as on the vehicle page); an operator's managers get
 * the inspections in force of the vehicles assigned to them on the inspection's date (decision 062).
 * Keyset batches by (date, id); never the signature or photos.
 */
import { and, asc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { msg } from '#catalog/i18n.ts'
import { inspectionItem } from '#catalog/inspection-checklist.ts'
import { inspectionItems, inspections, repairActions, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { parseInput } from '../validation.ts'
import { CSV_BATCH, exportRangeInput, requireCompanyRole, keysetLines, type CsvExport } from './common.server.ts'

/** Who exports inspections: the owner's managers (its buses) and the operator's (the buses it ran). */
export const INSPECTION_EXPORT_ROLES = ['Owner', 'Operator'] as const

export const INSPECTION_CSV_HEADER = [
  msg('Inspection ID'),
  msg('Date'),
  msg('Vehicle identifier'),
  msg('License plate'),
  msg('Inspector'),
  msg('Inspector qualification'),
  msg('Odometer'),
  msg('Result'),
  msg('Annual inspection'),
  msg('Unsatisfactory items'),
  msg('Review status'),
  msg('Reviewed by'),
  msg('Repair action'),
] as const

export async function exportInspectionsCsv(ctx: UseCaseContext, input: unknown): Promise<CsvExport> {
  const v = parseInput(exportRangeInput, input)
  const { held } = requireCompanyRole(ctx, v.companyId, INSPECTION_EXPORT_ROLES)
  // The operator: in force, and the bus was assigned to it on the inspection's date (not ended early before it).
  const operated = sql`(${inspections.reviewStatus} IN ('Applied', 'Accepted') AND EXISTS (SELECT 1 FROM "operator_assignments" AS "oa"
    WHERE "oa"."vehicle_id" = ${inspections.vehicleId} AND "oa"."operator_company_id" = ${v.companyId}
      AND "oa"."start_date" <= ${inspections.inspectionDate} AND ("oa"."end_date" IS NULL OR "oa"."end_date" >= ${inspections.inspectionDate})
      AND ("oa"."ended_at" IS NULL OR date("oa"."ended_at" / 1000, 'unixepoch') >= ${inspections.inspectionDate})))`
  const whose: SQL = or(held.includes('Owner') ? eq(vehicles.ownerCompanyId, v.companyId) : undefined, held.includes('Operator') ? operated : undefined)!
  const page = (after: { date: string; id: number } | null) =>
    ctx.db.read
      .select({
        id: inspections.id,
        date: inspections.inspectionDate,
        vehicleIdentifier: vehicles.vehicleIdentifier,
        licensePlate: vehicles.licensePlate,
        inspectorName: inspections.inspectorName,
        qualification: inspections.inspectorQualification,
        odometer: inspections.odometer,
        isSatisfactory: inspections.isSatisfactory,
        isAnnual: inspections.isAnnual,
        reviewStatus: inspections.reviewStatus,
        reviewedByName: inspections.reviewedByName,
      })
      .from(inspections)
      .innerJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
      .where(
        and(
          whose,
          gte(inspections.inspectionDate, v.from),
          lte(inspections.inspectionDate, v.to),
          after ? or(gt(inspections.inspectionDate, after.date), and(eq(inspections.inspectionDate, after.date), gt(inspections.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(inspections.inspectionDate), asc(inspections.id))
      .limit(CSV_BATCH)
  const lines = keysetLines(
    page,
    (last): { date: string; id: number } => ({ date: last.date, id: last.id }),
    async function* (rows) {
      const ids = rows.map((r) => r.id)
      const [items, repairs] = await Promise.all([
        ctx.db.read
          .select({
            id: inspectionItems.inspectionId,
            key: inspectionItems.itemKey,
            comments: inspectionItems.comments,
          })
          .from(inspectionItems)
          .where(and(inArray(inspectionItems.inspectionId, ids), eq(inspectionItems.status, 1))),
        ctx.db.read
          .select({
            id: repairActions.inspectionId,
            identifier: repairActions.repairIdentifier,
          })
          .from(repairActions)
          .where(inArray(repairActions.inspectionId, ids)),
      ])
      const failed = new Map<number, string[]>()
      for (const i of items) {
        const label = inspectionItem(i.key)?.label ?? i.key
        failed.set(i.id, [...(failed.get(i.id) ?? []), i.comments ? `${label}: ${i.comments}` : label])
      }
      const repairOf = new Map(repairs.map((r) => [r.id, r.identifier]))
      for (const r of rows) {
        yield [
          r.id,
          r.date,
          r.vehicleIdentifier,
          r.licensePlate,
          r.inspectorName,
          r.qualification,
          r.odometer,
          r.isSatisfactory ? 'Satisfactory' : 'Unsatisfactory',
          r.isAnnual,
          (failed.get(r.id) ?? []).join('; ') || null,
          r.reviewStatus,
          r.reviewedByName,
          repairOf.get(r.id) ?? null,
        ]
      }
    },
  )
  return {
    fileName: `inspections-${v.companyId}-${v.from}-${v.to}.csv`,
    header: INSPECTION_CSV_HEADER,
    lines,
  }
}
