import { z } from 'zod'
import { COST_LINE_KIND_VALUES, COST_PAYER_VALUES } from '#catalog/costs.ts'
import {
  addRepairCostLine,
  addRepairCostLineInput,
  deleteRepairCostLine,
  deleteRepairCostLineInput,
  getRepairInvoiceFile,
  listRepairCosts,
  setRepairCostLinePayer,
  setRepairCostLinePayerInput,
  updateRepairCostLine,
  updateRepairCostLineInput,
  uploadRepairInvoice,
} from '../../costs/repair-costs.server.ts'
import { documentResponse } from '../../documents/download.server.ts'
import { decodeBase64 } from '../../uploads/base64.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Costs/… of repair actions (issue 36 point 1, decision 085): a repair action's cost lines,
 * added, changed and deleted by its repair shop, their payer changed by the owner company, and the
 * shop's invoice. Amounts in: decimal strings or numbers with at most two decimals; out: integer
 * cents (`…Cents`) with the owner company's `currency`. Who sees what is the use cases' (owner: every
 * line; operator: the lines charged to it; shop: its own). The reports' paths are in Costs.reports.ts.
 */

/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins). */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

const lineSchema = z.object({
  id: z.number().int(),
  repairActionId: z.number().int(),
  kind: z.enum(COST_LINE_KIND_VALUES),
  description: z.string(),
  partNumber: z.string().nullable(),
  quantityMilli: z.number().int().nullable().describe('Parts: quantity in thousandths'),
  unitCostCents: z.number().int().nullable(),
  hoursHundredths: z.number().int().nullable().describe('Labour: hours in hundredths'),
  rateCents: z.number().int().nullable(),
  mechanicName: z.string().nullable(),
  vendor: z.string().nullable(),
  amountCents: z.number().int().describe('The line’s total (parts and labour: computed, rounded half up)'),
  payer: z.enum(COST_PAYER_VALUES),
  payerCompanyId: z.number().int(),
  payerCompanyName: z.string(),
  shopCompanyId: z.number().int(),
  chargedOn: z.string().describe('YYYY-MM-DD: the day the repair action was opened (owner’s time zone), the month the cost counts in'),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  editable: z.boolean().describe('The caller (the shop of the repair action) may change or delete it'),
})

const costsSchema = z.object({
  repairActionId: z.number().int(),
  repairIdentifier: z.string(),
  vehicleId: z.number().int(),
  vehicleIdentifier: z.string(),
  ownerCompanyId: z.number().int(),
  currency: z.string().describe('ISO 4217 code of the owner company'),
  openedAt: z.string(),
  chargedOn: z.string(),
  repaired: z.boolean(),
  lines: z.array(lineSchema).describe('The lines the caller may see'),
  totalCents: z.number().int(),
  totalsByPayer: z.object({ ownerCents: z.number().int(), operatorCents: z.number().int() }),
  totalsByKind: z.object({ part: z.number().int(), labour: z.number().int(), outside: z.number().int(), tax: z.number().int() }),
  invoice: z
    .object({ documentId: z.number().int(), fileName: z.string(), sizeBytes: z.number().int(), uploadedAt: z.string() })
    .nullable()
    .describe('The owner and the shop only: GET /api/Costs/repairAction/{repairActionId}/invoice'),
  canAdd: z.boolean(),
  canSetPayer: z.boolean(),
  canUploadInvoice: z.boolean(),
  defaultPayer: z.enum(COST_PAYER_VALUES).nullable(),
  operatorCompanyId: z.number().int().nullable(),
  operatorCompanyName: z.string().nullable(),
})

const lineWithCurrency = lineSchema

export const costsRepairRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Costs/repairAction/{repairActionId}',
    tag: 'Costs',
    summary:
      'A repair action’s cost lines the caller may see (the owner company: all; an operator: the lines charged to it; the repair shop: its own), their totals in cents, the currency and the invoice (owner and shop)',
    auth: 'user',
    params: z.object({ repairActionId: idSchema }),
    response: costsSchema,
    errors: [404],
    handler: (ctx) => listRepairCosts(ctx, { repairActionId: ctx.params.repairActionId }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Costs/addLine',
    tag: 'Costs',
    summary:
      'Add a cost line (the repair shop of the repair action: RepairShop managers and Mechanics): `part` (quantity ≤ 3 decimals × unitCost), `labour` (hours ≤ 2 decimals × rate, mechanic), `outside` (vendor, amount) or `tax` (amount). Amounts: at most two decimals, not negative. Charged by the owner’s rule; `payer` only for the owner company. An `Idempotency-Key` (header or body) repeated answers the first line',
    auth: 'user',
    body: addRepairCostLineInput,
    status: 201,
    response: lineWithCurrency,
    responseDescription: 'The line (or, for a repeated Idempotency-Key, the first one, with `Idempotent-Replayed: true`)',
    errors: [403, 404],
    handler: async (ctx) => {
      const { line, replayed } = await addRepairCostLine(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(line, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Costs/updateLine',
    tag: 'Costs',
    summary: 'Change a cost line (the repair shop, its own line of its repair action): the same fields as addLine; the monthly costs follow',
    auth: 'user',
    body: updateRepairCostLineInput,
    response: lineSchema,
    errors: [403, 404],
    handler: (ctx) => updateRepairCostLine(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Costs/setLinePayer',
    tag: 'Costs',
    summary:
      'Charge a line to the owner or to the operator whose assignment was active on the day the repair action was opened (the owner company, role Owner; 400 when no operator held the bus that day)',
    auth: 'user',
    body: setRepairCostLinePayerInput,
    response: lineSchema,
    errors: [403, 404],
    handler: (ctx) => setRepairCostLinePayer(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Costs/deleteLine',
    tag: 'Costs',
    summary: 'Delete a cost line (the repair shop, its own line of its repair action)',
    auth: 'user',
    body: deleteRepairCostLineInput,
    response: z.object({ lineId: z.number().int(), repairActionId: z.number().int() }),
    errors: [403, 404],
    handler: (ctx) => deleteRepairCostLine(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Costs/repairAction/{repairActionId}/invoice',
    tag: 'Costs',
    summary:
      'Upload the repair shop’s invoice (the shop of the repair action), as the vehicle documents are uploaded: `{ fileName, fileContent }` with base64 content, at most 5 MiB, type checked by content. Kept out of the bus’s document list; a new one replaces the previous',
    auth: 'user',
    params: z.object({ repairActionId: idSchema }),
    body: z.object({ fileName: z.string().min(1).max(1000), fileContent: z.string().min(1).describe('Base64 (a data: prefix is accepted)') }),
    status: 201,
    response: z.object({ documentId: z.number().int(), fileName: z.string(), sizeBytes: z.number().int() }),
    errors: [403, 404, 413, 415],
    handler: async (ctx) => {
      const b = (ctx.body ?? {}) as { fileName?: unknown; fileContent?: unknown }
      const bytes = decodeBase64(String(b.fileContent ?? ''), 'fileContent')
      return json(await uploadRepairInvoice(ctx, { repairActionId: ctx.params.repairActionId, fileName: String(b.fileName ?? ''), bytes }), 201)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Costs/repairAction/{repairActionId}/invoice',
    tag: 'Costs',
    summary: 'The repair shop’s invoice file (the owner company and the shop only)',
    auth: 'user',
    params: z.object({ repairActionId: idSchema }),
    responseDescription: 'The file (its stored content type)',
    errors: [404],
    handler: async (ctx) => documentResponse(await getRepairInvoiceFile(ctx, ctx.params.repairActionId)),
  }),
]
