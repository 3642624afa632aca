/**
 * POST /api/Maintenance/submitPreInspection, `inspections.submitPreInspection` and the phone
 * page: a driver files the pre-trip of a bus (issue 10, PRODUCT.md section 5, decision 024).
 *
 * One transaction: the pre-inspection, its answers, signature and side images, photos, the
 * odometer readings (start, end), the acknowledged certifications, the repair action its
 * defects open, the mails and the audit entry. Pictures are checked by content before it.
 * An idempotency key makes a retry, a double tap or a second tab return the first filing.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, type PreInspectionImageKind, type PreInspectionItemKey } from '#catalog/checklists.ts'
import type { Tx } from '#db/client.ts'
import { companyTypes, preInspectionAnswers, preInspectionImages, preInspectionPhotos, preInspections, repairAcknowledgements, repairActions, users } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { recordOdometerReading } from '../fleet/odometer.server.ts'
import { recordEngineHoursReading } from '../fleet/engine-hours.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { requireUser } from '../access/policy.ts'
import { openRepairAction, preTripFindings } from '../repairs/open-repair-action.server.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { emitPreTripFiled } from '../webhooks/emit.server.ts'
import { parseInput } from '../validation.ts'
import { filingCompanyFor, vehicleByIdentifier } from './pre-trip.server.ts'
import { idempotencyKeySchema, preInspectionFields, type PreInspectionValues } from './pre-inspection-schema.ts'
import { msg } from '#catalog/i18n.ts'
import { recordText } from '#catalog/record-texts.ts'
import { expiredDriverRefusal } from '../drivers/driver-due.server.ts'
import { recordPreTripDuty } from '../hours/pre-trip-duty.server.ts'

export interface SubmitPreInspectionResult {
  id: number
  isSatisfactory: boolean
  repairActionId: number | null
  /** The repair action's code, `RA-YYYY-NNNNNN` (decision 063): tRPC and the page; REST keeps API.md's shape. */
  repairIdentifier: string | null
  /** The repair action put the bus out of service (a safety-critical defect). */
  outOfService: boolean
  /** The repair action went to the owner's chosen repair shop; false while it waits for the owner to choose one (tRPC and the page; REST keeps API.md's shape). */
  sentToRepairShop: boolean
  /** True when an earlier filing with the same idempotency key was returned (nothing filed now). */
  replayed: boolean
}

export const SUBMIT_PRE_TRIP_TEXT = {
  keyReused: msg('This idempotency key was already used for a pre-trip of another vehicle'),
  acknowledgement: msg('Only certified repairs of this vehicle that are not yet acknowledged can be acknowledged'),
} as const

/** What is read before the whole body is checked: the bus and the key. */
const identifierOf = z.object({ vehicleIdentifier: z.string().trim().min(1).max(40) })
const keyOf = z.object({ idempotencyKey: idempotencyKeySchema })

/** The filing an idempotency key of this driver already made, if any. */
async function earlierFiling(db: Pick<Tx, 'select'>, driverUserId: number, key: string) {
  const [row] = await db
    .select({
      id: preInspections.id,
      isSatisfactory: preInspections.isSatisfactory,
      vehicleId: preInspections.vehicleId,
      repairActionId: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      outOfService: repairActions.outOfService,
      repairCompanyId: repairActions.repairCompanyId,
    })
    .from(preInspections)
    .leftJoin(repairActions, eq(repairActions.preInspectionId, preInspections.id))
    .where(and(eq(preInspections.driverUserId, driverUserId), eq(preInspections.idempotencyKey, key)))
    .limit(1)
  return row
}

function replay(row: NonNullable<Awaited<ReturnType<typeof earlierFiling>>>, vehicleId: number | undefined): SubmitPreInspectionResult {
  if (vehicleId !== undefined && row.vehicleId !== vehicleId) {
    throw new AppError('CONFLICT', SUBMIT_PRE_TRIP_TEXT.keyReused, { fieldErrors: { idempotencyKey: SUBMIT_PRE_TRIP_TEXT.keyReused } })
  }
  return {
    id: row.id,
    isSatisfactory: row.isSatisfactory,
    repairActionId: row.repairActionId ?? null,
    repairIdentifier: row.repairIdentifier ?? null,
    outOfService: !!row.outOfService,
    sentToRepairShop: row.repairCompanyId != null,
    replayed: true,
  }
}

interface CheckedImage {
  kind: PreInspectionImageKind
  bytes: Buffer
  contentType: string
}

