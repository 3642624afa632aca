import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import type { RoleName } from '#catalog/roles.ts'
import type { UserActor } from '#server/context/actor.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { getDb } from '#server/db.server.ts'
import { AppError, isAppError } from '#server/errors.ts'
import { databaseFaultAnswer, databaseFaultOf } from '#server/context/request-scope.server.ts'
import { msg } from '#catalog/i18n.ts'
import { localeOfRequest, translateFieldErrors, translateForRequest } from '#server/i18n/messages.server.ts'

export { translateFieldErrors }
import { logger } from '#server/log.server.ts'
import { getActor, requirePageRole, requirePageUser } from './auth.server.ts'
import { redirectWithToast } from './toast.server.ts'

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

/**
 * A vehicle page's context (the pre-trip, the 90-day check), or the way out: no vehicle id goes
 * back to the dashboard, a refusal too, with its reason as a toast.
 */
export async function vehicleContextOrLeave<T>(vehicleId: number | null, load: (vehicleId: number) => Promise<T>): Promise<T> {
  if (!vehicleId) throw redirect('/dashboard')
  const found = await attempt(() => load(vehicleId))
  if (found.ok) return found.value
  throw await redirectWithToast('/dashboard', { type: 'error', message: found.error.message })
}

/** A refusal's sentence in the request's language (decision 074): what a page shows in place of a list it could not load. */
export function refusalText(error: AppError): string {
  return error.messageIn(translateForRequest)
}

/** How a form words a refusal whose every field message lands under a field it shows. */
export interface RefusalOptions {
  /** The fields the form shows (names, or a test for names such as `userLicenses.0.number`). */
  fields?: readonly string[] | ((name: string) => boolean)
  /**
   * When every field message is shown under its field: no top line (`'none'`, the default when
   * `fields` is given) or "Please correct the fields marked below." (`'correctBelow'`). Otherwise
   * the use case's own sentence goes on top, so nothing it said is lost.
   */
  whenFieldsShown?: 'none' | 'correctBelow'
}

/**
 * The one way a refused use case reaches a form (issue 34): the form-level message and every
 * field's message, in the request's language (decision 074). The field kit shows them
 * (`FormError`, `Field`'s error).
 */
export function refusal(error: AppError, opts: RefusalOptions = {}): { formError: string | null; fieldErrors: Record<string, string> } {
  const fieldErrors = translateFieldErrors(error.fieldErrors)
  const names = Object.keys(fieldErrors)
  const shown = typeof opts.fields === 'function' ? opts.fields : (name: string) => (opts.fields as readonly string[] | undefined)?.includes(name) ?? false
  if (opts.fields && names.length > 0 && names.every(shown)) {
    return { formError: opts.whenFieldsShown === 'correctBelow' ? translateForRequest(msg('Please correct the fields marked below.')) : null, fieldErrors }
  }
  return { formError: refusalText(error), fieldErrors }
}

/** A refused form: the error's status (and Retry-After), `refusal`'s messages, plus what the form needs back. */
export function formFailure<T extends object>(error: AppError, extra: T, opts?: RefusalOptions) {
  const headers: Record<string, string> = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
  return data({ ...refusal(error, opts), ...extra }, { status: error.status, headers })
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
