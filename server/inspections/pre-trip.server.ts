/**
 * Who may file a driver's pre-trip, and what the phone form shows before filing (issue 10):
 * the vehicle, the operator company's "today", the last odometer reading, open repairs and the
 * certified repairs the driver must acknowledge. `listMyBuses` is the driver's "my buses".
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, odometerReadings, operatorAssignments, preInspections, repairAcknowledgements, repairActions, repairTasks, users, vehicles } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { todayIn, VEHICLE_VIEWER_ROLES } from '../access/vehicle-access.server.ts'
import { contains } from '../fleet/list-vehicles.server.ts'
import { readRecordText } from '../i18n/record-texts.server.ts'
import { activeLeaseOf } from '../leases/lease-agreements.server.ts'
import { companiesWithRole, hasRole, requireUser } from '../access/policy.ts'
import { addDays, PRE_TRIP_RULES } from './pre-inspection-schema.ts'
import { expiredDriverRefusal } from '../drivers/driver-due.server.ts'
import { msg, type Locale } from '#catalog/i18n.ts'

export const PRE_TRIP_ACCESS_TEXT = {
  vehicleNotFound: msg('Vehicle not found'),
  notYourBus: msg('Only a Driver of the operator company with the active assignment of this vehicle may file its pre-trip'),
} as const

export interface PreTripVehicle {
  id: number
  ownerCompanyId: number
  vehicleIdentifier: string
}

export interface FilingCompany {
  id: number
  name: string
  timeZone: string
  /** The operator company's calendar date. */
  today: string
}

type Reader = Pick<Tx, 'select'>

/** A vehicle (not archived) by its identifier, case-insensitively; 404 "Vehicle not found". */
export async function vehicleByIdentifier(db: Reader, identifier: string): Promise<PreTripVehicle> {
  const [v] = await db
    .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier })
    .from(vehicles)
    .where(and(sql`upper(${vehicles.vehicleIdentifier}) = ${identifier.trim().toUpperCase()}`, isNull(vehicles.archivedAt)))
  if (!v) throw new AppError('NOT_FOUND', PRE_TRIP_ACCESS_TEXT.vehicleNotFound, { fieldErrors: { vehicleIdentifier: msg('No vehicle has this identifier') } })
  return v
}

async function vehicleById(db: Reader, vehicleId: number): Promise<PreTripVehicle> {
  const [v] = await db
    .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
  if (!v) throw new AppError('NOT_FOUND', PRE_TRIP_ACCESS_TEXT.vehicleNotFound)
  return v
}

/**
 * The operator companies among `companyIds` whose assignment of the vehicle is active at
 * `now` in their own time zone, with their "today".
 */
async function assignedCompanies(db: Reader, vehicleId: number, companyIds: number[], now: Date): Promise<FilingCompany[]> {
  if (companyIds.length === 0) return []
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      timeZone: companies.timeZone,
      startDate: operatorAssignments.startDate,
      endDate: operatorAssignments.endDate,
    })
    .from(operatorAssignments)
    .innerJoin(companies, eq(companies.id, operatorAssignments.operatorCompanyId))
    .where(and(eq(operatorAssignments.vehicleId, vehicleId), inArray(operatorAssignments.operatorCompanyId, companyIds), isNull(operatorAssignments.endedAt)))
  const out: FilingCompany[] = []
  for (const r of rows) {
    const today = todayIn(r.timeZone, now)
    if (r.startDate <= today && (r.endDate === null || r.endDate >= today) && !out.some((c) => c.id === r.id)) {
      out.push({ id: r.id, name: r.name, timeZone: r.timeZone, today })
    }
  }
  return out
}

/**
 * Who may file (PRODUCT.md section 5): an active Driver of the operator company that has the
 * active assignment of the vehicle now. A caller who may see the vehicle (its owner's managers,
 * the assigned operator's other staff) but not file gets 403; anyone else 404, as for a
 * vehicle that does not exist (decision 024).
 */
