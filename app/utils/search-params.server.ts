import { redirect } from '@remix-run/node'

/**
 * Filter URLs omit empty fields (decision 060). A GET form submitted without JavaScript sends
 * every field, empty ones too (`?make=&model=&vin=`); the loader answers with a redirect to the
 * same address without them, so the address bar, bookmarks and shared links stay short and
 * equal to what the page builds with JavaScript. Throws the redirect; returns when clean.
 */
export function omitEmptySearchParams(request: Request): void {
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  const kept = new URLSearchParams()
  let dropped = false
  for (const [k, v] of url.searchParams) {
    if (v.trim() === '') dropped = true
    else kept.append(k, v)
  }
  if (!dropped) return
  const search = kept.toString()
  throw redirect(url.pathname + (search ? `?${search}` : ''))
}
