import { z } from 'zod'
import { inspectionBody } from '../../inspections/inspection-schema.ts'
import { annualDecalPdf, decalFileName } from '../../inspections/annual-decal.server.ts'
import { getAnnualInspectionDecal, getAnnualInspectionReport, listAnnualInspections } from '../../inspections/annual-inspections.server.ts'
import { pdfBytesResponse } from '../../pdf/pdf-response.server.ts'
import { listInspectionsForClient, listPreInspectionsByVehicle } from '../../inspections/list-by-vehicle.server.ts'
import { reviewInspection, reviewInspectionInput } from '../../inspections/review-inspection.server.ts'
import { preInspectionBody } from '../../inspections/pre-inspection-schema.ts'
import { getInspectionForm, getInspectionPhotos, getPreInspectionForm, getPreInspectionPhotos } from '../../inspections/read-forms.server.ts'
import { submitInspection } from '../../inspections/submit-inspection.server.ts'
import { submitPreInspection } from '../../inspections/submit-pre-inspection.server.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'
import { vehicleQuery } from './shapes.ts'

/** `?inspectionId=` of the paths that read one filed form (i10e). */
const inspectionQuery = z.object({ inspectionId: idSchema })
const annualRowSchema = z.object({
  id: z.number().int(),
  inspectionDate: z.string(),
  isSatisfactory: z.boolean(),
  result: z.enum(['Passed', 'Failed']),
  inspectorName: z.string(),
  inspectorQualification: z.string().nullable(),
  nextInspectionDue: z.string().nullable(),
  reviewStatus: z.enum(['Applied', 'Pending', 'Accepted', 'Rejected']),
})
const photosSchema = z.array(z.object({ photo: z.string().describe('plain base64'), name: z.string() }))

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
    summary: "A vehicle's inspections in force, newest first (not those awaiting the owner's review)",
    auth: 'user',
    query: vehicleQuery,
    errors: [404],
    handler: (ctx) => listInspectionsForClient(ctx, ctx.query.vehicleId),
  }),
  // Decision 062: inspections filed by a company with no relation to the bus, and the owner's answer.
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetInspectionsAwaitingReview',
    tag: 'Maintenance',
    summary: "The owner's view of a vehicle's inspections awaiting review (filed by a company with no relation to it), newest first",
    auth: 'user',
    query: vehicleQuery,
    errors: [404],
    handler: (ctx) => listInspectionsForClient(ctx, ctx.query.vehicleId, { awaitingReview: true }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Maintenance/reviewInspection',
    tag: 'Maintenance',
    summary: 'Accept (apply to the vehicle) or reject an inspection awaiting review (Owner managers of the vehicle)',
    auth: 'user',
    body: reviewInspectionInput,
    response: z.object({ id: z.number().int(), reviewStatus: z.enum(['Accepted', 'Rejected']), message: z.string() }),
    errors: [400, 403, 404, 409],
    handler: (ctx) => reviewInspection(ctx, ctx.body),
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
    responseDescription: 'Filed. `Inspection-Review: pending` when the filer\'s company has no relation to the vehicle: it waits for the owner\'s review and changes nothing until accepted (decision 062)',
    errors: [403, 404, 413, 415],
    handler: async (ctx) => {
      const { id, isSatisfactory, pendingReview } = await submitInspection(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      // API.md's shape exactly; the review state travels in a header legacy clients may ignore.
      return json({ id, isSatisfactory }, 201, pendingReview ? { 'Inspection-Review': 'pending' } : {})
    },
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
      const { replayed, id, isSatisfactory, repairActionId } = await submitPreInspection(ctx, body)
      // A retry gets the answer the first request got (decision 024); API.md's shape (the RA code is tRPC's and the page's).
      return json({ id, isSatisfactory, repairActionId }, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
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
  // --- The annual inspection (49 CFR 396.17–396.23, decision 066) ---
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetAnnualInspections',
    tag: 'Maintenance',
    summary:
      "A vehicle's annual inspections (49 CFR 396.17), newest first: date, result Passed/Failed, inspector and qualification (396.19), next inspection due; its owner also sees those awaiting review",
    auth: 'user',
    query: vehicleQuery,
    response: z.array(annualRowSchema),
    errors: [404],
    handler: (ctx) => listAnnualInspections(ctx, ctx.query.vehicleId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetAnnualInspectionReport',
    tag: 'Maintenance',
    summary:
      'The annual inspection report (49 CFR 396.21): vehicle, inspector and qualification, repair shop, date, result, next due, and links to the report page, its PDF and the decal. 409 while it awaits the owner\'s review',
    auth: 'user',
    query: inspectionQuery,
    errors: [404, 409],
    handler: (ctx) => getAnnualInspectionReport(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetAnnualInspectionDecal',
    tag: 'Maintenance',
    summary:
      'The decal of a passed annual inspection (49 CFR 396.17(c)): a one-page 4 × 3 in PDF with the vehicle, the date, the repair shop\'s name and address, the next due date and a QR code of the report. 409 when failed or awaiting review',
    auth: 'user',
    query: inspectionQuery,
    responseDescription: 'The decal (application/pdf)',
    errors: [404, 409, 503],
    handler: async (ctx) => {
      const decal = await getAnnualInspectionDecal(ctx, ctx.query)
      return pdfBytesResponse(await annualDecalPdf(decal), decalFileName(decal))
    },
  }),
]