export async function filingCompanyFor(db: Reader, me: UserActor, vehicle: PreTripVehicle, now: Date): Promise<FilingCompany> {
  const driverOf = companiesWithRole(me, ['Driver'])
  const viewerOf = companiesWithRole(me, VEHICLE_VIEWER_ROLES)
  const assigned = await assignedCompanies(db, vehicle.id, [...new Set([...driverOf, ...viewerOf])], now)
  const filing = assigned.find((c) => driverOf.includes(c.id))
  if (filing) return filing
  if (assigned.length > 0 || hasRole(me, vehicle.ownerCompanyId, ['Owner'])) throw forbidden(PRE_TRIP_ACCESS_TEXT.notYourBus)
  throw new AppError('NOT_FOUND', PRE_TRIP_ACCESS_TEXT.vehicleNotFound, { fieldErrors: { vehicleIdentifier: msg('No vehicle has this identifier') } })
}

/** The vehicle's last kept odometer reading (falls back to the vehicle's odometer before any was kept). */
async function lastOdometer(db: Reader, vehicleId: number) {
  const [r] = await db
    .select({ reading: odometerReadings.reading, source: odometerReadings.source, recordedAt: odometerReadings.recordedAt, recordedByName: odometerReadings.recordedByName })
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, vehicleId))
    .orderBy(desc(odometerReadings.id))
    .limit(1)
  return r ? { ...r, recordedAt: r.recordedAt.toISOString() } : null
}

const MAX_LISTED_REPAIRS = 20

/**
 * The vehicle's repairs the form shows: open ones, and certified ones not yet acknowledged, with
 * their tasks; Operon's comments and descriptions in `locale` (none: English, decision 082).
 */
export async function repairsForPreTrip(db: Reader, vehicleId: number, locale: Locale | undefined) {
  const base = {
    id: repairActions.id,
    repairIdentifier: repairActions.repairIdentifier,
    createdAt: repairActions.createdAt,
    repairedAt: repairActions.repairedAt,
    repairedByName: repairActions.repairedByName,
    outOfService: repairActions.outOfService,
    comments: repairActions.comments,
    commentsText: repairActions.commentsText,
    repairCompanyName: companies.name,
  }
  const open = await db
    .select(base)
    .from(repairActions)
    .leftJoin(companies, eq(companies.id, repairActions.repairCompanyId))
    .where(and(eq(repairActions.vehicleId, vehicleId), isNull(repairActions.repairedAt)))
    .orderBy(desc(repairActions.createdAt), desc(repairActions.id))
    .limit(MAX_LISTED_REPAIRS)
  const certified = await db
    .select(base)
    .from(repairActions)
    .leftJoin(companies, eq(companies.id, repairActions.repairCompanyId))
    .where(
      and(
        eq(repairActions.vehicleId, vehicleId),
        isNotNull(repairActions.repairedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(repairAcknowledgements)
            .where(eq(repairAcknowledgements.repairActionId, repairActions.id)),
        ),
      ),
    )
    .orderBy(desc(repairActions.repairedAt), desc(repairActions.id))
    .limit(MAX_LISTED_REPAIRS)
  const ids = [...open, ...certified].map((r) => r.id)
  const tasks = ids.length
    ? await db
        .select({
          id: repairTasks.id,
          repairActionId: repairTasks.repairActionId,
          name: repairTasks.name,
          description: repairTasks.description,
          descriptionText: repairTasks.descriptionText,
          status: repairTasks.status,
          sourceKey: repairTasks.sourceKey,
        })
        .from(repairTasks)
        .where(inArray(repairTasks.repairActionId, ids))
        .orderBy(asc(repairTasks.id))
    : []
  const shape = (r: (typeof open)[number]) => ({
    id: r.id,
    repairIdentifier: r.repairIdentifier,
    createdAt: r.createdAt.toISOString(),
    repairedAt: r.repairedAt ? r.repairedAt.toISOString() : null,
    repairedByName: r.repairedByName,
    outOfService: r.outOfService,
    comments: readRecordText(r.commentsText, r.comments, locale),
    repairCompanyName: r.repairCompanyName ?? null,
    tasks: tasks
      .filter((t) => t.repairActionId === r.id)
      .map(({ repairActionId: _a, descriptionText, ...t }) => ({ ...t, description: readRecordText(descriptionText, t.description, locale) })),
  })
  return { openRepairs: open.map(shape), certifiedRepairs: certified.map(shape) }
}

