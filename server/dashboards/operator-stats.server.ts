import { and, count, countDistinct, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { companyTypes, joinRequests, memberships, operatorAssignments, preInspections, users, vehicles } from '#db/schema/index.ts'
import { ROLE_IDS, rolesManagedBy } from '#catalog/roles.ts'
import type { UseCaseContext } from '../context.ts'
import { activeOn, companyToday } from '../fleet/access.server.ts'
import { requireRole } from '../policy.ts'
import { parseInput } from '../validation.ts'
import { companyStatsInput } from './owner-stats.server.ts'

export interface OperatorStats {
  totalVehicles: number
  totalMissions: number
  numberOfDrivers: number
  numberOfMechanics: number
  respondedJoinRequests: number
  totalMilesDrivenLastMonth: number
}

/** One month of the operator's activity chart. */
export interface OperatorActivityMonth {
  /** YYYY-MM, a calendar month in the company's time zone. */
  month: string
  missions: number
  miles: number
}

/** The number of months the activity chart shows, the current one last. */
export const ACTIVITY_MONTHS = 12

/** YYYY-MM of the month `offset` months from the month of `date` (YYYY-MM-DD or YYYY-MM). */
export function shiftMonth(date: string, offset: number): string {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7)) - 1 + offset
  const year = y + Math.floor(m / 12)
  const month = ((m % 12) + 12) % 12
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`
}

/** Miles of one pre-trip: end − start, 0 while the end odometer is missing. */
const milesOf = sql<number>`coalesce(sum(${preInspections.odometerEnd} - ${preInspections.odometerStart}), 0)`

/**
 * GET /api/Dashboard/getOperatorStatsByCompanyId and the operator dashboard's cards
 * (PRODUCT.md section 6; decision 038). "Today" and "last month" are the company's calendar
 * (its time zone). Each figure is one indexed aggregate; missions and miles read only the
 * covering index pre_inspections_operator_date_miles_idx.
 */
export async function getOperatorStatsByCompanyId(ctx: UseCaseContext, input: unknown): Promise<OperatorStats> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Operator'])
  const today = await companyToday(ctx, companyId)
  const lastMonthStart = `${shiftMonth(today, -1)}-01`
  const thisMonthStart = `${shiftMonth(today, 0)}-01`
  const types = (await ctx.db.read.select({ type: companyTypes.type }).from(companyTypes).where(eq(companyTypes.companyId, companyId))).map((t) => t.type)
  // The join requests the Operator manager answers in this company (its /joinRequests page).
  const answeredRoles = rolesManagedBy('Operator', types).map((r) => ROLE_IDS[r])

  const staffCount = (role: 'Driver' | 'Mechanic') =>
    ctx.db.read
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), eq(memberships.roleId, ROLE_IDS[role]), eq(memberships.isActive, true), isNull(users.deletedAt)))

  const [vehiclesRow, missionsRow, drivers, mechanics, responded, miles] = await Promise.all([
    // operator_assignments_operator_idx; an archived vehicle has no active assignment, but is never counted.
    ctx.db.read
      .select({ n: countDistinct(operatorAssignments.vehicleId) })
      .from(operatorAssignments)
      .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
      .where(and(eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today), isNull(vehicles.archivedAt))),
    ctx.db.read.select({ n: count() }).from(preInspections).where(eq(preInspections.operatorCompanyId, companyId)),
    // memberships_company_role_idx; one membership per user, company and role (unique).
    staffCount('Driver'),
    staffCount('Mechanic'),
    // join_requests_company_status_idx.
    ctx.db.read
      .select({ n: count() })
      .from(joinRequests)
      .where(and(eq(joinRequests.companyId, companyId), inArray(joinRequests.status, ['Accepted', 'Rejected']), inArray(joinRequests.roleId, answeredRoles))),
    ctx.db.read
      .select({ miles: milesOf })
      .from(preInspections)
      .where(
        and(
          eq(preInspections.operatorCompanyId, companyId),
          gte(preInspections.date, lastMonthStart),
          lt(preInspections.date, thisMonthStart),
          isNotNull(preInspections.odometerEnd),
        ),
      ),
  ])
  return {
    totalVehicles: vehiclesRow[0]?.n ?? 0,
    totalMissions: missionsRow[0]?.n ?? 0,
    numberOfDrivers: drivers[0]?.n ?? 0,
    numberOfMechanics: mechanics[0]?.n ?? 0,
    respondedJoinRequests: responded[0]?.n ?? 0,
    totalMilesDrivenLastMonth: Number(miles[0]?.miles ?? 0),
  }
}

/**
 * The operator's miles and missions per month (tRPC dashboards.operatorActivity and the
 * dashboard's chart): the last 12 calendar months of the company's time zone, the current
 * month last, months without a pre-trip present with zeros. One GROUP BY over the covering
 * index; a pre-trip without its end odometer is a mission with no miles.
 */
export async function getOperatorActivity(ctx: UseCaseContext, input: unknown): Promise<OperatorActivityMonth[]> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Operator'])
  const today = await companyToday(ctx, companyId)
  const months = Array.from({ length: ACTIVITY_MONTHS }, (_, i) => shiftMonth(today, i - (ACTIVITY_MONTHS - 1)))
  const month = sql<string>`substr(${preInspections.date}, 1, 7)`
  const rows = await ctx.db.read
    .select({ month, missions: count(), miles: milesOf })
    .from(preInspections)
    .where(and(eq(preInspections.operatorCompanyId, companyId), gte(preInspections.date, `${months[0]}-01`), lt(preInspections.date, `${shiftMonth(today, 1)}-01`)))
    .groupBy(month)
  const byMonth = new Map(rows.map((r) => [r.month, r]))
  return months.map((m) => ({ month: m, missions: Number(byMonth.get(m)?.missions ?? 0), miles: Number(byMonth.get(m)?.miles ?? 0) }))
}
