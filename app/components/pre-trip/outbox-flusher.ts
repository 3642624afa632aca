/**
 * What every signed-in page runs for the pre-trip outbox (decision 053: kept apart from the
 * outbox's texts and views, which only the pre-trip page and the dashboard show).
 */
import * as React from 'react'
import { loadOnce } from '#app/utils/load-once.ts'

type Queue = typeof import('#app/utils/offline-queue.ts')

/** The queue module, loaded on first use (it is not needed to show a page). */
export const loadQueue = loadOnce((): Promise<Queue> => import('#app/utils/offline-queue.ts'))

/**
 * Mounted once in the signed-in layout: sends the pre-trips saved on this phone when the page
 * loads, when the connection returns (`online`), and every little while as long as any wait.
 */
export function OutboxFlusher({ userId }: { userId: number }): null {
  React.useEffect(() => {
    let stopped = false
    const flush = (force: boolean) => {
      void loadQueue()
        .then((q) => (stopped ? undefined : q.flushOutbox(userId, { force })))
        .catch(() => undefined)
    }
    flush(true)
    const online = () => flush(true)
    window.addEventListener('online', online)
    const timer = window.setInterval(() => flush(false), 15_000)
    return () => {
      stopped = true
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [userId])
  return null
}

