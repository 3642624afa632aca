import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  EMERGENCY_EXIT_CHECK_FILER_ROLES,
  EMERGENCY_EXIT_ITEM_STATUS_VALUES,
  LEASE_SIDES,
  RETENTION_RECORD_TYPES,
  type EmergencyExitItemKey,
} from '#catalog/compliance.ts'
import { bool, id, inList, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { vehicles } from './fleet.ts'
import { operatorAssignments, vehicleRequests } from './requests.ts'
import { users } from './users.ts'

// ---------------------------------------------------------------------------------------
// The lease (49 CFR 390.401–390.403): drafted when an owner approves a vehicle request.
// Its parties, vehicle and term are copied when drafted: the signed text never changes.
// ---------------------------------------------------------------------------------------

export const leaseAgreements = sqliteTable(
  'lease_agreements',
  {
    id: id(),
    assignmentId: ref('assignment_id', () => operatorAssignments.id, 'restrict'),
    requestId: integer('request_id').references(() => vehicleRequests.id, { onDelete: 'set null' }),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'restrict'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'restrict'),
    operatorCompanyId: ref('operator_company_id', () => companies.id, 'restrict'),
    /** The version of the fixed lease text (catalogue of texts in the lease module). */
    textVersion: text('text_version').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerAddress: text('owner_address'),
    operatorName: text('operator_name').notNull(),
    operatorAddress: text('operator_address'),
    vehicleIdentifier: text('vehicle_identifier').notNull(),
    vin: text('vin').notNull(),
    licensePlate: text('license_plate').notNull(),
    /** YYYY-MM-DD */
    startDate: text('start_date').notNull(),
    /** Null = open-ended. */
    endDate: text('end_date'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    uniqueIndex('lease_agreements_assignment_unique').on(t.assignmentId),
    index('lease_agreements_vehicle_start_idx').on(t.vehicleId, t.startDate),
    index('lease_agreements_owner_idx').on(t.ownerCompanyId),
    index('lease_agreements_operator_idx').on(t.operatorCompanyId),
  ],
)

/** One signature per side: a drawn image, the signer's typed name and the time. */
export const leaseSignatures = sqliteTable(
  'lease_signatures',
  {
    leaseId: ref('lease_id', () => leaseAgreements.id, 'cascade'),
    side: text('side', { enum: LEASE_SIDES }).notNull(),
    signerUserId: integer('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name as signed (kept after account deletion). */
    signerName: text('signer_name').notNull(),
    signedAt: instantNow('signed_at'),
    /** The bytes, in `blob_chunks` (decision 070). */
    blobId: text('blob_id').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [
    primaryKey({ name: 'lease_signatures_pk', columns: [t.leaseId, t.side] }),
    check('lease_signatures_side_check', inList('side', LEASE_SIDES)),
  ],
)

// ---------------------------------------------------------------------------------------
// The 90-day emergency-exit check (49 CFR 396.3(b)(4)). Append-only records.
// ---------------------------------------------------------------------------------------

export const emergencyExitChecks = sqliteTable(
  'emergency_exit_checks',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'restrict'),
    /** The company the filer acted for (a repair shop or the operator). */
    companyId: ref('company_id', () => companies.id, 'restrict'),
    filerRole: text('filer_role', { enum: EMERGENCY_EXIT_CHECK_FILER_ROLES }).notNull(),
    inspectorUserId: integer('inspector_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name as signed (kept after account deletion). */
    inspectorName: text('inspector_name').notNull(),
    /** YYYY-MM-DD in the company's time zone. */
    checkDate: text('check_date').notNull(),
    /** Computed by the server: no Unsatisfactory item. */
    isSatisfactory: bool('is_satisfactory').notNull(),
    /** The typed full name that signs a form filed without JavaScript (no drawn signature). */
    signatureName: text('signature_name'),
    idempotencyKey: text('idempotency_key'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    index('emergency_exit_checks_vehicle_date_idx').on(t.vehicleId, t.checkDate),
    uniqueIndex('emergency_exit_checks_idempotency_unique').on(t.inspectorUserId, t.idempotencyKey),
    check('emergency_exit_checks_filer_role_check', inList('filer_role', EMERGENCY_EXIT_CHECK_FILER_ROLES)),
  ],
)

export const emergencyExitCheckItems = sqliteTable(
  'emergency_exit_check_items',
  {
    checkId: ref('check_id', () => emergencyExitChecks.id, 'cascade'),
    itemKey: text('item_key').$type<EmergencyExitItemKey>().notNull(),
    status: integer('status').notNull(),
    comments: text('comments'),
  },
  (t) => [
    primaryKey({ name: 'emergency_exit_check_items_pk', columns: [t.checkId, t.itemKey] }),
    check('emergency_exit_check_items_status_check', inList('status', EMERGENCY_EXIT_ITEM_STATUS_VALUES)),
  ],
)

export const emergencyExitCheckSignatures = sqliteTable('emergency_exit_check_signatures', {
  checkId: integer('check_id')
    .primaryKey()
    .references(() => emergencyExitChecks.id, { onDelete: 'cascade' }),
  /** The bytes, in `blob_chunks` (decision 070). */
  blobId: text('blob_id').notNull(),
  contentType: text('content_type').notNull(),
})

// ---------------------------------------------------------------------------------------
// Retention: each owner company's period per record type (never below the legal minimum),
// and the daily job's log of what it removed.
// ---------------------------------------------------------------------------------------

export const retentionSettings = sqliteTable(
  'retention_settings',
  {
    companyId: ref('company_id', () => companies.id, 'cascade'),
    recordType: text('record_type', { enum: RETENTION_RECORD_TYPES }).notNull(),
    /** The company's period in months (at least the type's legal minimum). */
    months: integer('months').notNull(),
    updatedAt: instantNow('updated_at'),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'retention_settings_pk', columns: [t.companyId, t.recordType] }),
    check('retention_settings_record_type_check', inList('record_type', RETENTION_RECORD_TYPES)),
    check('retention_settings_months_check', sql`"months" > 0`),
  ],
)

export const retentionRemovals = sqliteTable(
  'retention_removals',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    recordType: text('record_type', { enum: RETENTION_RECORD_TYPES }).notNull(),
    removed: integer('removed').notNull(),
    /** The cut-off: records dated before it were removed. YYYY-MM-DD. */
    before: text('before').notNull(),
    ranAt: instantNow('ran_at'),
  },
  (t) => [index('retention_removals_company_ran_idx').on(t.companyId, t.ranAt)],
)

export type LeaseAgreement = typeof leaseAgreements.$inferSelect
export type LeaseSignature = typeof leaseSignatures.$inferSelect
export type EmergencyExitCheck = typeof emergencyExitChecks.$inferSelect
export type EmergencyExitCheckItem = typeof emergencyExitCheckItems.$inferSelect
export type RetentionSetting = typeof retentionSettings.$inferSelect
