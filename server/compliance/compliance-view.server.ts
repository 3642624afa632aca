/**
 * The owner's compliance view (issue 23 point 6, decision 068): per vehicle of the owner company,
 * the lease in force, the last and next 90-day emergency-exit check, the last and next annual
 * inspection, open defects and out-of-service state. One SQL statement per page (correlated
 * subqueries on the indexes of each table, the total by a window function), filtered by a
 * vehicle search and "needs attention"; the CSV reads the same statement in keyset batches.
 */
import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  COMPLIANCE_PAGE_SIZES,
  EMERGENCY_EXIT_CHECK_INTERVAL_DAYS,
  EMERGENCY_EXIT_CHECK_WARNING_DAYS,
  dueState,
  lastDateDueBy,
  nextAnnualInspectionDue,
  nextEmergencyExitCheckDue,
  plusMonths,
  type ComplianceDueState,
} from '#catalog/compliance.ts'
import { addDays } from '#catalog/expiry.ts'
import { COMPLIANCE_TEXT } from '#catalog/texts.ts'
import { leaseAgreements, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { companyToday } from '../access/vehicle-access.server.ts'
import { contains } from '../fleet/list-vehicles.server.ts'
import { requireRole } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'

/** Who reads the view: the owner company's managers (its staff are the operators' and shops'). */
export const COMPLIANCE_VIEW_ROLES = ['Owner'] as const

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on' || v === 'yes', z.boolean())
const optSearch = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v ?? undefined), z.string().trim().max(100).optional())

export const complianceFiltersInput = z.object({
  /** Matches the identifier, plate, make, model or VIN. */
  q: optSearch,
  /** Only vehicles that need attention. */
  attention: flag.default(false),
})
export type ComplianceFilters = z.output<typeof complianceFiltersInput>

export const complianceViewInput = z.object({
  companyId: idSchema,
  filters: complianceFiltersInput.default({ attention: false }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (COMPLIANCE_PAGE_SIZES as readonly number[]).includes(n), `Page size must be ${COMPLIANCE_PAGE_SIZES.join(', ')}`)
    .default(COMPLIANCE_PAGE_SIZES[0]),
})
export type ComplianceViewInput = z.input<typeof complianceViewInput>

export type LeaseStatus = typeof COMPLIANCE_TEXT.leaseSigned | typeof COMPLIANCE_TEXT.leaseAwaiting
export interface ComplianceDue {
  last: string | null
  next: string | null
  state: ComplianceDueState
}
export interface ComplianceRow {
  vehicleId: number
  vehicleIdentifier: string
  make: string
  model: string
  licensePlate: string
  vin: string
  /** The lease in force today (the latest started), or null. */
  lease: { id: number; operatorName: string; startDate: string; endDate: string | null; status: LeaseStatus } | null
  /** Another company has an active assignment of the vehicle today: a signed lease is required (an owner running its own bus needs none, decision 064). */
  operated: boolean
  emergencyExitCheck: ComplianceDue
  annualInspection: ComplianceDue
  openDefects: number
  outOfService: boolean
  needsAttention: boolean
}

