/**
 * Service records (issue 35 point 4, decision 084): a service done outside Operon and recorded by
 * the owner, one occurrence skipped with a reason, and the services a certified "Send to repair
 * shop" action did. Each record keeps its own date and readings (shown and life); the last
 * record of each bus × task (`vehicle_service_last`, kept current in the record's transaction) is
 * what the next due point restarts from: the job's own date and reading, never the latest reading.
 *
 * This area must not import server/fleet, repairs, leases, companies or auth (decision 083):
 * repairs imports it (send to the shop, recording at certification).
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { msg, withValues } from '#catalog/i18n.ts'
import { MAINTENANCE_LIMITS, type ServiceReadingSource, type ServiceRecordKind } from '#catalog/maintenance.ts'
import { ODOMETER_MAX } from '#catalog/odometer.ts'
import type { Tx } from '#db/client.ts'
import {
  auditLog,
  companies,
  engineHourReadings,
  odometerReadings,
  repairActions,
  repairTasks,
  servicePrograms,
  serviceProgramVehicles,
  serviceRecords,
  serviceTasks,
  vehicleDocuments,
  vehicles,
  vehicleServiceLast,
} from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { selectDueItems, type DueItem } from '../alerts/due-items.server.ts'
import { requireUser } from '../access/policy.ts'
import { todayIn, vehicleAccess } from '../access/vehicle-access.server.ts'
import type { Actor, UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, badRequest } from '../errors.ts'
import { centsField } from '../money-fields.ts'
import { addMonthCost } from '../rollups/month-rollups.server.ts'
import { COST_LIMITS } from '#catalog/costs.ts'
import { dateOnly, freeText, idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE, atMostCharacters } from '../validation.ts'

// ---------------------------------------------------------------------------------------
// The one insert
// ---------------------------------------------------------------------------------------

export interface NewServiceRecord {
  ownerCompanyId: number
  vehicleId: number
  taskId: number
  taskName: string
  programName: string
  kind: ServiceRecordKind
  /** 'YYYY-MM-DD' in the company's time zone. */
  performedOn: string
  /** As read on the bus (null: none known). */
  odometer: number | null
  engineHours: number | null
  /** Life meters; left out: the shown reading plus the bus's current offset (decision 084). */
  lifeMiles?: number | null
  lifeHours?: number | null
  readingSource: ServiceReadingSource
  performedBy?: string | null
  notes?: string | null
  reason?: string | null
  documentId?: number | null
  repairActionId?: number | null
  recordedByUserId?: number | null
  recordedByName?: string | null
  now?: Date
}

/**
 * Inserts a service record inside `tx` and makes it the bus × task's last service when it is
 * later (its date, then its id) than the current last: an older record typed afterwards is kept
 * in the history without moving the due point back. Answers the record's id.
 */
export async function insertServiceRecord(tx: Tx, r: NewServiceRecord): Promise<number> {
  let { lifeMiles, lifeHours } = r
  if (lifeMiles === undefined || lifeHours === undefined) {
    const [offsets] = await tx
      .select({ odometerOffset: vehicles.odometerOffset, engineHoursOffset: vehicles.engineHoursOffset })
      .from(vehicles)
      .where(eq(vehicles.id, r.vehicleId))
    if (lifeMiles === undefined) lifeMiles = r.odometer === null ? null : r.odometer + (offsets?.odometerOffset ?? 0)
    if (lifeHours === undefined) lifeHours = r.engineHours === null ? null : r.engineHours + (offsets?.engineHoursOffset ?? 0)
  }
  const [row] = await tx
    .insert(serviceRecords)
    .values({
      ownerCompanyId: r.ownerCompanyId,
      vehicleId: r.vehicleId,
      taskId: r.taskId,
      taskName: r.taskName,
      programName: r.programName,
      kind: r.kind,
      performedOn: r.performedOn,
      odometer: r.odometer,
      lifeMiles,
      engineHours: r.engineHours,
      lifeHours,
      readingSource: r.readingSource,
      performedBy: r.performedBy ?? null,
      notes: r.notes ?? null,
      reason: r.reason ?? null,
      documentId: r.documentId ?? null,
      repairActionId: r.repairActionId ?? null,
      recordedByUserId: r.recordedByUserId ?? null,
      recordedByName: r.recordedByName ?? null,
      ...(r.now ? { createdAt: r.now } : {}),
    })
    .returning({ id: serviceRecords.id })
  const id = row!.id
  await tx
    .insert(vehicleServiceLast)
    .values({ vehicleId: r.vehicleId, taskId: r.taskId, recordId: id, performedOn: r.performedOn, lifeMiles, lifeHours })
    .onConflictDoUpdate({
      target: [vehicleServiceLast.vehicleId, vehicleServiceLast.taskId],
      set: { recordId: id, performedOn: r.performedOn, lifeMiles, lifeHours },
      setWhere: sql`${r.performedOn} > ${vehicleServiceLast.performedOn} OR (${r.performedOn} = ${vehicleServiceLast.performedOn} AND ${id} > ${vehicleServiceLast.recordId})`,
    })
  return id
}

