import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { ENGINE_HOURS_SOURCE_VALUES, PROGRAM_MEMBERSHIP_KINDS, SERVICE_READING_SOURCES, SERVICE_RECORD_KINDS } from '#catalog/maintenance.ts'
import { id, inList, instant, instantNow, ref, updatedAtNow } from './columns.ts'
import { companies } from './companies.ts'
import { vehicleDocuments, vehicles } from './fleet.ts'
import { inspections, preInspections } from './inspections.ts'
import { repairActions } from './repairs.ts'
import { users } from './users.ts'

/**
 * Preventive maintenance (issue 35, decision 084). A service program of an owner company is a
 * set of service tasks; it applies to buses picked one by one or matched by its rule (the fleet
 * table's own filters). Next due points are computed in SQL from `vehicle_service_last` (the last
 * service of each bus × task, kept current in the service record's transaction) and the bus's
 * meters: nothing due is stored that could go stale.
 */

/** The rule of a program: the fleet table's filters (AND across fields, OR within one). Empty: no rule. */
export interface ProgramRule {
  tag?: string[]
  make?: string[]
  model?: string[]
  yearFrom?: number
  yearTo?: number
  fuelType?: number[]
}

export const servicePrograms = sqliteTable(
  'service_programs',
  {
    id: id(),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    /** Null: buses are picked one by one only. */
    rule: text('rule', { mode: 'json' }).$type<ProgramRule>(),
    /** The template it was copied from (its key in catalog/maintenance-templates.ts), if any. */
    templateKey: text('template_key'),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
    /** Bumped by every edit; an edit started from an older version is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('service_programs_owner_idx').on(t.ownerCompanyId, t.name)],
)

/**
 * A task of a program: an interval in days, miles and/or engine hours (at least one; whichever
 * comes first), a "due soon" threshold in the same units (smaller than the interval), and an
 * optional first due point for a bus that joins with no history.
 */
export const serviceTasks = sqliteTable(
  'service_tasks',
  {
    id: id(),
    programId: ref('program_id', () => servicePrograms.id, 'cascade'),
    /** Denormalised from the program (the due list filters and joins by company without it). */
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    name: text('name').notNull(),
    checklist: text('checklist'),
    intervalDays: integer('interval_days'),
    intervalMiles: integer('interval_miles'),
    intervalHours: integer('interval_hours'),
    soonDays: integer('soon_days'),
    soonMiles: integer('soon_miles'),
    soonHours: integer('soon_hours'),
    /** 'YYYY-MM-DD', odometer, engine hours: the first due point of a bus with no service recorded. */
    firstDueDate: text('first_due_date'),
    firstDueMiles: integer('first_due_miles'),
    firstDueHours: integer('first_due_hours'),
    position: integer('position').notNull().default(0),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    index('service_tasks_program_idx').on(t.programId, t.position),
    index('service_tasks_owner_idx').on(t.ownerCompanyId),
    check('service_tasks_interval_check', sql`coalesce("interval_days", "interval_miles", "interval_hours") IS NOT NULL`),
    check('service_tasks_interval_positive_check', sql`coalesce("interval_days", 1) > 0 AND coalesce("interval_miles", 1) > 0 AND coalesce("interval_hours", 1) > 0`),
  ],
)

/**
 * The buses of a program. `kind` says how the bus came in (picked, or matched by the rule: rule
 * rows are rewritten when the rule or the bus changes). `joinedOn`, `joinLifeMiles` and
 * `joinLifeHours` are the baseline of a bus with no service recorded and no first due point.
 */
export const serviceProgramVehicles = sqliteTable(
  'service_program_vehicles',
  {
    programId: ref('program_id', () => servicePrograms.id, 'cascade'),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    kind: text('kind', { enum: PROGRAM_MEMBERSHIP_KINDS }).notNull(),
    /** 'YYYY-MM-DD' in the company's time zone. */
    joinedOn: text('joined_on').notNull(),
    joinLifeMiles: integer('join_life_miles'),
    joinLifeHours: real('join_life_hours'),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.vehicleId] }),
    index('service_program_vehicles_vehicle_idx').on(t.vehicleId),
    index('service_program_vehicles_owner_idx').on(t.ownerCompanyId, t.vehicleId),
    check('service_program_vehicles_kind_check', inList('kind', PROGRAM_MEMBERSHIP_KINDS)),
  ],
)

