/**
 * Decision 032: the fingerprint printed on a form's PDF, and the check of a printed copy.
 *
 * fingerprint = the first 12 hex characters of SHA-256 over a canonical serialization of the
 * record: its kind, every field the form answers (API.md shape), each picture replaced by the
 * SHA-256 of its bytes, and the photos as `[{name, sha256}]` in filing order; object keys
 * sorted, no whitespace. The same record always gives the same fingerprint; any change to a
 * field, an answer or a picture gives another.
 */
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import { canonical, FINGERPRINT_LENGTH, fingerprintOfRecord, sha256 } from '../records/fingerprint.server.ts'
import { companies, emergencyExitChecks, inspections, memberships, operatorAssignments, preInspections, repairActions, vehicles } from '#db/schema/index.ts'
import { z } from 'zod'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, isAppError } from '../errors.ts'
import { requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { EMERGENCY_EXIT_TEXT } from './emergency-exit-check-schema.ts'
import {
  getInspectionForm,
  getInspectionPhotos,
  getPreInspectionForm,
  getPreInspectionPhotos,
  formRecordForCheckedCaller,
  type FormPhoto,
  type InspectionForm,
  type PreInspectionForm,
} from './read-forms.server.ts'
import { emergencyExitCheckForCheckedCaller, mayReadEmergencyExitCheck, type EmergencyExitCheckDetail } from './emergency-exit-checks.server.ts'
import { msg } from '#catalog/i18n.ts'

export const FORM_KINDS = ['pre-inspection', 'inspection'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/** What `/verify/{kind}/{id}` checks: the two forms and the 90-day emergency-exit check (decision 065). */
export const VERIFY_KINDS = [...FORM_KINDS, 'emergency-exit-check'] as const
export type VerifyKind = (typeof VERIFY_KINDS)[number]

/** Fields holding base64 pictures: hashed, not copied. */
const PICTURE_FIELDS = new Set(['driverSignature', 'inspectorSignature', 'imageDataFront', 'imageDataRear', 'imageDataRightSide', 'imageDataLeftSide'])

/** The canonical text of a record (exported for the ADR's worked example and tests). */
export function canonicalRecord(kind: FormKind, form: PreInspectionForm | InspectionForm, photos: FormPhoto[]): string {
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(form)) {
    fields[k] = PICTURE_FIELDS.has(k) && typeof v === 'string' ? { sha256: sha256(Buffer.from(v, 'base64')) } : v
  }
  return canonical({ kind, record: fields, photos: photos.map((p) => ({ name: p.name, sha256: sha256(Buffer.from(p.photo, 'base64')) })) })
}

export function fingerprintOf(kind: FormKind, form: PreInspectionForm | InspectionForm, photos: FormPhoto[]): string {
  return sha256(canonicalRecord(kind, form, photos)).slice(0, FINGERPRINT_LENGTH)
}

/** The fingerprint of a record the caller may read (the read rules of read-forms). */
export async function formFingerprint(ctx: UseCaseContext, kind: FormKind, id: number): Promise<string> {
  if (kind === 'pre-inspection') {
    const [form, photos] = await Promise.all([getPreInspectionForm(ctx, id), getPreInspectionPhotos(ctx, id)])
    return fingerprintOf(kind, form, photos)
  }
  const [form, photos] = await Promise.all([getInspectionForm(ctx, id), getInspectionPhotos(ctx, id)])
  return fingerprintOf(kind, form, photos)
}

export const verifyFingerprintInput = z.object({
  kind: z.enum(VERIFY_KINDS),
  id: idSchema,
  /** The fingerprint printed on the copy (case and spaces ignored). */
  f: z
    .string()
    .max(64)
    .transform((v) => v.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{12}$/, msg('A fingerprint is 12 hexadecimal characters'))),
})

