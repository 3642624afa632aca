/**
 * Webhook signatures in the style of the Standard Webhooks specification (decision 078,
 * docs/webhooks.md has the receiver's recipe):
 *
 *   webhook-id:        the event's id (`msg_…`), the same on every retry
 *   webhook-timestamp: unix seconds of this attempt
 *   webhook-signature: `v1,` + base64(HMAC-SHA256(secret bytes, `${id}.${timestamp}.${body}`))
 *
 * The secret is `whsec_` + base64 of 32 random bytes; the HMAC key is those bytes.
 */
import { createHmac, randomBytes } from 'node:crypto'

export const SECRET_PREFIX = 'whsec_'

/** A new endpoint secret: `whsec_<base64 of 32 random bytes>`. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64')
}

/** A new event id: `msg_` + 24 random url-safe characters. */
export function newEventId(): string {
  return 'msg_' + randomBytes(18).toString('base64url')
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')
}

/** `v1,<base64 signature>` of one attempt. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The headers of one attempt (the signature covers id, timestamp and the exact body). */
export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Operon-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  }
}
