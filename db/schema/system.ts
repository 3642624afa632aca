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
    // A person's own sign-ins and account events (decision 079): rows about the user as the record.
    index('audit_log_entity_at_idx').on(t.entityType, t.entityId, t.at),
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

/**
 * Fixed-window counters of the security limits (decision 041): the password, code, registration
 * and reset steps per address, the captcha fallback's answers, the per-recipient mail caps and
 * the per-email login lock. Shared by every instance on the database and kept over restarts.
 * One UPSERT per counted step; rows are dropped once `expiresAt` has passed.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    /** The limit's name (`login`, `reset`, `lock`, `mail-code` …). */
    bucket: text('bucket').notNull(),
    /** Who is counted: a client address, an email as typed, a user. */
    key: text('key').notNull(),
    /** Steps counted in the current window. */
    hits: integer('hits').notNull(),
    /** Unix ms: the window (or the lock) ends; the row counts as absent from then on. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limits_pk', columns: [t.bucket, t.key] }), index('rate_limits_expires_idx').on(t.expiresAt)],
)

/**
 * Captcha solutions and fallback tokens already accepted (single use across instances and
 * restarts), until the challenge expires anyway. Inserting the row is the use.
 */
export const usedCaptchas = sqliteTable(
  'used_captchas',
  {
    /** `pow:<sha256 of the challenge signature>` or `q:<question nonce>`. */
    id: text('id').primaryKey(),
    /** Unix ms: the challenge's own expiry. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
)

/**
 * Leases on background work (decision 041): at most one instance runs the mail worker (and the
 * alert digest) at a time. Acquire = a conditional UPSERT that only takes a free or expired row.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  /** The instance holding it (host, pid and a random part). */
  holder: text('holder').notNull(),
  /** Unix ms: the holder must renew before this or lose it. */
  expiresAt: integer('expires_at').notNull(),
})