/** Every picture of the filing, checked by size (413) and content (415) and re-encoded, before anything is stored. */
async function checkPictures(v: PreInspectionValues) {
  const images: CheckedImage[] = []
  if (v.driverSignature) {
    const img = await decodeImage(v.driverSignature, { field: 'driverSignature' })
    images.push({ kind: 'signature', bytes: img.bytes, contentType: img.contentType })
  }
  for (const side of DAMAGE_SIDES) {
    const data = v[side.imageField]
    if (!data) continue
    const img = await decodeImage(data, { field: side.imageField })
    images.push({ kind: side.imageKind, bytes: img.bytes, contentType: img.contentType })
  }
  const photos: { name: string; bytes: Buffer; contentType: string }[] = []
  for (const [i, p] of v.photos.entries()) {
    const img = await decodeImage(p.photo, { field: `photos.${i}.photo` })
    const extension = img.contentType === 'image/png' ? 'png' : img.contentType === 'image/webp' ? 'webp' : 'jpg'
    photos.push({ name: p.name ?? `photo-${i + 1}.${extension}`, bytes: img.bytes, contentType: img.contentType })
  }
  return { images, photos }
}

export async function submitPreInspection(ctx: UseCaseContext, input: unknown): Promise<SubmitPreInspectionResult> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()

  // A retry of a filing that went through: answered before anything else is read or checked.
  const named = identifierOf.safeParse(input)
  const identifier = named.success ? named.data.vehicleIdentifier : undefined
  const keyed = keyOf.safeParse(input)
  if (keyed.success) {
    const earlier = await earlierFiling(ctx.db.read, me.userId, keyed.data.idempotencyKey)
    if (earlier) {
      const vehicle = identifier ? await vehicleByIdentifier(ctx.db.read, identifier).catch(() => undefined) : undefined
      return replay(earlier, vehicle?.id ?? -1)
    }
  }

  // Who may file decides which company's "today" the date rules use.
  const vehicle = identifier ? await vehicleByIdentifier(ctx.db.read, identifier) : undefined
  const company = vehicle ? await filingCompanyFor(ctx.db.read, me, vehicle, now) : undefined
  // The operator refuses pre-trips of a driver whose license or medical certificate has expired (issue 37): 403, nothing read further.
  if (company) {
    const refused = await expiredDriverRefusal(ctx.db.read, company.id, me.userId, company.today)
    if (refused) throw refused
  }
  const v = parseInput(preInspectionFields({ today: company?.today ?? '', now }), input)
  if (!vehicle || !company) throw new AppError('BAD_REQUEST', msg('Vehicle identifier is required'), { fieldErrors: { vehicleIdentifier: msg('Required') } })

  const { images, photos } = await checkPictures(v)
  const defects: PreInspectionItemKey[] = PRE_INSPECTION_ITEMS.filter((i) => v[i.key]).map((i) => i.key)
  const isSatisfactory = defects.length === 0

  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (v.idempotencyKey) {
        const earlier = await earlierFiling(tx, me.userId, v.idempotencyKey)
        if (earlier) return replay(earlier, vehicle.id)
      }
      // Filing time is now: the assignment is checked again under the write lock (the roles are this request's).
      const filing = await filingCompanyFor(tx, me, vehicle, now)
      const driverName = await nameOf(tx, me)
      const acknowledged = await acknowledgeable(tx, vehicle.id, v.acknowledgedRepairActionIds)

      const [pre] = await tx
        .insert(preInspections)
        .values({
          vehicleId: vehicle.id,
          operatorCompanyId: filing.id,
          driverUserId: me.userId,
          driverName,
          date: v.date,
          timeIn: v.timeIn,
          timeOut: v.timeOut,
          odometerStart: v.odometerStart,
          odometerEnd: v.odometerEnd,
          comments: v.comments,
          isSatisfactory,
          defectsNeedCorrection: !isSatisfactory,
          // The driver reviewed a certification of corrected defects on this pre-trip.
          defectsCorrected: acknowledged.length > 0,
          damageFront: v.front,
          damageRear: v.rear,
          damageRightSide: v.rightSide,
          damageLeftSide: v.leftSide,
          signatureName: v.driverSignature ? null : v.signatureName,
          idempotencyKey: v.idempotencyKey,
          createdAt: now,
        })
        .returning({ id: preInspections.id })
      const id = pre!.id

      // The pre-trip's times are on-duty time at an operator company (issue 37, 395.2); the phone's record wins an overlap.
      if (await isOperatorCompany(tx, filing.id)) {
        await recordPreTripDuty(tx, { companyId: filing.id, driverUserId: me.userId, startedAt: v.timeIn, endedAt: v.timeOut })
      }

      await tx.insert(preInspectionAnswers).values(PRE_INSPECTION_ITEMS.map((i) => ({ preInspectionId: id, itemKey: i.key, defective: v[i.key] })))
      for (const img of images) {
        await tx.insert(preInspectionImages).values({ preInspectionId: id, kind: img.kind, blobId: (await writeBlob(tx, img.bytes)).blobId, contentType: img.contentType })
      }
      for (const p of photos) await tx.insert(preInspectionPhotos).values({ preInspectionId: id, name: p.name, blobId: (await writeBlob(tx, p.bytes)).blobId, contentType: p.contentType })

      const reading = { vehicleId: vehicle.id, userId: me.userId, userName: driverName, preInspectionId: id }
      await recordOdometerReading(tx, { ...reading, reading: v.odometerStart, source: 'preTripStart', field: 'odometerStart', at: v.timeIn })
      if (v.odometerEnd !== null) {
        await recordOdometerReading(tx, { ...reading, reading: v.odometerEnd, source: 'preTripEnd', field: 'odometerEnd', at: v.timeOut ?? now })
      }
      // The hour meter (issue 35), when the driver read it: never below the latest (400 `engineHours`).
      if (v.engineHours !== null) {
        await recordEngineHoursReading(tx, { ...reading, reading: v.engineHours, source: 'preTrip', field: 'engineHours', at: v.timeOut ?? v.timeIn })
      }

      if (acknowledged.length) {
        await tx.insert(repairAcknowledgements).values(acknowledged.map((repairActionId) => ({ repairActionId, preInspectionId: id, acknowledgedAt: now })))
      }

      const action = await openRepairAction(tx, {
        source: { kind: 'preInspection', id },
        vehicle,
        findings: preTripFindings(defects, { front: v.front, rear: v.rear, rightSide: v.rightSide, leftSide: v.leftSide }),
        comments: recordText('repairAction.preTrip', { name: driverName, date: v.date, odometer: v.odometerStart }),
        reportedBy: msg('A driver reported defects on the pre-trip inspection'),
        now,
      })

      await audit(tx, me, {
        action: 'preInspection.submit',
        companyId: filing.id,
        entityType: 'preInspection',
        entityId: id,
        details: { vehicleId: vehicle.id, isSatisfactory, repairActionId: action?.id ?? null, acknowledged },
      })
      await emitPreTripFiled(tx, id)
      return {
        id,
        isSatisfactory,
        repairActionId: action?.id ?? null,
        repairIdentifier: action?.repairIdentifier ?? null,
        outOfService: action?.outOfService ?? false,
        sentToRepairShop: action ? action.repairCompanyId !== null : false,
        replayed: false,
      }
    })
    if (!result.replayed) kickMailWorker()
    return result
  } catch (error) {
    // Two filings with one key at once from another process: the unique index let one through.
    if (v.idempotencyKey && !(error instanceof AppError)) {
      const earlier = await earlierFiling(ctx.db.read, me.userId, v.idempotencyKey)
      if (earlier) return replay(earlier, vehicle.id)
    }
    throw error
  }
}

