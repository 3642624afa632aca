/**
 * The pre-trip inspections of a date range as CSV (issue 26 point 2, decision 077): the owner
 * company's managers get the pre-trips of its vehicles, the operator's managers the pre-trips
 * filed for their company; a company with both roles gets both. Dates are the pre-trip's own
 * local date; times are shown in the company's time zone. Read in keyset batches as the file is
 * written (never the photos or the signature: those are blobs).
 */
import { and, asc, eq, gt, gte, inArray, lte, or, type SQL } from 'drizzle-orm'
import { msg } from '#catalog/i18n.ts'
import { preInspectionItem } from '#catalog/checklists.ts'
import { companies, preInspectionAnswers, preInspections, repairActions, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { parseInput } from '../validation.ts'
import { CSV_BATCH, companyTimeZone, exportRangeInput, localDateTime, requireCompanyRole, keysetLines, type CsvExport } from './common.server.ts'

/** Who exports pre-trips: the managers who read them today (owner: its buses; operator: its filings). */
export const PRE_TRIP_EXPORT_ROLES = ['Owner', 'Operator'] as const

export const PRE_TRIP_CSV_HEADER = [
  msg('Pre-trip ID'),
  msg('Date'),
  msg('Vehicle identifier'),
  msg('License plate'),
  msg('Driver'),
  msg('Operator company'),
  msg('Time in'),
  msg('Time out'),
  msg('Odometer start'),
  msg('Odometer end'),
  msg('Result'),
  msg('Defects'),
  msg('Damage front'),
  msg('Damage rear'),
  msg('Damage right side'),
  msg('Damage left side'),
  msg('Defects corrected'),
  msg('Defects need correction'),
  msg('Comments'),
  msg('Repair action'),
] as const

export async function exportPreTripsCsv(ctx: UseCaseContext, input: unknown): Promise<CsvExport> {
  const v = parseInput(exportRangeInput, input)
  const { held } = requireCompanyRole(ctx, v.companyId, PRE_TRIP_EXPORT_ROLES)
  const tz = await companyTimeZone(ctx, v.companyId)
  const whose: SQL = or(
    held.includes('Owner') ? eq(vehicles.ownerCompanyId, v.companyId) : undefined,
    held.includes('Operator') ? eq(preInspections.operatorCompanyId, v.companyId) : undefined,
  )!
  const page = (after: { date: string; id: number } | null) =>
    ctx.db.read
      .select({
        id: preInspections.id,
        date: preInspections.date,
        vehicleIdentifier: vehicles.vehicleIdentifier,
        licensePlate: vehicles.licensePlate,
        driverName: preInspections.driverName,
        operatorName: companies.name,
        timeIn: preInspections.timeIn,
        timeOut: preInspections.timeOut,
        odometerStart: preInspections.odometerStart,
        odometerEnd: preInspections.odometerEnd,
        isSatisfactory: preInspections.isSatisfactory,
        damageFront: preInspections.damageFront,
        damageRear: preInspections.damageRear,
        damageRightSide: preInspections.damageRightSide,
        damageLeftSide: preInspections.damageLeftSide,
        defectsCorrected: preInspections.defectsCorrected,
        defectsNeedCorrection: preInspections.defectsNeedCorrection,
        comments: preInspections.comments,
      })
      .from(preInspections)
      .innerJoin(vehicles, eq(vehicles.id, preInspections.vehicleId))
      .innerJoin(companies, eq(companies.id, preInspections.operatorCompanyId))
      .where(
        and(
          whose,
          gte(preInspections.date, v.from),
          lte(preInspections.date, v.to),
          after ? or(gt(preInspections.date, after.date), and(eq(preInspections.date, after.date), gt(preInspections.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(preInspections.date), asc(preInspections.id))
      .limit(CSV_BATCH)
  const lines = keysetLines(
    page,
    (last): { date: string; id: number } => ({ date: last.date, id: last.id }),
    async function* (rows) {
      const ids = rows.map((r) => r.id)
      const [answers, repairs] = await Promise.all([
        ctx.db.read
          .select({
            id: preInspectionAnswers.preInspectionId,
            key: preInspectionAnswers.itemKey,
          })
          .from(preInspectionAnswers)
          .where(and(inArray(preInspectionAnswers.preInspectionId, ids), eq(preInspectionAnswers.defective, true))),
        ctx.db.read
          .select({
            id: repairActions.preInspectionId,
            identifier: repairActions.repairIdentifier,
          })
          .from(repairActions)
          .where(inArray(repairActions.preInspectionId, ids)),
      ])
      const defects = new Map<number, string[]>()
      for (const a of answers) defects.set(a.id, [...(defects.get(a.id) ?? []), preInspectionItem(a.key)?.label ?? a.key])
      const repairOf = new Map(repairs.map((r) => [r.id, r.identifier]))
      for (const r of rows) {
        yield [
          r.id,
          r.date,
          r.vehicleIdentifier,
          r.licensePlate,
          r.driverName,
          r.operatorName,
          localDateTime(r.timeIn, tz),
          localDateTime(r.timeOut, tz),
          r.odometerStart,
          r.odometerEnd,
          r.isSatisfactory ? 'Satisfactory' : 'Defects found',
          (defects.get(r.id) ?? []).join('; ') || null,
          r.damageFront,
          r.damageRear,
          r.damageRightSide,
          r.damageLeftSide,
          r.defectsCorrected,
          r.defectsNeedCorrection,
          r.comments,
          repairOf.get(r.id) ?? null,
        ]
      }
    },
  )
  return {
    fileName: `pre-trips-${v.companyId}-${v.from}-${v.to}.csv`,
    header: PRE_TRIP_CSV_HEADER,
    lines,
  }
}
