import { and, eq, isNull, sql } from 'drizzle-orm'
import { preparedRead, type Database } from '#db/client.ts'
import { companies, companyTypes, memberships, users } from '#db/schema/index.ts'
import type { Actor, Membership } from '../context/actor.ts'
import { roleNameOf, type CompanyType } from '#catalog/roles.ts'

/**
 * Builds the actor of a signed-in user from the database: the user's active
 * roles per company, read afresh on every request so that a deactivated role
 * grants nothing from the next request on.
 */
export async function loadUserActor(
  db: Database,
  userId: number,
  sessionId: string,
  via: 'web' | 'api',
): Promise<Actor | null> {
  const user = await userById(db).get({ userId })
  if (!user) return null
  return {
    kind: 'user',
    userId: user.id,
    email: user.email ?? '',
    firstName: user.firstName,
    lastName: user.lastName,
    sessionId,
    via,
    memberships: await loadActiveMemberships(db, user.id),
  }
}

// Read on every signed-in request: prepared once (decision 051).
const userById = (db: Database) =>
  preparedRead(db, 'actor.user', (read) =>
    read
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
      .limit(1)
      .prepare(),
  )

const activeMemberships = (db: Database) =>
  preparedRead(db, 'actor.memberships', (read) =>
    read
      .select({
        companyId: companies.id,
        companyName: companies.name,
        companyCode: companies.code,
        roleId: memberships.roleId,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.isActive, true)))
      .orderBy(companies.name, memberships.roleId)
      .prepare(),
  )

/** The types of the companies where the user has an active role. */
const membershipCompanyTypes = (db: Database) =>
  preparedRead(db, 'actor.companyTypes', (read) =>
    read
      .selectDistinct({ companyId: companyTypes.companyId, type: companyTypes.type })
      .from(companyTypes)
      .innerJoin(memberships, eq(memberships.companyId, companyTypes.companyId))
      .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.isActive, true)))
      .orderBy(companyTypes.companyId, companyTypes.type)
      .prepare(),
  )

/** The user's companies with active roles (the spec's userInCompanyWithRole). */
export async function loadActiveMemberships(db: Database, userId: number): Promise<Membership[]> {
  const rows = await activeMemberships(db).all({ userId })
  if (rows.length === 0) return []
  const types = await membershipCompanyTypes(db).all({ userId })
  const byId = new Map<number, Membership>()
  for (const r of rows) {
    let m = byId.get(r.companyId)
    if (!m) {
      m = {
        companyId: r.companyId,
        companyName: r.companyName,
        companyCode: r.companyCode,
        companyTypes: types.filter((t) => t.companyId === r.companyId).map((t) => t.type as CompanyType),
        roles: [],
      }
      byId.set(r.companyId, m)
    }
    const name = roleNameOf(r.roleId)
    if (name !== 'Unknown') m.roles.push({ id: r.roleId, name })
  }
  return [...byId.values()]
}
