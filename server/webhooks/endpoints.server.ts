/**
 * Webhook endpoints and their deliveries (issue 26 point 3, decision 078): the use cases behind
 * the page `/company/{companyId}/webhooks`, tRPC `webhooks.*` and REST
 * `/api/Company/{companyId}/webhooks…`. A company's managers (any manager role there) only:
 * anyone else gets API.md's 403 for the company (issue 38); an endpoint or delivery id of another
 * company is 404, as for one that does not exist. "Send test event" is bounded per endpoint
 * (WEBHOOK_TEST_LIMIT, 429 with Retry-After).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryEventType,
  type WebhookDeliveryState,
  type WebhookDisabledReason,
  type WebhookEventType,
} from '#catalog/webhook-events.ts'
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '#db/schema/index.ts'
import type { Actor, UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { consumeFixedLimit } from '../limits/rate-limit.server.ts'
import { idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { webhookBody } from './emit.server.ts'
import { checkWebhookTarget, WebhookTargetError, type TargetOptions } from './safe-target.server.ts'
import { newEventId, newWebhookSecret } from './signing.server.ts'
import { kickWebhookWorker } from './worker-handle.server.ts'

export const WEBHOOK_TEXT = {
  endpointNotFound: msg('Webhook endpoint not found'),
  deliveryNotFound: msg('Webhook delivery not found'),
  tooMany: msg('A company can have at most 20 webhook endpoints'),
  eventsRequired: msg('Choose at least one event'),
  eventUnknown: msg('Unknown event'),
  urlRequired: msg('Enter the endpoint URL'),
  urlTooLong: msg('The URL is at most 2000 characters'),
  descriptionTooLong: msg('The description is at most 200 characters'),
  enableFirst: msg('Enable the endpoint first'),
  alreadyQueued: msg('This delivery is already waiting to be sent'),
  testTooOften: msg('Too many test events for this endpoint: try again in a minute'),
} as const

/** "Send test event": at most this many per endpoint in a fixed window (issue 38: each one queues a delivery and a request out). */
export const WEBHOOK_TEST_LIMIT = { points: 5, duration: 60 } as const

/** Any manager of `companyId`; API.md's 403 for anyone else (a member without a manager role, or no member at all). */
export function requireWebhookManager(actor: Actor, companyId: number): UserActor {
  const me = requireUser(actor)
  if (!hasRole(me, companyId, MANAGER_ROLE_NAMES)) throw forbidden()
  return me
}

export const webhookCompanyInput = z.object({ companyId: idSchema })
export const webhookEndpointInput = z.object({ companyId: idSchema, endpointId: idSchema })

/** One value or several (a form's checkboxes send one field per ticked box). */
const eventsSchema = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_TEXT.eventUnknown })).min(1, WEBHOOK_TEXT.eventsRequired),
)

export const createWebhookInput = z.object({
  companyId: idSchema,
  url: z.string({ error: WEBHOOK_TEXT.urlRequired }).trim().min(1, WEBHOOK_TEXT.urlRequired).max(WEBHOOK_LIMITS.urlMaxLength, WEBHOOK_TEXT.urlTooLong),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.descriptionMaxLength, WEBHOOK_TEXT.descriptionTooLong)
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  events: eventsSchema,
})

export const setWebhookEnabledInput = webhookEndpointInput.extend({
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: msg('enabled must be true or false') }),
})

export const listWebhookDeliveriesInput = webhookEndpointInput.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(WEBHOOK_LIMITS.deliveriesPageSize),
})

export const replayWebhookDeliveryInput = z.object({ companyId: idSchema, deliveryId: idSchema })

export interface WebhookEndpointView {
  id: number
  companyId: number
  url: string
  description: string | null
  events: WebhookEventType[]
  enabled: boolean
  disabledReason: WebhookDisabledReason | null
  disabledAt: string | null
  consecutiveFailures: number
  createdAt: string
  lastDelivery: { id: number; eventType: WebhookDeliveryEventType; state: WebhookDeliveryState; statusCode: number | null; at: string } | null
}

