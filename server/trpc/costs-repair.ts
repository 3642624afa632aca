import { z } from 'zod'
import {
  addRepairCostLine,
  deleteRepairCostLine,
  listChargedRepairCosts,
  listRepairCosts,
  setRepairCostLinePayer,
  updateRepairCostLine,
  type AddRepairCostLineInput,
  type SetRepairCostLinePayerInput,
  type UpdateRepairCostLineInput,
} from '../costs/repair-costs.server.ts'
import { idSchema } from '../validation.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `costsRepair.*` (issue 36 point 1, decision 085): a repair action's cost lines for widgets.
 * The use cases authorize (shop writes its own lines, the owner changes the payer) and validate
 * (amounts read exactly as cents).
 */
export const costsRepair = router({
  get: authedProcedure.input(z.object({ repairActionId: idSchema })).query(({ ctx, input }) => listRepairCosts(ctx, input)),
  charged: authedProcedure.input(z.object({ companyId: idSchema, page: z.number().int().min(1).optional() })).query(({ ctx, input }) => listChargedRepairCosts(ctx, input)),
  addLine: authedProcedure.input(checkedByUseCase<AddRepairCostLineInput>()).mutation(({ ctx, input }) => addRepairCostLine(ctx, input)),
  updateLine: authedProcedure.input(checkedByUseCase<UpdateRepairCostLineInput>()).mutation(({ ctx, input }) => updateRepairCostLine(ctx, input)),
  setLinePayer: authedProcedure.input(checkedByUseCase<SetRepairCostLinePayerInput>()).mutation(({ ctx, input }) => setRepairCostLinePayer(ctx, input)),
  deleteLine: authedProcedure.input(checkedByUseCase<{ lineId: number }>()).mutation(({ ctx, input }) => deleteRepairCostLine(ctx, input)),
})
