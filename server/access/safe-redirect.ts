/**
 * The one check for every redirect target taken from input (`redirectTo`, `returnTo`, a form's
 * `redirectTo`, the Referer): decision 019.
 */

/** Where a refused or missing target goes. */
export const DEFAULT_REDIRECT = '/dashboard'

/** Any origin will do: only "does it stay on it" is asked. */
const BASE = 'http://operon.invalid'

/** Printable ASCII starting with exactly one slash (not `//`, not `/\`). */
const ONE_SLASH_PATH = /^\/(?![/\\])[\x21-\x7e]*$/

/**
 * Encoded characters a later decode could turn into something else: slash and backslash
 * (`/%2F/evil`), dots (`/%2e%2e//evil`: a URL parser already reads `%2e%2e` as `..`), the
 * percent sign itself (`%252e`, a second decode), controls (`/%09/evil`).
 */
const ENCODED_TRICK = /%(2e|2f|5c|25|0[0-9a-f]|1[0-9a-f]|7f)/i

/** The text checks: a plain absolute path of this app, nothing a browser or a decode would change into another host. */
function isPlainPath(s: string): boolean {
  return ONE_SLASH_PATH.test(s) && !s.includes('\\') && !ENCODED_TRICK.test(s)
}

/**
 * `to` as a path of this app (`/path?query#hash`), or `fallback`. The target is parsed as a URL
 * against the app's origin, the way a browser would resolve a `Location`; it is accepted only
 * when it stays on that origin and its raw text is a plain absolute path: no scheme, no `//`,
 * no backslash, no control characters or whitespace (a browser drops tabs and newlines, so
 * `/\t/evil.example` would become `//evil.example`), no encoded slash, backslash, dot or percent
 * sign that a later decode could turn into one. The normalised result must pass the same checks
 * (issue 22): dot segments turn `/..//evil.example` into `//evil.example`, which a browser reads
 * as another host.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  if (!isPlainPath(to)) return fallback
  let url: URL
  try {
    url = new URL(to, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE || url.username || url.password) return fallback
  const normalised = `${url.pathname}${url.search}${url.hash}`
  // What is returned is checked, not only what came in.
  if (!isPlainPath(normalised) || new URL(normalised, BASE).origin !== BASE) return fallback
  return normalised
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
