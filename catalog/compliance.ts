/**
 * The compliance pack's lists (issue 23): the 90-day emergency-exit check's items, the lease's
 * sides and text versions, and the retention record types with their legal minimums. One
 * catalogue for the schema, the use cases, the pages, REST and the PDFs.
 */

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
