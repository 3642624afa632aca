import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { PRE_INSPECTION_IMAGE_KINDS, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { INSPECTION_ITEM_STATUSES, type InspectionItemKey } from '#catalog/inspection-checklist.ts'
import { INSPECTION_REVIEW_STATUS_VALUES, type InspectionReviewStatus } from '#catalog/statuses.ts'
import { bool, id, inList, instant, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { vehicles } from './fleet.ts'
import { users } from './users.ts'

// ---------------------------------------------------------------------------------------
// Pre-inspections (driver's daily pre-trip, one "drive"/mission). Append-only records.
// ---------------------------------------------------------------------------------------

export const preInspections = sqliteTable(
  'pre_inspections',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'restrict'),
    /** The operator company the driver filed it for (it had the active assignment). */
    operatorCompanyId: ref('operator_company_id', () => companies.id, 'restrict'),
    driverUserId: integer('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The driver's name as signed (kept after account deletion). */
    driverName: text('driver_name').notNull(),
    /** YYYY-MM-DD */
    date: text('date').notNull(),
    timeIn: instant('time_in').notNull(),
    timeOut: instant('time_out'),
    odometerStart: integer('odometer_start').notNull(),
    odometerEnd: integer('odometer_end'),
    comments: text('comments'),
    /** Computed by the server: no Defective item. */
    isSatisfactory: bool('is_satisfactory').notNull(),
    defectsCorrected: bool('defects_corrected').notNull().default(false),
    defectsNeedCorrection: bool('defects_need_correction').notNull().default(false),
    damageFront: text('damage_front'),
    damageRear: text('damage_rear'),
    damageRightSide: text('damage_right_side'),
    damageLeftSide: text('damage_left_side'),
    /** The typed full name that signs a form filed without JavaScript (no drawn signature). */
    signatureName: text('signature_name'),
    /** The client's idempotency key: a retry, double tap or second tab returns the first filing. */
    idempotencyKey: text('idempotency_key'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    index('pre_inspections_vehicle_date_idx').on(t.vehicleId, t.date),
    uniqueIndex('pre_inspections_idempotency_unique').on(t.driverUserId, t.idempotencyKey),
    index('pre_inspections_driver_date_idx').on(t.driverUserId, t.date),
    // Covering for the driver's statistics (counts, miles, hours, cars): no table lookups.
    index('pre_inspections_driver_stats_idx').on(
      t.driverUserId,
      t.operatorCompanyId,
      t.date,
      t.vehicleId,
      t.odometerStart,
      t.odometerEnd,
      t.timeIn,
      t.timeOut,
    ),
    // Covering for the operator's missions and miles (statistics, charts): no table lookups.
    index('pre_inspections_operator_date_miles_idx').on(t.operatorCompanyId, t.date, t.odometerStart, t.odometerEnd),
    check('pre_inspections_odometer_check', sql`"odometer_end" IS NULL OR "odometer_end" >= "odometer_start"`),
  ],
)

/**
 * Missions and miles per operator company and month (the pre-trip's own local date), kept by
 * triggers on pre_inspections (migration 0006): the operator's all-time mission count and its
 * monthly figures read at most 12 × years rows instead of counting every pre-trip.
 */
export const operatorMonthlyActivity = sqliteTable(
  'operator_monthly_activity',
  {
    operatorCompanyId: integer('operator_company_id').notNull(),
    /** YYYY-MM */
    month: text('month').notNull(),
    missions: integer('missions').notNull().default(0),
    /** Σ (odometerEnd − odometerStart) over the month's pre-trips with an end odometer. */
    miles: integer('miles').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'operator_monthly_activity_pk', columns: [t.operatorCompanyId, t.month] })],
)

/** One row per checklist item of `PRE_INSPECTION_ITEMS`. */
export const preInspectionAnswers = sqliteTable(
  'pre_inspection_answers',
  {
    preInspectionId: ref('pre_inspection_id', () => preInspections.id, 'cascade'),
    itemKey: text('item_key').$type<PreInspectionItemKey>().notNull(),
    defective: bool('defective').notNull(),
  },
  (t) => [primaryKey({ name: 'pre_inspection_answers_pk', columns: [t.preInspectionId, t.itemKey] })],
)

