import { z } from 'zod'
import { exportCompanyActivityCsv, listCompanyActivity } from '../../activity/list-activity.server.ts'
import { csvResponse } from '../../csv.ts'
import type { CsvExport } from '../../exports/common.server.ts'
import { exportFuelRecordsCsv } from '../../exports/fuel-records.server.ts'
import { exportInspectionsCsv } from '../../exports/inspections.server.ts'
import { exportPreTripsCsv } from '../../exports/pre-trips.server.ts'
import { exportRepairActionsCsv } from '../../exports/repair-actions.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'

const companyParams = z.object({ companyId: idSchema })
const rangeQuery = z.object({
  from: z.string().max(20).describe('First day, YYYY-MM-DD, in the company’s time zone (inclusive)'),
  to: z.string().max(20).describe('Last day, YYYY-MM-DD (inclusive); at most 366 days after `from`'),
})
const activityQuery = z.object({
  userId: z.string().max(20).optional().describe('Only what this person did'),
  recordType: z.string().max(40).optional().describe('Only this record type (vehicle, inspection, repairAction …)'),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
})
const activitySchema = z.object({
  companyId: z.number().int(),
  timeZone: z.string(),
  filters: z.object({ userId: z.number().int().optional(), recordType: z.string().optional(), from: z.string().optional(), to: z.string().optional() }),
  items: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      when: z.string(),
      who: z.object({ kind: z.enum(['user', 'deleted', 'system']), userId: z.number().int().optional(), name: z.string().optional(), email: z.string().nullable().optional() }),
      whoLabel: z.string(),
      action: z.string(),
      actionLabel: z.string(),
      recordType: z.string().nullable(),
      recordTypeLabel: z.string().nullable(),
      recordId: z.string().nullable(),
      recordName: z.string().nullable(),
      href: z.string().nullable(),
      details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
})

const asCsv = (csv: CsvExport) => csvResponse(csv.fileName, csv.header, csv.lines)

function exportRoute(path: string, summary: string, run: (ctx: Parameters<typeof exportPreTripsCsv>[0], input: unknown) => Promise<CsvExport>) {
  return defineRoute({
    method: 'GET',
    path,
    tag: 'Records',
    summary,
    auth: 'user',
    params: companyParams,
    query: rangeQuery,
    responseDescription: 'text/csv (UTF-8 with a byte-order mark), streamed; cells a spreadsheet would read as a formula are neutralised',
    errors: [403, 404],
    handler: async (ctx) => asCsv(await run(ctx, { companyId: ctx.params.companyId, from: ctx.query.from, to: ctx.query.to })),
  })
}

/** Record exports for a date range (decision 077) and a company's activity log (decision 079), issue 26. */
export const recordRoutes = [
  exportRoute(
    '/api/Export/PreTrips/{companyId}',
    "The pre-trip inspections of a date range as CSV: the owner's managers get its vehicles', the operator's managers the ones filed for it",
    exportPreTripsCsv,
  ),
  exportRoute(
    '/api/Export/Inspections/{companyId}',
    "The mechanic inspections of a date range as CSV: the owner's managers get every one of its vehicles' (with review state), the operator's the ones in force on the buses it ran",
    exportInspectionsCsv,
  ),
  exportRoute(
    '/api/Export/RepairActions/{companyId}',
    "The repair actions opened in a date range as CSV, with their tasks: the owner's managers get its vehicles', the repair shop's managers the ones sent to it",
    exportRepairActionsCsv,
  ),
  exportRoute(
    '/api/Export/FuelRecords/{companyId}',
    "The fuel and energy records of a date range as CSV (the company's calendar days), exact decimals with the currency: only the records the company paid for, so an owner's managers get its own fill-ups and charges of its buses and an operator's managers its own, never another payer's",
    exportFuelRecordsCsv,
  ),
  defineRoute({
    method: 'GET',
    path: '/api/Company/{companyId}/activity',
    tag: 'Records',
    summary:
      "The company's activity log, newest first, 50 a page: who did what to which record and when (the company's time zone); filters `userId`, `recordType`, `from`, `to` (the company's managers; 403 for anyone else)",
    auth: 'user',
    params: companyParams,
    query: activityQuery,
    response: activitySchema,
    errors: [403, 404],
    handler: (ctx) => {
      const { page, ...filters } = ctx.query
      return listCompanyActivity(ctx, { companyId: ctx.params.companyId, filters, page })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Company/{companyId}/activity/export',
    tag: 'Records',
    summary: 'The activity log as CSV (every page, the same filters), streamed',
    auth: 'user',
    params: companyParams,
    query: activityQuery.omit({ page: true }),
    responseDescription: 'text/csv (UTF-8 with a byte-order mark)',
    errors: [403, 404],
    handler: async (ctx) => asCsv(await exportCompanyActivityCsv(ctx, { companyId: ctx.params.companyId, filters: ctx.query })),
  }),
]
