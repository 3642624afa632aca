import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '../../inspections/list-by-vehicle.server.ts'
import { z } from 'zod'
import { getInspectionForm, getInspectionPhotos, getPreInspectionForm, getPreInspectionPhotos } from '../../inspections/read-forms.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** `?inspectionId=` of the paths that read one filed form (i10e). */
const inspectionQuery = z.object({ inspectionId: idSchema })
const photosSchema = z.array(z.object({ photo: z.string().describe('plain base64'), name: z.string() }))

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
  // --- Reading one filed form (i10e) ---
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetPreInspectionFormById',
    tag: 'Maintenance',
    summary: 'A whole pre-inspection: fields, every checklist key as a boolean (true = Defective), damage texts and side images, odometer',
    auth: 'user',
    query: inspectionQuery,
    errors: [404],
    handler: (ctx) => getPreInspectionForm(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getPreInspectionPhotosByIdAsync',
    tag: 'Maintenance',
    summary: "A pre-inspection's extra photos",
    auth: 'user',
    query: inspectionQuery,
    response: photosSchema,
    errors: [404],
    handler: (ctx) => getPreInspectionPhotos(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetInspectionFormById',
    tag: 'Maintenance',
    summary: 'A whole inspection: inspector, date, signature, result and {status, comments} for all 48 keys',
    auth: 'user',
    query: inspectionQuery,
    errors: [404],
    handler: (ctx) => getInspectionForm(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getInspectionPhotosByIdAsync',
    tag: 'Maintenance',
    summary: "An inspection's photos",
    auth: 'user',
    query: inspectionQuery,
    response: photosSchema,
    errors: [404],
    handler: (ctx) => getInspectionPhotos(ctx, ctx.query),
  }),
]
