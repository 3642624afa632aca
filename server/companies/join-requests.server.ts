import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { rowsAffected } from '#db/client.ts'
import { companies, companyTypes, joinRequests, memberships, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import {
  isManagerRole,
  parseCompanyRoleName,
  parseRegistrationRole,
  ROLE_IDS,
  roleNameOf,
  rolesManagedBy,
  type CompanyType,
  type ManagerRoleName,
  type RoleName,
} from '#catalog/roles.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { joinRequestAnsweredMail } from '../mail/templates.ts'
import { membershipIn, requireUser } from '../access/policy.ts'
import { resumeDriverEmployment } from '../access/driver-employment.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { createJoinRequestTx, findCompanyByCode } from './membership-rules.server.ts'
import { isLocale, msg } from '#catalog/i18n.ts'

export const ALREADY_IN_COMPANY = msg('User was already in the company')

/** A role name as users and legacy clients write it: `Driver`, `operator`, `busOwner`… */
const roleField = z.string({ message: msg('Role is required') }).transform((v, ctx) => {
  const role = parseCompanyRoleName(v)?.name ?? parseRegistrationRole(v)?.companyRole
  if (!role) {
    ctx.addIssue({ code: 'custom', message: msg('Role must be Owner, Operator, RepairShop, Driver or Mechanic') })
    return z.NEVER
  }
  return role as RoleName
})

export const joinCompanyInput = z.object({
  companyCode: z.string({ message: msg('Company code is required') }).trim().min(1, msg('Company code is required')).max(20),
  role: roleField,
})

/** POST /api/JoinRequests/create and "Join a company" on the profile. */
export async function requestToJoinCompany(ctx: UseCaseContext, input: unknown) {
  const me = requireUser(ctx.actor)
  const { companyCode, role } = parseInput(joinCompanyInput, input)
  const now = ctx.now ?? new Date()
  return ctx.db.transaction(async (tx) => {
    const company = await findCompanyByCode(tx, companyCode)
    const request = await createJoinRequestTx(tx, me.userId, company, role, now)
    await audit(tx, me, { action: 'joinRequest.create', companyId: company.id, entityType: 'joinRequest', entityId: request.id, details: { role } })
    return { id: request.id, status: request.status, companyName: company.name, role }
  })
}

async function companyTypesOf(ctx: UseCaseContext, companyId: number): Promise<CompanyType[]> {
  const rows = await ctx.db.read.select({ type: companyTypes.type }).from(companyTypes).where(eq(companyTypes.companyId, companyId))
  return rows.map((r) => r.type)
}

/** The roles the caller handles in the company: the union over the manager roles held there. */
export async function rolesCallerManages(ctx: UseCaseContext, companyId: number, only?: ManagerRoleName): Promise<RoleName[]> {
  const m = membershipIn(requireUser(ctx.actor), companyId)
  if (!m) return []
  const types = m.companyTypes.length ? m.companyTypes : await companyTypesOf(ctx, companyId)
  const held = m.roles.map((r) => r.name).filter((r): r is ManagerRoleName => isManagerRole(r) && (!only || r === only))
  return [...new Set(held.flatMap((r) => rolesManagedBy(r, types)))]
}

export const listJoinRequestsInput = z.object({
  companyId: idSchema,
  /** A manager role (its page's requests) or a staff role (only those); absent = all the caller handles. */
  role: roleField.optional(),
})

export interface JoinRequestRow {
  id: number
  name: string
  role: string
  requestDate: string
  status: string
}

/** The users requests pages and POST /api/JoinRequests/getUsersRequests: Pending first, newest first. */
export async function listJoinRequests(ctx: UseCaseContext, input: unknown): Promise<JoinRequestRow[]> {
  requireUser(ctx.actor)
  const { companyId, role } = parseInput(listJoinRequestsInput, input)
  const managed = await rolesCallerManages(ctx, companyId, role && isManagerRole(role) ? (role as ManagerRoleName) : undefined)
  const roles = role && !isManagerRole(role) ? managed.filter((r) => r === role) : managed
  if (!roles.length) throw forbidden()
  const rows = await ctx.db.read
    .select({
      id: joinRequests.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: joinRequests.roleId,
      requestedAt: joinRequests.requestedAt,
      status: joinRequests.status,
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(and(eq(joinRequests.companyId, companyId), inArray(joinRequests.roleId, roles.map((r) => ROLE_IDS[r]))))
    .orderBy(sql`CASE WHEN ${joinRequests.status} = 'Pending' THEN 0 ELSE 1 END`, desc(joinRequests.requestedAt), desc(joinRequests.id))
    .limit(500)
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim() || 'Deleted user',
    role: roleNameOf(r.roleId),
    requestDate: r.requestedAt.toISOString(),
    status: r.status,
  }))
}

