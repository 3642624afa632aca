import { commitFuelImport, discardFuelImport, fuelImportInput, getFuelImport, previewFuelImport, previewFuelImportInput } from '../costs/fuel-import.server.ts'
import { idempotencyKeyInput, trpcIdempotent } from './idempotent.ts'
import { authedProcedure, router } from './init.ts'

/**
 * tRPC `fuelImport.*` (issue 36, decision 085): the fuel card CSV as text, checked and staged;
 * then imported once (a second commit answers the first result). The use cases authorize: Owner
 * and Operator managers of the company.
 */
export const fuelImport = router({
  preview: authedProcedure.input(previewFuelImportInput).mutation(({ ctx, input }) => previewFuelImport(ctx, input)),
  get: authedProcedure.input(fuelImportInput).query(({ ctx, input }) => getFuelImport(ctx, input)),
  commit: authedProcedure
    .input(fuelImportInput.extend(idempotencyKeyInput))
    .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'fuelImport.commit', ['importId'], (c, i) => commitFuelImport(c, i))),
  discard: authedProcedure.input(fuelImportInput).mutation(({ ctx, input }) => discardFuelImport(ctx, input)),
})
