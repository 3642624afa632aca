/**
 * Cost per mile (issue 36 points 3 and 7, decision 085): the page /costs/{companyId}, its CSV,
 * the dashboards' cost cards, the fleet panel's Costs tab, tRPC `costsReports.*` and REST
 * /api/Costs/perMile|vehicle|summary all call the functions here.
 *
 * They read only the monthly rollups (`vehicle_month_costs`, `vehicle_month_miles` and, for fuel
 * efficiency, `vehicle_month_fuel`, kept current in every write's transaction by
 * server/rollups/month-rollups.server.ts): never a sum over the records. Every total is
 * a SQL SUM of integer cents; a cost per mile is integer thousandths of the currency unit per
 * mile, rounded half up, and null in a month without miles (never a division by zero).
 *
 * Who sees what (every door the same):
 * - a company's Owner managers: every row of its buses (all payers);
 * - its Operator managers: the rows charged to it (`payer_company_id`), with the miles of those
 *   buses in those months;
 * - a company that is both: the union;
 * - anyone else: 403 for the company (a bus they may not see: 404).
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'
import { COST_LIMITS, DEFAULT_CURRENCY } from '#catalog/costs.ts'
import { centsToDecimal } from '#catalog/money.ts'
import type { Tx } from '#db/client.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { companiesWithRole, hasRole, requireUser } from '../access/policy.ts'
import { companyToday, todayIn } from '../access/vehicle-access.server.ts'
import { AppError, forbidden } from '../errors.ts'
import { idSchema, parseInput } from '../validation.ts'

export const COST_SORTS = ['vehicle', 'miles', 'repair', 'service', 'fuel', 'total', 'costPerMile'] as const
export type CostSort = (typeof COST_SORTS)[number]
export const COST_PAGE_SIZES = [25, 50, 100] as const
export const COST_MAX_PAGE_SIZE = 500

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, msg('Use the format YYYY-MM'))

export const costPerMileInput = z.object({
  companyId: idSchema,
  /** 'YYYY-MM'; the company's current month when absent. */
  month: monthSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(COST_MAX_PAGE_SIZE).default(COST_PAGE_SIZES[0]),
  sort: z.enum(COST_SORTS).default('total'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type CostPerMileInput = z.input<typeof costPerMileInput>

export const vehicleCostHistoryInput = z.object({
  vehicleId: idSchema,
  months: z.coerce.number().int().min(1).max(COST_LIMITS.historyMonths).default(COST_LIMITS.historyMonths),
})
export type VehicleCostHistoryInput = z.input<typeof vehicleCostHistoryInput>

export const companyCostSummaryInput = z.object({
  companyId: idSchema,
  months: z.coerce.number().int().min(1).max(COST_LIMITS.historyMonths).default(12),
})
export type CompanyCostSummaryInput = z.input<typeof companyCostSummaryInput>

/** The costs of a set of rows: integer cents and miles, and the cost per mile they give. */
export interface CostFigures {
  miles: number
  repairCents: number
  serviceCents: number
  fuelCents: number
  totalCents: number
  /** Thousandths of the currency unit per mile (412 = 0.412 a mile), rounded half up; null without miles. */
  costPerMileMilli: number | null
}

export interface CostPerMileRow extends CostFigures {
  vehicleId: number
  vehicleIdentifier: string
}

export interface PayerTotal extends CostFigures {
  payerCompanyId: number
  payerName: string
  /** The payer is the bus's owner company (else an operator holding it). */
  isOwner: boolean
}

export interface CostPerMileResult {
  companyId: number
  month: string
  currency: string
  /** owner: every row of the company's buses; operator: its own rows; both: the union. */
  scope: 'owner' | 'operator' | 'both'
  rows: CostPerMileRow[]
  total: number
  page: number
  pageSize: number
  pageCount: number
  sort: CostSort
  dir: 'asc' | 'desc'
  totals: CostFigures
  payers: PayerTotal[]
}

/** Cost per mile in thousandths of the currency unit: cents × 10 ÷ miles, rounded half up; null without miles. */
export function costPerMileMilli(totalCents: number, miles: number): number | null {
  if (!(miles > 0)) return null
  return Math.floor((totalCents * 20 + miles) / (2 * miles))
}

/** "0.412" from thousandths (the CSV's exact decimal). */
export function milliUnitsToDecimal(milli: number | null): string {
  if (milli === null) return ''
  return `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v))

function figures(r: { miles: unknown; repair: unknown; service: unknown; fuel: unknown }): CostFigures {
  const repairCents = num(r.repair)
  const serviceCents = num(r.service)
  const fuelCents = num(r.fuel)
  const totalCents = repairCents + serviceCents + fuelCents
  const miles = num(r.miles)
  return { miles, repairCents, serviceCents, fuelCents, totalCents, costPerMileMilli: costPerMileMilli(totalCents, miles) }
}

interface Scope {
  companyId: number
  owner: boolean
  operator: boolean
  currency: string
  timeZone: string
}

/** The company's Owner / Operator managers, or 403 "You do not have access to this company". */
async function companyScope(ctx: UseCaseContext, companyId: number): Promise<Scope> {
  const me = requireUser(ctx.actor)
  const owner = hasRole(me, companyId, ['Owner'])
  const operator = hasRole(me, companyId, ['Operator'])
  if (!owner && !operator) throw forbidden(msg('You do not have access to this company'))
  const [c] = await ctx.db.read.all<{ currency: string | null; tz: string | null }>(sql`SELECT "currency", "time_zone" AS "tz" FROM "companies" WHERE "id" = ${companyId}`)
  return { companyId, owner, operator, currency: c?.currency || DEFAULT_CURRENCY, timeZone: c?.tz || 'UTC' }
}

const scopeName = (s: Scope): CostPerMileResult['scope'] => (s.owner && s.operator ? 'both' : s.owner ? 'owner' : 'operator')

/** SQL: the cost rows of a month range the scope sees. */
function costWhere(s: Scope, from: string, to: string): SQL {
  const who = s.owner && s.operator ? sql`("owner_company_id" = ${s.companyId} OR "payer_company_id" = ${s.companyId})` : s.owner ? sql`"owner_company_id" = ${s.companyId}` : sql`"payer_company_id" = ${s.companyId}`
  return sql`${who} AND "month" BETWEEN ${from} AND ${to}`
}

/**
 * The CTEs of one month: `c` the visible cost rows (one per bus × payer: the rollup's key), `r`
 * one row per bus shown (those with visible costs, and the owner's buses with miles) with its
 * miles and sums, in one grouped pass over the two rollups (no correlated lookups).
 */
function monthCtes(s: Scope, month: string): SQL {
  const milesWho =
    s.owner && s.operator
      ? sql`("owner_company_id" = ${s.companyId} OR "vehicle_id" IN (SELECT "vehicle_id" FROM "c"))`
      : s.owner
        ? sql`"owner_company_id" = ${s.companyId}`
        : sql`"vehicle_id" IN (SELECT "vehicle_id" FROM "c")`
  return sql`"c" AS (SELECT "vehicle_id", "payer_company_id", "owner_company_id", "repair_cents", "service_cents", "fuel_cents" FROM "vehicle_month_costs" WHERE ${costWhere(s, month, month)}),
  "r" AS (
    SELECT "vehicle_id", SUM("miles") AS "miles", SUM("repair") AS "repair", SUM("service") AS "service", SUM("fuel") AS "fuel" FROM (
      SELECT "vehicle_id", 0 AS "miles", "repair_cents" AS "repair", "service_cents" AS "service", "fuel_cents" AS "fuel" FROM "c"
      UNION ALL
      SELECT "vehicle_id", "miles", 0, 0, 0 FROM "vehicle_month_miles" WHERE "month" = ${month} AND ${milesWho}
    ) GROUP BY "vehicle_id"
  )`
}

function orderBy(sort: CostSort, dir: 'asc' | 'desc'): SQL {
  const d = dir === 'asc' ? sql`ASC` : sql`DESC`
  const key =
    sort === 'vehicle'
      ? sql`"vehicles"."vehicle_identifier" COLLATE NOCASE`
      : sort === 'miles'
        ? sql`"r"."miles"`
        : sort === 'repair'
          ? sql`"r"."repair"`
          : sort === 'service'
            ? sql`"r"."service"`
            : sort === 'fuel'
              ? sql`"r"."fuel"`
              : sort === 'total'
                ? sql`("r"."repair" + "r"."service" + "r"."fuel")`
                : // Integer arithmetic; months without miles last whichever the direction.
                  sql`CASE WHEN "r"."miles" > 0 THEN 0 ELSE 1 END ASC, CASE WHEN "r"."miles" > 0 THEN ("r"."repair" + "r"."service" + "r"."fuel") * 1000000 / "r"."miles" END`
  return sql`${key} ${d}, "vehicles"."vehicle_identifier" COLLATE NOCASE ASC, "r"."vehicle_id" ASC`
}

/** The company's month ('YYYY-MM') today. */
async function currentMonth(ctx: UseCaseContext, companyId: number): Promise<string> {
  return (await companyToday(ctx, companyId)).slice(0, 7)
}

/**
 * One month across the company's fleet: a row per bus (miles, repairs, services, fuel, total,
 * cost per mile), sorted and paged in SQL, with the month's totals overall and per payer.
 */
export async function costPerMileForMonth(ctx: UseCaseContext, input: unknown): Promise<CostPerMileResult> {
  const q = parseInput(costPerMileInput, input)
  const s = await companyScope(ctx, q.companyId)
  const month = q.month ?? (await currentMonth(ctx, q.companyId))
  return selectCostPerMile(ctx.db.read, s, { ...q, month })
}

async function selectCostPerMile(read: Tx, s: Scope, q: { month: string; page: number; pageSize: number; sort: CostSort; dir: 'asc' | 'desc' }): Promise<CostPerMileResult> {
  const ctes = monthCtes(s, q.month)
  const rows = await read.all<{ vehicle_id: number; ident: string; miles: number; repair: number; service: number; fuel: number }>(
    sql`WITH ${ctes} SELECT "r".*, "vehicles"."vehicle_identifier" AS "ident" FROM "r" JOIN "vehicles" ON "vehicles"."id" = "r"."vehicle_id"
        ORDER BY ${orderBy(q.sort, q.dir)} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
  )
  const [tot] = await read.all<{ n: number; miles: number; repair: number; service: number; fuel: number }>(
    sql`WITH ${ctes} SELECT COUNT(*) AS "n", COALESCE(SUM("miles"), 0) AS "miles", COALESCE(SUM("repair"), 0) AS "repair", COALESCE(SUM("service"), 0) AS "service", COALESCE(SUM("fuel"), 0) AS "fuel" FROM "r"`,
  )
  // One rollup row per bus × payer × month: a payer's miles are those of the buses it paid for.
  const payers = await read.all<{ payer: number; name: string; owner: number; miles: number; repair: number; service: number; fuel: number }>(
    sql`WITH ${ctes} SELECT "c"."payer_company_id" AS "payer", "companies"."name" AS "name",
          MAX(CASE WHEN "c"."payer_company_id" = "c"."owner_company_id" THEN 1 ELSE 0 END) AS "owner",
          COALESCE(SUM("mm"."miles"), 0) AS "miles", SUM("c"."repair_cents") AS "repair", SUM("c"."service_cents") AS "service", SUM("c"."fuel_cents") AS "fuel"
        FROM "c" JOIN "companies" ON "companies"."id" = "c"."payer_company_id"
        LEFT JOIN "vehicle_month_miles" "mm" ON "mm"."vehicle_id" = "c"."vehicle_id" AND "mm"."month" = ${q.month}
        GROUP BY "c"."payer_company_id" ORDER BY "owner" DESC, "companies"."name" COLLATE NOCASE, "c"."payer_company_id"`,
  )
  const total = num(tot?.n)
  return {
    companyId: s.companyId,
    month: q.month,
    currency: s.currency,
    scope: scopeName(s),
    rows: rows.map((r) => ({ vehicleId: num(r.vehicle_id), vehicleIdentifier: r.ident, ...figures(r) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    pageCount: Math.max(1, Math.ceil(total / q.pageSize)),
    sort: q.sort,
    dir: q.dir,
    totals: figures(tot ?? { miles: 0, repair: 0, service: 0, fuel: 0 }),
    payers: payers.map((p) => ({ payerCompanyId: num(p.payer), payerName: p.name, isOwner: num(p.owner) === 1, ...figures(p) })),
  }
}

/** The CSV's columns (stable names: a spreadsheet or a script reads them). */
export const COST_CSV_HEADER = ['month', 'rowType', 'vehicleIdentifier', 'payer', 'miles', 'repairs', 'services', 'fuel', 'total', 'costPerMile', 'currency'] as const

export const costCsvInput = costPerMileInput.extend({
  /** Months ending with `month` (the accountant's year: 12); 1 by default. */
  months: z.coerce.number().int().min(1).max(COST_LIMITS.historyMonths).default(1),
})

/**
 * GET /costs/{companyId}/export.csv?month=YYYY-MM[&months=N]: for each month (oldest first), the
 * page's rows (every page, through the page's own statements), then the month's total and each
 * payer's. Amounts are exact decimals of the integer cents, with the currency; named with the
 * month(s) asked for, never today's date.
 */
export async function exportCostPerMileCsv(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ fileName: string; header: readonly string[]; lines: AsyncIterable<(string | number | null)[]> }> {
  const q = parseInput(costCsvInput, input)
  const s = await companyScope(ctx, q.companyId)
  const last = q.month ?? (await currentMonth(ctx, q.companyId))
  const first = monthsBack(last, q.months)
  const read = ctx.db.read
  const money = (f: CostFigures) => [f.miles, centsToDecimal(f.repairCents), centsToDecimal(f.serviceCents), centsToDecimal(f.fuelCents), centsToDecimal(f.totalCents), milliUnitsToDecimal(f.costPerMileMilli), s.currency]
  async function* lines(): AsyncGenerator<(string | number | null)[]> {
    for (const month of monthRange(first, last)) {
      let page: CostPerMileResult | null = null
      for (let n = 1; ; n++) {
        page = await selectCostPerMile(read, s, { month, page: n, pageSize: COST_MAX_PAGE_SIZE, sort: q.sort, dir: q.dir })
        for (const r of page.rows) yield [month, 'vehicle', r.vehicleIdentifier, null, ...money(r)]
        if (n >= page.pageCount) break
      }
      yield [month, 'total', null, null, ...money(page.totals)]
      for (const p of page.payers) yield [month, 'payer', null, p.payerName, ...money(p)]
    }
  }
  return { fileName: `costs-${q.companyId}-${first === last ? last : `${first}_${last}`}.csv`, header: COST_CSV_HEADER, lines: lines() }
}

/** 'YYYY-MM' `n - 1` months before `month` (the first month of an n-month window ending at `month`). */
export function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const i = y * 12 + (m - 1) - (n - 1)
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`
}

/** Every month from `from` to `to`, oldest first. */
function monthRange(from: string, to: string): string[] {
  const out: string[] = []
  for (let m = from; m <= to; m = monthsBack(m, 0)) out.push(m)
  return out
}

export interface VehicleCostMonth extends CostFigures {
  month: string
}

export interface VehicleCostHistory {
  vehicleId: number
  vehicleIdentifier: string
  /** The company the figures are read as (the owner; or the operator: its own rows). */
  companyId: number
  scope: 'owner' | 'operator'
  currency: string
  from: string
  to: string
  /** Months with costs or miles, newest first. */
  months: VehicleCostMonth[]
  totals: CostFigures
}

const vehicleNotFound = () => new AppError('NOT_FOUND', msg('Vehicle not found'))

/**
 * A bus's months (at most 60, ending with the current month): the owner company's managers see
 * every payer's costs; an Operator manager of a company charged for the bus (or holding it today)
 * sees its own rows, with the miles of those months.
 */
export async function vehicleCostHistory(ctx: UseCaseContext, input: unknown): Promise<VehicleCostHistory> {
  const q = parseInput(vehicleCostHistoryInput, input)
  const me = requireUser(ctx.actor)
  const [v] = await ctx.db.read.all<{ id: number; ident: string; owner: number; currency: string | null; tz: string | null }>(
    sql`SELECT "vehicles"."id", "vehicles"."vehicle_identifier" AS "ident", "vehicles"."owner_company_id" AS "owner", "companies"."currency", "companies"."time_zone" AS "tz"
        FROM "vehicles" JOIN "companies" ON "companies"."id" = "vehicles"."owner_company_id" WHERE "vehicles"."id" = ${q.vehicleId}`,
  )
  if (!v) throw vehicleNotFound()
  const ownerId = num(v.owner)
  let s: Scope
  if (hasRole(me, ownerId, ['Owner'])) {
    s = { companyId: ownerId, owner: true, operator: false, currency: v.currency || DEFAULT_CURRENCY, timeZone: v.tz || 'UTC' }
  } else {
    const operators = companiesWithRole(me, ['Operator'])
    if (operators.length === 0) throw vehicleNotFound()
    // An operator company charged for this bus at any time, or holding it today.
    const [found] = await ctx.db.read.all<{ id: number; currency: string | null; tz: string | null }>(
      sql`SELECT "companies"."id", "companies"."currency", "companies"."time_zone" AS "tz" FROM "companies"
          WHERE "companies"."id" IN (SELECT "value" FROM json_each(${JSON.stringify(operators)}))
            AND (EXISTS (SELECT 1 FROM "vehicle_month_costs" WHERE "vehicle_id" = ${q.vehicleId} AND "payer_company_id" = "companies"."id")
              OR EXISTS (SELECT 1 FROM "operator_assignments" "a" WHERE "a"."vehicle_id" = ${q.vehicleId} AND "a"."operator_company_id" = "companies"."id" AND "a"."ended_at" IS NULL))
          ORDER BY "companies"."id" LIMIT 1`,
    )
    if (!found) throw vehicleNotFound()
    s = { companyId: num(found.id), owner: false, operator: true, currency: found.currency || DEFAULT_CURRENCY, timeZone: found.tz || 'UTC' }
  }
  const to = todayIn(s.timeZone, ctx.now).slice(0, 7)
  const from = monthsBack(to, q.months)
  const rows = await ctx.db.read.all<{ month: string; miles: number; repair: number; service: number; fuel: number }>(
    s.owner
      ? sql`WITH "c" AS (SELECT "month", SUM("repair_cents") AS "repair", SUM("service_cents") AS "service", SUM("fuel_cents") AS "fuel" FROM "vehicle_month_costs"
              WHERE "vehicle_id" = ${q.vehicleId} AND "month" BETWEEN ${from} AND ${to} GROUP BY "month"),
            "m" AS (SELECT "month", "miles" FROM "vehicle_month_miles" WHERE "vehicle_id" = ${q.vehicleId} AND "month" BETWEEN ${from} AND ${to})
            SELECT "k"."month", COALESCE("m"."miles", 0) AS "miles", COALESCE("c"."repair", 0) AS "repair", COALESCE("c"."service", 0) AS "service", COALESCE("c"."fuel", 0) AS "fuel"
            FROM (SELECT "month" FROM "c" UNION SELECT "month" FROM "m") "k" LEFT JOIN "c" ON "c"."month" = "k"."month" LEFT JOIN "m" ON "m"."month" = "k"."month"
            ORDER BY "k"."month" DESC`
      : sql`SELECT "c"."month", COALESCE("m"."miles", 0) AS "miles", "c"."repair_cents" AS "repair", "c"."service_cents" AS "service", "c"."fuel_cents" AS "fuel"
            FROM "vehicle_month_costs" "c" LEFT JOIN "vehicle_month_miles" "m" ON "m"."vehicle_id" = "c"."vehicle_id" AND "m"."month" = "c"."month"
            WHERE "c"."vehicle_id" = ${q.vehicleId} AND "c"."payer_company_id" = ${s.companyId} AND "c"."month" BETWEEN ${from} AND ${to}
            ORDER BY "c"."month" DESC`,
  )
  const months = rows.map((r) => ({ month: r.month, ...figures(r) }))
  const sum = (k: 'miles' | 'repairCents' | 'serviceCents' | 'fuelCents') => months.reduce((a, m) => a + m[k], 0)
  return {
    vehicleId: q.vehicleId,
    vehicleIdentifier: v.ident,
    companyId: s.companyId,
    scope: s.owner ? 'owner' : 'operator',
    currency: s.currency,
    from,
    to,
    months,
    totals: figures({ miles: sum('miles'), repair: sum('repairCents'), service: sum('serviceCents'), fuel: sum('fuelCents') }),
  }
}

export interface CostSummaryMonth extends CostFigures {
  month: string
  /** Miles per gallon of the month: every measured fill-up's miles ÷ their gallons (litres converted), thousandths, half up; null when none. */
  mpgMilli: number | null
  /** Miles per kWh of the month: every measured charge's miles ÷ the energy used over them, thousandths, half up; null when none. */
  miPerKwhMilli: number | null
}

export interface CostSummary {
  companyId: number
  currency: string
  scope: CostPerMileResult['scope']
  from: string
  to: string
  /** Every month of the window, oldest first (months without miles: cost per mile null). */
  series: CostSummaryMonth[]
  /** The ten buses that cost the most over the window. */
  costliest: CostPerMileRow[]
  totals: CostFigures
}

/**
 * The dashboards' cost cards and charts: cost per mile and fuel efficiency per month over the
 * last `months` months (12 by default), and the ten costliest buses of the window.
 */
export async function companyCostSummary(ctx: UseCaseContext, input: unknown): Promise<CostSummary> {
  const q = parseInput(companyCostSummaryInput, input)
  const s = await companyScope(ctx, q.companyId)
  const to = todayIn(s.timeZone, ctx.now).slice(0, 7)
  const from = monthsBack(to, q.months)
  const read = ctx.db.read
  const where = costWhere(s, from, to)
  // Miles: the owner's buses (all); an operator's: the buses × months it was charged for.
  const milesSql = s.owner
    ? sql`SELECT "vehicle_id", "month", "miles" FROM "vehicle_month_miles" WHERE ("owner_company_id" = ${s.companyId} AND "month" BETWEEN ${from} AND ${to})
          ${s.operator ? sql`OR ("month" BETWEEN ${from} AND ${to} AND ("vehicle_id", "month") IN (SELECT "vehicle_id", "month" FROM "vehicle_month_costs" WHERE "payer_company_id" = ${s.companyId} AND "month" BETWEEN ${from} AND ${to}))` : sql``}`
    : sql`SELECT "vehicle_id", "month", "miles" FROM "vehicle_month_miles" WHERE "month" BETWEEN ${from} AND ${to}
          AND ("vehicle_id", "month") IN (SELECT "vehicle_id", "month" FROM "vehicle_month_costs" WHERE "payer_company_id" = ${s.companyId} AND "month" BETWEEN ${from} AND ${to})`
  const monthly = await read.all<{ month: string; miles: number; repair: number; service: number; fuel: number }>(
    sql`WITH "c" AS (SELECT "month", SUM("repair_cents") AS "repair", SUM("service_cents") AS "service", SUM("fuel_cents") AS "fuel" FROM "vehicle_month_costs" WHERE ${where} GROUP BY "month"),
        "m" AS (SELECT "month", SUM("miles") AS "miles" FROM (${milesSql}) GROUP BY "month")
        SELECT "k"."month", COALESCE("m"."miles", 0) AS "miles", COALESCE("c"."repair", 0) AS "repair", COALESCE("c"."service", 0) AS "service", COALESCE("c"."fuel", 0) AS "fuel"
        FROM (SELECT "month" FROM "c" UNION SELECT "month" FROM "m") "k" LEFT JOIN "c" ON "c"."month" = "k"."month" LEFT JOIN "m" ON "m"."month" = "k"."month"`,
  )
  // Fuel efficiency: exact, from the measured-fuel rollup (decision 085): the month's measured
  // miles ÷ the quantity they were measured over, per kind, in integers (thousandths, half up).
  // The owner's rows are every payer's of its buses; an operator's its own (the cost rollup's rule).
  const efficiency = await read.all<{ month: string; energy: string; eff: number | null }>(
    sql`SELECT "month", "energy", CASE WHEN SUM("measured_milli") > 0 AND SUM("measured_miles") > 0
          THEN (SUM("measured_miles") * 2000000 + SUM("measured_milli")) / (2 * SUM("measured_milli")) END AS "eff"
        FROM "vehicle_month_fuel" WHERE ${where} GROUP BY "month", "energy"`,
  )
  const costliest = await read.all<{ vehicle_id: number; ident: string; miles: number; repair: number; service: number; fuel: number }>(
    sql`WITH "t" AS (SELECT "vehicle_id", SUM("repair_cents") AS "repair", SUM("service_cents") AS "service", SUM("fuel_cents") AS "fuel" FROM "vehicle_month_costs" WHERE ${where}
                   GROUP BY "vehicle_id" ORDER BY SUM("repair_cents" + "service_cents" + "fuel_cents") DESC, "vehicle_id" LIMIT 10)
        SELECT "t".*, "vehicles"."vehicle_identifier" AS "ident",
          COALESCE((SELECT SUM("miles") FROM (${milesSql}) "mm" WHERE "mm"."vehicle_id" = "t"."vehicle_id"), 0) AS "miles"
        FROM "t" JOIN "vehicles" ON "vehicles"."id" = "t"."vehicle_id"
        ORDER BY ("t"."repair" + "t"."service" + "t"."fuel") DESC, "t"."vehicle_id"`,
  )
  const byMonth = new Map(monthly.map((m) => [m.month, m]))
  const effOf = (month: string, energy: 'fuel' | 'electric') => {
    const e = efficiency.find((x) => x.month === month && x.energy === energy)
    return e && e.eff !== null ? num(e.eff) : null
  }
  const series = monthRange(from, to).map((month) => ({
    month,
    ...figures(byMonth.get(month) ?? { miles: 0, repair: 0, service: 0, fuel: 0 }),
    mpgMilli: effOf(month, 'fuel'),
    miPerKwhMilli: effOf(month, 'electric'),
  }))
  const sum = (k: 'miles' | 'repairCents' | 'serviceCents' | 'fuelCents') => series.reduce((a, m) => a + m[k], 0)
  return {
    companyId: s.companyId,
    currency: s.currency,
    scope: scopeName(s),
    from,
    to,
    series,
    costliest: costliest.map((r) => ({ vehicleId: num(r.vehicle_id), vehicleIdentifier: r.ident, ...figures(r) })),
    totals: figures({ miles: sum('miles'), repair: sum('repairCents'), service: sum('serviceCents'), fuel: sum('fuelCents') }),
  }
}
