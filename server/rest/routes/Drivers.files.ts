import { z } from 'zod'
import { DRIVER_FILE_ITEM_KIND_VALUES, DRIVER_FILE_LIMITS } from '#catalog/drivers.ts'
import { MAX_DOCUMENT_BYTES } from '#catalog/documents.ts'
import { getDriverDocumentFile } from '../../drivers/driver-documents.server.ts'
import { DRIVER_FILES_PAGE, getDriverFile, listDriverFiles, updateDriverFile } from '../../drivers/driver-files.server.ts'
import { addFileItem, deleteFileItem, updateFileItem, type FileItemUpload } from '../../drivers/file-items.server.ts'
import { documentResponse } from '../../documents/download.server.ts'
import { decodeBase64 } from '../../uploads/base64.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/DriverFiles/… (issue 37 point 1, decision 086): the driver qualification files of an
 * operator company (49 CFR 391.51). The use cases authorize: the company's managers (role
 * Operator) read and write; a driver reads their own file; anyone else 403, a person who is not a
 * driver of the company 404 "Driver not found", an item of another company 404.
 */

const STATES = ['missing', 'overdue', 'due-soon', 'ok'] as const

const documentSchema = z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })

const itemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DRIVER_FILE_ITEM_KIND_VALUES),
  itemDate: z.string().describe('YYYY-MM-DD'),
  expiryDate: z.string().nullable().describe('YYYY-MM-DD (the medical examiner’s certificate)'),
  note: z.string().nullable(),
  document: documentSchema.nullable().describe('Download: GET /api/DriverFiles/getDocument'),
})

const savedItemSchema = itemSchema.extend({ companyId: z.number().int(), driverUserId: z.number().int() })

const documentUpload = z
  .object({ fileName: z.string().min(1).max(1000), content: z.string().min(1).describe('Base64 (a data: prefix is accepted)') })
  .describe(`A document for the item: PDF, picture, Word or Excel, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB, type checked by content`)

const itemBody = {
  itemDate: z.string().describe('YYYY-MM-DD: the day the item was done, issued or received; not in the future'),
  expiryDate: z.string().optional().describe('YYYY-MM-DD, not before itemDate; required for the medical examiner’s certificate'),
  note: z.string().optional().describe(`At most ${DRIVER_FILE_LIMITS.noteChars} characters`),
  document: documentUpload.optional(),
}

/** The body's document, decoded; the rest goes to the use case. */
function splitDocument(body: unknown): { input: Record<string, unknown>; file: FileItemUpload | null } {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {}
  const doc = b.document as { fileName?: unknown; content?: unknown } | undefined | null
  delete b.document
  if (!doc || typeof doc !== 'object') return { input: b, file: null }
  return { input: b, file: { fileName: String(doc.fileName ?? ''), bytes: decodeBase64(String(doc.content ?? ''), 'document.content') } }
}

