/**
 * The Content Security Policy of every answer (decision 046), enforced outside development:
 * scripts only by the per-request nonce (`'strict-dynamic'` lets them load the app's chunks),
 * `<style>` elements only from the app's own stylesheet, by the nonce or by the hashes below;
 * `style` attributes allowed (`style-src-attr`), because server-rendered markup needs them
 * with JavaScript off. `tests/e2e/csp.spec.ts` visits every page and fails on any violation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The `<style>` elements a library inserts at run time without a way to give them the nonce,
 * by their SHA-256: sonner (the toasts) appends an empty `<style>`, then its CSS as one text
 * node, at module load. `tests/unit/csp.test.ts` recomputes the second from the installed
 * package, so an upgrade that changes its CSS fails there first.
 */
export const LIBRARY_STYLE_HASHES = [
  // The empty <style> element sonner appends before filling it.
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  // sonner 2.0.8's CSS (the argument of `__insertCSS` in dist/index.mjs).
  "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='",
] as const

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string)

/** The request's nonce (set in `res.locals.cspNonce`), as a source of a directive. */
const nonce: Source = (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`

export interface CspOptions {
  dev: boolean
  isProduction: boolean
  /** Origins the sign-in forms may post to (the external providers). */
  formActions: string[]
  /**
   * False for the answers of the REST and tRPC doors (JSON, files): they hold no script or
   * style element, so their policy has no nonce and is the same string for every answer
   * (decision 051).
   */
  nonce?: boolean
}

/**
 * The directives for helmet (its defaults add object-src 'none', script-src-attr 'none' and the
 * rest). `base-uri 'none'` instead of helmet's `'self'` (issue 22): no page has a `<base>`
 * element, so an injected one can never re-point the page's relative URLs, not even at another
 * path of this origin.
 */
export function cspDirectives(opts: CspOptions): Record<string, Iterable<Source> | null> {
  const withNonce = opts.nonce === false ? [] : [nonce]
  return {
    'default-src': ["'self'"],
    'connect-src': ["'self'", ...(opts.dev ? ['ws:'] : [])],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'style-src': ["'self'", ...withNonce, ...LIBRARY_STYLE_HASHES],
    'style-src-attr': ["'unsafe-inline'"],
    'script-src': ["'strict-dynamic'", "'self'", ...withNonce],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...opts.formActions],
    'upgrade-insecure-requests': opts.isProduction ? [] : null,
  }
}
