import { desc } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { mailOutbox } from '#db/schema/index.ts'
import { MAX_ATTEMPTS } from './delivery.server.ts'

export type OutboxStatus = 'Sent' | 'Pending' | 'Failed'

export interface OutboxEntry {
  id: number
  to: string
  subject: string
  text: string
  createdAt: Date
  sentAt: Date | null
  attempts: number
  lastError: string | null
  status: OutboxStatus
}

/** The newest outbox messages, for the local dev mailbox (never the HTML body). */
export async function listOutbox(db: Database, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db.read
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(Math.max(1, Math.min(limit, 500)))
  return rows.map((r) => ({
    ...r,
    status: r.sentAt ? 'Sent' : r.attempts >= MAX_ATTEMPTS ? 'Failed' : 'Pending',
  }))
}
