import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { companyToday, todayIn } from '../access/vehicle-access.server.ts'
import { companiesWithRole, requireRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { addDays, latest, mondayOf } from './personal-dates.ts'

/**
 * A driver's statistics (PRODUCT.md section 6) over the driver's own
 * pre-inspections, per operator company where the driver holds an ACTIVE
 * Driver role, plus the same figures over all those companies together.
 * Every figure is a SQL aggregate on the index
 * `pre_inspections_driver_company_date_idx`; no rows are loaded into JS.
 * Pre-trips on vehicles archived since still count: they are the driver's
 * history (decision 034).
 */
export interface DriverStats {
  totalDrives: number
  /** Σ (odometerEnd − odometerStart) over pre-trips with an end odometer. */
  milesDriven: number
  /** Σ (timeOut − timeIn) in hours, one decimal; a pre-trip without timeOut counts 0. */
  hoursDriven: number
  numberOfCars: number
  /** Most consecutive calendar days (the pre-trip's date) with at least one drive. */
  longestDriveStreak: number
  longestDriveMiles: number
}

export interface DriverStatsByCompany {
  companyId: number
  driverStats: DriverStats
}

export const EMPTY_DRIVER_STATS: DriverStats = {
  totalDrives: 0,
  milesDriven: 0,
  hoursDriven: 0,
  numberOfCars: 0,
  longestDriveStreak: 0,
  longestDriveMiles: 0,
}

const HOUR_MS = 3_600_000

/** `a IN (…)` of numbers, bound as parameters. */
const inList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `)

type TotalsRow = {
  companyId: number | null
  totalDrives: number
  milesDriven: number
  drivenMs: number
  numberOfCars: number
  longestDriveMiles: number
}
type StreakRow = { companyId: number | null; longestDriveStreak: number }

/**
 * The figures for `companyIds`, per company and over all of them (`companyId` null;
 * its streak only when `overall` is asked).
 * The totals (GROUP BY company, and over the whole when there are several) and the streaks
 * (gaps and islands over DISTINCT dates: a run of consecutive days shares
 * `julianday(date) − row_number()`).
 */
async function driverFigures(ctx: UseCaseContext, userId: number, companyIds: number[], opts: { overall: boolean }) {
  const ids = inList(companyIds)
  const overall = opts.overall && companyIds.length > 1
  // Straight on the table, not through a shared CTE: SQLite materializes a CTE used twice, which
  // cost five times the plain grouped scan of the covering index (bench:dashboards).
  const figuresOf = (groupBy: boolean) => sql`
    SELECT ${groupBy ? sql`operator_company_id` : sql`NULL`} AS companyId, COUNT(*) AS totalDrives,
           COALESCE(SUM(odometer_end - odometer_start), 0) AS milesDriven,
           COALESCE(SUM(CASE WHEN time_out > time_in THEN time_out - time_in ELSE 0 END), 0) AS drivenMs,
           COUNT(DISTINCT vehicle_id) AS numberOfCars, COALESCE(MAX(odometer_end - odometer_start), 0) AS longestDriveMiles
    FROM pre_inspections
    WHERE driver_user_id = ${userId} AND operator_company_id IN (${ids})
    ${groupBy ? sql`GROUP BY operator_company_id` : sql``}`
  const totals = [
    ...(await ctx.db.read.all<TotalsRow>(figuresOf(true))),
    ...(overall ? await ctx.db.read.all<TotalsRow>(figuresOf(false)) : []),
  ]
  const streaks = await ctx.db.read.all<StreakRow>(sql`
    WITH days AS (
      SELECT DISTINCT operator_company_id AS company, date
      FROM pre_inspections
      WHERE driver_user_id = ${userId} AND operator_company_id IN (${ids})
    ),
    islands AS (
      SELECT company, julianday(date) - ROW_NUMBER() OVER (PARTITION BY company ORDER BY date) AS island FROM days
    )
    SELECT company AS companyId, MAX(n) AS longestDriveStreak
    FROM (SELECT company, COUNT(*) AS n FROM islands GROUP BY company, island) GROUP BY company
    ${
      overall
        ? sql`UNION ALL
    SELECT NULL, COALESCE(MAX(n), 0) FROM (
      SELECT COUNT(*) AS n
      FROM (SELECT julianday(date) - ROW_NUMBER() OVER (ORDER BY date) AS island FROM (SELECT DISTINCT date FROM days))
      GROUP BY island)`
        : sql``
    }`)
  const figures = (companyId: number | null): DriverStats => {
    // With one company, "all" is that company's row.
    const t = totals.find((r) => r.companyId === (companyId === null && companyIds.length === 1 ? companyIds[0] : companyId))
    const s =
      companyId === null && companyIds.length === 1
        ? streaks.find((r) => r.companyId === companyIds[0])
        : streaks.find((r) => r.companyId === companyId)
    if (!t || Number(t.totalDrives) === 0) return { ...EMPTY_DRIVER_STATS }
    return {
      totalDrives: Number(t.totalDrives),
      milesDriven: Number(t.milesDriven),
      hoursDriven: Math.round((Number(t.drivenMs) / HOUR_MS) * 10) / 10,
      numberOfCars: Number(t.numberOfCars),
      longestDriveStreak: Number(s?.longestDriveStreak ?? 0),
      longestDriveMiles: Number(t.longestDriveMiles),
    }
  }
  return { figures }
}

/** Companies where the caller holds an active Driver role (the actor carries active roles only). */
function driverCompanies(ctx: UseCaseContext): number[] {
  return companiesWithRole(requireUser(ctx.actor), ['Driver'])
}

/**
 * `GET /api/Dashboard/getDriverStatsByCompany`: one entry per company where the
 * caller holds an active Driver role; `null` (REST 204) without one.
 */
export async function getDriverStatsByCompany(ctx: UseCaseContext): Promise<DriverStatsByCompany[] | null> {
  const me = requireUser(ctx.actor)
  const companyIds = driverCompanies(ctx)
  if (companyIds.length === 0) return null
  const { figures } = await driverFigures(ctx, me.userId, companyIds, { overall: false })
  return companyIds.map((companyId) => ({ companyId, driverStats: figures(companyId) }))
}

/** The dashboard's view: per company and "All Companies" (computed in SQL over the union). */
export async function getDriverDashboardStats(
  ctx: UseCaseContext,
): Promise<{ all: DriverStats; byCompany: DriverStatsByCompany[] } | null> {
  const me = requireUser(ctx.actor)
  const companyIds = driverCompanies(ctx)
  if (companyIds.length === 0) return null
  const { figures } = await driverFigures(ctx, me.userId, companyIds, { overall: true })
  return { all: figures(null), byCompany: companyIds.map((companyId) => ({ companyId, driverStats: figures(companyId) })) }
}

export const driverActivityInput = z.object({ companyId: idSchema.optional() }).strict()

export interface WeeklyActivity {
  /** The Monday of each week, oldest first (12 weeks, the current one last). */
  weeks: string[]
  drives: number[]
  miles: number[]
}

export const ACTIVITY_WEEKS = 12

/**
 * Drives and miles per week (weeks start on Monday) over the last 12 weeks, the
 * current week included, for one company (its time zone decides "today") or for
 * all the caller's Driver companies (the latest "today" among them). Weeks
 * without drives are present with 0. `null` without an active Driver role; 403
 * for a company where the caller holds no active Driver role.
 */
export async function getDriverActivity(ctx: UseCaseContext, input: unknown): Promise<WeeklyActivity | null> {
  const me = requireUser(ctx.actor)
  const { companyId } = parseInput(driverActivityInput, input ?? {})
  if (companyId !== undefined) requireRole(me, companyId, ['Driver'])
  const all = driverCompanies(ctx)
  if (all.length === 0) return null
  const companyIds = companyId !== undefined ? [companyId] : all
  const today =
    companyId !== undefined
      ? await companyToday(ctx, companyId)
      : latest(await Promise.all(all.map((id) => companyToday(ctx, id))), todayIn('UTC', ctx.now))
  const first = addDays(mondayOf(today), -7 * (ACTIVITY_WEEKS - 1))
  const rows = await ctx.db.read.all<{ week: number; drives: number; miles: number }>(sql`
    SELECT CAST((julianday(date) - julianday(${first})) / 7 AS INTEGER) AS week,
           COUNT(*) AS drives, COALESCE(SUM(odometer_end - odometer_start), 0) AS miles
    FROM pre_inspections
    WHERE driver_user_id = ${me.userId} AND operator_company_id IN (${inList(companyIds)})
      AND date >= ${first} AND date <= ${today}
    GROUP BY week`)
  const weeks = Array.from({ length: ACTIVITY_WEEKS }, (_, i) => addDays(first, 7 * i))
  const drives = weeks.map(() => 0)
  const miles = weeks.map(() => 0)
  for (const r of rows) {
    const w = Number(r.week)
    if (w >= 0 && w < ACTIVITY_WEEKS) {
      drives[w] = Number(r.drives)
      miles[w] = Number(r.miles)
    }
  }
  return { weeks, drives, miles }
}
