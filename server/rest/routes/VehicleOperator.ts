import { z } from 'zod'
import {
  cancelVehicleRequest,
  createVehicleRequest,
  createVehicleRequestBody,
  getVehicleOperatorAssignments,
  listAnsweredRequestsByOwner,
  listPendingRequestsByOwner,
  listRequestsByOperator,
  respondToVehicleRequest,
  respondVehicleRequestInput,
} from '../../fleet/vehicle-requests.server.ts'
import { idSchema } from '../../validation.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema, vehicleQuery } from './shapes.ts'

const vehicleRequest = z.object({
  id: z.number(),
  vehicleIdentifier: z.string(),
  ownerCompanyName: z.string(),
  operatorCompanyName: z.string(),
  operatorCompanyId: z.number(),
  status: z.enum(['Pending', 'Approved', 'Rejected', 'Cancelled']),
  startDate: z.string(),
  endDate: z.string().nullable(),
  requestedAt: z.string(),
})

/** /api/VehicleOperator/…: vehicle requests between operators and owners, and assignments. */
export const vehicleOperatorRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/VehicleOperator/getVehicleOperatorAssignments',
    tag: 'VehicleOperator',
    summary: 'Operator assignment history of a vehicle (its owner)',
    auth: 'user',
    query: vehicleQuery,
    response: z.array(z.object({ operatorName: z.string(), startDate: z.string(), endDate: z.string().nullable(), isActive: z.boolean() })),
    errors: [404],
    // The documented shape, without the id the owner's page uses to end one.
    handler: async (ctx) =>
      (await getVehicleOperatorAssignments(ctx, ctx.query.vehicleId)).map((a) => ({ operatorName: a.operatorName, startDate: a.startDate, endDate: a.endDate, isActive: a.isActive })),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/VehicleOperator/getRequestsByOperator',
    tag: 'VehicleOperator',
    summary: "The operator company's vehicle requests",
    auth: 'user',
    query: z.object({ operatorCompanyId: idSchema }),
    response: z.array(vehicleRequest),
    errors: [403],
    handler: (ctx) => listRequestsByOperator(ctx, ctx.query.operatorCompanyId),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/VehicleOperator/createRequest',
    tag: 'VehicleOperator',
    summary: 'Ask an owner to operate one of its vehicles',
    auth: 'user',
    body: createVehicleRequestBody,
    status: 201,
    response: vehicleRequest,
    errors: [403, 404, 409],
    handler: (ctx) => restIdempotent(ctx, `vehicleRequests.create:${operationTarget(ctx.body, 'vehicleIdentifier', 'operatorCompanyId')}`, 201, (c) => createVehicleRequest(c, ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/VehicleOperator/{id}/cancel',
    tag: 'VehicleOperator',
    summary: 'Cancel a Pending request (the requesting operator)',
    auth: 'user',
    params: z.object({ id: idSchema }),
    query: z.object({ operatorCompanyId: idSchema }),
    response: messageSchema,
    errors: [403, 404, 409],
    handler: (ctx) => cancelVehicleRequest(ctx, { id: ctx.params.id, operatorCompanyId: ctx.query.operatorCompanyId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/VehicleOperator/getPendingRequestsByOwner',
    tag: 'VehicleOperator',
    summary: "The owner company's Pending requests",
    auth: 'user',
    query: z.object({ ownerCompanyId: idSchema }),
    response: z.array(vehicleRequest),
    errors: [403],
    handler: (ctx) => listPendingRequestsByOwner(ctx, ctx.query.ownerCompanyId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/VehicleOperator/getAnsweredRequestsByOwner',
    tag: 'VehicleOperator',
    summary: "The owner company's answered requests (Approved, Rejected, Cancelled): a path beyond the spec",
    auth: 'user',
    query: z.object({ ownerCompanyId: idSchema }),
    response: z.array(vehicleRequest),
    errors: [403],
    handler: (ctx) => listAnsweredRequestsByOwner(ctx, ctx.query.ownerCompanyId),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/VehicleOperator/respond',
    tag: 'VehicleOperator',
    summary: 'Approve (creates the assignment) or reject a Pending request',
    auth: 'user',
    body: respondVehicleRequestInput,
    response: messageSchema,
    errors: [404, 409],
    handler: (ctx) => respondToVehicleRequest(ctx, ctx.body),
  }),
]
