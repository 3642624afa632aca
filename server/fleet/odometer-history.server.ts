import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ODOMETER_MAX, odometerSourceLabel } from '#catalog/odometer.ts'
import { ODOMETER_TEXT } from '#catalog/texts.ts'
import { vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { freeText, idSchema, parseInput } from '../validation.ts'
import { vehicleAccess } from '../access/vehicle-access.server.ts'
import { recordOdometerCorrection, selectOdometerHistory } from './odometer.server.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/** How many readings the history shows (newest first). */
export const ODOMETER_HISTORY_LIMIT = 100

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v)

/** The owner's correction: any reading (an odometer replaced may start lower), with a reason. */
export const correctOdometerInput = z.object({
  vehicleId: idSchema,
  reading: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: ODOMETER_TEXT.readingRequired })
      .int(msg('Enter a whole number'))
      .min(0, msg('At least 0'))
      .max(ODOMETER_MAX, withValues(msg('At most {n}'), { n: ODOMETER_MAX })),
  ),
  reason: z.preprocess((v) => (v == null ? '' : v), freeText(500).pipe(z.string().min(1, ODOMETER_TEXT.reasonRequired))),
})
export type CorrectOdometerInput = z.input<typeof correctOdometerInput>

/**
 * A vehicle's odometer readings, newest first, with their source, time, who and reason; the
 * latest correction is the current baseline and older readings are marked as before it. The
 * owner company reads it; the operator of an active assignment too, read-only and without the
 * names of who recorded each reading (people of other companies, decision 029).
 */
export async function getOdometerHistory(ctx: UseCaseContext, vehicleId: number) {
  const access = await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
  const rows = await selectOdometerHistory(ctx.db.read, vehicleId, ODOMETER_HISTORY_LIMIT)
  const [v] = await ctx.db.read.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, vehicleId))
  const baseline = rows.find((r) => r.source === 'correction')
  const owner = access.as === 'owner'
  return {
    vehicleId,
    latest: v?.odometer ?? null,
    baselineId: baseline?.id ?? null,
    canCorrect: owner,
    readings: rows.map((r) => ({
      id: r.id,
      reading: r.reading,
      source: r.source,
      sourceLabel: odometerSourceLabel(r.source),
      recordedAt: r.recordedAt.toISOString(),
      recordedByName: owner ? (r.recordedByName ?? null) : null,
      reason: r.reason ?? null,
      isBaseline: r.source === 'correction',
      beforeBaseline: baseline !== undefined && r.id < baseline.id,
      preInspectionId: r.preInspectionId ?? null,
      inspectionId: r.inspectionId ?? null,
    })),
  }
}
export type OdometerHistory = Awaited<ReturnType<typeof getOdometerHistory>>

/**
 * POST /api/Fleet/correctOdometer, tRPC `fleet.correctOdometer` and the history's form: an Owner
 * manager records a correction (for example "odometer replaced") with a reason. It may be lower
 * than the latest reading and starts a new baseline; later readings must not go below it. It
 * changes the vehicle, so its version moves on (an edit form opened before it is stale).
 */
export async function correctOdometer(ctx: UseCaseContext, input: unknown): Promise<OdometerHistory> {
  const v = parseInput(correctOdometerInput, input)
  const access = await vehicleAccess(ctx, v.vehicleId, { write: true })
  const me = ctx.actor.kind === 'user' ? ctx.actor : null
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await recordOdometerCorrection(tx, {
      vehicleId: v.vehicleId,
      reading: v.reading,
      reason: v.reason,
      at: now,
      userId: me!.userId,
      userName: `${me!.firstName} ${me!.lastName}`.trim() || null,
    })
    await tx.update(vehicles).set({ version: sql`${vehicles.version} + 1`, updatedAt: now }).where(eq(vehicles.id, v.vehicleId))
    await audit(tx, ctx.actor, {
      action: 'vehicle.odometerCorrection',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle',
      entityId: v.vehicleId,
      details: { reading: v.reading, reason: v.reason },
    })
  })
  return getOdometerHistory(ctx, v.vehicleId)
}
