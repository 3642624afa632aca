import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { preparedRead, type Database, type Tx } from '#db/client.ts'
import { companies, operatorAssignments, vehicles } from '#db/schema/index.ts'
import type { RoleName } from '#catalog/roles.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden, isAppError } from '../errors.ts'
import { companiesWithRole, hasRole, requireUser } from './policy.ts'
import { msg } from '#catalog/i18n.ts'

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** "Today" as a calendar date in a time zone (PRODUCT.md: dates are the company's). */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  const zone = timeZone || 'UTC'
  try {
    let format = dayFormats.get(zone)
    if (!format) {
      // Only valid zones get here (an unknown one throws): the map holds at most the IANA list.
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      dayFormats.set(zone, format)
    }
    return format.format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

// Read by most company pages and statistics, often several times a request: prepared once (decision 051).
const companyTimeZoneById = (db: Database) =>
  preparedRead(db, 'company.timeZone', (read) =>
    read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, sql.placeholder('companyId'))).prepare(),
  )

export async function companyToday(ctx: UseCaseContext, companyId: number): Promise<string> {
  const [c] = await companyTimeZoneById(ctx.db).all({ companyId })
  return todayIn(c?.tz, ctx.now)
}

/** SQL: the assignment is active on `today` (started, not yet ended, not ended early). */
export function activeOn(today: string) {
  return and(
    lte(operatorAssignments.startDate, today),
    or(isNull(operatorAssignments.endDate), gte(operatorAssignments.endDate, today)),
    isNull(operatorAssignments.endedAt),
  )
}

export interface VehicleAccess {
  vehicleId: number
  ownerCompanyId: number
  vehicleIdentifier: string
  /** The caller reads as the owner company, or as the operator of an active assignment. */
  as: 'owner' | 'operator'
  operatorCompanyId?: number
}

/** Roles of an operator company that see the vehicles of its active assignments. */
export const VEHICLE_VIEWER_ROLES = ['Operator', 'Driver', 'Mechanic'] as const satisfies readonly RoleName[]

/**
 * Who may see or change a vehicle:
 * - Owner managers of its company: always.
 * - `operatorRoles`: holders of those roles in an operator company with an
 *   active assignment, for reading.
 * - `write`: only the owner. A caller who may see the vehicle (an operator
 *   company's people, through an active assignment) gets 403; anyone else 404.
 * Without either option: owner-only reading, 404 for everyone else.
 * A vehicle the caller may not see is a 404, as for one that does not exist
 * (API.md: never reveal another company's records).
 */
export async function vehicleAccess(
  ctx: UseCaseContext,
  vehicleId: number,
  opts: { write?: boolean; operatorRoles?: readonly RoleName[] } = {},
): Promise<VehicleAccess> {
  const me = requireUser(ctx.actor)
  const [v] = await ctx.db.read
    .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
  if (!v) throw vehicleNotFound()
  const found = { vehicleId: v.id, ownerCompanyId: v.ownerCompanyId, vehicleIdentifier: v.vehicleIdentifier }
  if (hasRole(me, v.ownerCompanyId, ['Owner'])) return { ...found, as: 'owner' }
  const readers = opts.write ? VEHICLE_VIEWER_ROLES : opts.operatorRoles
  const operatorCompanyId = readers?.length ? await assignedOperatorCompany(ctx.db.read, v.id, companiesWithRole(me, readers), ctx.now) : null
  if (operatorCompanyId === null) throw vehicleNotFound()
  if (opts.write) throw forbidden(msg('Only the owner company may change this vehicle'))
  return { ...found, as: 'operator', operatorCompanyId }
}

const vehicleNotFound = () => new AppError('NOT_FOUND', msg('Vehicle not found'))

/**
 * The first of `companyIds` with an assignment of the vehicle active today (in that company's
 * time zone), or null. Reads through `db`: a transaction's, when the answer decides a write.
 */
export async function assignedOperatorCompany(db: Pick<Tx, 'select'>, vehicleId: number, companyIds: number[], now = new Date()): Promise<number | null> {
  if (companyIds.length === 0) return null
  const zones = await db.select({ id: companies.id, tz: companies.timeZone }).from(companies).where(inArray(companies.id, companyIds))
  for (const c of zones) {
    const [a] = await db
      .select({ id: operatorAssignments.id })
      .from(operatorAssignments)
      .where(and(eq(operatorAssignments.vehicleId, vehicleId), eq(operatorAssignments.operatorCompanyId, c.id), activeOn(todayIn(c.tz, now))))
      .limit(1)
    if (a) return c.id
  }
  return null
}

/** `vehicleAccess` for a caller who may simply not see the vehicle: null instead of the 404. */
export async function vehicleAccessOrNull(ctx: UseCaseContext, vehicleId: number, opts: Parameters<typeof vehicleAccess>[2] = {}): Promise<VehicleAccess | null> {
  return vehicleAccess(ctx, vehicleId, opts).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null
    throw error
  })
}
