/**
 * Reading filed forms (issue 10, API.md "Maintenance"): the whole pre-inspection or inspection
 * by id and its photos, for the three doors (REST `GetPreInspectionFormById`…, tRPC for the
 * detail dialogs, the print pages and their PDFs).
 *
 * Who may read (API.md "Who may read"): the owner company's Owners; the operator company (its
 * Operator, Driver and Mechanic people) with an active assignment of the vehicle; the driver's
 * or inspector's own records; the repair shop (RepairShop, Mechanic) of the repair action a
 * pre-inspection created. Anyone else: 404, as for a record that does not exist.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import { z } from 'zod'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { INSPECTION_ITEMS, type InspectionItemKey } from '#catalog/inspection-checklist.ts'
import {
  companies,
  companyTypes,
  inspectionItems,
  memberships,
  operatorAssignments,
  inspectionPhotos,
  inspections,
  inspectionSignatures,
  preInspectionAnswers,
  preInspectionImages,
  preInspectionPhotos,
  preInspections,
  repairAcknowledgements,
  repairActions,
  vehicles,
} from '#db/schema/index.ts'
import { inspectionApplied } from '#catalog/statuses.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { readBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, isAppError } from '../errors.ts'
import { activeOn, companyToday, VEHICLE_VIEWER_ROLES, vehicleAccessOrNull } from '../access/vehicle-access.server.ts'
import { companiesWithRole, hasRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { msg } from '#catalog/i18n.ts'

const REPAIR_SHOP_READERS = ['RepairShop', 'Mechanic'] as const

const preInspectionNotFound = () => new AppError('NOT_FOUND', msg('Pre-inspection not found'))
const inspectionNotFound = () => new AppError('NOT_FOUND', msg('Inspection not found'))

const inspectionIdInput = z.object({ inspectionId: idSchema })

/** The id of `?inspectionId=` (any door): a positive integer, named in the 400. Accepts the id itself too. */
function inspectionIdOf(input: unknown): number {
  const value = typeof input === 'object' && input !== null ? input : { inspectionId: input }
  return parseInput(inspectionIdInput, value).inspectionId
}

/** Whether the caller reads `vehicleId`'s records as its owner or an assigned operator. */
async function readsVehicle(ctx: UseCaseContext, vehicleId: number): Promise<boolean> {
  return (await vehicleAccessOrNull(ctx, vehicleId, { operatorRoles: VEHICLE_VIEWER_ROLES })) !== null
}

/** A pre-inspection's head row, once the caller may read it; else 404. */
async function readablePreInspection(ctx: UseCaseContext, id: number) {
  const me = requireUser(ctx.actor)
  const [row] = await ctx.db.read.select().from(preInspections).where(eq(preInspections.id, id))
  if (!row) throw preInspectionNotFound()
  if (row.driverUserId === me.userId) return row
  if (await readsVehicle(ctx, row.vehicleId)) return row
  const shops = companiesWithRole(me, REPAIR_SHOP_READERS)
  if (shops.length) {
    const [repair] = await ctx.db.read
      .select({ id: repairActions.id })
      .from(repairActions)
      .where(and(eq(repairActions.preInspectionId, id), inArray(repairActions.repairCompanyId, shops)))
      .limit(1)
    if (repair) return row
  }
  throw preInspectionNotFound()
}

/**
 * An inspection's head row, once the caller may read it; else 404. A Pending or Rejected one
 * (filed by a company with no relation to the bus, decision 062) is its inspector's and the
 * owner's only: the operator reads the inspections in force.
 */
async function readableInspection(ctx: UseCaseContext, id: number) {
  const me = requireUser(ctx.actor)
  const [row] = await ctx.db.read.select().from(inspections).where(eq(inspections.id, id))
  if (!row) throw inspectionNotFound()
  if (row.inspectorUserId === me.userId) return row
  const access = await vehicleAccessOrNull(ctx, row.vehicleId, { operatorRoles: VEHICLE_VIEWER_ROLES })
  if (access && (access.as === 'owner' || inspectionApplied(row.reviewStatus))) return row
  throw inspectionNotFound()
}