async function isOperatorCompany(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(companyTypes)
    .where(and(eq(companyTypes.companyId, companyId), eq(companyTypes.type, 'Operator')))
  return Boolean(row)
}

async function nameOf(tx: Tx, me: UserActor): Promise<string> {
  const [u] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, me.userId))
  const name = `${u?.firstName ?? me.firstName} ${u?.lastName ?? me.lastName}`.trim()
  return name || me.email
}

/** The ids the driver acknowledges: certified (Repaired) actions of this vehicle not yet acknowledged; any other is a 400. */
async function acknowledgeable(tx: Tx, vehicleId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: repairActions.id })
    .from(repairActions)
    .where(
      and(
        inArray(repairActions.id, ids),
        eq(repairActions.vehicleId, vehicleId),
        isNotNull(repairActions.repairedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${repairAcknowledgements} WHERE ${repairAcknowledgements.repairActionId} = ${repairActions.id})`,
      ),
    )
  const ok = new Set(rows.map((r) => r.id))
  const bad = ids.filter((i) => !ok.has(i))
  if (bad.length) {
    throw new AppError('BAD_REQUEST', `${SUBMIT_PRE_TRIP_TEXT.acknowledgement} (${bad.join(', ')})`, {
      fieldErrors: { acknowledgedRepairActionIds: SUBMIT_PRE_TRIP_TEXT.acknowledgement },
      localized: (t) => `${t(SUBMIT_PRE_TRIP_TEXT.acknowledgement)} (${bad.join(', ')})`,
    })
  }
  return ids
}
