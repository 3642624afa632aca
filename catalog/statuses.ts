import { msg } from './i18n.ts'

/**
 * Status and small enumerations shared by UI, validation, REST and the schema. Labels are
 * English, marked with `msg()` and translated where shown (decision 074); values never change.
 */

// Join requests ---------------------------------------------------------------------------
export const JOIN_REQUEST_STATUSES = [
  { value: 'Pending', label: msg('Pending'), tone: 'warning' },
  { value: 'Accepted', label: msg('Accepted'), tone: 'success' },
  { value: 'Rejected', label: msg('Rejected'), tone: 'danger' },
] as const
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number]['value']
export const JOIN_REQUEST_STATUS_VALUES = ['Pending', 'Accepted', 'Rejected'] as const satisfies readonly JoinRequestStatus[]

export function isJoinRequestStatus(value: unknown): value is JoinRequestStatus {
  return typeof value === 'string' && (JOIN_REQUEST_STATUS_VALUES as readonly string[]).includes(value)
}
/** Status pill tone: Pending warning, Accepted success, Rejected danger (spec). */
export function joinRequestStatusTone(value: string): 'warning' | 'success' | 'danger' | 'neutral' {
  return JOIN_REQUEST_STATUSES.find((s) => s.value === value)?.tone ?? 'neutral'
}

// Vehicle operation requests --------------------------------------------------------------
export const VEHICLE_REQUEST_STATUSES = [
  { value: 'Pending', label: msg('Pending'), color: 'orange' },
  { value: 'Approved', label: msg('Approved'), color: 'palegreen' },
  { value: 'Rejected', label: msg('Rejected'), color: 'lightcoral' },
  { value: 'Cancelled', label: msg('Cancelled'), color: 'lightblue' },
] as const
export type VehicleRequestStatus = (typeof VEHICLE_REQUEST_STATUSES)[number]['value']
export const VEHICLE_REQUEST_STATUS_VALUES = [
  'Pending',
  'Approved',
  'Rejected',
  'Cancelled',
] as const satisfies readonly VehicleRequestStatus[]

export function isVehicleRequestStatus(value: unknown): value is VehicleRequestStatus {
  return typeof value === 'string' && (VEHICLE_REQUEST_STATUS_VALUES as readonly string[]).includes(value)
}
/** CSS colour of a vehicle request status (spec section 9). */
export function vehicleRequestStatusColor(value: string): string {
  return VEHICLE_REQUEST_STATUSES.find((s) => s.value === value)?.color ?? 'lightgray'
}
/** Texts the owner's respond call carries (spec section 7). */
export const VEHICLE_REQUEST_RESPONSE_MESSAGES = {
  approved: 'Request approved.',
  rejected: 'Request rejected.',
} as const

// Repairs ---------------------------------------------------------------------------------
export const REPAIR_TASK_STATUSES = [
  { value: 'Pending', label: msg('Pending') },
  { value: 'Completed', label: msg('Completed') },
] as const
export type RepairTaskStatus = (typeof REPAIR_TASK_STATUSES)[number]['value']
export const REPAIR_TASK_STATUS_VALUES = ['Pending', 'Completed'] as const satisfies readonly RepairTaskStatus[]

export function isRepairTaskStatus(value: unknown): value is RepairTaskStatus {
  return typeof value === 'string' && (REPAIR_TASK_STATUS_VALUES as readonly string[]).includes(value)
}

/** A repair action is "Repaired" once repairedAt is set, else "Pending repair". */
export const REPAIR_ACTION_STATUS_LABELS = { repaired: msg('Repaired'), pending: msg('Pending repair') } as const
export function repairActionStatusLabel(repairedAt: Date | string | null | undefined): string {
  return repairedAt ? REPAIR_ACTION_STATUS_LABELS.repaired : REPAIR_ACTION_STATUS_LABELS.pending
}

// Alerts ----------------------------------------------------------------------------------
export const ALERT_LEVELS = [
  { value: 0, name: 'Warning', label: msg('Warning') },
  { value: 1, name: 'Alert', label: msg('Alert') },
] as const
export type AlertLevel = (typeof ALERT_LEVELS)[number]['value']
export const ALERT_LEVEL = { Warning: 0, Alert: 1 } as const satisfies Record<string, AlertLevel>

export function alertLevelLabel(value: number): string {
  return ALERT_LEVELS.find((l) => l.value === value)?.label ?? msg('Unknown')
}

/** Alert types of the owner dashboard (API.md). */
export const ALERT_TYPES = [msg('License expiry'), msg('Insurance expiry'), msg('Next inspection')] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/**
 * The owner dashboard's and the digest's extra lines (issue 11), never in the REST answer:
 * "Out of service" (level 1) while an open repair action has a safety-critical defect, and
 * "Open repair" (level 0) for the vehicle's other open repair actions (decision 036).
 */
