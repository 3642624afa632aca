import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { companies, companyTypes, memberships } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import type { Tx } from '#db/client.ts'
import type { Actor } from '../context/actor.ts'
import { COMPANY_TYPES, MANAGER_ROLE_BY_COMPANY_TYPE, ROLE_IDS, roleAllowedInCompany, type CompanyType, type RoleName } from '#catalog/roles.ts'
import { uniqueCode } from '../codes.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { requireUser } from '../access/policy.ts'
import { parseInput, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { newCompanyCode } from './company-code.ts'
import { timeZoneSchema } from './company-settings.server.ts'
import { DEFAULT_TIME_ZONE } from '#catalog/company-settings.ts'
import type { UserCompanyMembership } from './list-my-companies.ts'
import { msg } from '#catalog/i18n.ts'

const companyType = z
  .string()
  .transform((v) => COMPANY_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()))
  .pipe(z.enum(COMPANY_TYPES, { message: msg('Company type must be Owner, Operator or RepairShop') }))

export const createCompanyInput = z.object({
  name: z.string().trim().min(1, msg('Company name is required')).max(100, msg('Company name is at most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
  types: z
    .array(companyType)
    .min(1, msg('Choose at least one company type'))
    // In the caller's order: the first type names the code's prefix (`OWN-`, `OPR-`, `RSH-`).
    .transform((types) => [...new Set(types)] as CompanyType[]),
  /** IANA name; the forms send the browser's guess or the manager's choice, API callers may omit it (decision 063). */
  timeZone: timeZoneSchema.optional(),
})

/**
 * Inserts a company with its types and its creator's roles: the manager role
 * of every type, plus the staff roles asked for where the types allow them.
 * Shared by "Create a company" and registration.
 */
export async function createCompanyTx(
  tx: Tx,
  actor: Actor,
  creatorUserId: number,
  company: { name: string; types: CompanyType[]; timeZone?: string | undefined; staffRoles?: RoleName[] },
  now: Date,
) {
  const code = await uniqueCode(
    () => newCompanyCode(company.types),
    async (c) => (await tx.select({ id: companies.id }).from(companies).where(eq(companies.code, c))).length > 0,
  )
  const timeZone = company.timeZone ?? DEFAULT_TIME_ZONE
  const [row] = await tx.insert(companies).values({ name: company.name, code, timeZone, createdByUserId: creatorUserId, createdAt: now }).returning()
  await tx.insert(companyTypes).values(company.types.map((type) => ({ companyId: row!.id, type })))
  const roles = new Set<RoleName>(company.types.map((t) => MANAGER_ROLE_BY_COMPANY_TYPE[t]))
  for (const r of company.staffRoles ?? []) if (roleAllowedInCompany(r, company.types)) roles.add(r)
  await tx
    .insert(memberships)
    .values([...roles].map((r) => ({ userId: creatorUserId, companyId: row!.id, roleId: ROLE_IDS[r], createdAt: now, updatedAt: now })))
  await audit(tx, actor, { action: 'company.create', companyId: row!.id, entityType: 'company', entityId: row!.id, details: { types: company.types, timeZone } })
  return { company: row!, roles: [...roles] }
}

/**
 * Any signed-in user may create a company; the creator becomes its manager for
 * every type it has (PRODUCT.md section 2).
 */
export async function createCompany(ctx: UseCaseContext, input: z.input<typeof createCompanyInput>): Promise<UserCompanyMembership> {
  const user = requireUser(ctx.actor)
  const { name, types, timeZone } = parseInput(createCompanyInput, input)
  return ctx.db.transaction(async (tx) => {
    const { company, roles } = await createCompanyTx(tx, user, user.userId, { name, types, timeZone }, ctx.now ?? new Date())
    return {
      companyId: company.id,
      companyName: company.name,
      companyIdentifier: company.code,
      companyTypes: types,
      userRoles: roles.map((r) => ({ id: ROLE_IDS[r], name: r })),
    }
  })
}
