/**
 * Delivers the webhook outbox (issue 26 point 3, decision 078), as the mail worker delivers mail.
 *
 * Every run picks the due deliveries (pending, nextAttemptAt reached, endpoint enabled) and
 * handles each with short transactions of its own: claim it (nextAttemptAt pushed out by the
 * claim lease, conditional on the row being as read, so no other run or instance sends it
 * meanwhile), POST it signed with no transaction open (the SSRF guard checks the target again,
 * and each redirect), then record the outcome. A failure (no 2xx, a refused target, a network
 * error or the 10 s timeout) is retried with exponential backoff (1 min, 2, 4 … at most 1 h);
 * after MAX_ATTEMPTS the delivery is `failed`, with its last status and error, until a manager
 * replays it.
 *
 * Every failed attempt counts against its endpoint; a 2xx resets the count. An endpoint that has
 * failed DISABLE_AFTER_FAILURES attempts in a row over at least DISABLE_AFTER_MS is disabled,
 * and the company's managers get an email (once: the disabling is a conditional update).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import type { Database } from '#db/client.ts'
import { companies, webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from '#db/schema/index.ts'
import { recipientsOfRoleHolders } from '../access/role-holders.server.ts'
import { env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { OUTBOX_BATCH, OUTBOX_INTERVAL_MS, OUTBOX_LEASE_MS, retryDelayMs, startOutboxWorker } from '../jobs/outbox-worker.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { webhookDisabledMail } from '../mail/templates.ts'
import { postToWebhook, WebhookTargetError, type TargetOptions } from './safe-target.server.ts'
import { webhookHeaders } from './signing.server.ts'
import { setWebhookWorker, type WebhookWorkerHandle } from './worker-handle.server.ts'

/** A delivery gives up (state `failed`) after this many attempts. */
export const MAX_ATTEMPTS = 10
/** An endpoint is disabled after this many failed attempts in a row … */
export const DISABLE_AFTER_FAILURES = 10
/** … failing for at least this long (a short outage never disables it). */
export const DISABLE_AFTER_MS = 24 * 3600_000
/** nextAttemptAt of a delivery no run should pick up (delivered or given up). */
export const PARKED_AT = new Date(Date.UTC(9999, 11, 31))
/** A claimed delivery is tried again after this long if the process dies mid-send. */
export const CLAIM_LEASE_MS = 2 * 60_000
/** The worker's lease (decision 041): one instance delivers at a time. */
export const WEBHOOK_WORKER_LEASE = 'webhook-worker'
const MAX_ERROR_LENGTH = 500

export interface DeliverWebhooksOptions extends TargetOptions {
  now?: Date
  batch?: number
  timeoutMs?: number
}

type DueRow = WebhookDeliveryRow & { url: string; secret: string; companyId: number }

const dueWhere = (now: Date) =>
  and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true))

/** Sends the due deliveries. Never throws for one bad delivery. */
export async function deliverPendingWebhooks(db: Database, opts: DeliverWebhooksOptions = {}): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? new Date()
  const due: DueRow[] = (
    await db.read
      .select({ d: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret, companyId: webhookEndpoints.companyId })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(dueWhere(now))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(opts.batch ?? OUTBOX_BATCH)
  ).map((r) => ({ ...r.d, url: r.url, secret: r.secret, companyId: r.companyId }))
  let delivered = 0
  let failed = 0
  let mailed = false
  for (const row of due) {
    const claimedUntil = new Date(now.getTime() + CLAIM_LEASE_MS)
    if (!(await claim(db, row, claimedUntil))) continue
    const attemptAt = new Date()
    let outcome: Outcome
    try {
      const answer = await postToWebhook(row.url, { headers: webhookHeaders(row.secret, row.eventId, row.payload), body: row.payload }, opts)
      outcome = answer.status >= 200 && answer.status < 300
        ? { ok: true, status: answer.status, excerpt: answer.excerpt }
        : { ok: false, status: answer.status, excerpt: answer.excerpt, error: `HTTP ${answer.status}` }
    } catch (error) {
      const reason = error instanceof WebhookTargetError ? `Refused target: ${error.message}` : error instanceof Error ? error.message : String(error)
      outcome = { ok: false, status: null, excerpt: null, error: reason || 'unknown error' }
    }
    const result = await recordOutcome(db, row, claimedUntil, outcome, now, attemptAt)
    if (outcome.ok) delivered++
    else failed++
    mailed ||= result.disabled
  }
  if (mailed) kickMailWorker()
  return { delivered, failed }
}

type Outcome = { ok: true; status: number; excerpt: string } | { ok: false; status: number | null; excerpt: string | null; error: string }

