import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable, redirectDocument } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './utils/nonce.tsx'
import { logger } from '#server/log.server.ts'
import { databaseFaultAnswer, databaseFaultOf, noteServerError, requestScope } from '#server/context/request-scope.server.ts'
import { sameOriginPath } from '#server/access/safe-redirect.ts'
import { redirectWithToast } from './utils/toast.server.ts'

/** The REST and tRPC doors, which the Express application mounts without Remix (decision 051). */
export { doors } from './doors.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger().error({ err: error }, 'render error')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // A full disk: the HTTP adapter answers 507 instead of the error page (decision 020); the
  // database unreachable, 503 (decision 071).
  noteServerError(error)
  if (databaseFaultOf(error)) logger().warn({ err: error, url: request.url }, 'database fault')
  else logger().error({ err: error, url: request.url }, 'unhandled error')
}

/**
 * A `.data` request (a page with JavaScript) whose loader or action met a database fault
 * (decision 071). The plain 503 the HTTP adapter would put in its place is not something the
 * page can read, so: an action goes back to the page it was sent from with the message as a
 * toast (nothing was saved; the form on the page keeps what was typed), and a page whose data
 * cannot be read is loaded as a document, which answers the plain 503 page with the message.
 */
export async function handleDataRequest(response: Response, { request }: { request: Request }): Promise<Response> {
  const fault = requestScope()?.databaseFault
  if (!fault || response.status < 500) return response
  await response.body?.cancel().catch(() => undefined)
  const url = new URL(request.url)
  url.pathname = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  url.searchParams.delete('_routes')
  url.searchParams.delete('index')
  const page = `${url.pathname}${url.search}`
  if (request.method === 'GET' || request.method === 'HEAD') return redirectDocument(page)
  const back = sameOriginPath(request.headers.get('referer'), url.origin) ?? page
  return redirectWithToast(back, { type: 'error', message: databaseFaultAnswer(fault).message })
}
