/**
 * Record retention (issue 23 point 5, decision 067): each company's period per record type,
 * never below the legal minimum, and the deletion of what has expired.
 *
 * Whose period applies: the company the record belongs to. A pre-trip belongs to the operator
 * company the driver filed it for; inspections, repair actions, 90-day exit checks, annual
 * inspections and leases belong to the vehicle's owner company. Each type's period is set by the
 * managers of the governing role (Operator for pre-trips, Owner for the rest).
 *
 * Nothing younger than its minimum can be deleted by anyone: the settings refuse a period below
 * the minimum, and `removeExpiredRecords` itself refuses a cut-off later than the legal one, so
 * no caller (the job, a script, a future feature) can remove a young record through it.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import {
  RETENTION_AFTER_LEAVING_MONTHS,
  RETENTION_MAX_MONTHS,
  RETENTION_RECORD_TYPES,
  RETENTION_RULES,
  retentionCutoff,
  retentionRuleOf,
  type RetentionRecordType,
} from '#catalog/compliance.ts'
import { RETENTION_TEXT } from '#catalog/texts.ts'
import type { Database, Tx } from '#db/client.ts'
import {
  companies,
  companyTypes,
  driverDocuments,
  driverFileItems,
  driverFiles,
  driverTests,
  dutyPeriods,
  emergencyExitChecks,
  inspections,
  leaseAgreements,
  preInspections,
  repairAcknowledgements,
  repairActions,
  serviceRecords,
  vehicleServiceLast,
  retentionRemovals,
  retentionSettings,
  vehicles,
} from '#db/schema/index.ts'
import type { Actor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, fieldsRefused, forbidden } from '../errors.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { purgeStaleFleetImports } from '../fleet/import/fleet-import-cleanup.server.ts'
import { purgeStaleFuelImports } from '../costs/fuel-import-cleanup.server.ts'
import { purgeEndedWebhookDeliveries } from '../webhooks/delivery-cleanup.server.ts'
import { purgeIdempotencyRecords } from '../records/idempotency.server.ts'
import { withLease } from '../jobs/work-locks.server.ts'
import { logger } from '../log.server.ts'
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.server.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/** Rows deleted per transaction: the writer lock is never held long. */
export const RETENTION_BATCH_SIZE = 500

/** The record types whose period `actor` manages in `companyId` (by the governing manager role). */
export function retentionTypesManagedBy(actor: Actor, companyId: number): RetentionRecordType[] {
  return RETENTION_RULES.filter((r) => hasRole(actor, companyId, [r.governedBy])).map((r) => r.type)
}

const DAY_MS = 86_400_000
/**
 * An instant column compared with a cut-off date: the date's UTC midnight minus one day, so no
 * time zone can make a record look older than it is (a day's margin, only ever keeping longer).
 */
const instantBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS)

async function companyTimeZone(db: Database | Tx, companyId: number): Promise<string> {
  const read = 'read' in db ? db.read : db
  const [c] = await read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  if (!c) throw new AppError('NOT_FOUND', msg('Company not found'))
  return c.tz
}

// ---------------------------------------------------------------------------------------
// Overview and settings (the page, REST and tRPC)
// ---------------------------------------------------------------------------------------

export interface RetentionTypeOverview {
  type: RetentionRecordType
  label: string
  /** The company's period (its setting, or the default until one is set). */
  months: number
  isDefault: boolean
  minimumMonths: number
  cite: string
  rule: string
  countedFrom: string
  afterLeavingMonths: number
  /** The date of the oldest record kept (SQL MIN), or null when none is kept. */
  oldestKept: string | null
  /** Records dated before this are removed by the next daily run. */
  removesBefore: string
  updatedAt: string | null
}

export interface RetentionOverview {
  companyId: number
  today: string
  types: RetentionTypeOverview[]
  /** The latest removals, newest first. */
  removals: { recordType: RetentionRecordType; label: string; removed: number; before: string; ranAt: string }[]
}

const dayOfMs = (ms: number | null | undefined) => (ms == null ? null : new Date(Number(ms)).toISOString().slice(0, 10))
const minDay = (...days: (string | null)[]) => days.filter((d): d is string => !!d).sort()[0] ?? null

