/**
 * Mounted once in the signed-in layout (issue 36, decision 085): sends the fill-ups and charges
 * saved on this phone when a page loads, when the connection returns and every little while, as
 * the pre-trip's outbox does (decision 030). The outbox module loads only when it has work.
 */
import * as React from 'react'
import { loadOnce } from '#app/utils/load-once.ts'

const loadFuelOutbox = loadOnce(() => import('#app/utils/fuel-outbox.ts'))

export function FuelOutboxFlusher({ userId }: { userId: number }): null {
  React.useEffect(() => {
    let stopped = false
    const flush = (force: boolean) => {
      void loadFuelOutbox()
        .then((q) => (stopped ? undefined : q.flushFuelOutbox(userId, { force })))
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
