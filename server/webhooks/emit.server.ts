/**
 * Webhook events (decision 078): written inside the use case's transaction, as `enqueueMail` is,
 * so a delivery exists if and only if the change that causes it commits. One row per enabled
 * endpoint subscribed to the event, of each company related to the record:
 *
 * - `pre_trip.filed`: the operator company it was filed for and the bus's owner company;
 * - `defect.found` (a repair action opened): the owner, the repair shop it went to, and for a
 *   pre-trip's defects the operator company the pre-trip was filed for;
 * - `repair.completed`: the owner and the repair shop;
 * - `inspection.filed`: the owner and the filer's company when related to the bus;
 * - `vehicle_request.answered`: the operator that asked and the owner that answered;
 * - `alert.raised`: the owner company (its alerts).
 *
 * Payloads carry ids and the few fields a receiver needs; the only names are those the company
 * already sees on its pages (the driver's, the mechanic's, the other company's).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { WebhookDeliveryEventType, WebhookEventType } from '#catalog/webhook-events.ts'
import type { Tx } from '#db/client.ts'
import { companies, inspections, preInspections, repairActions, repairTasks, vehicleRequests, vehicles, webhookDeliveries, webhookEndpoints } from '#db/schema/index.ts'
import { kickWebhookWorkerSoon } from './worker-handle.server.ts'
import { newEventId } from './signing.server.ts'

export interface WebhookPayload {
  type: WebhookDeliveryEventType
  /** ISO 8601, when the event happened. */
  timestamp: string
  data: Record<string, unknown>
}

/** The exact body sent and signed. */
export function webhookBody(type: WebhookDeliveryEventType, data: Record<string, unknown>, at: Date): string {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data }
  return JSON.stringify(payload)
}

/**
 * Queues `type` for every enabled endpoint of `companyIds` subscribed to it, inside `tx`.
 * Returns how many deliveries were queued. The worker is nudged shortly after (and runs every
 * 10 s anyway).
 */
