import { z } from 'zod'
import { COST_LIMITS } from '#catalog/costs.ts'
import { COST_MAX_PAGE_SIZE, COST_PAGE_SIZES, COST_SORTS, companyCostSummary, costPerMileForMonth, vehicleCostHistory } from '../../costs/cost-per-mile.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Costs/perMile|vehicle|summary (issue 36 point 3, decision 085): cost per mile from the
 * monthly rollups. A company's Owner managers read every cost of its buses (all payers), its
 * Operator managers the costs charged to it; anyone else 403 (a bus they may not see: 404).
 * Amounts are integer cents (`…Cents`) in `currency`; a cost per mile is integer thousandths of
 * the currency unit (`costPerMileMilli`, 412 = 0.412 a mile), null in a month without miles.
 */

const figures = {
  miles: z.number().int().describe('Miles driven (from the odometer history; the first reading of a bus is its baseline)'),
  repairCents: z.number().int(),
  serviceCents: z.number().int(),
  fuelCents: z.number().int(),
  totalCents: z.number().int(),
  costPerMileMilli: z.number().int().nullable().describe('Thousandths of the currency unit per mile, rounded half up; null without miles'),
}
const figuresSchema = z.object(figures)
const rowSchema = z.object({ vehicleId: z.number().int(), vehicleIdentifier: z.string(), ...figures })
const monthSchema = z.string().describe('YYYY-MM (the owner’s time zone)')

const perMileSchema = z.object({
  companyId: z.number().int(),
  month: monthSchema,
  currency: z.string().describe('ISO 4217'),
  scope: z.enum(['owner', 'operator', 'both']),
  rows: z.array(rowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.enum(COST_SORTS),
  dir: z.enum(['asc', 'desc']),
  totals: figuresSchema,
  payers: z.array(z.object({ payerCompanyId: z.number().int(), payerName: z.string(), isOwner: z.boolean(), ...figures })),
})

const historySchema = z.object({
  vehicleId: z.number().int(),
  vehicleIdentifier: z.string(),
  companyId: z.number().int(),
  scope: z.enum(['owner', 'operator']),
  currency: z.string(),
  from: monthSchema,
  to: monthSchema,
  months: z.array(z.object({ month: monthSchema, ...figures })).describe('Months with costs or miles, newest first'),
  totals: figuresSchema,
})

const summarySchema = z.object({
  companyId: z.number().int(),
  currency: z.string(),
  scope: z.enum(['owner', 'operator', 'both']),
  from: monthSchema,
  to: monthSchema,
  series: z.array(
    z.object({
      month: monthSchema,
      ...figures,
      mpgMilli: z.number().int().nullable().describe('Miles per gallon of the month: the measured fill-ups’ miles ÷ their gallons (litres converted), thousandths; null when none'),
      miPerKwhMilli: z.number().int().nullable().describe('Miles per kWh of the month: the measured charges’ miles ÷ the energy used over them, thousandths; null when none'),
    }),
  ),
  costliest: z.array(rowSchema).describe('The ten buses that cost the most over the window'),
  totals: figuresSchema,
})

const companyParams = z.object({ companyId: idSchema })

export const costsReportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Costs/perMile/{companyId}',
    tag: 'Costs',
    summary: 'Cost per mile of one month across the company’s fleet: a row per bus (miles, repairs, services, fuel and energy, total, cost per mile), sorted and paged, with the month’s totals overall and per payer',
    auth: 'user',
    params: companyParams,
    query: z.object({
      month: z.string().optional().describe('YYYY-MM; the company’s current month when absent'),
      page: z.coerce.number().int().min(1).optional(),
      pageSize: z.coerce.number().int().optional().describe(`Default ${COST_PAGE_SIZES[0]}, at most ${COST_MAX_PAGE_SIZE}`),
      sort: z.enum(COST_SORTS).optional().describe('total (default), costPerMile, miles, repair, service, fuel or vehicle'),
      dir: z.enum(['asc', 'desc']).optional(),
    }),
    response: perMileSchema,
    errors: [400, 403],
    handler: (ctx) => costPerMileForMonth(ctx, { ...ctx.query, companyId: ctx.params.companyId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Costs/vehicle/{vehicleId}',
    tag: 'Costs',
    summary: 'One bus’s costs and miles per month (at most 60 months, ending with the current month): the owner sees every payer, an operator its own costs',
    auth: 'user',
    params: z.object({ vehicleId: idSchema }),
    query: z.object({ months: z.coerce.number().int().optional().describe(`1 to ${COST_LIMITS.historyMonths} (default ${COST_LIMITS.historyMonths})`) }),
    response: historySchema,
    errors: [400, 404],
    handler: (ctx) => vehicleCostHistory(ctx, { ...ctx.query, vehicleId: ctx.params.vehicleId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Costs/summary/{companyId}',
    tag: 'Costs',
    summary: 'The dashboards’ cost figures: cost per mile and fuel efficiency per month over the last months (12 by default), and the ten costliest buses',
    auth: 'user',
    params: companyParams,
    query: z.object({ months: z.coerce.number().int().optional().describe(`1 to ${COST_LIMITS.historyMonths} (default 12)`) }),
    response: summarySchema,
    errors: [400, 403],
    handler: (ctx) => companyCostSummary(ctx, { ...ctx.query, companyId: ctx.params.companyId }),
  }),
]
