import { getDriverFile, listDriverFiles, updateDriverFile, type DriverFileInput, type ListDriverFilesInput, type UpdateDriverFileInput } from '../drivers/driver-files.server.ts'
import { addFileItem, deleteFileItem, updateFileItem, type AddFileItemInput, type UpdateFileItemInput } from '../drivers/file-items.server.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * tRPC `driverFiles.*` (issue 37 point 1, decision 086): the driver qualification files. Items
 * carry no document here (widgets upload through the page's form or REST); the use cases
 * authorize (the operator's managers write, the driver reads their own) and validate.
 */
export const driverFiles = router({
  list: authedProcedure.input(checkedByUseCase<ListDriverFilesInput>()).query(({ ctx, input }) => listDriverFiles(ctx, input)),
  get: authedProcedure.input(checkedByUseCase<DriverFileInput>()).query(({ ctx, input }) => getDriverFile(ctx, input)),
  update: authedProcedure.input(checkedByUseCase<UpdateDriverFileInput>()).mutation(({ ctx, input }) => updateDriverFile(ctx, input)),
  addItem: authedProcedure.input(checkedByUseCase<AddFileItemInput>()).mutation(({ ctx, input }) => addFileItem(ctx, input)),
  updateItem: authedProcedure.input(checkedByUseCase<UpdateFileItemInput>()).mutation(({ ctx, input }) => updateFileItem(ctx, input)),
  deleteItem: authedProcedure.input(checkedByUseCase<{ id: number }>()).mutation(({ ctx, input }) => deleteFileItem(ctx, input)),
})
