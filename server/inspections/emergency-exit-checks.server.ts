/**
 * The 90-day emergency-exit check (49 CFR 396.3(b)(4), issue 23, decision 065): filed by a
 * Mechanic of a company related to the bus (decision 062's `relatedCompanyOf`) or by a Driver of
 * the operator with its active assignment; read by the companies related to the bus and by the
 * filer. An Unsatisfactory item opens a repair action, out of service, in the same transaction.
 */
import { msg } from '#catalog/i18n.ts'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { EMERGENCY_EXIT_ITEM_KEYS, EMERGENCY_EXIT_ITEMS, dueState, nextEmergencyExitCheckDue, type DueState, type EmergencyExitCheckFilerRole } from '#catalog/compliance.ts'
import { recordText } from '#catalog/record-texts.ts'
import { ROLE_NAMES } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { companies, emergencyExitCheckItems, emergencyExitChecks, emergencyExitCheckSignatures, repairActions, vehicles } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { readBlob, writeBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, conflict, forbidden } from '../errors.ts'
import { assignedOperatorCompany, todayIn } from '../access/vehicle-access.server.ts'
import { relatedCompanyOf } from '../fleet/vehicle-relations.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { companiesWithRole, requireUser } from '../access/policy.ts'
import { emergencyExitFindings, openRepairAction } from '../repairs/open-repair-action.server.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { EMERGENCY_EXIT_CHECK_DAYS_BACK, EMERGENCY_EXIT_TEXT, emergencyExitCheckInput } from './emergency-exit-check-schema.ts'
import { addDays } from './inspection-schema.ts'
import { z } from 'zod'

type Reader = Pick<Tx, 'select'>

export interface ExitCheckVehicle {
  id: number
  ownerCompanyId: number
  vehicleIdentifier: string
  odometer: number | null
  createdAt: Date
}

export interface ExitCheckFiler {
  companyId: number
  role: EmergencyExitCheckFilerRole
  timeZone: string
  today: string
}

const vehicleNotFound = () => new AppError('NOT_FOUND', EMERGENCY_EXIT_TEXT.vehicleNotFound)
const checkNotFound = () => new AppError('NOT_FOUND', EMERGENCY_EXIT_TEXT.checkNotFound)

async function vehicleOf(db: Reader, vehicleId: number): Promise<ExitCheckVehicle> {
  const [v] = await db
    .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier, odometer: vehicles.odometer, createdAt: vehicles.createdAt })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
  if (!v) throw vehicleNotFound()
  return v
}

async function timeZoneOf(db: Reader, companyId: number): Promise<string> {
  const [c] = await db.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return c?.tz || 'UTC'
}

/**
 * Who files, and for which company: a Mechanic of a company related to the bus (its owner, its
 * operator today, the owner's chosen shop, a shop holding an open repair of it) first, else a
 * Driver of the operator with the active assignment. Someone who may see the bus otherwise (its
 * owner's managers, the operator's managers) gets 403; anyone else the 404 of an unknown bus.
 */
export async function exitCheckFilerFor(db: Reader, me: UserActor, vehicle: ExitCheckVehicle, now: Date): Promise<ExitCheckFiler> {
  let found: { companyId: number; role: EmergencyExitCheckFilerRole } | null = null
  const mechanic = await relatedCompanyOf(db, me, vehicle, ['Mechanic'], now)
  if (mechanic) found = { companyId: mechanic.companyId, role: 'Mechanic' }
  else {
    const driverOf = await assignedOperatorCompany(db, vehicle.id, companiesWithRole(me, ['Driver']), now)
    if (driverOf !== null) found = { companyId: driverOf, role: 'Driver' }
  }
  if (!found) {
    if (await relatedCompanyOf(db, me, vehicle, ROLE_NAMES, now)) throw forbidden(EMERGENCY_EXIT_TEXT.notAllowed)
    throw vehicleNotFound()
  }
  const timeZone = await timeZoneOf(db, found.companyId)
  return { ...found, timeZone, today: todayIn(timeZone, now) }
}

const filerName = (me: UserActor) => `${me.firstName} ${me.lastName}`.trim() || me.email

export interface FiledEmergencyExitCheck {
  id: number
  vehicleId: number
  checkDate: string
  isSatisfactory: boolean
  repairActionId: number | null
  /** The next check's due date after this one (90 days later). */
  nextDueDate: string
  /** True when an earlier filing with the same idempotency key was returned (nothing filed now). */
  replayed: boolean
}

