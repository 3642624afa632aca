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
