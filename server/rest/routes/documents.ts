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
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { messageSchema } from './shapes.ts'

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

export const documentRoutes = [
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
    errors: [404, 413, 415],
    handler: async (ctx) => (await uploadVehicleDocuments(ctx, ctx.body)).map(legacyDocument),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/fleet/deleteVehicleDocument',
    tag: 'Fleet',
    summary: 'Delete a document (Owner managers); it is deactivated, its record kept',
    auth: 'user',
    query: z.object({ documentId: idSchema }),
    response: messageSchema,
    errors: [404],
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
]
