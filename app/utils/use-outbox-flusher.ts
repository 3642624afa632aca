import * as React from 'react'

/**
 * What every signed-in page runs for a phone's outbox (the pre-trips, the fill-ups, the duty
 * changes): sends what waits when the page loads, when the connection returns (`online`) and
 * every `everyMs`. `load` brings the outbox's module on first use (it is not needed to show a page).
 */
export function useOutboxFlusher(userId: number, load: () => Promise<(userId: number, o: { force: boolean }) => Promise<void>>, everyMs: number): void {
  React.useEffect(() => {
    let stopped = false
    const flush = (force: boolean) => {
      void load()
        .then((send) => (stopped ? undefined : send(userId, { force })))
        .catch(() => undefined)
    }
    flush(true)
    const online = () => flush(true)
    window.addEventListener('online', online)
    const timer = window.setInterval(() => flush(false), everyMs)
    return () => {
      stopped = true
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [userId, load, everyMs])
}