/** The statement's columns, as a subquery the filters and pages read. */
function complianceSource(ctx: UseCaseContext, companyId: number, today: string, q: string | undefined) {
  const inForce = sql`(SELECT "l"."id" FROM "lease_agreements" AS "l" WHERE "l"."vehicle_id" = "vehicles"."id" AND "l"."start_date" <= ${today} AND ("l"."end_date" IS NULL OR "l"."end_date" >= ${today}) ORDER BY "l"."start_date" DESC, "l"."id" DESC LIMIT 1)`
  const search: SQL | undefined = q
    ? or(contains(vehicles.vehicleIdentifier, q), contains(vehicles.licensePlate, q), contains(vehicles.make, q), contains(vehicles.model, q), contains(vehicles.vin, q))
    : undefined
  return ctx.db.read
    .select({
      vehicleId: sql<number>`"vehicles"."id"`.as('vehicle_id'),
      vehicleIdentifier: sql<string>`"vehicles"."vehicle_identifier"`.as('vehicle_identifier'),
      make: sql<string>`"vehicles"."make"`.as('make'),
      model: sql<string>`"vehicles"."model"`.as('model'),
      licensePlate: sql<string>`"vehicles"."license_plate"`.as('license_plate'),
      vin: sql<string>`"vehicles"."vin"`.as('vin'),
      nextInspection: sql<string | null>`"vehicles"."next_inspection"`.as('next_inspection'),
      leaseId: sql<number | null>`"lease_agreements"."id"`.as('lease_id'),
      leaseOperatorName: sql<string | null>`"lease_agreements"."operator_name"`.as('lease_operator_name'),
      leaseStartDate: sql<string | null>`"lease_agreements"."start_date"`.as('lease_start_date'),
      leaseEndDate: sql<string | null>`"lease_agreements"."end_date"`.as('lease_end_date'),
      leaseSignatures: sql<number>`(SELECT count(*) FROM "lease_signatures" AS "s" WHERE "s"."lease_id" = "lease_agreements"."id")`.as('lease_signatures'),
      operated: sql<number>`EXISTS (SELECT 1 FROM "operator_assignments" AS "oa" WHERE "oa"."vehicle_id" = "vehicles"."id" AND "oa"."start_date" <= ${today} AND ("oa"."end_date" IS NULL OR "oa"."end_date" >= ${today}) AND "oa"."ended_at" IS NULL AND "oa"."operator_company_id" <> "vehicles"."owner_company_id")`.as('operated'),
      lastCheck: sql<string | null>`(SELECT max("e"."check_date") FROM "emergency_exit_checks" AS "e" WHERE "e"."vehicle_id" = "vehicles"."id")`.as('last_check'),
      // Only applied or accepted inspections count (a Pending or Rejected one does not, decision 062).
      lastAnnual: sql<string | null>`(SELECT max("i"."inspection_date") FROM "inspections" AS "i" WHERE "i"."vehicle_id" = "vehicles"."id" AND "i"."is_annual" = 1 AND "i"."review_status" IN ('Applied', 'Accepted'))`.as('last_annual'),
      openDefects: sql<number>`(SELECT count(*) FROM "repair_actions" AS "r" WHERE "r"."vehicle_id" = "vehicles"."id" AND "r"."repaired_at" IS NULL)`.as('open_defects'),
      outOfService: sql<number>`EXISTS (SELECT 1 FROM "repair_actions" AS "ro" WHERE "ro"."vehicle_id" = "vehicles"."id" AND "ro"."repaired_at" IS NULL AND "ro"."out_of_service" = 1)`.as('out_of_service'),
    })
    .from(vehicles)
    .leftJoin(leaseAgreements, eq(leaseAgreements.id, inForce))
    .where(and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt), search))
    .as('cv')
}
type Source = ReturnType<typeof complianceSource>

const SOURCE_KEYS = [
  'vehicleId', 'vehicleIdentifier', 'make', 'model', 'licensePlate', 'vin', 'nextInspection', 'leaseId', 'leaseOperatorName', 'leaseStartDate',
  'leaseEndDate', 'leaseSignatures', 'operated', 'lastCheck', 'lastAnnual', 'openDefects', 'outOfService',
] as const
/** The subquery's columns as a selection of the outer statement. */
const fieldsOf = (cv: Source) => Object.fromEntries(SOURCE_KEYS.map((k) => [k, cv[k]])) as { [K in (typeof SOURCE_KEYS)[number]]: Source[K] }

/** "Due by" limits: a check or inspection is due soon or overdue when its next date is on or before today + 14 days. */
function attentionLimits(today: string) {
  const dueBy = addDays(today, EMERGENCY_EXIT_CHECK_WARNING_DAYS)
  return {
    dueBy,
    lastCheckOnOrBefore: addDays(dueBy, -EMERGENCY_EXIT_CHECK_INTERVAL_DAYS),
    lastAnnualOnOrBefore: lastDateDueBy(dueBy, nextAnnualInspectionDue, plusMonths(dueBy, -12)),
  }
}

