import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, companyTypes, joinRequests, memberships, users } from '#db/schema/index.ts'
import { ROLE_IDS, roleAllowedInCompany, roleLabelOf, type CompanyType, type RoleName } from '#catalog/roles.ts'
import { AppError } from '../errors.ts'
import { normalizeCompanyCode } from './company-code.ts'
import { msg } from '#catalog/i18n.ts'

export interface CompanyRef {
  id: number
  name: string
  code: string
  types: CompanyType[]
}

/** The company behind a code, or a 404 that names the code problem. */
export async function findCompanyByCode(tx: Tx, code: string): Promise<CompanyRef> {
  const [company] = await tx.select().from(companies).where(eq(companies.code, normalizeCompanyCode(code))).limit(1)
  if (!company) {
    throw new AppError('NOT_FOUND', msg('No company has this code'), { fieldErrors: { companyCode: msg('No company has this code') } })
  }
  const types = await tx.select({ type: companyTypes.type }).from(companyTypes).where(eq(companyTypes.companyId, company.id))
  return { id: company.id, name: company.name, code: company.code, types: types.map((t) => t.type) }
}

/**
 * Asks to join `company` as `role` (PRODUCT.md section 2): the company's types
 * must allow the role; a role already held or already asked for is refused.
 */
export async function createJoinRequestTx(tx: Tx, userId: number, company: CompanyRef, role: RoleName, now: Date) {
  if (!roleAllowedInCompany(role, company.types)) {
    throw new AppError('BAD_REQUEST', `${company.name} does not take ${roleLabelOf(role).toLowerCase()}s`, {
      fieldErrors: { role: `${company.name} does not take ${roleLabelOf(role).toLowerCase()}s` },
      localized: (t) => t('{company} does not take the {role} role', { company: company.name, role: t(roleLabelOf(role)) }),
    })
  }
  const roleId = ROLE_IDS[role]
  const [held] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, company.id), eq(memberships.roleId, roleId)))
  if (held) {
    throw new AppError('CONFLICT', `You already have the ${roleLabelOf(role)} role in ${company.name}`, {
      localized: (t) => t('You already have the {role} role in {company}', { role: t(roleLabelOf(role)), company: company.name }),
    })
  }
  const [pending] = await tx
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.userId, userId),
        eq(joinRequests.companyId, company.id),
        eq(joinRequests.roleId, roleId),
        eq(joinRequests.status, 'Pending'),
      ),
    )
  if (pending) {
    throw new AppError('CONFLICT', `You have already asked to join ${company.name} as ${roleLabelOf(role)}`, {
      localized: (t) => t('You have already asked to join {company} as {role}', { company: company.name, role: t(roleLabelOf(role)) }),
    })
  }
  const [request] = await tx
    .insert(joinRequests)
    .values({ userId, companyId: company.id, roleId, status: 'Pending', requestedAt: now })
    .returning({ id: joinRequests.id, status: joinRequests.status })
  return request!
}

/**
 * Whether someone other than `exceptUserId` (and not deleted) holds `roleId`,
 * active, in the company: the "keep at least one active manager" rule of
 * deactivating a role and of deleting an account.
 */
export async function hasOtherActiveHolder(tx: Tx, companyId: number, roleId: number, exceptUserId: number): Promise<boolean> {
  const others = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.roleId, roleId),
        eq(memberships.isActive, true),
        ne(memberships.userId, exceptUserId),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
  return others.length > 0
}
