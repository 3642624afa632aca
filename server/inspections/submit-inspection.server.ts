import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { INSPECTION_ITEM_KEYS, INSPECTION_ITEM_STATUS } from '#catalog/inspection-checklist.ts'
import { INSPECTOR_ROLES } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { companies, inspectionItems, inspectionPhotos, inspections, inspectionSignatures, users, vehicles } from '#db/schema/index.ts'
import { ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import { nextAnnualInspectionDue } from '#catalog/compliance.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { recordOdometerReading } from '../fleet/odometer.server.ts'
import { recordEngineHoursReading } from '../fleet/engine-hours.server.ts'
import { companiesWithRole, requireUser } from '../access/policy.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { recipientsOfRoleHolders, perLocale } from '../access/role-holders.server.ts'
import { env } from '../env.server.ts'
import { relatedCompanyOf } from '../fleet/vehicle-relations.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { inspectionAwaitsReviewMail } from '../mail/templates.ts'
import { parseInput } from '../validation.ts'
import { openInspectionRepairAction } from '../repairs/open-repair-action.server.ts'
import { emitInspectionFiled } from '../webhooks/emit.server.ts'
import { addDays, INSPECTION_DAYS_BACK, INSPECTION_TEXT, inspectionInput, type InspectionDateWindow } from './inspection-schema.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * Who may file an inspection (PRODUCT.md section 5): an active Mechanic, or an Operator or
 * RepairShop manager, of any company, for any vehicle found by its identifier or QR. Only a
 * company related to the bus changes its state by filing (decision 062); anyone else's filing
 * waits, Pending, for the owner's review.
 */

/** The filer: signed in (401) and holding an inspector role somewhere, active (403). */
export function requireInspector(ctx: UseCaseContext): UserActor {
  const me = requireUser(ctx.actor)
  if (companiesWithRole(me, INSPECTOR_ROLES).length === 0) throw forbidden(INSPECTION_TEXT.notAllowed)
  return me
}

export const inspectorName = (me: UserActor) => `${me.firstName} ${me.lastName}`.trim() || me.email

/**
 * The dates the filer may give (decision 026): "today" in the time zone of each company where
 * they hold an inspector role, or up to 7 days back; never after the latest of those todays.
 */
export async function inspectionDateWindow(ctx: UseCaseContext, me: UserActor): Promise<InspectionDateWindow & { today: string }> {
  const ids = companiesWithRole(me, INSPECTOR_ROLES)
  const zones = ids.length
    ? await ctx.db.read
        .select({ tz: companies.timeZone })
        .from(companies)
        .where(inArray(companies.id, ids))
    : []
  const todays = (zones.length ? zones : [{ tz: 'UTC' }]).map((z) => todayIn(z.tz, ctx.now)).sort()
  const today = todays[todays.length - 1]!
  return { earliest: addDays(todays[0]!, -INSPECTION_DAYS_BACK), latest: today, today }
}

/** The first filing with this idempotency key by this inspector, if any. */
async function filedWithKey(db: Pick<Tx, 'select'>, userId: number, key: string | undefined): Promise<FiledInspection | undefined> {
  if (!key) return undefined
  const [found] = await db
    .select({
      id: inspections.id,
      isSatisfactory: inspections.isSatisfactory,
      pendingReview: sql<boolean>`${inspections.reviewStatus} = 'Pending'`.mapWith(Boolean),
      isAnnual: inspections.isAnnual,
    })
    .from(inspections)
    .where(and(eq(inspections.inspectorUserId, userId), eq(inspections.idempotencyKey, key)))
  if (!found) return undefined
  const { isAnnual, ...row } = found
  return isAnnual ? { ...row, isAnnual } : row
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: inspections\./i.test(String((c as { message?: unknown }).message ?? ''))) return true
  }
  return false
}

/**
 * POST /api/Maintenance/submitInspection, tRPC `inspections.submitInspection` and the form of
 * /InspectionPage. Pictures are checked (413/415) before anything is stored; then, in one
 * transaction: the inspection, its 48 items, the signature (drawn, or the typed name), the
 * photos, the audit, and, when the filer's company is related to the bus, the odometer reading
 * and the next inspection when satisfactory; otherwise the filing is Pending and the owner's
 * managers are told (decision 062). With an idempotency key, a retry or a double tap returns
 * the first filing and files nothing.
 */
