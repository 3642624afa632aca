/**
 * Webhooks (issue 26 point 3, decision 078): the events a company manager may subscribe an
 * endpoint to. The type id travels in every payload (`{ type, timestamp, data }`) and is stored
 * with each endpoint's subscription: never rename one.
 */
import { msg } from './i18n.ts'

export const WEBHOOK_EVENTS = [
  { type: 'pre_trip.filed', label: msg('Pre-trip filed'), description: msg('A driver filed a pre-trip inspection of a bus.') },
  { type: 'defect.found', label: msg('Defect found'), description: msg('A pre-trip, inspection or 90-day exit check found defects: a repair action was opened.') },
  { type: 'repair.completed', label: msg('Repair completed'), description: msg('A mechanic completed the last task of a repair action (certified repaired).') },
  { type: 'inspection.filed', label: msg('Inspection filed'), description: msg("A mechanic's inspection of a bus was filed.") },
  { type: 'vehicle_request.answered', label: msg('Vehicle request answered'), description: msg('An owner approved or rejected an operator’s vehicle request.') },
  { type: 'alert.raised', label: msg('Alert raised'), description: msg('A new expiry, open-repair, 90-day check or maintenance alert appeared in the morning alert digest.') },
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]['type']
export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map((e) => e.type) as unknown as readonly [WebhookEventType, ...WebhookEventType[]]

/** The event "Send test event" sends: not subscribable, only ever sent by hand to one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT

export function webhookEventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return msg('Test event')
  return WEBHOOK_EVENTS.find((e) => e.type === type)?.label ?? type
}

/** A delivery's state: waiting (first try or a retry), delivered (2xx), failed (gave up after the last attempt). */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]
export const WEBHOOK_DELIVERY_STATE_LABELS = {
  pending: msg('Pending'),
  delivered: msg('Delivered'),
  failed: msg('Failed'),
} as const satisfies Record<WebhookDeliveryState, string>

/** Why an endpoint is disabled: a manager turned it off, or the worker did after repeated failure. */
export const WEBHOOK_DISABLED_REASONS = ['manager', 'failures'] as const
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number]

export const WEBHOOK_LIMITS = {
  /** Endpoints per company. */
  maxEndpoints: 20,
  urlMaxLength: 2000,
  descriptionMaxLength: 200,
  /** Deliveries per page on the page and in the list use case. */
  deliveriesPageSize: 10,
} as const
