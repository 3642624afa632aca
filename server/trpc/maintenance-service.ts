import { z } from 'zod'
import { getVehicleMaintenance, listServiceHistory, recordOutsideService, skipServiceOccurrence, type RecordOutsideServiceInput, type SkipServiceOccurrenceInput } from '../maintenance/service-records.server.ts'
import { sendToRepairShop, type SendToRepairShopInput } from '../repairs/send-to-repair-shop.server.ts'
import { idSchema } from '../validation.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `maintenance.service.*` (issue 35 point 4, decision 084): service records for widgets. The
 * use cases authorize (owner managers write; the operator of an active assignment reads the
 * history) and validate (the date rule needs the company's today).
 */
export const maintenanceService = router({
  record: authedProcedure.input(checkedByUseCase<RecordOutsideServiceInput>()).mutation(({ ctx, input }) => recordOutsideService(ctx, input)),
  skip: authedProcedure.input(checkedByUseCase<SkipServiceOccurrenceInput>()).mutation(({ ctx, input }) => skipServiceOccurrence(ctx, input)),
  sendToShop: authedProcedure.input(checkedByUseCase<SendToRepairShopInput>()).mutation(({ ctx, input }) => sendToRepairShop(ctx, input)),
  vehicle: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getVehicleMaintenance(ctx, input.vehicleId)),
  history: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listServiceHistory(ctx, input.vehicleId)),
})