// ---------------------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------------------

export const SERVICE_TEXT = {
  notInProgram: msg('This bus is not in the program of every task chosen'),
  noTasks: msg('Choose at least one task'),
  dateInFuture: msg('The date cannot be in the future'),
  reasonRequired: msg('Give a reason for skipping'),
  documentNotFound: msg('The invoice is not a document of this bus'),
  dailyCap: msg('Too many service records today for this company; try again tomorrow'),
  hoursTooHigh: msg('Engine hours are too high'),
  nothingDue: msg('Nothing is due for this task on this bus'),
  alreadySent: msg('A task chosen is already at the repair shop'),
} as const

export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v)
/** A list of ids from JSON (an array or one value) or a form (repeated fields). */
export const idList = (max = MAINTENANCE_LIMITS.tasksPerProgram) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(idSchema).min(1, SERVICE_TEXT.noTasks).max(max, withValues(msg('At most {n} items'), { n: max })),
  )
export const odometerField = z.preprocess(blankToUndefined, z.coerce.number().int(msg('Whole miles only')).min(0, msg('Cannot be negative')).max(ODOMETER_MAX, msg('Odometer is too high')).optional())
export const engineHoursField = z.preprocess(
  blankToUndefined,
  z.coerce.number().min(0, msg('Cannot be negative')).max(MAINTENANCE_LIMITS.engineHoursMax, SERVICE_TEXT.hoursTooHigh).optional(),
)
export const idempotencyKeyField = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, atMostCharacters(100)).regex(/^[\x21-\x7e]+$/, msg('Letters, digits and punctuation only')).optional(),
)
const lineField = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, atMostCharacters(max)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional())
const textField = (max: number) => z.preprocess(blankToUndefined, freeText(max).optional())

export interface VehicleServiceTask {
  taskId: number
  taskName: string
  checklist: string | null
  programId: number
  programName: string
}

/**
 * The tasks `taskIds` of the programs the bus is in, in the programs' order; a task of a program
 * the bus is not in (or of another company) is refused with a clear message, nothing saved.
 */
export async function serviceTasksOfVehicle(read: Pick<Tx, 'select'>, vehicleId: number, taskIds: readonly number[]): Promise<VehicleServiceTask[]> {
  const wanted = [...new Set(taskIds)]
  const rows = await read
    .select({ taskId: serviceTasks.id, taskName: serviceTasks.name, checklist: serviceTasks.checklist, programId: servicePrograms.id, programName: servicePrograms.name })
    .from(serviceTasks)
    .innerJoin(servicePrograms, eq(servicePrograms.id, serviceTasks.programId))
    .innerJoin(serviceProgramVehicles, and(eq(serviceProgramVehicles.programId, servicePrograms.id), eq(serviceProgramVehicles.vehicleId, vehicleId)))
    .where(inArray(serviceTasks.id, wanted))
    .orderBy(asc(servicePrograms.name), asc(servicePrograms.id), asc(serviceTasks.position), asc(serviceTasks.id))
  if (rows.length !== wanted.length) throw badRequest(SERVICE_TEXT.notInProgram, { taskIds: SERVICE_TEXT.notInProgram })
  return rows
}

