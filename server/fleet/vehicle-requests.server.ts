import { recipientsOfRoleHolders } from '../access/role-holders.server.ts'
import { and, desc, eq, gt, gte, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import { preparedRead, rowsAffected, type Database } from '#db/client.ts'
import { companies, operatorAssignments, vehicleRequests, vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { VEHICLE_REQUEST_RESPONSE_MESSAGES } from '#catalog/statuses.ts'
import { VEHICLE_REQUEST_TEXT } from '#catalog/texts.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { draftLeaseAgreement } from '../leases/lease-agreements.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { vehicleRequestAnsweredMail } from '../mail/templates.ts'
import { hasRole, requireRole, requireUser } from '../access/policy.ts'
import { idSchema, parseInput, freeText } from '../validation.ts'
import { activeOn, companyToday, vehicleAccess } from '../access/vehicle-access.server.ts'
import { vehicleRequestFields } from './vehicle-request-schema.ts'
import { msg } from '#catalog/i18n.ts'
import { emitVehicleRequestAnswered } from '../webhooks/emit.server.ts'

export const REQUEST_TEXT = VEHICLE_REQUEST_TEXT

/** The whole input of "Add vehicle request": the form's fields (one schema for every door) and the operator company. */
export const createVehicleRequestInput = (today: string) => vehicleRequestFields(today).safeExtend({ operatorCompanyId: idSchema })
export type CreateVehicleRequestInput = z.input<ReturnType<typeof createVehicleRequestInput>>
/** The body's shape for REST's key binding and the OpenAPI document ('' as today: that rule needs the company). */
export const createVehicleRequestBody = createVehicleRequestInput('')
const operatorCompanyOf = z.object({ operatorCompanyId: idSchema })

const requestOwner = alias(companies, 'owner_company')
const requestOperator = alias(companies, 'operator_company')

/** The spec's vehicle operation request: its columns and joins (read by `where`, newest first). */
function requestsWhere(read: Database['read'], where: ReturnType<typeof and>) {
  return read
    .select({
      id: vehicleRequests.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      ownerCompanyName: requestOwner.name,
      operatorCompanyName: requestOperator.name,
      operatorCompanyId: vehicleRequests.operatorCompanyId,
      status: vehicleRequests.status,
      startDate: vehicleRequests.startDate,
      endDate: vehicleRequests.endDate,
      requestedAt: vehicleRequests.requestedAt,
      message: vehicleRequests.message,
    })
    .from(vehicleRequests)
    .innerJoin(vehicles, eq(vehicles.id, vehicleRequests.vehicleId))
    .innerJoin(requestOwner, eq(requestOwner.id, vehicleRequests.ownerCompanyId))
    .innerJoin(requestOperator, eq(requestOperator.id, vehicleRequests.operatorCompanyId))
    .where(where)
    .orderBy(desc(vehicleRequests.requestedAt), desc(vehicleRequests.id))
    .limit(500)
}
type RequestRecord = Awaited<ReturnType<typeof requestsWhere>>[number]
const requestRow = (r: RequestRecord) => ({ ...r, requestedAt: r.requestedAt.toISOString() })

async function selectRequests(ctx: UseCaseContext, where: ReturnType<typeof and>) {
  return (await requestsWhere(ctx.db.read, where)).map(requestRow)
}

/** The owner's Pending requests: polled by the legacy clients, so prepared once (decision 051). */
const pendingByOwner = (db: Database) =>
  preparedRead(db, 'fleet.pendingRequestsByOwner', (read) =>
    requestsWhere(read, and(eq(vehicleRequests.ownerCompanyId, sql.placeholder('ownerCompanyId')), eq(vehicleRequests.status, 'Pending'))).prepare(),
  )
export type VehicleRequestRow = Awaited<ReturnType<typeof selectRequests>>[number]

/** POST /api/VehicleOperator/createRequest and "Add vehicle request". */
export async function createVehicleRequest(ctx: UseCaseContext, input: unknown): Promise<VehicleRequestRow> {
  // The date rules need the company's "today"; every rule is then checked in one pass.
  const company = operatorCompanyOf.safeParse(input)
  const today = company.success ? await companyToday(ctx, company.data.operatorCompanyId) : ''
  const v = parseInput(createVehicleRequestInput(today), input)
  const me = requireRole(ctx.actor, v.operatorCompanyId, ['Operator'])
  const now = ctx.now ?? new Date()
  const id = await ctx.db.transaction(async (tx) => {
    const [vehicle] = await tx
      .select({ id: vehicles.id, ownerCompanyId: vehicles.ownerCompanyId })
      .from(vehicles)
      .where(and(sql`upper(${vehicles.vehicleIdentifier}) = ${v.vehicleIdentifier.toUpperCase()}`, isNull(vehicles.archivedAt)))
    if (!vehicle) throw new AppError('NOT_FOUND', REQUEST_TEXT.createFailed, { fieldErrors: { vehicleIdentifier: msg('No vehicle has this identifier') } })
    const [pending] = await tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.vehicleId, vehicle.id), eq(vehicleRequests.operatorCompanyId, v.operatorCompanyId), eq(vehicleRequests.status, 'Pending')))
    if (pending) throw new AppError('CONFLICT', REQUEST_TEXT.createFailed)
    const [created] = await tx
      .insert(vehicleRequests)
      .values({
        vehicleId: vehicle.id,
        ownerCompanyId: vehicle.ownerCompanyId,
        operatorCompanyId: v.operatorCompanyId,
        requestedByUserId: me.userId,
        status: 'Pending',
        startDate: v.startDate,
        endDate: v.endDate,
        requestedAt: now,
      })
      .returning({ id: vehicleRequests.id })
    await audit(tx, me, { action: 'vehicleRequest.create', companyId: v.operatorCompanyId, entityType: 'vehicleRequest', entityId: created!.id })
    return created!.id
  })
  return (await selectRequests(ctx, and(eq(vehicleRequests.id, id))))[0]!
}

