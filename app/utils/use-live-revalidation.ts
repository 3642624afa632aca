import { useNavigation, useRevalidator } from '@remix-run/react'
import * as React from 'react'

/** How often an open list page looks for new requests (JavaScript only). */
const REFRESH_MS = 30_000

/**
 * Live updates: reloads the page's data when the tab comes back into view and
 * every 30 s while it is visible, so new rows appear without a reload.
 */
export function useLiveRevalidation(intervalMs = REFRESH_MS) {
  const { revalidate, state } = useRevalidator()
  const navigation = useNavigation()
  const idle = React.useRef(true)
  idle.current = state === 'idle' && navigation.state === 'idle'
  React.useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible' && idle.current) revalidate()
    }
    const timer = window.setInterval(refresh, intervalMs)
    document.addEventListener('visibilitychange', refresh)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', refresh)
    }
  }, [revalidate, intervalMs])
}
