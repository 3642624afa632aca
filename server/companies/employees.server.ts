import { and, asc, countDistinct, eq, inArray, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { memberships, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { PAGE_SIZES } from '#catalog/fleet.ts'
import { isManagerRole, roleById, roleNameOf, ROLE_IDS, type ManagerRoleName } from '#catalog/roles.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { requireUser } from '../access/policy.ts'
import { revokeCalendarFeedsOf } from '../access/calendar-feed-revocation.server.ts'
import { endDriverEmployment, resumeDriverEmployment } from '../access/driver-employment.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { rolesCallerManages } from './join-requests.server.ts'
import { hasOtherActiveHolder } from './membership-rules.server.ts'
import { msg } from '#catalog/i18n.ts'
import { employeeExpiryFlags } from '../drivers/driver-due.server.ts'


export const listEmployeesInput = z.object({
  companyId: idSchema,
  /** The page's manager role (`/employees` Operator, `/employeesRS` RepairShop); absent = every role the caller manages. */
  manager: z.enum(['Owner', 'Operator', 'RepairShop']).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), msg('Page size must be 10, 20 or 30'))
    .optional(),
})

export interface Employee {
  id: number
  personalIdentifier: string
  firstName: string
  lastName: string
  email: string | null
  roles: string[]
  dateOfBirth: string | null
  phoneNumber: string | null
  roleList: { id: number; name: string; isActive: boolean }[]
  /** Every role the person holds in this company, managed by the caller or not (decision 059). */
  companyRoles: { id: number; name: string; isActive: boolean }[]
  /**
   * Issue 37: a driver's expired license or medical certificate at this operator company — only
   * for the operator company's Operator managers, only on people holding its Driver role.
   */
  driverExpiry?: { licenseExpired: boolean; medicalExpired: boolean }
}

/**
 * The employees pages and GET /api/Employee/getEmployees: the people holding a
 * role the caller manages in the company, with those roles (active or not).
 * Paged in SQL; without `page` every row is returned (legacy clients).
 */
export async function listEmployees(ctx: UseCaseContext, input: unknown): Promise<{ items: Employee[]; total: number; page: number; pageSize: number }> {
  requireUser(ctx.actor)
  const v = parseInput(listEmployeesInput, input)
  const managed = await rolesCallerManages(ctx, v.companyId, v.manager as ManagerRoleName | undefined)
  if (!managed.length) throw forbidden()
  const roleIds = managed.map((r) => ROLE_IDS[r])
  const where = and(eq(memberships.companyId, v.companyId), inArray(memberships.roleId, roleIds), isNull(users.deletedAt))

  const [count] = await ctx.db.read
    .select({ n: countDistinct(memberships.userId) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
  const total = count?.n ?? 0
  const pageSize = v.pageSize ?? (v.page ? 10 : Math.max(total, 1))
  const page = v.page ?? 1

  const people = await ctx.db.read
    .selectDistinct({
      id: users.id,
      personalIdentifier: users.personalIdentifier,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      dateOfBirth: users.dateOfBirth,
      phoneNumber: users.phoneNumber,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const roleRows = people.length
    ? await ctx.db.read
        .select({ userId: memberships.userId, roleId: memberships.roleId, isActive: memberships.isActive })
        .from(memberships)
        .where(and(eq(memberships.companyId, v.companyId), inArray(memberships.roleId, roleIds), inArray(memberships.userId, people.map((p) => p.id))))
        .orderBy(asc(memberships.roleId))
    : []
  // All their roles in this company (an Operator's driver may also be its Owner manager or a mechanic).
  const allRoleRows = people.length
    ? await ctx.db.read
        .select({ userId: memberships.userId, roleId: memberships.roleId, isActive: memberships.isActive })
        .from(memberships)
        .where(and(eq(memberships.companyId, v.companyId), inArray(memberships.userId, people.map((p) => p.id))))
        .orderBy(asc(memberships.roleId))
    : []
  const items = people.map((p) => {
    const roleList = roleRows.filter((r) => r.userId === p.id).map((r) => ({ id: r.roleId, name: roleNameOf(r.roleId), isActive: r.isActive }))
    const companyRoles = allRoleRows.filter((r) => r.userId === p.id).map((r) => ({ id: r.roleId, name: roleNameOf(r.roleId), isActive: r.isActive }))
    return { ...p, roles: roleList.filter((r) => r.isActive).map((r) => r.name), roleList, companyRoles } as Employee
  })
  // Expired means visible (issue 37): the operator's managers see which drivers' license or medical certificate has expired.
  if (v.manager === undefined || v.manager === 'Operator') {
    const driverIds = items.filter((e) => e.companyRoles.some((r) => r.id === ROLE_IDS.Driver)).map((e) => e.id)
    const flags = driverIds.length ? await employeeExpiryFlags(ctx, v.companyId, driverIds) : null
    if (flags) for (const e of items) if (flags.has(e.id)) e.driverExpiry = flags.get(e.id)!
  }
  return { items, total, page, pageSize }
}

export const updateRoleStatusInput = z.object({
  userId: idSchema,
  companyId: idSchema,
  roleId: z.coerce.number().int(),
  isActive: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: msg('isActive must be true or false') }),
})

/**
 * PUT /api/Employee/updateUserRoleStatus and the employees page toggle. The
 * last active holder of a manager role cannot be deactivated (409). Takes
 * effect on the next request in every door (roles are read per request).
 */
export async function updateUserRoleStatus(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const me = requireUser(ctx.actor)
  const v = parseInput(updateRoleStatusInput, input)
  const role = roleById(v.roleId)
  if (!role) throw new AppError('BAD_REQUEST', msg('Unknown role'), { fieldErrors: { roleId: msg('Unknown role') } })
  const managed = await rolesCallerManages(ctx, v.companyId)
  if (!managed.length) throw forbidden()
  if (!managed.includes(role.name)) throw new AppError('FORBIDDEN', `You cannot change the ${role.label} role here`, { localized: (t) => t('You cannot change the {role} role here', { role: t(role.label) }) })
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .select({ id: memberships.id, isActive: memberships.isActive })
      .from(memberships)
      .where(and(eq(memberships.userId, v.userId), eq(memberships.companyId, v.companyId), eq(memberships.roleId, v.roleId)))
    if (!m) throw new AppError('NOT_FOUND', msg('This user does not have this role in the company'))
    if (m.isActive === v.isActive) return
    if (!v.isActive && isManagerRole(role.name)) {
      if (!(await hasOtherActiveHolder(tx, v.companyId, v.roleId, v.userId))) throw new AppError('CONFLICT', `The company must keep at least one active ${role.label} manager`, {
          localized: (t) => t('The company must keep at least one active {role} manager', { role: t(role.label) }),
        })
    }
    await tx.update(memberships).set({ isActive: v.isActive, updatedAt: now }).where(eq(memberships.id, m.id))
    // The loss of a role ends the person's calendar feed link (decision 084): a new one shows what is left.
    if (!v.isActive) await revokeCalendarFeedsOf(tx, v.userId, now)
    // The operator removes a driver: the employment ends and the file's retention starts (decision 086).
    if (role.name === 'Driver') {
      if (v.isActive) await resumeDriverEmployment(tx, v.userId, v.companyId, now)
      else await endDriverEmployment(tx, v.userId, v.companyId, now)
    }
    await audit(tx, me, {
      action: v.isActive ? 'membership.activate' : 'membership.deactivate',
      companyId: v.companyId,
      entityType: 'membership',
      entityId: m.id,
      details: { userId: v.userId, role: role.name },
    })
  })
  return { message: msg('Updated successfully') }
}
