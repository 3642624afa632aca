import { z } from 'zod'
import { listRepairsByCompany, listRepairsByVehicle } from '../../repairs/list-repairs.server.ts'
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
]
