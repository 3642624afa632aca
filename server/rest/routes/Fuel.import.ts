import { z } from 'zod'
import { FUEL_UNIT_VALUES } from '#catalog/costs.ts'
import { FUEL_CSV_MAX_BYTES } from '#catalog/fuel-csv.ts'
import { fuelCsvTemplate } from '../../costs/fuel-import-template.ts'
import { commitFuelImport, getFuelImport, previewFuelImport } from '../../costs/fuel-import.server.ts'
import { csvResponse } from '../../csv.ts'
import { idSchema } from '../../validation.ts'
import { csvProblemSchema, readCsvUpload } from '../csv-upload.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

const companyParams = z.object({ companyId: idSchema })
const importParams = z.object({ companyId: idSchema, importId: idSchema })

const problemSchema = csvProblemSchema.extend({ read: z.string().nullable() })

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
  importedCount: z.number().int().nullable(),
  changedRows: z.number().int(),
  rowsRemoved: z.boolean(),
  canImport: z.boolean(),
  currency: z.string(),
  totalCents: z.number().int(),
  columns: z.array(z.object({ header: z.string(), field: z.string() })),
  ignoredColumns: z.array(z.string()),
  fileProblems: z.array(problemSchema),
  problems: z.array(problemSchema),
  sample: z.array(
    z.object({
      row: z.number().int(),
      vehicleId: z.number().int(),
      vehicleIdentifier: z.string(),
      fueledAt: z.string(),
      date: z.string(),
      odometer: z.number().int(),
      quantityMilli: z.number().int(),
      unit: z.enum(FUEL_UNIT_VALUES),
      totalCents: z.number().int(),
      station: z.string().nullable(),
      full: z.boolean(),
    }),
  ),
})

const commitSchema = z.object({
  importId: z.number().int(),
  companyId: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  changed: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
})

/**
 * /api/Fuel/import…: the fuel card CSV import (decision 085, on decision 076's pattern).
 * Statuses: 201 preview; 200 the upload or the import's result (a second commit answers the same
 * result); 400 a file that cannot be read (not UTF-8, binary, more than 12,000 rows, broken quotes)
 * or nothing importable; 403 not an Owner or Operator manager of the company; 404 another
 * company's upload or one expired; 413 over 2 MB; 429 ten uploads already waiting.
 */
export const fuelImportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Fuel/importTemplate',
    tag: 'Fuel',
    summary: "The fuel card import's CSV template: the columns it reads and two example rows (a fill-up and a charge)",
    auth: 'user',
    responseDescription: 'text/csv (UTF-8 with a byte-order mark)',
    handler: async () => {
      const t = fuelCsvTemplate()
      return csvResponse(t.fileName, t.header, t.lines)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fuel/import/{companyId}',
    tag: 'Fuel',
    summary:
      'Upload a fuel card CSV (body `text/csv`, optional `?fileName=`, or JSON `{"csv": "…", "fileName": "…"}`; comma or semicolon; UTF-8, at most 2 MB and 12,000 rows; headers matched ignoring case and spaces, with the names card exports use): matches each row to a bus by card, plate or identifier, checks every row and stages the upload; answers the preview with each problem by row and column (Owner and Operator managers; at most 10 uploads waiting per company)',
    auth: 'user',
    params: companyParams,
    response: importViewSchema,
    status: 201,
    errors: [403, 413, 429],
    handler: async (ctx) => {
      const upload = await readCsvUpload(ctx.request, FUEL_CSV_MAX_BYTES)
      return previewFuelImport(ctx, { companyId: ctx.params.companyId, ...upload })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fuel/import/{companyId}/{importId}',
    tag: 'Fuel',
    summary:
      'A staged or finished fuel card upload: its counts, problems and first rows. An upload not imported is deleted after 7 days (then 404); a finished one keeps its counts, its rows and problems are dropped after 7 days (`rowsRemoved`)',
    auth: 'user',
    params: importParams,
    response: importViewSchema,
    errors: [403, 404],
    handler: (ctx) => getFuelImport(ctx, ctx.params),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fuel/import/{companyId}/{importId}/commit',
    tag: 'Fuel',
    summary:
      'Import the staged valid rows in one transaction (rows with problems skipped; rows that became invalid since the preview, such as an odometer now going back, skipped and counted in `changed`). Safe to repeat: a second commit writes nothing and answers the first result',
    auth: 'user',
    params: importParams,
    response: commitSchema,
    errors: [400, 403, 404],
    handler: (ctx) => restIdempotent(ctx, `fuelImport.commit:${operationTarget(ctx.params, 'importId')}`, 200, (c) => commitFuelImport(c, ctx.params)),
  }),
]
