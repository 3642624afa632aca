/** A fresh idempotency key (the phone outboxes' records and forms). Small, so pages import it without an outbox module. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; getRandomValues does not (a phone on the yard's LAN).
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