/**
 * The phone form's context for one vehicle (refused as filing would be). The page makes the
 * idempotency key; none is made here.
 */
export async function getPreTripContext(ctx: UseCaseContext, vehicleId: number) {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const db = ctx.db.read
  const vehicle = await vehicleById(db, vehicleId)
  const company = await filingCompanyFor(db, me, vehicle, now).catch((e: unknown) => {
    // Reached by id (a QR link), not by a typed identifier: no field to name.
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', PRE_TRIP_ACCESS_TEXT.vehicleNotFound)
    throw e
  })
  const [v] = await db
    .select({ make: vehicles.make, model: vehicles.model, licensePlate: vehicles.licensePlate, odometer: vehicles.odometer })
    .from(vehicles)
    .where(eq(vehicles.id, vehicle.id))
  const [driver] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, me.userId))
  const repairs = await repairsForPreTrip(db, vehicle.id, ctx.locale)
  const [filedToday] = await db
    .select({ id: preInspections.id, isSatisfactory: preInspections.isSatisfactory })
    .from(preInspections)
    .where(and(eq(preInspections.vehicleId, vehicle.id), eq(preInspections.operatorCompanyId, company.id), eq(preInspections.date, company.today)))
    .orderBy(desc(preInspections.id))
    .limit(1)
  return {
    vehicle: { id: vehicle.id, vehicleIdentifier: vehicle.vehicleIdentifier, make: v!.make, model: v!.model, licensePlate: v!.licensePlate, odometer: v!.odometer },
    operatorCompany: { id: company.id, name: company.name, timeZone: company.timeZone, today: company.today, earliestDate: addDays(company.today, -PRE_TRIP_RULES.daysBack) },
    driverName: driver ? `${driver.firstName} ${driver.lastName}`.trim() : '',
    lastOdometer: await lastOdometer(db, vehicle.id),
    outOfService: repairs.openRepairs.some((r) => r.outOfService),
    ...repairs,
    todayPreTrip: filedToday ? (filedToday.isSatisfactory ? ('satisfactory' as const) : ('defects' as const)) : ('none' as const),
    /** The lease of today's assignment: its copy must be carried on the bus (49 CFR 390.403, decision 064). */
    lease: await activeLeaseOf(db, vehicle.id, company.id, company.today),
    /**
     * The operator refuses this driver's pre-trips while their license or medical certificate has
     * expired (issue 37): the English message filing would answer with its 403; the page shows it in place of the form.
     */
    refusal: (await expiredDriverRefusal(db, company.id, me.userId, company.today))?.message ?? null,
  }
}
export type PreTripContext = Awaited<ReturnType<typeof getPreTripContext>>

/** The most buses "my buses" lists (a driver's companies rarely hold more than a few dozen). */
export const MY_BUSES_LIMIT = 200
/** Buses the driver filed a pre-trip for within this many days come first in "my buses". */
export const MY_RECENT_BUS_DAYS = 30

export interface MyBusesOptions {
  /** Only buses whose identifier or plate contains this text. */
  search?: string
  /** At most this many (MY_BUSES_LIMIT at most). */
  limit?: number
}

/**
 * "My buses": the vehicles of the active assignments of the companies where the caller is an
 * active Driver, with today's pre-trip state (in each operator's time zone), whether the bus
 * is out of service, its last odometer and the certified repairs waiting for acknowledgement.
 * The buses the caller drove lately come first (a big operator has hundreds of buses; a
 * driver uses a few), then by identifier. One query, bounded; `total` counts every match.
 */
export async function listMyBuses(ctx: UseCaseContext, opts: MyBusesOptions = {}) {
  return (await pageMyBuses(ctx, opts)).buses
}

