/**
 * Mounted once in the signed-in layout (issue 37, decision 086): sends the duty changes saved on
 * this phone, in the order tapped, when a page loads, when the connection returns and every little
 * while, as the fill-ups' outbox does (decision 085). The outbox module loads only when it has work.
 */
import * as React from 'react'
import { loadOnce } from '#app/utils/load-once.ts'

const loadDutyOutbox = loadOnce(() => import('#app/utils/duty-outbox.ts'))

export function DutyOutboxFlusher({ userId }: { userId: number }): null {
  React.useEffect(() => {
    let stopped = false
    const flush = (force: boolean) => {
      void loadDutyOutbox()
        .then((q) => (stopped ? undefined : q.flushDutyOutbox(userId, { force })))
        .catch(() => undefined)
    }
    flush(true)
    const online = () => flush(true)
    window.addEventListener('online', online)
    const timer = window.setInterval(() => flush(false), 30_000)
    return () => {
      stopped = true
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [userId])
  return null
}
