import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { id, instant, instantNow } from './columns.ts'
import { companies } from './companies.ts'
import { users } from './users.ts'

/** Durable email outbox: committed with the change that causes it, retried until sent. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: instantNow('created_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instantNow('next_attempt_at'),
    sentAt: instant('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
)

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    at: instantNow('at'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** e.g. `vehicle.create`, `joinRequest.accept`. */
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_company_at_idx').on(t.companyId, t.at),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at),
  ],
)

/**
 * One row per owner company and local calendar day on which the morning alert digest ran
 * (issue 11). Inserting the row is the claim: exactly one digest per company and day, across
 * restarts and instances. `alertKeys` lists what it reported, so the next one can mark new alerts.
 */
export const alertDigests = sqliteTable(
  'alert_digests',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the company's time zone. */
    localDate: text('local_date').notNull(),
    createdAt: instantNow('created_at'),
    /** How many emails it put in the outbox (0 when there was nothing to report). */
    recipients: integer('recipients').notNull().default(0),
    alertKeys: text('alert_keys', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ name: 'alert_digests_pk', columns: [t.companyId, t.localDate] })],
)

export type AlertDigestRow = typeof alertDigests.$inferSelect
export type MailOutboxRow = typeof mailOutbox.$inferSelect
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert
export type AuditLogRow = typeof auditLog.$inferSelect
export type NewAuditLogRow = typeof auditLog.$inferInsert
