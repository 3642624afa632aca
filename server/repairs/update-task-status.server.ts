import { recipientsOfRoleHolders } from '../access/role-holders.server.ts'
import { and, eq, isNull, ne, notExists, sql } from 'drizzle-orm'
import { z } from 'zod'
import { REPAIR_SHOP_ROLES } from '#catalog/roles.ts'
import { REPAIR_TASK_STATUS_VALUES } from '#catalog/statuses.ts'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { rowsAffected, type Tx } from '#db/client.ts'
import { companies, repairActions, repairTasks, vehicles } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { repairCertifiedMail } from '../mail/templates.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { selectRepairAction, type RepairActionRow } from './list-repairs.server.ts'
import { emitRepairCompleted } from '../webhooks/emit.server.ts'
import { engineHoursField, odometerField, recordRepairServices } from '../maintenance/service-records.server.ts'

export const updateTaskStatusInput = z.object({
  taskId: idSchema,
  status: z.enum(REPAIR_TASK_STATUS_VALUES, { error: REPAIR_TEXT.statusInvalid }),
})
export type UpdateTaskStatusInput = z.input<typeof updateTaskStatusInput>

/**
 * The page's and tRPC's input: the REST body above, plus the odometer and engine hours read when
 * the last task of a "Send to repair shop" action is completed (decision 084). Old REST clients
 * send neither: the bus's latest reading on that date is recorded instead, and the record says so.
 */
export const updateTaskStatusWithReadingInput = updateTaskStatusInput.extend({
  odometer: odometerField,
  engineHours: engineHoursField,
})

const taskNotFound = () => new AppError('NOT_FOUND', REPAIR_TEXT.taskNotFound)
const certifiedLocked = () => new AppError('CONFLICT', REPAIR_TEXT.certifiedLocked, { fieldErrors: { status: REPAIR_TEXT.certifiedLocked } })

/**
 * PUT /api/RepairAction/updateTaskStatus, tRPC `repairs.updateTaskStatus` and the buttons of
 * "Vehicle repairs": an active Mechanic or RepairShop manager of the action's repair shop marks a
 * task Completed or back to Pending (anyone else: 404, as for a task that does not exist).
 *
 * When the last task is Completed the action becomes Repaired, certified by that mechanic
 * (`repairedAt`, `repairedByUserId`, `repairedByName`), exactly once: the certification is a
 * conditional update (`repaired_at IS NULL` and no Pending task left), so two mechanics
 * completing the last two tasks at the same moment give one Repaired transition, one audit row
 * and one mail to the owner's managers. A certified action is a record: its tasks cannot be
 * reopened (409, decision 028). Answers the repair action as the lists show it.
 */
