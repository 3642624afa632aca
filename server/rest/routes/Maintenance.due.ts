import { z } from 'zod'
import { DUE_STATE_VALUES } from '#catalog/maintenance.ts'
import { DUE_SORTS } from '../../alerts/due-items.server.ts'
import { DUE_PAGE_SIZES, listDueItems } from '../../maintenance/due-list.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Maintenance/getDueItems (issue 35 point 3, decision 084): the due list of a company. Its
 * Owner managers read every bus of the company; its Operator managers the buses assigned to it
 * today, read-only; anyone else 403. Same controller as Maintenance.ts, its own file; listed by
 * routes/index.ts after the Maintenance paths.
 */

const dueItemSchema = z.object({
  kind: z.enum(['task', 'emergencyExitCheck', 'annualInspection']).describe('task: a service program’s task; the other two are the built-in 90-day emergency-exit check and annual inspection'),
  vehicleId: z.number().int(),
  vehicleIdentifier: z.string(),
  ownerCompanyId: z.number().int(),
  programId: z.number().int().nullable(),
  programName: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskName: z.string(),
  lastServiceOn: z.string().nullable().describe('YYYY-MM-DD'),
  lastOdometer: z.number().nullable(),
  lastEngineHours: z.number().nullable(),
  nextDueDate: z.string().nullable().describe('YYYY-MM-DD'),
  nextDueOdometer: z.number().nullable().describe('The odometer reading at which it is due (corrections counted)'),
  nextDueEngineHours: z.number().nullable(),
  projectedDueDate: z.string().nullable().describe('YYYY-MM-DD: the earliest of the next due date and the dates projected from the bus’s own miles and hours a day'),
  state: z.enum(DUE_STATE_VALUES),
  sentToShop: z.boolean().describe('An open service repair action of the bus has this task'),
})

const dueListSchema = z.object({
  companyId: z.number().int(),
  today: z.string().describe('The company’s calendar date'),
  scope: z.enum(['owner', 'operator']),
  readOnly: z.boolean(),
  items: z.array(dueItemSchema),
  total: z.number().int(),
  counts: z.object({ Overdue: z.number().int(), DueSoon: z.number().int(), OK: z.number().int() }).describe('Items per state, with every filter but the state'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
})

const dueQuery = z.object({
  companyId: idSchema,
  state: z.string().optional().describe(`Comma-separated states: ${DUE_STATE_VALUES.join(', ')}`),
  programId: idSchema.optional(),
  taskId: idSchema.optional(),
  vehicleId: idSchema.optional(),
  tag: z.string().optional().describe('Comma-separated tags; each must match the identifier, make, model, plate, VIN or colour'),
  vehicle: z.string().optional().describe('The bus identifier contains this text'),
  sort: z.enum(DUE_SORTS).optional().describe('state (default: overdue first, then the earliest due), nextDue, vehicle or task'),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().optional().describe(`Default ${DUE_PAGE_SIZES[0]}, at most 500`),
})

export const maintenanceDueRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getDueItems',
    tag: 'Maintenance',
    summary:
      'The due list: every bus × service task (and the built-in 90-day emergency-exit check and annual inspection) with its last service, next due point, projected date and state (Overdue, DueSoon, OK), filtered, sorted and paged; Owner managers see every bus of the company, Operator managers the buses assigned to it (read-only)',
    auth: 'user',
    query: dueQuery,
    response: dueListSchema,
    errors: [400, 403],
    handler: async (ctx) => {
      const { options: _options, filters: _filters, vehicleIds: _vehicleIds, ...out } = await listDueItems(ctx, ctx.query)
      return out
    },
  }),
]
