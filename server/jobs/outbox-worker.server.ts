/**
 * The worker of a durable outbox (the mail outbox, the webhook deliveries): delivers every
 * `intervalMs` and on `kick()`. Runs never overlap: a kick during a run schedules one more run
 * right after it. A run first reads whether anything is due (an empty outbox costs no lease
 * write), then holds the database lease `lease` so that one instance delivers at a time
 * (decision 041); while another instance holds it this one skips the run, and the holder
 * delivers what this one enqueued on its next pass. `holder` names this worker in the lease
 * (tests run two "instances" in one process). Not part of the request that kicked it: its log
 * lines carry no request id. Errors are logged, not thrown.
 */
import type { Database } from '#db/client.ts'
import { outsideRequestScope } from '../context/request-scope.server.ts'
import { withLease } from './work-locks.server.ts'
import { logger } from '../log.server.ts'

// The retry policy both outboxes share (mail, webhooks): one place, so they cannot drift apart.
/** Items delivered per run, at most. */
export const OUTBOX_BATCH = 20
/** A worker delivers this often (and on every kick). */
export const OUTBOX_INTERVAL_MS = 10_000
/** How long a worker's lease lasts (decision 041); renewed while a run goes on. */
export const OUTBOX_LEASE_MS = 60_000

/** Delay before attempt n+1 after n failed attempts: 1 min, 2, 4 … capped at 1 h. */
export function retryDelayMs(failedAttempts: number): number {
  const minutes = Math.min(2 ** Math.max(0, failedAttempts - 1), 60)
  return minutes * 60_000
}

export interface OutboxWorker {
  /** Runs a delivery now (or right after the current run). */
  kick(): void
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

export interface OutboxWork {
  /** For the log: "mail delivery", "webhook delivery". */
  name: string
  hasDue(db: Database): Promise<boolean>
  deliver(db: Database): Promise<unknown>
  lease: string
  leaseMs: number
}

export function startOutboxWorker(db: Database, work: OutboxWork, opts: { holder?: string; intervalMs: number }): OutboxWorker {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = outsideRequestScope(async () => {
      do {
        again = false
        try {
          if (await work.hasDue(db)) await withLease(db, work.lease, work.leaseMs, () => work.deliver(db), { holder: opts.holder })
        } catch (error) {
          logger().error({ err: error }, `${work.name} run failed`)
        }
      } while (again && !stopped)
    }).finally(() => {
      running = null
    })
  }

  const timer = setInterval(run, opts.intervalMs)
  timer.unref()
  // The first run after the caller has registered the worker (a kick from it must find it).
  queueMicrotask(run)
  return {
    kick: run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
