import { and, eq, inArray, isNull } from 'drizzle-orm'
import { ROLE_IDS, type RoleName } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { memberships, users } from '#db/schema/index.ts'

/**
 * The email addresses of the people who hold one of `roles` in a company, active, with an
 * account not deleted: who hears of a request's answer, a new repair job, a certification.
 */
export async function emailsOfRoleHolders(tx: Pick<Tx, 'selectDistinct'>, companyId: number, roles: readonly RoleName[], limit?: number): Promise<string[]> {
  const query = tx
    .selectDistinct({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.roleId, roles.map((r) => ROLE_IDS[r])), eq(memberships.isActive, true), isNull(users.deletedAt)))
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.flatMap((r) => (r.email ? [r.email] : []))
}