export async function updateTaskStatus(ctx: UseCaseContext, input: unknown): Promise<RepairActionRow> {
  const v = parseInput(updateTaskStatusWithReadingInput, input)
  const me = requireUser(ctx.actor)
  const [found] = await ctx.db.read
    .select({ actionId: repairTasks.repairActionId, repairCompanyId: repairActions.repairCompanyId })
    .from(repairTasks)
    .innerJoin(repairActions, eq(repairActions.id, repairTasks.repairActionId))
    .where(eq(repairTasks.id, v.taskId))
  if (!found || found.repairCompanyId === null || !hasRole(me, found.repairCompanyId, REPAIR_SHOP_ROLES)) throw taskNotFound()
  const shopId = found.repairCompanyId
  const now = ctx.now ?? new Date()

  const certified = await ctx.db.transaction(async (tx) => {
    // Read again inside the transaction: the action may have moved or been certified meanwhile.
    const [action] = await tx
      .select({ id: repairActions.id, repairCompanyId: repairActions.repairCompanyId, repairedAt: repairActions.repairedAt, ownerCompanyId: repairActions.ownerCompanyId })
      .from(repairActions)
      .where(eq(repairActions.id, found.actionId))
    if (!action || action.repairCompanyId !== shopId) throw taskNotFound()

    // The task changes only while its action is not certified, and only if it is not already so.
    const changed = await tx
      .update(repairTasks)
      .set(v.status === 'Completed' ? { status: 'Completed', completedAt: now, completedByUserId: me.userId } : { status: 'Pending', completedAt: null, completedByUserId: null })
      .where(
        and(
          eq(repairTasks.id, v.taskId),
          ne(repairTasks.status, v.status),
          notExists(tx.select({ one: sql`1` }).from(repairActions).where(and(eq(repairActions.id, action.id), sql`${repairActions.repairedAt} IS NOT NULL`))),
        ),
      )
    if (rowsAffected(changed) !== 1) {
      const [task] = await tx.select({ status: repairTasks.status }).from(repairTasks).where(eq(repairTasks.id, v.taskId))
      // Already as asked: nothing to do (a double click, a retry). Reopening a certified action: refused.
      if (task?.status === v.status) return false
      throw certifiedLocked()
    }
    await audit(tx, me, {
      action: v.status === 'Completed' ? 'repairTask.complete' : 'repairTask.reopen',
      companyId: shopId,
      entityType: 'repairTask',
      entityId: v.taskId,
      details: { repairActionId: action.id },
    })
    if (v.status !== 'Completed') return false
    return certifyIfDone(tx, me, { actionId: action.id, shopId, ownerCompanyId: action.ownerCompanyId, now, odometer: v.odometer, engineHours: v.engineHours })
  })
  if (certified) kickMailWorker()
  const row = await selectRepairAction(ctx, found.actionId)
  if (!row) throw taskNotFound()
  return row
}

/**
 * The Pending repair → Repaired transition: one conditional statement, so whichever of several
 * concurrent completions runs it last (with no Pending task left) certifies, and only once. An
 * action opened for service records its services in the same transaction.
 */
async function certifyIfDone(
  tx: Tx,
  me: UserActor,
  a: { actionId: number; shopId: number; ownerCompanyId: number; now: Date; odometer?: number; engineHours?: number },
): Promise<boolean> {
  const name = `${me.firstName} ${me.lastName}`.trim() || me.email
  const done = await tx
    .update(repairActions)
    .set({ repairedAt: a.now, repairedByUserId: me.userId, repairedByName: name })
    .where(
      and(
        eq(repairActions.id, a.actionId),
        isNull(repairActions.repairedAt),
        notExists(tx.select({ one: sql`1` }).from(repairTasks).where(and(eq(repairTasks.repairActionId, a.actionId), eq(repairTasks.status, 'Pending')))),
      ),
    )
  if (rowsAffected(done) !== 1) return false
  await audit(tx, me, { action: 'repairAction.certify', companyId: a.shopId, entityType: 'repairAction', entityId: a.actionId, details: { ownerCompanyId: a.ownerCompanyId } })
  await emitRepairCompleted(tx, a.actionId)
  // "Send to repair shop": each service task is recorded as done, in this transaction (decision 084).
  await recordRepairServices(tx, me, { repairActionId: a.actionId, performedBy: name, odometer: a.odometer, engineHours: a.engineHours, now: a.now })

  // The owner company's managers hear that the vehicle is repaired.
  const [facts] = await tx
    .select({ repairIdentifier: repairActions.repairIdentifier, vehicleIdentifier: vehicles.vehicleIdentifier, shop: companies.name })
    .from(repairActions)
    .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
    .innerJoin(companies, eq(companies.id, a.shopId))
    .where(eq(repairActions.id, a.actionId))
  for (const to of await recipientsOfRoleHolders(tx, a.ownerCompanyId, ['Owner'])) {
    await enqueueMail(tx, {
      to: to.email,
      ...repairCertifiedMail({ repairIdentifier: facts!.repairIdentifier, vehicleIdentifier: facts!.vehicleIdentifier, shopName: facts!.shop, mechanicName: name, repairedAt: a.now, locale: to.locale }),
    })
  }
  return true
}
