import { z } from 'zod'
import { listRepairsByCompany, listRepairsByVehicle, restRepairAction } from '../../repairs/list-repairs.server.ts'
import { updateTaskStatus, updateTaskStatusInput } from '../../repairs/update-task-status.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** The spec's repair action entity (plus `repairedByName` and `outOfService`, added properties). */
const repairActionSchema = z.object({
  id: z.number().int(),
  repairIdentifier: z.string(),
  preInspectionFormId: z.number().int().nullable(),
  createdAt: z.string(),
  repairedAt: z.string().nullable(),
  comments: z.string().nullable(),
  repairCompanyName: z.string().nullable(),
  repairedByName: z.string().nullable(),
  outOfService: z.boolean(),
  vehicleInfo: z.object({ make: z.string(), model: z.string(), licensePlate: z.string(), vehicleIdentifier: z.string(), odometer: z.number().int().nullable() }),
  tasks: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable(), status: z.enum(['Pending', 'Completed']) })),
})

/** /api/RepairAction/…: repair actions of a vehicle or of a repair shop. */
export const repairActionRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/RepairAction/getRepairsByVehicle',
    tag: 'RepairAction',
    summary: "A vehicle's repair actions (its owner)",
    auth: 'user',
    query: vehicleQuery,
    response: z.array(repairActionSchema),
    errors: [404],
    handler: async (ctx) => (await listRepairsByVehicle(ctx, ctx.query.vehicleId)).map(restRepairAction),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/RepairAction/getRepairsByCompany',
    tag: 'RepairAction',
    summary: "The repair shop's repair actions",
    auth: 'user',
    query: z.object({ repairCompanyId: idSchema }),
    response: z.array(repairActionSchema),
    errors: [403],
    handler: async (ctx) => (await listRepairsByCompany(ctx, ctx.query.repairCompanyId)).map(restRepairAction),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/RepairAction/updateTaskStatus',
    tag: 'RepairAction',
    summary:
      'Mark a repair task Completed or Pending (an active Mechanic or manager of the repair shop); the last Completed task certifies the action as Repaired. 409 when reopening a certified action',
    auth: 'user',
    body: updateTaskStatusInput,
    response: repairActionSchema,
    responseDescription: 'The repair action',
    errors: [404, 409],
    handler: async (ctx) => restRepairAction(await updateTaskStatus(ctx, ctx.body)),
  }),
]