/** GET /api/VehicleOperator/getRequestsByOperator: every request of the operator company. */
export async function listRequestsByOperator(ctx: UseCaseContext, operatorCompanyId: number) {
  requireRole(ctx.actor, operatorCompanyId, ['Operator'])
  return selectRequests(ctx, and(eq(vehicleRequests.operatorCompanyId, operatorCompanyId)))
}

/** GET /api/VehicleOperator/getPendingRequestsByOwner: the owner's Pending requests. */
export async function listPendingRequestsByOwner(ctx: UseCaseContext, ownerCompanyId: number) {
  requireRole(ctx.actor, ownerCompanyId, ['Owner'])
  return ((await pendingByOwner(ctx.db).all({ ownerCompanyId })) as RequestRecord[]).map(requestRow)
}

/**
 * GET /api/VehicleOperator/getAnsweredRequestsByOwner (a path beyond the spec, decision 059): the
 * owner's requests that are no longer Pending (Approved, Rejected, Cancelled), newest first.
 */
export async function listAnsweredRequestsByOwner(ctx: UseCaseContext, ownerCompanyId: number) {
  requireRole(ctx.actor, ownerCompanyId, ['Owner'])
  return selectRequests(ctx, and(eq(vehicleRequests.ownerCompanyId, ownerCompanyId), ne(vehicleRequests.status, 'Pending')))
}

