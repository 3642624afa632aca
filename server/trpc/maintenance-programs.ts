import type { z } from 'zod'
import type {
  AddServiceTaskInput,
  CreateServiceProgramInput,
  SetServiceProgramVehiclesInput,
  UpdateServiceProgramInput,
  UpdateServiceTaskInput,
  companyIdInput,
  copyServiceTemplateInput,
  programIdInput,
  taskIdInput,
} from '../maintenance/program-schema.ts'
import {
  addServiceTask,
  copyServiceTemplate,
  createServiceProgram,
  deleteServiceProgram,
  deleteServiceTask,
  getServiceProgram,
  listProgramVehicleChoices,
  listServicePrograms,
  listServiceTemplates,
  setServiceProgramVehicles,
  updateServiceProgram,
  updateServiceTask,
  type vehicleChoicesInput,
} from '../maintenance/programs.server.ts'
import { trpcIdempotent } from './idempotent.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

/**
 * `maintenance.programs.*` (issue 35, decision 084): the service programs for widgets. The use
 * cases authorize (Owner managers of the program's company) and validate (every field's message).
 */
export const maintenancePrograms = router({
  list: authedProcedure.input(checkedByUseCase<z.input<typeof companyIdInput>>()).query(({ ctx, input }) => listServicePrograms(ctx, input)),
  get: authedProcedure.input(checkedByUseCase<z.input<typeof programIdInput>>()).query(({ ctx, input }) => getServiceProgram(ctx, input)),
  templates: authedProcedure.query(({ ctx }) => listServiceTemplates(ctx)),
  vehicleChoices: authedProcedure.input(checkedByUseCase<z.input<typeof vehicleChoicesInput>>()).query(({ ctx, input }) => listProgramVehicleChoices(ctx, input)),
  copyTemplate: authedProcedure
    .input(checkedByUseCase<z.input<typeof copyServiceTemplateInput> & { idempotencyKey?: string }>())
    .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'maintenance.copyTemplate', ['companyId', 'templateKey'], (c, i) => copyServiceTemplate(c, i))),
  create: authedProcedure
    .input(checkedByUseCase<CreateServiceProgramInput & { idempotencyKey?: string }>())
    .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'maintenance.createProgram', ['companyId'], (c, i) => createServiceProgram(c, i))),
  update: authedProcedure.input(checkedByUseCase<UpdateServiceProgramInput>()).mutation(({ ctx, input }) => updateServiceProgram(ctx, input)),
  delete: authedProcedure.input(checkedByUseCase<z.input<typeof programIdInput>>()).mutation(({ ctx, input }) => deleteServiceProgram(ctx, input)),
  addTask: authedProcedure
    .input(checkedByUseCase<AddServiceTaskInput & { idempotencyKey?: string }>())
    .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'maintenance.addTask', ['programId'], (c, i) => addServiceTask(c, i))),
  updateTask: authedProcedure.input(checkedByUseCase<UpdateServiceTaskInput>()).mutation(({ ctx, input }) => updateServiceTask(ctx, input)),
  deleteTask: authedProcedure.input(checkedByUseCase<z.input<typeof taskIdInput>>()).mutation(({ ctx, input }) => deleteServiceTask(ctx, input)),
  setVehicles: authedProcedure.input(checkedByUseCase<SetServiceProgramVehiclesInput>()).mutation(({ ctx, input }) => setServiceProgramVehicles(ctx, input)),
})
