import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { Database } from '#db/client.ts'
import { isAppError } from '../errors.ts'
import { identify } from '../auth/request-actor.server.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { DATABASE_RETRY_AFTER_SECONDS, databaseFaultOf, isStorageFull } from '../context/request-scope.server.ts'
import { localeOfRequest } from '../i18n/messages.server.ts'
import { logger } from '../log.server.ts'
import { databaseFaultError } from './init.ts'
import { appRouter } from './router.ts'

/** Procedures in one batched request (decision 020): more is refused before any runs. */
export const MAX_TRPC_BATCH = 10

function refusal(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { message, code: -32600, data: { code, httpStatus: status } } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })
}

/**
 * What the door refuses before tRPC reads anything: a mutation body that is not JSON (a form
 * or `text/plain` is what another site can send without asking), and oversized batches.
 */
function precheck(request: Request): Response | null {
  const url = new URL(request.url)
  const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\/?/, '')).split(',')
  if (paths.length > MAX_TRPC_BATCH) {
    return refusal(400, 'BAD_REQUEST', `At most ${MAX_TRPC_BATCH} procedures in one batch`)
  }
  if (request.method.toUpperCase() === 'POST') {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (type !== 'application/json') {
      return refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'tRPC mutations take application/json only')
    }
  }
  return null
}

/** The tRPC door at /trpc, for client widgets (session cookie) and tests (bearer). */
export async function handleTrpcRequest(request: Request, db: Database, ip: string): Promise<Response> {
  const refused = precheck(request)
  if (refused) return refused
  return fetchRequestHandler({
    endpoint: '/trpc',
    req: request,
    router: appRouter,
    allowBatching: true,
    async createContext() {
      await consumeRateLimit('trpc', ip).catch((e: unknown) => {
        throw isAppError(e) ? new TRPCError({ code: e.trpcCode, message: e.message, cause: e }) : e
      })
      // Who calls is read before any procedure runs: a database fault there is said as in one (decision 071).
      const { actor } = await identify(db, request).catch((e: unknown) => {
        const fault = databaseFaultOf(e)
        throw fault ? databaseFaultError(fault, e) : e
      })
      // The widgets are the app's own: what a use case words for a reader follows the browser's language (REST keeps English).
      return { db, actor, ip, locale: localeOfRequest(request) }
    },
    responseMeta({ errors }) {
      // Answers carry user data; a full disk is said plainly (decision 020).
      const full = errors.some((e) => isStorageFull(e.cause ?? e))
      if (full) return { status: 507, headers: new Headers({ 'Cache-Control': 'private, no-store', 'Retry-After': '60' }) }
      // The database unreachable: SERVICE_UNAVAILABLE (503) says when to try again (decision 071).
      const unavailable = errors.some((e) => e.code === 'SERVICE_UNAVAILABLE' && databaseFaultOf(e.cause) === 'unavailable')
      if (unavailable) return { headers: new Headers({ 'Cache-Control': 'private, no-store', 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }) }
      // A use case's 429 (or 503) says when to try again, as on the other doors (issue 38).
      const retryAfter = Math.max(0, ...errors.map((e) => (isAppError(e.cause) ? (e.cause.retryAfter ?? 0) : 0)))
      return { headers: new Headers({ 'Cache-Control': 'private, no-store', ...(retryAfter > 0 ? { 'Retry-After': String(retryAfter) } : {}) }) }
    },
    onError({ error, path }) {
      if (isStorageFull(error.cause)) logger().error({ err: error, path }, 'storage full')
      else if (databaseFaultOf(error.cause)) logger().warn({ err: error, path }, 'database fault')
      else if (error.code === 'INTERNAL_SERVER_ERROR') logger().error({ err: error, path }, 'tRPC error')
    },
  })
}
