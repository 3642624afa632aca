import { z } from 'zod'
import { driverDueInput, getDriverDueItems } from '../../drivers/driver-due.server.ts'
import { defineRoute } from '../route.ts'

/**
 * GET /api/DriverFiles/getDueItems (issue 37, decision 086): the operator company's driver-file
 * due items — medical certificates, annual MVR / review / list of violations / Clearinghouse query,
 * driver's licenses — overdue (Alert) or due within 30 days (Warning), and the counts. The
 * operator company's managers only (role Operator); 403 for anyone else.
 */
const dueItem = z.object({
  driverUserId: z.number().int(),
  driverName: z.string(),
  kind: z.string().describe('A driver file item kind (medicalCertificate, mvrAnnual, annualReview, violationsList, clearinghouseQuery, …) or `license`'),
  label: z.string().describe('The item’s English name'),
  state: z.enum(['overdue', 'due-soon']),
  level: z.enum(['Alert', 'Warning']).describe('Alert: due today or past; Warning: within 30 days'),
  dueOn: z.string().nullable().describe('YYYY-MM-DD: the expiry or due date (null: a certificate stored without its expiry)'),
  url: z.string().describe('The driver’s file page'),
})

export const driverDueRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/DriverFiles/getDueItems',
    tag: 'DriverFiles',
    summary: 'Driver files: the items overdue or due within 30 days for every current driver of an operator company (its Operator managers), at most 500, with the counts (missing, overdue, due soon)',
    auth: 'user',
    query: driverDueInput,
    response: z.object({
      companyId: z.number().int(),
      today: z.string(),
      counts: z.object({ drivers: z.number().int(), missing: z.number().int(), overdue: z.number().int(), dueSoon: z.number().int() }),
      items: z.array(dueItem),
      total: z.number().int(),
    }),
    errors: [403],
    handler: (ctx) => getDriverDueItems(ctx, ctx.query),
  }),
]
