import { z } from 'zod'
import { inspectionBody } from '../../inspections/inspection-schema.ts'
import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '../../inspections/list-by-vehicle.server.ts'
import { submitInspection } from '../../inspections/submit-inspection.server.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** /api/Maintenance/…: a vehicle's pre-inspections and inspections. */
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
    handler: (ctx) => {
      const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {}
      const header = ctx.request.headers.get('idempotency-key')
      return submitInspection(ctx, header && body.idempotencyKey == null ? { ...body, idempotencyKey: header } : ctx.body)
    },
  }),
]