/** SQL: the row needs attention (the same rule as `needsAttention` below). */
function attentionSql(cv: Source, today: string): SQL {
  const l = attentionLimits(today)
  return or(
    sql`${cv.lastCheck} IS NULL OR ${cv.lastCheck} <= ${l.lastCheckOnOrBefore}`,
    sql`(${cv.lastAnnual} IS NULL AND (${cv.nextInspection} IS NULL OR ${cv.nextInspection} <= ${l.dueBy})) OR ${cv.lastAnnual} <= ${l.lastAnnualOnOrBefore}`,
    sql`${cv.leaseSignatures} < 2 AND (${cv.operated} = 1 OR ${cv.leaseId} IS NOT NULL)`,
    sql`${cv.openDefects} > 0 OR ${cv.outOfService} = 1`,
  )!
}

type SourceRow = {
  vehicleId: number
  vehicleIdentifier: string
  make: string
  model: string
  licensePlate: string
  vin: string
  nextInspection: string | null
  leaseId: number | null
  leaseOperatorName: string | null
  leaseStartDate: string | null
  leaseEndDate: string | null
  leaseSignatures: number
  operated: number
  lastCheck: string | null
  lastAnnual: string | null
  openDefects: number
  outOfService: number
}

function due(last: string | null, next: string | null, today: string): ComplianceDue {
  return { last, next, state: next ? dueState(next, today) : 'missing' }
}

function toRow(r: SourceRow, today: string): ComplianceRow {
  const lease =
    r.leaseId != null
      ? {
          id: r.leaseId,
          operatorName: r.leaseOperatorName ?? '',
          startDate: r.leaseStartDate ?? '',
          endDate: r.leaseEndDate,
          status: (Number(r.leaseSignatures) >= 2 ? COMPLIANCE_TEXT.leaseSigned : COMPLIANCE_TEXT.leaseAwaiting) as LeaseStatus,
        }
      : null
  const emergencyExitCheck = due(r.lastCheck, r.lastCheck ? nextEmergencyExitCheckDue(r.lastCheck) : null, today)
  const annualInspection = due(r.lastAnnual, r.lastAnnual ? nextAnnualInspectionDue(r.lastAnnual) : r.nextInspection, today)
  const operated = !!Number(r.operated)
  const openDefects = Number(r.openDefects)
  const outOfService = !!Number(r.outOfService)
  const needsAttention =
    emergencyExitCheck.state !== 'ok' ||
    annualInspection.state !== 'ok' ||
    ((operated || lease !== null) && lease?.status !== COMPLIANCE_TEXT.leaseSigned) ||
    openDefects > 0 ||
    outOfService
  return {
    vehicleId: Number(r.vehicleId),
    vehicleIdentifier: r.vehicleIdentifier,
    make: r.make,
    model: r.model,
    licensePlate: r.licensePlate,
    vin: r.vin,
    lease,
    operated,
    emergencyExitCheck,
    annualInspection,
    openDefects,
    outOfService,
    needsAttention,
  }
}

