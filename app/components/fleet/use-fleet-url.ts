import { useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { useCallback } from 'react'

export type SearchChanges = Record<string, string | number | readonly string[] | null | undefined>

/** `search` with `changes` applied: null/undefined removes a param, a list sets all its values. */
export function applySearch(search: string | URLSearchParams, changes: SearchChanges): URLSearchParams {
  const params = new URLSearchParams(search)
  for (const [k, v] of Object.entries(changes)) {
    params.delete(k)
    if (v === null || v === undefined) continue
    if (Array.isArray(v)) for (const item of v) params.append(k, item)
    else params.set(k, String(v))
  }
  return params
}

export function hrefOf(params: URLSearchParams): string {
  const s = params.toString()
  return s ? `?${s}` : '?'
}

/**
 * The search the page is showing or about to show: while a navigation to this
 * page is pending, its search (so quick successive filter clicks add up).
 */
export function useCurrentSearch(): string {
  const location = useLocation()
  const navigation = useNavigation()
  const pending = navigation.location
  return pending && pending.pathname === location.pathname ? pending.search : location.search
}

/** A link to this page with `changes` applied to its search. */
export function useHrefWith() {
  const location = useLocation()
  return useCallback((changes: SearchChanges) => hrefOf(applySearch(location.search, changes)), [location.search])
}

/**
 * Navigates within the page by changing its search (filters with
 * JavaScript). `changesOf` sees the current (or pending) search and returns
 * the changes, or null for none.
 */
export function useSearchNavigate() {
  const navigate = useNavigate()
  const search = useCurrentSearch()
  return useCallback(
    (changesOf: (current: URLSearchParams) => SearchChanges | null, opts: { replace?: boolean } = {}) => {
      const current = new URLSearchParams(search)
      const changes = changesOf(current)
      if (!changes) return
      navigate({ search: applySearch(current, changes).toString() }, { replace: opts.replace ?? true, preventScrollReset: true })
    },
    [navigate, search],
  )
}
