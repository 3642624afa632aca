import type { Actor, Membership, UserActor } from '../context/actor.ts'
import type { RoleName } from '#catalog/roles.ts'
import { AppError, forbidden } from '../errors.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * Authorization rules, read by every use case. Routes may ask the same
 * questions to choose a redirect, but the use case is where access is decided.
 */

export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new AppError('UNAUTHORIZED', msg('Authentication required'))
  return actor
}

export function membershipIn(actor: Actor, companyId: number): Membership | undefined {
  if (actor.kind !== 'user') return undefined
  return actor.memberships.find((m) => m.companyId === companyId)
}

/** True when the actor holds one of `roles`, active, in `companyId`. */
export function hasRole(actor: Actor, companyId: number, roles: readonly RoleName[]): boolean {
  const m = membershipIn(actor, companyId)
  return !!m && m.roles.some((r) => roles.includes(r.name))
}

/** True when the actor holds one of `roles` in any company. */
export function hasRoleAnywhere(actor: Actor, roles: readonly RoleName[]): boolean {
  return actor.kind === 'user' && actor.memberships.some((m) => m.roles.some((r) => roles.includes(r.name)))
}

/** Ids of the companies where the actor holds one of `roles`. */
export function companiesWithRole(actor: Actor, roles: readonly RoleName[]): number[] {
  if (actor.kind !== 'user') return []
  return actor.memberships.filter((m) => m.roles.some((r) => roles.includes(r.name))).map((m) => m.companyId)
}

/**
 * The caller must be signed in and hold one of `roles`, active, in the company
 * the request names: 401 when anonymous, 403 otherwise.
 */
export function requireRole(actor: Actor, companyId: number, roles: readonly RoleName[]): UserActor {
  const user = requireUser(actor)
  if (!hasRole(user, companyId, roles)) throw forbidden()
  return user
}

export function requireRoleAnywhere(actor: Actor, roles: readonly RoleName[]): UserActor {
  const user = requireUser(actor)
  if (!hasRoleAnywhere(user, roles)) throw forbidden(msg('You do not have the role needed for this'))
  return user
}
