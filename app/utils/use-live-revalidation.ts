import { useRevalidator } from '@remix-run/react'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import * as React from 'react'
import { useHydrated } from './use-hydrated.ts'

/** How often an open list page looks for new rows (JavaScript only). */
const REFRESH_MS = 30_000

/**
 * Live updates through the widget door (decision 015): the page's list is
 * asked for again by a tRPC query every 30 s while the tab is visible and when
 * it comes back into view; only when the answer differs from the last one do
 * the page's loaders run again, so new rows appear without a reload.
 */
export function useLiveRevalidation<T, E, K extends QueryKey>(options: UseQueryOptions<T, E, T, K>) {
  const { revalidate } = useRevalidator()
  // Only in the browser: the server renders the loader's data.
  const hydrated = useHydrated()
  const { data } = useQuery({
    ...options,
    enabled: hydrated,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: () => (typeof document !== 'undefined' && document.visibilityState === 'visible' ? REFRESH_MS : false),
  })
  const last = React.useRef<string | null>(null)
  React.useEffect(() => {
    if (data === undefined) return
    const seen = JSON.stringify(data)
    const changed = last.current !== null && last.current !== seen
    last.current = seen
    if (changed) revalidate()
  }, [data, revalidate])
}
