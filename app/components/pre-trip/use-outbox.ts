import * as React from 'react'
import type { OutboxEntry } from '#app/utils/offline-queue.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { loadQueue } from './outbox-flusher.ts'
import type { PreTripDraft } from './types.ts'

/** The outbox and drafts of the user, kept fresh across tabs; null until read (and without JavaScript). */
export function useOutbox(userId: number): { entries: OutboxEntry[]; drafts: PreTripDraft[] } | null {
  const [state, setState] = React.useState<{ entries: OutboxEntry[]; drafts: PreTripDraft[] } | null>(null)
  React.useEffect(() => {
    let alive = true
    let stop = () => {}
    void loadQueue()
      .then((q) => {
        const read = () =>
          void Promise.all([q.listOutbox(userId), q.listDrafts(userId)])
            .then(([entries, drafts]) => alive && setState({ entries, drafts }))
            .catch(() => alive && setState({ entries: [], drafts: [] }))
        read()
        if (alive) stop = q.onOutboxChange(read)
      })
      .catch(() => alive && setState({ entries: [], drafts: [] }))
    return () => {
      alive = false
      stop()
    }
  }, [userId])
  return state
}

export function useOnline(): boolean {
  const hydrated = useHydrated()
  const [online, setOnline] = React.useState(true)
  React.useEffect(() => {
    setOnline(navigator.onLine)
    const on = () => setOnline(true)
    const off = () => setOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }, [])
  return hydrated ? online : true
}
