/**
 * The compliance pack's lists (issue 23): the 90-day emergency-exit check's items, the lease's
 * sides and text versions, and the retention record types with their legal minimums. One
 * catalogue for the schema, the use cases, the pages, REST and the PDFs.
 */
import { addDays, daysUntil } from './expiry.ts'
import { msg } from './i18n.ts'

// The 90-day emergency-exit check (49 CFR 396.3(b)(4), motorcoaches and buses) ---------------
// The three items are a checklist (catalog/checklists.ts): the pre-trip's bundle reads them there.
export { EMERGENCY_EXIT_ITEMS, EMERGENCY_EXIT_ITEM_KEYS, type EmergencyExitItemKey } from './checklists.ts'
/** 0 Satisfactory, 1 Unsatisfactory (no "not applicable": every bus has these exits). */
export const EMERGENCY_EXIT_ITEM_STATUSES = [
  { value: 0, label: msg('Satisfactory') },
  { value: 1, label: msg('Unsatisfactory') },
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
/** Who has signed so far (the lease page, the PDF, the Operator history tab, the pre-trip, REST). */
export type LeaseState = 'signed' | 'awaitingOwner' | 'awaitingOperator' | 'awaitingBoth'
export const LEASE_STATE_LABELS: Record<LeaseState, string> = {
  signed: msg('Signed by both'),
  awaitingOwner: msg('Awaiting owner'),
  awaitingOperator: msg('Awaiting operator'),
  awaitingBoth: msg('Awaiting both signatures'),
}
/** The driver's pre-trip notice (49 CFR 390.403). */
export const LEASE_CARRY_COPY_NOTICE = msg('A copy of the lease must be carried on the bus (49 CFR 390.403).')

// Retention (49 CFR 396.3(c), 396.11, 396.21(b), 390.403) ------------------------------------
export const RETENTION_RECORD_TYPES = ['preTrips', 'maintenance', 'annualInspections', 'leases', 'driverFiles', 'drugTestsNegative', 'drugTestsPositive', 'hoursOfService'] as const
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
/** The state words of a due date. */
export const DUE_STATE_LABELS: Record<DueState, string> = { overdue: msg('Overdue'), 'due-soon': msg('Due soon'), ok: msg('Up to date') }
export function dueState(dueDate: string, today: string, warningDays = EMERGENCY_EXIT_CHECK_WARNING_DAYS): DueState {
  const days = daysUntil(dueDate, today) ?? 0
  if (days <= 0) return 'overdue'
  if (days <= warningDays) return 'due-soon'
  return 'ok'
}

// Retention: each record type's legal minimum, its rule and what it covers (issue 23 point 5,
// decision 067). One catalogue for the settings' validation, the daily job, the page and REST.
/** Which company's period governs a record: the operator's for pre-trips, the owner's for the rest. */
export type RetentionGovernor = 'Operator' | 'Owner'
export interface RetentionRule {
  type: RetentionRecordType
  label: string
  /** The shortest period the law allows, in months. */
  minimumMonths: number
  /** The period used until a manager sets one (PRODUCT.md §5 promises 14 months for filed records). */
  defaultMonths: number
  /** The CFR paragraph that sets the minimum. */
  cite: string
  /** What the rule says, in a sentence, for the help text. */
  rule: string
  /** The date the period runs from. */
  countedFrom: string
  /** The tables whose rows the type covers (their child rows go with them). */
  tables: readonly string[]
  /** The manager role of the company whose period applies (and who may set it). */
  governedBy: RetentionGovernor
  /** Also kept at least this long after the vehicle leaves the fleet (is archived); 0 = no such rule. */
  afterLeavingMonths: number
}

/** Months an archived vehicle's inspection, repair and maintenance records are kept after it left (49 CFR 396.3(c)). */
export const RETENTION_AFTER_LEAVING_MONTHS = 6
/** The longest period a company may set (50 years): a bound, not a rule. */
export const RETENTION_MAX_MONTHS = 600

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    type: 'preTrips',
    label: msg('Driver pre-trip inspections and their certifications'),
    minimumMonths: 3,
    defaultMonths: 14,
    cite: '49 CFR 396.11(a)(4)',
    rule: msg('The driver vehicle inspection report, the certification of repairs and the driver’s review are kept three months from the date of the report.'),
    countedFrom: msg('the pre-trip’s date'),
    tables: ['pre_inspections', 'pre_inspection_answers', 'pre_inspection_images', 'pre_inspection_photos', 'repair_acknowledgements'],
    governedBy: 'Operator',
    afterLeavingMonths: 0,
  },
  {
    type: 'maintenance',
    label: msg('Inspection, repair and maintenance records'),
    minimumMonths: 12,
    defaultMonths: 14,
    cite: '49 CFR 396.3(c)',
    rule: msg('Inspection, repair and maintenance records are kept one year, and six months after the vehicle leaves the fleet.'),
    countedFrom: msg('the inspection or check date, or the day the repair was certified (open repairs are always kept)'),
    tables: ['inspections (not annual)', 'inspection_items', 'inspection_photos', 'inspection_signatures', 'repair_actions', 'repair_tasks', 'emergency_exit_checks', 'emergency_exit_check_items', 'emergency_exit_check_signatures'],
    governedBy: 'Owner',
    afterLeavingMonths: RETENTION_AFTER_LEAVING_MONTHS,
  },
  {
    type: 'annualInspections',
    label: msg('Annual inspection reports'),
    minimumMonths: 14,
    defaultMonths: 14,
    cite: '49 CFR 396.21(b)',
    rule: msg('The annual (periodic) inspection report is kept fourteen months from the date of the report.'),
    countedFrom: msg('the inspection date'),
    tables: ['inspections (annual)', 'inspection_items', 'inspection_photos', 'inspection_signatures'],
    governedBy: 'Owner',
    afterLeavingMonths: RETENTION_AFTER_LEAVING_MONTHS,
  },
  {
    type: 'leases',
    label: msg('Leases'),
    minimumMonths: 12,
    defaultMonths: 12,
    cite: '49 CFR 390.403',
    rule: msg('A passenger-vehicle lease is kept for its term and one year after it ends (open-ended leases are always kept).'),
    countedFrom: msg('the lease’s end date'),
    tables: ['lease_agreements', 'lease_signatures'],
    governedBy: 'Owner',
    afterLeavingMonths: 0,
  },
  // The operator's driver records (issue 37, decision 086).
  {
    type: 'driverFiles',
    label: msg('Driver qualification files'),
    minimumMonths: 36,
    defaultMonths: 36,
    cite: '49 CFR 391.51(c)',
    rule: msg('A driver qualification file is kept for the employment and three years after it ends.'),
    countedFrom: msg('the day the employment ended (files of current drivers are always kept)'),
    tables: ['driver_files', 'driver_file_items', 'driver_documents'],
    governedBy: 'Operator',
    afterLeavingMonths: 0,
  },
  {
    type: 'drugTestsNegative',
    label: msg('Negative drug and alcohol test results'),
    minimumMonths: 12,
    defaultMonths: 12,
    cite: '49 CFR 382.401(b)(2)',
    rule: msg('Records of negative drug and alcohol test results are kept one year.'),
    countedFrom: msg('the test’s date'),
    tables: ['driver_tests'],
    governedBy: 'Operator',
    afterLeavingMonths: 0,
  },
  {
    type: 'drugTestsPositive',
    label: msg('Positive drug and alcohol test results and refusals'),
    minimumMonths: 60,
    defaultMonths: 60,
    cite: '49 CFR 382.401(b)(1)',
    rule: msg('Records of positive drug and alcohol test results and refusals to test are kept five years.'),
    countedFrom: msg('the test’s date'),
    tables: ['driver_tests'],
    governedBy: 'Operator',
    afterLeavingMonths: 0,
  },
  {
    type: 'hoursOfService',
    label: msg('Hours-of-service time records'),
    minimumMonths: 6,
    defaultMonths: 6,
    cite: '49 CFR 395.1(e)(1)(v)',
    rule: msg('The short-haul time record (time on duty, time released, total hours) is kept six months.'),
    countedFrom: msg('the day of the duty period'),
    tables: ['duty_periods'],
    governedBy: 'Operator',
    afterLeavingMonths: 0,
  },
]

