import type { ListDueItemsInput } from '../maintenance/due-list.server.ts'
import { listDueItems } from '../maintenance/due-list.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * `maintenance.due.*` (issue 35, decision 084): the due list for widgets. The use case authorizes
 * (the company's Owner managers: every bus; its Operator managers: the buses assigned to it,
 * read-only; anyone else 403) and validates.
 */
export const maintenanceDue = router({
  list: authedProcedure.input(checkedByUseCase<ListDueItemsInput>()).query(({ ctx, input }) => listDueItems(ctx, input)),
})
