/**
 * The operator's driver files (issue 37, decision 086): the items of a driver qualification file
 * (49 CFR 391.51(b)), drug and alcohol tests (49 CFR part 382), hours-of-service records without
 * an ELD (49 CFR 395.1(e)(1), 395.5), the company settings they add and the bounds every door
 * checks. Browser-safe: the pages, the use cases and the tests read the same rules.
 */
import { msg } from './i18n.ts'

// ---------------------------------------------------------------------------------------
// Driver qualification file (391.51)
// ---------------------------------------------------------------------------------------

/**
 * An item of the file. `repeatMonths`: the item is due again that many months after the last one
 * (or after the hire date when there is none). `hasExpiry`: the item carries its own expiry date
 * (the medical examiner's certificate). `required`: the file is incomplete without one.
 */
export const DRIVER_FILE_ITEM_KINDS = [
  { value: 'application', label: msg('Application for employment'), cite: '49 CFR 391.21', required: true, hasExpiry: false, repeatMonths: null },
  { value: 'mvrHiring', label: msg('Motor vehicle record at hiring'), cite: '49 CFR 391.23', required: true, hasExpiry: false, repeatMonths: null },
  { value: 'previousEmployers', label: msg('Previous employers’ inquiries'), cite: '49 CFR 391.23', required: true, hasExpiry: false, repeatMonths: null },
  { value: 'roadTest', label: msg('Road test certificate or its equivalent'), cite: '49 CFR 391.31, 391.33', required: true, hasExpiry: false, repeatMonths: null },
  { value: 'medicalCertificate', label: msg('Medical examiner’s certificate'), cite: '49 CFR 391.43', required: true, hasExpiry: true, repeatMonths: null },
  { value: 'mvrAnnual', label: msg('Annual motor vehicle record'), cite: '49 CFR 391.25', required: true, hasExpiry: false, repeatMonths: 12 },
  { value: 'annualReview', label: msg('Annual review of driving record'), cite: '49 CFR 391.25', required: true, hasExpiry: false, repeatMonths: 12 },
  { value: 'violationsList', label: msg('Driver’s list of violations'), cite: '49 CFR 391.27', required: true, hasExpiry: false, repeatMonths: 12 },
  { value: 'clearinghouseQuery', label: msg('Clearinghouse query'), cite: '49 CFR 382.701', required: true, hasExpiry: false, repeatMonths: 12 },
] as const
export type DriverFileItemKind = (typeof DRIVER_FILE_ITEM_KINDS)[number]['value']
export const DRIVER_FILE_ITEM_KIND_VALUES = DRIVER_FILE_ITEM_KINDS.map((k) => k.value) as unknown as readonly [DriverFileItemKind, ...DriverFileItemKind[]]
export type DriverFileItemRule = (typeof DRIVER_FILE_ITEM_KINDS)[number]
export function driverFileItemRule(kind: string): DriverFileItemRule | undefined {
  return DRIVER_FILE_ITEM_KINDS.find((k) => k.value === kind)
}
export function driverFileItemLabel(kind: string): string {
  return driverFileItemRule(kind)?.label ?? kind
}
/** Kinds whose first copy is due only once the driver has been employed that long (the annual ones). */
export const ANNUAL_DRIVER_FILE_ITEM_KINDS = DRIVER_FILE_ITEM_KINDS.filter((k) => k.repeatMonths !== null).map((k) => k.value)

/**
 * The state of one kind in a driver's file, the one rule of the completeness view, the alerts and
 * the digest: `missing` (no item, and one is needed now), `overdue` (expired or past due),
 * `due-soon` (within DRIVER_FILE_DUE_SOON_DAYS), `ok`.
 */
export type DriverFileItemState = 'missing' | 'overdue' | 'due-soon' | 'ok'
export const DRIVER_FILE_ITEM_STATE_LABELS: Record<DriverFileItemState, string> = {
  missing: msg('Missing'),
  overdue: msg('Overdue'),
  'due-soon': msg('Due soon'),
  ok: msg('OK'),
}
/** Days before a due date or expiry when an item turns "due soon" (a Warning). */
export const DRIVER_FILE_DUE_SOON_DAYS = 30

/** What a company may store in driver files (per company: a self-registered company cannot fill the disk). */
export const DRIVER_FILE_LIMITS = {
  /** All driver documents of one company (one document: the vehicle documents' 5 MiB, API.md). */
  companyDocumentBytes: 500 * 1024 * 1024,
  /** Items + tests of one driver's file at one company. */
  recordsPerDriver: 2000,
  /** Duty periods of one driver at one company in one day. */
  dutyPeriodsPerDay: 100,
  noteChars: 500,
  siteChars: 200,
} as const

// ---------------------------------------------------------------------------------------
// Drug and alcohol tests (part 382)
// ---------------------------------------------------------------------------------------

export const DRUG_TEST_SUBSTANCES = [
  { value: 'drug', label: msg('Drug test') },
  { value: 'alcohol', label: msg('Alcohol test') },
] as const
export type DrugTestSubstance = (typeof DRUG_TEST_SUBSTANCES)[number]['value']
export const DRUG_TEST_SUBSTANCE_VALUES = DRUG_TEST_SUBSTANCES.map((s) => s.value) as unknown as readonly [DrugTestSubstance, ...DrugTestSubstance[]]

