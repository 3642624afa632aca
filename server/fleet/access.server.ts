import { and, eq, gte, isNull, lte, or } from 'drizzle-orm'
import { companies, operatorAssignments, vehicles } from '#db/schema/index.ts'
import type { RoleName } from '#catalog/roles.ts'
import type { UseCaseContext } from '../context.ts'
import { AppError } from '../errors.ts'
import { companiesWithRole, hasRole, requireUser } from '../policy.ts'

/** "Today" as a calendar date in a time zone (PRODUCT.md: dates are the company's). */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

export async function companyToday(ctx: UseCaseContext, companyId: number): Promise<string> {
  const [c] = await ctx.db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
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

/**
 * Who may see a vehicle: Owner managers of its company (read and write), and
 * — when `operatorRoles` is given — holders of those roles in an operator
 * company with an active assignment (read only). Anyone else gets 404, as for
 * a vehicle that does not exist (API.md: never reveal another company's records).
 */
export async function vehicleAccess(
  ctx: UseCaseContext,
  vehicleId: number,
  opts: { write?: boolean; operatorRoles?: readonly RoleName[] } = {},
): Promise<VehicleAccess> {
  const me = requireUser(ctx.actor)
  const notFound = () => new AppError('NOT_FOUND', 'Vehicle not found')
  const [v] = await ctx.db.read
    .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
  if (!v) throw notFound()
  if (hasRole(me, v.ownerCompanyId, ['Owner'])) return { vehicleId: v.id, ownerCompanyId: v.ownerCompanyId, vehicleIdentifier: v.vehicleIdentifier, as: 'owner' }
  if (opts.write || !opts.operatorRoles?.length) throw notFound()
  const operatorCompanies = companiesWithRole(me, opts.operatorRoles)
  for (const companyId of operatorCompanies) {
    const today = await companyToday(ctx, companyId)
    const [a] = await ctx.db.read
      .select({ id: operatorAssignments.id })
      .from(operatorAssignments)
      .where(and(eq(operatorAssignments.vehicleId, v.id), eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today)))
      .limit(1)
    if (a) return { vehicleId: v.id, ownerCompanyId: v.ownerCompanyId, vehicleIdentifier: v.vehicleIdentifier, as: 'operator', operatorCompanyId: companyId }
  }
  throw notFound()
}
