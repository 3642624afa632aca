import { z } from 'zod'
import { FLEET_CSV_MAX_BYTES } from '#catalog/fleet-csv.ts'
import { csvResponse } from '../../csv.ts'
import { fleetQueryInput } from '../../fleet/fleet-query.ts'
import { exportFleetCsv, fleetCsvTemplate } from '../../fleet/import/fleet-export.server.ts'
import { commitFleetImport, getFleetImport, previewFleetImport } from '../../fleet/import/fleet-import.server.ts'
import { idSchema } from '../../validation.ts'
import { csvProblemSchema, readCsvUpload } from '../csv-upload.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

const companyParams = z.object({ companyId: idSchema })
const importParams = z.object({ companyId: idSchema, importId: idSchema })

const problemSchema = csvProblemSchema

const importViewSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  fileName: z.string(),
  status: z.enum(['staged', 'imported']),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  problemRows: z.number().int(),
  warningRows: z.number().int(),
  importedCount: z.number().int().nullable(),
  rowsRemoved: z.boolean(),
  canImport: z.boolean(),
  columns: z.array(z.string()),
  fileProblems: z.array(problemSchema),
  problems: z.array(problemSchema),
  warnings: z.array(problemSchema),
  filled: z.array(z.object({ row: z.number().int(), vin: z.string(), fields: z.record(z.string(), z.union([z.string(), z.number()])) })),
  sample: z.array(z.object({ row: z.number().int(), vehicleIdentifier: z.string(), make: z.string(), model: z.string(), vin: z.string(), licensePlate: z.string(), filled: z.array(z.string()) })),
})

/**
 * /api/Fleet/{companyId}/import…: the fleet CSV import (decision 076), and the fleet as CSV.
 * Statuses: 200 preview or import done; 400 a file that cannot be read (not UTF-8, binary, more
 * than 5,000 rows, broken quotes) or nothing importable; 403 anyone without the Owner role in the
 * company (API.md, issue 38); 404 an import that is not the company's; 409 already imported, or the fleet
 * took a row's VIN or identifier since the preview (nothing written); 413 over the size limit.
 */
export const fleetImportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/importTemplate',
    tag: 'Fleet',
    summary: "The import's CSV template: the columns (the Vehicle fields) and one example bus",
    auth: 'user',
    responseDescription: 'text/csv (UTF-8 with a byte-order mark)',
    handler: async () => {
      const t = fleetCsvTemplate()
      return csvResponse(t.fileName, t.header, t.lines)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/{companyId}/import',
    tag: 'Fleet',
    summary:
      'Upload a fleet CSV (body `text/csv`, optional `?fileName=`, or JSON `{"csv": "…", "fileName": "…"}`; comma or semicolon; UTF-8, at most 4 MB and 5,000 rows): checks every row and stages the import; answers the preview with each problem by row and column (Owner managers of the company)',
    auth: 'user',
    params: companyParams,
    response: importViewSchema,
    status: 201,
    errors: [403, 413],
    handler: async (ctx) => {
      const upload = await readCsvUpload(ctx.request, FLEET_CSV_MAX_BYTES)
      return previewFleetImport(ctx, { companyId: ctx.params.companyId, ...upload })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/{companyId}/import/{importId}',
    tag: 'Fleet',
    summary:
      'A staged or finished import: its counts and problems. An upload not imported is deleted after 7 days (then 404); a finished import keeps its counts, its rows and problems are dropped after 7 days (`rowsRemoved`)',
    auth: 'user',
    params: importParams,
    response: importViewSchema,
    errors: [404],
    handler: (ctx) => getFleetImport(ctx, ctx.params),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/{companyId}/import/{importId}',
    tag: 'Fleet',
    summary: 'Import the staged valid rows, in one transaction, once (rows with problems are skipped and counted); 409 when already imported',
    auth: 'user',
    params: importParams,
    response: z.object({ importId: z.number().int(), companyId: z.number().int(), imported: z.number().int(), skipped: z.number().int() }),
    errors: [403, 404, 409],
    handler: (ctx) => restIdempotent(ctx, `fleetImport.commit:${operationTarget(ctx.params, 'importId')}`, 200, (c) => commitFleetImport(c, ctx.params)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/{companyId}/export',
    tag: 'Fleet',
    summary:
      "The fleet table as CSV with the list's filters and sort (the fleet page's query parameters; `scope=operator` for an operator's assigned vehicles), every page, streamed, in the import's columns; formula-like cells neutralised",
    auth: 'user',
    params: companyParams,
    query: fleetQueryInput.omit({ companyId: true }),
    responseDescription: 'text/csv (UTF-8 with a byte-order mark)',
    handler: async (ctx) => {
      const csv = await exportFleetCsv(ctx, { ...(ctx.query as object), companyId: ctx.params.companyId })
      return csvResponse(csv.fileName, csv.header, csv.lines)
    },
  }),
]
