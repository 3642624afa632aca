import { z } from 'zod'
import { correctEngineHours, correctEngineHoursInput, getEngineHoursHistory, recordEngineHours, recordEngineHoursInput } from '../../fleet/engine-hours-history.server.ts'
import { idSchema } from '../../validation.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

/** Engine hours, the second meter (issue 35, decision 084): beside the odometer's paths in Fleet.ts. */
export const fleetEngineHoursRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Fleet/getEngineHoursHistory',
    tag: 'Fleet',
    summary:
      "A vehicle's engine-hour readings, newest first, with source, time, who and reason; the latest correction or reset is the baseline; life hours and hours a day (its owner, or the operator of an active assignment)",
    auth: 'user',
    query: z.object({ vehicleId: idSchema }),
    errors: [404],
    handler: (ctx) => getEngineHoursHistory(ctx, ctx.query.vehicleId),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/recordEngineHours',
    tag: 'Fleet',
    summary: 'Record an engine-hour reading (Owner managers): 0 to 1,000,000 with at most one decimal, never below the latest since the last correction or reset',
    auth: 'user',
    body: recordEngineHoursInput,
    responseDescription: 'The engine-hours history',
    errors: [400, 403, 404],
    handler: (ctx) => restIdempotent(ctx, `fleet.recordEngineHours:${operationTarget(ctx.body, 'vehicleId')}`, 200, (c) => recordEngineHours(c, ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Fleet/correctEngineHours',
    tag: 'Fleet',
    summary:
      'Record an engine-hours correction (Owner managers): any reading, a reason (at most 500 characters); `reset: true` when the engine was replaced. It starts a new baseline; life hours never go back',
    auth: 'user',
    body: correctEngineHoursInput,
    responseDescription: 'The engine-hours history',
    errors: [400, 403, 404],
    handler: (ctx) => correctEngineHours(ctx, ctx.body),
  }),
]
