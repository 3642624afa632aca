import { z } from 'zod'
import { idempotencyKeyInput, trpcIdempotent } from './idempotent.ts'
import { authedProcedure } from './init.ts'
import { idSchema } from '../validation.ts'
import { correctEngineHours, correctEngineHoursInput, getEngineHoursHistory, recordEngineHours, recordEngineHoursInput } from '../fleet/engine-hours-history.server.ts'

/**
 * Engine hours (issue 35, decision 084), the widget door beside `fleet.odometerHistory`:
 * spread into the `fleet` router (`fleet.engineHoursHistory`, `fleet.recordEngineHours`, `fleet.correctEngineHours`).
 */
export const fleetMetersProcedures = {
  engineHoursHistory: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getEngineHoursHistory(ctx, input.vehicleId)),
  recordEngineHours: authedProcedure
    .input(recordEngineHoursInput.extend(idempotencyKeyInput))
    .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'fleet.recordEngineHours', ['vehicleId'], (c, i) => recordEngineHours(c, i))),
  correctEngineHours: authedProcedure.input(correctEngineHoursInput).mutation(({ ctx, input }) => correctEngineHours(ctx, input)),
}