/** Per owner company: at most MAINTENANCE_LIMITS.serviceRecordsPerCompanyPerDay records typed in 24 hours. */
async function assertUnderDailyCap(tx: Tx, ownerCompanyId: number, adding: number, now: Date) {
  const since = new Date(now.getTime() - 24 * 3600_000)
  const [c] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(serviceRecords)
    .where(and(eq(serviceRecords.ownerCompanyId, ownerCompanyId), gte(serviceRecords.createdAt, since)))
  if (Number(c?.n ?? 0) + adding > MAINTENANCE_LIMITS.serviceRecordsPerCompanyPerDay) throw new AppError('TOO_MANY_REQUESTS', SERVICE_TEXT.dailyCap, { retryAfter: 3600 })
}

const nameOf = (me: UserActor) => `${me.firstName} ${me.lastName}`.trim() || me.email

/**
 * Idempotency without a column of its own: the audit row of the first request carries the key
 * (never shown: not among the action's catalogued details), written in the same transaction.
 */
async function replayOf(read: Pick<Tx, 'select'>, userId: number, action: string, key: string | undefined): Promise<number[] | null> {
  if (!key) return null
  const [row] = await read
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action), sql`json_extract(${auditLog.details}, '$.idempotencyKey') = ${key}`))
    .orderBy(desc(auditLog.id))
    .limit(1)
  if (!row) return null
  const ids = (row.details as { recordIds?: unknown } | null)?.recordIds
  return Array.isArray(ids) ? ids.map(Number) : []
}

// ---------------------------------------------------------------------------------------
// Outside service
// ---------------------------------------------------------------------------------------

export const recordOutsideServiceInput = z.object({
  vehicleId: idSchema,
  taskIds: idList(),
  date: dateOnly,
  odometer: odometerField,
  engineHours: engineHoursField,
  performedBy: lineField(MAINTENANCE_LIMITS.performedBy),
  notes: textField(MAINTENANCE_LIMITS.notes),
  documentId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** What the service cost (decision 085): at most two decimals, paid by the owner; kept on the first task's record. */
  cost: centsField(COST_LIMITS.maxCents),
  idempotencyKey: idempotencyKeyField,
})
export type RecordOutsideServiceInput = z.input<typeof recordOutsideServiceInput>

export interface RecordedServices {
  vehicleId: number
  recordIds: number[]
  replayed: boolean
}

/**
 * POST /api/Maintenance/recordService, tRPC `maintenance.service.record` and the bus page: the
 * owner (role Owner of the bus's company) records a service done outside Operon for one or
 * several tasks of the bus's programs, at its own date and readings: each task's interval
 * restarts from them. Operators of the bus: 403; anyone else: 404.
 */
export async function recordOutsideService(ctx: UseCaseContext, input: unknown): Promise<RecordedServices> {
  const v = parseInput(recordOutsideServiceInput, input)
  const me = requireUser(ctx.actor)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  const earlier = await replayOf(ctx.db.read, me.userId, 'serviceRecord.record', v.idempotencyKey)
  if (earlier) return { vehicleId: v.vehicleId, recordIds: earlier, replayed: true }
  const today = await companyTodayOf(ctx.db.read, access.ownerCompanyId, now)
  if (v.date > today) throw badRequest(SERVICE_TEXT.dateInFuture, { date: SERVICE_TEXT.dateInFuture })

  return ctx.db.transaction(async (tx) => {
    const again = await replayOf(tx, me.userId, 'serviceRecord.record', v.idempotencyKey)
    if (again) return { vehicleId: v.vehicleId, recordIds: again, replayed: true }
    const tasks = await serviceTasksOfVehicle(tx, v.vehicleId, v.taskIds)
    if (v.documentId !== undefined) {
      const [doc] = await tx
        .select({ id: vehicleDocuments.id })
        .from(vehicleDocuments)
        .where(and(eq(vehicleDocuments.id, v.documentId), eq(vehicleDocuments.vehicleId, v.vehicleId), eq(vehicleDocuments.isActive, true)))
      if (!doc) throw badRequest(SERVICE_TEXT.documentNotFound, { documentId: SERVICE_TEXT.documentNotFound })
    }
    await assertUnderDailyCap(tx, access.ownerCompanyId, tasks.length, now)
    const recordIds: number[] = []
    for (const t of tasks) {
      recordIds.push(
        await insertServiceRecord(tx, {
          ownerCompanyId: access.ownerCompanyId,
          vehicleId: v.vehicleId,
          taskId: t.taskId,
          taskName: t.taskName,
          programName: t.programName,
          kind: 'done',
          performedOn: v.date,
          odometer: v.odometer ?? null,
          engineHours: v.engineHours ?? null,
          readingSource: v.odometer !== undefined || v.engineHours !== undefined ? 'entered' : 'none',
          performedBy: v.performedBy ?? null,
          notes: v.notes ?? null,
          documentId: v.documentId ?? null,
          recordedByUserId: me.userId,
          recordedByName: nameOf(me),
          now,
        }),
      )
    }
    // Its cost (decision 085): on the first record, in the owner's month of the service's date, in the same transaction.
    if (v.cost !== undefined && recordIds.length) {
      await tx.update(serviceRecords).set({ costCents: v.cost }).where(eq(serviceRecords.id, recordIds[0]!))
      await addMonthCost(tx, { vehicleId: v.vehicleId, ownerCompanyId: access.ownerCompanyId, payerCompanyId: access.ownerCompanyId, date: v.date, column: 'service', cents: v.cost })
    }
    await audit(tx, me, {
      action: 'serviceRecord.record',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle',
      entityId: v.vehicleId,
      details: { vehicleId: v.vehicleId, date: v.date, tasks: tasks.map((t) => t.taskName), odometer: v.odometer ?? null, costCents: v.cost ?? null, recordIds, idempotencyKey: v.idempotencyKey ?? null },
    })
    return { vehicleId: v.vehicleId, recordIds, replayed: false }
  })
}

