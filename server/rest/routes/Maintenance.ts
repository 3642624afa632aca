import { z } from 'zod'
import { inspectionBody } from '../../inspections/inspection-schema.ts'
import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '../../inspections/list-by-vehicle.server.ts'
import { preInspectionBody } from '../../inspections/pre-inspection-schema.ts'
import { submitInspection } from '../../inspections/submit-inspection.server.ts'
import { submitPreInspection } from '../../inspections/submit-pre-inspection.server.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** /api/Maintenance/…: a vehicle's pre-inspections and inspections. */
/** Filing paths: an `Idempotency-Key` header stands for the body's `idempotencyKey` (decisions 024, 026). */
/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins). */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

export const maintenanceRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetPreInspection',
    tag: 'Maintenance',
    summary: "A vehicle's pre-inspections, newest first",
    auth: 'user',
    query: vehicleQuery,
    errors: [404],
    handler: (ctx) => listPreInspectionsByVehicle(ctx, ctx.query.vehicleId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetInspection',
    tag: 'Maintenance',
    summary: "A vehicle's inspections, newest first",
    auth: 'user',
    query: vehicleQuery,
    errors: [404],
    handler: (ctx) => listInspectionsByVehicle(ctx, ctx.query.vehicleId),
  }),
  // --- submitInspection (i10b): the mechanic's inspection; an Idempotency-Key header stands for the body's key.
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/submitInspection',
    tag: 'Maintenance',
    summary: "File a mechanic's inspection (48 items, signature, photos)",
    auth: 'user',
    body: inspectionBody,
    status: 201,
    response: z.object({ id: z.number().int(), isSatisfactory: z.boolean() }),
    errors: [403, 404, 413, 415],
    handler: (ctx) => submitInspection(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key'))),
  }),
  // The driver's pre-trip (API.md "Paths beyond the spec", decision 024).
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/submitPreInspection',
    tag: 'Maintenance',
    summary: "File a driver's pre-trip (a Driver of the operator with the vehicle's active assignment)",
    auth: 'user',
    body: preInspectionBody,
    status: 201,
    response: z.object({ id: z.number().int(), isSatisfactory: z.boolean(), repairActionId: z.number().int().nullable() }),
    responseDescription: 'Filed (or, for a repeated Idempotency-Key, the first filing, with `Idempotent-Replayed: true`)',
    errors: [403, 404, 409, 413, 415],
    handler: async (ctx) => {
      const body = withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key'))
      const { replayed, ...result } = await submitPreInspection(ctx, body)
      // A retry gets the answer the first request got (decision 024).
      return json(result, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
]
