/**
 * The annual inspection's report and decal (49 CFR 396.17, 396.19, 396.21, 396.23; issue 23,
 * decision 066): a mechanic's inspection marked as the annual one, once in force (filed by a
 * company related to the bus, or accepted by its owner). It names the motor carrier (396.21(a)):
 * the operator holding the bus on the inspection's date, if any, and the owner.
 *
 * Who may read one: the vehicle's owner company (Owner), the operator company (its Operator,
 * Driver and Mechanic people) with an active assignment, the inspector who filed it, and the
 * repair shop named on it (its RepairShop managers and Mechanics). Anyone else: 404, as for a
 * record that does not exist. A Pending or Rejected one is not (yet) an annual inspection: 409.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import {
  ANNUAL_TEXT,
  annualDecalPath,
  annualReportPath,
  annualReportPdfPath,
  annualResultLabel,
  QUALIFIED_INSPECTOR_ROLES,
} from '#catalog/annual-inspection.ts'
import { nextAnnualInspectionDue } from '#catalog/compliance.ts'
import { INSPECTOR_ROLES } from '#catalog/roles.ts'
import { inspectionApplied, type InspectionReviewStatus } from '#catalog/statuses.ts'
import { companies, companyTypes, inspections, memberships, roles, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { env } from '../env.server.ts'
import { AppError } from '../errors.ts'
import { VEHICLE_VIEWER_ROLES, vehicleAccess, vehicleAccessOrNull } from '../access/vehicle-access.server.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { fingerprintOf } from './fingerprint.server.ts'
import { formRecordForCheckedCaller, inspectionRecordContext, type FormPhoto, type FormRecordContext, type InspectionForm } from './read-forms.server.ts'

export const annualInspectionInput = z.object({ inspectionId: idSchema })

/** The id of `?inspectionId=` (any door), or the id itself. */
function inspectionIdOf(input: unknown): number {
  const value = typeof input === 'object' && input !== null ? input : { inspectionId: input }
  return parseInput(annualInspectionInput, value).inspectionId
}

const notFound = () => new AppError('NOT_FOUND', ANNUAL_TEXT.notFound)

export interface AnnualInspectionRow {
  id: number
  /** YYYY-MM-DD */
  inspectionDate: string
  isSatisfactory: boolean
  result: 'Passed' | 'Failed'
  inspectorName: string
  inspectorQualification: string | null
  /** 12 months after a passed one in force (decision 066); null when failed or not in force. */
  nextInspectionDue: string | null
  /** Decision 062: Pending and Rejected ones reach the owner only, and are not annual inspections yet. */
  reviewStatus: InspectionReviewStatus
}

const rowOf = (r: { id: number; inspectionDate: string; isSatisfactory: boolean; inspectorName: string; inspectorQualification: string | null; reviewStatus: InspectionReviewStatus }): AnnualInspectionRow => ({
  ...r,
  result: annualResultLabel(r.isSatisfactory),
  nextInspectionDue: r.isSatisfactory && inspectionApplied(r.reviewStatus) ? nextAnnualInspectionDue(r.inspectionDate) : null,
})

/**
 * GET /api/Maintenance/GetAnnualInspections, tRPC `inspections.annualList`: a vehicle's annual
 * inspections, newest first. Its owner sees those awaiting review too; an operator those in force.
 */
export async function listAnnualInspections(ctx: UseCaseContext, vehicleId: number): Promise<AnnualInspectionRow[]> {
  const access = await vehicleAccess(ctx, vehicleId, { operatorRoles: VEHICLE_VIEWER_ROLES })
  const rows = await ctx.db.read
    .select({
      id: inspections.id,
      inspectionDate: inspections.inspectionDate,
      isSatisfactory: inspections.isSatisfactory,
      inspectorName: inspections.inspectorName,
      inspectorQualification: inspections.inspectorQualification,
      reviewStatus: inspections.reviewStatus,
    })
    .from(inspections)
    .where(
      and(
        eq(inspections.vehicleId, vehicleId),
        eq(inspections.isAnnual, true),
        access.as === 'owner' ? undefined : inArray(inspections.reviewStatus, ['Applied', 'Accepted']),
      ),
    )
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id))
    .limit(1000)
  return rows.map(rowOf)
}