async function companyTodayOf(read: Pick<Tx, 'select'>, companyId: number, now: Date): Promise<string> {
  const [c] = await read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return todayIn(c?.tz, now)
}

// ---------------------------------------------------------------------------------------
// Skip one occurrence
// ---------------------------------------------------------------------------------------

export const skipServiceOccurrenceInput = z.object({
  vehicleId: idSchema,
  taskId: idSchema,
  reason: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().min(1, SERVICE_TEXT.reasonRequired).max(MAINTENANCE_LIMITS.reason, atMostCharacters(MAINTENANCE_LIMITS.reason)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
  ),
  idempotencyKey: idempotencyKeyField,
})
export type SkipServiceOccurrenceInput = z.input<typeof skipServiceOccurrenceInput>

/**
 * POST /api/Maintenance/skipService, tRPC `maintenance.service.skip` and the bus page: the owner
 * skips one occurrence of a task with a reason. The record (kind `skipped`) sits at the skipped
 * due point (its date, miles and hours), so the interval restarts from it.
 */
export async function skipServiceOccurrence(ctx: UseCaseContext, input: unknown): Promise<RecordedServices> {
  const v = parseInput(skipServiceOccurrenceInput, input)
  const me = requireUser(ctx.actor)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  const earlier = await replayOf(ctx.db.read, me.userId, 'serviceRecord.skip', v.idempotencyKey)
  if (earlier) return { vehicleId: v.vehicleId, recordIds: earlier, replayed: true }
  const today = await companyTodayOf(ctx.db.read, access.ownerCompanyId, now)

  return ctx.db.transaction(async (tx) => {
    const again = await replayOf(tx, me.userId, 'serviceRecord.skip', v.idempotencyKey)
    if (again) return { vehicleId: v.vehicleId, recordIds: again, replayed: true }
    const [task] = await serviceTasksOfVehicle(tx, v.vehicleId, [v.taskId])
    const due = (await selectDueItems(tx, { ownerCompanyId: access.ownerCompanyId, today, vehicleId: v.vehicleId, taskId: v.taskId, pageSize: 10 })).items.find(
      (i) => i.kind === 'task' && i.taskId === v.taskId && i.vehicleId === v.vehicleId,
    )
    if (!due) throw badRequest(SERVICE_TEXT.nothingDue, { taskId: SERVICE_TEXT.nothingDue })
    const [offsets] = await tx.select({ odometerOffset: vehicles.odometerOffset, engineHoursOffset: vehicles.engineHoursOffset }).from(vehicles).where(eq(vehicles.id, v.vehicleId))
    await assertUnderDailyCap(tx, access.ownerCompanyId, 1, now)
    const id = await insertServiceRecord(tx, {
      ownerCompanyId: access.ownerCompanyId,
      vehicleId: v.vehicleId,
      taskId: task!.taskId,
      taskName: task!.taskName,
      programName: task!.programName,
      kind: 'skipped',
      // The skipped due point: the interval restarts from it (a mileage-only task: from today's date).
      performedOn: due.nextDueDate ?? due.projectedDueDate ?? today,
      odometer: due.nextDueOdometer,
      lifeMiles: due.nextDueOdometer === null ? null : due.nextDueOdometer + (offsets?.odometerOffset ?? 0),
      engineHours: due.nextDueEngineHours,
      lifeHours: due.nextDueEngineHours === null ? null : due.nextDueEngineHours + (offsets?.engineHoursOffset ?? 0),
      readingSource: 'none',
      reason: v.reason,
      recordedByUserId: me.userId,
      recordedByName: nameOf(me),
      now,
    })
    await audit(tx, me, {
      action: 'serviceRecord.skip',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle',
      entityId: v.vehicleId,
      details: { vehicleId: v.vehicleId, tasks: [task!.taskName], reason: v.reason, recordIds: [id], idempotencyKey: v.idempotencyKey ?? null },
    })
    return { vehicleId: v.vehicleId, recordIds: [id], replayed: false }
  })
}

