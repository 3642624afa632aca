import { sql } from 'drizzle-orm'
import { INSPECTION_ITEMS, INSPECTION_SECTIONS, type InspectionSection } from '#catalog/inspection-checklist.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { companyToday, todayIn } from '../access/vehicle-access.server.ts'
import { companiesWithRole, requireUser } from '../access/policy.ts'
import { addMonths, latest } from './personal-dates.ts'

/**
 * A mechanic's statistics (PRODUCT.md section 6) over the inspections the
 * caller signed (`inspector_user_id`), whatever the vehicle's company.
 * SQL aggregates on `inspections_inspector_date_idx`, the partial index
 * `inspection_items_unsatisfactory_idx` (status 1) and
 * `inspection_photos_inspection_idx`; photo blobs are never read.
 */
export interface MechanicStats {
  totalInspections: number
  vehiclesInspected: number
  satisfactoryInspections: number
  unsatisfactoryInspections: number
  /** Unsatisfactory items over all the caller's inspections. */
  defectsFound: number
  photosTaken: number
}

function mechanicCompanies(ctx: UseCaseContext): number[] {
  return companiesWithRole(requireUser(ctx.actor), ['Mechanic'])
}

/** `GET /api/Dashboard/getMechanicStats`; `null` (REST 204) without an active Mechanic role. */
export async function getMechanicStats(ctx: UseCaseContext): Promise<MechanicStats | null> {
  const me = requireUser(ctx.actor)
  if (mechanicCompanies(ctx).length === 0) return null
  const [row] = await ctx.db.read.all<Record<keyof MechanicStats, number | null>>(sql`
    SELECT COUNT(*) AS totalInspections,
           COUNT(DISTINCT vehicle_id) AS vehiclesInspected,
           COALESCE(SUM(is_satisfactory = 1), 0) AS satisfactoryInspections,
           COALESCE(SUM(is_satisfactory = 0), 0) AS unsatisfactoryInspections,
           (SELECT COUNT(*) FROM inspection_items ii
             WHERE ii.status = 1
               AND ii.inspection_id IN (SELECT id FROM inspections WHERE inspector_user_id = ${me.userId})) AS defectsFound,
           (SELECT COUNT(*) FROM inspection_photos p
             WHERE p.inspection_id IN (SELECT id FROM inspections WHERE inspector_user_id = ${me.userId})) AS photosTaken
    FROM inspections
    WHERE inspector_user_id = ${me.userId}`)
  return {
    totalInspections: Number(row?.totalInspections ?? 0),
    vehiclesInspected: Number(row?.vehiclesInspected ?? 0),
    satisfactoryInspections: Number(row?.satisfactoryInspections ?? 0),
    unsatisfactoryInspections: Number(row?.unsatisfactoryInspections ?? 0),
    defectsFound: Number(row?.defectsFound ?? 0),
    photosTaken: Number(row?.photosTaken ?? 0),
  }
}

export const ACTIVITY_MONTHS = 12

export interface MechanicActivity {
  /** `YYYY-MM`, oldest first (12 months, the current one last). */
  months: string[]
  satisfactory: number[]
  unsatisfactory: number[]
  /** Unsatisfactory items of all the caller's inspections by checklist section, in the catalogue's order. */
  defectsBySection: { section: InspectionSection; defects: number }[]
}

/** SQL: the checklist section of `inspection_items.item_key` (from the catalogue). */
const sectionOfItem = sql.join(
  [sql`CASE ii.item_key`, ...INSPECTION_ITEMS.map((i) => sql`WHEN ${i.key} THEN ${i.section}`), sql`END`],
  sql` `,
)

/**
 * Inspections per month (satisfactory vs not) over the last 12 months, the
 * current month included ("today" is the latest among the caller's Mechanic
 * companies' time zones), and defects by checklist section. Months without
 * inspections are present with 0. `null` without an active Mechanic role.
 */
export async function getMechanicActivity(ctx: UseCaseContext): Promise<MechanicActivity | null> {
  const me = requireUser(ctx.actor)
  const companies = mechanicCompanies(ctx)
  if (companies.length === 0) return null
  const today = latest(await Promise.all(companies.map((id) => companyToday(ctx, id))), todayIn('UTC', ctx.now))
  const months = Array.from({ length: ACTIVITY_MONTHS }, (_, i) => addMonths(today, i - (ACTIVITY_MONTHS - 1)))
  const perMonth = await ctx.db.read.all<{ month: string; satisfactory: number; unsatisfactory: number }>(sql`
    SELECT substr(inspection_date, 1, 7) AS month,
           SUM(is_satisfactory = 1) AS satisfactory, SUM(is_satisfactory = 0) AS unsatisfactory
    FROM inspections
    WHERE inspector_user_id = ${me.userId} AND inspection_date >= ${`${months[0]}-01`} AND inspection_date <= ${today}
    GROUP BY month`)
  const bySection = await ctx.db.read.all<{ section: string; defects: number }>(sql`
    SELECT ${sectionOfItem} AS section, COUNT(*) AS defects
    FROM inspections i JOIN inspection_items ii ON ii.inspection_id = i.id AND ii.status = 1
    WHERE i.inspector_user_id = ${me.userId}
    GROUP BY section`)
  const byMonth = new Map(perMonth.map((r) => [r.month, r]))
  const bySectionMap = new Map(bySection.map((r) => [r.section, Number(r.defects)]))
  return {
    months,
    satisfactory: months.map((m) => Number(byMonth.get(m)?.satisfactory ?? 0)),
    unsatisfactory: months.map((m) => Number(byMonth.get(m)?.unsatisfactory ?? 0)),
    defectsBySection: INSPECTION_SECTIONS.map((section) => ({ section, defects: bySectionMap.get(section) ?? 0 })),
  }
}