export async function submitInspection(ctx: UseCaseContext, input: unknown): Promise<FiledInspection> {
  const me = requireInspector(ctx)
  const window = await inspectionDateWindow(ctx, me)
  const v = parseInput(inspectionInput(window), input)

  const earlier = await filedWithKey(ctx.db.read, me.userId, v.idempotencyKey)
  if (earlier) return earlier

  // Every picture is checked and re-encoded before the transaction: nothing is stored on a 413/415.
  const signature = v.inspectorSignature ? await decodeImage(v.inspectorSignature, { field: 'inspectorSignature' }) : null
  const photos: { name: string; bytes: Buffer; contentType: string }[] = []
  for (const [i, p] of (v.photos ?? []).entries()) {
    const image = await decodeImage(p.photo, { field: `photos.${i}.photo` })
    photos.push({ name: p.name, bytes: image.bytes, contentType: image.contentType })
  }

  // Decision 066: the annual inspection names the inspector's qualification (49 CFR 396.19), copied as it is now.
  const isAnnual = v.isAnnual === true
  const qualification = isAnnual ? await inspectorQualificationOf(ctx, me.userId) : null
  if (isAnnual && !qualification) throw new AppError('BAD_REQUEST', ANNUAL_TEXT.needsQualification, { fieldErrors: { isAnnual: ANNUAL_TEXT.needsQualification } })

  const items = INSPECTION_ITEM_KEYS.map((key) => ({ key, status: v[key].status, comments: v[key].comments || null }))
  const isSatisfactory = items.every((i) => i.status !== INSPECTION_ITEM_STATUS.Unsatisfactory)
  const now = ctx.now ?? new Date()
  const name = inspectorName(me)

  try {
    return await ctx.db.transaction(async (tx) => {
      const again = await filedWithKey(tx, me.userId, v.idempotencyKey)
      if (again) return again
      const [vehicle] = await tx
        .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier })
        .from(vehicles)
        .where(and(sql`upper(${vehicles.vehicleIdentifier}) = ${v.vehicleIdentifier.toUpperCase()}`, isNull(vehicles.archivedAt)))
      if (!vehicle) {
        throw new AppError('NOT_FOUND', INSPECTION_TEXT.vehicleNotFound, { fieldErrors: { vehicleIdentifier: msg('No vehicle has this identifier') } })
      }
      const related = await relatedCompanyOf(tx, me, vehicle, INSPECTOR_ROLES, now)
      const [created] = await tx
        .insert(inspections)
        .values({
          vehicleId: vehicle.id,
          inspectorUserId: me.userId,
          inspectorName: name,
          inspectionDate: v.inspectionDate,
          isSatisfactory,
          odometer: v.odometer ?? null,
          signatureName: v.signatureName ?? null,
          idempotencyKey: v.idempotencyKey ?? null,
          createdAt: now,
          reviewStatus: related ? 'Applied' : 'Pending',
          isAnnual,
          inspectorQualification: qualification,
        })
        .returning({ id: inspections.id })
      const inspectionId = created!.id
      await tx.insert(inspectionItems).values(items.map((i) => ({ inspectionId, itemKey: i.key, status: i.status, comments: i.comments })))
      if (signature) await tx.insert(inspectionSignatures).values({ inspectionId, blobId: (await writeBlob(tx, signature.bytes)).blobId, contentType: signature.contentType })
      for (const p of photos) await tx.insert(inspectionPhotos).values({ inspectionId, name: p.name, blobId: (await writeBlob(tx, p.bytes)).blobId, contentType: p.contentType })
      if (related) {
        await applyInspection(tx, { inspectionId, vehicleId: vehicle.id, odometer: v.odometer ?? null, engineHours: v.engineHours, isSatisfactory, inspectionDate: v.inspectionDate, at: now, userId: me.userId, userName: name })
      } else {
        await askOwnerToReview(tx, me, { vehicle, inspectorName: name, inspectionDate: v.inspectionDate, isSatisfactory })
      }
      await audit(tx, me, {
        action: 'inspection.submit',
        companyId: vehicle.ownerCompanyId,
        entityType: 'inspection',
        entityId: inspectionId,
        details: { vehicleId: vehicle.id, isSatisfactory, ...(isAnnual ? { isAnnual } : {}), ...(related ? { relation: related.relation } : { pendingReview: true }) },
      })
      await emitInspectionFiled(tx, inspectionId, related?.companyId)
      return { id: inspectionId, isSatisfactory, pendingReview: !related, ...(isAnnual ? { isAnnual } : {}) }
    })
  } catch (error) {
    // Another process filed the same key between our check and our insert: answer its filing.
    if (v.idempotencyKey && isUniqueViolation(error)) {
      const first = await filedWithKey(ctx.db.read, me.userId, v.idempotencyKey)
      if (first) return first
    }
    throw error
  }
}

