/**
 * Which companies are related to a bus (decision 062): the ones whose people may change its
 * state (odometer, next inspection, out-of-service, alerts) or read its records by its plain id.
 *
 * - its owner company;
 * - an operator company with an assignment of the bus active today (in that company's time zone);
 * - the owner's chosen repair shop;
 * - a repair shop holding an unfinished repair action of the bus (the owner's routing authorised it).
 *
 * Everyone else is unrelated: an inspection they file waits for the owner's review, and a
 * lookup by the bus's plain id finds nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { RoleName } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { companies, repairActions } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import { companiesWithRole } from '../access/policy.ts'
import { assignedOperatorCompany } from '../access/vehicle-access.server.ts'

export type VehicleRelation = 'owner' | 'operator' | 'repairShop'

export interface RelatedCompany {
  companyId: number
  relation: VehicleRelation
}

type Reader = Pick<Tx, 'select'>

/**
 * The first company where `me` holds one of `roles`, active, that is related to the vehicle,
 * or null. Reads through `db` (a transaction's, so a filing decides on what it writes beside).
 */
export async function relatedCompanyOf(
  db: Reader,
  me: UserActor,
  vehicle: { id: number; ownerCompanyId: number },
  roles: readonly RoleName[],
  now: Date = new Date(),
): Promise<RelatedCompany | null> {
  const mine = companiesWithRole(me, roles)
  if (mine.length === 0) return null
  if (mine.includes(vehicle.ownerCompanyId)) return { companyId: vehicle.ownerCompanyId, relation: 'owner' }

  const [owner] = await db.select({ shop: companies.repairShopCompanyId }).from(companies).where(eq(companies.id, vehicle.ownerCompanyId))
  if (owner?.shop && mine.includes(owner.shop)) return { companyId: owner.shop, relation: 'repairShop' }

  const [routed] = await db
    .select({ shop: repairActions.repairCompanyId })
    .from(repairActions)
    .where(and(eq(repairActions.vehicleId, vehicle.id), isNull(repairActions.repairedAt), inArray(repairActions.repairCompanyId, mine)))
    .limit(1)
  if (routed?.shop) return { companyId: routed.shop, relation: 'repairShop' }

  const operator = await assignedOperatorCompany(db, vehicle.id, mine, now)
  if (operator !== null) return { companyId: operator, relation: 'operator' }
  return null
}