/** Whether the caller may read the record (its read rule, without loading it): a repair action's link to its source. */
export async function mayReadForm(ctx: UseCaseContext, kind: 'pre-inspection' | 'inspection', id: number): Promise<boolean> {
  const read = kind === 'pre-inspection' ? readablePreInspection(ctx, id) : readableInspection(ctx, id)
  return read.then(
    () => true,
    (error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') return false
      throw error
    },
  )
}

/** A stored file as plain base64 (read chunk by chunk, decision 070), or null without one. */
const base64Of = async (ctx: UseCaseContext, blobId: string | null | undefined) => (blobId ? (await readBlob(ctx.db.read, blobId)).toString('base64') : null)

export type PreInspectionChecklist = Record<PreInspectionItemKey, boolean>
export interface PreInspectionForm extends PreInspectionChecklist {
  id: number
  vehicleId: number
  driverName: string
  /** YYYY-MM-DD */
  date: string
  /** The drawn signature as plain base64 (PNG), or null (a typed name signs instead). */
  driverSignature: string | null
  /** The typed full name that signed a form filed without JavaScript, else null. */
  signatureName: string | null
  comments: string | null
  isSatisfactory: boolean
  defectsCorrected: boolean
  defectsNeedCorrection: boolean
  /** ISO 8601, UTC. */
  timeIn: string
  timeOut: string | null
  odometerStart: number
  odometerEnd: number | null
  front: string | null
  rear: string | null
  rightSide: string | null
  leftSide: string | null
  imageDataFront: string | null
  imageDataRear: string | null
  imageDataRightSide: string | null
  imageDataLeftSide: string | null
  /** Certified repairs the driver acknowledged with this pre-trip (issue 10, point 5). */
  acknowledgedRepairs: { repairActionId: number; repairIdentifier: string; acknowledgedAt: string }[]
}

/** GET /api/Maintenance/GetPreInspectionFormById: the whole form (API.md). */
export async function getPreInspectionForm(ctx: UseCaseContext, input: unknown): Promise<PreInspectionForm> {
  const id = inspectionIdOf(input)
  return preInspectionFormOf(ctx, await readablePreInspection(ctx, id))
}

async function preInspectionFormOf(ctx: UseCaseContext, row: typeof preInspections.$inferSelect): Promise<PreInspectionForm> {
  const id = row.id
  const [answers, images, acks] = await Promise.all([
    ctx.db.read.select().from(preInspectionAnswers).where(eq(preInspectionAnswers.preInspectionId, id)),
    ctx.db.read.select({ kind: preInspectionImages.kind, blobId: preInspectionImages.blobId }).from(preInspectionImages).where(eq(preInspectionImages.preInspectionId, id)),
    ctx.db.read
      .select({ repairActionId: repairAcknowledgements.repairActionId, repairIdentifier: repairActions.repairIdentifier, acknowledgedAt: repairAcknowledgements.acknowledgedAt })
      .from(repairAcknowledgements)
      .innerJoin(repairActions, eq(repairActions.id, repairAcknowledgements.repairActionId))
      .where(eq(repairAcknowledgements.preInspectionId, id))
      .orderBy(asc(repairAcknowledgements.repairActionId)),
  ])
  const defective = new Map(answers.map((a) => [a.itemKey, a.defective]))
  const imageData = new Map(await Promise.all(images.map(async (i) => [i.kind as string, await base64Of(ctx, i.blobId)] as const)))
  const image = (kind: string) => imageData.get(kind) ?? null
  const checklist = Object.fromEntries(PRE_INSPECTION_ITEMS.map((i) => [i.key, defective.get(i.key) === true])) as PreInspectionChecklist
  const sides = Object.fromEntries(
    DAMAGE_SIDES.flatMap((s) => [
      [s.key, (row as Record<string, unknown>)[`damage${s.key[0]!.toUpperCase()}${s.key.slice(1)}`] ?? null],
      [s.imageField, image(s.imageKind)],
    ]),
  ) as Pick<PreInspectionForm, 'front' | 'rear' | 'rightSide' | 'leftSide' | 'imageDataFront' | 'imageDataRear' | 'imageDataRightSide' | 'imageDataLeftSide'>
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    driverName: row.driverName,
    date: row.date,
    driverSignature: image('signature'),
    signatureName: row.signatureName ?? null,
    comments: row.comments ?? null,
    isSatisfactory: row.isSatisfactory,
    defectsCorrected: row.defectsCorrected,
    defectsNeedCorrection: row.defectsNeedCorrection,
    timeIn: row.timeIn.toISOString(),
    timeOut: row.timeOut ? row.timeOut.toISOString() : null,
    odometerStart: row.odometerStart,
    odometerEnd: row.odometerEnd ?? null,
    ...checklist,
    ...sides,
    acknowledgedRepairs: acks.map((a) => ({ ...a, acknowledgedAt: a.acknowledgedAt.toISOString() })),
  }
}

