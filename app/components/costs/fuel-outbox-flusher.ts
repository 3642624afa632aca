/**
 * Mounted once in the signed-in layout (issue 36, decision 085): sends the fill-ups and charges
 * saved on this phone (app/utils/fuel-outbox.ts).
 */
import { loadOnce } from '#app/utils/load-once.ts'
import { useOutboxFlusher } from '#app/utils/use-outbox-flusher.ts'

const loadFlush = loadOnce(async () => (await import('#app/utils/fuel-outbox.ts')).flushFuelOutbox)

export function FuelOutboxFlusher({ userId }: { userId: number }): null {
  useOutboxFlusher(userId, loadFlush, 30_000)
  return null
}
