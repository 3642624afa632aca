import { z } from 'zod'
import { listRepairsByCompany, listRepairsByVehicle } from '../../repairs/list-repairs.server.ts'
import { updateTaskStatus, updateTaskStatusInput } from '../../repairs/update-task-status.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** /api/RepairAction/…: repair actions of a vehicle or of a repair shop. */
export const repairActionRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/RepairAction/getRepairsByVehicle',
    tag: 'RepairAction',
    summary: "A vehicle's repair actions (its owner)",
    auth: 'user',
    query: vehicleQuery,
    errors: [404],
    handler: (ctx) => listRepairsByVehicle(ctx, ctx.query.vehicleId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/RepairAction/getRepairsByCompany',
    tag: 'RepairAction',
    summary: "The repair shop's repair actions",
    auth: 'user',
    query: z.object({ repairCompanyId: idSchema }),
    errors: [403],
    handler: (ctx) => listRepairsByCompany(ctx, ctx.query.repairCompanyId),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/RepairAction/updateTaskStatus',
    tag: 'RepairAction',
    summary:
      'Mark a repair task Completed or Pending (an active Mechanic or manager of the repair shop); the last Completed task certifies the action as Repaired. 409 when reopening a certified action',
    auth: 'user',
    body: updateTaskStatusInput,
    responseDescription: 'The repair action',
    errors: [404, 409],
    handler: (ctx) => updateTaskStatus(ctx, ctx.body),
  }),
]
