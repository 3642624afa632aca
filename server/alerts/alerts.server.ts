import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '#db/client.ts'
import { companies, repairActions, vehicles } from '#db/schema/index.ts'
import { addDays, expiryBounds } from '#catalog/expiry.ts'
import { ALERT_LEVEL, EMERGENCY_EXIT_ALERT_TYPE, MAINTENANCE_ALERT_TYPE, type AlertLevel, type AlertType, type OwnerAlertType } from '#catalog/statuses.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { badRequest } from '../errors.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { requireRole } from '../access/policy.ts'
import { dateOnly, idSchema, parseInput } from '../validation.ts'
import { msg } from '#catalog/i18n.ts'
import { emergencyExitBounds, emergencyExitDueSql } from './built-in-due.server.ts'
import { dueItemsInStates } from './due-items.server.ts'

/**
 * Vehicle alerts of an owner company (issue 11, PRODUCT.md section 6, decision 036).
 * The expiry rule is catalog/expiry.ts; "today" is the company's calendar date.
 */

/** API.md `GET /api/Alerts/getVehicleAlerts`: one line per vehicle date that is due or within 30 days. */
export interface VehicleAlert {
  level: AlertLevel
  vehicleIdentifier: string
  alertType: AlertType
  /** 'YYYY-MM-DD' */
  dueDate: string
}

/** A line of the owner dashboard and the digest: the expiry alerts plus the repair lines. */
export interface OwnerAlert {
  level: AlertLevel
  vehicleId: number
  vehicleIdentifier: string
  alertType: OwnerAlertType
  /** 'YYYY-MM-DD': the expiry date, or the day (company time zone) the oldest open repair was opened. */
  dueDate: string
  /** "Open repair": how many open repair actions (not out of service) the vehicle has; otherwise 1. */
  count: number
  /** "Maintenance due": the service task (its id and name, the program's name). */
  taskId?: number
  taskName?: string
  programName?: string | null
  /**
   * The alert's identity from one digest to the next when `dueDate` is not one (a maintenance
   * item due by miles or hours: its due point, not a projected date that moves every day).
   */
  dueKey?: string
}

export const companyInput = z.object({ companyId: idSchema })

/** The vehicle date column of each alert type. */
const DATE_COLUMNS = {
  'License expiry': vehicles.licenseExpiry,
  'Insurance expiry': vehicles.insuranceExpiry,
  'Next inspection': vehicles.nextInspection,
} as const satisfies Record<AlertType, unknown>

/** Most urgent first: level 1 before 0, then the earliest date, then the identifier (stable). */
export function compareAlerts(
  a: { level: number; dueDate: string; vehicleIdentifier: string; alertType: string; taskName?: string },
  b: { level: number; dueDate: string; vehicleIdentifier: string; alertType: string; taskName?: string },
): number {
  const at = a.taskName ?? ''
  const bt = b.taskName ?? ''
  return (
    b.level - a.level ||
    (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0) ||
    (a.vehicleIdentifier < b.vehicleIdentifier ? -1 : a.vehicleIdentifier > b.vehicleIdentifier ? 1 : 0) ||
    (a.alertType < b.alertType ? -1 : a.alertType > b.alertType ? 1 : 0) ||
    (at < bt ? -1 : at > bt ? 1 : 0)
  )
}

/**
 * The expiry alerts of a company on `today`: ONE query, a UNION ALL of the three date
 * columns, each filtered in SQL (not archived, date ≤ today + 30), levelled and ordered in SQL.
 */
export async function expiryAlertsOf(
  read: Tx,
  companyId: number,
  today: string,
): Promise<(VehicleAlert & { vehicleId: number })[]> {
  const { expiredUntil, expiringUntil } = expiryBounds(today)
  const part = (alertType: AlertType) => {
    const column = DATE_COLUMNS[alertType]
    return read
      .select({
        level: sql<number>`CASE WHEN ${column} <= ${expiredUntil} THEN 1 ELSE 0 END`.as('level'),
        vehicleId: sql<number>`${vehicles.id}`.as('vehicle_id'),
        vehicleIdentifier: sql<string>`${vehicles.vehicleIdentifier}`.as('vehicle_identifier'),
        alertType: sql<string>`${alertType}`.as('alert_type'),
        dueDate: sql<string>`${column}`.as('due_date'),
      })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.ownerCompanyId, companyId),
          isNull(vehicles.archivedAt),
          isNotNull(column),
          lte(column, expiringUntil),
        ),
      )
  }
  const rows = await part('License expiry')
    .unionAll(part('Insurance expiry'))
    .unionAll(part('Next inspection'))
    .orderBy(sql`"level" DESC`, sql`"due_date" ASC`, sql`"vehicle_identifier" ASC`, sql`"alert_type" ASC`)
  return rows.map((r) => ({
    level: Number(r.level) === 1 ? ALERT_LEVEL.Alert : ALERT_LEVEL.Warning,
    vehicleId: Number(r.vehicleId),
    vehicleIdentifier: r.vehicleIdentifier,
    alertType: r.alertType as AlertType,
    dueDate: String(r.dueDate).slice(0, 10),
  }))
}