export async function pageMyBuses(ctx: UseCaseContext, opts: MyBusesOptions = {}) {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const driverOf = companiesWithRole(me, ['Driver'])
  if (driverOf.length === 0) return { buses: [], total: 0 }
  // Every time zone's today lies within a day of UTC's; each row is then checked in its own.
  const utcToday = todayIn('UTC', now)
  const limit = Math.min(Math.max(1, opts.limit ?? MY_BUSES_LIMIT), MY_BUSES_LIMIT)
  const search = opts.search?.trim().slice(0, 40)
  // The caller's buses of the last days, latest first (index on driver_user_id, date).
  const recent = await ctx.db.read
    .select({ vehicleId: preInspections.vehicleId, last: sql<string>`max(${preInspections.date})` })
    .from(preInspections)
    .where(and(eq(preInspections.driverUserId, me.userId), sql`${preInspections.date} >= ${addDays(utcToday, -MY_RECENT_BUS_DAYS)}`))
    .groupBy(preInspections.vehicleId)
    .orderBy(desc(sql`max(${preInspections.date})`))
    .limit(MY_BUSES_LIMIT)
  const recency = recent.length
    ? sql`CASE ${vehicles.id} ${sql.join(
        recent.map((r, i) => sql`WHEN ${r.vehicleId} THEN ${i}`),
        sql` `,
      )} ELSE ${recent.length} END`
    : undefined
  const rows = await ctx.db.read
    .select({
      vehicleId: vehicles.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      odometer: vehicles.odometer,
      operatorCompanyId: companies.id,
      operatorCompanyName: companies.name,
      timeZone: companies.timeZone,
      startDate: operatorAssignments.startDate,
      endDate: operatorAssignments.endDate,
      total: sql<number>`count(*) OVER ()`,
      lastPreTrip: sql<string | null>`(SELECT ${preInspections.date} || '|' || ${preInspections.isSatisfactory} FROM ${preInspections}
        WHERE ${preInspections.vehicleId} = ${vehicles.id} AND ${preInspections.operatorCompanyId} = ${companies.id}
        ORDER BY ${preInspections.date} DESC, ${preInspections.id} DESC LIMIT 1)`,
      outOfService: sql<number>`EXISTS (SELECT 1 FROM ${repairActions} WHERE ${repairActions.vehicleId} = ${vehicles.id}
        AND ${repairActions.repairedAt} IS NULL AND ${repairActions.outOfService} = 1)`,
      openRepairs: sql<number>`(SELECT count(*) FROM ${repairActions} WHERE ${repairActions.vehicleId} = ${vehicles.id} AND ${repairActions.repairedAt} IS NULL)`,
      certifiedToAcknowledge: sql<number>`(SELECT count(*) FROM ${repairActions} WHERE ${repairActions.vehicleId} = ${vehicles.id}
        AND ${repairActions.repairedAt} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${repairAcknowledgements} WHERE ${repairAcknowledgements.repairActionId} = ${repairActions.id}))`,
    })
    .from(operatorAssignments)
    .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
    .innerJoin(companies, eq(companies.id, operatorAssignments.operatorCompanyId))
    .where(
      and(
        inArray(operatorAssignments.operatorCompanyId, driverOf),
        isNull(operatorAssignments.endedAt),
        isNull(vehicles.archivedAt),
        sql`${operatorAssignments.startDate} <= ${addDays(utcToday, 1)}`,
        sql`(${operatorAssignments.endDate} IS NULL OR ${operatorAssignments.endDate} >= ${addDays(utcToday, -1)})`,
        search ? or(contains(vehicles.vehicleIdentifier, search), contains(vehicles.licensePlate, search)) : undefined,
      ),
    )
    .orderBy(...(recency ? [recency] : []), asc(vehicles.vehicleIdentifier), asc(companies.id))
    .limit(limit)
  const buses = rows
    .map((r) => ({ ...r, today: todayIn(r.timeZone, now) }))
    .filter((r) => r.startDate <= r.today && (r.endDate === null || r.endDate >= r.today))
    .map(({ startDate: _s, endDate: _e, timeZone: _t, total: _n, lastPreTrip, ...r }) => {
      const [date, satisfactory] = lastPreTrip ? lastPreTrip.split('|') : [null, null]
      return {
        ...r,
        outOfService: Boolean(r.outOfService),
        openRepairs: Number(r.openRepairs),
        certifiedToAcknowledge: Number(r.certifiedToAcknowledge),
        lastPreTripDate: date ?? null,
        todayPreTrip: date === r.today ? (satisfactory === '1' ? ('satisfactory' as const) : ('defects' as const)) : ('none' as const),
      }
    })
  return { buses, total: Number(rows[0]?.total ?? 0) }
}
export type MyBus = Awaited<ReturnType<typeof listMyBuses>>[number]