/** The drug and alcohol test results each test type keeps (382.401(b)): negatives one year, positives and refusals five. */
function testResultsOf(type: 'drugTestsNegative' | 'drugTestsPositive'): ('negative' | 'positive' | 'refusal')[] {
  return type === 'drugTestsNegative' ? ['negative'] : ['positive', 'refusal']
}

/** The oldest record kept of a type for a company: one MIN per table, on indexed columns. */
async function oldestKept(read: Tx, companyId: number, type: RetentionRecordType): Promise<string | null> {
  const ownedVehicles = read.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.ownerCompanyId, companyId))
  switch (type) {
    case 'preTrips': {
      const [r] = await read.select({ d: sql<string | null>`min(${preInspections.date})` }).from(preInspections).where(eq(preInspections.operatorCompanyId, companyId))
      return r?.d ?? null
    }
    case 'annualInspections':
    case 'maintenance': {
      const annual = type === 'annualInspections'
      const [i] = await read
        .select({ d: sql<string | null>`min(${inspections.inspectionDate})` })
        .from(inspections)
        .where(and(inArray(inspections.vehicleId, ownedVehicles), eq(inspections.isAnnual, annual)))
      if (annual) return i?.d ?? null
      const [e] = await read.select({ d: sql<string | null>`min(${emergencyExitChecks.checkDate})` }).from(emergencyExitChecks).where(inArray(emergencyExitChecks.vehicleId, ownedVehicles))
      const [r] = await read.select({ ms: sql<number | null>`min(${repairActions.createdAt})` }).from(repairActions).where(eq(repairActions.ownerCompanyId, companyId))
      // Service records (decision 084) are maintenance records too.
      const [sr] = await read.select({ d: sql<string | null>`min(${serviceRecords.performedOn})` }).from(serviceRecords).where(eq(serviceRecords.ownerCompanyId, companyId))
      return minDay(i?.d ?? null, e?.d ?? null, dayOfMs(r?.ms), sr?.d ?? null)
    }
    case 'leases': {
      const [l] = await read.select({ d: sql<string | null>`min(${leaseAgreements.startDate})` }).from(leaseAgreements).where(eq(leaseAgreements.ownerCompanyId, companyId))
      return l?.d ?? null
    }
    // The operator's driver records (decision 086). A file counts from its employment's end (current drivers' files are always kept).
    case 'driverFiles': {
      const [f] = await read
        .select({ ms: sql<number | null>`min(${driverFiles.employmentEndedAt})` })
        .from(driverFiles)
        .where(and(eq(driverFiles.companyId, companyId), isNotNull(driverFiles.employmentEndedAt)))
      return dayOfMs(f?.ms)
    }
    case 'drugTestsNegative':
    case 'drugTestsPositive': {
      const [t] = await read
        .select({ d: sql<string | null>`min(${driverTests.testDate})` })
        .from(driverTests)
        .where(and(eq(driverTests.companyId, companyId), inArray(driverTests.result, testResultsOf(type))))
      return t?.d ?? null
    }
    case 'hoursOfService': {
      const [d] = await read.select({ ms: sql<number | null>`min(${dutyPeriods.startedAt})` }).from(dutyPeriods).where(eq(dutyPeriods.companyId, companyId))
      return dayOfMs(d?.ms)
    }
  }
}

/**
 * GET /api/Compliance/Retention/{companyId}, tRPC `compliance.retention` and the page: each type
 * the caller manages here with its period, minimum, rule, oldest record kept and next cut-off,
 * and the latest removals. 403 when the caller manages no type here.
 */
export async function getRetentionOverview(ctx: UseCaseContext, companyId: unknown): Promise<RetentionOverview> {
  const id = parseInput(idSchema, companyId)
  requireUser(ctx.actor)
  const types = retentionTypesManagedBy(ctx.actor, id)
  if (types.length === 0) throw forbidden()
  const today = todayIn(await companyTimeZone(ctx.db, id), ctx.now)
  const settings = await ctx.db.read.select().from(retentionSettings).where(eq(retentionSettings.companyId, id))
  const out: RetentionTypeOverview[] = []
  for (const type of types) {
    const rule = retentionRuleOf(type)
    const s = settings.find((x) => x.recordType === type)
    const months = s?.months ?? rule.defaultMonths
    out.push({
      type,
      label: rule.label,
      months,
      isDefault: !s,
      minimumMonths: rule.minimumMonths,
      cite: rule.cite,
      rule: rule.rule,
      countedFrom: rule.countedFrom,
      afterLeavingMonths: rule.afterLeavingMonths,
      oldestKept: await oldestKept(ctx.db.read, id, type),
      removesBefore: retentionCutoff(today, months),
      updatedAt: s ? s.updatedAt.toISOString() : null,
    })
  }
  const removals = await ctx.db.read
    .select()
    .from(retentionRemovals)
    .where(and(eq(retentionRemovals.companyId, id), inArray(retentionRemovals.recordType, types)))
    .orderBy(desc(retentionRemovals.ranAt), desc(retentionRemovals.id))
    .limit(20)
  return {
    companyId: id,
    today,
    types: out,
    removals: removals.map((r) => ({ recordType: r.recordType, label: retentionRuleOf(r.recordType).label, removed: r.removed, before: r.before, ranAt: r.ranAt.toISOString() })),
  }
}