export interface WebhookDeliveryView {
  id: number
  eventId: string
  eventType: WebhookDeliveryEventType
  state: WebhookDeliveryState
  createdAt: string
  attempts: number
  nextAttemptAt: string | null
  lastAttemptAt: string | null
  lastStatusCode: number | null
  lastError: string | null
  deliveredAt: string | null
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

function endpointView(e: WebhookEndpointRow, last: WebhookEndpointView['lastDelivery']): WebhookEndpointView {
  return {
    id: e.id,
    companyId: e.companyId,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.enabled ? null : (e.disabledReason ?? 'manager'),
    disabledAt: e.enabled ? null : iso(e.disabledAt),
    consecutiveFailures: e.consecutiveFailures,
    createdAt: e.createdAt.toISOString(),
    lastDelivery: last,
  }
}

/** The endpoint, if it belongs to `companyId` and the caller manages that company. */
async function endpointOf(ctx: UseCaseContext, companyId: number, endpointId: number): Promise<{ me: UserActor; endpoint: WebhookEndpointRow }> {
  const me = requireWebhookManager(ctx.actor, companyId)
  const [endpoint] = await ctx.db.read
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_TEXT.endpointNotFound)
  return { me, endpoint }
}

/** The company's endpoints (oldest first), each with its latest delivery. Never the secret. */
export async function listWebhookEndpoints(ctx: UseCaseContext, input: unknown): Promise<WebhookEndpointView[]> {
  const { companyId } = parseInput(webhookCompanyInput, input)
  requireWebhookManager(ctx.actor, companyId)
  const rows = await ctx.db.read.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(webhookEndpoints.id).limit(WEBHOOK_LIMITS.maxEndpoints)
  if (rows.length === 0) return []
  const latest = await ctx.db.read
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventType: webhookDeliveries.eventType,
      state: webhookDeliveries.state,
      statusCode: webhookDeliveries.lastStatusCode,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
    })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        ctx.db.read
          .select({ id: sql<number>`max(${webhookDeliveries.id})` })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.endpointId, rows.map((r) => r.id)))
          .groupBy(webhookDeliveries.endpointId),
      ),
    )
  const byEndpoint = new Map(latest.map((l) => [l.endpointId, { id: l.id, eventType: l.eventType, state: l.state, statusCode: l.statusCode, at: (l.lastAttemptAt ?? l.createdAt).toISOString() }]))
  return rows.map((r) => endpointView(r, byEndpoint.get(r.id) ?? null))
}

async function checkedUrl(url: string, opts: TargetOptions): Promise<string> {
  try {
    return (await checkWebhookTarget(url, opts)).url.href
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.userMessage, { fieldErrors: { url: error.userMessage } })
    throw error
  }
}

/**
 * Registers an endpoint: the URL is checked (https, no credentials, every address public —
 * loopback too with WEBHOOKS_ALLOW_LOOPBACK), and a secret made. The secret is in this answer
 * only; later it can only be rotated.
 */
export async function createWebhookEndpoint(
  ctx: UseCaseContext,
  input: unknown,
  opts: TargetOptions = {},
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const v = parseInput(createWebhookInput, input)
  const me = requireWebhookManager(ctx.actor, v.companyId)
  const url = await checkedUrl(v.url, opts)
  const secret = newWebhookSecret()
  const now = ctx.now ?? new Date()
  const row = await ctx.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, v.companyId))
    if (n >= WEBHOOK_LIMITS.maxEndpoints) throw new AppError('CONFLICT', WEBHOOK_TEXT.tooMany)
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: v.companyId, url, description: v.description, events: [...new Set(v.events)], secret, createdAt: now, createdByUserId: me.userId })
      .returning()
    await audit(tx, me, { action: 'webhook.create', companyId: v.companyId, entityType: 'webhookEndpoint', entityId: created!.id, details: { url, events: created!.events } })
    return created!
  })
  return { endpoint: endpointView(row, null), secret }
}

/** Turns an endpoint off, or on again (which also clears its failure count: waiting deliveries go out). */
export async function setWebhookEndpointEnabled(ctx: UseCaseContext, input: unknown): Promise<WebhookEndpointView> {
  const v = parseInput(setWebhookEnabledInput, input)
  const { me, endpoint } = await endpointOf(ctx, v.companyId, v.endpointId)
  const now = ctx.now ?? new Date()
  const [row] = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookEndpoints)
      .set(
        v.enabled
          ? { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null }
          : { enabled: false, disabledReason: 'manager', disabledAt: now },
      )
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning()
    await audit(tx, me, { action: v.enabled ? 'webhook.enable' : 'webhook.disable', companyId: v.companyId, entityType: 'webhookEndpoint', entityId: endpoint.id })
    return updated
  })
  if (v.enabled) kickWebhookWorker()
  return endpointView(row!, null)
}

