/**
 * "Send to repair shop" (issue 35 point 4, decision 084): from one or several due items of a bus,
 * the owner opens a repair action (`opened_for_service`) at its repair shop, or waiting for one
 * like any other repair action; one task per service task, named after it, its checklist as the
 * description. When the mechanic certifies it, each service task is recorded as done
 * (update-task-status.server.ts → recordRepairServices).
 */
import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'
import { recordText } from '#catalog/record-texts.ts'
import { and, desc, eq, sql } from 'drizzle-orm'
import { auditLog, repairActions, vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { requireUser } from '../access/policy.ts'
import { companyToday, vehicleAccess } from '../access/vehicle-access.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { idempotencyKeyField, idList, SERVICE_TEXT, serviceTasksAtShop, serviceTasksOfVehicle } from '../maintenance/service-records.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { openRepairAction, type OpenedRepairAction } from './open-repair-action.server.ts'

export const sendToRepairShopInput = z.object({
  vehicleId: idSchema,
  taskIds: idList(),
  idempotencyKey: idempotencyKeyField,
})
export type SendToRepairShopInput = z.input<typeof sendToRepairShopInput>

export interface SentToRepairShop extends OpenedRepairAction {
  vehicleId: number
  replayed: boolean
}

const alreadySent = () => new AppError('CONFLICT', SERVICE_TEXT.alreadySent, { fieldErrors: { taskIds: SERVICE_TEXT.alreadySent } })

/** The repair action a key already opened (REST's Idempotency-Key; the audit row carries it). */
async function openedWithKey(read: Pick<UseCaseContext['db']['read'], 'select'>, userId: number, key: string | undefined): Promise<SentToRepairShop | null> {
  if (!key) return null
  const [row] = await read
    .select({ id: repairActions.id, repairIdentifier: repairActions.repairIdentifier, repairCompanyId: repairActions.repairCompanyId, outOfService: repairActions.outOfService, vehicleId: repairActions.vehicleId })
    .from(auditLog)
    .innerJoin(repairActions, sql`${repairActions.id} = CAST(${auditLog.entityId} AS INTEGER)`)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'repairAction.sendToShop'), sql`json_extract(${auditLog.details}, '$.idempotencyKey') = ${key}`))
    .orderBy(desc(auditLog.id))
    .limit(1)
  if (!row) return null
  const [n] = await read.select({ n: sql<number>`json_array_length(${auditLog.details}, '$.taskIds')` }).from(auditLog).where(and(eq(auditLog.actorUserId, userId), sql`json_extract(${auditLog.details}, '$.idempotencyKey') = ${key}`)).limit(1)
  return { ...row, outOfService: !!row.outOfService, taskCount: Number(n?.n ?? 0), replayed: true }
}

/**
 * POST /api/Maintenance/sendToRepairShop, tRPC `maintenance.service.sendToShop` and the bus page:
 * the owner (role Owner of the bus's company) only; operators of the bus 403, anyone else 404. A
 * task the bus's program does not have: 400; a task an open service repair action already has: 409.
 */
export async function sendToRepairShop(ctx: UseCaseContext, input: unknown): Promise<SentToRepairShop> {
  const v = parseInput(sendToRepairShopInput, input)
  const me = requireUser(ctx.actor)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  const earlier = await openedWithKey(ctx.db.read, me.userId, v.idempotencyKey)
  if (earlier) return earlier
  const name = `${me.firstName} ${me.lastName}`.trim() || me.email
  const today = await companyToday(ctx, access.ownerCompanyId)

  const opened = await ctx.db.transaction(async (tx) => {
    const again = await openedWithKey(tx, me.userId, v.idempotencyKey)
    if (again) return again
    const tasks = await serviceTasksOfVehicle(tx, v.vehicleId, v.taskIds)
    // Read inside the transaction: two owners sending the same task at once give one action.
    if ((await serviceTasksAtShop(tx, v.vehicleId, v.taskIds)).length > 0) throw alreadySent()
    const [bus] = await tx.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, v.vehicleId))
    const action = await openRepairAction(tx, {
      source: { kind: 'service' },
      vehicle: { id: access.vehicleId, ownerCompanyId: access.ownerCompanyId, vehicleIdentifier: access.vehicleIdentifier },
      findings: tasks.map((t) => ({ sourceKey: `service:${t.taskId}`, name: t.taskName, description: t.checklist?.trim() || null, serviceTaskId: t.taskId })),
      comments: recordText('repairAction.service', { name, date: today, odometer: bus?.odometer ?? null }),
      reportedBy: msg('The owner sent scheduled maintenance'),
      now,
    })
    await audit(tx, me, {
      action: 'repairAction.sendToShop',
      companyId: access.ownerCompanyId,
      entityType: 'repairAction',
      entityId: action!.id,
      details: { vehicleId: v.vehicleId, repairActionId: action!.id, tasks: tasks.map((t) => t.taskName), taskIds: tasks.map((t) => t.taskId), idempotencyKey: v.idempotencyKey ?? null },
    })
    return { ...action!, vehicleId: v.vehicleId, replayed: false }
  })
  if (!opened.replayed) kickMailWorker()
  return opened
}