export interface FormPhoto {
  /** Plain base64. */
  photo: string
  name: string
}

/** GET /api/Maintenance/getPreInspectionPhotosByIdAsync: `[{photo, name}]` in filing order. */
export async function getPreInspectionPhotos(ctx: UseCaseContext, input: unknown): Promise<FormPhoto[]> {
  const id = inspectionIdOf(input)
  await readablePreInspection(ctx, id)
  return preInspectionPhotosOf(ctx, id)
}

async function preInspectionPhotosOf(ctx: UseCaseContext, id: number): Promise<FormPhoto[]> {
  const rows = await ctx.db.read
    .select({ name: preInspectionPhotos.name, blobId: preInspectionPhotos.blobId })
    .from(preInspectionPhotos)
    .where(eq(preInspectionPhotos.preInspectionId, id))
    .orderBy(asc(preInspectionPhotos.id))
  const photos: FormPhoto[] = []
  for (const r of rows) photos.push({ photo: (await base64Of(ctx, r.blobId))!, name: r.name })
  return photos
}

export interface InspectionItemAnswer {
  /** 0 Satisfactory, 1 Unsatisfactory, 2 NotApplicable. */
  status: number
  comments: string | null
}
export type InspectionForm = {
  id: number
  vehicleId: number
  inspectorName: string
  /** YYYY-MM-DD */
  inspectionDate: string
  /** Plain base64 (PNG), or null when a typed name signed. */
  inspectorSignature: string | null
  signatureName: string | null
  isSatisfactory: boolean
  odometer: number | null
} & Record<InspectionItemKey, InspectionItemAnswer>

/** GET /api/Maintenance/GetInspectionFormById: `{id, vehicleId, …, <key>: {status, comments}}` for all 48 keys. */
export async function getInspectionForm(ctx: UseCaseContext, input: unknown): Promise<InspectionForm> {
  const id = inspectionIdOf(input)
  return inspectionFormOf(ctx, await readableInspection(ctx, id))
}

async function inspectionFormOf(ctx: UseCaseContext, row: typeof inspections.$inferSelect): Promise<InspectionForm> {
  const id = row.id
  const [items, [signature]] = await Promise.all([
    ctx.db.read.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, id)),
    ctx.db.read.select({ blobId: inspectionSignatures.blobId }).from(inspectionSignatures).where(eq(inspectionSignatures.inspectionId, id)),
  ])
  const byKey = new Map(items.map((i) => [i.itemKey, i]))
  const answers = Object.fromEntries(
    INSPECTION_ITEMS.map((i) => {
      const found = byKey.get(i.key)
      // An item missing from an old record reads as Not applicable.
      return [i.key, { status: found?.status ?? 2, comments: found?.comments ?? null }]
    }),
  ) as Record<InspectionItemKey, InspectionItemAnswer>
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    inspectorName: row.inspectorName,
    inspectionDate: row.inspectionDate,
    inspectorSignature: await base64Of(ctx, signature?.blobId),
    signatureName: row.signatureName ?? null,
    isSatisfactory: row.isSatisfactory,
    odometer: row.odometer ?? null,
    ...answers,
  }
}

/** GET /api/Maintenance/getInspectionPhotosByIdAsync: `[{photo, name}]` in filing order. */
export async function getInspectionPhotos(ctx: UseCaseContext, input: unknown): Promise<FormPhoto[]> {
  const id = inspectionIdOf(input)
  await readableInspection(ctx, id)
  return inspectionPhotosOf(ctx, id)
}

async function inspectionPhotosOf(ctx: UseCaseContext, id: number): Promise<FormPhoto[]> {
  const rows = await ctx.db.read
    .select({ name: inspectionPhotos.name, blobId: inspectionPhotos.blobId })
    .from(inspectionPhotos)
    .where(eq(inspectionPhotos.inspectionId, id))
    .orderBy(asc(inspectionPhotos.id))
  const photos: FormPhoto[] = []
  for (const r of rows) photos.push({ photo: (await base64Of(ctx, r.blobId))!, name: r.name })
  return photos
}

