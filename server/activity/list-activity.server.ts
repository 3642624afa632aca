/**
 * A company's activity log (issue 26 point 4, decision 079): the audit rows written with the
 * company's id, newest first, for the company's managers only. Who (name and email; "Deleted
 * user" once erased; "System" for the server's own work), what (the action's label from
 * catalog/audit-actions.ts), on which record (type, id, its page where there is one), when (the
 * company's time zone), and only the details the catalogue lists as safe. A person's own
 * sign-ins and account changes carry no company and never show here.
 *
 * One use case for every door: the page, tRPC `activity.list`, REST GET /api/Company/{companyId}/activity,
 * and the CSV (`exportCompanyActivityCsv`, same filters, streamed in keyset batches). Every
 * statement is bounded by `company_id = ?` and reads the index (company_id, at).
 */
import { and, desc, eq, gte, lt, notLike, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { AUDIT_RECORD_TYPE_KEYS, auditActionLabel, auditRecordHref, auditRecordTypeLabel, safeAuditDetails } from '#catalog/audit-actions.ts'
import { msg } from '#catalog/i18n.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import { auditLog, memberships, users, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { CSV_BATCH, RANGE_TEXT, companyTimeZone, instantRange, localDateTime, realDate, requireCompanyRole, type CsvExport, type CsvLine } from '../exports/common.server.ts'
import { idSchema, parseInput } from '../validation.ts'

export const ACTIVITY_PAGE_SIZE = 50
export const ACTIVITY_PAGE_SIZES = [ACTIVITY_PAGE_SIZE] as const
/** The company's managers (any of its manager roles); anyone else 403 (API.md, issue 38). */
export const ACTIVITY_ROLES = MANAGER_ROLE_NAMES

export const ACTIVITY_TEXT = {
  system: msg('System'),
  deletedUser: msg('Deleted user'),
} as const

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const activityFiltersInput = z
  .object({
    /** Only what this person did. */
    userId: z.preprocess(blankToUndefined, idSchema.optional()),
    /** Only this record type (`entity_type`). */
    recordType: z.preprocess(blankToUndefined, z.enum(AUDIT_RECORD_TYPE_KEYS).optional()),
    /** Calendar days in the company's time zone, inclusive. */
    from: z.preprocess(blankToUndefined, realDate.optional()),
    to: z.preprocess(blankToUndefined, realDate.optional()),
  })
  .superRefine((v, c) => {
    if (v.from && v.to && v.to < v.from) c.addIssue({ code: 'custom', path: ['to'], message: RANGE_TEXT.toBeforeFrom })
  })
export type ActivityFilters = z.output<typeof activityFiltersInput>

export const listActivityInput = z.object({
  companyId: idSchema,
  filters: activityFiltersInput.default({}),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

export interface ActivityItem {
  id: number
  /** ISO instant. */
  at: string
  /** `YYYY-MM-DD HH:mm` in the company's time zone. */
  when: string
  who: { kind: 'user'; userId: number; name: string; email: string | null } | { kind: 'deleted'; userId: number } | { kind: 'system' }
  /** The person's name, "Deleted user" or "System" (English; pages translate it). */
  whoLabel: string
  action: string
  actionLabel: string
  recordType: string | null
  recordTypeLabel: string | null
  recordId: string | null
  /** What people call the record, where it has a name: a vehicle's identifier (`BUS-0060`). */
  recordName: string | null
  /** The record's page, where there is one. */
  href: string | null
  details: Record<string, string | number | boolean>
}

export interface ActivityPage {
  companyId: number
  timeZone: string
  filters: ActivityFilters
  items: ActivityItem[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** The statement's WHERE: the company, never a personal action, then the filters. */
function whereOf(companyId: number, f: ActivityFilters, timeZone: string): SQL {
  const range = f.from || f.to ? instantRange(f.from ?? '1970-01-01', f.to ?? '9999-12-30', timeZone) : null
  return and(
    eq(auditLog.companyId, companyId),
    // Sign-ins and account changes are the person's own (decision 079); none is written with a company, and none may show.
    notLike(auditLog.action, 'auth.%'),
    notLike(auditLog.action, 'user.%'),
    f.userId ? eq(auditLog.actorUserId, f.userId) : undefined,
    f.recordType ? eq(auditLog.entityType, f.recordType) : undefined,
    range && f.from ? gte(auditLog.at, range.start) : undefined,
    range && f.to ? lt(auditLog.at, range.end) : undefined,
  )!
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  details: auditLog.details,
  actorUserId: auditLog.actorUserId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  deletedAt: users.deletedAt,
  vehicleIdentifier: vehicles.vehicleIdentifier,
}
type Row = {
  id: number
  at: Date
  action: string
  entityType: string | null
  entityId: string | null
  details: unknown
  actorUserId: number | null
  firstName: string | null
  lastName: string | null
  email: string | null
  deletedAt: Date | null
  vehicleIdentifier: string | null
}

/**
 * The log's rows with who acted and, for a vehicle, its identifier: read at display time, so every
 * row names the bus, whichever door added it (the form, REST, the fleet import) and since when,
 * by the identifier its page shows. One primary-key lookup per row shown.
 */
const logRows = (ctx: UseCaseContext) =>
  ctx.db.read
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(vehicles, and(eq(auditLog.entityType, 'vehicle'), sql`${vehicles.id} = ${auditLog.entityId}`))

function toItem(r: Row, companyId: number, timeZone: string): ActivityItem {
  const details = safeAuditDetails(r.action, r.details)
  const who: ActivityItem['who'] =
    r.actorUserId === null || r.firstName === null
      ? { kind: 'system' }
      : r.deletedAt
        ? { kind: 'deleted', userId: r.actorUserId }
        : { kind: 'user', userId: r.actorUserId, name: `${r.firstName} ${r.lastName ?? ''}`.trim(), email: r.email }
  return {
    id: r.id,
    at: r.at.toISOString(),
    when: localDateTime(r.at, timeZone) ?? '',
    who,
    whoLabel: who.kind === 'user' ? who.name || (who.email ?? '') : who.kind === 'deleted' ? ACTIVITY_TEXT.deletedUser : ACTIVITY_TEXT.system,
    action: r.action,
    actionLabel: auditActionLabel(r.action),
    recordType: r.entityType,
    recordTypeLabel: auditRecordTypeLabel(r.entityType),
    recordId: r.entityId,
    recordName: r.vehicleIdentifier,
    href: auditRecordHref(r.entityType, r.entityId, details, companyId),
    details,
  }
}

/** The page, tRPC `activity.list`, REST GET /api/Company/{companyId}/activity: one page of 50, newest first. */
export async function listCompanyActivity(ctx: UseCaseContext, input: unknown): Promise<ActivityPage> {
  const v = parseInput(listActivityInput, input)
  requireCompanyRole(ctx, v.companyId, ACTIVITY_ROLES)
  const timeZone = await companyTimeZone(ctx, v.companyId)
  const where = whereOf(v.companyId, v.filters, timeZone)
  const [count] = await ctx.db.read.select({ n: sql<number>`count(*)` }).from(auditLog).where(where)
  const total = Number(count?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE))
  const page = Math.min(v.page, pageCount)
  const rows: Row[] = await logRows(ctx)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
  return {
    companyId: v.companyId,
    timeZone,
    filters: v.filters,
    items: rows.map((r) => toItem(r, v.companyId, timeZone)),
    total,
    page,
    pageSize: ACTIVITY_PAGE_SIZE,
    pageCount,
  }
}

/** The "Person" filter's choices: everyone who holds or held a role in the company, by name. */
export async function listActivityPeople(ctx: UseCaseContext, companyId: number): Promise<{ userId: number; name: string; deleted: boolean }[]> {
  requireCompanyRole(ctx, companyId, ACTIVITY_ROLES)
  const rows = await ctx.db.read
    .selectDistinct({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(1000)
  return rows.map((r) => ({ userId: r.userId, deleted: r.deletedAt !== null, name: r.deletedAt ? ACTIVITY_TEXT.deletedUser : `${r.firstName} ${r.lastName}`.trim() || (r.email ?? String(r.userId)) }))
}

export const ACTIVITY_CSV_HEADER = [msg('When'), msg('Person'), msg('Email'), msg('Action'), msg('Record type'), msg('Record'), msg('Details')] as const

export const exportActivityInput = z.object({ companyId: idSchema, filters: activityFiltersInput.default({}) })

/** The activity log as CSV: the same filters, every page, newest first, read in keyset batches as it is written. */
export async function exportCompanyActivityCsv(ctx: UseCaseContext, input: unknown): Promise<CsvExport> {
  const v = parseInput(exportActivityInput, input)
  requireCompanyRole(ctx, v.companyId, ACTIVITY_ROLES)
  const timeZone = await companyTimeZone(ctx, v.companyId)
  const where = whereOf(v.companyId, v.filters, timeZone)
  const batch = (after: { at: Date; id: number } | null): Promise<Row[]> =>
    logRows(ctx)
      .where(and(where, after ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id))) : undefined))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(CSV_BATCH)
  async function* lines(): AsyncGenerator<CsvLine> {
    let after: { at: Date; id: number } | null = null
    for (;;) {
      const rows = await batch(after)
      for (const r of rows) {
        const item = toItem(r, v.companyId, timeZone)
        yield [
          item.when,
          item.whoLabel,
          item.who.kind === 'user' ? item.who.email : null,
          item.actionLabel,
          item.recordTypeLabel,
          item.recordId,
          Object.entries(item.details)
            .map(([k, val]) => `${k}=${String(val)}`)
            .join('; ') || null,
        ]
      }
      if (rows.length < CSV_BATCH) return
      const last = rows[rows.length - 1]!
      after = { at: last.at, id: last.id }
    }
  }
  return { fileName: `activity-${v.companyId}-${todayStamp(ctx)}.csv`, header: ACTIVITY_CSV_HEADER, lines: lines() }
}

const todayStamp = (ctx: UseCaseContext) => (ctx.now ?? new Date()).toISOString().slice(0, 10)
