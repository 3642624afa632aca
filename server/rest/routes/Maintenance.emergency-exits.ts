import { z } from 'zod'
import { EMERGENCY_EXIT_CHECK_FILER_ROLES } from '#catalog/compliance.ts'
import { emergencyExitCheckBody } from '../../inspections/emergency-exit-check-schema.ts'
import { getEmergencyExitCheck, listEmergencyExitChecks, submitEmergencyExitCheck } from '../../inspections/emergency-exit-checks.server.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Maintenance/… of the 90-day emergency-exit check (49 CFR 396.3(b)(4), issue 23,
 * decision 065). Same controller as Maintenance.ts, its own file so the compliance pack's
 * paths read together; listed by routes/index.ts after the Maintenance paths.
 */

const dueStateSchema = z.enum(['overdue', 'due-soon', 'ok'])
const filedSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  checkDate: z.string().describe('YYYY-MM-DD'),
  isSatisfactory: z.boolean(),
  repairActionId: z.number().int().nullable(),
  nextDueDate: z.string().describe('YYYY-MM-DD, 90 days after checkDate'),
})

/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins), as for the other filings. */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

export const emergencyExitRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/submitEmergencyExitCheck',
    tag: 'Maintenance',
    summary:
      "File a bus's 90-day emergency-exit check (push-out windows, emergency doors, their marking lights; 49 CFR 396.3(b)(4)): a Mechanic of a company related to the bus or a Driver of its operator. An Unsatisfactory item opens a repair action and puts the bus out of service",
    auth: 'user',
    body: emergencyExitCheckBody,
    status: 201,
    response: filedSchema,
    responseDescription: 'Filed (or, for a repeated Idempotency-Key, the first filing, with `Idempotent-Replayed: true`)',
    errors: [403, 404, 409, 413, 415],
    handler: async (ctx) => {
      const { replayed, ...result } = await submitEmergencyExitCheck(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(result, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetEmergencyExitChecks/{vehicleId}',
    tag: 'Maintenance',
    summary: "A bus's emergency-exit checks, newest first, with the next due date and its state (companies related to the bus)",
    auth: 'user',
    params: z.object({ vehicleId: idSchema }),
    response: z.object({
      vehicleId: z.number().int(),
      today: z.string(),
      lastCheckDate: z.string().nullable(),
      nextDueDate: z.string(),
      dueState: dueStateSchema,
      daysLeft: z.number().int(),
      checks: z.array(
        z.object({
          id: z.number().int(),
          checkDate: z.string(),
          isSatisfactory: z.boolean(),
          inspectorName: z.string(),
          filerRole: z.enum(EMERGENCY_EXIT_CHECK_FILER_ROLES),
          repairActionId: z.number().int().nullable(),
        }),
      ),
    }),
    errors: [404],
    handler: (ctx) => listEmergencyExitChecks(ctx, ctx.params.vehicleId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/GetEmergencyExitCheckById/{checkId}',
    tag: 'Maintenance',
    summary: 'One emergency-exit check: filer, date, the three items {status, comments}, signature (plain base64 PNG or null), repair action',
    auth: 'user',
    params: z.object({ checkId: idSchema }),
    errors: [404],
    handler: (ctx) => getEmergencyExitCheck(ctx, ctx.params.checkId),
  }),
]
