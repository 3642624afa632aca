/**
 * Delivers the mail outbox (PRODUCT.md section 7).
 *
 * Every run picks the due messages (not sent, nextAttemptAt reached) and handles
 * each one with short transactions of its own: claim it, talk SMTP with no lock
 * held, then record the outcome. A failure is retried with exponential backoff
 * (1 min, 2, 4 … at most 1 h); after MAX_ATTEMPTS the message is parked with its
 * lastError for an operator to see.
 *
 * Without SMTP_URL (local use) nothing is sent: each new message is written to
 * the log once, at info level, with its text body so the reader can use the code
 * or link in it, and parked (it stays listed on /dev/mailbox).
 *
 * "Parked" means nextAttemptAt = PARKED_AT, a far-future instant: no run picks
 * it up again, and the schema needs no extra flag.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Database } from '#db/client.ts'
import { processState } from '#db/process-state.ts'
import { mailOutbox, type MailOutboxRow } from '#db/schema/index.ts'
import { env } from '../env.server.ts'
import { OUTBOX_BATCH, OUTBOX_INTERVAL_MS, OUTBOX_LEASE_MS, retryDelayMs, startOutboxWorker } from '../jobs/outbox-worker.server.ts'
import { logger } from '../log.server.ts'

/** Give up after this many failed attempts. */
export const MAX_ATTEMPTS = 10
/** nextAttemptAt of a message no run should pick up (logged locally, or given up). */
export const PARKED_AT = new Date(Date.UTC(9999, 11, 31))
/** A claimed message is retried after this long if the process dies mid-send. */
const CLAIM_LEASE_MS = 5 * 60_000
/** The worker's lease (decision 041): one instance delivers at a time; renewed every 20 s while it runs. */
export const MAIL_WORKER_LEASE = 'mail-worker'
const MAX_ERROR_LENGTH = 1000

export interface DeliverOptions {
  /** Send through this transport instead of one built from SMTP_URL (tests). */
  transport?: Transporter
  now?: Date
  /** At most this many messages per run. */
  batch?: number
}

/** Sends (or, without SMTP_URL, logs) the due messages. Never throws for one bad message. */
export async function deliverPendingMail(
  db: Database,
  opts: DeliverOptions = {},
): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date()
  const batch = opts.batch ?? OUTBOX_BATCH
  const e = env()

  const due = await db.read
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(batch)
  if (due.length === 0) return { sent: 0, failed: 0 }

  if (!opts.transport && !e.SMTP_URL) {
    for (const row of due) await logLocally(db, row)
    return { sent: 0, failed: 0 }
  }

  const ownTransport = !opts.transport
  const transport = opts.transport ?? createSmtpTransport(e.SMTP_URL!)
  let sent = 0
  let failed = 0
  try {
    for (const row of due) {
      // Claim: push nextAttemptAt out so no other run (or process) sends it meanwhile.
      const claimed = await claim(db, row, new Date(now.getTime() + CLAIM_LEASE_MS))
      if (!claimed) continue
      try {
        await transport.sendMail({
          from: e.MAIL_FROM,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: { 'Auto-Submitted': 'auto-generated' },
        })
      } catch (error) {
        failed++
        await recordFailure(db, row, claimed, error, now, e.SMTP_URL)
        continue
      }
      await db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, row.id))
      })
      sent++
      logger().info({ mailId: row.id, subject: row.subject }, 'mail sent')
    }
  } finally {
    if (ownTransport) transport.close()
  }
  return { sent, failed }
}

/** True when some message is due (not sent, nextAttemptAt reached). */
async function hasDueMail(db: Database, now = new Date()): Promise<boolean> {
  const [row] = await db.read
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
    .limit(1)
  return row !== undefined
}

