import { and, count, countDistinct, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companyTypes, joinRequests, memberships, operatorAssignments, operatorMonthlyActivity, users, vehicles } from '#db/schema/index.ts'
import { ROLE_IDS, rolesManagedBy } from '#catalog/roles.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { activeOn, companyToday } from '../access/vehicle-access.server.ts'
import { requireRole } from '../access/policy.ts'
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

/**
 * The operator's figures, one aggregate each (exported for the EXPLAIN QUERY PLAN test).
 * `answeredRoles`: the join requests' roles the Operator manager answers in this company.
 */
export function operatorStatsQueries(db: Database, companyId: number, today: string, answeredRoles: number[]) {
  const staff = (role: 'Driver' | 'Mechanic') =>
    // memberships_company_role_idx; one membership per user, company and role (unique).
    db.read
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), eq(memberships.roleId, ROLE_IDS[role]), eq(memberships.isActive, true), isNull(users.deletedAt)))
  return {
    // operator_assignments_operator_idx; an archived vehicle has no active assignment, and is never counted.
    totalVehicles: db.read
      .select({ n: countDistinct(operatorAssignments.vehicleId) })
      .from(operatorAssignments)
      .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
      .where(and(eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today), isNull(vehicles.archivedAt))),
    // The monthly rollup (kept by triggers): a few dozen rows, not a count of every pre-trip.
    totalMissions: db.read
      .select({ n: sql<number>`coalesce(sum(${operatorMonthlyActivity.missions}), 0)` })
      .from(operatorMonthlyActivity)
      .where(eq(operatorMonthlyActivity.operatorCompanyId, companyId)),
    numberOfDrivers: staff('Driver'),
    numberOfMechanics: staff('Mechanic'),
    // join_requests_company_status_idx.
    respondedJoinRequests: db.read
      .select({ n: count() })
      .from(joinRequests)
      .where(and(eq(joinRequests.companyId, companyId), inArray(joinRequests.status, ['Accepted', 'Rejected']), inArray(joinRequests.roleId, answeredRoles))),
    // The previous calendar month's row of the rollup.
    totalMilesDrivenLastMonth: db.read
      .select({ n: operatorMonthlyActivity.miles })
      .from(operatorMonthlyActivity)
      .where(and(eq(operatorMonthlyActivity.operatorCompanyId, companyId), eq(operatorMonthlyActivity.month, shiftMonth(today, -1)))),
  }
}

/** The activity chart's query: the rollup's months from `firstMonth` to before `endMonthExclusive`. */
export function operatorActivityQuery(db: Database, companyId: number, firstMonth: string, endMonthExclusive: string) {
  return db.read
    .select({ month: operatorMonthlyActivity.month, missions: operatorMonthlyActivity.missions, miles: operatorMonthlyActivity.miles })
    .from(operatorMonthlyActivity)
    .where(
      and(
        eq(operatorMonthlyActivity.operatorCompanyId, companyId),
        gte(operatorMonthlyActivity.month, firstMonth),
        lt(operatorMonthlyActivity.month, endMonthExclusive),
      ),
    )
}

/**
 * GET /api/Dashboard/getOperatorStatsByCompanyId, tRPC dashboards.operatorStats and the
 * operator dashboard's cards (PRODUCT.md section 6; decision 038). "Today" and "last
 * month" are the company's calendar (its time zone).
 */
export async function getOperatorStatsByCompanyId(ctx: UseCaseContext, input: unknown): Promise<OperatorStats> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Operator'])
  const today = await companyToday(ctx, companyId)
  const types = await ctx.db.read.select({ type: companyTypes.type }).from(companyTypes).where(eq(companyTypes.companyId, companyId))
  // The join requests of its /joinRequests page: Driver and Operator (and Mechanic without a RepairShop type).
  const answeredRoles = rolesManagedBy('Operator', types.map((t) => t.type)).map((r) => ROLE_IDS[r])
  const q = operatorStatsQueries(ctx.db, companyId, today, answeredRoles)
  const [v, missions, drivers, mechanics, responded, miles] = await Promise.all([
    q.totalVehicles,
    q.totalMissions,
    q.numberOfDrivers,
    q.numberOfMechanics,
    q.respondedJoinRequests,
    q.totalMilesDrivenLastMonth,
  ])
  return {
    totalVehicles: v[0]?.n ?? 0,
    totalMissions: missions[0]?.n ?? 0,
    numberOfDrivers: drivers[0]?.n ?? 0,
    numberOfMechanics: mechanics[0]?.n ?? 0,
    respondedJoinRequests: responded[0]?.n ?? 0,
    totalMilesDrivenLastMonth: Number(miles[0]?.n ?? 0),
  }
}

/**
 * tRPC dashboards.operatorActivity and the operator dashboard's chart: miles and missions
 * per calendar month (company time zone), the last 12 months with the current one last,
 * months without a pre-trip present with zeros. A pre-trip without its end odometer is a
 * mission with no miles.
 */
export async function getOperatorActivity(ctx: UseCaseContext, input: unknown): Promise<OperatorActivityMonth[]> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Operator'])
  const today = await companyToday(ctx, companyId)
  const months = Array.from({ length: ACTIVITY_MONTHS }, (_, i) => shiftMonth(today, i - (ACTIVITY_MONTHS - 1)))
  const byMonth = new Map(months.map((month) => [month, { month, missions: 0, miles: 0 }]))
  for (const row of await operatorActivityQuery(ctx.db, companyId, months[0]!, shiftMonth(today, 1))) {
    const m = byMonth.get(row.month)
    if (!m) continue
    m.missions = Number(row.missions)
    m.miles = Number(row.miles)
  }
  return [...byMonth.values()]
}