/** A new secret for the endpoint (shown once, in this answer); the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: UseCaseContext, input: unknown): Promise<{ endpointId: number; secret: string }> {
  const v = parseInput(webhookEndpointInput, input)
  const { me, endpoint } = await endpointOf(ctx, v.companyId, v.endpointId)
  const secret = newWebhookSecret()
  await ctx.db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, endpoint.id))
    await audit(tx, me, { action: 'webhook.rotateSecret', companyId: v.companyId, entityType: 'webhookEndpoint', entityId: endpoint.id })
  })
  return { endpointId: endpoint.id, secret }
}

/** Deletes the endpoint and its deliveries. */
export async function deleteWebhookEndpoint(ctx: UseCaseContext, input: unknown): Promise<{ deleted: true }> {
  const v = parseInput(webhookEndpointInput, input)
  const { me, endpoint } = await endpointOf(ctx, v.companyId, v.endpointId)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
    await audit(tx, me, { action: 'webhook.delete', companyId: v.companyId, entityType: 'webhookEndpoint', entityId: endpoint.id, details: { url: endpoint.url } })
  })
  return { deleted: true }
}

/** Queues a `webhook.test` event to this endpoint only (whatever it subscribes to). */
export async function sendTestWebhook(ctx: UseCaseContext, input: unknown): Promise<{ deliveryId: number; eventId: string }> {
  const v = parseInput(webhookEndpointInput, input)
  const { me, endpoint } = await endpointOf(ctx, v.companyId, v.endpointId)
  if (!endpoint.enabled) throw new AppError('CONFLICT', WEBHOOK_TEXT.enableFirst)
  // Counted in the database (decision 041): a second instance or a restart does not reset it.
  await consumeFixedLimit('webhook-test', WEBHOOK_TEST_LIMIT, String(endpoint.id), WEBHOOK_TEXT.testTooOften, ctx.db)
  const now = ctx.now ?? new Date()
  const eventId = newEventId()
  const payload = webhookBody(WEBHOOK_TEST_EVENT, { companyId: v.companyId, endpointId: endpoint.id, message: 'This is a test event from Operon.' }, now)
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const [d] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId, eventType: WEBHOOK_TEST_EVENT, payload, createdAt: now, nextAttemptAt: now })
      .returning({ id: webhookDeliveries.id })
    await audit(tx, me, { action: 'webhook.test', companyId: v.companyId, entityType: 'webhookEndpoint', entityId: endpoint.id, details: { deliveryId: d!.id } })
    return d!.id
  })
  kickWebhookWorker()
  return { deliveryId, eventId }
}

function deliveryView(d: typeof webhookDeliveries.$inferSelect): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    state: d.state,
    createdAt: d.createdAt.toISOString(),
    attempts: d.attempts,
    nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: iso(d.deliveredAt),
  }
}

/** An endpoint's deliveries, newest first, paged in SQL (the payload is not read). */
export async function listWebhookDeliveries(ctx: UseCaseContext, input: unknown) {
  const v = parseInput(listWebhookDeliveriesInput, input)
  const { endpoint } = await endpointOf(ctx, v.companyId, v.endpointId)
  const [{ total } = { total: 0 }] = await ctx.db.read.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
  const pageCount = Math.max(1, Math.ceil(total / v.pageSize))
  const page = Math.min(v.page, pageCount)
  const rows = await ctx.db.read
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      payload: sql<string>`''`,
      state: webhookDeliveries.state,
      createdAt: webhookDeliveries.createdAt,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      lastResponseExcerpt: webhookDeliveries.lastResponseExcerpt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(v.pageSize)
    .offset((page - 1) * v.pageSize)
  return { endpointId: endpoint.id, items: rows.map(deliveryView), total, page, pageSize: v.pageSize, pageCount }
}

/**
 * Sends a delivery again by hand: the same event (same `webhook-id` and body, a new timestamp
 * and signature), with a fresh set of attempts. One already waiting is left as it is (409).
 */
export async function replayWebhookDelivery(ctx: UseCaseContext, input: unknown): Promise<WebhookDeliveryView> {
  const v = parseInput(replayWebhookDeliveryInput, input)
  const me = requireWebhookManager(ctx.actor, v.companyId)
  const [found] = await ctx.db.read
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, state: webhookDeliveries.state })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, v.deliveryId), eq(webhookEndpoints.companyId, v.companyId)))
  if (!found) throw new AppError('NOT_FOUND', WEBHOOK_TEXT.deliveryNotFound)
  const now = ctx.now ?? new Date()
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, deliveredAt: null })
      .where(and(eq(webhookDeliveries.id, found.id), inArray(webhookDeliveries.state, ['delivered', 'failed'])))
      .returning()
    if (!updated) throw new AppError('CONFLICT', WEBHOOK_TEXT.alreadyQueued)
    await audit(tx, me, { action: 'webhookDelivery.replay', companyId: v.companyId, entityType: 'webhookDelivery', entityId: found.id, details: { endpointId: found.endpointId } })
    return updated
  })
  kickWebhookWorker()
  return deliveryView(row)
}
