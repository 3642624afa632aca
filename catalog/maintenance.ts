/**
 * Preventive maintenance (issue 35, decision 084): the units of an interval, the states of a due
 * item, the kinds of a service record and the bounds every door checks. Browser-safe.
 */
import { msg } from './i18n.ts'

/** A due item's state, most urgent first (the order of the due list's default sort). */
export const DUE_STATES = [
  { value: 'Overdue', label: msg('Overdue') },
  { value: 'DueSoon', label: msg('Due soon') },
  { value: 'OK', label: msg('OK') },
] as const
export type DueState = (typeof DUE_STATES)[number]['value']
export const DUE_STATE_VALUES = DUE_STATES.map((s) => s.value) as unknown as readonly [DueState, ...DueState[]]
export function dueStateLabel(value: string): string {
  return DUE_STATES.find((s) => s.value === value)?.label ?? value
}

/** What a service record says happened: the work was done, or the owner skipped one occurrence (with a reason). */
export const SERVICE_RECORD_KINDS = ['done', 'skipped'] as const
export type ServiceRecordKind = (typeof SERVICE_RECORD_KINDS)[number]

/**
 * Where a service record's reading came from: typed by whoever recorded it, the bus's latest
 * reading on that date (a certified repair without a reading: the record says so), or none known.
 */
export const SERVICE_READING_SOURCES = ['entered', 'latest', 'none'] as const
export type ServiceReadingSource = (typeof SERVICE_READING_SOURCES)[number]

/** How a bus came into a program: picked one by one, or matched by the program's rule. */
export const PROGRAM_MEMBERSHIP_KINDS = ['pick', 'rule'] as const
export type ProgramMembershipKind = (typeof PROGRAM_MEMBERSHIP_KINDS)[number]

/** Engine-hour readings (the second meter): where each came from. `correction` and `reset` start a new baseline. */
export const ENGINE_HOURS_SOURCES = [
  { value: 'preTrip', label: msg('Pre-trip') },
  { value: 'inspection', label: msg('Inspection') },
  { value: 'owner', label: msg('Owner entry') },
  { value: 'correction', label: msg('Correction') },
  { value: 'reset', label: msg('Engine replaced') },
] as const
export type EngineHoursSource = (typeof ENGINE_HOURS_SOURCES)[number]['value']
export const ENGINE_HOURS_SOURCE_VALUES = ENGINE_HOURS_SOURCES.map((s) => s.value) as unknown as readonly [EngineHoursSource, ...EngineHoursSource[]]
export function engineHoursSourceLabel(value: string): string {
  return ENGINE_HOURS_SOURCES.find((s) => s.value === value)?.label ?? value
}

/** Bounds (every door): the largest interval in each unit, the largest engine-hour reading, text lengths. */
export const MAINTENANCE_LIMITS = {
  programName: 100,
  programDescription: 2000,
  taskName: 100,
  checklist: 4000,
  notes: 2000,
  performedBy: 200,
  reason: 500,
  maxIntervalDays: 3650,
  maxIntervalMiles: 1_000_000,
  maxIntervalHours: 100_000,
  engineHoursMax: 1_000_000,
  /** Per owner company: programs, tasks per program (a stranger cannot make Operon store at will). */
  programsPerCompany: 200,
  tasksPerProgram: 50,
  /** Service records per company per day (outside services and skips typed by people). */
  serviceRecordsPerCompanyPerDay: 5000,
} as const

/** How many days of a bus's own readings its projected due dates are drawn from. */
export const PROJECTION_WINDOW_DAYS = 90