// ---------------------------------------------------------------------------------------
// Services done by a certified repair action ("Send to repair shop")
// ---------------------------------------------------------------------------------------

/**
 * Inside the certification's transaction: one `done` record per service task of the repair
 * action, dated the owner company's today, by the certifying mechanic. With a reading typed at
 * completion: `entered`; without: the bus's latest reading recorded on or before that moment,
 * and the record says so (`latest`); none known: `none`. Answers the records' ids.
 */
export async function recordRepairServices(
  tx: Tx,
  actor: Actor,
  a: { repairActionId: number; performedBy: string; odometer?: number; engineHours?: number; now: Date },
): Promise<number[]> {
  const [action] = await tx
    .select({ vehicleId: repairActions.vehicleId, ownerCompanyId: repairActions.ownerCompanyId, openedForService: repairActions.openedForService })
    .from(repairActions)
    .where(eq(repairActions.id, a.repairActionId))
  if (!action?.openedForService) return []
  const tasks = await tx
    .select({ taskId: serviceTasks.id, taskName: serviceTasks.name, programName: servicePrograms.name })
    .from(repairTasks)
    .innerJoin(serviceTasks, eq(serviceTasks.id, repairTasks.serviceTaskId))
    .innerJoin(servicePrograms, eq(servicePrograms.id, serviceTasks.programId))
    .where(eq(repairTasks.repairActionId, a.repairActionId))
    .orderBy(asc(repairTasks.id))
  if (tasks.length === 0) return []
  const performedOn = await companyTodayOf(tx, action.ownerCompanyId, a.now)
  let odometer: number | null = a.odometer ?? null
  let engineHours: number | null = a.engineHours ?? null
  let readingSource: ServiceReadingSource = odometer !== null || engineHours !== null ? 'entered' : 'none'
  if (a.odometer === undefined && a.engineHours === undefined) {
    const [o] = await tx
      .select({ reading: odometerReadings.reading })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.vehicleId, action.vehicleId), lte(odometerReadings.recordedAt, a.now)))
      .orderBy(desc(odometerReadings.recordedAt), desc(odometerReadings.id))
      .limit(1)
    const [h] = await tx
      .select({ reading: engineHourReadings.reading })
      .from(engineHourReadings)
      .where(and(eq(engineHourReadings.vehicleId, action.vehicleId), lte(engineHourReadings.recordedAt, a.now)))
      .orderBy(desc(engineHourReadings.recordedAt), desc(engineHourReadings.id))
      .limit(1)
    odometer = o?.reading ?? null
    engineHours = h?.reading ?? null
    readingSource = odometer !== null || engineHours !== null ? 'latest' : 'none'
  }
  const ids: number[] = []
  for (const t of tasks) {
    ids.push(
      await insertServiceRecord(tx, {
        ownerCompanyId: action.ownerCompanyId,
        vehicleId: action.vehicleId,
        taskId: t.taskId,
        taskName: t.taskName,
        programName: t.programName,
        kind: 'done',
        performedOn,
        odometer,
        engineHours,
        readingSource,
        performedBy: a.performedBy,
        repairActionId: a.repairActionId,
        recordedByUserId: actor.kind === 'user' ? actor.userId : null,
        recordedByName: a.performedBy,
        now: a.now,
      }),
    )
  }
  await audit(tx, actor, {
    action: 'serviceRecord.fromRepair',
    companyId: action.ownerCompanyId,
    entityType: 'repairAction',
    entityId: a.repairActionId,
    details: { vehicleId: action.vehicleId, repairActionId: a.repairActionId, tasks: tasks.map((t) => t.taskName), odometer, readingSource, recordIds: ids },
  })
  return ids
}