async function filedWithKey(db: Reader, userId: number, key: string | undefined): Promise<FiledEmergencyExitCheck | undefined> {
  if (!key) return undefined
  const [row] = await db
    .select({ id: emergencyExitChecks.id, vehicleId: emergencyExitChecks.vehicleId, checkDate: emergencyExitChecks.checkDate, isSatisfactory: emergencyExitChecks.isSatisfactory, repairActionId: repairActions.id })
    .from(emergencyExitChecks)
    .leftJoin(repairActions, eq(repairActions.emergencyExitCheckId, emergencyExitChecks.id))
    .where(and(eq(emergencyExitChecks.inspectorUserId, userId), eq(emergencyExitChecks.idempotencyKey, key)))
  return row ? { ...row, repairActionId: row.repairActionId ?? null, nextDueDate: nextEmergencyExitCheckDue(row.checkDate), replayed: true } : undefined
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: emergency_exit_checks\./i.test(String((c as { message?: unknown }).message ?? ''))) return true
  }
  return false
}

const vehicleIdOf = z.object({ vehicleId: idSchema }, { message: EMERGENCY_EXIT_TEXT.vehicleNotFound })

/**
 * POST /api/Maintenance/submitEmergencyExitCheck, tRPC `emergencyExits.submit` and the form of
 * `/emergencyExitCheck/{vehicleId}`. The signature is checked by its content before anything is
 * stored; then, in one transaction: the check, its three items, the signature, the repair action
 * when an item is Unsatisfactory (safety items: out of service), and the audit. With an
 * idempotency key, a retry or a double tap returns the first filing and files nothing.
 */
export async function submitEmergencyExitCheck(ctx: UseCaseContext, input: unknown): Promise<FiledEmergencyExitCheck> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const { vehicleId } = parseInput(vehicleIdOf, input)
  const vehicle = await vehicleOf(ctx.db.read, vehicleId)
  const filer = await exitCheckFilerFor(ctx.db.read, me, vehicle, now)
  const v = parseInput(emergencyExitCheckInput({ earliest: addDays(filer.today, -EMERGENCY_EXIT_CHECK_DAYS_BACK), latest: filer.today }), input)

  const replay = (earlier: FiledEmergencyExitCheck) => {
    if (earlier.vehicleId !== vehicle.id) throw conflict(EMERGENCY_EXIT_TEXT.keyReused)
    return earlier
  }
  const earlier = await filedWithKey(ctx.db.read, me.userId, v.idempotencyKey)
  if (earlier) return replay(earlier)

  const signature = v.inspectorSignature ? await decodeImage(v.inspectorSignature, { field: 'inspectorSignature' }) : null
  const items = EMERGENCY_EXIT_ITEM_KEYS.map((key) => ({ itemKey: key, status: v[key].status as number, comments: v[key].comments || null }))
  const isSatisfactory = items.every((i) => i.status !== 1)
  const checkDate = v.checkDate ?? filer.today
  const name = filerName(me)

  try {
    const result = await ctx.db.transaction(async (tx) => {
      const again = await filedWithKey(tx, me.userId, v.idempotencyKey)
      if (again) return replay(again)
      // Decided again beside the writes: an assignment may have ended, a role been taken away.
      const current = await exitCheckFilerFor(tx, me, await vehicleOf(tx, vehicle.id), now)
      const [created] = await tx
        .insert(emergencyExitChecks)
        .values({
          vehicleId: vehicle.id,
          companyId: current.companyId,
          filerRole: current.role,
          inspectorUserId: me.userId,
          inspectorName: name,
          checkDate,
          isSatisfactory,
          signatureName: v.signatureName ?? null,
          idempotencyKey: v.idempotencyKey ?? null,
          createdAt: now,
        })
        .returning({ id: emergencyExitChecks.id })
      const id = created!.id
      await tx.insert(emergencyExitCheckItems).values(items.map((i) => ({ checkId: id, ...i })))
      if (signature) await tx.insert(emergencyExitCheckSignatures).values({ checkId: id, blobId: (await writeBlob(tx, signature.bytes)).blobId, contentType: signature.contentType })
      const action = await openRepairAction(tx, {
        source: { kind: 'emergencyExitCheck', id },
        vehicle,
        findings: emergencyExitFindings(items),
        comments: recordText('repairAction.emergencyExitCheck', { name, role: current.role, date: checkDate, odometer: vehicle.odometer }),
        reportedBy: current.role === 'Driver' ? msg('A driver found unsatisfactory emergency exits on the 90-day check') : msg('A mechanic found unsatisfactory emergency exits on the 90-day check'),
        now,
      })
      await audit(tx, me, {
        action: 'emergencyExitCheck.submit',
        companyId: vehicle.ownerCompanyId,
        entityType: 'emergencyExitCheck',
        entityId: id,
        details: { vehicleId: vehicle.id, isSatisfactory, filerCompanyId: current.companyId, filerRole: current.role, repairActionId: action?.id ?? null },
      })
      return { id, vehicleId: vehicle.id, checkDate, isSatisfactory, repairActionId: action?.id ?? null, nextDueDate: nextEmergencyExitCheckDue(checkDate), replayed: false }
    })
    if (result.repairActionId && !result.replayed) kickMailWorker()
    return result
  } catch (error) {
    // Another request filed the same key between our check and our insert: answer its filing.
    if (v.idempotencyKey && isUniqueViolation(error)) {
      const first = await filedWithKey(ctx.db.read, me.userId, v.idempotencyKey)
      if (first) return replay(first)
    }
    throw error
  }
}

