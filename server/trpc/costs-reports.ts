import type { CompanyCostSummaryInput, CostPerMileInput, VehicleCostHistoryInput } from '../costs/cost-per-mile.server.ts'
import { companyCostSummary, costPerMileForMonth, vehicleCostHistory } from '../costs/cost-per-mile.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * `costsReports.*` (issue 36, decision 085): cost per mile for widgets. The use cases authorize
 * (Owner managers: every cost of the company's buses; Operator managers: the costs charged to
 * their company; anyone else 403, a bus they may not see 404) and validate.
 */
export const costsReports = router({
  perMile: authedProcedure.input(checkedByUseCase<CostPerMileInput>()).query(({ ctx, input }) => costPerMileForMonth(ctx, input)),
  vehicle: authedProcedure.input(checkedByUseCase<VehicleCostHistoryInput>()).query(({ ctx, input }) => vehicleCostHistory(ctx, input)),
  summary: authedProcedure.input(checkedByUseCase<CompanyCostSummaryInput>()).query(({ ctx, input }) => companyCostSummary(ctx, input)),
})