export const answerJoinRequestInput = z.object({ requestId: idSchema })

/**
 * Accept or reject, only from Pending, once: the status changes by a
 * conditional update inside the transaction, so a double click or two
 * managers at once yield one answer and one 409, never two roles.
 */
async function answerJoinRequest(ctx: UseCaseContext, input: unknown, accept: boolean): Promise<{ message: string }> {
  const me = requireUser(ctx.actor)
  const { requestId } = parseInput(answerJoinRequestInput, input)
  const now = ctx.now ?? new Date()
  const [req] = await ctx.db.read
    .select({ id: joinRequests.id, companyId: joinRequests.companyId, userId: joinRequests.userId, roleId: joinRequests.roleId })
    .from(joinRequests)
    .where(eq(joinRequests.id, requestId))
  const role = req ? roleNameOf(req.roleId) : 'Unknown'
  // Someone else's company's request is "not found", never "forbidden": its existence is not revealed.
  if (!req || role === 'Unknown' || !(await rolesCallerManages(ctx, req.companyId)).includes(role)) {
    throw new AppError('NOT_FOUND', msg('Join request not found'))
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const answered = await tx
      .update(joinRequests)
      .set({ status: accept ? 'Accepted' : 'Rejected', answeredAt: now, answeredByUserId: me.userId })
      .where(and(eq(joinRequests.id, req.id), eq(joinRequests.status, 'Pending')))
    if (rowsAffected(answered) !== 1) throw new AppError('CONFLICT', msg('This request was already answered'))
    let already = false
    if (accept) {
      const [held] = await tx
        .select({ id: memberships.id, isActive: memberships.isActive })
        .from(memberships)
        .where(and(eq(memberships.userId, req.userId), eq(memberships.companyId, req.companyId), eq(memberships.roleId, req.roleId)))
      if (held?.isActive) already = true
      else if (held) await tx.update(memberships).set({ isActive: true, updatedAt: now }).where(eq(memberships.id, held.id))
      else await tx.insert(memberships).values({ userId: req.userId, companyId: req.companyId, roleId: req.roleId, createdAt: now, updatedAt: now })
      // A returning driver's file is a current driver's file again (decision 086).
      if (!already && req.roleId === ROLE_IDS.Driver) await resumeDriverEmployment(tx, req.userId, req.companyId, now)
    }
    const [info] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, req.companyId))
      .where(eq(users.id, req.userId))
    if (info?.email && !already) {
      await enqueueMail(tx, { to: info.email, ...joinRequestAnsweredMail({ firstName: info.firstName, companyName: info.company, role, accepted: accept, locale: isLocale(info.locale) ? info.locale : 'en' }) })
    }
    await audit(tx, me, { action: accept ? 'joinRequest.accept' : 'joinRequest.reject', companyId: req.companyId, entityType: 'joinRequest', entityId: req.id })
    return { already }
  })
  kickMailWorker()
  // The request is answered either way; the role was already there.
  if (outcome.already) throw new AppError('CONFLICT', ALREADY_IN_COMPANY)
  return { message: accept ? 'User accepted successfully' : 'User rejected successfully' }
}

export const acceptJoinRequest = (ctx: UseCaseContext, input: unknown) => answerJoinRequest(ctx, input, true)
export const rejectJoinRequest = (ctx: UseCaseContext, input: unknown) => answerJoinRequest(ctx, input, false)

/** The caller's own join requests (profile), newest first. */
export async function listMyJoinRequests(ctx: UseCaseContext) {
  const me = requireUser(ctx.actor)
  const rows = await ctx.db.read
    .select({ id: joinRequests.id, company: companies.name, roleId: joinRequests.roleId, status: joinRequests.status, requestedAt: joinRequests.requestedAt })
    .from(joinRequests)
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .where(eq(joinRequests.userId, me.userId))
    .orderBy(desc(joinRequests.requestedAt), desc(joinRequests.id))
    .limit(50)
  return rows.map((r) => ({ id: r.id, companyName: r.company, role: roleNameOf(r.roleId), status: r.status, requestDate: r.requestedAt.toISOString() }))
}