/** Sets nextAttemptAt to `until` if the row is still as we read it; false if someone else took it. */
async function claim(db: Database, row: MailOutboxRow, until: Date): Promise<Date | null> {
  const taken = await db.transaction((tx) =>
    tx
      .update(mailOutbox)
      .set({ nextAttemptAt: until })
      .where(
        and(
          eq(mailOutbox.id, row.id),
          isNull(mailOutbox.sentAt),
          eq(mailOutbox.nextAttemptAt, row.nextAttemptAt),
        ),
      )
      .returning({ id: mailOutbox.id }),
  )
  return taken.length ? until : null
}

async function recordFailure(
  db: Database,
  row: MailOutboxRow,
  claimedUntil: Date,
  error: unknown,
  now: Date,
  smtpUrl: string | undefined,
) {
  const attempts = row.attempts + 1
  const reason = describeError(error, smtpUrl)
  const givingUp = attempts >= MAX_ATTEMPTS
  const nextAttemptAt = givingUp ? PARKED_AT : new Date(now.getTime() + retryDelayMs(attempts))
  const lastError = (givingUp ? `Gave up after ${attempts} attempts: ${reason}` : reason).slice(0, MAX_ERROR_LENGTH)
  await db.transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ attempts, lastError, nextAttemptAt })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.nextAttemptAt, claimedUntil)))
  })
  const log = logger()
  const fields = { mailId: row.id, attempts, error: reason, nextAttemptAt: givingUp ? null : nextAttemptAt }
  if (givingUp) log.error(fields, 'mail delivery failed; giving up')
  else log.warn(fields, 'mail delivery failed; will retry')
}

/**
 * No SMTP_URL: park the message, then log it once (the claim makes "once" hold
 * across runs). Its text carries sign-in codes and reset links, so it is logged
 * only on a local instance; a production log gets the fact, never the secret.
 */
async function logLocally(db: Database, row: MailOutboxRow) {
  const parked = await claim(db, row, PARKED_AT)
  if (!parked) return
  if (env().isLocal) {
    logger().info(
      { mailId: row.id, to: row.toAddress, subject: row.subject, text: row.textBody },
      'mail not sent (no SMTP_URL); see /dev/mailbox',
    )
  } else {
    logger().warn({ mailId: row.id, subject: row.subject }, 'mail not sent: SMTP_URL is not set; it stays in the outbox')
  }
}

/** The error's message, without the SMTP password if the URL carries one. */
function describeError(error: unknown, smtpUrl: string | undefined): string {
  let message = error instanceof Error ? error.message : String(error)
  const password = passwordOf(smtpUrl)
  if (password) {
    message = message.replaceAll(password, '***').replaceAll(encodeURIComponent(password), '***')
  }
  return message || 'unknown error'
}

function passwordOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const password = decodeURIComponent(new URL(url).password)
    return password || undefined
  } catch {
    return undefined
  }
}

function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({
    url,
    // A worker should not sit on a dead server for the default minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
}

export interface MailWorker {
  /** Runs a delivery now (or right after the current run). */
  kick(): void
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

// Process state (decision 080): the process entry starts the worker, the doors (Remix server
// build, another bundle) kick it.
const held = processState<{ worker?: MailWorker }>('mailWorker', () => ({}))

/** Delivers every 10 s and on `kick()` through the outbox worker, under the lease `mail-worker`. */
export function startMailWorker(db: Database, opts: { holder?: string; intervalMs?: number } = {}): MailWorker {
  const outbox = startOutboxWorker(
    db,
    { name: 'mail delivery', hasDue: hasDueMail, deliver: (d) => deliverPendingMail(d), lease: MAIL_WORKER_LEASE, leaseMs: OUTBOX_LEASE_MS },
    { holder: opts.holder, intervalMs: opts.intervalMs ?? OUTBOX_INTERVAL_MS },
  )
  const worker: MailWorker = {
    kick: outbox.kick,
    async stop() {
      await outbox.stop()
      if (held.worker === worker) held.worker = undefined
    },
  }
  held.worker = worker
  return worker
}

/** Asks the running worker (if any) to deliver now; call after committing a transaction that enqueued mail. */
export function kickMailWorker(): void {
  held.worker?.kick()
}
