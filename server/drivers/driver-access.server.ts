import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companyTypes, driverFiles, memberships, users } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { msg } from '#catalog/i18n.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import type { UserActor } from '../context/actor.ts'
import { AppError, forbidden } from '../errors.ts'
import { hasRole, membershipIn, requireUser } from '../access/policy.ts'

/**
 * Who may see the operator's driver records (issue 37, decision 086), one rule for every door:
 * the operator company's managers (role Operator) read and write every driver's file, tests and
 * hours; a driver reads their own file and tests, and keeps their own hours. Nobody else — not the
 * owner, the repair shop, other drivers or other companies. A company where the caller holds no
 * role, or a role without this right: API.md's 403. A person who is not (and never was) a driver
 * of the company: 404 "Driver not found" (never reveals another company's people).
 */
export type DriverRecordsAccess = { me: UserActor; as: 'manager' | 'driver' }

export const driverNotFound = () => new AppError('NOT_FOUND', msg('Driver not found'))

/** The caller manages the operator company's drivers (403 otherwise). */
export async function requireDriverManager(ctx: UseCaseContext, companyId: number): Promise<UserActor> {
  const me = requireUser(ctx.actor)
  if (!hasRole(ctx.actor, companyId, ['Operator'])) throw forbidden()
  if (!membershipIn(ctx.actor, companyId)?.companyTypes.includes('Operator')) throw forbidden()
  return me
}

/** The caller may see this driver's records at this company: a manager, or the driver themself (403 otherwise). */
export async function driverRecordsAccess(ctx: UseCaseContext, companyId: number, driverUserId: number): Promise<DriverRecordsAccess> {
  const me = requireUser(ctx.actor)
  if (hasRole(ctx.actor, companyId, ['Operator']) && membershipIn(ctx.actor, companyId)?.companyTypes.includes('Operator')) {
    await requireDriverOfCompany(ctx.db.read, companyId, driverUserId)
    return { me, as: 'manager' }
  }
  if (me.userId === driverUserId && hasRole(ctx.actor, companyId, ['Driver']) && (await isOperatorCompany(ctx.db.read, companyId))) return { me, as: 'driver' }
  throw forbidden()
}

async function isOperatorCompany(read: Pick<Tx, 'select'>, companyId: number): Promise<boolean> {
  const [row] = await read
    .select({ one: sql`1` })
    .from(companyTypes)
    .where(and(eq(companyTypes.companyId, companyId), eq(companyTypes.type, 'Operator')))
  return Boolean(row)
}

/**
 * The person holds (or held) the Driver role at the company, or has a file there (a deleted
 * account's file outlives it); 404 "Driver not found" otherwise.
 */
export async function requireDriverOfCompany(read: Pick<Tx, 'select'>, companyId: number, driverUserId: number): Promise<void> {
  const [row] = await read
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, driverUserId),
        sql`(EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${users.id} AND ${memberships.companyId} = ${companyId} AND ${memberships.roleId} = ${ROLE_IDS.Driver})
          OR EXISTS (SELECT 1 FROM ${driverFiles} WHERE ${driverFiles.driverUserId} = ${users.id} AND ${driverFiles.companyId} = ${companyId}))`,
      ),
    )
  if (!row) throw driverNotFound()
}

/** The driver's file id at the company, created on first use (inside the caller's transaction). */
export async function driverFileIdOf(tx: Tx, companyId: number, driverUserId: number, now: Date): Promise<number> {
  const [found] = await tx
    .select({ id: driverFiles.id })
    .from(driverFiles)
    .where(and(eq(driverFiles.companyId, companyId), eq(driverFiles.driverUserId, driverUserId)))
  if (found) return found.id
  const [made] = await tx
    .insert(driverFiles)
    .values({ companyId, driverUserId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: driverFiles.id })
  if (made) return made.id
  const [again] = await tx
    .select({ id: driverFiles.id })
    .from(driverFiles)
    .where(and(eq(driverFiles.companyId, companyId), eq(driverFiles.driverUserId, driverUserId)))
  return again!.id
}
