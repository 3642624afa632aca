/**
 * The printable work checklist of a "Send to repair shop" action (issue 35 point 4, decision
 * 084): the bus, the tasks with their checklists, blank lines for the odometer, engine hours and
 * signature. Opened from the page of the bus's owner company (its Owner managers) or of the
 * repair shop the action was sent to (its managers and mechanics); anyone else: 404.
 */
import { and, asc, eq } from 'drizzle-orm'
import { msg } from '#catalog/i18n.ts'
import { REPAIR_SHOP_ROLES } from '#catalog/roles.ts'
import { companies, repairActions, repairTasks, vehicles } from '#db/schema/index.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { idSchema, parseInput } from '../validation.ts'
import { z } from 'zod'

export interface WorkOrder {
  id: number
  repairIdentifier: string
  /** 'YYYY-MM-DD' in the owner company's time zone. */
  sentOn: string
  repaired: boolean
  ownerCompanyName: string
  shopName: string | null
  vehicle: { vehicleIdentifier: string; make: string; model: string; year: number | null; licensePlate: string; vin: string; odometer: number | null; engineHours: number | null }
  tasks: { id: number; name: string; checklist: string | null; completed: boolean }[]
}

export const workOrderInput = z.object({ companyId: idSchema, repairActionId: idSchema })

const notFound = () => new AppError('NOT_FOUND', msg('Work checklist not found'))

export async function getWorkOrder(ctx: UseCaseContext, input: unknown): Promise<WorkOrder> {
  const v = parseInput(workOrderInput, input)
  const me = requireUser(ctx.actor)
  const [a] = await ctx.db.read
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      createdAt: repairActions.createdAt,
      repairedAt: repairActions.repairedAt,
      ownerCompanyId: repairActions.ownerCompanyId,
      repairCompanyId: repairActions.repairCompanyId,
      openedForService: repairActions.openedForService,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.yearBuild,
      licensePlate: vehicles.licensePlate,
      vin: vehicles.vin,
      odometer: vehicles.odometer,
      engineHours: vehicles.engineHours,
    })
    .from(repairActions)
    .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
    .where(eq(repairActions.id, v.repairActionId))
  if (!a || !a.openedForService) throw notFound()
  const asOwner = v.companyId === a.ownerCompanyId && hasRole(me, v.companyId, ['Owner'])
  const asShop = a.repairCompanyId !== null && v.companyId === a.repairCompanyId && hasRole(me, v.companyId, REPAIR_SHOP_ROLES)
  if (!asOwner && !asShop) throw notFound()
  const [owner] = await ctx.db.read.select({ name: companies.name, tz: companies.timeZone }).from(companies).where(eq(companies.id, a.ownerCompanyId))
  const [shop] = a.repairCompanyId === null ? [] : await ctx.db.read.select({ name: companies.name }).from(companies).where(eq(companies.id, a.repairCompanyId))
  const tasks = await ctx.db.read
    .select({ id: repairTasks.id, name: repairTasks.name, description: repairTasks.description, status: repairTasks.status })
    .from(repairTasks)
    .where(and(eq(repairTasks.repairActionId, a.id)))
    .orderBy(asc(repairTasks.id))
  return {
    id: a.id,
    repairIdentifier: a.repairIdentifier,
    sentOn: todayIn(owner?.tz, a.createdAt),
    repaired: a.repairedAt !== null,
    ownerCompanyName: owner?.name ?? '',
    shopName: shop?.name ?? null,
    vehicle: { vehicleIdentifier: a.vehicleIdentifier, make: a.make, model: a.model, year: a.year ?? null, licensePlate: a.licensePlate, vin: a.vin, odometer: a.odometer, engineHours: a.engineHours },
    tasks: tasks.map((t) => ({ id: t.id, name: t.name, checklist: t.description, completed: t.status === 'Completed' })),
  }
}