export const DRUG_TEST_TYPES = [
  { value: 'preEmployment', label: msg('Pre-employment') },
  { value: 'random', label: msg('Random') },
  { value: 'postAccident', label: msg('Post-accident') },
  { value: 'reasonableSuspicion', label: msg('Reasonable suspicion') },
  { value: 'returnToDuty', label: msg('Return-to-duty') },
  { value: 'followUp', label: msg('Follow-up') },
] as const
export type DrugTestType = (typeof DRUG_TEST_TYPES)[number]['value']
export const DRUG_TEST_TYPE_VALUES = DRUG_TEST_TYPES.map((t) => t.value) as unknown as readonly [DrugTestType, ...DrugTestType[]]

/** Results, and how long each is kept (382.401(b)): 5 years for positives and refusals, 1 year for negatives. */
export const DRUG_TEST_RESULTS = [
  { value: 'negative', label: msg('Negative'), keptMonths: 12 },
  { value: 'positive', label: msg('Positive'), keptMonths: 60 },
  { value: 'refusal', label: msg('Refusal to test'), keptMonths: 60 },
] as const
export type DrugTestResult = (typeof DRUG_TEST_RESULTS)[number]['value']
export const DRUG_TEST_RESULT_VALUES = DRUG_TEST_RESULTS.map((r) => r.value) as unknown as readonly [DrugTestResult, ...DrugTestResult[]]
export function drugTestLabel(list: readonly { value: string; label: string }[], value: string): string {
  return list.find((x) => x.value === value)?.label ?? value
}

// ---------------------------------------------------------------------------------------
// Hours of service (395), a time record — not an electronic logging device
// ---------------------------------------------------------------------------------------

export const DUTY_STATUSES = [
  { value: 'driving', label: msg('On duty driving') },
  { value: 'onDuty', label: msg('On duty not driving') },
  { value: 'offDuty', label: msg('Off duty') },
] as const
export type DutyStatus = (typeof DUTY_STATUSES)[number]['value']
export const DUTY_STATUS_VALUES = DUTY_STATUSES.map((s) => s.value) as unknown as readonly [DutyStatus, ...DutyStatus[]]
export function dutyStatusLabel(value: string): string {
  return DUTY_STATUSES.find((s) => s.value === value)?.label ?? value
}

/** Where a duty period came from: the driver's phone, a pre-trip's times, typed by a manager. */
export const DUTY_SOURCES = [
  { value: 'phone', label: msg('Driver’s phone') },
  { value: 'preTrip', label: msg('Pre-trip') },
  { value: 'manager', label: msg('Entered by a manager') },
] as const
export type DutySource = (typeof DUTY_SOURCES)[number]['value']
export const DUTY_SOURCE_VALUES = DUTY_SOURCES.map((s) => s.value) as unknown as readonly [DutySource, ...DutySource[]]

/** The operator's cycle (395.5(b)): 60 hours in 7 days, or 70 hours in 8 days when it runs every day. */
export const HOS_CYCLES = [
  { value: '60/7', label: msg('60 hours in 7 days'), hours: 60, days: 7 },
  { value: '70/8', label: msg('70 hours in 8 days'), hours: 70, days: 8 },
] as const
export type HosCycle = (typeof HOS_CYCLES)[number]['value']
export const HOS_CYCLE_VALUES = HOS_CYCLES.map((c) => c.value) as unknown as readonly [HosCycle, ...HosCycle[]]

/** Passenger-carrier limits (395.5(a)), in minutes, and when the warning comes before each. */
export const HOS_LIMITS = {
  /** Consecutive hours off duty that start a new duty day. */
  resetOffMinutes: 8 * 60,
  /** Driving after the reset. */
  drivingMinutes: 10 * 60,
  /** On duty (driving included) after the reset: no driving after the 15th hour. */
  onDutyMinutes: 15 * 60,
  /** The short-haul exception (395.1(e)(1)): released within 14 hours of coming on duty. */
  shortHaulMinutes: 14 * 60,
  /** Warnings come this long before the daily limits… */
  warnDailyMinutes: 60,
  /** …and this long before the cycle's. */
  warnCycleMinutes: 5 * 60,
  /** The short-haul time record is kept 6 months (395.1(e)(1)(v)). */
  keptMonths: 6,
} as const

/** One limit's state: under, warning (within the warning time), reached (at or past it). */
export type HosLimitState = 'ok' | 'warning' | 'reached'

// ---------------------------------------------------------------------------------------
// Company settings (operator companies)
// ---------------------------------------------------------------------------------------

/** Whether a driver whose license or medical certificate has expired may still file a pre-trip. */
export const EXPIRED_DRIVER_PRE_TRIP_RULES = [
  { value: 'allow', label: msg('Allow the pre-trip and show the expiry') },
  { value: 'refuse', label: msg('Refuse the pre-trip') },
] as const
export type ExpiredDriverPreTripRule = (typeof EXPIRED_DRIVER_PRE_TRIP_RULES)[number]['value']
export const EXPIRED_DRIVER_PRE_TRIP_RULE_VALUES = EXPIRED_DRIVER_PRE_TRIP_RULES.map((r) => r.value) as unknown as readonly [
  ExpiredDriverPreTripRule,
  ...ExpiredDriverPreTripRule[],
]
