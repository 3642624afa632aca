import { and, count, countDistinct, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { operatorAssignments, vehicleDocuments, vehicles } from '#db/schema/index.ts'
import { addDays } from '#catalog/expiry.ts'
import { ALERT_TYPES, type AlertType } from '#catalog/statuses.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { vehicleExpiries, type VehicleExpiry } from '../alerts/alerts.server.ts'
import { activeOn, companyToday } from '../access/vehicle-access.server.ts'
import { requireRole } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'

/** The input of every company statistic: the company the dashboard is for. */
export const companyStatsInput = z.object({ companyId: idSchema })

export interface OwnerStats {
  vehiclesRegistered: number
  assignedVehicles: number
  documentsUploaded: number
}

/**
 * The owner's figures, one aggregate each (exported for the EXPLAIN QUERY PLAN test).
 * Archived vehicles count nowhere: neither as registered, nor as assigned, nor through
 * their documents (decision 038).
 */
export function ownerStatsQueries(db: Database, companyId: number, today: string) {
  const fleet = and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt))
  return {
    // vehicles_owner_archived_idx (covering).
    vehiclesRegistered: db.read.select({ n: count() }).from(vehicles).where(fleet),
    // The fleet by vehicles_owner_archived_idx, then each vehicle's assignments by operator_assignments_vehicle_start_idx.
    assignedVehicles: db.read
      .select({ n: countDistinct(operatorAssignments.vehicleId) })
      .from(vehicles)
      .innerJoin(operatorAssignments, eq(operatorAssignments.vehicleId, vehicles.id))
      .where(and(fleet, activeOn(today))),
    // The fleet, then each vehicle's active documents by vehicle_documents_vehicle_active_idx (covering).
    documentsUploaded: db.read
      .select({ n: count() })
      .from(vehicles)
      .innerJoin(vehicleDocuments, eq(vehicleDocuments.vehicleId, vehicles.id))
      .where(and(fleet, eq(vehicleDocuments.isActive, true))),
  }
}

/**
 * GET /api/Dashboard/getOwnerStatsByCompanyId, tRPC dashboards.ownerStats and the owner
 * dashboard's cards (PRODUCT.md section 6). "Assigned" is an assignment active today in
 * the company's time zone.
 */
export async function getOwnerStatsByCompanyId(ctx: UseCaseContext, input: unknown): Promise<OwnerStats> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  const q = ownerStatsQueries(ctx.db, companyId, await companyToday(ctx, companyId))
  const [registered, assigned, documents] = await Promise.all([q.vehiclesRegistered, q.assignedVehicles, q.documentsUploaded])
  return {
    vehiclesRegistered: registered[0]?.n ?? 0,
    assignedVehicles: assigned[0]?.n ?? 0,
    documentsUploaded: documents[0]?.n ?? 0,
  }
}

/** How far ahead the owner's expiry timeline looks, and the width of one of its groups. */
export const EXPIRY_TIMELINE_DAYS = 90
export const EXPIRY_TIMELINE_WEEK_DAYS = 7
/** Dates listed per week (the chart counts them all): a 300-bus fleet has hundreds in 90 days. */
export const EXPIRY_TIMELINE_LIST_PER_WEEK = 5

export interface ExpiryTimelineWeek {
  /** 'YYYY-MM-DD', the first and last day of the group (company calendar). */
  start: string
  end: string
  /** How many dates of each kind fall in the week. */
  counts: Record<AlertType, number>
  total: number
  /** The first EXPIRY_TIMELINE_LIST_PER_WEEK of them, earliest first. */
  items: VehicleExpiry[]
}

/**
 * tRPC dashboards.ownerExpiries and the owner dashboard's timeline (decision 039): the
 * fleet's license, insurance and inspection dates from today to today + 90 days (company
 * calendar), in 13 consecutive weeks starting today, empty weeks included. Dates already
 * past are the alert list's, not the timeline's.
 */
export async function getOwnerExpiryTimeline(ctx: UseCaseContext, input: unknown): Promise<{ today: string; until: string; weeks: ExpiryTimelineWeek[] }> {
  const { companyId } = parseInput(companyStatsInput, input)
  requireRole(ctx.actor, companyId, ['Owner'])
  const today = await companyToday(ctx, companyId)
  const until = addDays(today, EXPIRY_TIMELINE_DAYS)
  const { items } = await vehicleExpiries(ctx, { companyId, from: today, until })
  const weeks: ExpiryTimelineWeek[] = []
  for (let start = today; start <= until; start = addDays(start, EXPIRY_TIMELINE_WEEK_DAYS)) {
    const last = addDays(start, EXPIRY_TIMELINE_WEEK_DAYS - 1)
    const end = last < until ? last : until
    const inWeek = items.filter((i) => i.date >= start && i.date <= end)
    const counts = Object.fromEntries(ALERT_TYPES.map((type) => [type, inWeek.filter((i) => i.alertType === type).length])) as Record<AlertType, number>
    weeks.push({ start, end, counts, total: inWeek.length, items: inWeek.slice(0, EXPIRY_TIMELINE_LIST_PER_WEEK) })
  }
  return { today, until, weeks }
}
