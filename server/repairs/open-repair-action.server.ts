/**
 * A repair action opened from a filed form's findings (PRODUCT.md section 5, issues 10 and 23,
 * decision 065): a defective pre-trip, an inspection with Unsatisfactory items, or an
 * Unsatisfactory 90-day emergency-exit check. One action, Pending repair, with one task per
 * finding, routed to the owner company's chosen repair shop (or waiting, visible to the owner,
 * until it chooses one); out of service when a finding is safety-critical. Runs inside the
 * filing's transaction: the action exists if and only if the filing (or its acceptance) does.
 */
import { msg } from '#catalog/i18n.ts'
import { recipientsOfRoleHolders, perLocale } from '../access/role-holders.server.ts'
import { and, eq } from 'drizzle-orm'
import { DAMAGE_SIDES, isSafetyCritical, PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { INSPECTION_ITEM_STATUS, INSPECTION_ITEMS } from '#catalog/inspection-checklist.ts'
import { EMERGENCY_EXIT_ITEMS } from '#catalog/compliance.ts'
import { recordText, type RecordText } from '#catalog/record-texts.ts'
import type { Tx } from '#db/client.ts'
import { companies, inspectionItems, inspections, repairActions, repairTasks, vehicles } from '#db/schema/index.ts'
import { env } from '../env.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { repairActionOpenedMail } from '../mail/templates.ts'
import { emitDefectFound } from '../webhooks/emit.server.ts'

/** The filed record that opened the action: exactly one of the three columns is set. */
export type RepairSource =
  | { kind: 'preInspection'; id: number }
  | { kind: 'inspection'; id: number }
  | { kind: 'emergencyExitCheck'; id: number }
  /** "Send to repair shop" from due maintenance items (decision 084): no filed record; its tasks carry `serviceTaskId`. */
  | { kind: 'service' }

/**
 * One thing to repair: it becomes one task. `sourceKey` is the checklist key or damage side; the
 * description is the filer's words (a string) or, without them, Operon's sentence (decision 082).
 */
export interface RepairFinding {
  sourceKey: string
  name: string
  description: string | RecordText | null
  /** The service task this finding performs (a `service` source only). */
  serviceTaskId?: number
}

export interface OpenRepairActionInput {
  source: RepairSource
  vehicle: { id: number; ownerCompanyId: number; vehicleIdentifier: string }
  /** In the form's order. None: nothing is opened. */
  findings: readonly RepairFinding[]
  /** The action's general comments: who reported it, on what form, when, at what odometer (decision 082). */
  comments: RecordText
  /** The first paragraph of the mail to the shop. */
  reportedBy: string
  now: Date
}

export interface OpenedRepairAction {
  id: number
  repairIdentifier: string
  repairCompanyId: number | null
  outOfService: boolean
  taskCount: number
}

/** The human code of a repair action: its year and its row id, e.g. `RA-2026-000123` (unique as the id is). */
export function repairIdentifierOf(id: number, at: Date): string {
  return `RA-${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`
}

/** A pre-trip's findings: its Defective items, then its damage texts; none without a Defective item (damage alone opens nothing, decision 024). */
export function preTripFindings(defects: readonly PreInspectionItemKey[], damage: Partial<Record<DamageSideKey, string | null>>): RepairFinding[] {
  if (defects.length === 0) return []
  const items = PRE_INSPECTION_ITEMS.filter((i) => defects.includes(i.key)).map((i): RepairFinding => ({
    sourceKey: i.key,
    name: i.label,
    description: recordText('repairTask.preTrip', { section: i.section }),
  }))
  const sides = DAMAGE_SIDES.filter((s) => damage[s.key]?.trim()).map((s): RepairFinding => ({
    sourceKey: s.key,
    name: `Damage: ${s.label.toLowerCase()}`,
    description: damage[s.key]!.trim(),
  }))
  return [...items, ...sides]
}

/** An inspection's findings: its Unsatisfactory items in the checklist's order, the mechanic's comment as the description. */
export function inspectionFindings(items: readonly { itemKey: string; status: number; comments: string | null }[]): RepairFinding[] {
  const bad = new Map(items.filter((i) => i.status === INSPECTION_ITEM_STATUS.Unsatisfactory).map((i) => [i.itemKey, i.comments]))
  return INSPECTION_ITEMS.filter((i) => bad.has(i.key)).map((i) => ({
    sourceKey: i.key,
    name: i.label,
    description: bad.get(i.key)?.trim() || recordText('repairTask.inspection', { section: i.section }),
  }))
}

/** A 90-day emergency-exit check's findings: its Unsatisfactory items (status 1), the comment as the description. */
export function emergencyExitFindings(items: readonly { itemKey: string; status: number; comments: string | null }[]): RepairFinding[] {
  const bad = new Map(items.filter((i) => i.status === 1).map((i) => [i.itemKey, i.comments]))
  return EMERGENCY_EXIT_ITEMS.filter((i) => bad.has(i.key)).map((i) => ({
    sourceKey: i.key,
    name: i.label,
    description: bad.get(i.key)?.trim() || recordText('repairTask.emergencyExitCheck', {}),
  }))
}

/** A finding as a task row: the filer's words in `description`, Operon's sentence in `descriptionText`. */
export function taskColumnsOf({ sourceKey, name, description, serviceTaskId }: RepairFinding) {
  const text = typeof description === 'string' ? { description, descriptionText: null } : { description: null, descriptionText: description }
  return { sourceKey, name, ...text, serviceTaskId: serviceTaskId ?? null }
}

const SOURCE_COLUMN = { preInspection: 'preInspectionId', inspection: 'inspectionId', emergencyExitCheck: 'emergencyExitCheckId' } as const

/**
 * Inserts the repair action and its tasks and queues the mails, inside `tx`. Returns null when
 * there is nothing to repair. Out of service when any task is safety-critical (`isSafetyCritical`
 * of its source key: the pre-trip's, the inspection's and the exit check's lists).
 */
export async function openRepairAction(tx: Tx, r: OpenRepairActionInput): Promise<OpenedRepairAction | null> {
  if (r.findings.length === 0) return null
  const tasks = r.findings.map(taskColumnsOf)
  const outOfService = tasks.some((t) => isSafetyCritical(t.sourceKey))
  const [owner] = await tx.select({ name: companies.name, repairShopCompanyId: companies.repairShopCompanyId }).from(companies).where(eq(companies.id, r.vehicle.ownerCompanyId))
  const repairCompanyId = owner?.repairShopCompanyId ?? null
  const forService = r.source.kind === 'service'

  // The id makes the code unique; the placeholder lives only inside this transaction.
  const [created] = await tx
    .insert(repairActions)
    .values({
      repairIdentifier: r.source.kind === 'service' ? `RA-new-service-${r.vehicle.id}-${r.now.getTime()}` : `RA-new-${r.source.kind}-${r.source.id}`,
      ...(r.source.kind === 'service' ? { openedForService: true } : { [SOURCE_COLUMN[r.source.kind]]: r.source.id }),
      vehicleId: r.vehicle.id,
      ownerCompanyId: r.vehicle.ownerCompanyId,
      repairCompanyId,
      commentsText: r.comments,
      createdAt: r.now,
      outOfService,
    })
    .returning({ id: repairActions.id })
  const id = created!.id
  const repairIdentifier = repairIdentifierOf(id, r.now)
  await tx.update(repairActions).set({ repairIdentifier }).where(eq(repairActions.id, id))
  await tx.insert(repairTasks).values(tasks.map((t) => ({ repairActionId: id, ...t, status: 'Pending' as const })))

  // The shop's managers and mechanics hear of it; without a shop, the owner's managers.
  const recipientsCompany = repairCompanyId ?? r.vehicle.ownerCompanyId
  const recipients = await recipientsOfRoleHolders(tx, recipientsCompany, repairCompanyId ? ['RepairShop', 'Mechanic'] : ['Owner'], 200)
  const link = repairCompanyId ? `${env().APP_URL}/repairActions/${repairCompanyId}` : `${env().APP_URL}/fleet/${r.vehicle.ownerCompanyId}`
  const mail = perLocale((locale) => repairActionOpenedMail({
    locale,
    repairIdentifier,
    vehicleIdentifier: r.vehicle.vehicleIdentifier,
    ownerCompanyName: owner?.name ?? '',
    reportedBy: r.reportedBy,
    taskNames: tasks.map((t) => t.name),
    outOfService,
    waitingForShop: repairCompanyId === null,
    link,
  }))
  for (const to of recipients) await enqueueMail(tx, { to: to.email, ...mail(to.locale) })
  // Scheduled maintenance is not a defect: no `defect.found` event.
  if (!forService) await emitDefectFound(tx, id)
  return { id, repairIdentifier, repairCompanyId, outOfService, taskCount: tasks.length }
}

/**
 * The repair action of a mechanic's inspection with Unsatisfactory items (issue 23), opened when
 * the inspection is applied to the bus: at filing by a related company, or when the owner
 * accepts a Pending one (decision 062), never before. Reads the filed record inside `tx`.
 */
export async function openInspectionRepairAction(tx: Tx, inspectionId: number, now: Date): Promise<OpenedRepairAction | null> {
  const [f] = await tx
    .select({
      inspectorName: inspections.inspectorName,
      inspectionDate: inspections.inspectionDate,
      odometer: inspections.odometer,
      vehicleId: vehicles.id,
      ownerCompanyId: vehicles.ownerCompanyId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
    })
    .from(inspections)
    .innerJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .where(eq(inspections.id, inspectionId))
  if (!f) return null
  const items = await tx
    .select({ itemKey: inspectionItems.itemKey, status: inspectionItems.status, comments: inspectionItems.comments })
    .from(inspectionItems)
    .where(and(eq(inspectionItems.inspectionId, inspectionId), eq(inspectionItems.status, INSPECTION_ITEM_STATUS.Unsatisfactory)))
  return openRepairAction(tx, {
    source: { kind: 'inspection', id: inspectionId },
    vehicle: { id: f.vehicleId, ownerCompanyId: f.ownerCompanyId, vehicleIdentifier: f.vehicleIdentifier },
    findings: inspectionFindings(items),
    comments: recordText('repairAction.inspection', { name: f.inspectorName, date: f.inspectionDate, odometer: f.odometer }),
    reportedBy: msg('A mechanic found unsatisfactory items on the inspection'),
    now,
  })
}