export const requestOverlapInput = z.object({
  operatorCompanyId: idSchema,
  vehicleIdentifier: z.string().trim().min(1).max(40),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD')),
  endDate: z.preprocess((v) => (v === '' ? null : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD')).nullish()),
})

/**
 * The Add vehicle request form's warning (decision 059): the dates of the vehicle's assignments
 * (not ended early) that overlap the chosen dates. Only dates: never the other operator's name.
 * An unknown vehicle is no overlap (sending then says why). The request may still be sent.
 */
export async function vehicleRequestOverlaps(ctx: UseCaseContext, input: unknown): Promise<{ overlaps: Array<{ startDate: string; endDate: string | null }> }> {
  const v = parseInput(requestOverlapInput, input)
  requireRole(ctx.actor, v.operatorCompanyId, ['Operator'])
  const end = v.endDate ?? '9999-12-31'
  const overlaps = await ctx.db.read
    .select({ startDate: operatorAssignments.startDate, endDate: operatorAssignments.endDate })
    .from(operatorAssignments)
    .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
    .where(
      and(
        sql`upper(${vehicles.vehicleIdentifier}) = ${v.vehicleIdentifier.toUpperCase()}`,
        isNull(vehicles.archivedAt),
        isNull(operatorAssignments.endedAt),
        lte(operatorAssignments.startDate, end),
        or(isNull(operatorAssignments.endDate), gte(operatorAssignments.endDate, v.startDate)),
      ),
    )
    .orderBy(operatorAssignments.startDate)
    .limit(10)
  return { overlaps }
}

/**
 * The operator's upcoming assignments (approved, starting after today in its time zone, not
 * ended early): the operator's fleet lists them as upcoming until they start.
 */
export async function listUpcomingAssignmentsByOperator(ctx: UseCaseContext, operatorCompanyId: number) {
  requireRole(ctx.actor, operatorCompanyId, ['Operator'])
  const today = await companyToday(ctx, operatorCompanyId)
  return ctx.db.read
    .select({
      id: operatorAssignments.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      ownerCompanyName: companies.name,
      startDate: operatorAssignments.startDate,
      endDate: operatorAssignments.endDate,
    })
    .from(operatorAssignments)
    .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
    .innerJoin(companies, eq(companies.id, vehicles.ownerCompanyId))
    .where(
      and(
        eq(operatorAssignments.operatorCompanyId, operatorCompanyId),
        isNull(operatorAssignments.endedAt),
        isNull(vehicles.archivedAt),
        gt(operatorAssignments.startDate, today),
      ),
    )
    .orderBy(operatorAssignments.startDate, operatorAssignments.id)
    .limit(200)
}

export const cancelVehicleRequestInput = z.object({ id: idSchema, operatorCompanyId: idSchema })

/** POST /api/VehicleOperator/{id}/cancel: the requesting operator, only while Pending. */
export async function cancelVehicleRequest(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const v = parseInput(cancelVehicleRequestInput, input)
  const me = requireRole(ctx.actor, v.operatorCompanyId, ['Operator'])
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const [req] = await tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.id, v.id), eq(vehicleRequests.operatorCompanyId, v.operatorCompanyId)))
    if (!req) throw new AppError('NOT_FOUND', msg('Request not found'))
    const done = await tx
      .update(vehicleRequests)
      .set({ status: 'Cancelled', respondedAt: now, respondedByUserId: me.userId })
      .where(and(eq(vehicleRequests.id, v.id), eq(vehicleRequests.status, 'Pending')))
    if (rowsAffected(done) !== 1) throw new AppError('CONFLICT', msg('Only a Pending request can be cancelled'))
    await audit(tx, me, { action: 'vehicleRequest.cancel', companyId: v.operatorCompanyId, entityType: 'vehicleRequest', entityId: v.id })
  })
  return { message: msg('Request cancelled.') }
}

export const respondVehicleRequestInput = z.object({
  requestId: idSchema,
  approved: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: msg('approved must be true or false') }),
  message: freeText(2000).nullish(),
})

/**
 * POST /api/VehicleOperator/respond: the owner approves (creating the operator
 * assignment) or rejects, only from Pending, once. An approval that would
 * overlap another assignment of the vehicle is refused and the request stays
 * Pending. All in one transaction: no request Approved without its assignment,
 * nor an assignment to another company without its drafted lease (decision 064).
 */
export async function respondToVehicleRequest(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const v = parseInput(respondVehicleRequestInput, input)
  const me = requireUser(ctx.actor)
  const [req] = await ctx.db.read.select().from(vehicleRequests).where(eq(vehicleRequests.id, v.requestId))
  if (!req || !hasRole(me, req.ownerCompanyId, ['Owner'])) throw new AppError('NOT_FOUND', msg('Request not found'))
  const now = ctx.now ?? new Date()
  const message = v.message || (v.approved ? VEHICLE_REQUEST_RESPONSE_MESSAGES.approved : VEHICLE_REQUEST_RESPONSE_MESSAGES.rejected)
  await ctx.db.transaction(async (tx) => {
    const answered = await tx
      .update(vehicleRequests)
      .set({ status: v.approved ? 'Approved' : 'Rejected', message, respondedAt: now, respondedByUserId: me.userId })
      .where(and(eq(vehicleRequests.id, req.id), eq(vehicleRequests.status, 'Pending')))
    if (rowsAffected(answered) !== 1) throw new AppError('CONFLICT', msg('This request was already answered'))
    if (v.approved) {
      const end = req.endDate ?? '9999-12-31'
      const [overlap] = await tx
        .select({ id: operatorAssignments.id })
        .from(operatorAssignments)
        .where(
          and(
            eq(operatorAssignments.vehicleId, req.vehicleId),
            isNull(operatorAssignments.endedAt),
            lte(operatorAssignments.startDate, end),
            or(isNull(operatorAssignments.endDate), gte(operatorAssignments.endDate, req.startDate)),
          ),
        )
        .limit(1)
      if (overlap) throw new AppError('CONFLICT', REQUEST_TEXT.overlap)
      const [assignment] = await tx
        .insert(operatorAssignments)
        .values({
          vehicleId: req.vehicleId,
          operatorCompanyId: req.operatorCompanyId,
          requestId: req.id,
          startDate: req.startDate,
          endDate: req.endDate,
          createdAt: now,
        })
        .returning({ id: operatorAssignments.id })
      // The written lease (49 CFR 390.401–390.403, decision 064): drafted with the assignment, or neither.
      await draftLeaseAgreement(tx, {
        assignmentId: assignment!.id,
        requestId: req.id,
        vehicleId: req.vehicleId,
        operatorCompanyId: req.operatorCompanyId,
        startDate: req.startDate,
        endDate: req.endDate,
        now,
      })
    }
    // The operator's managers hear the answer.
    const [names] = await tx
      .select({ owner: companies.name, vehicleIdentifier: vehicles.vehicleIdentifier })
      .from(companies)
      .innerJoin(vehicles, eq(vehicles.id, req.vehicleId))
      .where(eq(companies.id, req.ownerCompanyId))
    for (const to of await recipientsOfRoleHolders(tx, req.operatorCompanyId, ['Operator'])) {
      await enqueueMail(tx, { to: to.email, ...vehicleRequestAnsweredMail({ companyName: names!.owner, vehicleIdentifier: names!.vehicleIdentifier, approved: v.approved, locale: to.locale }) })
    }
    await audit(tx, me, { action: v.approved ? 'vehicleRequest.approve' : 'vehicleRequest.reject', companyId: req.ownerCompanyId, entityType: 'vehicleRequest', entityId: req.id })
    await emitVehicleRequestAnswered(tx, req.id)
  })
  kickMailWorker()
  return { message }
}

