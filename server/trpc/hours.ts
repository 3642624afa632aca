import {
  addDutyPeriod,
  changeDutyStatus,
  deleteDutyPeriod,
  getDriverMonth,
  getDutyStatus,
  listDriversHours,
  updateDutyPeriod,
  type AddDutyPeriodInput,
  type ChangeDutyStatusInput,
  type DeleteDutyPeriodInput,
  type DriverMonthInput,
  type DutyStatusInput,
  type ListDriversHoursInput,
  type UpdateDutyPeriodInput,
} from '../hours/duty.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `hours.*` (issue 37 point 3, decision 086): hours-of-service records without an ELD.
 * `changeDutyStatus` is what the phone's outbox sends (once, in order, with its idempotency key);
 * the use cases authorize and validate.
 */
export const hours = router({
  changeDutyStatus: authedProcedure.input(checkedByUseCase<ChangeDutyStatusInput>()).mutation(({ ctx, input }) => changeDutyStatus(ctx, input)),
  dutyStatus: authedProcedure.input(checkedByUseCase<DutyStatusInput>()).query(({ ctx, input }) => getDutyStatus(ctx, input)),
  drivers: authedProcedure.input(checkedByUseCase<ListDriversHoursInput>()).query(({ ctx, input }) => listDriversHours(ctx, input)),
  month: authedProcedure.input(checkedByUseCase<DriverMonthInput>()).query(({ ctx, input }) => getDriverMonth(ctx, input)),
  addPeriod: authedProcedure.input(checkedByUseCase<AddDutyPeriodInput>()).mutation(({ ctx, input }) => addDutyPeriod(ctx, input)),
  updatePeriod: authedProcedure.input(checkedByUseCase<UpdateDutyPeriodInput>()).mutation(({ ctx, input }) => updateDutyPeriod(ctx, input)),
  deletePeriod: authedProcedure.input(checkedByUseCase<DeleteDutyPeriodInput>()).mutation(({ ctx, input }) => deleteDutyPeriod(ctx, input)),
})