const monthsSchema = z.coerce.number({ error: RETENTION_TEXT.wholeMonths }).int(RETENTION_TEXT.wholeMonths)

export const updateRetentionInput = z.object({
  companyId: idSchema,
  periods: z.partialRecord(z.enum(RETENTION_RECORD_TYPES), monthsSchema),
})
export type UpdateRetentionInput = z.input<typeof updateRetentionInput>

/** The message of a period below the legal minimum: names the minimum and the rule. */
export function belowMinimumMessage(type: RetentionRecordType): string {
  const r = retentionRuleOf(type)
  return withValues(msg('{records} must be kept at least {months} months ({cite})'), { records: r.label, months: r.minimumMonths, cite: r.cite })
}

/**
 * PUT /api/Compliance/Retention/{companyId}, tRPC `compliance.updateRetention` and the page's
 * form: sets the periods given (the others keep theirs). Every period is checked before any is
 * saved: below the legal minimum → 400 naming the minimum and the CFR paragraph; a type whose
 * governing role the caller lacks here → 403. Answers the overview.
 */
export async function updateRetentionSettings(ctx: UseCaseContext, input: unknown): Promise<RetentionOverview> {
  const v = parseInput(updateRetentionInput, input)
  const me = requireUser(ctx.actor)
  const managed = retentionTypesManagedBy(me, v.companyId)
  if (managed.length === 0) throw forbidden()
  const entries = Object.entries(v.periods) as [RetentionRecordType, number][]
  if (entries.some(([type]) => !managed.includes(type))) throw forbidden(RETENTION_TEXT.notYours)
  const fieldErrors: Record<string, string> = {}
  for (const [type, months] of entries) {
    if (months < retentionRuleOf(type).minimumMonths) fieldErrors[type] = belowMinimumMessage(type)
    else if (months > RETENTION_MAX_MONTHS) fieldErrors[type] = RETENTION_TEXT.tooLong
  }
  if (Object.keys(fieldErrors).length) throw fieldsRefused(fieldErrors, '; ')
  const now = ctx.now ?? new Date()
  if (entries.length) {
    await ctx.db.transaction(async (tx) => {
      for (const [type, months] of entries) {
        await tx
          .insert(retentionSettings)
          .values({ companyId: v.companyId, recordType: type, months, updatedAt: now, updatedByUserId: me.userId })
          .onConflictDoUpdate({ target: [retentionSettings.companyId, retentionSettings.recordType], set: { months, updatedAt: now, updatedByUserId: me.userId } })
      }
      await audit(tx, me, { action: 'retention.update', companyId: v.companyId, entityType: 'retentionSettings', entityId: v.companyId, details: Object.fromEntries(entries) })
    })
  }
  return getRetentionOverview(ctx, v.companyId)
}

// ---------------------------------------------------------------------------------------
// Deletion (the daily job)
// ---------------------------------------------------------------------------------------

