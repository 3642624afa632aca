import { redirect } from '@remix-run/node'
import type { Actor, UserActor } from '#server/context/actor.ts'
import { roleLabelOf, type RoleName } from '#catalog/roles.ts'
import { getDb } from '#server/db.server.ts'
import { identify } from '#server/auth/request-actor.server.ts'
import { hasRole, hasRoleAnywhere } from '#server/access/policy.ts'
import { redirectWithToast } from './toast.server.ts'

/** The caller of a page request (session cookie). */
export async function getActor(request: Request): Promise<Actor> {
  return (await identify(getDb(), request)).actor
}

/** Spec section 6: no session → /login (coming back here after signing in). */
export async function requirePageUser(request: Request): Promise<UserActor> {
  const actor = await getActor(request)
  if (actor.kind !== 'user') {
    const url = new URL(request.url)
    const back = url.pathname + url.search
    throw redirect(back && back !== '/' ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login')
  }
  return actor
}

/** The route's company id, or a redirect to / when it is not a number. */
export function companyIdParam(params: { companyId?: string }): number {
  const id = Number(params.companyId)
  if (!Number.isInteger(id) || id <= 0) throw redirect('/')
  return id
}

/**
 * Spec section 6: the user must hold one of `roles`, active, in the company
 * named by the route's companyId; otherwise → /.
 */
export async function requirePageRole(
  request: Request,
  params: { companyId?: string },
  roles: readonly RoleName[],
): Promise<{ actor: UserActor; companyId: number }> {
  const actor = await requirePageUser(request)
  const companyId = companyIdParam(params)
  if (!hasRole(actor, companyId, roles)) throw await refused(roles, 'in this company')
  return { actor, companyId }
}

/** For routes without a company in the URL (/InspectionPage). */
export async function requirePageRoleAnywhere(request: Request, roles: readonly RoleName[]): Promise<UserActor> {
  const actor = await requirePageUser(request)
  if (!hasRoleAnywhere(actor, roles)) throw await refused(roles)
  return actor
}

/** "You need the Owner role in this company to open that page." (decision 059). */
export function roleRefusalText(roles: readonly RoleName[], where?: string): string {
  const labels = roles.map((r) => roleLabelOf(r))
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? 'a')
  return `You need the ${list} role${where ? ` ${where}` : ''} to open that page.`
}

/** A page refused for lack of a role: to / (then /dashboard), saying why in a toast after the redirect. */
async function refused(roles: readonly RoleName[], where?: string): Promise<Response> {
  return redirectWithToast('/', { type: 'error', message: roleRefusalText(roles, where) })
}
