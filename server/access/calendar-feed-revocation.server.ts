import { and, eq, isNull } from 'drizzle-orm'
import { rowsAffected, type Tx } from '#db/client.ts'
import { calendarFeeds } from '#db/schema/index.ts'

/**
 * Ends a person's calendar feed links (issue 35, decision 084) inside the caller's transaction:
 * a password reset, the loss of a role in a company and the deletion of the account revoke them,
 * and a new link replaces the old one. Here, in a shared room, so that auth, companies and the
 * calendar area can each call it without importing one another. Returns how many were revoked.
 */
export async function revokeCalendarFeedsOf(tx: Pick<Tx, 'update'>, userId: number, now = new Date()): Promise<number> {
  const done = await tx
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
  return rowsAffected(done)
}
