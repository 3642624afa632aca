import { z } from 'zod'
import { FUEL_ENTRY_SOURCE_VALUES, FUEL_FLAG_VALUES, FUEL_UNIT_VALUES } from '#catalog/costs.ts'
import { FUEL_LIMITS, listFuelEntries, listVehicleFuelEntries, recordFuelEntry } from '../../costs/fuel.server.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Fuel/… (issue 36 point 2, decision 085): record a fill-up or a charge, and read the fuel
 * and energy log. The use cases authorize: a driver of the company holding the bus (or of its
 * owner), the owner's managers, the assigned operator's managers record; the owner reads every
 * record of its buses, an operator its own, a driver theirs. The fuel card import is Fuel.import.ts.
 */

/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins), as for the filings (decision 024). */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

const decimal = (what: string) => z.union([z.string(), z.number()]).describe(what)

/** Documents the body (the use case validates it: every field's problem in the 400). */
const recordBody = z.object({
  vehicleId: z.number().int(),
  companyId: z.number().int().optional().describe('The company recording and paying: needed only when the caller could record for several (e.g. the owner’s manager who also drives for an operator)'),
  fueledAt: z.string().optional().describe('ISO 8601 instant with its offset (or the recording company’s wall time YYYY-MM-DDTHH:mm); left out: now. Not in the future'),
  odometer: z.number().int().describe('Whole miles; never below the readings before it'),
  quantity: decimal('Gallons, litres or kWh, above zero, at most three decimals ("52.125" or 52.125)'),
  unit: z.enum(FUEL_UNIT_VALUES).optional().describe('Left out: the bus’s unit (kWh for an electric bus, else gallons)'),
  total: decimal('The total paid in the company’s currency, zero or more, at most two decimals ("187.40")'),
  station: z.string().optional(),
  card: z.string().optional().describe('The fuel card used'),
  full: z.boolean().optional().describe('A full tank or a charge to the target (default true); miles per gallon is measured between full fill-ups'),
  socBefore: z.number().int().optional().describe('Electric buses: state of charge before, 0–100'),
  socAfter: z.number().int().optional().describe('Electric buses: state of charge after, 0–100'),
  idempotencyKey: z.string().optional().describe(`At most ${FUEL_LIMITS.idempotencyKeyMax} printable characters; the Idempotency-Key header works too. A repeated key answers the first record`),
})

const recordedSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  companyId: z.number().int().describe('The company that recorded and pays it'),
  efficiencyMilli: z.number().int().nullable().describe('Miles per gallon (fuel) or per kWh (energy) × 1000 measured at this record; null when it cannot be'),
  flags: z.array(z.enum(FUEL_FLAG_VALUES)),
})

const entrySchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  vehicleIdentifier: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  source: z.enum(FUEL_ENTRY_SOURCE_VALUES),
  fueledAt: z.string(),
  fueledOn: z.string().describe('YYYY-MM-DD in the owner’s time zone: the month its cost counts in'),
  odometer: z.number().int(),
  quantityMilli: z.number().int().describe('Thousandths of `unit`'),
  unit: z.enum(FUEL_UNIT_VALUES),
  totalCents: z.number().int(),
  currency: z.string().describe('ISO 4217 code of the paying company'),
  station: z.string().nullable(),
  card: z.string().nullable(),
  full: z.boolean(),
  socBeforePct: z.number().int().nullable(),
  socAfterPct: z.number().int().nullable(),
  efficiencyMilli: z.number().int().nullable(),
  flags: z.array(z.enum(FUEL_FLAG_VALUES)),
  importId: z.number().int().nullable(),
  recordedByName: z.string().nullable(),
})

const companyQuery = z.object({
  vehicleId: idSchema.optional(),
  month: z.string().optional().describe('YYYY-MM'),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().optional().describe(`Default ${FUEL_LIMITS.pageSizeDefault}, at most ${FUEL_LIMITS.pageSizeMax}`),
})

export const fuelRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Fuel/record',
    tag: 'Fuel',
    summary:
      'Record a fill-up or a charge of a bus: a Driver of the company holding it under an active assignment (or of its owner), the owner company’s managers, or the assigned operator’s managers. The odometer never goes back (a record older than the latest reading must fit between the readings around it). Answers the efficiency measured and the flags',
    auth: 'user',
    body: recordBody,
    status: 201,
    response: recordedSchema,
    responseDescription: 'Recorded (or, for a repeated Idempotency-Key, the first record, with `Idempotent-Replayed: true`)',
    errors: [404, 409, 429],
    handler: async (ctx) => {
      const { replayed, ...result } = await recordFuelEntry(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fuel/company/{companyId}',
    tag: 'Fuel',
    summary: 'A company’s fuel and energy log, newest first, by bus and month, paged: the owner reads every record of its buses, an operator its own records, a driver the ones they filed',
    auth: 'user',
    params: z.object({ companyId: idSchema }),
    query: companyQuery,
    response: z.object({
      companyId: z.number().int(),
      canRecord: z.boolean(),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      entries: z.array(entrySchema),
    }),
    errors: [403],
    handler: (ctx) => listFuelEntries(ctx, { companyId: ctx.params.companyId, ...ctx.query }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Fuel/vehicle/{vehicleId}',
    tag: 'Fuel',
    summary: 'The newest 100 fuel and energy records of a bus the caller may see: its owner every one, an operator company its own, a driver theirs',
    auth: 'user',
    params: z.object({ vehicleId: idSchema }),
    response: z.object({ vehicleId: z.number().int(), vehicleIdentifier: z.string(), entries: z.array(entrySchema) }),
    errors: [404],
    handler: (ctx) => listVehicleFuelEntries(ctx, ctx.params.vehicleId),
  }),
]
