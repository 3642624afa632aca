import { z } from 'zod'
import {
  deleteVehicleDocument,
  getDocumentFile,
  listVehicleDocuments,
  uploadVehicleDocuments,
  uploadVehicleDocumentsInput,
  type VehicleDocumentInfo,
} from '../../documents/documents.server.ts'
import { documentResponse } from '../../documents/download.server.ts'
import { correctOdometer, correctOdometerInput, getOdometerHistory } from '../../fleet/odometer-history.server.ts'
import { addVehicleInput, updateVehicleInput } from '../../fleet/vehicle-schema.ts'
import { addVehicle, archiveVehicle, streamAllOwnerVehicles, streamVehiclesAssignedToOperator, updateVehicle } from '../../fleet/vehicles.server.ts'
import { idSchema } from '../../validation.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'
import { jsonArrayResponse } from '../stream.server.ts'
import { messageSchema } from './shapes.ts'

const companyQuery = z.object({ companyId: idSchema })

/** The spec's Vehicle document; lists never carry the bytes (`fileContent: null`). */
const vehicleDocumentSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  fileContent: z.null(),
  uploadedBy: z.string(),
  isActive: z.boolean(),
  uploadedAt: z.string(),
})

function legacyDocument(d: VehicleDocumentInfo): z.output<typeof vehicleDocumentSchema> {
  return {
    id: d.id,
    vehicleId: d.vehicleId,
    fileName: d.fileName,
    contentType: d.contentType,
    fileContent: null,
    uploadedBy: d.uploadedBy,
    isActive: d.isActive,
    uploadedAt: d.uploadedAt,
  }
}

/** /api/Fleet/…: an owner's vehicles, an operator's assigned ones, and their documents. */
export const fleetRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/getAllVehicles',
    tag: 'Fleet',
    summary: "The owner company's vehicles, every field",
    auth: 'user',
    query: companyQuery,
    errors: [403],
    // Streamed vehicle by vehicle (≈ 40 MB with pictures for 2,000 vehicles; decision 050).
    handler: (ctx) => jsonArrayResponse(streamAllOwnerVehicles(ctx, ctx.query.companyId)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/getVehiclesAssignedToOperator',
    tag: 'Fleet',
    summary: "Vehicles of the operator company's active assignments",
    auth: 'user',
    query: companyQuery,
    errors: [403],
    handler: async (ctx) => jsonArrayResponse(await streamVehiclesAssignedToOperator(ctx, ctx.query.companyId)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/addVehicle',
    tag: 'Fleet',
    summary: 'Register a vehicle (ownerId = the owner company)',
    auth: 'user',
    body: addVehicleInput,
    status: 201,
    errors: [403, 409, 413, 415],
    handler: (ctx) => restIdempotent(ctx, `fleet.addVehicle:${operationTarget(ctx.body, 'ownerId')}`, 201, (c) => addVehicle(c, ctx.body)),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Fleet/updateVehicle',
    tag: 'Fleet',
    summary: 'Update a vehicle (every field; imageData absent keeps the picture, null removes it)',
    auth: 'user',
    body: updateVehicleInput,
    errors: [403, 404, 409, 413, 415],
    handler: (ctx) => updateVehicle(ctx, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Fleet/deleteVehicle',
    tag: 'Fleet',
    summary: 'Archive a vehicle (records kept); 409 while an assignment is active',
    auth: 'user',
    query: z.object({ id: idSchema }),
    response: messageSchema,
    errors: [403, 404, 409],
    handler: (ctx) => archiveVehicle(ctx, ctx.query.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/getVehicleDocuments',
    tag: 'Fleet',
    summary: "A vehicle's active documents, newest first (its owner, or the operator of an active assignment)",
    auth: 'user',
    query: z.object({ vehicleId: idSchema }),
    response: z.array(vehicleDocumentSchema),
    errors: [404],
    handler: async (ctx) => (await listVehicleDocuments(ctx, ctx.query.vehicleId)).map(legacyDocument),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/uploadVehicleDocument',
    tag: 'Fleet',
    summary:
      'Upload documents (Owner managers): pdf, doc, docx, xls, xlsx, png, jpg, jpeg, at most 5 MiB each, type checked by content; all or none are stored',
    auth: 'user',
    body: uploadVehicleDocumentsInput,
    response: z.array(vehicleDocumentSchema),
    responseDescription: 'The stored documents',
    errors: [403, 404, 413, 415],
    handler: (ctx) =>
      restIdempotent(
        ctx,
        `documents.upload:${operationTarget(Array.isArray(ctx.body) ? ctx.body[0] : null, 'vehicleId')}`,
        200,
        (c) => uploadVehicleDocuments(c, ctx.body),
        (docs) => docs.map(legacyDocument),
      ),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/fleet/deleteVehicleDocument',
    tag: 'Fleet',
    summary: 'Delete a document (Owner managers); it is deactivated, its record kept',
    auth: 'user',
    query: z.object({ documentId: idSchema }),
    response: messageSchema,
    errors: [403, 404],
    handler: (ctx) => deleteVehicleDocument(ctx, ctx.query.documentId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/fleet/{vehicleId}/documents/{documentId}',
    tag: 'Fleet',
    summary: "A document's bytes with its stored content type, Content-Disposition and X-Content-Type-Options: nosniff",
    auth: 'user',
    params: z.object({ vehicleId: idSchema, documentId: idSchema }),
    responseDescription: 'The file (its stored content type)',
    errors: [404],
    handler: async (ctx) => documentResponse(await getDocumentFile(ctx, ctx.params.vehicleId, ctx.params.documentId)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/getOdometerHistory',
    tag: 'Fleet',
    summary: "A vehicle's odometer readings, newest first, with source, time, who and reason; the latest correction is the baseline (its owner, or the operator of an active assignment)",
    auth: 'user',
    query: z.object({ vehicleId: idSchema }),
    errors: [404],
    handler: (ctx) => getOdometerHistory(ctx, ctx.query.vehicleId),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/correctOdometer',
    tag: 'Fleet',
    summary: 'Record an odometer correction (Owner managers): any reading, a reason (at most 500 characters); it starts a new baseline',
    auth: 'user',
    body: correctOdometerInput,
    responseDescription: 'The odometer history',
    errors: [403, 404],
    handler: (ctx) => correctOdometer(ctx, ctx.body),
  }),
]
