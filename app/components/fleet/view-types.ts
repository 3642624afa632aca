/** What the fleet loaders hand the components: the table's rows and the opened vehicle's tabs. */
import type { InspectionReviewStatus } from '#catalog/statuses.ts'
import { msg } from '#catalog/i18n.ts'
import type { DocumentsTabData } from './documents-tab.tsx'
import type { MaintenanceTabData } from './maintenance-tab.tsx'
import type { CostsTabData } from './costs-tab.tsx'
import type { OdometerHistoryView } from './odometer-history.tsx'
import type { EngineHoursHistoryView } from './engine-hours-history.tsx'
import type { EmergencyExitsView } from './emergency-exits-tab.tsx'
import type { RepairSourceView } from '#app/components/repairs/view-types.ts'
import type { LeaseState } from '#catalog/compliance.ts'
import type { VehicleFieldName } from './vehicle-fields.ts'
import type { SortColumn } from './filters.ts'
import type { FleetScope } from './urls.ts'

export interface FleetRow {
  id: number
  vehicleIdentifier: string
  /** URL of the QR image that encodes the vehicle's link. */
  qr: string
  make: string
  model: string
  vin: string
  yearBuild: number | null
  licensePlate: string
  licenseExpiry: string | null
  insuranceExpiry: string | null
  nextInspection: string | null
  fuelType: number
  fuelTypeLabel: string
  hasImage: boolean
  /** Changes when the picture changes: part of the thumbnail URL so a cached old one is never shown. */
  imageVersion: number | null
  /** An open repair with a safety-critical defect (issue 10). */
  outOfService: boolean
}

export interface FleetList {
  items: FleetRow[]
  total: number
  page: number
  pageSize: number
  pageCount: number
  sort: SortColumn
  dir: 'asc' | 'desc'
  today: string
  options: { makes: string[]; models: string[]; colors: string[] }
  error: string | null
}

// The expanded row --------------------------------------------------------------------------

export type DetailTab = 'details' | 'operators' | 'preInspections' | 'inspections' | 'repairs' | 'emergencyExits' | 'maintenance' | 'costs' | 'documents'

export const DETAIL_TABS: { value: DetailTab; label: string; ownerOnly?: boolean }[] = [
  { value: 'details', label: msg('Details') },
  { value: 'operators', label: msg('Operator history'), ownerOnly: true },
  { value: 'preInspections', label: msg('Pre inspections') },
  { value: 'inspections', label: msg('Inspections') },
  { value: 'repairs', label: msg('Repair actions'), ownerOnly: true },
  { value: 'emergencyExits', label: msg('Emergency exits') },
  // Issue 35: the bus's due maintenance items (read-only for operators), linking to its maintenance page.
  { value: 'maintenance', label: msg('Maintenance') },
  // Issue 36: the bus's costs and cost per mile per month (the owner: every payer; an operator: its own).
  { value: 'costs', label: msg('Costs') },
  { value: 'documents', label: msg('Documents') },
]

export function tabsFor(scope: FleetScope) {
  return DETAIL_TABS.filter((t) => scope === 'owner' || !t.ownerOnly)
}

export interface OperatorAssignmentView {
  id: number
  operatorName: string
  startDate: string
  endDate: string | null
  isActive: boolean
  /** Upcoming: approved, starting after today (decision 059). */
  state: 'Active' | 'Upcoming' | 'Ended'
  /** The written lease (decision 064); null for the owner's own use of its bus. */
  lease?: { id: number; state: LeaseState } | null
}

export interface PreInspectionView {
  id: number
  date: string
  isSatisfactory: boolean
  driverName: string
}

export interface InspectionView {
  id: number
  date: string
  isSatisfactory: boolean
  inspectorName: string
  /** Decision 062: Pending and Rejected rows reach the owner only. */
  reviewStatus: InspectionReviewStatus
  /** Marked as the annual inspection (decision 066): its report and decal once in force. */
  isAnnual?: boolean
}

export interface RepairView {
  id: number
  repairIdentifier: string
  isRepaired: boolean
  createdAt: string
  createdAtLabel: string
  repairedAt: string | null
  repairedAtLabel: string | null
  comments: string | null
  repairCompanyName: string | null
  /** The pre-inspection that created it (its detail dialog). */
  preInspectionId: number | null
  /** The record that opened it (pre-trip, inspection or emergency-exit check) when the viewer may open it, else null: no link. */
  source: RepairSourceView | null
}

/** Every field of the vehicle, as the Details tab and the edit dialog show it (no picture bytes). */
export type VehicleRecord = Record<VehicleFieldName, string | number | boolean | null> & {
  id: number
  ownerId: number
  hasImage: boolean
}

export interface OpenVehicle {
  vehicle: VehicleRecord
  qr: string
  /** Only for the owner (spec section 6). */
  assignments: OperatorAssignmentView[] | null
  preInspections: PreInspectionView[]
  inspections: InspectionView[]
  /** Only for the owner (spec section 6). */
  repairs: RepairView[] | null
  /** The odometer history (issue 10); null when it could not be read. */
  odometer: OdometerHistoryView | null
  /** The engine-hours history (issue 35); null when it could not be read. */
  engineHours?: EngineHoursHistoryView | null
  /** What `loadDocumentsForTab` returned (the Documents tab's own data). */
  documents: DocumentsTabData
  /** The 90-day emergency-exit checks and the next one's due state (decision 065); null when not loaded. */
  emergencyExits?: EmergencyExitsView | null
  /** The bus's due maintenance items (issue 35); null when not loaded. */
  maintenance?: MaintenanceTabData | null
  /** The bus's costs per month (issue 36); null when not loaded. */
  costs?: CostsTabData | null
  /** A tab's list that could not be read: its message. */
  errors: Partial<Record<DetailTab, string>>
}

// The vehicle form ---------------------------------------------------------------------------