/** The service tasks among `taskIds` an open (not certified) repair action of the bus already carries. */
export async function serviceTasksAtShop(read: Pick<Tx, 'selectDistinct'>, vehicleId: number, taskIds: readonly number[]): Promise<number[]> {
  if (taskIds.length === 0) return []
  const rows = await read
    .selectDistinct({ taskId: repairTasks.serviceTaskId })
    .from(repairTasks)
    .innerJoin(repairActions, eq(repairActions.id, repairTasks.repairActionId))
    .where(
      and(
        eq(repairActions.vehicleId, vehicleId),
        eq(repairActions.openedForService, true),
        sql`${repairActions.repairedAt} IS NULL`,
        inArray(repairTasks.serviceTaskId, [...taskIds]),
      ),
    )
  return rows.map((r) => r.taskId).filter((id): id is number => id !== null)
}

// ---------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------

export interface ServiceHistoryRow {
  id: number
  taskId: number | null
  taskName: string
  programName: string
  kind: ServiceRecordKind
  performedOn: string
  odometer: number | null
  engineHours: number | null
  readingSource: ServiceReadingSource
  performedBy: string | null
  notes: string | null
  reason: string | null
  documentId: number | null
  documentName: string | null
  repairActionId: number | null
  repairIdentifier: string | null
  recordedByName: string | null
  createdAt: string
  /** A service done outside Operon: what it cost, in cents of `currency` (the owner only; null for an operator). */
  costCents: number | null
}

export interface ServiceHistory {
  vehicleId: number
  vehicleIdentifier: string
  ownerCompanyId: number
  /** The owner company's currency (decision 085). */
  currency: string
  readOnly: boolean
  records: ServiceHistoryRow[]
}

/**
 * GET /api/Maintenance/getServiceHistory, tRPC `maintenance.service.history` and the bus page:
 * every service record of the bus, newest first, kept when the bus leaves a program or a task is
 * removed (the names as they were). The owner; an operator of an active assignment reads it.
 */
