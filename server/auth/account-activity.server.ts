import { and, desc, eq } from 'drizzle-orm'
import { auditActionLabel, safeAuditDetails } from '#catalog/audit-actions.ts'
import { auditLog } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { requireUser } from '../access/policy.ts'

/** How many of a person's own account events the profile shows. */
export const ACCOUNT_ACTIVITY_LIMIT = 20

export interface AccountActivityItem {
  at: string
  action: string
  /** English label (translated where shown). */
  label: string
  details: Record<string, string | number | boolean>
  /** Where the request came from: shown to the person it is about, and to nobody else. */
  ip: string | null
}

/**
 * Issue 26 point 4, decision 079: sign-ins, failed sign-ins, sign-outs and changes to the account
 * are the person's own; a company's activity log never shows them, the person's profile does.
 * Read by the user-as-record index (audit_log_entity_at_idx), newest first.
 */
export async function listMyAccountActivity(ctx: UseCaseContext): Promise<AccountActivityItem[]> {
  const me = requireUser(ctx.actor)
  const rows = await ctx.db.read
    .select({ at: auditLog.at, action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(me.userId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ACCOUNT_ACTIVITY_LIMIT)
  return rows.map((r) => {
    const ip = r.details && typeof r.details === 'object' && typeof r.details.ip === 'string' ? r.details.ip : null
    return { at: r.at.toISOString(), action: r.action, label: auditActionLabel(r.action), details: safeAuditDetails(r.action, r.details), ip }
  })
}