/** The repair shop named on the report and the decal: its name and postal address (company settings). */
export interface AnnualShop {
  id: number
  name: string
  /** One line per line; null until a manager enters it in the company settings. */
  address: string | null
}

/**
 * The company the inspector inspected for (the schema keeps no company on an inspection), by the
 * rule the print pages name "the inspector's shop" with: among the repair shops where they are a
 * Mechanic or manager (active roles first; a mechanic who left still inspected there), the
 * owner's chosen shop first. Failing that, any company where they hold an inspector role (an
 * operator's own maintenance). Null for a deleted inspector's record.
 */
async function shopOf(ctx: UseCaseContext, inspectorUserId: number | null, ownerCompanyId: number): Promise<AnnualShop | null> {
  if (inspectorUserId === null) return null
  const held = await ctx.db.read
    .select({ companyId: memberships.companyId, role: roles.name, name: companies.name, address: companies.address })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, inspectorUserId), inArray(roles.name, [...INSPECTOR_ROLES])))
    .orderBy(desc(memberships.isActive), asc(memberships.companyId))
  if (held.length === 0) return null
  const [owner] = await ctx.db.read.select({ shop: companies.repairShopCompanyId }).from(companies).where(eq(companies.id, ownerCompanyId))
  const shops = new Set(
    (
      await ctx.db.read
        .select({ companyId: companyTypes.companyId })
        .from(companyTypes)
        .where(and(inArray(companyTypes.companyId, held.map((h) => h.companyId)), eq(companyTypes.type, 'RepairShop')))
    ).map((r) => r.companyId),
  )
  const asShopPerson = (h: (typeof held)[number]) => shops.has(h.companyId) && (QUALIFIED_INSPECTOR_ROLES as readonly string[]).includes(h.role)
  const pick = held.find((h) => h.companyId === owner?.shop && asShopPerson(h)) ?? held.find(asShopPerson) ?? held[0]!
  return { id: pick.companyId, name: pick.name, address: pick.address?.trim() || null }
}