export interface ComplianceView {
  companyId: number
  today: string
  filters: ComplianceFilters
  items: ComplianceRow[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/**
 * GET /api/Compliance/GetComplianceView/{companyId}, tRPC `compliance.view` and the page: the
 * owner company's vehicles (not archived), by identifier, one page. Owner managers only (403).
 */
export async function getComplianceView(ctx: UseCaseContext, input: unknown): Promise<ComplianceView> {
  const v = parseInput(complianceViewInput, input)
  requireRole(ctx.actor, v.companyId, COMPLIANCE_VIEW_ROLES)
  const today = await companyToday(ctx, v.companyId)
  const cv = complianceSource(ctx, v.companyId, today, v.filters.q)
  const where = v.filters.attention ? attentionSql(cv, today) : undefined
  const page = async (n: number) =>
    ctx.db.read
      .select({ ...fieldsOf(cv), total: sql<number>`count(*) OVER ()` })
      .from(cv)
      .where(where)
      .orderBy(asc(cv.vehicleIdentifier))
      .limit(v.pageSize)
      .offset((n - 1) * v.pageSize)
  let rows = await page(v.page)
  let total = Number(rows[0]?.total ?? 0)
  let current = v.page
  if (rows.length === 0 && v.page > 1) {
    // Past the last page (a hand-edited URL, rows gone meanwhile): count, then show the last page.
    const [c] = await ctx.db.read.select({ n: sql<number>`count(*)` }).from(cv).where(where)
    total = Number(c?.n ?? 0)
    current = Math.max(1, Math.ceil(total / v.pageSize))
    rows = total ? await page(current) : []
  }
  return {
    companyId: v.companyId,
    today,
    filters: v.filters,
    items: rows.map((r) => toRow(r, today)),
    total,
    page: current,
    pageSize: v.pageSize,
    pageCount: Math.max(1, Math.ceil(total / v.pageSize)),
  }
}

/** Rows read per statement while the CSV streams. */
const CSV_BATCH = 200

export const complianceExportInput = z.object({ companyId: idSchema, filters: complianceFiltersInput.default({ attention: false }) })

export const COMPLIANCE_CSV_HEADER = [
  'Vehicle identifier',
  'Make',
  'Model',
  'License plate',
  'VIN',
  'Lease',
  'Lease operator',
  'Lease start',
  'Lease end',
  'Last 90-day check',
  'Next 90-day check',
  '90-day check state',
  'Last annual inspection',
  'Next annual inspection',
  'Annual inspection state',
  'Open defects',
  'Out of service',
  'Needs attention',
] as const

const STATE_TEXT: Record<ComplianceDueState, string> = {
  overdue: COMPLIANCE_TEXT.overdue,
  'due-soon': COMPLIANCE_TEXT.dueSoon,
  ok: COMPLIANCE_TEXT.ok,
  missing: COMPLIANCE_TEXT.noneOnRecord,
}

export function complianceCsvLine(r: ComplianceRow): (string | number | boolean | null)[] {
  return [
    r.vehicleIdentifier,
    r.make,
    r.model,
    r.licensePlate,
    r.vin,
    r.lease ? r.lease.status : COMPLIANCE_TEXT.leaseNone,
    r.lease?.operatorName ?? null,
    r.lease?.startDate ?? null,
    r.lease?.endDate ?? null,
    r.emergencyExitCheck.last,
    r.emergencyExitCheck.next,
    STATE_TEXT[r.emergencyExitCheck.state],
    r.annualInspection.last,
    r.annualInspection.next,
    STATE_TEXT[r.annualInspection.state],
    r.openDefects,
    r.outOfService,
    r.needsAttention,
  ]
}

/**
 * The CSV export (GET /api/Compliance/Export/{companyId}, `/compliance/{companyId}.csv`): the
 * same rows and filters as the view, all pages, read in keyset batches as the file is written.
 * Authorization happens in this call, before the first row (a refusal is never a half file).
 */
export async function exportComplianceCsv(ctx: UseCaseContext, input: unknown): Promise<{ fileName: string; header: readonly string[]; lines: AsyncIterable<(string | number | boolean | null)[]> }> {
  const v = parseInput(complianceExportInput, input)
  requireRole(ctx.actor, v.companyId, COMPLIANCE_VIEW_ROLES)
  const today = await companyToday(ctx, v.companyId)
  async function* lines() {
    let after: string | null = null
    for (;;) {
      const cv = complianceSource(ctx, v.companyId, today, v.filters.q)
      const rows: SourceRow[] = await ctx.db.read
        .select(fieldsOf(cv))
        .from(cv)
        .where(and(v.filters.attention ? attentionSql(cv, today) : undefined, after === null ? undefined : gt(cv.vehicleIdentifier, after)))
        .orderBy(asc(cv.vehicleIdentifier))
        .limit(CSV_BATCH)
      for (const r of rows) yield complianceCsvLine(toRow(r, today))
      if (rows.length < CSV_BATCH) return
      after = rows[rows.length - 1]!.vehicleIdentifier
    }
  }
  return { fileName: `compliance-${v.companyId}-${today}.csv`, header: COMPLIANCE_CSV_HEADER, lines: lines() }
}