/**
 * The repair lines of a company, one query grouped by vehicle (open repair actions of
 * vehicles that are not archived, served by repair_actions (owner_company_id, repaired_at)):
 * "Out of service" (level 1) dated the day the oldest open safety-critical repair was opened,
 * and "Open repair" (level 0) with the count of the other open repairs, dated by the oldest.
 */
export async function repairAlertsOf(read: Tx, companyId: number, timeZone: string): Promise<OwnerAlert[]> {
  const rows = await read
    .select({
      vehicleId: vehicles.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      outOfService: sql<number>`sum(CASE WHEN ${repairActions.outOfService} = 1 THEN 1 ELSE 0 END)`,
      firstOutOfService: sql<number | null>`min(CASE WHEN ${repairActions.outOfService} = 1 THEN ${repairActions.createdAt} END)`,
      open: sql<number>`sum(CASE WHEN ${repairActions.outOfService} = 1 THEN 0 ELSE 1 END)`,
      firstOpen: sql<number | null>`min(CASE WHEN ${repairActions.outOfService} = 1 THEN NULL ELSE ${repairActions.createdAt} END)`,
    })
    .from(repairActions)
    .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
    .where(and(eq(repairActions.ownerCompanyId, companyId), isNull(repairActions.repairedAt), isNull(vehicles.archivedAt)))
    .groupBy(vehicles.id, vehicles.vehicleIdentifier)
  const day = (ms: number | null) => todayIn(timeZone, new Date(Number(ms)))
  const out: OwnerAlert[] = []
  for (const r of rows) {
    const base = { vehicleId: r.vehicleId, vehicleIdentifier: r.vehicleIdentifier }
    if (Number(r.outOfService) > 0) {
      out.push({ ...base, level: ALERT_LEVEL.Alert, alertType: 'Out of service', dueDate: day(r.firstOutOfService), count: Number(r.outOfService) })
    }
    if (Number(r.open) > 0) {
      out.push({ ...base, level: ALERT_LEVEL.Warning, alertType: 'Open repair', dueDate: day(r.firstOpen), count: Number(r.open) })
    }
  }
  return out
}

/**
 * The 90-day emergency-exit check lines (issue 23, decision 065), one query: per bus of the
 * company (not archived), the due date is 90 days after its latest check (the index on
 * (vehicle_id, check_date) answers the max); never checked, the day it was added (its UTC date),
 * so it is overdue from then on. Alert (1) on and after the due date, Warning (0) in the 14
 * days before it, on the company's `today`: the rule of catalog/compliance.ts `dueState`.
 */
export async function emergencyExitAlertsOf(read: Tx, companyId: number, today: string): Promise<OwnerAlert[]> {
  // The one rule of the 90-day check's due date (built-in-due.server.ts), shared with the due list.
  const due = emergencyExitDueSql('vehicles')
  const bounds = emergencyExitBounds(today)
  const rows = await read
    .select({ vehicleId: vehicles.id, vehicleIdentifier: vehicles.vehicleIdentifier, dueDate: due })
    .from(vehicles)
    .where(and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt), sql`${due} <= ${bounds.soonUntil}`))
  return rows.map((r) => ({
    level: String(r.dueDate) <= bounds.overdueUntil ? ALERT_LEVEL.Alert : ALERT_LEVEL.Warning,
    vehicleId: r.vehicleId,
    vehicleIdentifier: r.vehicleIdentifier,
    alertType: EMERGENCY_EXIT_ALERT_TYPE,
    dueDate: String(r.dueDate),
    count: 1,
  }))
}

/** At most this many maintenance lines a company (the most urgent first; the due list has them all). */
export const MAINTENANCE_ALERTS_MAX = 500

/**
 * The maintenance lines (issue 35, decision 084): each due item of a service task in an Alert
 * (level 1) when overdue, a Warning (level 0) when due soon; one statement for the company (the
 * due list's). Dated by the projected due date (else the next due date, else today). The built-in
 * items are left out: the 90-day check and the inspection date have their own lines.
 */
export async function maintenanceAlertsOf(read: Tx, companyId: number, today: string): Promise<OwnerAlert[]> {
  const { items } = await dueItemsInStates(read, { ownerCompanyId: companyId, today, states: ['Overdue', 'DueSoon'], builtIns: false, limit: MAINTENANCE_ALERTS_MAX })
  return items.map((i) => ({
    level: i.state === 'Overdue' ? ALERT_LEVEL.Alert : ALERT_LEVEL.Warning,
    vehicleId: i.vehicleId,
    vehicleIdentifier: i.vehicleIdentifier,
    alertType: MAINTENANCE_ALERT_TYPE,
    dueDate: i.projectedDueDate ?? i.nextDueDate ?? today,
    count: 1,
    taskId: i.taskId ?? undefined,
    taskName: i.taskName,
    programName: i.programName,
    dueKey: `task:${i.taskId}:${i.nextDueDate ?? ''}:${i.nextDueOdometer ?? ''}:${i.nextDueEngineHours ?? ''}`,
  }))
}

