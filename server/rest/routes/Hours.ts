import { z } from 'zod'
import { DUTY_SOURCE_VALUES, DUTY_STATUS_VALUES, HOS_CYCLE_VALUES } from '#catalog/drivers.ts'
import {
  addDutyPeriod,
  changeDutyStatus,
  deleteDutyPeriod,
  getDriverMonth,
  getDutyStatus,
  HOURS_LIMITS,
  listDriversHours,
  updateDutyPeriod,
} from '../../hours/duty.server.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Hours/… (issue 37 point 3, decision 086): hours-of-service records without an ELD. The
 * driver changes their own duty status; the operator's managers read every driver's hours and
 * enter, correct or delete periods. The use cases authorize (server/drivers/driver-access.server.ts).
 */

/** The `Idempotency-Key` header joins the body's key (the body's wins), as for the fuel log. */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

const time = (what: string) => z.string().describe(`${what}: an ISO 8601 instant with its offset, or the company’s wall time YYYY-MM-DDTHH:mm. Not in the future`)
const keyField = z.string().optional().describe(`At most ${HOURS_LIMITS.idempotencyKeyMax} printable characters; the Idempotency-Key header works too. A repeated key answers the first result and changes nothing`)

const limitSchema = z.object({
  usedMinutes: z.number().int(),
  limitMinutes: z.number().int(),
  remainingMinutes: z.number().int(),
  state: z.enum(['ok', 'warning', 'reached']),
})
const statusNow = {
  status: z.enum(DUTY_STATUS_VALUES),
  since: z.string().nullable().describe('When the current status began (ISO); null when nothing is recorded'),
  today: z.object({ date: z.string(), drivingMinutes: z.number().int(), onDutyMinutes: z.number().int() }),
  driving: limitSchema.describe('Driving since the last 8 consecutive hours off, against 10 hours'),
  onDuty: limitSchema.describe('On duty (driving included) since the last 8 consecutive hours off, against 15 hours'),
  cycleLimit: limitSchema.extend({ hours: z.number().int(), days: z.number().int() }).describe('On duty in the last 7 or 8 company-local days, against 60 or 70 hours'),
  warnings: z.array(z.string()).describe('The warnings and reached limits, as sentences'),
}
const periodSchema = z.object({
  id: z.number().int(),
  status: z.enum(DUTY_STATUS_VALUES),
  startedAt: z.string(),
  endedAt: z.string().nullable().describe('null: still open'),
  source: z.enum(DUTY_SOURCE_VALUES),
  note: z.string().nullable(),
})
const dayRow = z.object({
  date: z.string(),
  dayMinutes: z.number().int().describe('1380 or 1500 on the days the clocks change'),
  drivingMinutes: z.number().int(),
  onDutyMinutes: z.number().int(),
  timeOn: z.number().int().nullable().describe('The duty day begun that day: time on duty (ms since the epoch)'),
  timeReleased: z.number().int().nullable().describe('…and time released (ms since the epoch)'),
  dutyDayOnDutyMinutes: z.number().int(),
  dutyDayDrivingMinutes: z.number().int(),
  over14: z.boolean().describe('Released more than 14 hours after coming on duty (the 150 air-mile short-haul exception, 395.1(e)(1))'),
  warnings: z.array(z.string()),
})

