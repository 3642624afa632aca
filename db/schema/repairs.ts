import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { ODOMETER_SOURCE_VALUES } from '#catalog/odometer.ts'
import type { RecordText } from '#catalog/record-texts.ts'
import { REPAIR_TASK_STATUS_VALUES } from '#catalog/statuses.ts'
import { bool, id, inList, instant, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { emergencyExitChecks } from './compliance.ts'
import { vehicleDocuments, vehicles } from './fleet.ts'
import { inspections, preInspections } from './inspections.ts'
import { serviceTasks } from './maintenance.ts'
import { users } from './users.ts'

/**
 * Created by a pre-inspection with a Defective item. "Pending repair" while repairedAt is
 * null; "Repaired" once all its tasks are Completed.
 */
export const repairActions = sqliteTable(
  'repair_actions',
  {
    id: id(),
    /** Human-readable code, e.g. `RA-2025-000123`. */
    repairIdentifier: text('repair_identifier').notNull(),
    preInspectionId: integer('pre_inspection_id').references(() => preInspections.id, { onDelete: 'restrict' }),
    /** Or opened by a mechanic's inspection with an Unsatisfactory item (issue 23). */
    inspectionId: integer('inspection_id').references(() => inspections.id, { onDelete: 'restrict' }),
    /** Or opened by an Unsatisfactory 90-day emergency-exit check (issue 23). */
    emergencyExitCheckId: integer('emergency_exit_check_id').references(() => emergencyExitChecks.id, { onDelete: 'restrict' }),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'restrict'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'restrict'),
    /** The repair shop; null while it waits for the owner to choose one. */
    repairCompanyId: integer('repair_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** Text that is not Operon's own sentence (rows written before decision 082 that no migration recognised). */
    comments: text('comments'),
    /** Operon's sentence (who reported what, on which form, when): its key and values, shown in the reader's language (decision 082). */
    commentsText: text('comments_text', { mode: 'json' }).$type<RecordText>(),
    createdAt: instantNow('created_at'),
    repairedAt: instant('repaired_at'),
    repairedByUserId: integer('repaired_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The certifying mechanic's name as it was (kept after account deletion). */
    repairedByName: text('repaired_by_name'),
    /** A task is a safety-critical defect (SAFETY_CRITICAL_PRE_INSPECTION_KEYS): the vehicle is out of service while open. */
    outOfService: bool('out_of_service').notNull().default(false),
    /** Opened by "Send to repair shop" from due maintenance items (decision 084): its tasks name service tasks. */
    openedForService: bool('opened_for_service').notNull().default(false),
    /** The shop's invoice (decision 085): a document of the bus, kept out of the bus's document list (owner and shop only). */
    invoiceDocumentId: integer('invoice_document_id').references(() => vehicleDocuments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('repair_actions_vehicle_repaired_idx').on(t.vehicleId, t.repairedAt),
    uniqueIndex('repair_actions_repair_identifier_unique').on(t.repairIdentifier),
    uniqueIndex('repair_actions_pre_inspection_unique').on(t.preInspectionId),
    uniqueIndex('repair_actions_inspection_unique').on(t.inspectionId),
    uniqueIndex('repair_actions_emergency_exit_check_unique').on(t.emergencyExitCheckId),
    index('repair_actions_vehicle_idx').on(t.vehicleId),
    index('repair_actions_repair_company_repaired_idx').on(t.repairCompanyId, t.repairedAt),
    index('repair_actions_owner_repaired_idx').on(t.ownerCompanyId, t.repairedAt),
    index('repair_actions_invoice_document_idx').on(t.invoiceDocumentId),
  ],
)

export const repairTasks = sqliteTable(
  'repair_tasks',
  {
    id: id(),
    repairActionId: ref('repair_action_id', () => repairActions.id, 'cascade'),
    /** The defective checklist key or damage side that caused the task (null if manual). */
    sourceKey: text('source_key'),
    name: text('name').notNull(),
    /** The filer's words (a mechanic's comment, a damage note), as typed. */
    description: text('description'),
    /** Or Operon's sentence, its key and values (decision 082). */
    descriptionText: text('description_text', { mode: 'json' }).$type<RecordText>(),
    status: text('status', { enum: REPAIR_TASK_STATUS_VALUES }).notNull().default('Pending'),
    completedAt: instant('completed_at'),
    completedByUserId: integer('completed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The service task this task performs (a repair action opened for service, decision 084). */
    serviceTaskId: integer('service_task_id').references((): AnySQLiteColumn => serviceTasks.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('repair_tasks_repair_action_idx').on(t.repairActionId),
    check('repair_tasks_status_check', inList('status', REPAIR_TASK_STATUS_VALUES)),
  ],
)

/**
 * The driver's acknowledgement, on the next pre-trip, of a certified (Repaired) repair action:
 * the review of the last report and its certification. One per repair action.
 */
export const repairAcknowledgements = sqliteTable('repair_acknowledgements', {
  repairActionId: integer('repair_action_id')
    .primaryKey()
    .references(() => repairActions.id, { onDelete: 'cascade' }),
  preInspectionId: ref('pre_inspection_id', () => preInspections.id, 'cascade'),
  acknowledgedAt: instantNow('acknowledged_at'),
})

/**
 * Every odometer reading with its source and time (issue 10). Append-only. A reading below the
 * latest since the last `correction` is refused; a correction (owner, with a reason) starts a
 * new baseline. `vehicles.odometer` mirrors the latest reading.
 */
export const odometerReadings = sqliteTable(
  'odometer_readings',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    reading: integer('reading').notNull(),
    source: text('source', { enum: ODOMETER_SOURCE_VALUES }).notNull(),
    recordedAt: instantNow('recorded_at'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name of who recorded it, as it was (kept after account deletion). */
    recordedByName: text('recorded_by_name'),
    preInspectionId: integer('pre_inspection_id').references(() => preInspections.id, { onDelete: 'cascade' }),
    inspectionId: integer('inspection_id').references(() => inspections.id, { onDelete: 'cascade' }),
    /** Required for a correction (for example "odometer replaced"). */
    reason: text('reason'),
  },
  (t) => [
    index('odometer_readings_vehicle_idx').on(t.vehicleId, t.id),
    check('odometer_readings_source_check', inList('source', ODOMETER_SOURCE_VALUES)),
    check('odometer_readings_reading_check', sql`"reading" >= 0`),
  ],
)

export type RepairAction = typeof repairActions.$inferSelect
export type NewRepairAction = typeof repairActions.$inferInsert
export type RepairTask = typeof repairTasks.$inferSelect
export type NewRepairTask = typeof repairTasks.$inferInsert
export type OdometerReading = typeof odometerReadings.$inferSelect