/**
 * A service done (in Operon's repair shop through "Send to repair shop", or outside and recorded
 * by the owner) or one occurrence skipped. It keeps its own date and readings and the task's and
 * program's names as they were: removing a pre-trip, a task or a program never takes it with it.
 * `lifeMiles`/`lifeHours` are the meters with every correction's jump added back (decision 084),
 * so an interval that spans a correction counts the miles really driven.
 */
export const serviceRecords = sqliteTable(
  'service_records',
  {
    id: id(),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    taskId: integer('task_id').references(() => serviceTasks.id, { onDelete: 'set null' }),
    taskName: text('task_name').notNull(),
    programName: text('program_name').notNull(),
    kind: text('kind', { enum: SERVICE_RECORD_KINDS }).notNull(),
    /** 'YYYY-MM-DD' (company time zone). */
    performedOn: text('performed_on').notNull(),
    odometer: integer('odometer'),
    lifeMiles: integer('life_miles'),
    engineHours: real('engine_hours'),
    lifeHours: real('life_hours'),
    readingSource: text('reading_source', { enum: SERVICE_READING_SOURCES }).notNull(),
    /** Who did the work (a garage's name, the certifying mechanic). */
    performedBy: text('performed_by'),
    notes: text('notes'),
    /** Why an occurrence was skipped (required for `skipped`). */
    reason: text('reason'),
    /** What the service cost, in cents of the owner's currency (paid by the owner; decision 085). */
    costCents: integer('cost_cents'),
    /** The invoice, through the document store. */
    documentId: integer('document_id').references(() => vehicleDocuments.id, { onDelete: 'set null' }),
    /** The repair action that did the work ("Send to repair shop"). */
    repairActionId: integer('repair_action_id').references(() => repairActions.id, { onDelete: 'set null' }),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    index('service_records_vehicle_idx').on(t.vehicleId, t.performedOn, t.id),
    index('service_records_owner_created_idx').on(t.ownerCompanyId, t.createdAt),
    index('service_records_task_idx').on(t.taskId),
    index('service_records_repair_action_idx').on(t.repairActionId),
    check('service_records_kind_check', inList('kind', SERVICE_RECORD_KINDS)),
    check('service_records_reading_source_check', inList('reading_source', SERVICE_READING_SOURCES)),
  ],
)

/** The last service of each bus × task (latest `performedOn`, then id): what the next due point restarts from. */
export const vehicleServiceLast = sqliteTable(
  'vehicle_service_last',
  {
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    taskId: ref('task_id', () => serviceTasks.id, 'cascade'),
    recordId: ref('record_id', () => serviceRecords.id, 'cascade'),
    performedOn: text('performed_on').notNull(),
    lifeMiles: integer('life_miles'),
    lifeHours: real('life_hours'),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.taskId] }), index('vehicle_service_last_task_idx').on(t.taskId)],
)

/**
 * Engine-hour readings (the second meter, with the odometer's rules): append-only; a reading
 * below the latest since the last `correction`/`reset` is refused; `vehicles.engine_hours`
 * mirrors the latest.
 */
export const engineHourReadings = sqliteTable(
  'engine_hour_readings',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    reading: real('reading').notNull(),
    source: text('source', { enum: ENGINE_HOURS_SOURCE_VALUES }).notNull(),
    recordedAt: instantNow('recorded_at'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    preInspectionId: integer('pre_inspection_id').references(() => preInspections.id, { onDelete: 'cascade' }),
    inspectionId: integer('inspection_id').references(() => inspections.id, { onDelete: 'cascade' }),
    reason: text('reason'),
  },
  (t) => [
    index('engine_hour_readings_vehicle_idx').on(t.vehicleId, t.id),
    check('engine_hour_readings_source_check', inList('source', ENGINE_HOURS_SOURCE_VALUES)),
    check('engine_hour_readings_reading_check', sql`"reading" >= 0`),
  ],
)

/**
 * A person's calendar feed (iCalendar): the secret (≥ 128 bits) travels in the feed's URL and
 * only its SHA-256 is stored. One live feed per person; revoked by the person, a password reset
 * or the loss of a role.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    createdAt: instantNow('created_at'),
    lastFetchedAt: instant('last_fetched_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('calendar_feeds_token_idx').on(t.tokenHash), index('calendar_feeds_user_idx').on(t.userId, t.revokedAt)],
)

export type ServiceProgram = typeof servicePrograms.$inferSelect
export type ServiceTask = typeof serviceTasks.$inferSelect
export type ServiceRecord = typeof serviceRecords.$inferSelect
export type EngineHourReading = typeof engineHourReadings.$inferSelect
