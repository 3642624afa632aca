/**
 * The checks every request passes before a door sees it (decisions 018 and 020), as Express
 * middleware in front of Remix, so pages (plain and `?_data=` / `.data` requests), /login,
 * /trpc and /api are all covered by the same lines:
 *
 * - methods: TRACE and other odd methods → 405; pages take GET, HEAD and POST only;
 * - cross-site writes: a state-changing request whose `Origin` (or, without it,
 *   `Sec-Fetch-Site`) is not the app's own origin → 403, before anything is read;
 * - body size: a declared `Content-Length` over the limit → 413 before the body is read;
 * - page actions take only form bodies (urlencoded, multipart) → 415 otherwise.
 */
import type { RequestHandler, Response } from 'express'
import { MAX_REQUEST_BODY_BYTES } from '#catalog/fleet.ts'
import { drain } from './drain-body.server.ts'

/** API.md: request bodies up to 32 MiB, on every door. */
export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES
/** A declared body over the limit but at most this large is read and dropped before the 413 (a client reads the answer). */
export const DRAIN_DECLARED_BYTES = 64 * 1024 * 1024

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export type Door = 'rest' | 'trpc' | 'page'

/** The methods each door answers; anything else is 405 with this list as `Allow`. */
const ALLOWED_METHODS: Record<Door, readonly string[]> = {
  rest: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  trpc: ['GET', 'HEAD', 'POST'],
  page: ['GET', 'HEAD', 'POST'],
}

export function doorOf(path: string): Door {
  if (/^\/api(\/|$)/i.test(path)) return 'rest'
  if (/^\/trpc(\/|$)/.test(path)) return 'trpc'
  return 'page'
}

/**
 * POSTs another site makes by design: Apple's `form_post` sign-in answer. The route only turns
 * it into a GET of the same URL (303), whose OAuth state check decides; it changes nothing.
 */
const CROSS_SITE_POST_PATHS = [/^\/auth\/[a-z]+\/callback$/]

function refuse(res: Response, door: Door, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status)
  res.set({ 'Cache-Control': 'no-store', ...headers })
  if (door === 'page') res.type('text/plain; charset=utf-8').send(message)
  else res.json({ message })
}

export interface GuardOptions {
  /** The app's own origin (APP_URL's). */
  appOrigin: string
  /**
   * Local use only (`npm start`, the tests; never a deployment): also accept the origin the
   * browser actually used for this server, i.e. the one its `Host` header names
   * (http://127.0.0.1:3000 when APP_URL says localhost, a test's own host name).
   */
  allowHostOrigin: boolean
}

/** Whether a state-changing request comes from the app's own pages (or from no browser at all). */
export function isSameOriginWrite(
  headers: { origin?: string; secFetchSite?: string; host?: string },
  opts: GuardOptions,
): boolean {
  const origin = headers.origin
  if (origin !== undefined) {
    if (origin === opts.appOrigin) return true
    // A page sent with `Referrer-Policy: no-referrer` (reset password, issue 22) makes the browser
    // post `Origin: null`; its Sec-Fetch-Site, which no page can set, still says where it came from.
    if (origin === 'null') return headers.secFetchSite === 'same-origin'
    if (opts.allowHostOrigin && headers.host) return origin === `http://${headers.host}` || origin === `https://${headers.host}`
    return false
  }
  const site = headers.secFetchSite
  // Browsers send Sec-Fetch-Site with every request; a client without it (curl, a legacy
  // app with its bearer token) carries no ambient credentials a site could borrow.
  if (site !== undefined) return site === 'same-origin' || site === 'none'
  return true
}

export function requestGuards(opts: GuardOptions): RequestHandler[] {
  const methods: RequestHandler = (req, res, next) => {
    const door = doorOf(req.path)
    const allowed = ALLOWED_METHODS[door]
    if (allowed.includes(req.method.toUpperCase())) return next()
    refuse(res, door, 405, 'Method not allowed', { Allow: allowed.join(', ') })
  }

  const crossSite: RequestHandler = (req, res, next) => {
    if (SAFE_METHODS.has(req.method.toUpperCase())) return next()
    if (req.method.toUpperCase() === 'POST' && CROSS_SITE_POST_PATHS.some((p) => p.test(req.path))) return next()
    const same = isSameOriginWrite(
      { origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), host: req.get('host') },
      opts,
    )
    if (same) return next()
    refuse(res, doorOf(req.path), 403, 'Cross-site requests are not allowed')
  }

  const bodySize: RequestHandler = (req, res, next) => {
    const declared = req.get('content-length')
    if (declared !== undefined && (!/^\d+$/.test(declared.trim()) || Number(declared) > MAX_BODY_BYTES)) {
      const answer = () => refuse(res, doorOf(req.path), 413, 'Request body too large', { Connection: 'close' })
      // A client still writing a declared body would read a broken pipe instead of the 413 (issue
      // 38): up to DRAIN_DECLARED_BYTES are read and dropped first (for at most 5 s); beyond that,
      // answered at once. The connection is closed behind the answer either way.
      const size = Number(declared)
      if (Number.isFinite(size) && size <= DRAIN_DECLARED_BYTES) return void drain(req, size, 5000).then(answer)
      return answer()
    }
    next()
  }

  const pageBodies: RequestHandler = (req, res, next) => {
    if (doorOf(req.path) !== 'page' || SAFE_METHODS.has(req.method.toUpperCase())) return next()
    if (CROSS_SITE_POST_PATHS.some((p) => p.test(req.path))) return next()
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const hasBody = req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? '0') > 0
    if (FORM_TYPES.includes(type) || (!type && !hasBody)) return next()
    refuse(res, 'page', 415, 'Forms only: send application/x-www-form-urlencoded or multipart/form-data')
  }

  return [methods, crossSite, bodySize, pageBodies]
}

