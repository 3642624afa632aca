import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { operatorAssignments, vehicleImages, vehicles } from '#db/schema/index.ts'
import { expiryBounds } from '#catalog/expiry.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { requireRole } from '../access/policy.ts'
import { parseInput } from '../validation.ts'
import { fleetQueryInput, type FleetQuery } from './fleet-query.ts'
import { activeOn, companyToday } from '../access/vehicle-access.server.ts'

/** SQL: `column` contains `value` (LIKE with its wildcards escaped; ASCII case-insensitive). */
export const contains = (column: AnySQLiteColumn, value: string) =>
  sql`${column} LIKE ${'%' + value.replace(/[\\%_]/g, (c) => '\\' + c) + '%'} ESCAPE '\\'`

/** The tag filter (the fleet table's and a service program's rule): the tag is in the identifier, make, model, plate, VIN or colour. */
export function tagMatches(tag: string): SQL {
  return or(
    contains(vehicles.vehicleIdentifier, tag),
    contains(vehicles.make, tag),
    contains(vehicles.model, tag),
    contains(vehicles.licensePlate, tag),
    contains(vehicles.vin, tag),
    contains(vehicles.color, tag),
  )!
}

/**
 * SQL: the vehicle has an open (not repaired) repair action with a safety-critical defect
 * (issue 10). Served by the index on repair_actions (vehicle_id, repaired_at). Written out with
 * qualified names: drizzle leaves columns unqualified in a one-table select, and an inner "id"
 * would bind to the subquery's table.
 */
export const outOfServiceSql = sql<number>`EXISTS (SELECT 1 FROM "repair_actions" AS "oos" WHERE "oos"."vehicle_id" = "vehicles"."id" AND "oos"."repaired_at" IS NULL AND "oos"."out_of_service" = 1)`

/**
 * The fleet table: filtered, sorted and paged in SQL (indexes on owner
 * company, identifier, make/model). Pictures are never read: `imageVersion`
 * is their update time (a cache-buster for the thumbnail URL), from their table.
 */
export async function listFleetVehicles(ctx: UseCaseContext, input: unknown) {
  const q = parseInput(fleetQueryInput, input)
  requireRole(ctx.actor, q.companyId, q.scope === 'owner' ? ['Owner'] : ['Operator'])
  const today = await companyToday(ctx, q.companyId)
  const { base, where } = fleetWhere(ctx, q, today)

  const order = q.dir === 'asc' ? asc : desc
  const [count] = await ctx.db.read.select({ n: sql<number>`count(*)` }).from(vehicles).where(where)
  const items = await ctx.db.read
    .select({
      id: vehicles.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      vin: vehicles.vin,
      yearBuild: vehicles.yearBuild,
      licensePlate: vehicles.licensePlate,
      licenseExpiry: vehicles.licenseExpiry,
      insuranceExpiry: vehicles.insuranceExpiry,
      nextInspection: vehicles.nextInspection,
      fuelType: vehicles.fuelType,
      // The picture's version (its update time), never its bytes: null when there is none.
      imageVersion: sql<number | null>`(SELECT ${vehicleImages.updatedAt} FROM ${vehicleImages} WHERE ${vehicleImages.vehicleId} = ${vehicles.id})`,
      outOfService: outOfServiceSql,
    })
    .from(vehicles)
    .where(where)
    // NULL dates last whatever the direction; the identifier breaks ties.
    .orderBy(sql`${vehicles[q.sort]} IS NULL`, order(vehicles[q.sort]), asc(vehicles.vehicleIdentifier))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)

  // Options of the filter lists, from the company's own vehicles.
  const distinct = async (column: typeof vehicles.make | typeof vehicles.model | typeof vehicles.color) =>
    (await ctx.db.read.selectDistinct({ v: column }).from(vehicles).where(and(base, isNotNull(column))).orderBy(column).limit(200))
      .map((r) => r.v)
      .filter((v): v is string => !!v)
  const [makes, models, colors] = await Promise.all([distinct(vehicles.make), distinct(vehicles.model), distinct(vehicles.color)])

  return {
    items: items.map((i) => ({ ...i, hasImage: i.imageVersion != null, outOfService: Boolean(i.outOfService) })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    dir: q.dir,
    today,
    options: { makes, models, colors },
  }
}

/**
 * The fleet list's WHERE (scope, not archived, every filter of `q`), written once: the page's
 * list and the CSV export (decision 076) select with it. `base` is the scope alone.
 */
export function fleetWhere(ctx: UseCaseContext, q: FleetQuery, today: string): { base: SQL | undefined; where: SQL | undefined } {
  const scope =
    q.scope === 'owner'
      ? eq(vehicles.ownerCompanyId, q.companyId)
      : inArray(
          vehicles.id,
          ctx.db.read
            .select({ id: operatorAssignments.vehicleId })
            .from(operatorAssignments)
            .where(and(eq(operatorAssignments.operatorCompanyId, q.companyId), activeOn(today))),
        )
  const base = and(scope, isNull(vehicles.archivedAt))
  const filters: (SQL | undefined)[] = [base]
  for (const tag of q.tag ?? []) filters.push(tagMatches(tag))
  if (q.fuelType?.length) filters.push(inArray(vehicles.fuelType, q.fuelType))
  if (q.transmissionType?.length) filters.push(inArray(vehicles.transmissionType, q.transmissionType))
  if (q.powertrainType?.length) filters.push(inArray(vehicles.powertrainType, q.powertrainType))
  if (q.make?.length) filters.push(inArray(vehicles.make, q.make))
  if (q.model?.length) filters.push(inArray(vehicles.model, q.model))
  if (q.color?.length) filters.push(inArray(vehicles.color, q.color))
  for (const f of q.safety ?? []) filters.push(eq(vehicles[f], true))
  for (const f of q.interior ?? []) filters.push(f === 'usbChargingPorts' ? gte(vehicles.usbChargingPorts, 1) : eq(vehicles[f], true))
  if (q.vin) filters.push(contains(vehicles.vin, q.vin.toUpperCase()))
  if (q.vehicleIdentifier) filters.push(contains(vehicles.vehicleIdentifier, q.vehicleIdentifier))
  if (q.yearFrom !== undefined) filters.push(gte(vehicles.yearBuild, q.yearFrom))
  if (q.yearTo !== undefined) filters.push(lte(vehicles.yearBuild, q.yearTo))
  if (q.licenseStatus?.length) {
    // The product's one expiry rule (catalog/expiry.ts, decision 036) as date bounds.
    const { expiredUntil, expiringUntil } = expiryBounds(today)
    const byStatus = {
      expired: and(isNotNull(vehicles.licenseExpiry), lte(vehicles.licenseExpiry, expiredUntil)),
      expiring: and(gt(vehicles.licenseExpiry, expiredUntil), lte(vehicles.licenseExpiry, expiringUntil)),
      valid: gt(vehicles.licenseExpiry, expiringUntil),
      missing: isNull(vehicles.licenseExpiry),
    }
    filters.push(or(...q.licenseStatus.map((s) => byStatus[s])))
  }
  if (q.service?.includes('outOfService')) filters.push(outOfServiceSql)
  return { base, where: and(...filters) }
}
