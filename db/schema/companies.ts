import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core'
import { REPAIR_COST_PAYER_RULE_VALUES } from '#catalog/costs.ts'
import { EXPIRED_DRIVER_PRE_TRIP_RULE_VALUES, HOS_CYCLE_VALUES } from '#catalog/drivers.ts'
import { COMPANY_TYPES } from '#catalog/roles.ts'
import { JOIN_REQUEST_STATUS_VALUES } from '#catalog/statuses.ts'
import { bool, id, inList, instant, instantNow, ref, updatedAtNow } from './columns.ts'
import { roles } from './reference.ts'
import { users } from './users.ts'

export const companies = sqliteTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    /** Short, human-typable code shown as a QR, e.g. `OPR-7H2K9Q`. */
    code: text('code').notNull(),
    /** IANA time zone; "today" for expiry alerts and date rules is computed in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Postal address, printed on the lease and the inspection decal (one line per line). */
    address: text('address'),
    /** The repair shop that receives this (owner) company's repair actions. */
    repairShopCompanyId: integer('repair_shop_company_id').references((): AnySQLiteColumn => companies.id, {
      onDelete: 'set null',
    }),
    /** ISO 4217 code of the company's costs (decision 085); amounts are integer cents of it. */
    currency: text('currency').notNull().default('USD'),
    /** Owner companies: who a new repair cost line is charged to by default (REPAIR_COST_PAYER_RULES). */
    repairCostPayer: text('repair_cost_payer', { enum: REPAIR_COST_PAYER_RULE_VALUES }).notNull().default('owner'),
    /** Operator companies: whether a driver whose license or medical certificate has expired may file a pre-trip (decision 086). */
    expiredDriverPreTrip: text('expired_driver_pre_trip', { enum: EXPIRED_DRIVER_PRE_TRIP_RULE_VALUES }).notNull().default('allow'),
    /** Operator companies: the hours-of-service cycle (395.5(b)): '60/7' or '70/8'. */
    hosCycle: text('hos_cycle', { enum: HOS_CYCLE_VALUES }).notNull().default('60/7'),
    createdAt: instantNow('created_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('companies_code_unique').on(t.code)],
)

/** A company has one or more types (Owner, Operator, RepairShop). */
export const companyTypes = sqliteTable(
  'company_types',
  {
    companyId: ref('company_id', () => companies.id, 'cascade'),
    type: text('type', { enum: COMPANY_TYPES }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'company_types_pk', columns: [t.companyId, t.type] }),
    index('company_types_type_idx').on(t.type),
    check('company_types_type_check', inList('type', COMPANY_TYPES)),
  ],
)

/** A role held by a user in a company, with its active flag. */
export const memberships = sqliteTable(
  'memberships',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    roleId: ref('role_id', () => roles.id, 'restrict'),
    isActive: bool('is_active').notNull().default(true),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    uniqueIndex('memberships_user_company_role_unique').on(t.userId, t.companyId, t.roleId),
    index('memberships_company_role_idx').on(t.companyId, t.roleId),
  ],
)

export const joinRequests = sqliteTable(
  'join_requests',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    roleId: ref('role_id', () => roles.id, 'restrict'),
    status: text('status', { enum: JOIN_REQUEST_STATUS_VALUES }).notNull().default('Pending'),
    requestedAt: instantNow('requested_at'),
    answeredAt: instant('answered_at'),
    answeredByUserId: integer('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('join_requests_company_status_idx').on(t.companyId, t.status),
    index('join_requests_user_id_idx').on(t.userId),
    uniqueIndex('join_requests_pending_unique')
      .on(t.userId, t.companyId, t.roleId)
      .where(sql`"status" = 'Pending'`),
    check('join_requests_status_check', inList('status', JOIN_REQUEST_STATUS_VALUES)),
  ],
)

export type Company = typeof companies.$inferSelect
export type NewCompany = typeof companies.$inferInsert
export type CompanyTypeRow = typeof companyTypes.$inferSelect
export type Membership = typeof memberships.$inferSelect
export type NewMembership = typeof memberships.$inferInsert
export type JoinRequest = typeof joinRequests.$inferSelect
export type NewJoinRequest = typeof joinRequests.$inferInsert
