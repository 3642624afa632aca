import {
  addDriverTest,
  deleteDriverTest,
  listDriverTests,
  updateDriverTest,
  type AddDriverTestInput,
  type DeleteDriverTestInput,
  type ListDriverTestsInput,
  type UpdateDriverTestInput,
} from '../drivers/driver-tests.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `driverTests.*` (issue 37 point 2, decision 086): drug and alcohol testing records. A
 * document goes as `{ fileName, content }` (base64); `add` takes an `idempotencyKey`. The use
 * cases authorize (managers write, the driver reads their own) and validate.
 */
export const driverTests = router({
  list: authedProcedure.input(checkedByUseCase<ListDriverTestsInput>()).query(({ ctx, input }) => listDriverTests(ctx, input)),
  add: authedProcedure.input(checkedByUseCase<AddDriverTestInput>()).mutation(({ ctx, input }) => addDriverTest(ctx, input)),
  update: authedProcedure.input(checkedByUseCase<UpdateDriverTestInput>()).mutation(({ ctx, input }) => updateDriverTest(ctx, input)),
  delete: authedProcedure.input(checkedByUseCase<DeleteDriverTestInput>()).mutation(({ ctx, input }) => deleteDriverTest(ctx, input)),
})