export function retentionRuleOf(type: RetentionRecordType): RetentionRule {
  return RETENTION_RULES.find((r) => r.type === type)!
}

/**
 * The cut-off date of a retention period seen on `today`: records dated before it have been
 * kept `months` full months (plusMonths' month-end clamping only ever keeps a record longer).
 */
export function retentionCutoff(today: string, months: number): string {
  return plusMonths(today, -months)
}

// The compliance view (issue 23 point 6, decision 068) ------------------------------------------
export const COMPLIANCE_PAGE_SIZES = [10, 20, 30] as const
/** A due date's state on the compliance view: the catalogue's, or no record to count from. */
export type ComplianceDueState = DueState | 'missing'
export const COMPLIANCE_DUE_STATE_LABELS: Record<ComplianceDueState, string> = {
  overdue: msg('Overdue'),
  'due-soon': msg('Due soon'),
  ok: msg('OK'),
  missing: msg('None on record'),
}
/**
 * The latest date `d` whose next due date `nextDue(d)` is on or before `limit` (nextDue only
 * moves forward with `d`): lets SQL filter "due by `limit`" on the last date's column and index.
 */
export function lastDateDueBy(limit: string, nextDue: (d: string) => string, firstGuess: string): string {
  let d = firstGuess
  while (nextDue(addDays(d, 1)) <= limit) d = addDays(d, 1)
  while (nextDue(d) > limit) d = addDays(d, -1)
  return d
}