/** What the detail dialogs and print pages show of the vehicle (the spec's "vehicle" of the navigation state). */
export interface FormVehicle {
  id: number
  ownerCompanyId: number
  make: string
  model: string
  vin: string
  licensePlate: string
  vehicleIdentifier: string
}

async function formVehicle(ctx: UseCaseContext, vehicleId: number): Promise<FormVehicle> {
  const [v] = await ctx.db.read
    .select({
      id: vehicles.id,
      ownerCompanyId: vehicles.ownerCompanyId,
      make: vehicles.make,
      model: vehicles.model,
      vin: vehicles.vin,
      licensePlate: vehicles.licensePlate,
      vehicleIdentifier: vehicles.vehicleIdentifier,
    })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
  if (!v) throw new AppError('NOT_FOUND', msg('Vehicle not found'))
  return v
}

/**
 * Whose record it is (decision 063), for the detail dialogs, print pages and PDFs: the companies
 * they name and the zone their times are shown in. Not part of API.md's forms.
 */
export interface FormRecordContext {
  /** A pre-trip's times in its operator company's zone (the zone the driver typed them in); an inspection's in the owner's. */
  timeZone: string
  ownerCompany: { id: number; name: string }
  /** A pre-trip: the operator it was filed for; an inspection: the operator with an assignment active on its date, if any. */
  operatorCompany: { id: number; name: string } | null
  /** A pre-trip: the shop its repair action went to, else the owner's chosen shop; an inspection: the inspector's shop, if any. */
  repairShop: { id: number; name: string } | null
}

type CompanyRef = { id: number; name: string; timeZone: string; repairShopCompanyId: number | null }

async function companyRef(ctx: UseCaseContext, id: number | null | undefined): Promise<CompanyRef | null> {
  if (!id) return null
  const [c] = await ctx.db.read
    .select({ id: companies.id, name: companies.name, timeZone: companies.timeZone, repairShopCompanyId: companies.repairShopCompanyId })
    .from(companies)
    .where(eq(companies.id, id))
  return c ?? null
}

const named = (c: CompanyRef | null) => (c ? { id: c.id, name: c.name } : null)

async function preInspectionRecordContext(ctx: UseCaseContext, preInspectionId: number, vehicle: FormVehicle): Promise<FormRecordContext> {
  const [row] = await ctx.db.read
    .select({ operatorCompanyId: preInspections.operatorCompanyId, repairCompanyId: repairActions.repairCompanyId })
    .from(preInspections)
    .leftJoin(repairActions, eq(repairActions.preInspectionId, preInspections.id))
    .where(eq(preInspections.id, preInspectionId))
  const [owner, operator] = await Promise.all([companyRef(ctx, vehicle.ownerCompanyId), companyRef(ctx, row?.operatorCompanyId)])
  const shop = await companyRef(ctx, row?.repairCompanyId ?? owner?.repairShopCompanyId)
  return {
    timeZone: operator?.timeZone || owner?.timeZone || 'UTC',
    ownerCompany: named(owner) ?? { id: vehicle.ownerCompanyId, name: '' },
    operatorCompany: named(operator),
    repairShop: named(shop),
  }
}

