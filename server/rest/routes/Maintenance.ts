import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '../../inspections/list-by-vehicle.server.ts'
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
]
