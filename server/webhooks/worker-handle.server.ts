/**
 * The running webhook worker, for the code that queues deliveries (decision 078). Process state
 * (decision 080), as the mail worker's: the process entry and the Remix server build are bundled
 * separately, so a module-level variable would not be shared between them.
 */
import { processState } from '#db/process-state.ts'

export interface WebhookWorkerHandle {
  /** Runs a delivery pass now (or right after the current one). */
  kick(): void
}

const g = processState<{ worker?: WebhookWorkerHandle; kickTimer?: NodeJS.Timeout }>('webhookWorker', () => ({}))

export function setWebhookWorker(worker: WebhookWorkerHandle | undefined): void {
  g.worker = worker
}

export function currentWebhookWorker(): WebhookWorkerHandle | undefined {
  return g.worker
}

/** Asks the running worker (if any) to deliver now; call after committing a transaction that queued deliveries. */
export function kickWebhookWorker(): void {
  g.worker?.kick()
}

/**
 * Called where a delivery is queued, inside the transaction: a pass a moment later, once the
 * transaction has (almost always) committed. A pass that comes too early finds nothing; the
 * worker's 10 s timer then picks the delivery up.
 */
export function kickWebhookWorkerSoon(delayMs = 300): void {
  if (!g.worker || g.kickTimer) return
  const timer = setTimeout(() => {
    g.kickTimer = undefined
    kickWebhookWorker()
  }, delayMs)
  timer.unref()
  g.kickTimer = timer
}
