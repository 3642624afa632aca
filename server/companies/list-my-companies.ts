import type { UseCaseContext } from '../context/use-case-context.ts'
import { requireUser } from '../access/policy.ts'

/** The spec's userInCompanyWithRole: the caller's companies with their active roles. */
export interface UserCompanyMembership {
  companyId: number
  companyName: string
  companyIdentifier: string
  companyTypes: string[]
  userRoles: { id: number; name: string }[]
}

export async function listMyCompanies({ actor }: UseCaseContext): Promise<UserCompanyMembership[]> {
  const user = requireUser(actor)
  // The actor's memberships are read from the database for this request.
  return user.memberships.map((m) => ({
    companyId: m.companyId,
    companyName: m.companyName,
    companyIdentifier: m.companyCode,
    companyTypes: [...m.companyTypes],
    userRoles: m.roles.map((r) => ({ id: r.id, name: r.name })),
  }))
}