export const REPAIR_ALERT_TYPES = [msg('Out of service'), msg('Open repair')] as const
export type RepairAlertType = (typeof REPAIR_ALERT_TYPES)[number]
/**
 * The 90-day emergency-exit check (issue 23, decision 065), also never in the REST answer:
 * a Warning 14 days before the due date, an Alert on and after it (catalog/compliance.ts).
 */
export const EMERGENCY_EXIT_ALERT_TYPE = msg('Emergency exit check')
/**
 * Preventive maintenance (issue 35, decision 084), also never in the REST answer: an item of a
 * service program overdue (an Alert) or due soon (a Warning); the line names the task.
 */
export const MAINTENANCE_ALERT_TYPE = msg('Maintenance due')
export const OWNER_ALERT_TYPES = [...ALERT_TYPES, ...REPAIR_ALERT_TYPES, EMERGENCY_EXIT_ALERT_TYPE, MAINTENANCE_ALERT_TYPE] as const
export type OwnerAlertType = AlertType | RepairAlertType | typeof EMERGENCY_EXIT_ALERT_TYPE | typeof MAINTENANCE_ALERT_TYPE

/** Days before a date at which it is "about to expire" (spec section 9). */
export const EXPIRY_WARNING_DAYS = 30

// Gender ----------------------------------------------------------------------------------
export const GENDERS = [
  { value: 0, label: msg('Male') },
  { value: 1, label: msg('Female') },
  { value: 2, label: msg('Other') },
  { value: 3, label: msg('Prefer Not to Say') },
] as const
export type Gender = (typeof GENDERS)[number]['value']
export const GENDER_VALUES = [0, 1, 2, 3] as const satisfies readonly Gender[]
export const DEFAULT_GENDER = 3 as const satisfies Gender

export function isGender(value: unknown): value is Gender {
  return value === 0 || value === 1 || value === 2 || value === 3
}
export function genderLabel(value: number | null | undefined): string {
  return GENDERS.find((g) => g.value === value)?.label ?? GENDERS[3].label
}

// Two-factor ------------------------------------------------------------------------------
export const TWO_FACTOR_TYPES = [
  { value: 0, name: 'Authenticator', label: msg('Authenticator') },
  { value: 1, name: 'Email', label: msg('Email') },
] as const
export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number]['value']
export const TWO_FACTOR_TYPE = { Authenticator: 0, Email: 1 } as const satisfies Record<string, TwoFactorType>
export const TWO_FACTOR_TYPE_VALUES = [0, 1] as const satisfies readonly TwoFactorType[]

export function isTwoFactorType(value: unknown): value is TwoFactorType {
  return value === 0 || value === 1
}
export function twoFactorTypeLabel(value: number): string {
  return TWO_FACTOR_TYPES.find((t) => t.value === value)?.label ?? msg('Unknown')
}

// Country ---------------------------------------------------------------------------------
export const DEFAULT_COUNTRY_CODE = 'US'

// Inspections: the owner's review of a filing by a company with no relation to the bus ----
/**
 * Applied: filed by a company related to the bus (decision 062), applied when filed.
 * Pending: filed by anyone else; stored, changes nothing on the bus until the owner decides.
 * Accepted: a Pending one the owner accepted (applied then). Rejected: never applied.
 */
export const INSPECTION_REVIEW_STATUSES = [
  { value: 'Applied', label: msg('Filed'), tone: 'neutral' },
  { value: 'Pending', label: msg('Awaiting the owner\u2019s review'), tone: 'warning' },
  { value: 'Accepted', label: msg('Accepted by the owner'), tone: 'success' },
  { value: 'Rejected', label: msg('Rejected by the owner'), tone: 'danger' },
] as const
export type InspectionReviewStatus = (typeof INSPECTION_REVIEW_STATUSES)[number]['value']
export const INSPECTION_REVIEW_STATUS_VALUES = INSPECTION_REVIEW_STATUSES.map((s) => s.value)
/** What the owner may decide about a Pending inspection. */
export const INSPECTION_REVIEW_DECISIONS = ['Accept', 'Reject'] as const
export type InspectionReviewDecision = (typeof INSPECTION_REVIEW_DECISIONS)[number]
/** Whether an inspection in this state has changed the bus (odometer, next inspection). */
export const inspectionApplied = (status: InspectionReviewStatus) => status === 'Applied' || status === 'Accepted'
export function inspectionReviewLabel(value: string): string {
  return INSPECTION_REVIEW_STATUSES.find((s) => s.value === value)?.label ?? value
}
export function inspectionReviewTone(value: string): 'warning' | 'success' | 'danger' | 'neutral' {
  return INSPECTION_REVIEW_STATUSES.find((s) => s.value === value)?.tone ?? 'neutral'
}
