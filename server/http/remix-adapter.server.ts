/**
 * Express → Remix, after `@remix-run/express` (2.17), with what that adapter cannot do:
 * - the request body is counted while it streams, so a body without `Content-Length` is
 *   bounded too (the door then answers 413, not whatever its parser made of the cut);
 * - a full disk seen by any door becomes a clear 507 instead of a 500, the database unreachable
 *   a 503 with Retry-After, a value too big for it a 413 (decision 071);
 * - a dynamic answer that says nothing about caching is `private, no-store` (signed-in pages,
 *   their `?_data=` / `.data` requests, tRPC and REST answers);
 * - the answer's headers replace the middleware's defaults instead of doubling them.
 */
import { Transform, type TransformCallback } from 'node:stream'
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { MAX_BODY_BYTES } from './guards.server.ts'
import { localeOfHeaders, msg } from '#catalog/i18n.ts'
import { translator } from '../i18n/messages.server.ts'
import { DATABASE_RETRY_AFTER_SECONDS, databaseFaultAnswer, runInRequestScope, requestScope, STORAGE_FULL_MESSAGE, type RequestScope } from '../context/request-scope.server.ts'
import { rememberedText } from '../context/answer-text.server.ts'
import { isStreamedAnswer, writeWithBackpressure } from './stream-body.server.ts'
import { drain } from './drain-body.server.ts'

export const NO_STORE = 'private, no-store'

class BodyLimit extends Transform {
  private seen = 0
  constructor(
    private readonly limit: number,
    private readonly scope: RequestScope,
  ) {
    super()
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.byteLength
    if (this.seen > this.limit) {
      this.scope.tooLarge = true
      done(new Error('Request body too large'))
      return
    }
    done(null, chunk)
  }
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue
    // `Origin: null` from a page of ours sent with `Referrer-Policy: no-referrer` was let through
    // by the cross-site guard on its Sec-Fetch-Site (decision 018); Remix's own check would
    // compare "null" with the Host and refuse the action with a 500.
    if (key === 'origin' && values === 'null') continue
    if (Array.isArray(values)) for (const v of values) headers.append(key, v)
    else headers.set(key, values)
  }
  return headers
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, scope: RequestScope, abortable: boolean): Request {
  // `trust proxy` is off: the Host header names the host (req.hostname has no port).
  const url = new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`)
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: headersOf(req) }
  if (abortable) {
    let controller: AbortController | null = new AbortController()
    init.signal = controller.signal
    res.on('finish', () => (controller = null))
    res.on('close', () => controller?.abort())
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const limited = req.pipe(new BodyLimit(MAX_BODY_BYTES, scope))
    req.on('error', (e) => limited.destroy(e))
    init.body = createReadableStreamFromReadable(limited)
    init.duplex = 'half'
  }
  return new Request(url.href, init)
}


function wantsHtml(req: ExpressRequest) {
  return (req.get('accept') ?? '').includes('text/html') && !/[?&]_data=|\.data(\?|$)/.test(req.originalUrl)
}

function plainAnswer(req: ExpressRequest, status: number, english: string, extraHeaders: Record<string, string> = {}): Response {
  const html = wantsHtml(req)
  // The pages' door: said in the page's language (decision 074; REST stays English).
  const locale = localeOfHeaders(req.headers.cookie, req.get('accept-language'))
  const t = translator(locale)
  const message = t(english)
  const body = html
    ? `<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>Operon</title><p>${message}</p><p><a href="/dashboard">${t('Back to Operon')}</a></p></html>`
    : JSON.stringify({ message })
  return new Response(body, {
    status,
    headers: {
      'Content-Type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      'Cache-Control': NO_STORE,
      ...(status === 507 ? { 'Retry-After': '60' } : {}),
      ...extraHeaders,
    },
  })
}

/** Small enough to hold whole: the compression middleware then sees its length (decision 051). */
const BUFFERED_TYPES = /^(application\/json|text\/plain)/i

async function send(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue
    // The answer's own headers win over the middleware's defaults (one X-Content-Type-Options);
    // a CSP of its own (a document's `sandbox`) adds to the app's.
    if (key === 'content-security-policy') res.append(key, value)
    else res.setHeader(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.append('Set-Cookie', cookies)
  if (!response.headers.has('cache-control')) res.set('Cache-Control', NO_STORE)
  // A 503 always says when to try again (a form refused because the database is unavailable: decision 071).
  if (response.status === 503 && !response.headers.has('retry-after')) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  if (!response.body) return void res.end()
  // JSON and plain-text answers (the REST and tRPC doors, /healthz) are written in one piece
  // with their length: no stream plumbing, and compression skips what is under its threshold.
  // A door's JSON comes as the text it was made from when it kept it (decision 051).
  if (!response.headers.has('content-length') && BUFFERED_TYPES.test(response.headers.get('content-type') ?? '') && !isStreamedAnswer(response)) {
    const body = rememberedText(response) ?? Buffer.from(await response.arrayBuffer())
    res.setHeader('Content-Length', Buffer.byteLength(body))
    return void res.end(body)
  }
  await (isStreamedAnswer(response) ? writeWithBackpressure : writeReadableStreamToWritable)(response.body, res)
}

/**
 * An Express handler around a fetch-style door `(Request) => Response`: the body limit while it
 * streams (413), a full disk (507), a database fault (503, 413), the answer's headers over the
 * middleware's defaults.
 * Remix is one such door; the REST and tRPC doors are mounted the same way without Remix's
 * route matching (decision 051). `abortable`: the Request's signal fires when the client leaves
 * (Remix stops its loaders); the doors go without it.
 */
export function createFetchHandler(
  handle: (request: Request, req: ExpressRequest, res: ExpressResponse) => Promise<Response>,
  { abortable = true }: { abortable?: boolean } = {},
): RequestHandler {
  return (req, res, next) => {
    const { scope, result } = runInRequestScope(async () => {
      const request = toFetchRequest(req, res, requestScope()!, abortable)
      return handle(request, req, res)
    })
    const started = performance.now()
    result
      .then(async (response) => {
        scope.appMs = performance.now() - started
        if (scope.tooLarge) {
          await response.body?.cancel().catch(() => undefined)
          await drain(req)
          response = plainAnswer(req, 413, msg('Request body too large'), { Connection: 'close' })
        } else if (scope.storageFull && response.status >= 500) {
          await response.body?.cancel().catch(() => undefined)
          response = plainAnswer(req, 507, STORAGE_FULL_MESSAGE)
        } else if (scope.databaseFault && response.status >= 500) {
          await response.body?.cancel().catch(() => undefined)
          const { status, message, headers } = databaseFaultAnswer(scope.databaseFault)
          response = plainAnswer(req, status, message, headers)
        }
        await send(res, response)
      })
      .catch(next)
  }
}

export function createRequestHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}): RequestHandler {
  const handle = createRemixRequestHandler(opts.build, opts.mode)
  return createFetchHandler((request, req, res) => handle(request, opts.getLoadContext(req, res)))
}