/** SQL: the record's vehicle is in the fleet, or left it more than six months ago (49 CFR 396.3(c)). */
function vehicleMayLoseRecords(vehicleId: AnySQLiteColumn, leftBefore: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${vehicles} AS "rv" WHERE "rv"."id" = ${vehicleId} AND ("rv"."archived_at" IS NULL OR "rv"."archived_at" < ${leftBefore.getTime()}))`
}

/**
 * One batch of expired records of a type, at most `limit` rows of one table, deleted inside the
 * caller's transaction; the number deleted. Tables in an order that respects the foreign keys:
 * a repair action goes before the pre-trip, inspection or exit check it was opened by, and
 * those are skipped while one of their repair actions is kept.
 */
async function deleteBatch(
  tx: Tx,
  a: { companyId: number; type: RetentionRecordType; before: string; leftBefore: Date; limit: number; today: string },
): Promise<number> {
  const beforeInstant = instantBefore(a.before)
  const steps: {
    table:
      | typeof preInspections
      | typeof repairActions
      | typeof inspections
      | typeof emergencyExitChecks
      | typeof leaseAgreements
      | typeof serviceRecords
      | typeof driverFiles
      | typeof driverTests
      | typeof dutyPeriods
    ids: () => Promise<{ id: number }[]>
    /** Read before the rows go, done after: what must go with them. */
    alongside?: (ids: number[]) => Promise<() => Promise<void>>
  }[] = []
  const owned = (vehicleId: typeof inspections.vehicleId | typeof emergencyExitChecks.vehicleId) =>
    inArray(vehicleId, tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.ownerCompanyId, a.companyId)))

  // Inspections: the annual ones (396.21(b)) or the others (maintenance records, 396.3(c)); never one whose repair action is kept.
  const inspectionStep = (annual: boolean) => ({
    table: inspections,
    ids: () =>
      tx
        .select({ id: inspections.id })
        .from(inspections)
        .where(
          and(
            owned(inspections.vehicleId),
            eq(inspections.isAnnual, annual),
            lt(inspections.inspectionDate, a.before),
            vehicleMayLoseRecords(inspections.vehicleId, a.leftBefore),
            notExists(tx.select({ one: sql`1` }).from(repairActions).where(eq(repairActions.inspectionId, inspections.id))),
          ),
        )
        .limit(a.limit),
  })
  switch (a.type) {
    case 'preTrips':
      steps.push({
        table: preInspections,
        ids: () =>
          tx
            .select({ id: preInspections.id })
            .from(preInspections)
            .where(
              and(
                eq(preInspections.operatorCompanyId, a.companyId),
                lt(preInspections.date, a.before),
                // Its repair action (a maintenance record, kept longer) still points at it.
                notExists(tx.select({ one: sql`1` }).from(repairActions).where(eq(repairActions.preInspectionId, preInspections.id))),
              ),
            )
            .orderBy(asc(preInspections.date))
            .limit(a.limit),
      })
      break
    case 'maintenance':
      // Service records (decision 084), by their own date; never the last service of a bus × task
      // still in a program: its next due point restarts from it.
      steps.push({
        table: serviceRecords,
        ids: () =>
          tx
            .select({ id: serviceRecords.id })
            .from(serviceRecords)
            .where(
              and(
                eq(serviceRecords.ownerCompanyId, a.companyId),
                lt(serviceRecords.performedOn, a.before),
                vehicleMayLoseRecords(serviceRecords.vehicleId, a.leftBefore),
                notExists(tx.select({ one: sql`1` }).from(vehicleServiceLast).where(eq(vehicleServiceLast.recordId, serviceRecords.id))),
              ),
            )
            .limit(a.limit),
      })
      steps.push({
        table: repairActions,
        ids: () =>
          tx
            .select({ id: repairActions.id })
            .from(repairActions)
            .where(
              and(
                eq(repairActions.ownerCompanyId, a.companyId),
                isNotNull(repairActions.repairedAt),
                lt(repairActions.repairedAt, beforeInstant),
                vehicleMayLoseRecords(repairActions.vehicleId, a.leftBefore),
                // The driver's review of the repair is a pre-trip record: never removed younger than the repair itself.
                notExists(
                  tx
                    .select({ one: sql`1` })
                    .from(repairAcknowledgements)
                    .where(and(eq(repairAcknowledgements.repairActionId, repairActions.id), gte(repairAcknowledgements.acknowledgedAt, beforeInstant))),
                ),
              ),
            )
            .limit(a.limit),
      })
      steps.push(inspectionStep(false))
      steps.push({
        table: emergencyExitChecks,
        ids: () =>
          tx
            .select({ id: emergencyExitChecks.id })
            .from(emergencyExitChecks)
            .where(
              and(
                owned(emergencyExitChecks.vehicleId),
                lt(emergencyExitChecks.checkDate, a.before),
                vehicleMayLoseRecords(emergencyExitChecks.vehicleId, a.leftBefore),
                notExists(tx.select({ one: sql`1` }).from(repairActions).where(eq(repairActions.emergencyExitCheckId, emergencyExitChecks.id))),
              ),
            )
            .limit(a.limit),
      })
      break
    case 'annualInspections':
      steps.push(inspectionStep(true))
      break
    case 'leases':
      steps.push({
        table: leaseAgreements,
        // Open-ended leases (no end date) are in force: never removed.
        ids: () =>
          tx
            .select({ id: leaseAgreements.id })
            .from(leaseAgreements)
            .where(and(eq(leaseAgreements.ownerCompanyId, a.companyId), isNotNull(leaseAgreements.endDate), lt(leaseAgreements.endDate, a.before)))
            .limit(a.limit),
      })
      break
    // The operator's driver records (issue 37, decision 086).
    case 'driverFiles': {
      // A file goes once its employment ended before the cut-off (a current driver's file is kept),
      // and only when none of its drug and alcohol tests is still within its own period (382.401:
      // 1 year negative, 5 years positive or refusal) — the tests are kept their own time, and the
      // file with them. Its items, documents (and their bytes) go by cascade and trigger.
      const negativeCutoff = await periodCutoff(tx, a.companyId, 'drugTestsNegative', a.today)
      const positiveCutoff = await periodCutoff(tx, a.companyId, 'drugTestsPositive', a.today)
      steps.push({
        table: driverFiles,
        ids: () =>
          tx
            .select({ id: driverFiles.id })
            .from(driverFiles)
            .where(
              and(
                eq(driverFiles.companyId, a.companyId),
                isNotNull(driverFiles.employmentEndedAt),
                lt(driverFiles.employmentEndedAt, beforeInstant),
                notExists(
                  tx
                    .select({ one: sql`1` })
                    .from(driverTests)
                    .where(
                      and(
                        eq(driverTests.driverFileId, driverFiles.id),
                        or(
                          and(eq(driverTests.result, 'negative'), gte(driverTests.testDate, negativeCutoff)),
                          and(inArray(driverTests.result, ['positive', 'refusal']), gte(driverTests.testDate, positiveCutoff)),
                        ),
                      ),
                    ),
                ),
              ),
            )
            .limit(a.limit),
      })
      break
    }
    case 'drugTestsNegative':
    case 'drugTestsPositive':
      steps.push({
        table: driverTests,
        ids: () =>
          tx
            .select({ id: driverTests.id })
            .from(driverTests)
            .where(and(eq(driverTests.companyId, a.companyId), inArray(driverTests.result, testResultsOf(a.type as 'drugTestsNegative')), lt(driverTests.testDate, a.before)))
            .orderBy(asc(driverTests.testDate))
            .limit(a.limit),
        // A test's document (the lab result) goes with it, unless an item or another test still points at it.
        alongside: async (ids) => {
          const docs = (await tx.select({ id: driverTests.documentId }).from(driverTests).where(and(inArray(driverTests.id, ids), isNotNull(driverTests.documentId)))).map((r) => r.id!)
          return async () => {
            if (docs.length === 0) return
            await tx
              .delete(driverDocuments)
              .where(
                and(
                  inArray(driverDocuments.id, docs),
                  notExists(tx.select({ one: sql`1` }).from(driverTests).where(eq(driverTests.documentId, driverDocuments.id))),
                  notExists(tx.select({ one: sql`1` }).from(driverFileItems).where(eq(driverFileItems.documentId, driverDocuments.id))),
                ),
              )
          }
        },
      })
      break
    case 'hoursOfService':
      // Closed duty periods that started before the cut-off (an open one is the driver's status now).
      steps.push({
        table: dutyPeriods,
        ids: () =>
          tx
            .select({ id: dutyPeriods.id })
            .from(dutyPeriods)
            .where(and(eq(dutyPeriods.companyId, a.companyId), isNotNull(dutyPeriods.endedAt), lt(dutyPeriods.startedAt, beforeInstant)))
            .limit(a.limit),
      })
      break
  }
  for (const step of steps) {
    const ids = (await step.ids()).map((r) => r.id)
    if (ids.length === 0) continue
    const after = step.alongside ? await step.alongside(ids) : undefined
    await tx.delete(step.table).where(inArray(step.table.id, ids))
    await after?.()
    return ids.length
  }
  return 0
}

/** The cut-off a company's period of a type gives on `today` (its setting, never below the minimum). */
async function periodCutoff(tx: Tx, companyId: number, type: RetentionRecordType, today: string): Promise<string> {
  const [s] = await tx
    .select({ months: retentionSettings.months })
    .from(retentionSettings)
    .where(and(eq(retentionSettings.companyId, companyId), eq(retentionSettings.recordType, type)))
  const rule = retentionRuleOf(type)
  return retentionCutoff(today, Math.max(s?.months ?? rule.defaultMonths, rule.minimumMonths))
}

export interface RemoveExpiredOptions {
  companyId: number
  recordType: RetentionRecordType
  /** Records dated before this day are removed. Refused when later than the legal cut-off. */
  before: string
  /** The clock (tests inject it); the company's today is computed from it. */
  now?: Date
  batchSize?: number
  /** Asked between batches: true stops early (the lease was lost, the process is stopping). */
  shouldStop?: () => boolean
}

/**
 * Removes the records of one type and company dated before `before`, in batches of
 * `batchSize` rows per transaction, and logs the removal (one `retention_removals` row, kept up
 * to date batch by batch in the same transactions, and a log line). Refuses (throws, nothing
 * removed) a cut-off later than the legal one: no caller can remove a record younger than its
 * minimum. An archived vehicle's maintenance and annual inspection records are also kept six
 * months after it left the fleet; open repairs and open-ended leases are never removed.
 * Answers the number removed.
 */
export async function removeExpiredRecords(db: Database, o: RemoveExpiredOptions): Promise<number> {
  const rule = retentionRuleOf(o.recordType)
  const now = o.now ?? new Date()
  const today = todayIn(await companyTimeZone(db, o.companyId), now)
  const legalCutoff = retentionCutoff(today, rule.minimumMonths)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.before) || o.before > legalCutoff) {
    throw new AppError(
      'CONFLICT',
      `Refusing to remove ${rule.label.toLowerCase()} dated on or after ${legalCutoff}: they must be kept at least ${rule.minimumMonths} months (${rule.cite})`,
    )
  }
  const leftBefore = instantBefore(retentionCutoff(today, RETENTION_AFTER_LEAVING_MONTHS))
  const limit = Math.max(1, Math.min(o.batchSize ?? RETENTION_BATCH_SIZE, 5000))
  let removed = 0
  let logId: number | null = null
  for (;;) {
    if (o.shouldStop?.()) break
    const n = await db.transaction(async (tx) => {
      const count = await deleteBatch(tx, { companyId: o.companyId, type: o.recordType, before: o.before, leftBefore, limit, today })
      if (count === 0) return 0
      if (logId === null) {
        const [row] = await tx
          .insert(retentionRemovals)
          .values({ companyId: o.companyId, recordType: o.recordType, removed: count, before: o.before, ranAt: now })
          .returning({ id: retentionRemovals.id })
        logId = row!.id
      } else {
        await tx
          .update(retentionRemovals)
          .set({ removed: sql`${retentionRemovals.removed} + ${count}` })
          .where(eq(retentionRemovals.id, logId))
      }
      return count
    })
    removed += n
    if (n === 0) break
  }
  if (removed > 0) logger().info({ companyId: o.companyId, recordType: o.recordType, removed, before: o.before }, 'retention: expired records removed')
  return removed
}

export interface RetentionRunResult {
  companyId: number
  recordType: RetentionRecordType
  before: string
  removed: number
}

/**
 * Deletion order across types: leases and maintenance records first, so a pre-trip whose repair
 * action expires in the same run goes in that run too; the drug and alcohol tests before the
 * driver files, so a file whose last test expires in the same run goes in that run too.
 */
const RUN_ORDER: readonly RetentionRecordType[] = [
  'leases',
  'maintenance',
  'annualInspections',
  'preTrips',
  'hoursOfService',
  'drugTestsNegative',
  'drugTestsPositive',
  'driverFiles',
]

/**
 * The daily run: for every company and each type its company types govern, the company's
 * period (or the default) gives the cut-off in its time zone; what is older is removed.
 */
export async function runRetention(db: Database, now: Date = new Date(), opts: { batchSize?: number; shouldStop?: () => boolean } = {}): Promise<RetentionRunResult[]> {
  const rows = await db.read
    .select({ id: companies.id, tz: companies.timeZone, type: companyTypes.type })
    .from(companies)
    .innerJoin(companyTypes, eq(companyTypes.companyId, companies.id))
    .where(or(eq(companyTypes.type, 'Owner'), eq(companyTypes.type, 'Operator')))
    .orderBy(asc(companies.id))
  const settings = await db.read.select({ companyId: retentionSettings.companyId, recordType: retentionSettings.recordType, months: retentionSettings.months }).from(retentionSettings)
  const months = new Map(settings.map((s) => [`${s.companyId}:${s.recordType}`, s.months]))
  const results: RetentionRunResult[] = []
  for (const type of RUN_ORDER) {
    const rule = retentionRuleOf(type)
    for (const c of rows) {
      if (c.type !== rule.governedBy) continue
      if (opts.shouldStop?.()) return results
      const period = Math.max(months.get(`${c.id}:${type}`) ?? rule.defaultMonths, rule.minimumMonths)
      const before = retentionCutoff(todayIn(c.tz, now), period)
      try {
        const removed = await removeExpiredRecords(db, { companyId: c.id, recordType: type, before, now, batchSize: opts.batchSize, shouldStop: opts.shouldStop })
        results.push({ companyId: c.id, recordType: type, before, removed })
      } catch (error) {
        logger().error({ err: error, companyId: c.id, recordType: type }, 'retention: removal failed')
      }
    }
  }
  // Staged fleet imports a week old, and old imports' rows (decision 076).
  await purgeStaleFleetImports(db, now).catch((error: unknown) => logger().error({ err: error }, 'retention: fleet import clean-up failed'))
  // Fuel card uploads, the same rule (decision 085).
  await purgeStaleFuelImports(db, now).catch((error: unknown) => logger().error({ err: error }, 'retention: fuel import clean-up failed'))
  // Ended webhook deliveries a month old, with their payloads (decision 078).
  await purgeEndedWebhookDeliveries(db, now).catch((error: unknown) => logger().error({ err: error }, 'retention: webhook delivery clean-up failed'))
  // Idempotency keys a day old (issue 38 point 2): a retry comes within minutes.
  await purgeIdempotencyRecords(db, now).catch((error: unknown) => logger().error({ err: error }, 'retention: idempotency key clean-up failed'))
  const total = results.reduce((n, r) => n + r.removed, 0)
  logger().info({ companies: new Set(rows.map((r) => r.id)).size, removed: total }, 'retention: daily run done')
  return results
}

// ---------------------------------------------------------------------------------------
// Scheduling (started with the server, like the alert digest; decision 041's lease)
// ---------------------------------------------------------------------------------------

export type RetentionScheduler = PeriodicJob

export const RETENTION_TICK_MS = 60 * 60_000
const RETENTION_LEASE_MS = 10 * 60_000

/**
 * Checks every hour (first check `firstDelayMs` after start) and runs once per UTC day per
 * process, under the `retention` lease so one instance at a time does the work. A second run the
 * same day (a restart, another instance) finds nothing more to remove: repeating is harmless.
 */
export function startRetentionScheduler(db: Database, opts: { intervalMs?: number; firstDelayMs?: number; now?: () => Date } = {}): RetentionScheduler {
  let lastDay: string | null = null
  return startPeriodicJob(
    'retention',
    async (stopped) => {
      const now = opts.now?.() ?? new Date()
      const day = now.toISOString().slice(0, 10)
      if (lastDay === day) return
      // One instance at a time (decision 041); the lease's loss or a shutdown stops it between batches.
      const outcome = await withLease(db, 'retention', RETENTION_LEASE_MS, (lease) => runRetention(db, now, { shouldStop: () => stopped() || lease.lost() }))
      if (outcome.acquired) lastDay = day
    },
    { firstDelayMs: opts.firstDelayMs ?? 10 * 60_000, intervalMs: opts.intervalMs ?? RETENTION_TICK_MS },
  )
}

/** Used by tests and scripts: the cut-off the company's setting gives today. */
export async function retentionCutoffFor(db: Database, companyId: number, type: RetentionRecordType, now = new Date()): Promise<string> {
  const [s] = await db.read
    .select({ months: retentionSettings.months })
    .from(retentionSettings)
    .where(and(eq(retentionSettings.companyId, companyId), eq(retentionSettings.recordType, type)))
  const rule = retentionRuleOf(type)
  return retentionCutoff(todayIn(await companyTimeZone(db, companyId), now), Math.max(s?.months ?? rule.defaultMonths, rule.minimumMonths))
}

