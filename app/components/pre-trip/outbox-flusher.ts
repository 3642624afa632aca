/**
 * What every signed-in page runs for the pre-trip outbox (decision 053: kept apart from the
 * outbox's texts and views, which only the pre-trip page and the dashboard show).
 */
import { loadOnce } from '#app/utils/load-once.ts'
import { useOutboxFlusher } from '#app/utils/use-outbox-flusher.ts'

type Queue = typeof import('#app/utils/offline-queue.ts')

/** The queue module, loaded on first use (it is not needed to show a page). */
export const loadQueue = loadOnce((): Promise<Queue> => import('#app/utils/offline-queue.ts'))

const loadFlush = async () => (await loadQueue()).flushOutbox

/**
 * Mounted once in the signed-in layout: sends the pre-trips saved on this phone when the page
 * loads, when the connection returns (`online`), and every little while as long as any wait.
 */
export function OutboxFlusher({ userId }: { userId: number }): null {
  useOutboxFlusher(userId, loadFlush, 15_000)
  return null
}