export async function listServiceHistory(ctx: UseCaseContext, vehicleId: unknown): Promise<ServiceHistory> {
  const id = parseInput(idSchema, vehicleId)
  const access = await vehicleAccess(ctx, id, { operatorRoles: ['Operator'] })
  const rows = await ctx.db.read
    .select({
      id: serviceRecords.id,
      taskId: serviceRecords.taskId,
      taskName: serviceRecords.taskName,
      programName: serviceRecords.programName,
      kind: serviceRecords.kind,
      performedOn: serviceRecords.performedOn,
      odometer: serviceRecords.odometer,
      engineHours: serviceRecords.engineHours,
      readingSource: serviceRecords.readingSource,
      performedBy: serviceRecords.performedBy,
      notes: serviceRecords.notes,
      reason: serviceRecords.reason,
      documentId: serviceRecords.documentId,
      documentName: vehicleDocuments.fileName,
      documentActive: vehicleDocuments.isActive,
      repairActionId: serviceRecords.repairActionId,
      repairIdentifier: repairActions.repairIdentifier,
      recordedByName: serviceRecords.recordedByName,
      createdAt: serviceRecords.createdAt,
      costCents: serviceRecords.costCents,
    })
    .from(serviceRecords)
    .leftJoin(vehicleDocuments, eq(vehicleDocuments.id, serviceRecords.documentId))
    .leftJoin(repairActions, eq(repairActions.id, serviceRecords.repairActionId))
    .where(eq(serviceRecords.vehicleId, id))
    .orderBy(desc(serviceRecords.performedOn), desc(serviceRecords.id))
    .limit(1000)
  return {
    vehicleId: id,
    vehicleIdentifier: access.vehicleIdentifier,
    ownerCompanyId: access.ownerCompanyId,
    currency: (await ctx.db.read.select({ currency: companies.currency }).from(companies).where(eq(companies.id, access.ownerCompanyId)))[0]?.currency ?? 'USD',
    readOnly: access.as !== 'owner',
    records: rows.map(({ documentActive, ...r }) => ({
      ...r,
      // The cost is the owner's (decision 085): an operator of the bus does not see it.
      costCents: access.as === 'owner' ? r.costCents : null,
      documentId: documentActive ? r.documentId : null,
      documentName: documentActive ? r.documentName : null,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}

// ---------------------------------------------------------------------------------------
// One bus's maintenance (the bus page)
// ---------------------------------------------------------------------------------------

export interface VehicleMaintenance {
  vehicleId: number
  vehicleIdentifier: string
  ownerCompanyId: number
  today: string
  readOnly: boolean
  programs: { id: number; name: string; kind: 'pick' | 'rule'; joinedOn: string; tasks: { id: number; name: string; checklist: string | null }[] }[]
  due: DueItem[]
  history: ServiceHistoryRow[]
  /** The owner company's currency of the history's costs (decision 085). */
  currency: string
  /** Open "Send to repair shop" actions of the bus (their printable work checklists). */
  openServiceActions: { id: number; repairIdentifier: string; repairCompanyId: number | null }[]
}

/**
 * The bus page (`/maintenance/{companyId}/vehicles/{vehicleId}`) and tRPC `maintenance.service.vehicle`:
 * the bus's programs and their tasks, its due items (built-in ones included), its service
 * history and its open service repair actions. The owner; the operator of an active assignment
 * reads it (`readOnly`).
 */
export async function getVehicleMaintenance(ctx: UseCaseContext, vehicleId: unknown): Promise<VehicleMaintenance> {
  const history = await listServiceHistory(ctx, vehicleId)
  const id = history.vehicleId
  const today = await companyTodayOf(ctx.db.read, history.ownerCompanyId, ctx.now ?? new Date())
  const memberships = await ctx.db.read
    .select({ id: servicePrograms.id, name: servicePrograms.name, kind: serviceProgramVehicles.kind, joinedOn: serviceProgramVehicles.joinedOn })
    .from(serviceProgramVehicles)
    .innerJoin(servicePrograms, eq(servicePrograms.id, serviceProgramVehicles.programId))
    .where(eq(serviceProgramVehicles.vehicleId, id))
    .orderBy(asc(servicePrograms.name), asc(servicePrograms.id))
  const tasks = memberships.length
    ? await ctx.db.read
        .select({ id: serviceTasks.id, programId: serviceTasks.programId, name: serviceTasks.name, checklist: serviceTasks.checklist })
        .from(serviceTasks)
        .where(inArray(serviceTasks.programId, memberships.map((m) => m.id)))
        .orderBy(asc(serviceTasks.position), asc(serviceTasks.id))
    : []
  const due = await selectDueItems(ctx.db.read, { ownerCompanyId: history.ownerCompanyId, today, vehicleId: id, sort: 'state', pageSize: 500 })
  const open = await ctx.db.read
    .select({ id: repairActions.id, repairIdentifier: repairActions.repairIdentifier, repairCompanyId: repairActions.repairCompanyId })
    .from(repairActions)
    .where(and(eq(repairActions.vehicleId, id), eq(repairActions.openedForService, true), sql`${repairActions.repairedAt} IS NULL`))
    .orderBy(desc(repairActions.id))
  return {
    vehicleId: id,
    vehicleIdentifier: history.vehicleIdentifier,
    ownerCompanyId: history.ownerCompanyId,
    today,
    readOnly: history.readOnly,
    programs: memberships.map((m) => ({ ...m, tasks: tasks.filter((t) => t.programId === m.id).map(({ programId: _p, ...t }) => t) })),
    due: due.items,
    history: history.records,
    currency: history.currency,
    openServiceActions: open,
  }
}