export async function emitWebhookEvent(
  tx: Tx,
  companyIds: readonly (number | null | undefined)[],
  type: WebhookEventType,
  data: Record<string, unknown>,
  at: Date = new Date(),
): Promise<number> {
  const ids = [...new Set(companyIds.filter((c): c is number => typeof c === 'number'))]
  if (ids.length === 0) return 0
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.companyId, ids),
        eq(webhookEndpoints.enabled, true),
        sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoints.events}) WHERE json_each.value = ${type})`,
      ),
    )
  if (endpoints.length === 0) return 0
  const eventId = newEventId()
  const now = new Date()
  for (const e of endpoints) {
    const body = webhookBody(type, { ...data, companyId: e.companyId }, at)
    await tx.insert(webhookDeliveries).values({ endpointId: e.id, eventId, eventType: type, payload: body, createdAt: now, nextAttemptAt: now })
  }
  kickWebhookWorkerSoon()
  return endpoints.length
}

const vehicleOf = async (tx: Tx, vehicleId: number) =>
  (await tx.select({ id: vehicles.id, vehicleIdentifier: vehicles.vehicleIdentifier, ownerCompanyId: vehicles.ownerCompanyId }).from(vehicles).where(eq(vehicles.id, vehicleId)))[0]

/** `pre_trip.filed`: one line in submitPreInspection's transaction. */
export async function emitPreTripFiled(tx: Tx, preInspectionId: number): Promise<number> {
  const [p] = await tx
    .select({
      id: preInspections.id,
      vehicleId: preInspections.vehicleId,
      operatorCompanyId: preInspections.operatorCompanyId,
      driverName: preInspections.driverName,
      date: preInspections.date,
      isSatisfactory: preInspections.isSatisfactory,
      createdAt: preInspections.createdAt,
      repairActionId: repairActions.id,
    })
    .from(preInspections)
    .leftJoin(repairActions, eq(repairActions.preInspectionId, preInspections.id))
    .where(eq(preInspections.id, preInspectionId))
  if (!p) return 0
  const v = await vehicleOf(tx, p.vehicleId)
  return emitWebhookEvent(
    tx,
    [p.operatorCompanyId, v?.ownerCompanyId],
    'pre_trip.filed',
    {
      preTripId: p.id,
      vehicleId: p.vehicleId,
      vehicleIdentifier: v?.vehicleIdentifier ?? null,
      operatorCompanyId: p.operatorCompanyId,
      ownerCompanyId: v?.ownerCompanyId ?? null,
      date: p.date,
      isSatisfactory: p.isSatisfactory,
      driverName: p.driverName,
      repairActionId: p.repairActionId ?? null,
    },
    p.createdAt,
  )
}

/** `defect.found`: one line in openRepairAction (every source: pre-trip, inspection, 90-day exit check). */
export async function emitDefectFound(tx: Tx, repairActionId: number): Promise<number> {
  const [r] = await tx
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      vehicleId: repairActions.vehicleId,
      ownerCompanyId: repairActions.ownerCompanyId,
      repairCompanyId: repairActions.repairCompanyId,
      preInspectionId: repairActions.preInspectionId,
      inspectionId: repairActions.inspectionId,
      emergencyExitCheckId: repairActions.emergencyExitCheckId,
      outOfService: repairActions.outOfService,
      createdAt: repairActions.createdAt,
      operatorCompanyId: preInspections.operatorCompanyId,
    })
    .from(repairActions)
    .leftJoin(preInspections, eq(preInspections.id, repairActions.preInspectionId))
    .where(eq(repairActions.id, repairActionId))
  if (!r) return 0
  const v = await vehicleOf(tx, r.vehicleId)
  const tasks = await tx.select({ name: repairTasks.name, sourceKey: repairTasks.sourceKey }).from(repairTasks).where(eq(repairTasks.repairActionId, r.id))
  const source = r.preInspectionId
    ? { kind: 'preTrip', id: r.preInspectionId }
    : r.inspectionId
      ? { kind: 'inspection', id: r.inspectionId }
      : { kind: 'emergencyExitCheck', id: r.emergencyExitCheckId }
  return emitWebhookEvent(
    tx,
    [r.ownerCompanyId, r.repairCompanyId, r.operatorCompanyId],
    'defect.found',
    {
      repairActionId: r.id,
      repairIdentifier: r.repairIdentifier,
      vehicleId: r.vehicleId,
      vehicleIdentifier: v?.vehicleIdentifier ?? null,
      ownerCompanyId: r.ownerCompanyId,
      repairCompanyId: r.repairCompanyId,
      source,
      outOfService: r.outOfService,
      defects: tasks.map((t) => ({ key: t.sourceKey, name: t.name })),
    },
    r.createdAt,
  )
}

/** `repair.completed`: one line where a repair action is certified repaired. */
export async function emitRepairCompleted(tx: Tx, repairActionId: number): Promise<number> {
  const [r] = await tx
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      vehicleId: repairActions.vehicleId,
      ownerCompanyId: repairActions.ownerCompanyId,
      repairCompanyId: repairActions.repairCompanyId,
      repairedAt: repairActions.repairedAt,
      repairedByName: repairActions.repairedByName,
    })
    .from(repairActions)
    .where(eq(repairActions.id, repairActionId))
  if (!r || !r.repairedAt) return 0
  const v = await vehicleOf(tx, r.vehicleId)
  return emitWebhookEvent(
    tx,
    [r.ownerCompanyId, r.repairCompanyId],
    'repair.completed',
    {
      repairActionId: r.id,
      repairIdentifier: r.repairIdentifier,
      vehicleId: r.vehicleId,
      vehicleIdentifier: v?.vehicleIdentifier ?? null,
      ownerCompanyId: r.ownerCompanyId,
      repairCompanyId: r.repairCompanyId,
      repairedAt: r.repairedAt.toISOString(),
      repairedByName: r.repairedByName,
    },
    r.repairedAt,
  )
}

/** `inspection.filed`: one line in submitInspection's transaction (`filerCompanyId`: the filer's related company, if any). */
export async function emitInspectionFiled(tx: Tx, inspectionId: number, filerCompanyId?: number | null): Promise<number> {
  const [i] = await tx
    .select({
      id: inspections.id,
      vehicleId: inspections.vehicleId,
      inspectionDate: inspections.inspectionDate,
      isSatisfactory: inspections.isSatisfactory,
      isAnnual: inspections.isAnnual,
      reviewStatus: inspections.reviewStatus,
      inspectorName: inspections.inspectorName,
      createdAt: inspections.createdAt,
    })
    .from(inspections)
    .where(eq(inspections.id, inspectionId))
  if (!i) return 0
  const v = await vehicleOf(tx, i.vehicleId)
  return emitWebhookEvent(
    tx,
    [v?.ownerCompanyId, filerCompanyId],
    'inspection.filed',
    {
      inspectionId: i.id,
      vehicleId: i.vehicleId,
      vehicleIdentifier: v?.vehicleIdentifier ?? null,
      ownerCompanyId: v?.ownerCompanyId ?? null,
      inspectionDate: i.inspectionDate,
      isSatisfactory: i.isSatisfactory,
      isAnnual: i.isAnnual,
      reviewStatus: i.reviewStatus,
      inspectorName: i.inspectorName,
    },
    i.createdAt,
  )
}

/** `vehicle_request.answered`: one line in respondToVehicleRequest's transaction. */
export async function emitVehicleRequestAnswered(tx: Tx, requestId: number): Promise<number> {
  const [r] = await tx
    .select({
      id: vehicleRequests.id,
      vehicleId: vehicleRequests.vehicleId,
      ownerCompanyId: vehicleRequests.ownerCompanyId,
      operatorCompanyId: vehicleRequests.operatorCompanyId,
      status: vehicleRequests.status,
      startDate: vehicleRequests.startDate,
      endDate: vehicleRequests.endDate,
      respondedAt: vehicleRequests.respondedAt,
      ownerCompanyName: companies.name,
    })
    .from(vehicleRequests)
    .innerJoin(companies, eq(companies.id, vehicleRequests.ownerCompanyId))
    .where(eq(vehicleRequests.id, requestId))
  if (!r) return 0
  const v = await vehicleOf(tx, r.vehicleId)
  return emitWebhookEvent(
    tx,
    [r.operatorCompanyId, r.ownerCompanyId],
    'vehicle_request.answered',
    {
      requestId: r.id,
      vehicleId: r.vehicleId,
      vehicleIdentifier: v?.vehicleIdentifier ?? null,
      ownerCompanyId: r.ownerCompanyId,
      ownerCompanyName: r.ownerCompanyName,
      operatorCompanyId: r.operatorCompanyId,
      approved: r.status === 'Approved',
      status: r.status,
      startDate: r.startDate,
      endDate: r.endDate,
    },
    r.respondedAt ?? new Date(),
  )
}
