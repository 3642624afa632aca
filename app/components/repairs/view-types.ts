/** What the "Vehicle repairs" loader hands its components (and what other pages show of a repair). */
import type { RepairListStatus } from '#catalog/repairs.ts'

export interface RepairTaskView {
  id: number
  name: string
  description: string | null
  status: 'Pending' | 'Completed'
}

/** The record that opened a repair action, when the viewer may open it (its print page; the inspection's detail dialog with JavaScript). */
export interface RepairSourceView {
  /** `service`: "Send to repair shop" from scheduled maintenance (decision 084): shown by name, no link. */
  kind: 'pre-inspection' | 'inspection' | 'emergency-exit-check' | 'service'
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
