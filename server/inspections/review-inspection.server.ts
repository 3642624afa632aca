/**
 * The owner's review of an inspection filed by a company with no relation to the bus
 * (decision 062). Accepting applies it as if it were filed now (odometer rules included);
 * rejecting keeps the record, applied never. Safe against double clicks and races: the state
 * moves from Pending by one conditional UPDATE, and a repeat of the same decision answers the
 * same result.
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { INSPECTION_REVIEW_DECISIONS, type InspectionReviewStatus } from '#catalog/statuses.ts'
import { inspections, vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, conflict, forbidden, isAppError } from '../errors.ts'
import { VEHICLE_VIEWER_ROLES, vehicleAccessOrNull } from '../access/vehicle-access.server.ts'
import { rowsAffected } from '#db/client.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput } from '../validation.ts'
import { applyInspection, inspectorName } from './submit-inspection.server.ts'
import { msg } from '#catalog/i18n.ts'

export const reviewInspectionInput = z.object({
  inspectionId: idSchema,
  decision: z.enum(INSPECTION_REVIEW_DECISIONS, { message: msg('Choose Accept or Reject') }),
})
export type ReviewInspectionInput = z.input<typeof reviewInspectionInput>

export const REVIEW_TEXT = {
  accepted: msg('Inspection accepted: it now counts for the vehicle.'),
  rejected: msg('Inspection rejected: it changes nothing on the vehicle.'),
  ownerOnly: msg('Only the owner company may review this inspection'),
  notPending: (status: InspectionReviewStatus) =>
    status === 'Applied'
      ? msg('This inspection was filed by a company related to the vehicle: it needs no review')
      : status === 'Rejected'
        ? msg('This inspection was already reviewed (rejected by the owner)')
        : msg('This inspection was already reviewed (accepted by the owner)'),
} as const

export interface ReviewedInspection {
  id: number
  reviewStatus: InspectionReviewStatus
  message: string
}

const notFound = () => new AppError('NOT_FOUND', msg('Inspection not found'))

/** PUT /api/Maintenance/reviewInspection, tRPC `inspections.review`, the Inspections tab's buttons. */
export async function reviewInspection(ctx: UseCaseContext, input: unknown): Promise<ReviewedInspection> {
  const me = requireUser(ctx.actor)
  const { inspectionId, decision } = parseInput(reviewInspectionInput, input)
  const [row] = await ctx.db.read
    .select({ id: inspections.id, vehicleId: inspections.vehicleId, ownerCompanyId: vehicles.ownerCompanyId, inspectorUserId: inspections.inspectorUserId })
    .from(inspections)
    .innerJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .where(eq(inspections.id, inspectionId))
  if (!row) throw notFound()
  if (!hasRole(me, row.ownerCompanyId, ['Owner'])) {
    // Who may read the record learns it exists (403); anyone else gets the 404 of a missing one.
    if (row.inspectorUserId === me.userId || (await vehicleAccessOrNull(ctx, row.vehicleId, { operatorRoles: VEHICLE_VIEWER_ROLES }))) throw forbidden(REVIEW_TEXT.ownerOnly)
    throw notFound()
  }

  const target: InspectionReviewStatus = decision === 'Accept' ? 'Accepted' : 'Rejected'
  const now = ctx.now ?? new Date()
  const reviewer = inspectorName(me)
  const answer = (): ReviewedInspection => ({ id: inspectionId, reviewStatus: target, message: target === 'Accepted' ? REVIEW_TEXT.accepted : REVIEW_TEXT.rejected })

  return ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(inspections)
      .set({ reviewStatus: target, reviewedAt: now, reviewedByUserId: me.userId, reviewedByName: reviewer })
      .where(and(eq(inspections.id, inspectionId), eq(inspections.reviewStatus, 'Pending')))
    if (rowsAffected(moved) !== 1) {
      const [current] = await tx.select({ status: inspections.reviewStatus }).from(inspections).where(eq(inspections.id, inspectionId))
      // The same decision again (a double click, a second tab): the same answer, nothing twice.
      if (current?.status === target) return answer()
      throw conflict(REVIEW_TEXT.notPending(current?.status ?? 'Applied'))
    }
    const [f] = await tx.select().from(inspections).where(eq(inspections.id, inspectionId))
    if (target === 'Accepted') {
      try {
        await applyInspection(tx, {
          inspectionId,
          vehicleId: f!.vehicleId,
          odometer: f!.odometer,
          isSatisfactory: f!.isSatisfactory,
          inspectionDate: f!.inspectionDate,
          at: now,
          userId: f!.inspectorUserId ?? me.userId,
          userName: f!.inspectorName,
        })
      } catch (error) {
        if (isAppError(error) && error.fieldErrors?.odometer) {
          // Nothing changes (the transaction rolls back): the owner may reject it instead.
          const message = `${error.message} Reject this inspection, or correct the odometer first.`
          throw new AppError('CONFLICT', message, { fieldErrors: { odometer: error.fieldErrors.odometer } })
        }
        throw error
      }
    }
    await audit(tx, me, {
      action: target === 'Accepted' ? 'inspection.accept' : 'inspection.reject',
      companyId: row.ownerCompanyId,
      entityType: 'inspection',
      entityId: inspectionId,
      details: { vehicleId: row.vehicleId },
    })
    return answer()
  })
}