/** The company's time zone (UTC when unset or unknown). */
export async function companyTimeZone(read: Tx, companyId: number): Promise<string> {
  const [c] = await read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return c?.tz || 'UTC'
}

/** Everything the owner dashboard lists, most urgent first (no access check: callers decide). */
export async function ownerAlertsOf(read: Tx, companyId: number, now: Date): Promise<{ today: string; alerts: OwnerAlert[] }> {
  const timeZone = await companyTimeZone(read, companyId)
  const today = todayIn(timeZone, now)
  // One after the other: inside a transaction (the digest) a connection runs one statement at a time.
  const expiries = await expiryAlertsOf(read, companyId, today)
  const repairs = await repairAlertsOf(read, companyId, timeZone)
  const exits = await emergencyExitAlertsOf(read, companyId, today)
  const maintenance = await maintenanceAlertsOf(read, companyId, today)
  const alerts: OwnerAlert[] = [...expiries.map((a) => ({ ...a, count: 1 })), ...repairs, ...exits, ...maintenance].sort(compareAlerts)
  return { today, alerts }
}

/**
 * API.md Alerts: `getVehicleAlerts(companyId)` → [{level, vehicleIdentifier, alertType, dueDate}]
 * for each non-archived vehicle of the owner company (Owner role there, 403 otherwise).
 */
export async function getVehicleAlerts(ctx: UseCaseContext, input: unknown): Promise<VehicleAlert[]> {
  const { companyId } = parseInput(companyInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  const today = todayIn(await companyTimeZone(ctx.db.read, companyId), ctx.now ?? new Date())
  const rows = await expiryAlertsOf(ctx.db.read, companyId, today)
  return rows.map(({ level, vehicleIdentifier, alertType, dueDate }) => ({ level, vehicleIdentifier, alertType, dueDate }))
}

/** The owner dashboard's alert list: the expiry alerts and the repair lines, each with its vehicle id. */
export async function listOwnerAlerts(ctx: UseCaseContext, input: unknown): Promise<{ today: string; alerts: OwnerAlert[] }> {
  const { companyId } = parseInput(companyInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  return ownerAlertsOf(ctx.db.read, companyId, ctx.now ?? new Date())
}

/** At most this many days ahead for the timeline (bounded work, decision 020). */
export const VEHICLE_EXPIRIES_MAX_DAYS = 400

export const vehicleExpiriesInput = z.object({
  companyId: idSchema,
  /** Last date to include, 'YYYY-MM-DD' (at most 400 days after today). */
  until: dateOnly,
  /** First date to include; default: today − 30 days (recently expired dates stay on the chart). */
  from: dateOnly.optional(),
})

export interface VehicleExpiry {
  vehicleId: number
  vehicleIdentifier: string
  alertType: AlertType
  /** 'YYYY-MM-DD' */
  date: string
}

/**
 * Every vehicle date (the three kinds) of the owner company between `from` and `until`,
 * earliest first, for the owner's timeline chart. One UNION ALL query, filtered in SQL.
 */
export async function vehicleExpiries(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ today: string; from: string; until: string; items: VehicleExpiry[] }> {
  const q = parseInput(vehicleExpiriesInput, input)
  requireRole(ctx.actor, q.companyId, ['Owner'])
  const today = todayIn(await companyTimeZone(ctx.db.read, q.companyId), ctx.now ?? new Date())
  const from = q.from ?? addDays(today, -30)
  if (q.until > addDays(today, VEHICLE_EXPIRIES_MAX_DAYS)) {
    throw badRequest(`until: At most ${VEHICLE_EXPIRIES_MAX_DAYS} days after today`, { until: `At most ${VEHICLE_EXPIRIES_MAX_DAYS} days after today` })
  }
  if (from > q.until) throw badRequest(msg('from: Must not be after until'), { from: msg('Must not be after until') })
  const part = (alertType: AlertType) => {
    const column = DATE_COLUMNS[alertType]
    return ctx.db.read
      .select({
        vehicleId: sql<number>`${vehicles.id}`.as('vehicle_id'),
        vehicleIdentifier: sql<string>`${vehicles.vehicleIdentifier}`.as('vehicle_identifier'),
        alertType: sql<string>`${alertType}`.as('alert_type'),
        date: sql<string>`${column}`.as('due_date'),
      })
      .from(vehicles)
      .where(and(eq(vehicles.ownerCompanyId, q.companyId), isNull(vehicles.archivedAt), gte(column, from), lte(column, q.until)))
  }
  const rows = await part('License expiry')
    .unionAll(part('Insurance expiry'))
    .unionAll(part('Next inspection'))
    .orderBy(sql`"due_date" ASC`, sql`"vehicle_identifier" ASC`, sql`"alert_type" ASC`)
  return {
    today,
    from,
    until: q.until,
    items: rows.map((r) => ({
      vehicleId: Number(r.vehicleId),
      vehicleIdentifier: r.vehicleIdentifier,
      alertType: r.alertType as AlertType,
      date: String(r.date).slice(0, 10),
    })),
  }
}