export interface FiledInspection {
  id: number
  isSatisfactory: boolean
  /** Filed by a company with no relation to the bus: nothing applied until the owner accepts (decision 062). */
  pendingReview: boolean
  /** Marked as the annual inspection (decision 066), absent otherwise; it counts as one once in force (Applied, or Accepted by the owner). */
  isAnnual?: true
}

/** The filer's inspector qualification from the profile (49 CFR 396.19), or null when none is entered. */
async function inspectorQualificationOf(ctx: UseCaseContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db.read.select({ q: users.inspectorQualification }).from(users).where(eq(users.id, userId))
  return row?.q?.trim() || null
}

/**
 * What an inspection changes on the bus, when filed by a related company or accepted by the
 * owner: the odometer reading (never below the latest, 400 `odometer`) and, when satisfactory,
 * the next inspection a year after its date.
 */
export async function applyInspection(
  tx: Tx,
  r: {
    inspectionId: number
    vehicleId: number
    odometer: number | null
    /** The hour meter read (issue 35); absent when accepted by the owner later (the record has no column for it). */
    engineHours?: number | null
    isSatisfactory: boolean
    inspectionDate: string
    at: Date
    userId: number
    userName: string
  },
): Promise<void> {
  if (r.odometer !== null) {
    await recordOdometerReading(tx, {
      vehicleId: r.vehicleId,
      reading: r.odometer,
      source: 'inspection',
      field: 'odometer',
      at: r.at,
      userId: r.userId,
      userName: r.userName,
      inspectionId: r.inspectionId,
    })
  }
  if (r.engineHours != null) {
    await recordEngineHoursReading(tx, {
      vehicleId: r.vehicleId,
      reading: r.engineHours,
      source: 'inspection',
      field: 'engineHours',
      at: r.at,
      userId: r.userId,
      userName: r.userName,
      inspectionId: r.inspectionId,
    })
  }
  // Decision 066: one rule with the annual inspection's due date (12 months, clamped at month ends).
  if (r.isSatisfactory) await tx.update(vehicles).set({ nextInspection: nextAnnualInspectionDue(r.inspectionDate) }).where(eq(vehicles.id, r.vehicleId))
  // Issue 23: Unsatisfactory items open a repair action at the owner's shop (decision 065).
  else await openInspectionRepairAction(tx, r.inspectionId, r.at)
}

/** The owner's managers hear of a Pending inspection, with a link to the bus's Inspections tab. */
async function askOwnerToReview(
  tx: Tx,
  me: UserActor,
  r: { vehicle: { id: number; ownerCompanyId: number; vehicleIdentifier: string }; inspectorName: string; inspectionDate: string; isSatisfactory: boolean },
): Promise<void> {
  const mine = companiesWithRole(me, INSPECTOR_ROLES)
  const [company] = mine.length ? await tx.select({ name: companies.name }).from(companies).where(inArray(companies.id, mine)).limit(1) : []
  const mail = perLocale((locale) => inspectionAwaitsReviewMail({
    locale,
    vehicleIdentifier: r.vehicle.vehicleIdentifier,
    inspectorName: r.inspectorName,
    inspectorCompanyName: company?.name ?? '',
    inspectionDate: r.inspectionDate,
    isSatisfactory: r.isSatisfactory,
    link: `${env().APP_URL}/fleet/${r.vehicle.ownerCompanyId}?open=${r.vehicle.id}&tab=inspections`,
  }))
  for (const to of await recipientsOfRoleHolders(tx, r.vehicle.ownerCompanyId, ['Owner'], 200)) await enqueueMail(tx, { to: to.email, ...mail(to.locale) })
}
