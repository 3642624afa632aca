/**
 * Engine hours' doors (issue 35, decision 084), as the odometer's (odometer-history.server.ts):
 * the history, the owner's entry, and the owner's correction or reset (an engine replaced).
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { engineHoursSourceLabel, MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { freeText, idSchema, parseInput } from '../validation.ts'
import { vehicleAccess } from '../access/vehicle-access.server.ts'
import { engineHoursValue } from './engine-hours-schema.ts'
import { recordEngineHoursCorrection, recordEngineHoursReading, selectEngineHoursHistory } from './engine-hours.server.ts'
import { msg } from '#catalog/i18n.ts'

/** How many readings the history shows (newest first). */
export const ENGINE_HOURS_HISTORY_LIMIT = 100

export const ENGINE_HOURS_REASON_REQUIRED = msg('Give the reason for the correction (for example "engine replaced")')

const reading = engineHoursValue
/** A checkbox's 'true'/'on'/'1' (or a boolean); blank or absent is false. */
const checkbox = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? false : v === true || v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ message: msg('Choose true or false') }),
)

/** The owner's entry: a reading not below the latest since the last correction or reset. */
export const recordEngineHoursInput = z.object({ vehicleId: idSchema, reading })
export type RecordEngineHoursInput = z.input<typeof recordEngineHoursInput>

/** The owner's correction (any reading, with a reason); `reset`: the engine was replaced. */
export const correctEngineHoursInput = z.object({
  vehicleId: idSchema,
  reading,
  reason: z.preprocess((v) => (v == null ? '' : v), freeText(MAINTENANCE_LIMITS.reason).pipe(z.string().min(1, ENGINE_HOURS_REASON_REQUIRED))),
  reset: checkbox.optional().transform((v) => v ?? false),
})
export type CorrectEngineHoursInput = z.input<typeof correctEngineHoursInput>

/**
 * A vehicle's engine-hour readings, newest first, with their source, time, who and reason; the
 * latest correction or reset is the current baseline. The owner company reads it (and may enter
 * and correct); the operator of an active assignment reads it too, without the names of who
 * recorded each reading (people of other companies, decision 029).
 */
export async function getEngineHoursHistory(ctx: UseCaseContext, vehicleId: number) {
  const access = await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
  const rows = await selectEngineHoursHistory(ctx.db.read, vehicleId, ENGINE_HOURS_HISTORY_LIMIT)
  const [v] = await ctx.db.read
    .select({ engineHours: vehicles.engineHours, engineHoursOffset: vehicles.engineHoursOffset, hoursPerDay: vehicles.hoursPerDay })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
  const baseline = rows.find((r) => r.source === 'correction' || r.source === 'reset')
  const owner = access.as === 'owner'
  return {
    vehicleId,
    latest: v?.engineHours ?? null,
    /** Life hours: the latest plus every correction's and reset's jump (never goes back). */
    lifeHours: v?.engineHours == null ? null : Math.round((v.engineHours + (v.engineHoursOffset ?? 0)) * 10) / 10,
    hoursPerDay: v?.hoursPerDay ?? null,
    baselineId: baseline?.id ?? null,
    canRecord: owner,
    canCorrect: owner,
    readings: rows.map((r) => ({
      id: r.id,
      reading: r.reading,
      source: r.source,
      sourceLabel: engineHoursSourceLabel(r.source),
      recordedAt: r.recordedAt.toISOString(),
      recordedByName: owner ? (r.recordedByName ?? null) : null,
      reason: r.reason ?? null,
      isBaseline: r.source === 'correction' || r.source === 'reset',
      beforeBaseline: baseline !== undefined && r.id < baseline.id,
      preInspectionId: r.preInspectionId ?? null,
      inspectionId: r.inspectionId ?? null,
    })),
  }
}
export type EngineHoursHistory = Awaited<ReturnType<typeof getEngineHoursHistory>>

const nameOf = (ctx: UseCaseContext) => (ctx.actor.kind === 'user' ? `${ctx.actor.firstName} ${ctx.actor.lastName}`.trim() || null : null)

/**
 * POST /api/Fleet/recordEngineHours, tRPC `fleet.recordEngineHours` and the history's form: an
 * Owner manager enters the hour meter (source `owner`); refused below the latest.
 */
export async function recordEngineHours(ctx: UseCaseContext, input: unknown): Promise<EngineHoursHistory> {
  const v = parseInput(recordEngineHoursInput, input)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await recordEngineHoursReading(tx, {
      vehicleId: v.vehicleId,
      reading: v.reading,
      source: 'owner',
      field: 'reading',
      at: now,
      userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      userName: nameOf(ctx),
    })
    await audit(tx, ctx.actor, {
      action: 'vehicle.engineHours',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle',
      entityId: v.vehicleId,
      details: { reading: v.reading },
    })
  })
  return getEngineHoursHistory(ctx, v.vehicleId)
}

/**
 * POST /api/Fleet/correctEngineHours, tRPC `fleet.correctEngineHours` and the history's form: an
 * Owner manager records a correction (a misread meter) or, with `reset`, an engine replaced. Any
 * reading, a reason; it starts a new baseline and its jump goes to the life offset. It changes
 * the vehicle, so its version moves on (an edit form opened before it is stale).
 */
export async function correctEngineHours(ctx: UseCaseContext, input: unknown): Promise<EngineHoursHistory> {
  const v = parseInput(correctEngineHoursInput, input)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await recordEngineHoursCorrection(tx, {
      vehicleId: v.vehicleId,
      reading: v.reading,
      reset: v.reset,
      reason: v.reason,
      at: now,
      userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      userName: nameOf(ctx),
    })
    await tx.update(vehicles).set({ version: sql`${vehicles.version} + 1`, updatedAt: now }).where(eq(vehicles.id, v.vehicleId))
    await audit(tx, ctx.actor, {
      action: v.reset ? 'vehicle.engineHoursReset' : 'vehicle.engineHoursCorrection',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle',
      entityId: v.vehicleId,
      details: { reading: v.reading, reason: v.reason },
    })
  })
  return getEngineHoursHistory(ctx, v.vehicleId)
}
