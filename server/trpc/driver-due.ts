import { getDriverDueItems, myDriverStatus } from '../drivers/driver-due.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `driverDue.*` (issue 37, decision 086): the operator company's driver-file due items
 * (managers only; the use case authorizes) and the caller's own expiry status as a driver.
 */
export const driverDue = router({
  list: authedProcedure.input(checkedByUseCase<{ companyId: number }>()).query(({ ctx, input }) => getDriverDueItems(ctx, input)),
  mine: authedProcedure.query(({ ctx }) => myDriverStatus(ctx)),
})