/** The annual inspection's head row once the caller may read it (else 404) and it is in force (else 409). */
async function readableAnnual(ctx: UseCaseContext, input: unknown) {
  const me = requireUser(ctx.actor)
  const id = inspectionIdOf(input)
  const [row] = await ctx.db.read
    .select({
      id: inspections.id,
      vehicleId: inspections.vehicleId,
      inspectorUserId: inspections.inspectorUserId,
      inspectorName: inspections.inspectorName,
      inspectorQualification: inspections.inspectorQualification,
      inspectionDate: inspections.inspectionDate,
      isSatisfactory: inspections.isSatisfactory,
      isAnnual: inspections.isAnnual,
      reviewStatus: inspections.reviewStatus,
      ownerCompanyId: vehicles.ownerCompanyId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      vin: vehicles.vin,
      licensePlate: vehicles.licensePlate,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(inspections)
    .innerJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .where(eq(inspections.id, id))
  if (!row || !row.isAnnual) throw notFound()
  const shop = await shopOf(ctx, row.inspectorUserId, row.ownerCompanyId)
  const inForce = inspectionApplied(row.reviewStatus)
  let reads = row.inspectorUserId === me.userId || (!!shop && hasRole(me, shop.id, QUALIFIED_INSPECTOR_ROLES))
  if (!reads) {
    const access = await vehicleAccessOrNull(ctx, row.vehicleId, { operatorRoles: VEHICLE_VIEWER_ROLES })
    reads = !!access && (access.as === 'owner' || inForce)
  }
  if (!reads) throw notFound()
  if (row.reviewStatus === 'Pending') throw new AppError('CONFLICT', ANNUAL_TEXT.pending)
  if (row.reviewStatus === 'Rejected') throw new AppError('CONFLICT', ANNUAL_TEXT.rejected)
  // The print pages' lookup (decision 063): the operator with an assignment active on that day.
  const companies = await inspectionRecordContext(ctx, row, { id: row.vehicleId, ownerCompanyId: row.ownerCompanyId })
  return { row, shop, companies }
}

/** The report (49 CFR 396.21) as every door answers it; the print page adds the items and the fingerprint. */
export interface AnnualInspectionReport {
  id: number
  vehicle: { id: number; ownerCompanyId: number; vehicleIdentifier: string; vin: string; licensePlate: string; make: string; model: string }
  inspectorName: string
  inspectorQualification: string | null
  /** YYYY-MM-DD */
  inspectionDate: string
  isSatisfactory: boolean
  result: 'Passed' | 'Failed'
  /** 12 months after a passed one; null when failed. */
  nextInspectionDue: string | null
  shop: AnnualShop | null
  /** The motor carrier (49 CFR 396.21(a)): the owner, and the operator holding the bus on the inspection's date (null: none did). */
  ownerCompany: FormRecordContext['ownerCompany']
  operatorCompany: FormRecordContext['operatorCompany']
  /** Absolute links: the report's page (the decal's QR), its PDF, and the decal (null when failed). */
  reportUrl: string
  reportPdfUrl: string
  decalUrl: string | null
}

function reportOf({ row, shop, companies }: Awaited<ReturnType<typeof readableAnnual>>): AnnualInspectionReport {
  const base = env().APP_URL
  return {
    id: row.id,
    vehicle: { id: row.vehicleId, ownerCompanyId: row.ownerCompanyId, vehicleIdentifier: row.vehicleIdentifier, vin: row.vin, licensePlate: row.licensePlate, make: row.make, model: row.model },
    inspectorName: row.inspectorName,
    inspectorQualification: row.inspectorQualification,
    inspectionDate: row.inspectionDate,
    isSatisfactory: row.isSatisfactory,
    result: annualResultLabel(row.isSatisfactory),
    nextInspectionDue: row.isSatisfactory ? nextAnnualInspectionDue(row.inspectionDate) : null,
    shop,
    ownerCompany: companies.ownerCompany,
    operatorCompany: companies.operatorCompany,
    reportUrl: `${base}${annualReportPath(row.id)}`,
    reportPdfUrl: `${base}${annualReportPdfPath(row.id)}`,
    decalUrl: row.isSatisfactory ? `${base}${annualDecalPath(row.id)}` : null,
  }
}

/** GET /api/Maintenance/GetAnnualInspectionReport, tRPC `inspections.annualReport`. */
export async function getAnnualInspectionReport(ctx: UseCaseContext, input: unknown): Promise<AnnualInspectionReport> {
  return reportOf(await readableAnnual(ctx, input))
}

/**
 * The report's page and PDF: the report, the whole inspection (its 48 items, signature and
 * photos) and its fingerprint (decision 032: the inspection's own, checked at /verify/inspection).
 */
export async function getAnnualInspectionRecord(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ report: AnnualInspectionReport; form: InspectionForm; photos: FormPhoto[]; fingerprint: string }> {
  const readable = await readableAnnual(ctx, input)
  // Authorized above (the shop's people read it too): the record without read-forms' own rules.
  const record = await formRecordForCheckedCaller(ctx, 'inspection', readable.row.id)
  if (!record) throw notFound()
  const form = record.form as InspectionForm
  return { report: reportOf(readable), form, photos: record.photos, fingerprint: fingerprintOf('inspection', form, record.photos) }
}

/** What the decal prints (49 CFR 396.17(c)(2)): refused (409) for a failed annual inspection. */
export async function getAnnualInspectionDecal(ctx: UseCaseContext, input: unknown): Promise<AnnualInspectionReport & { nextInspectionDue: string }> {
  const report = reportOf(await readableAnnual(ctx, input))
  if (!report.isSatisfactory || !report.nextInspectionDue) throw new AppError('CONFLICT', ANNUAL_TEXT.failedNoDecal)
  return { ...report, nextInspectionDue: report.nextInspectionDue }
}
