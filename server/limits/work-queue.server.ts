import { msg } from '#catalog/i18n.ts'
import { AppError } from '../errors.ts'

/**
 * A bounded queue for heavy work of one process (decision 050's 512 MB budget; issue 38): at most
 * `concurrent` jobs at once and `queued` waiting; beyond that the caller gets `busy()` (a 503 with
 * Retry-After), so a burst of PDFs or import previews cannot take the process's memory. The limits
 * are read on every call (tests and the environment may change them).
 */
export interface WorkQueue {
  /** Waits for a slot (or throws `busy()`); the answer releases it (once). */
  acquire(): Promise<() => void>
  /** `fn` in a slot. */
  run<T>(fn: () => Promise<T>): Promise<T>
  /** Jobs running and waiting (tests, diagnostics). */
  state(): { active: number; waiting: number }
}

export function createWorkQueue(o: {
  limits: () => { concurrent: number; queued: number }
  busy: () => Error
  /** Called when a slot is asked for (the PDF printer cancels its idle close). */
  onAcquire?: () => void
  /** Called when the last job ends and nothing waits. */
  onIdle?: () => void
}): WorkQueue {
  let active = 0
  const waiting: Array<() => void> = []
  const acquire = async (): Promise<() => void> => {
    o.onAcquire?.()
    const { concurrent, queued } = o.limits()
    if (active < concurrent) {
      active++
    } else {
      if (waiting.length >= queued) throw o.busy()
      // The slot is handed over by the job that finishes (active stays the same).
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const next = waiting.shift()
      if (next) next()
      else active--
      if (active === 0 && waiting.length === 0) o.onIdle?.()
    }
  }
  return {
    acquire,
    async run(fn) {
      const release = await acquire()
      try {
        return await fn()
      } finally {
        release()
      }
    },
    state: () => ({ active, waiting: waiting.length }),
  }
}

/**
 * The CSV import previews of the fleet and the fuel card (a 5,000-row file's preview holds tens
 * of MB while it is built): one at a time per process, four waiting.
 */
export const CSV_PREVIEW_LIMITS = { concurrent: 1, queued: 4, retryAfterSeconds: 5 }

/** The queue of those previews, shared by both imports. */
export const csvPreviewQueue = createWorkQueue({
  limits: () => CSV_PREVIEW_LIMITS,
  busy: () => new AppError('SERVICE_UNAVAILABLE', msg('Other files are being checked, please try again in a few seconds'), { retryAfter: CSV_PREVIEW_LIMITS.retryAfterSeconds }),
})