export interface VerifyResult {
  matches: boolean
  kind: VerifyKind
  id: number
  /** The fingerprint given (normalized). */
  fingerprint: string
  facts: {
    vehicleIdentifier: string
    make: string
    model: string
    licensePlate: string
    /** YYYY-MM-DD */
    date: string
    /** The driver, the inspector or the exit check's filer, as signed. */
    signedBy: string
    isSatisfactory: boolean
    ownerCompanyName: string
  }
}

const NOT_FOUND_TEXT: Record<VerifyKind, string> = {
  'pre-inspection': msg('Pre-inspection not found'),
  inspection: msg('Inspection not found'),
  'emergency-exit-check': EMERGENCY_EXIT_TEXT.checkNotFound,
}
const formNotFound = (kind: VerifyKind) => new AppError('NOT_FOUND', NOT_FOUND_TEXT[kind])

/** Companies (by id) in which the caller holds any active role. */
async function myCompanyIds(ctx: UseCaseContext, userId: number): Promise<number[]> {
  const rows = await ctx.db.read
    .selectDistinct({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
  return rows.map((r) => r.companyId)
}

/**
 * Decision 032, who may verify: anyone who may read the record, and anyone with any active
 * role in a company the record belongs to — the vehicle's owner company, the operator company
 * that filed the pre-inspection, an operator company whose assignment of the vehicle covered
 * the record's date, the repair shop of the pre-inspection's repair action. An emergency-exit
 * check (decision 065) likewise: the owner, the company that filed it (as `operatorCompanyId`),
 * an operator assigned on its date, the repair shop of its repair action. Others: 404.
 */
async function mayVerify(ctx: UseCaseContext, kind: VerifyKind, head: { vehicleId: number; ownerCompanyId: number; date: string; operatorCompanyId?: number; id: number }): Promise<boolean> {
  const me = requireUser(ctx.actor)
  const mine = new Set(await myCompanyIds(ctx, me.userId))
  if (mine.has(head.ownerCompanyId)) return true
  if (head.operatorCompanyId !== undefined && mine.has(head.operatorCompanyId)) return true
  if (mine.size === 0) return false
  const ids = [...mine]
  const [assignment] = await ctx.db.read
    .select({ id: operatorAssignments.id })
    .from(operatorAssignments)
    .where(
      and(
        eq(operatorAssignments.vehicleId, head.vehicleId),
        inArray(operatorAssignments.operatorCompanyId, ids),
        lte(operatorAssignments.startDate, head.date),
        or(isNull(operatorAssignments.endDate), gte(operatorAssignments.endDate, head.date)),
      ),
    )
    .limit(1)
  if (assignment) return true
  if (kind !== 'inspection') {
    const opened = kind === 'pre-inspection' ? eq(repairActions.preInspectionId, head.id) : eq(repairActions.emergencyExitCheckId, head.id)
    const [repair] = await ctx.db.read
      .select({ id: repairActions.id })
      .from(repairActions)
      .where(and(opened, inArray(repairActions.repairCompanyId, ids)))
      .limit(1)
    if (repair) return true
  }
  return false
}

async function recordHead(ctx: UseCaseContext, kind: FormKind, id: number) {
  if (kind === 'pre-inspection') {
    const [r] = await ctx.db.read
      .select({ id: preInspections.id, vehicleId: preInspections.vehicleId, date: preInspections.date, operatorCompanyId: preInspections.operatorCompanyId, ownerCompanyId: vehicles.ownerCompanyId })
      .from(preInspections)
      .innerJoin(vehicles, eq(vehicles.id, preInspections.vehicleId))
      .where(eq(preInspections.id, id))
    return r ?? null
  }
  const [r] = await ctx.db.read
    .select({ id: inspections.id, vehicleId: inspections.vehicleId, date: inspections.inspectionDate, ownerCompanyId: vehicles.ownerCompanyId })
    .from(inspections)
    .innerJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .where(eq(inspections.id, id))
  return r ?? null
}

/** `/verify/{kind}/{id}?f=`: does a printed copy's fingerprint match the record in the database? */
export async function verifyFormFingerprint(ctx: UseCaseContext, input: unknown): Promise<VerifyResult> {
  const { kind, id, f } = parseInput(verifyFingerprintInput, input)
  requireUser(ctx.actor)
  if (kind === 'emergency-exit-check') return verifyEmergencyExitCheck(ctx, id, f)
  const head = await recordHead(ctx, kind, id)
  if (!head) throw formNotFound(kind)
  // A reader of the record may verify it; so may a member of a company it belongs to.
  const reads = await formFingerprint(ctx, kind, id).then(
    () => true,
    (error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') return false
      throw error
    },
  )
  if (!reads && !(await mayVerify(ctx, kind, head))) throw formNotFound(kind)
  const record = await formRecordForCheckedCaller(ctx, kind, id)
  if (!record) throw formNotFound(kind)
  const current = fingerprintOf(kind, record.form, record.photos)
  const [facts] = await ctx.db.read
    .select({
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      ownerCompanyName: companies.name,
    })
    .from(vehicles)
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(eq(vehicles.id, head.vehicleId))
  const [signed] =
    kind === 'pre-inspection'
      ? await ctx.db.read.select({ signedBy: preInspections.driverName, isSatisfactory: preInspections.isSatisfactory }).from(preInspections).where(eq(preInspections.id, id))
      : await ctx.db.read.select({ signedBy: inspections.inspectorName, isSatisfactory: inspections.isSatisfactory }).from(inspections).where(eq(inspections.id, id))
  return {
    matches: current === f,
    kind,
    id,
    fingerprint: f,
    facts: { ...facts!, date: head.date, signedBy: signed!.signedBy, isSatisfactory: signed!.isSatisfactory },
  }
}

/** What the exit check's print page and PDF show, and its fingerprint (the record's fields without its ids and filing instant). */
export function emergencyExitCheckPrintable(detail: EmergencyExitCheckDetail) {
  const { ownerCompanyId: _o, vehicleId: _v, companyId: _c, createdAt: _t, repairActionId: _r, ...check } = detail
  return { check, fingerprint: fingerprintOfRecord('emergency-exit-check', check, ['inspectorSignature']) }
}

/** `/verify/emergency-exit-check/{id}?f=`: the same rule as the forms' (decision 032), on the print's fingerprint. */
async function verifyEmergencyExitCheck(ctx: UseCaseContext, id: number, f: string): Promise<VerifyResult> {
  const kind = 'emergency-exit-check' as const
  const [head] = await ctx.db.read
    .select({
      id: emergencyExitChecks.id,
      vehicleId: emergencyExitChecks.vehicleId,
      date: emergencyExitChecks.checkDate,
      operatorCompanyId: emergencyExitChecks.companyId,
      ownerCompanyId: vehicles.ownerCompanyId,
      ownerCompanyName: companies.name,
    })
    .from(emergencyExitChecks)
    .innerJoin(vehicles, eq(vehicles.id, emergencyExitChecks.vehicleId))
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(eq(emergencyExitChecks.id, id))
  if (!head) throw formNotFound(kind)
  if (!(await mayReadEmergencyExitCheck(ctx, id)) && !(await mayVerify(ctx, kind, head))) throw formNotFound(kind)
  const detail = await emergencyExitCheckForCheckedCaller(ctx, id)
  if (!detail) throw formNotFound(kind)
  const { check, fingerprint } = emergencyExitCheckPrintable(detail)
  return {
    matches: fingerprint === f,
    kind,
    id,
    fingerprint: f,
    facts: {
      vehicleIdentifier: check.vehicleIdentifier,
      make: check.make,
      model: check.model,
      licensePlate: check.licensePlate,
      ownerCompanyName: head.ownerCompanyName,
      date: check.checkDate,
      signedBy: check.inspectorName,
      isSatisfactory: check.isSatisfactory,
    },
  }
}
