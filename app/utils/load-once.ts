/**
 * A module loaded on demand, once. A load that failed (the phone lost its signal between the
 * page and its lazy chunks) is forgotten, so the next call tries again instead of failing for
 * the life of the page.
 *   const loadQueue = loadOnce(() => import('./offline-queue.ts'))
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

/**
 * Hands what `load` gives to `use`, once. Without a signal it tries again each time the signal
 * returns (`online`). Returns the cancel, for an effect's cleanup.
 */
export function whenLoaded<T>(load: () => Promise<T>, use: (value: T) => void): () => void {
  let settled = false
  const stop = () => {
    settled = true
    window.removeEventListener('online', attempt)
  }
  function attempt() {
    load()
      .then((value) => {
        if (settled) return
        stop()
        use(value)
      })
      .catch(() => undefined)
  }
  attempt()
  window.addEventListener('online', attempt)
  return stop
}
