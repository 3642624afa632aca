import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_DISABLED_REASONS, type WebhookDeliveryEventType, type WebhookEventType } from '#catalog/webhook-events.ts'
import { bool, id, inList, instant, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { users } from './users.ts'

/**
 * A company's webhook endpoint (issue 26 point 3, decision 078): an HTTPS URL, the events it
 * gets, and the signing secret (`whsec_<base64 of 32 bytes>`, Standard Webhooks). The secret is
 * kept as is: the worker needs it to sign; it is shown to a manager only when made.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    url: text('url').notNull(),
    description: text('description'),
    /** Subscribed event types (catalog/webhook-events.ts). */
    events: text('events', { mode: 'json' }).$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: bool('enabled').notNull().default(true),
    /** Set while disabled: `manager` (turned off by hand) or `failures` (by the worker). */
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    disabledAt: instant('disabled_at'),
    /** Failed attempts in a row (any delivery of the endpoint); a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The first failure of the current run of failures (null after a success). */
    failingSince: instant('failing_since'),
    createdAt: instantNow('created_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId),
    check('webhook_endpoints_disabled_reason_check', sql`"disabled_reason" IS NULL OR ${inList('disabled_reason', WEBHOOK_DISABLED_REASONS)}`),
  ],
)

/**
 * One event to one endpoint: the outbox row the webhook worker sends (claimed with a lease on
 * `next_attempt_at`, as the mail outbox is). `payload` is the exact body signed and sent.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: ref('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    /** `webhook-id`: the event's id, the same on every retry and replay (`msg_…`). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookDeliveryEventType>().notNull(),
    payload: text('payload').notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    createdAt: instantNow('created_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instantNow('next_attempt_at'),
    lastAttemptAt: instant('last_attempt_at'),
    /** The HTTP status of the last attempt (null: no answer — refused target, timeout, network). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The first characters of the last answer's body (never more). */
    lastResponseExcerpt: text('last_response_excerpt'),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_id_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_state_check', inList('state', WEBHOOK_DELIVERY_STATES)),
  ],
)

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