export const hoursRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Hours/changeDutyStatus',
    tag: 'Hours',
    summary:
      'The driver’s own duty status at an operator where they hold the Driver role: the open period ends at `at` (default now) and the new one begins (none for off duty). A time record, not an electronic logging device (ELD)',
    auth: 'user',
    body: z.object({
      companyId: z.number().int(),
      status: z.enum(DUTY_STATUS_VALUES),
      at: time('When the status changed; left out: now. Never before the latest period’s start or end (409)').optional(),
      idempotencyKey: keyField,
    }),
    response: z.object({
      companyId: z.number().int(),
      driverUserId: z.number().int(),
      status: z.enum(DUTY_STATUS_VALUES),
      since: z.string(),
      periodId: z.number().int().nullable(),
    }),
    responseDescription: 'Changed (or, for a repeated Idempotency-Key, the first answer, with `Idempotent-Replayed: true`)',
    errors: [404, 409, 429],
    handler: async (ctx) => {
      const { replayed, ...result } = await changeDutyStatus(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 200, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Hours/getDutyStatus',
    tag: 'Hours',
    summary: 'A driver’s duty status now, today’s totals, the three limits (10 h driving, 15 h on duty, the 60/7 or 70/8 cycle) and their warnings: the driver (their own; driverUserId left out) or the operator’s managers',
    auth: 'user',
    query: z.object({ companyId: idSchema, driverUserId: idSchema.optional() }),
    response: z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      driverUserId: z.number().int(),
      driverName: z.string(),
      timeZone: z.string(),
      cycle: z.enum(HOS_CYCLE_VALUES),
      as: z.enum(['manager', 'driver']),
      ...statusNow,
    }),
    errors: [404],
    handler: (ctx) => getDutyStatus(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Hours/getDrivers',
    tag: 'Hours',
    summary: 'The operator’s managers: every current driver’s duty status, hours today, remaining driving / on-duty / cycle time and warnings, paged',
    auth: 'user',
    query: z.object({
      companyId: idSchema,
      page: z.coerce.number().int().min(1).optional(),
      pageSize: z.coerce.number().int().optional().describe(`Default ${HOURS_LIMITS.pageSizeDefault}, at most ${HOURS_LIMITS.pageSizeMax}`),
    }),
    response: z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      timeZone: z.string(),
      cycle: z.enum(HOS_CYCLE_VALUES),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      drivers: z.array(z.object({ driverUserId: z.number().int(), driverName: z.string(), ...statusNow })),
    }),
    handler: (ctx) => listDriversHours(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Hours/getMonth',
    tag: 'Hours',
    summary: 'One driver’s month (the operator’s managers, or the driver): per day the short-haul time record (time on, time released, totals, the 14-hour check) and warnings, and the periods. Written in the activity log',
    auth: 'user',
    query: z.object({ companyId: idSchema, driverUserId: idSchema, month: z.string().optional().describe('YYYY-MM; left out: the company’s current month') }),
    response: z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      driverUserId: z.number().int(),
      driverName: z.string(),
      timeZone: z.string(),
      cycle: z.enum(HOS_CYCLE_VALUES),
      month: z.string(),
      as: z.enum(['manager', 'driver']),
      days: z.array(dayRow),
      periods: z.array(periodSchema),
      now: z.object(statusNow),
    }),
    errors: [404],
    handler: (ctx) => getDriverMonth(ctx, ctx.query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Hours/addDutyPeriod',
    tag: 'Hours',
    summary: 'The operator’s managers enter a duty period of a driver (source manager). One that overlaps another of the driver: 409',
    auth: 'user',
    body: z.object({
      companyId: z.number().int(),
      driverUserId: z.number().int(),
      status: z.enum(DUTY_STATUS_VALUES),
      startedAt: time('Start'),
      endedAt: time('End, after the start; left out: still open').optional(),
      note: z.string().optional(),
      idempotencyKey: keyField,
    }),
    status: 201,
    response: periodSchema,
    errors: [404, 409, 429],
    handler: async (ctx) => {
      const { replayed, ...result } = await addDutyPeriod(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Hours/updateDutyPeriod',
    tag: 'Hours',
    summary: 'The operator’s managers correct a duty period (status, times, note). One that would overlap another: 409',
    auth: 'user',
    body: z.object({
      id: z.number().int(),
      companyId: z.number().int().optional(),
      status: z.enum(DUTY_STATUS_VALUES),
      startedAt: time('Start'),
      endedAt: time('End, after the start; left out: still open').optional(),
      note: z.string().optional(),
    }),
    response: periodSchema,
    errors: [404, 409],
    handler: (ctx) => updateDutyPeriod(ctx, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Hours/deleteDutyPeriod',
    tag: 'Hours',
    summary: 'The operator’s managers delete a duty period',
    auth: 'user',
    query: z.object({ id: idSchema, companyId: idSchema.optional() }),
    response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
    errors: [404],
    handler: (ctx) => deleteDutyPeriod(ctx, ctx.query),
  }),
]
