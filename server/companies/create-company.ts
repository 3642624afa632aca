import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { companies, companyTypes, memberships } from '#db/schema/index.ts'
import { audit } from '../audit.ts'
import { COMPANY_TYPES, MANAGER_ROLE_BY_COMPANY_TYPE, ROLE_IDS, type CompanyType } from '../catalog/roles.ts'
import type { UseCaseContext } from '../context.ts'
import { requireUser } from '../policy.ts'
import { parseInput } from '../validation.ts'
import { newCompanyCode } from './company-code.ts'
import type { UserCompanyMembership } from './list-my-companies.ts'

const companyType = z
  .string()
  .transform((v) => COMPANY_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()))
  .pipe(z.enum(COMPANY_TYPES, { message: 'Company type must be Owner, Operator or RepairShop' }))

export const createCompanyInput = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(100, 'Company name is at most 100 characters'),
  types: z
    .array(companyType)
    .min(1, 'Choose at least one company type')
    .transform((types) => [...new Set(types)] as CompanyType[]),
})

/**
 * Any signed-in user may create a company; the creator becomes its manager for
 * every type it has (PRODUCT.md section 2).
 */
export async function createCompany(ctx: UseCaseContext, input: z.input<typeof createCompanyInput>): Promise<UserCompanyMembership> {
  const user = requireUser(ctx.actor)
  const { name, types } = parseInput(createCompanyInput, input)
  return ctx.db.transaction(async (tx) => {
    let code = newCompanyCode(types)
    // 31^6 codes: a clash is rare, but never fatal.
    while ((await tx.select({ id: companies.id }).from(companies).where(eq(companies.code, code))).length) {
      code = newCompanyCode(types)
    }
    const [company] = await tx.insert(companies).values({ name, code, createdByUserId: user.userId }).returning()
    await tx.insert(companyTypes).values(types.map((type) => ({ companyId: company!.id, type })))
    const roles = types.map((t) => MANAGER_ROLE_BY_COMPANY_TYPE[t])
    await tx
      .insert(memberships)
      .values(roles.map((r) => ({ userId: user.userId, companyId: company!.id, roleId: ROLE_IDS[r] })))
    await audit(tx, user, { action: 'company.create', companyId: company!.id, entityType: 'company', entityId: company!.id, details: { types } })
    return {
      companyId: company!.id,
      companyName: company!.name,
      companyIdentifier: company!.code,
      companyTypes: types,
      userRoles: roles.map((r) => ({ id: ROLE_IDS[r], name: r })),
    }
  })
}
