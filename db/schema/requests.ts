import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { VEHICLE_REQUEST_STATUS_VALUES } from '#catalog/statuses.ts'
import { id, inList, instant, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { vehicles } from './fleet.ts'
import { users } from './users.ts'

/** An operator's request to operate an owner's vehicle. Dates are 'YYYY-MM-DD'. */
export const vehicleRequests = sqliteTable(
  'vehicle_requests',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    operatorCompanyId: ref('operator_company_id', () => companies.id, 'cascade'),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: VEHICLE_REQUEST_STATUS_VALUES }).notNull().default('Pending'),
    startDate: text('start_date').notNull(),
    /** Null = open-ended. */
    endDate: text('end_date'),
    /** The owner's answer ("Request approved." / "Request rejected."). */
    message: text('message'),
    requestedAt: instantNow('requested_at'),
    respondedAt: instant('responded_at'),
    respondedByUserId: integer('responded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('vehicle_requests_operator_requested_idx').on(t.operatorCompanyId, t.requestedAt),
    index('vehicle_requests_owner_status_idx').on(t.ownerCompanyId, t.status),
    index('vehicle_requests_vehicle_id_idx').on(t.vehicleId),
    uniqueIndex('vehicle_requests_pending_unique')
      .on(t.vehicleId, t.operatorCompanyId)
      .where(sql`"status" = 'Pending'`),
    check('vehicle_requests_status_check', inList('status', VEHICLE_REQUEST_STATUS_VALUES)),
    check('vehicle_requests_dates_check', sql`"end_date" IS NULL OR "end_date" >= "start_date"`),
  ],
)

/**
 * A vehicle operated by an operator company, created when the owner approves a request.
 * Active while today is between startDate and endDate (open end) and endedAt is null.
 */
export const operatorAssignments = sqliteTable(
  'operator_assignments',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    operatorCompanyId: ref('operator_company_id', () => companies.id, 'cascade'),
    requestId: integer('request_id').references(() => vehicleRequests.id, { onDelete: 'set null' }),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    /** Set when the assignment is ended early (e.g. by the owner). */
    endedAt: instant('ended_at'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    index('operator_assignments_vehicle_start_idx').on(t.vehicleId, t.startDate),
    index('operator_assignments_operator_idx').on(t.operatorCompanyId),
    uniqueIndex('operator_assignments_request_unique').on(t.requestId),
    check('operator_assignments_dates_check', sql`"end_date" IS NULL OR "end_date" >= "start_date"`),
  ],
)

export type VehicleRequest = typeof vehicleRequests.$inferSelect
export type NewVehicleRequest = typeof vehicleRequests.$inferInsert
export type OperatorAssignment = typeof operatorAssignments.$inferSelect
export type NewOperatorAssignment = typeof operatorAssignments.$inferInsert