export const driverFilesRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/DriverFiles/getDriverFiles',
    tag: 'DriverFiles',
    summary:
      'The drivers of an operator company (its managers only), current ones (by name) or former ones (newest end of employment first), a page at a time, each with the number of file items missing, overdue and due soon',
    auth: 'user',
    query: z.object({
      companyId: idSchema,
      status: z.enum(['current', 'former']).optional().describe('Default current'),
      page: z.coerce.number().int().min(1).optional(),
      pageSize: z.coerce.number().int().optional().describe(`Default ${DRIVER_FILES_PAGE.sizeDefault}, at most ${DRIVER_FILES_PAGE.sizeMax}`),
    }),
    response: z.object({
      companyId: z.number().int(),
      status: z.enum(['current', 'former']),
      today: z.string().describe('The company’s today, YYYY-MM-DD: the day the states are computed for'),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      counts: z.object({ current: z.number().int(), former: z.number().int() }),
      drivers: z.array(
        z.object({
          driverUserId: z.number().int(),
          name: z.string(),
          current: z.boolean(),
          hiredOn: z.string().nullable(),
          employmentEndedAt: z.string().nullable().describe('ISO instant; former drivers'),
          missing: z.number().int(),
          overdue: z.number().int(),
          dueSoon: z.number().int(),
        }),
      ),
    }),
    errors: [403],
    handler: (ctx) => listDriverFiles(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/DriverFiles/getDriverFile',
    tag: 'DriverFiles',
    summary:
      'One driver’s qualification file at an operator company (49 CFR 391.51): the hire date and each kind of item with its state (missing, overdue, due-soon, ok), due date and items. The company’s managers, or the driver themself (read-only); written in the activity log',
    auth: 'user',
    query: z.object({ companyId: idSchema, driverUserId: idSchema }),
    response: z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      driverUserId: z.number().int(),
      driverName: z.string(),
      canEdit: z.boolean(),
      current: z.boolean(),
      hiredOn: z.string().nullable(),
      employmentEndedAt: z.string().nullable(),
      today: z.string(),
      counts: z.object({ missing: z.number().int(), overdue: z.number().int(), dueSoon: z.number().int(), ok: z.number().int() }),
      kinds: z.array(
        z.object({
          kind: z.enum(DRIVER_FILE_ITEM_KIND_VALUES),
          cite: z.string(),
          required: z.boolean(),
          hasExpiry: z.boolean(),
          repeatMonths: z.number().int().nullable(),
          state: z.enum(STATES),
          dueOn: z.string().nullable().describe('YYYY-MM-DD: the expiry or the repeat date; on that day the kind is overdue'),
          items: z.array(itemSchema),
        }),
      ),
    }),
    errors: [403, 404],
    handler: (ctx) => getDriverFile(ctx, ctx.query),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/DriverFiles/updateDriverFile',
    tag: 'DriverFiles',
    summary: 'Set or clear a driver’s hire date (the company’s managers); the annual items’ first due dates count from it. Not in the future',
    auth: 'user',
    body: z.object({ companyId: z.number().int(), driverUserId: z.number().int(), hiredOn: z.string().nullable().describe('YYYY-MM-DD; null or empty clears it') }),
    response: z.object({ companyId: z.number().int(), driverUserId: z.number().int(), hiredOn: z.string().nullable() }),
    errors: [403, 404],
    handler: (ctx) => updateDriverFile(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/DriverFiles/addFileItem',
    tag: 'DriverFiles',
    summary:
      'Add an item to a driver’s file (the company’s managers), with an optional document as base64 JSON. An Idempotency-Key header (or idempotencyKey) makes a retry answer the first item (`Idempotent-Replayed: true`)',
    auth: 'user',
    body: z.object({
      companyId: z.number().int(),
      driverUserId: z.number().int(),
      kind: z.enum(DRIVER_FILE_ITEM_KIND_VALUES),
      ...itemBody,
      idempotencyKey: z.string().optional().describe('At most 100 printable characters; the Idempotency-Key header works too'),
    }),
    status: 201,
    response: savedItemSchema,
    responseDescription: 'Added (or, for a repeated key, the first item)',
    errors: [403, 404, 409, 413, 415],
    handler: async (ctx) => {
      const { input, file } = splitDocument(ctx.body)
      const header = ctx.request.headers.get('idempotency-key')
      if (header && (input.idempotencyKey == null || input.idempotencyKey === '')) input.idempotencyKey = header
      const { replayed, ...item } = await addFileItem(ctx, input, file)
      return json(item, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/DriverFiles/updateFileItem',
    tag: 'DriverFiles',
    summary: 'Change an item of a driver’s file (the company’s managers): date, expiry, note, kind; a document replaces the item’s document, removeDocument drops it',
    auth: 'user',
    body: z.object({ id: z.number().int(), kind: z.enum(DRIVER_FILE_ITEM_KIND_VALUES).optional(), ...itemBody, removeDocument: z.boolean().optional() }),
    response: savedItemSchema,
    errors: [403, 404, 413, 415],
    handler: async (ctx) => {
      const { input, file } = splitDocument(ctx.body)
      const { replayed: _r, ...item } = await updateFileItem(ctx, input, file)
      return item
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/DriverFiles/deleteFileItem',
    tag: 'DriverFiles',
    summary: 'Delete an item of a driver’s file and its document (the company’s managers)',
    auth: 'user',
    query: z.object({ id: idSchema }),
    response: z.object({ id: z.number().int(), companyId: z.number().int(), driverUserId: z.number().int() }),
    errors: [404],
    handler: (ctx) => deleteFileItem(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/DriverFiles/getDocument',
    tag: 'DriverFiles',
    summary: 'A document of a driver’s file (the company’s managers, or the driver themself); written in the activity log',
    auth: 'user',
    query: z.object({ companyId: idSchema, driverUserId: idSchema, documentId: idSchema }),
    responseDescription: 'The file (its stored content type)',
    errors: [403, 404],
    handler: async (ctx) => documentResponse(await getDriverDocumentFile(ctx, ctx.query)),
  }),
]
