/**
 * The retention of webhook deliveries (decision 078, "Retention"), run by the daily
 * record-retention job (server/compliance/retention.server.ts): a delivery that has ended
 * (`delivered`, or `failed` after its last attempt) is deleted WEBHOOK_DELIVERY_KEEP_DAYS days
 * after it was queued, with the payload it kept for replays. Pending deliveries are never
 * touched: the worker still owes them.
 *
 * No index of its own: after the clean-up the table holds at most a month of ended deliveries,
 * and `webhook_deliveries_due_idx (state, …)` narrows the scan to the ended states.
 */
import { and, inArray, lt } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { webhookDeliveries } from '#db/schema/index.ts'
import { logger } from '../log.server.ts'

/** Days an ended delivery (its status, response excerpt and payload) stays visible and replayable. */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30

const DAY_MS = 86_400_000

/** Deletes the ended deliveries queued more than WEBHOOK_DELIVERY_KEEP_DAYS days before `now`; returns how many. */
export async function purgeEndedWebhookDeliveries(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_DAYS * DAY_MS)
  const removed = await db.transaction((tx) =>
    tx
      .delete(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.state, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
      .returning({ id: webhookDeliveries.id }),
  )
  if (removed.length) logger().info({ removed: removed.length, before: before.toISOString() }, 'retention: ended webhook deliveries removed')
  return removed.length
}
