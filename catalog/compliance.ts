/**
 * The compliance pack's lists (issue 23): the 90-day emergency-exit check's items, the lease's
 * sides and text versions, and the retention record types with their legal minimums. One
 * catalogue for the schema, the use cases, the pages, REST and the PDFs.
 */
import { addDays, daysUntil } from './expiry.ts'

// The 90-day emergency-exit check (49 CFR 396.3(b)(4), motorcoaches and buses) ---------------
export const EMERGENCY_EXIT_ITEMS = [
  { key: 'pushOutWindows', label: 'Push-out windows' },
  { key: 'emergencyDoors', label: 'Emergency doors' },
  { key: 'emergencyDoorMarkingLights', label: 'Emergency door marking lights' },
] as const
export type EmergencyExitItemKey = (typeof EMERGENCY_EXIT_ITEMS)[number]['key']
export const EMERGENCY_EXIT_ITEM_KEYS = EMERGENCY_EXIT_ITEMS.map((i) => i.key) as unknown as readonly [
  EmergencyExitItemKey,
  ...EmergencyExitItemKey[],
]
/** 0 Satisfactory, 1 Unsatisfactory (no "not applicable": every bus has these exits). */
export const EMERGENCY_EXIT_ITEM_STATUSES = [
  { value: 0, label: 'Satisfactory' },
  { value: 1, label: 'Unsatisfactory' },
] as const
export const EMERGENCY_EXIT_ITEM_STATUS_VALUES = [0, 1] as const
/** At least every 90 days; warned 14 days before the due date, alerted on it. */
export const EMERGENCY_EXIT_CHECK_INTERVAL_DAYS = 90
export const EMERGENCY_EXIT_CHECK_WARNING_DAYS = 14
/** Who files the check: a mechanic of a related shop, or a driver of the operator. */
export const EMERGENCY_EXIT_CHECK_FILER_ROLES = ['Mechanic', 'Driver'] as const
export type EmergencyExitCheckFilerRole = (typeof EMERGENCY_EXIT_CHECK_FILER_ROLES)[number]

// The lease (49 CFR 390.401–390.403) -------------------------------------------------------
export const LEASE_SIDES = ['Owner', 'Operator'] as const
export type LeaseSide = (typeof LEASE_SIDES)[number]

// Retention (49 CFR 396.3(c), 396.11, 396.21(b), 390.403) ------------------------------------
export const RETENTION_RECORD_TYPES = ['preTrips', 'maintenance', 'annualInspections', 'leases'] as const
export type RetentionRecordType = (typeof RETENTION_RECORD_TYPES)[number]

// Due dates (one rule for the vehicle tabs, alerts, digest, compliance view and CSV) ----------
/** Months between annual inspections: at least once every 12 months (49 CFR 396.17(c)). */
export const ANNUAL_INSPECTION_INTERVAL_MONTHS = 12


/**
 * The calendar date `n` months after `day`, clamped to the month's last day (Jan 31 + 1 month
 * = Feb 28, or Feb 29 in a leap year; Feb 29 + 12 months = Feb 28).
 */
export function plusMonths(day: string, n: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return first.toISOString().slice(0, 10)
}

/** The next 90-day emergency-exit check is due 90 days after the last one. */
export function nextEmergencyExitCheckDue(lastCheckDate: string): string {
  return addDays(lastCheckDate, EMERGENCY_EXIT_CHECK_INTERVAL_DAYS)
}

/** The next annual inspection is due 12 months after the last one. */
export function nextAnnualInspectionDue(lastAnnualDate: string): string {
  return plusMonths(lastAnnualDate, ANNUAL_INSPECTION_INTERVAL_MONTHS)
}

/**
 * A due date seen on `today` (both in the company's time zone): 'overdue' on and after the due
 * date (the alert), 'due-soon' in the 14 days before it (the warning), else 'ok'.
 */
export type DueState = 'overdue' | 'due-soon' | 'ok'
export function dueState(dueDate: string, today: string, warningDays = EMERGENCY_EXIT_CHECK_WARNING_DAYS): DueState {
  const days = daysUntil(dueDate, today) ?? 0
  if (days <= 0) return 'overdue'
  if (days <= warningDays) return 'due-soon'
  return 'ok'
}
