import { z } from 'zod'
import { getFuelUpContext, listFuelEntries, listVehicleFuelEntries, recordFuelEntry, type ListFuelEntriesInput, type RecordFuelEntryInput } from '../costs/fuel.server.ts'
import { idSchema } from '../validation.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `fuel.*` (issue 36 point 2, decision 085): the fuel and energy log. `record` is what the
 * phone's outbox sends (once, with its idempotency key); the use cases authorize and validate.
 */
export const fuel = router({
  record: authedProcedure.input(checkedByUseCase<RecordFuelEntryInput>()).mutation(({ ctx, input }) => recordFuelEntry(ctx, input)),
  list: authedProcedure.input(checkedByUseCase<ListFuelEntriesInput>()).query(({ ctx, input }) => listFuelEntries(ctx, input)),
  vehicle: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listVehicleFuelEntries(ctx, input.vehicleId)),
  context: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getFuelUpContext(ctx, input.vehicleId)),
})
