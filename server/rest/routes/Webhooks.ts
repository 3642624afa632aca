import { z } from 'zod'
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '#catalog/webhook-events.ts'
import {
  createWebhookEndpoint,
  createWebhookInput,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from '../../webhooks/endpoints.server.ts'
import { idSchema } from '../../validation.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

const companyParams = z.object({ companyId: idSchema })
const endpointParams = z.object({ companyId: idSchema, endpointId: idSchema })
const deliveryParams = z.object({ companyId: idSchema, deliveryId: idSchema })
const eventType = z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_TEST_EVENT)])

const endpointSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
  lastDelivery: z.object({ id: z.number().int(), eventType, state: z.enum(WEBHOOK_DELIVERY_STATES), statusCode: z.number().int().nullable(), at: z.string() }).nullable(),
})
const deliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType,
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
})
const secretSchema = z.object({ endpointId: z.number().int(), secret: z.string() })

/**
 * /api/Company/{companyId}/webhooks…: a company's signed webhooks (issue 26 point 3, decision
 * 078). Any manager of the company; anyone else gets 403 (API.md, issue 38); an endpoint or
 * delivery that is not the company's 404. "Send test event" is bounded per endpoint (429).
 */
export const webhookRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Company/{companyId}/webhooks',
    tag: 'Webhooks',
    summary: "The company's webhook endpoints with their events, state and latest delivery (never the secret)",
    auth: 'user',
    params: companyParams,
    response: z.array(endpointSchema),
    errors: [403, 404],
    handler: (ctx) => listWebhookEndpoints(ctx, ctx.params),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Company/{companyId}/webhooks',
    tag: 'Webhooks',
    summary:
      'Register an HTTPS endpoint for events, e.g. `{"url": "https://example.com/hooks", "events": ["defect.found"]}`; the answer carries the signing secret (`whsec_…`), shown only this once. Private, loopback and link-local targets are refused (400)',
    auth: 'user',
    params: companyParams,
    body: createWebhookInput.omit({ companyId: true }),
    status: 201,
    response: z.object({ endpoint: endpointSchema, secret: z.string() }),
    errors: [403, 404, 409],
    handler: (ctx) =>
      restIdempotent(ctx, `webhooks.create:${operationTarget(ctx.params, 'companyId')}`, 201, (c) => createWebhookEndpoint(c, { ...(ctx.body as object), companyId: ctx.params.companyId })),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Company/{companyId}/webhooks/{endpointId}/enabled',
    tag: 'Webhooks',
    summary: 'Enable or disable an endpoint, `{"enabled": true}`; enabling clears its failure count',
    auth: 'user',
    params: endpointParams,
    body: z.object({ enabled: z.boolean() }),
    response: endpointSchema,
    errors: [403, 404],
    handler: (ctx) => setWebhookEndpointEnabled(ctx, { ...(ctx.body as object), ...ctx.params }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Company/{companyId}/webhooks/{endpointId}/rotate-secret',
    tag: 'Webhooks',
    summary: 'A new signing secret (shown only in this answer); the old one stops signing at once',
    auth: 'user',
    params: endpointParams,
    response: secretSchema,
    errors: [403, 404],
    handler: (ctx) => rotateWebhookSecret(ctx, ctx.params),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Company/{companyId}/webhooks/{endpointId}/test',
    tag: 'Webhooks',
    summary: 'Queue a `webhook.test` event to this endpoint',
    auth: 'user',
    params: endpointParams,
    status: 202,
    response: z.object({ deliveryId: z.number().int(), eventId: z.string() }),
    errors: [403, 404, 409],
    handler: (ctx) => sendTestWebhook(ctx, ctx.params),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Company/{companyId}/webhooks/{endpointId}',
    tag: 'Webhooks',
    summary: 'Delete an endpoint and its deliveries',
    auth: 'user',
    params: endpointParams,
    response: z.object({ deleted: z.literal(true) }),
    errors: [403, 404],
    handler: (ctx) => deleteWebhookEndpoint(ctx, ctx.params),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Company/{companyId}/webhooks/{endpointId}/deliveries',
    tag: 'Webhooks',
    summary: "An endpoint's deliveries, newest first: event, attempts, last status code and error, state (`page`, `pageSize` ≤ 100)",
    auth: 'user',
    params: endpointParams,
    query: z.object({ page: z.coerce.number().int().optional(), pageSize: z.coerce.number().int().optional() }),
    response: z.object({ endpointId: z.number().int(), items: z.array(deliverySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int() }),
    errors: [403, 404],
    handler: (ctx) => listWebhookDeliveries(ctx, { ...ctx.params, ...ctx.query }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Company/{companyId}/webhooks/deliveries/{deliveryId}/replay',
    tag: 'Webhooks',
    summary: 'Send a delivered or failed delivery again (same `webhook-id` and body, new timestamp and signature); 409 while it is still waiting',
    auth: 'user',
    params: deliveryParams,
    status: 202,
    response: deliverySchema,
    errors: [403, 404, 409],
    handler: (ctx) => replayWebhookDelivery(ctx, ctx.params),
  }),
]