/** The driver's signature and the four damage-side photos (one each). */
export const preInspectionImages = sqliteTable(
  'pre_inspection_images',
  {
    preInspectionId: ref('pre_inspection_id', () => preInspections.id, 'cascade'),
    kind: text('kind', { enum: PRE_INSPECTION_IMAGE_KINDS }).notNull(),
    /** The bytes, in `blob_chunks` (decision 070). */
    blobId: text('blob_id').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [
    primaryKey({ name: 'pre_inspection_images_pk', columns: [t.preInspectionId, t.kind] }),
    check('pre_inspection_images_kind_check', inList('kind', PRE_INSPECTION_IMAGE_KINDS)),
  ],
)

/** Extra photos attached to a pre-inspection. */
export const preInspectionPhotos = sqliteTable(
  'pre_inspection_photos',
  {
    id: id(),
    preInspectionId: ref('pre_inspection_id', () => preInspections.id, 'cascade'),
    name: text('name').notNull(),
    /** The bytes, in `blob_chunks` (decision 070). */
    blobId: text('blob_id').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [index('pre_inspection_photos_pre_inspection_idx').on(t.preInspectionId)],
)

// ---------------------------------------------------------------------------------------
// Inspections (mechanic's periodic inspection, 48 items). Append-only records.
// ---------------------------------------------------------------------------------------

export const inspections = sqliteTable(
  'inspections',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'restrict'),
    inspectorUserId: integer('inspector_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The inspector's name as signed (kept after account deletion). */
    inspectorName: text('inspector_name').notNull(),
    /** YYYY-MM-DD */
    inspectionDate: text('inspection_date').notNull(),
    /** Computed by the server: no Unsatisfactory item. */
    isSatisfactory: bool('is_satisfactory').notNull(),
    /** The odometer read by the inspector (optional). */
    odometer: integer('odometer'),
    /** The typed full name that signs a form filed without JavaScript (no drawn signature). */
    signatureName: text('signature_name'),
    /** The client's idempotency key: a retry, double tap or second tab returns the first filing. */
    idempotencyKey: text('idempotency_key'),
    createdAt: instantNow('created_at'),
    /** Applied, or Pending/Accepted/Rejected when filed by a company with no relation to the bus (decision 062). */
    reviewStatus: text('review_status').$type<InspectionReviewStatus>().notNull().default('Applied'),
    reviewedAt: instant('reviewed_at'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner manager's name as they decided (kept after account deletion, like the signer's). */
    reviewedByName: text('reviewed_by_name'),
    /** Marked by the mechanic as the annual (periodic) inspection, 49 CFR 396.17. */
    isAnnual: bool('is_annual').notNull().default(false),
    /** The inspector's qualification as it was when the annual inspection was filed (49 CFR 396.19). */
    inspectorQualification: text('inspector_qualification'),
  },
  (t) => [
    index('inspections_vehicle_date_idx').on(t.vehicleId, t.inspectionDate),
    uniqueIndex('inspections_idempotency_unique').on(t.inspectorUserId, t.idempotencyKey),
    index('inspections_inspector_date_idx').on(t.inspectorUserId, t.inspectionDate),
    index('inspections_vehicle_annual_idx').on(t.vehicleId, t.inspectionDate).where(sql`"is_annual" = 1`),
    check('inspections_review_status_check', inList('review_status', INSPECTION_REVIEW_STATUS_VALUES)),
  ],
)

/** One row per key of `INSPECTION_ITEMS`: status 0 Satisfactory, 1 Unsatisfactory, 2 NotApplicable. */
export const inspectionItems = sqliteTable(
  'inspection_items',
  {
    inspectionId: ref('inspection_id', () => inspections.id, 'cascade'),
    itemKey: text('item_key').$type<InspectionItemKey>().notNull(),
    status: integer('status').notNull(),
    comments: text('comments'),
  },
  (t) => [
    primaryKey({ name: 'inspection_items_pk', columns: [t.inspectionId, t.itemKey] }),
    // Defects found (status 1 Unsatisfactory) without reading the 48 rows of every inspection.
    index('inspection_items_unsatisfactory_idx').on(t.inspectionId, t.itemKey).where(sql`"status" = 1`),
    check(
      'inspection_items_status_check',
      inList(
        'status',
        INSPECTION_ITEM_STATUSES.map((s) => s.value),
      ),
    ),
  ],
)

export const inspectionSignatures = sqliteTable('inspection_signatures', {
  inspectionId: integer('inspection_id')
    .primaryKey()
    .references(() => inspections.id, { onDelete: 'cascade' }),
  /** The bytes, in `blob_chunks` (decision 070). */
  blobId: text('blob_id').notNull(),
  contentType: text('content_type').notNull(),
})

export const inspectionPhotos = sqliteTable(
  'inspection_photos',
  {
    id: id(),
    inspectionId: ref('inspection_id', () => inspections.id, 'cascade'),
    name: text('name').notNull(),
    /** The bytes, in `blob_chunks` (decision 070). */
    blobId: text('blob_id').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [index('inspection_photos_inspection_idx').on(t.inspectionId)],
)

export type PreInspection = typeof preInspections.$inferSelect
export type NewPreInspection = typeof preInspections.$inferInsert
export type PreInspectionAnswer = typeof preInspectionAnswers.$inferSelect
export type Inspection = typeof inspections.$inferSelect
export type NewInspection = typeof inspections.$inferInsert
export type InspectionItemRow = typeof inspectionItems.$inferSelect