/** Pushes nextAttemptAt to `until` if the row is still as read; false if someone else took it. */
async function claim(db: Database, row: WebhookDeliveryRow, until: Date): Promise<boolean> {
  const taken = await db.transaction((tx) =>
    tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: until })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.nextAttemptAt, row.nextAttemptAt)))
      .returning({ id: webhookDeliveries.id }),
  )
  return taken.length === 1
}

async function recordOutcome(db: Database, row: DueRow, claimedUntil: Date, outcome: Outcome, now: Date, attemptAt: Date): Promise<{ disabled: boolean }> {
  const attempts = row.attempts + 1
  const givingUp = !outcome.ok && attempts >= MAX_ATTEMPTS
  const result = await db.transaction(async (tx) => {
    const set = outcome.ok
      ? { state: 'delivered' as const, deliveredAt: attemptAt, nextAttemptAt: PARKED_AT, lastError: null }
      : {
          state: givingUp ? ('failed' as const) : ('pending' as const),
          nextAttemptAt: givingUp ? PARKED_AT : new Date(now.getTime() + retryDelayMs(attempts)),
          lastError: (givingUp ? `Gave up after ${attempts} attempts: ${outcome.error}` : outcome.error).slice(0, MAX_ERROR_LENGTH),
        }
    const recorded = await tx
      .update(webhookDeliveries)
      .set({ ...set, attempts, lastAttemptAt: attemptAt, lastStatusCode: outcome.status, lastResponseExcerpt: outcome.excerpt })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.nextAttemptAt, claimedUntil)))
      .returning({ id: webhookDeliveries.id })
    // The claim ran out and another run took it (or a manager replayed it): that run records.
    if (recorded.length === 0) return { disabled: false }
    if (outcome.ok) {
      await tx.update(webhookEndpoints).set({ consecutiveFailures: 0, failingSince: null }).where(eq(webhookEndpoints.id, row.endpointId))
      return { disabled: false }
    }
    await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`, failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.getTime()})` })
      .where(eq(webhookEndpoints.id, row.endpointId))
    // Repeated failure: disabled once (conditional), and the managers hear of it.
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failures', disabledAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, row.endpointId),
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.consecutiveFailures} >= ${DISABLE_AFTER_FAILURES}`,
          lte(webhookEndpoints.failingSince, new Date(now.getTime() - DISABLE_AFTER_MS)),
        ),
      )
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, failures: webhookEndpoints.consecutiveFailures, failingSince: webhookEndpoints.failingSince })
    const off = disabled[0]
    if (!off) return { disabled: false }
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId))
    const link = `${env().APP_URL}/company/${row.companyId}/webhooks`
    for (const to of await recipientsOfRoleHolders(tx, row.companyId, MANAGER_ROLE_NAMES, 200)) {
      await enqueueMail(tx, {
        to: to.email,
        ...webhookDisabledMail({ locale: to.locale, companyName: company?.name ?? '', url: off.url, failures: off.failures, lastError: outcome.error, link }),
      })
    }
    return { disabled: true }
  })
  const log = logger()
  const fields = { deliveryId: row.id, endpointId: row.endpointId, eventType: row.eventType, attempts, status: outcome.status }
  if (outcome.ok) log.info(fields, 'webhook delivered')
  else if (givingUp) log.warn({ ...fields, error: outcome.error }, 'webhook delivery failed; giving up')
  else log.info({ ...fields, error: outcome.error }, 'webhook delivery failed; will retry')
  if (result.disabled) log.warn({ endpointId: row.endpointId, companyId: row.companyId }, 'webhook endpoint disabled after repeated failure')
  return result
}

/** True when some delivery is due. */
async function hasDueWebhooks(db: Database, now = new Date()): Promise<boolean> {
  const [row] = await db.read
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(dueWhere(now))
    .limit(1)
  return row !== undefined
}

export interface WebhookWorker extends WebhookWorkerHandle {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

/** Delivers every 10 s and on `kick()` through the outbox worker, under the lease `webhook-worker`: one instance delivers at a time. */
export function startWebhookWorker(db: Database, opts: { holder?: string; intervalMs?: number } = {}): WebhookWorker {
  const outbox = startOutboxWorker(
    db,
    { name: 'webhook delivery', hasDue: hasDueWebhooks, deliver: (d) => deliverPendingWebhooks(d), lease: WEBHOOK_WORKER_LEASE, leaseMs: OUTBOX_LEASE_MS },
    { holder: opts.holder, intervalMs: opts.intervalMs ?? OUTBOX_INTERVAL_MS },
  )
  const worker: WebhookWorker = {
    kick: outbox.kick,
    async stop() {
      await outbox.stop()
      setWebhookWorker(undefined)
    },
  }
  setWebhookWorker(worker)
  return worker
}