/** An inspection's companies (the print pages, and the annual report's motor carrier and owner, decision 066). */
export async function inspectionRecordContext(
  ctx: UseCaseContext,
  form: Pick<InspectionForm, 'id' | 'inspectionDate'>,
  vehicle: Pick<FormVehicle, 'id' | 'ownerCompanyId'>,
): Promise<FormRecordContext> {
  const day = form.inspectionDate
  const [[assignment], [row]] = await Promise.all([
    ctx.db.read
      .select({ operatorCompanyId: operatorAssignments.operatorCompanyId })
      .from(operatorAssignments)
      .where(
        and(
          eq(operatorAssignments.vehicleId, vehicle.id),
          lte(operatorAssignments.startDate, day),
          or(isNull(operatorAssignments.endDate), gte(operatorAssignments.endDate, day)),
          // Ended early: still the operator on the day it ended.
          or(isNull(operatorAssignments.endedAt), gte(operatorAssignments.endedAt, new Date(`${day}T00:00:00Z`))),
        ),
      )
      .orderBy(desc(operatorAssignments.startDate), desc(operatorAssignments.id))
      .limit(1),
    ctx.db.read.select({ inspectorUserId: inspections.inspectorUserId }).from(inspections).where(eq(inspections.id, form.id)),
  ])
  const owner = await companyRef(ctx, vehicle.ownerCompanyId)
  // The inspector's repair shop: a RepairShop company where they are a Mechanic or its manager
  // (the owner's chosen shop first, then active roles first).
  const shops = row?.inspectorUserId
    ? await ctx.db.read
        .select({ companyId: memberships.companyId, isActive: memberships.isActive })
        .from(memberships)
        .innerJoin(companyTypes, and(eq(companyTypes.companyId, memberships.companyId), eq(companyTypes.type, 'RepairShop')))
        .where(and(eq(memberships.userId, row.inspectorUserId), inArray(memberships.roleId, [ROLE_IDS.Mechanic, ROLE_IDS.RepairShop])))
        .orderBy(desc(memberships.isActive), asc(memberships.companyId))
    : []
  const shopId = shops.find((m) => m.companyId === owner?.repairShopCompanyId)?.companyId ?? shops[0]?.companyId
  const [operator, shop] = await Promise.all([companyRef(ctx, assignment?.operatorCompanyId), companyRef(ctx, shopId)])
  return {
    timeZone: owner?.timeZone || 'UTC',
    ownerCompany: named(owner) ?? { id: vehicle.ownerCompanyId, name: '' },
    operatorCompany: named(operator),
    repairShop: named(shop),
  }
}

/** The detail dialog and print page of a pre-inspection: the form, its vehicle and whose record it is (no photos: they load apart). */
export async function getPreInspectionDetail(ctx: UseCaseContext, input: unknown) {
  const form = await getPreInspectionForm(ctx, input)
  const vehicle = await formVehicle(ctx, form.vehicleId)
  return { form, vehicle, recordContext: await preInspectionRecordContext(ctx, form.id, vehicle) }
}

/** The detail dialog and print page of an inspection: the form, its vehicle and whose record it is (no photos: they load apart). */
export async function getInspectionDetail(ctx: UseCaseContext, input: unknown) {
  const form = await getInspectionForm(ctx, input)
  const vehicle = await formVehicle(ctx, form.vehicleId)
  return { form, vehicle, recordContext: await inspectionRecordContext(ctx, form, vehicle) }
}

/**
 * A record with its photos WITHOUT the read rules, or null when it does not exist: only for a
 * caller that has authorized on its own (the fingerprint check of decision 032).
 */
export async function formRecordForCheckedCaller(ctx: UseCaseContext, kind: 'pre-inspection' | 'inspection', id: number) {
  if (kind === 'pre-inspection') {
    const [row] = await ctx.db.read.select().from(preInspections).where(eq(preInspections.id, id))
    return row ? { form: await preInspectionFormOf(ctx, row), photos: await preInspectionPhotosOf(ctx, id) } : null
  }
  const [row] = await ctx.db.read.select().from(inspections).where(eq(inspections.id, id))
  return row ? { form: await inspectionFormOf(ctx, row), photos: await inspectionPhotosOf(ctx, id) } : null
}

/**
 * The print pages name a company (`/PrintPreInspection/{companyId}`, decision 006): the record's
 * vehicle must be one that company sees — its own (the caller an Owner there) or one it operates
 * under an active assignment (the caller an Operator there). Otherwise 404, like a record that
 * does not exist.
 */
export async function requireCompanySeesVehicle(ctx: UseCaseContext, companyId: number, vehicle: { id: number; ownerCompanyId: number }): Promise<void> {
  const me = requireUser(ctx.actor)
  if (vehicle.ownerCompanyId === companyId && hasRole(me, companyId, ['Owner'])) return
  if (hasRole(me, companyId, ['Operator'])) {
    const today = await companyToday(ctx, companyId)
    const [a] = await ctx.db.read
      .select({ id: operatorAssignments.id })
      .from(operatorAssignments)
      .where(and(eq(operatorAssignments.vehicleId, vehicle.id), eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today)))
      .limit(1)
    if (a) return
  }
  throw new AppError('NOT_FOUND', msg('Not found'))
}
