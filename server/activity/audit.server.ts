import { and, eq, or, sql } from 'drizzle-orm'
import { rowsAffected, type Tx } from '#db/client.ts'
import { auditLog } from '#db/schema/index.ts'
import type { Actor } from '../context/actor.ts'

/** Records who changed what, inside the transaction of the change itself. */
export async function audit(
  tx: Tx,
  actor: Actor,
  entry: { action: string; companyId?: number | null; entityType?: string; entityId?: string | number; details?: Record<string, unknown> },
) {
  await tx.insert(auditLog).values({
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    companyId: entry.companyId ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? null,
  })
}

/** What an erased email reads as in the audit log (account deletion, decision 008). */
export const ERASED_EMAIL = 'deleted user'

/**
 * Account deletion (decision 008): the audit rows keep what happened, when,
 * and the ids, but no longer who typed what from where. In every row about
 * the user (entity `user` with their id, or their own actions) and every row
 * whose typed email is theirs (failed sign-ins before or after the account
 * existed, with or without an account found), `details.email` becomes
 * "deleted user" and `details.ip` goes. Returns how many rows changed.
 */
export async function eraseFromAudit(tx: Tx, userId: number, email: string | null): Promise<number> {
  const typed = email?.trim().toLowerCase() ?? ''
  const d = auditLog.details
  const aboutUser = or(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId))), eq(auditLog.actorUserId, userId))
  // CASE: json_* is only evaluated on well-formed details (a malformed row would make them throw).
  const result = await tx
    .update(auditLog)
    .set({ details: sql`json_replace(json_remove(${d}, '$.ip'), '$.email', ${ERASED_EMAIL})` })
    .where(
      sql`CASE WHEN json_valid(${d}) THEN (json_type(${d}, '$.ip') IS NOT NULL OR json_type(${d}, '$.email') IS NOT NULL)
        AND (${aboutUser} OR (${typed} <> '' AND lower(trim(json_extract(${d}, '$.email'))) = ${typed})) ELSE 0 END`,
    )
  return rowsAffected(result)
}
