/**
 * Mounted once in the signed-in layout (issue 37, decision 086): sends the duty changes saved on
 * this phone, in the order tapped (app/utils/duty-outbox.ts).
 */
import { loadOnce } from '#app/utils/load-once.ts'
import { useOutboxFlusher } from '#app/utils/use-outbox-flusher.ts'

const loadFlush = loadOnce(async () => (await import('#app/utils/duty-outbox.ts')).flushDutyOutbox)

export function DutyOutboxFlusher({ userId }: { userId: number }): null {
  useOutboxFlusher(userId, loadFlush, 30_000)
  return null
}