export type AssignmentState = 'Active' | 'Upcoming' | 'Ended'

/** GET /api/VehicleOperator/getVehicleOperatorAssignments (the owner of the vehicle): newest first. */
export async function getVehicleOperatorAssignments(ctx: UseCaseContext, vehicleId: number) {
  const access = await vehicleAccess(ctx, vehicleId)
  const today = await companyToday(ctx, access.ownerCompanyId)
  const rows = await ctx.db.read
    .select({
      id: operatorAssignments.id,
      operatorName: companies.name,
      startDate: operatorAssignments.startDate,
      endDate: operatorAssignments.endDate,
      isActive: sql<number>`CASE WHEN ${activeOn(today)} THEN 1 ELSE 0 END`,
      endedAt: operatorAssignments.endedAt,
    })
    .from(operatorAssignments)
    .innerJoin(companies, eq(companies.id, operatorAssignments.operatorCompanyId))
    .where(eq(operatorAssignments.vehicleId, vehicleId))
    .orderBy(desc(operatorAssignments.startDate), desc(operatorAssignments.id))
  // `state`: an approved assignment that starts after today is Upcoming, not Inactive (decision 059).
  return rows.map(({ endedAt, ...r }) => ({
    ...r,
    isActive: Boolean(r.isActive),
    state: (r.isActive ? 'Active' : !endedAt && r.startDate > today ? 'Upcoming' : 'Ended') as AssignmentState,
  }))
}

export const endAssignmentInput = z.object({ assignmentId: idSchema })

/**
 * The owner ends an operator's assignment now (a lease ended early, a bus
 * taken back): from the next request on the operator no longer sees the
 * vehicle, and the owner may archive it. Only once (409 when already ended).
 */
export async function endOperatorAssignment(ctx: UseCaseContext, input: unknown): Promise<{ message: string }> {
  const { assignmentId } = parseInput(endAssignmentInput, input)
  const [a] = await ctx.db.read.select({ vehicleId: operatorAssignments.vehicleId }).from(operatorAssignments).where(eq(operatorAssignments.id, assignmentId))
  if (!a) throw new AppError('NOT_FOUND', msg('Assignment not found'))
  const access = await vehicleAccess(ctx, a.vehicleId).catch(() => {
    throw new AppError('NOT_FOUND', msg('Assignment not found'))
  })
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(operatorAssignments)
      .set({ endedAt: now })
      .where(and(eq(operatorAssignments.id, assignmentId), isNull(operatorAssignments.endedAt)))
    if (rowsAffected(ended) !== 1) throw new AppError('CONFLICT', msg('This assignment has already ended'))
    await audit(tx, ctx.actor, { action: 'assignment.end', companyId: access.ownerCompanyId, entityType: 'operatorAssignment', entityId: assignmentId })
  })
  return { message: msg('Assignment ended.') }
}
