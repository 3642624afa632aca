/**
 * Data shapes, intents and URL parameters of "Vehicle repairs" (`/repairActions/{companyId}`),
 * shared by its components (client) and its loader and action (server). Browser-safe.
 */
import { DAMAGE_SIDES } from '#catalog/defects.ts'
import type { RepairListStatus } from '#catalog/repairs.ts'

/**
 * A repair task's name in the page's language. Stored names are English: a checklist item's
 * label (translated as it is), or `Damage: front` for a damage report side.
 */
export function repairTaskName(t: (id: string, values?: Record<string, unknown>) => string, name: string): string {
  const side = /^Damage: (.+)$/.exec(name)?.[1]
  const label = side === undefined ? undefined : DAMAGE_SIDES.find((s) => s.label.toLowerCase() === side)?.label
  return label ? t('Damage: {side}', { side: t(label).toLowerCase() }) : t(name)
}

export const REPAIR_INTENT = { updateTaskStatus: 'updateTaskStatus' } as const

export interface RepairTaskView {
  id: number
  name: string
  description: string | null
  status: 'Pending' | 'Completed'
}

/** The record that opened a repair action, when the viewer may open it (its print page; the inspection's detail dialog with JavaScript). */
export interface RepairSourceView {
  kind: 'pre-inspection' | 'inspection' | 'emergency-exit-check'
  id: number
}

export interface RepairActionView {
  id: number
  repairIdentifier: string
  isRepaired: boolean
  statusLabel: string
  createdAtLabel: string
  repairedAtLabel: string | null
  repairedByName: string | null
  comments: string | null
  outOfService: boolean
  vehicle: { make: string; model: string; licensePlate: string; vehicleIdentifier: string; odometer: number | null }
  tasks: RepairTaskView[]
  completedCount: number
  /** Null when nothing opened it that the viewer may read: no link. */
  source: RepairSourceView | null
}

export interface RepairList {
  items: RepairActionView[]
  total: number
  page: number
  pageSize: number
  pageCount: number
  status: RepairListStatus
  error: string | null
}
