import { z } from 'zod'
import { RETENTION_RECORD_TYPES } from '#catalog/compliance.ts'
import { complianceFiltersInput, exportComplianceCsv, getComplianceView } from '../../compliance/compliance-view.server.ts'
import { getRetentionOverview, updateRetentionSettings } from '../../compliance/retention.server.ts'
import { csvResponse } from '../../csv.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'

const companyParams = z.object({ companyId: idSchema })
const dueSchema = z.object({ last: z.string().nullable(), next: z.string().nullable(), state: z.enum(['overdue', 'due-soon', 'ok', 'missing']) })

const complianceViewSchema = z.object({
  companyId: z.number().int(),
  today: z.string(),
  filters: z.object({ q: z.string().optional(), attention: z.boolean() }),
  items: z.array(
    z.object({
      vehicleId: z.number().int(),
      vehicleIdentifier: z.string(),
      make: z.string(),
      model: z.string(),
      licensePlate: z.string(),
      vin: z.string(),
      lease: z.object({ id: z.number().int(), operatorName: z.string(), startDate: z.string(), endDate: z.string().nullable(), status: z.enum(['Signed', 'Awaiting signatures']) }).nullable(),
      operated: z.boolean(),
      emergencyExitCheck: dueSchema,
      annualInspection: dueSchema,
      openDefects: z.number().int(),
      outOfService: z.boolean(),
      needsAttention: z.boolean(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
})

const retentionOverviewSchema = z.object({
  companyId: z.number().int(),
  today: z.string(),
  types: z.array(
    z.object({
      type: z.enum(RETENTION_RECORD_TYPES),
      label: z.string(),
      months: z.number().int(),
      isDefault: z.boolean(),
      minimumMonths: z.number().int(),
      cite: z.string(),
      rule: z.string(),
      countedFrom: z.string(),
      afterLeavingMonths: z.number().int(),
      oldestKept: z.string().nullable(),
      removesBefore: z.string(),
      updatedAt: z.string().nullable(),
    }),
  ),
  removals: z.array(z.object({ recordType: z.enum(RETENTION_RECORD_TYPES), label: z.string(), removed: z.number().int(), before: z.string(), ranAt: z.string() })),
})

const viewQuery = complianceFiltersInput.extend({ page: z.coerce.number().int().min(1).optional(), pageSize: z.coerce.number().int().optional() })

/** /api/Compliance/…: the owner's compliance view and its CSV, and each company's record retention (issue 23). */
export const complianceRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Compliance/GetComplianceView/{companyId}',
    tag: 'Compliance',
    summary:
      "The owner company's vehicles with the lease in force, the last and next 90-day emergency-exit check (49 CFR 396.3(b)(4)), the last and next annual inspection (49 CFR 396.17), open defects and out-of-service state; `q` searches, `attention=true` keeps the vehicles that need attention (Owner managers)",
    auth: 'user',
    params: companyParams,
    query: viewQuery,
    response: complianceViewSchema,
    errors: [403],
    handler: (ctx) =>
      getComplianceView(ctx, { companyId: ctx.params.companyId, filters: { q: ctx.query.q, attention: ctx.query.attention }, page: ctx.query.page, pageSize: ctx.query.pageSize }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Compliance/Export/{companyId}',
    tag: 'Compliance',
    summary: 'The compliance view as CSV (every page, the same filters), streamed; cells that a spreadsheet would read as a formula are neutralised',
    auth: 'user',
    params: companyParams,
    query: complianceFiltersInput,
    responseDescription: 'text/csv (UTF-8 with a byte-order mark)',
    errors: [403],
    handler: async (ctx) => {
      const csv = await exportComplianceCsv(ctx, { companyId: ctx.params.companyId, filters: ctx.query })
      return csvResponse(csv.fileName, csv.header, csv.lines)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Compliance/Retention/{companyId}',
    tag: 'Compliance',
    summary:
      "Each record type's retention period, legal minimum (49 CFR 396.11(a)(4), 396.3(c), 396.21(b), 390.403), oldest record kept and the latest removals (the managers of the governing role: Operator for pre-trips, Owner for the rest)",
    auth: 'user',
    params: companyParams,
    response: retentionOverviewSchema,
    errors: [403],
    handler: (ctx) => getRetentionOverview(ctx, ctx.params.companyId),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Compliance/Retention/{companyId}',
    tag: 'Compliance',
    summary: 'Set retention periods in months, e.g. `{"periods": {"preTrips": 6}}`; 400 below the legal minimum (the message names it and its rule)',
    auth: 'user',
    params: companyParams,
    body: z.object({ periods: z.partialRecord(z.enum(RETENTION_RECORD_TYPES), z.number().int()) }),
    response: retentionOverviewSchema,
    errors: [403],
    handler: (ctx) => updateRetentionSettings(ctx, { companyId: ctx.params.companyId, periods: (ctx.body as { periods?: unknown }).periods }),
  }),
]
