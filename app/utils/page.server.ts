import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { RoleName } from '#catalog/roles.ts'
import type { UserActor } from '#server/actor.ts'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { AppError, isAppError } from '#server/errors.ts'
import { databaseFaultAnswer, databaseFaultOf } from '#server/context/request-scope.server.ts'
import { localeOfRequest, translateFieldErrors, translateForRequest } from '#server/i18n/messages.server.ts'

export { translateFieldErrors }
import { logger } from '#server/log.server.ts'
import { getActor, requirePageRole, requirePageUser } from './auth.server.ts'

/**
 * What every page loader and action repeats (decision 014): the route guard,
 * the use-case context, and an AppError turned into what the page shows.
 */

/** The part of a loader's or action's arguments the helpers read. */
export type PageArgs = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>

/** The use-case context of a signed-in page. */
export type PageContext = UseCaseContext & { actor: UserActor }

function contextOf<A extends UseCaseContext['actor']>(args: PageArgs, actor: A): UseCaseContext & { actor: A } {
  return { db: getDb(), actor, ip: args.context.clientIp, locale: localeOfRequest(args.request) }
}

/** A company page (`/…/{companyId}`): one of `roles`, active, there (decision 006); else a redirect. */
export async function companyPage(args: PageArgs, roles: readonly RoleName[]): Promise<{ ctx: PageContext; companyId: number }> {
  const { actor, companyId } = await requirePageRole(args.request, args.params, roles)
  return { ctx: contextOf(args, actor), companyId }
}

/** A page for any signed-in user; no session → /login. */
export async function userPage(args: PageArgs): Promise<PageContext> {
  return contextOf(args, await requirePageUser(args.request))
}

/** A page for anyone (login, registration, password reset). */
export function anonymousPage(args: PageArgs): UseCaseContext {
  return contextOf(args, { kind: 'anonymous' })
}

/** A resource route: whoever calls, without a redirect; the use case decides. */
export async function callerContext(args: PageArgs): Promise<UseCaseContext> {
  return contextOf(args, await getActor(args.request))
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: AppError }

/**
 * Runs a use case and hands back its refusal (an AppError) as a value the page
 * shows; anything else is a bug and propagates to the error boundary, unless
 * `unexpected` names it: then it is logged and handed back as a 500, for pages
 * whose spec text covers any failure ("Error accepting user"). The database
 * unreachable or busy is a refusal too (decision 071): SERVICE_UNAVAILABLE (503,
 * Retry-After), shown by the form like any other, as is a value too big for it (413).
 */
export async function attempt<T>(run: () => Promise<T>, unexpected?: { log: string; [detail: string]: unknown }): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    if (isAppError(error)) return { ok: false, error }
    const fault = databaseFaultOf(error)
    if (fault) {
      logger().warn({ err: error, fault }, 'database fault')
      const { message, headers } = databaseFaultAnswer(fault)
      const retryAfter = headers['Retry-After'] ? Number(headers['Retry-After']) : undefined
      return { ok: false, error: new AppError(fault === 'unavailable' ? 'SERVICE_UNAVAILABLE' : 'PAYLOAD_TOO_LARGE', message, { retryAfter, cause: error }) }
    }
    if (!unexpected) throw error
    const { log, ...details } = unexpected
    logger().error({ err: error, ...details }, log)
    return { ok: false, error: new AppError('INTERNAL', 'An unexpected error occurred', { cause: error }) }
  }
}

/** A refused form: the error's status, its message and every field's message, plus what the form needs back. */
export function formFailure<T extends object>(error: AppError, extra: T) {
  const headers: Record<string, string> = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
  return data({ formError: error.messageIn(translateForRequest), fieldErrors: translateFieldErrors(error.fieldErrors), ...extra }, { status: error.status, headers })
}

/** A JSON answer of a resource route (never cached: it is the caller's). */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/** A resource route's refusal as plain text with the error's status. */
export function errorText(error: AppError): Response {
  return new Response(error.message, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
}
