import { z } from 'zod'
import { SERVICE_READING_SOURCES, SERVICE_RECORD_KINDS } from '#catalog/maintenance.ts'
import { listServiceHistory, recordOutsideService, recordOutsideServiceInput, skipServiceOccurrence, skipServiceOccurrenceInput } from '../../maintenance/service-records.server.ts'
import { sendToRepairShop, sendToRepairShopInput } from '../../repairs/send-to-repair-shop.server.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/**
 * /api/Maintenance/… of service records (issue 35 point 4, decision 084): a service done outside
 * Operon, one occurrence skipped, "Send to repair shop", and a bus's service history. The writes
 * are the owner company's managers' (operators of the bus: 403; anyone else: 404); the history is
 * also read by the operator of an active assignment. Same controller as Maintenance.ts, its own
 * file; listed by routes/index.ts after the Maintenance paths.
 */

/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins), as for the filings (decision 024). */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}
const replayHeaders = (replayed: boolean): Record<string, string> => (replayed ? { 'Idempotent-Replayed': 'true' } : {})

const recordedSchema = z.object({
  vehicleId: z.number().int(),
  recordIds: z.array(z.number().int()).describe('One service record per task, in the programs’ order'),
})

const historySchema = z.object({
  vehicleId: z.number().int(),
  vehicleIdentifier: z.string(),
  ownerCompanyId: z.number().int(),
  currency: z.string().describe('The owner company’s currency (ISO 4217) of `costCents`'),
  readOnly: z.boolean().describe('True for an operator of the bus'),
  records: z.array(
    z.object({
      id: z.number().int(),
      taskId: z.number().int().nullable().describe('Null once the task was removed; its name stays'),
      taskName: z.string(),
      programName: z.string(),
      kind: z.enum(SERVICE_RECORD_KINDS),
      performedOn: z.string().describe('YYYY-MM-DD'),
      odometer: z.number().int().nullable(),
      engineHours: z.number().nullable(),
      readingSource: z.enum(SERVICE_READING_SOURCES).describe('entered: typed; latest: the bus’s latest reading on that date; none: no reading'),
      performedBy: z.string().nullable(),
      notes: z.string().nullable(),
      reason: z.string().nullable().describe('Why the occurrence was skipped'),
      documentId: z.number().int().nullable().describe('The invoice: GET /api/fleet/{vehicleId}/documents/{documentId}'),
      documentName: z.string().nullable(),
      repairActionId: z.number().int().nullable(),
      repairIdentifier: z.string().nullable(),
      recordedByName: z.string().nullable(),
      createdAt: z.string(),
      costCents: z.number().int().nullable().describe('A service done outside Operon: its cost in cents (the owner only; null for an operator)'),
    }),
  ),
})

export const maintenanceServiceRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/recordService',
    tag: 'Maintenance',
    summary:
      'Record a service done outside Operon for one or several tasks of the bus’s programs (the owner company’s managers): its date (not in the future), odometer, engine hours, who did it, notes, an invoice (`documentId`, a document of the bus) and its `cost` (at most two decimals, paid by the owner). Each task’s interval restarts from this date and reading',
    auth: 'user',
    body: recordOutsideServiceInput,
    status: 201,
    response: recordedSchema,
    responseDescription: 'Recorded (or, for a repeated Idempotency-Key, the first recording, with `Idempotent-Replayed: true`)',
    errors: [404, 429],
    handler: async (ctx) => {
      const { replayed, ...result } = await recordOutsideService(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayHeaders(replayed))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/skipService',
    tag: 'Maintenance',
    summary:
      'Skip one occurrence of a task of the bus (the owner company’s managers), with a reason: recorded as skipped at the due point it skips, so the interval restarts from it',
    auth: 'user',
    body: skipServiceOccurrenceInput,
    status: 201,
    response: recordedSchema,
    responseDescription: 'Skipped (or, for a repeated Idempotency-Key, the first one, with `Idempotent-Replayed: true`)',
    errors: [404, 429],
    handler: async (ctx) => {
      const { replayed, ...result } = await skipServiceOccurrence(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayHeaders(replayed))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/sendToRepairShop',
    tag: 'Maintenance',
    summary:
      'Send due tasks of a bus to the owner company’s repair shop (its managers): opens a repair action with one task per service task (its checklist as the description), waiting for a shop when none is chosen. 409 when a task is already at the shop',
    auth: 'user',
    body: sendToRepairShopInput,
    status: 201,
    response: z.object({
      id: z.number().int().describe('The repair action'),
      repairIdentifier: z.string(),
      repairCompanyId: z.number().int().nullable().describe('Null: waiting for the owner company to choose a repair shop'),
      outOfService: z.boolean(),
      taskCount: z.number().int(),
      vehicleId: z.number().int(),
    }),
    responseDescription: 'Sent (or, for a repeated Idempotency-Key, the first one, with `Idempotent-Replayed: true`)',
    errors: [404, 409],
    handler: async (ctx) => {
      const { replayed, ...result } = await sendToRepairShop(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayHeaders(replayed))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getServiceHistory',
    tag: 'Maintenance',
    summary: 'A bus’s service records, newest first (the owner company’s managers; the operator of an active assignment reads them)',
    auth: 'user',
    query: vehicleQuery,
    response: historySchema,
    errors: [404],
    handler: (ctx) => listServiceHistory(ctx, ctx.query.vehicleId),
  }),
]
