/**
 * A defective pre-trip opens a repair action (PRODUCT.md section 5, issue 10): one action,
 * Pending repair, with one task per Defective item and per damage text, routed to the owner
 * company's chosen repair shop (or waiting, visible to the owner, until it chooses one). Runs
 * inside the pre-trip's transaction: the action exists if and only if the pre-trip does.
 */
import { emailsOfRoleHolders } from '../companies/role-holders.server.ts'
import { eq } from 'drizzle-orm'
import { DAMAGE_SIDES, isSafetyCritical, PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import type { Tx } from '#db/client.ts'
import { companies, repairActions, repairTasks } from '#db/schema/index.ts'
import { env } from '../env.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { repairActionOpenedMail } from '../mail/templates.ts'

export interface OpenRepairActionInput {
  preInspectionId: number
  vehicle: { id: number; ownerCompanyId: number; vehicleIdentifier: string }
  /** The Defective checklist keys, in the checklist's order. */
  defects: readonly PreInspectionItemKey[]
  /** Damage texts per side (empty ones are ignored). */
  damage: Partial<Record<DamageSideKey, string | null>>
  driverName: string
  date: string
  odometerStart: number
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

/** The tasks a pre-trip's defects and damage texts become, in the checklist's then the sides' order. */
export function repairTasksFor(defects: readonly PreInspectionItemKey[], damage: Partial<Record<DamageSideKey, string | null>>) {
  const items = PRE_INSPECTION_ITEMS.filter((i) => defects.includes(i.key)).map((i) => ({
    sourceKey: i.key as string,
    name: i.label as string,
    description: `Reported defective on the pre-trip (${i.section}).` as string | null,
  }))
  const sides = DAMAGE_SIDES.filter((s) => damage[s.key]?.trim()).map((s) => ({
    sourceKey: s.key as string,
    name: `Damage: ${s.label.toLowerCase()}`,
    description: damage[s.key]!.trim() as string | null,
  }))
  return [...items, ...sides]
}

/**
 * Inserts the repair action and its tasks and queues the mails, inside `tx`. Returns null when
 * there is nothing to repair (no Defective item): damage texts alone do not open a repair
 * (decision 024).
 */
export async function openRepairAction(tx: Tx, r: OpenRepairActionInput): Promise<OpenedRepairAction | null> {
  if (r.defects.length === 0) return null
  const tasks = repairTasksFor(r.defects, r.damage)
  const outOfService = tasks.some((t) => isSafetyCritical(t.sourceKey))
  const [owner] = await tx.select({ name: companies.name, repairShopCompanyId: companies.repairShopCompanyId }).from(companies).where(eq(companies.id, r.vehicle.ownerCompanyId))
  const repairCompanyId = owner?.repairShopCompanyId ?? null

  // The id makes the code unique; the placeholder lives only inside this transaction.
  const [created] = await tx
    .insert(repairActions)
    .values({
      repairIdentifier: `RA-new-${r.preInspectionId}`,
      preInspectionId: r.preInspectionId,
      vehicleId: r.vehicle.id,
      ownerCompanyId: r.vehicle.ownerCompanyId,
      repairCompanyId,
      comments: `Defects reported by ${r.driverName} on the pre-trip inspection of ${r.date} (odometer ${r.odometerStart.toLocaleString('en-US')}).`,
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
  const recipients = await emailsOfRoleHolders(tx, recipientsCompany, repairCompanyId ? ['RepairShop', 'Mechanic'] : ['Owner'], 200)
  const link = repairCompanyId ? `${env().APP_URL}/repairActions/${repairCompanyId}` : `${env().APP_URL}/fleet/${r.vehicle.ownerCompanyId}`
  const mail = repairActionOpenedMail({
    repairIdentifier,
    vehicleIdentifier: r.vehicle.vehicleIdentifier,
    ownerCompanyName: owner?.name ?? '',
    taskNames: tasks.map((t) => t.name),
    outOfService,
    waitingForShop: repairCompanyId === null,
    link,
  })
  for (const to of recipients) await enqueueMail(tx, { to, ...mail })
  return { id, repairIdentifier, repairCompanyId, outOfService, taskCount: tasks.length }
}
