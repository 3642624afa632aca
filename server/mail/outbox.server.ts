import { sql } from 'drizzle-orm'
import { rowsAffected, type Tx } from '#db/client.ts'
import { mailOutbox } from '#db/schema/index.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Puts a message in the durable outbox inside the caller's transaction, so the mail
 * exists if and only if the change that causes it commits. The mail worker sends it
 * (call `kickMailWorker()` after the transaction to send it right away).
 * Returns the outbox id. Logs nothing: bodies carry codes and reset links.
 */
export async function enqueueMail(tx: Tx, msg: OutgoingMail): Promise<number> {
  const now = new Date()
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: msg.to.trim(),
      subject: msg.subject,
      textBody: msg.text,
      htmlBody: msg.html ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: mailOutbox.id })
  return row!.id
}

/**
 * Deletes every outbox row addressed to `address`, sent or not (account
 * deletion, decision 008): the welcome mail, codes, reset links, notices. The
 * address is compared trimmed and lower-cased, also inside "Name <address>".
 * A row the mail worker is sending at that moment is simply gone when it
 * marks it sent. Returns how many rows went.
 */
export async function dropMailTo(tx: Tx, address: string): Promise<number> {
  const a = address.trim().toLowerCase()
  if (!a) return 0
  const result = await tx
    .delete(mailOutbox)
    .where(sql`lower(trim(${mailOutbox.toAddress})) = ${a} OR instr(lower(${mailOutbox.toAddress}), ${`<${a}>`}) > 0`)
  return rowsAffected(result)
}
