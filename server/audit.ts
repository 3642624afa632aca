import type { Tx } from '#db/client.ts'
import { auditLog } from '#db/schema/index.ts'
import type { Actor } from './actor.ts'

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