// ---------------------------------------------------------------------------------------
// Reading: the companies related to the bus, and the filer their own check
// ---------------------------------------------------------------------------------------

/** The vehicle if the caller's company is related to it (decision 062), else the 404 of an unknown bus. */
async function readableVehicle(ctx: UseCaseContext, vehicleId: number): Promise<ExitCheckVehicle> {
  const me = requireUser(ctx.actor)
  const vehicle = await vehicleOf(ctx.db.read, vehicleId)
  if (!(await relatedCompanyOf(ctx.db.read, me, vehicle, ROLE_NAMES, ctx.now ?? new Date()))) throw vehicleNotFound()
  return vehicle
}

export interface EmergencyExitDue {
  /** The owner company's calendar date. */
  today: string
  lastCheckDate: string | null
  /**
   * 90 days after the last check. Never checked: the day the bus was added (so it is overdue
   * from the start, decision 065).
   */
  nextDueDate: string
  dueState: DueState
  /** Whole days from today to the due date (0 or less: overdue). */
  daysLeft: number
}

/** The due state of a bus's next check, seen on the owner company's today. */
export async function emergencyExitDueOf(db: Reader, vehicle: { id: number; ownerCompanyId: number; createdAt: Date }, now: Date): Promise<EmergencyExitDue> {
  const timeZone = await timeZoneOf(db, vehicle.ownerCompanyId)
  const today = todayIn(timeZone, now)
  const [last] = await db.select({ d: sql<string | null>`max(${emergencyExitChecks.checkDate})` }).from(emergencyExitChecks).where(eq(emergencyExitChecks.vehicleId, vehicle.id))
  const lastCheckDate = last?.d ?? null
  // Never checked: due the day the bus was added (its UTC date, as the alerts' SQL reads it): overdue from then on.
  const nextDueDate = lastCheckDate ? nextEmergencyExitCheckDue(lastCheckDate) : vehicle.createdAt.toISOString().slice(0, 10)
  const daysLeft = Math.round((Date.parse(`${nextDueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
  return { today, lastCheckDate, nextDueDate, dueState: dueState(nextDueDate, today), daysLeft }
}

/** The due state of several buses' next checks ("my buses" on the driver's dashboard): each seen on its owner company's today. */
export async function emergencyExitDuesOf(db: Reader, vehicleIds: readonly number[], now: Date): Promise<Map<number, EmergencyExitDue>> {
  if (vehicleIds.length === 0) return new Map()
  const buses = await db.select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, createdAt: vehicles.createdAt }).from(vehicles).where(inArray(vehicles.id, [...vehicleIds]))
  return new Map(await Promise.all(buses.map(async (v) => [v.id, await emergencyExitDueOf(db, v, now)] as const)))
}

/** At most this many checks are listed (one every 90 days: 25 years). */
const MAX_LISTED = 100

export interface EmergencyExitCheckListItem {
  id: number
  checkDate: string
  isSatisfactory: boolean
  inspectorName: string
  filerRole: EmergencyExitCheckFilerRole
  repairActionId: number | null
}

/** GET /api/Maintenance/GetEmergencyExitChecks/{vehicleId}, tRPC `emergencyExits.list`, the vehicle's "Emergency exits" tab. */
export async function listEmergencyExitChecks(ctx: UseCaseContext, vehicleId: number): Promise<EmergencyExitDue & { vehicleId: number; checks: EmergencyExitCheckListItem[] }> {
  const vehicle = await readableVehicle(ctx, parseInput(idSchema, vehicleId))
  const rows = await ctx.db.read
    .select({
      id: emergencyExitChecks.id,
      checkDate: emergencyExitChecks.checkDate,
      isSatisfactory: emergencyExitChecks.isSatisfactory,
      inspectorName: emergencyExitChecks.inspectorName,
      filerRole: emergencyExitChecks.filerRole,
      repairActionId: repairActions.id,
    })
    .from(emergencyExitChecks)
    .leftJoin(repairActions, eq(repairActions.emergencyExitCheckId, emergencyExitChecks.id))
    .where(eq(emergencyExitChecks.vehicleId, vehicle.id))
    .orderBy(desc(emergencyExitChecks.checkDate), desc(emergencyExitChecks.id))
    .limit(MAX_LISTED)
  const due = await emergencyExitDueOf(ctx.db.read, vehicle, ctx.now ?? new Date())
  return { vehicleId: vehicle.id, ...due, checks: rows.map((r) => ({ ...r, isSatisfactory: !!r.isSatisfactory, repairActionId: r.repairActionId ?? null })) }
}

export interface EmergencyExitCheckDetail {
  id: number
  vehicleId: number
  ownerCompanyId: number
  vehicleIdentifier: string
  make: string
  model: string
  licensePlate: string
  companyId: number
  companyName: string
  filerRole: EmergencyExitCheckFilerRole
  inspectorName: string
  checkDate: string
  isSatisfactory: boolean
  signatureName: string | null
  /** Plain base64 PNG, or null when signed by the typed name. */
  inspectorSignature: string | null
  items: { key: string; label: string; status: number; comments: string | null }[]
  repairActionId: number | null
  repairIdentifier: string | null
  nextDueDate: string
  createdAt: string
}

/** The read rule of a check (decision 065): its filer always; else the companies related to the bus (any role), while the bus is not archived. */
async function readsExitCheck(
  ctx: UseCaseContext,
  me: UserActor,
  c: { inspectorUserId: number | null; vehicleId: number; ownerCompanyId: number; archivedAt: Date | null },
): Promise<boolean> {
  if (c.inspectorUserId === me.userId) return true
  if (c.archivedAt) return false
  return !!(await relatedCompanyOf(ctx.db.read, me, { id: c.vehicleId, ownerCompanyId: c.ownerCompanyId }, ROLE_NAMES, ctx.now ?? new Date()))
}

/** Whether the caller may read check `checkId` (the rule of `getEmergencyExitCheck`, without loading it): a repair action's link to its source. */
export async function mayReadEmergencyExitCheck(ctx: UseCaseContext, checkId: number): Promise<boolean> {
  const me = requireUser(ctx.actor)
  const [c] = await ctx.db.read
    .select({
      inspectorUserId: emergencyExitChecks.inspectorUserId,
      vehicleId: emergencyExitChecks.vehicleId,
      ownerCompanyId: vehicles.ownerCompanyId,
      archivedAt: vehicles.archivedAt,
    })
    .from(emergencyExitChecks)
    .innerJoin(vehicles, eq(vehicles.id, emergencyExitChecks.vehicleId))
    .where(eq(emergencyExitChecks.id, checkId))
  return !!c && (await readsExitCheck(ctx, me, c))
}

/** GET /api/Maintenance/GetEmergencyExitCheckById?checkId=, tRPC `emergencyExits.get`, the print page and its PDF. */
export async function getEmergencyExitCheck(ctx: UseCaseContext, checkId: number): Promise<EmergencyExitCheckDetail> {
  const me = requireUser(ctx.actor)
  const detail = await exitCheckDetail(ctx, parseInput(idSchema, checkId), (c) => readsExitCheck(ctx, me, c))
  if (!detail) throw checkNotFound()
  return detail
}

/**
 * A check WITHOUT the read rule, or null when it does not exist: only for a caller that has
 * authorized on its own (the fingerprint check of decision 032, `/verify/emergency-exit-check/{id}`).
 */
export async function emergencyExitCheckForCheckedCaller(ctx: UseCaseContext, checkId: number): Promise<EmergencyExitCheckDetail | null> {
  return exitCheckDetail(ctx, checkId, async () => true)
}

async function exitCheckDetail(
  ctx: UseCaseContext,
  id: number,
  may: (c: { inspectorUserId: number | null; vehicleId: number; ownerCompanyId: number; archivedAt: Date | null }) => Promise<boolean>,
): Promise<EmergencyExitCheckDetail | null> {
  const [c] = await ctx.db.read
    .select({
      id: emergencyExitChecks.id,
      vehicleId: emergencyExitChecks.vehicleId,
      companyId: emergencyExitChecks.companyId,
      companyName: companies.name,
      filerRole: emergencyExitChecks.filerRole,
      inspectorUserId: emergencyExitChecks.inspectorUserId,
      inspectorName: emergencyExitChecks.inspectorName,
      checkDate: emergencyExitChecks.checkDate,
      isSatisfactory: emergencyExitChecks.isSatisfactory,
      signatureName: emergencyExitChecks.signatureName,
      createdAt: emergencyExitChecks.createdAt,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      ownerCompanyId: vehicles.ownerCompanyId,
      archivedAt: vehicles.archivedAt,
    })
    .from(emergencyExitChecks)
    .innerJoin(vehicles, eq(vehicles.id, emergencyExitChecks.vehicleId))
    .innerJoin(companies, eq(companies.id, emergencyExitChecks.companyId))
    .where(eq(emergencyExitChecks.id, id))
  if (!c || !(await may(c))) return null
  const items = await ctx.db.read.select().from(emergencyExitCheckItems).where(eq(emergencyExitCheckItems.checkId, id))
  const [sig] = await ctx.db.read.select({ blobId: emergencyExitCheckSignatures.blobId }).from(emergencyExitCheckSignatures).where(eq(emergencyExitCheckSignatures.checkId, id))
  const [repair] = await ctx.db.read.select({ id: repairActions.id, code: repairActions.repairIdentifier }).from(repairActions).where(eq(repairActions.emergencyExitCheckId, id))
  return {
    id: c.id,
    vehicleId: c.vehicleId,
    ownerCompanyId: c.ownerCompanyId,
    vehicleIdentifier: c.vehicleIdentifier,
    make: c.make,
    model: c.model,
    licensePlate: c.licensePlate,
    companyId: c.companyId,
    companyName: c.companyName,
    filerRole: c.filerRole,
    inspectorName: c.inspectorName,
    checkDate: c.checkDate,
    isSatisfactory: !!c.isSatisfactory,
    signatureName: c.signatureName,
    inspectorSignature: sig ? (await readBlob(ctx.db.read, sig.blobId)).toString('base64') : null,
    items: EMERGENCY_EXIT_ITEMS.map((i) => {
      const a = items.find((x) => x.itemKey === i.key)
      return { key: i.key, label: i.label, status: a?.status ?? 0, comments: a?.comments ?? null }
    }),
    repairActionId: repair?.id ?? null,
    repairIdentifier: repair?.code ?? null,
    nextDueDate: nextEmergencyExitCheckDue(c.checkDate),
    createdAt: c.createdAt.toISOString(),
  }
}

/** The form page's context: the bus, who files it for which company, and the current due state. */
export async function getEmergencyExitCheckContext(ctx: UseCaseContext, vehicleId: number) {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const vehicle = await vehicleOf(ctx.db.read, parseInput(idSchema, vehicleId))
  const filer = await exitCheckFilerFor(ctx.db.read, me, vehicle, now)
  const [v] = await ctx.db.read.select({ make: vehicles.make, model: vehicles.model, licensePlate: vehicles.licensePlate }).from(vehicles).where(eq(vehicles.id, vehicle.id))
  const [company] = await ctx.db.read.select({ name: companies.name }).from(companies).where(inArray(companies.id, [filer.companyId]))
  return {
    vehicle: { id: vehicle.id, vehicleIdentifier: vehicle.vehicleIdentifier, make: v!.make, model: v!.model, licensePlate: v!.licensePlate },
    filer: { ...filer, companyName: company?.name ?? '', name: filerName(me), earliestDate: addDays(filer.today, -EMERGENCY_EXIT_CHECK_DAYS_BACK) },
    due: await emergencyExitDueOf(ctx.db.read, vehicle, now),
  }
}
export type EmergencyExitCheckContext = Awaited<ReturnType<typeof getEmergencyExitCheckContext>>
