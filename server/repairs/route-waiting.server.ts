import { and, eq, isNull } from 'drizzle-orm'
import { rowsAffected, type Tx } from '#db/client.ts'
import { repairActions } from '#db/schema/index.ts'

/**
 * The owner company chose (or changed) its repair shop: its repair actions that wait for one
 * (no shop, not repaired) go to it, in the caller's transaction. Actions already at a shop stay
 * there (decision 028): that shop may be working on them. Returns how many were routed.
 */
export async function routeWaitingRepairs(tx: Tx, ownerCompanyId: number, shopCompanyId: number): Promise<number> {
  const routed = await tx
    .update(repairActions)
    .set({ repairCompanyId: shopCompanyId })
    .where(and(eq(repairActions.ownerCompanyId, ownerCompanyId), isNull(repairActions.repairCompanyId), isNull(repairActions.repairedAt)))
  return rowsAffected(routed)
}
