/**
 * The one check for every redirect target taken from input (`redirectTo`, `returnTo`, a form's
 * `redirectTo`, the Referer): decision 019.
 */

/** Where a refused or missing target goes. */
export const DEFAULT_REDIRECT = '/dashboard'

/** Any origin will do: only "does it stay on it" is asked. */
const BASE = 'http://operon.invalid'

/**
 * `to` as a path of this app (`/path?query#hash`), or `fallback`. The target is parsed as a URL
 * against the app's origin, the way a browser would resolve a `Location`; it is accepted only
 * when it stays on that origin and its raw text is a plain absolute path: no scheme, no `//`,
 * no backslash, no control characters or whitespace (a browser drops tabs and newlines, so
 * `/\t/evil.example` would become `//evil.example`), no encoded slash or backslash that a
 * later decode could turn into one.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  // Only printable ASCII, starting with exactly one slash; no backslash anywhere.
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(to) || to.includes('\\')) return fallback
  // Encoded separators and controls: `/%2F%2Fevil`, `/%5Cevil`, `/%09/evil`.
  if (/%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE || url.username || url.password) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** The same check for a full URL of this app (a Referer): its path, or null. */
export function sameOriginPath(href: string | null | undefined, appOrigin: string): string | null {
  if (!href) return null
  try {
    const url = new URL(href)
    if (url.origin !== new URL(appOrigin).origin) return null
    const path = safeRedirect(`${url.pathname}${url.search}`, '')
    return path || null
  } catch {
    return null
  }
}
