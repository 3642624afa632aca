import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import {
  DRIVER_FILE_ITEM_KIND_VALUES,
  DRUG_TEST_RESULT_VALUES,
  DRUG_TEST_SUBSTANCE_VALUES,
  DRUG_TEST_TYPE_VALUES,
  DUTY_SOURCE_VALUES,
  DUTY_STATUS_VALUES,
} from '#catalog/drivers.ts'
import { id, inList, instant, instantNow, ref, updatedAtNow } from './columns.ts'
import { companies } from './companies.ts'
import { users } from './users.ts'

/**
 * A driver's qualification file at one operator company (issue 37, decision 086; 49 CFR 391.51).
 * A driver who drives for two operators has one file at each. The user row outlives a deleted
 * account (decision 008), so the file does too, until its retention ends: kept for the
 * employment and three years after `employment_ended_at`.
 */
export const driverFiles = sqliteTable(
  'driver_files',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    driverUserId: ref('driver_user_id', () => users.id, 'cascade'),
    /** YYYY-MM-DD; the annual items' first due dates count from it. */
    hiredOn: text('hired_on'),
    /** Set when the operator deactivates the person's Driver role or the account is deleted; cleared on reactivation. */
    employmentEndedAt: instant('employment_ended_at'),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    uniqueIndex('driver_files_company_driver_unique').on(t.companyId, t.driverUserId),
    index('driver_files_driver_idx').on(t.driverUserId),
    index('driver_files_company_ended_idx').on(t.companyId, t.employmentEndedAt),
  ],
)

/**
 * A document of a driver's file or test (the application, an MVR, a certificate, a lab result):
 * content-checked like a vehicle document, its bytes in `blob_chunks` (decision 070; a trigger
 * deletes them with the row). Never listed with a bus's documents; never sent by a webhook.
 */
export const driverDocuments = sqliteTable(
  'driver_documents',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    driverFileId: ref('driver_file_id', () => driverFiles.id, 'cascade'),
    blobId: text('blob_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: instantNow('uploaded_at'),
  },
  (t) => [index('driver_documents_company_idx').on(t.companyId), index('driver_documents_file_idx').on(t.driverFileId)],
)

/** One item of a driver's qualification file (391.51(b)): its kind, date, expiry where one applies, and its document. */
export const driverFileItems = sqliteTable(
  'driver_file_items',
  {
    id: id(),
    driverFileId: ref('driver_file_id', () => driverFiles.id, 'cascade'),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    kind: text('kind', { enum: DRIVER_FILE_ITEM_KIND_VALUES }).notNull(),
    /** YYYY-MM-DD: the day the item was done, issued or received. */
    itemDate: text('item_date').notNull(),
    /** YYYY-MM-DD (the medical examiner's certificate); never before `item_date`. */
    expiryDate: text('expiry_date'),
    note: text('note'),
    documentId: integer('document_id').references((): AnySQLiteColumn => driverDocuments.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    index('driver_file_items_file_kind_idx').on(t.driverFileId, t.kind, t.itemDate),
    index('driver_file_items_company_kind_idx').on(t.companyId, t.kind, t.expiryDate),
    uniqueIndex('driver_file_items_idempotency_unique').on(t.createdByUserId, t.idempotencyKey),
    check('driver_file_items_kind_check', inList('kind', DRIVER_FILE_ITEM_KIND_VALUES)),
    check('driver_file_items_expiry_check', sql`"expiry_date" IS NULL OR "expiry_date" >= "item_date"`),
  ],
)

/** A drug or alcohol test (part 382). Kept 1 year when negative, 5 years when positive or refused (382.401). */
export const driverTests = sqliteTable(
  'driver_tests',
  {
    id: id(),
    driverFileId: ref('driver_file_id', () => driverFiles.id, 'cascade'),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    substance: text('substance', { enum: DRUG_TEST_SUBSTANCE_VALUES }).notNull(),
    testType: text('test_type', { enum: DRUG_TEST_TYPE_VALUES }).notNull(),
    /** YYYY-MM-DD */
    testDate: text('test_date').notNull(),
    result: text('result', { enum: DRUG_TEST_RESULT_VALUES }).notNull(),
    collectionSite: text('collection_site'),
    note: text('note'),
    documentId: integer('document_id').references((): AnySQLiteColumn => driverDocuments.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    index('driver_tests_file_date_idx').on(t.driverFileId, t.testDate),
    index('driver_tests_company_result_date_idx').on(t.companyId, t.result, t.testDate),
    uniqueIndex('driver_tests_idempotency_unique').on(t.createdByUserId, t.idempotencyKey),
    check('driver_tests_substance_check', inList('substance', DRUG_TEST_SUBSTANCE_VALUES)),
    check('driver_tests_type_check', inList('test_type', DRUG_TEST_TYPE_VALUES)),
    check('driver_tests_result_check', inList('result', DRUG_TEST_RESULT_VALUES)),
  ],
)

/**
 * A duty period of a driver at one operator (49 CFR 395, a time record, not an ELD): from the
 * driver's phone, a pre-trip's times, or typed by a manager. Periods of one driver at one company
 * never overlap; at most one is open (`ended_at` null). Off-duty time is the time between
 * periods (or an explicit `offDuty` period).
 */
export const dutyPeriods = sqliteTable(
  'duty_periods',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    driverUserId: ref('driver_user_id', () => users.id, 'cascade'),
    status: text('status', { enum: DUTY_STATUS_VALUES }).notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    source: text('source', { enum: DUTY_SOURCE_VALUES }).notNull(),
    note: text('note'),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    index('duty_periods_company_driver_started_idx').on(t.companyId, t.driverUserId, t.startedAt),
    index('duty_periods_company_started_idx').on(t.companyId, t.startedAt),
    uniqueIndex('duty_periods_open_unique')
      .on(t.companyId, t.driverUserId)
      .where(sql`"ended_at" IS NULL`),
    uniqueIndex('duty_periods_idempotency_unique').on(t.createdByUserId, t.idempotencyKey),
    check('duty_periods_status_check', inList('status', DUTY_STATUS_VALUES)),
    check('duty_periods_source_check', inList('source', DUTY_SOURCE_VALUES)),
    check('duty_periods_order_check', sql`"ended_at" IS NULL OR "ended_at" > "started_at"`),
  ],
)

export type DriverFile = typeof driverFiles.$inferSelect
export type DriverFileItem = typeof driverFileItems.$inferSelect
export type DriverDocument = typeof driverDocuments.$inferSelect
export type DriverTest = typeof driverTests.$inferSelect
export type DutyPeriod = typeof dutyPeriods.$inferSelect
