import { z } from 'zod'
import {
  addServiceTaskInput,
  companyIdInput,
  copyServiceTemplateInput,
  createServiceProgramInput,
  programIdInput,
  setServiceProgramVehiclesInput,
  taskIdInput,
  updateServiceProgramInput,
  updateServiceTaskInput,
} from '../../maintenance/program-schema.ts'
import {
  addServiceTask,
  copyServiceTemplate,
  createServiceProgram,
  deleteServiceProgram,
  deleteServiceTask,
  getServiceProgram,
  listServicePrograms,
  listServiceTemplates,
  setServiceProgramVehicles,
  updateServiceProgram,
  updateServiceTask,
} from '../../maintenance/programs.server.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/Maintenance/… of the service programs (issue 35, decision 084): an owner company's
 * preventive-maintenance programs, their tasks, their buses and the ready templates. Owner
 * managers of the company only (a program or task of another company: 404). Same controller as
 * Maintenance.ts, its own file; listed by routes/index.ts after the Maintenance paths.
 */

const ruleSchema = z
  .object({
    tag: z.array(z.string()).optional(),
    make: z.array(z.string()).optional(),
    model: z.array(z.string()).optional(),
    yearFrom: z.number().int().optional(),
    yearTo: z.number().int().optional(),
    fuelType: z.array(z.number().int()).optional(),
  })
  .describe('The fleet table’s filters: AND across fields, OR within one; every tag must match identifier, make, model, plate, VIN or colour')

const taskSchema = z.object({
  id: z.number().int(),
  programId: z.number().int(),
  name: z.string(),
  checklist: z.string().nullable(),
  intervalDays: z.number().int().nullable(),
  intervalMiles: z.number().int().nullable(),
  intervalHours: z.number().int().nullable(),
  soonDays: z.number().int().nullable(),
  soonMiles: z.number().int().nullable(),
  soonHours: z.number().int().nullable(),
  firstDueDate: z.string().nullable().describe('YYYY-MM-DD'),
  firstDueMiles: z.number().int().nullable(),
  firstDueHours: z.number().int().nullable(),
  position: z.number().int(),
})

const summarySchema = z.object({
  id: z.number().int(),
  ownerCompanyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  templateKey: z.string().nullable(),
  rule: ruleSchema.nullable(),
  version: z.number().int().describe('Send it back with an edit: an edit from an older version is refused (409)'),
  taskCount: z.number().int(),
  vehicleCount: z.number().int(),
  updatedAt: z.string(),
})

const detailSchema = summarySchema.extend({
  tasks: z.array(taskSchema),
  vehicles: z.array(
    z.object({
      vehicleId: z.number().int(),
      vehicleIdentifier: z.string(),
      make: z.string().nullable(),
      model: z.string().nullable(),
      licensePlate: z.string(),
      kind: z.enum(['pick', 'rule']),
      joinedOn: z.string().describe('YYYY-MM-DD'),
    }),
  ),
  matchedVehicles: z.number().int().describe('How many of the company’s buses the rule matches now'),
})

const templateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  help: z.string(),
  tasks: z.array(taskSchema.omit({ id: true, programId: true, firstDueDate: true, firstDueMiles: true, firstDueHours: true, position: true })),
})

const deletedSchema = z.object({ id: z.number().int(), message: z.string() })

export const serviceProgramRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getServicePrograms',
    tag: 'Maintenance',
    summary: "An owner company's service programs, with their task and bus counts (Owner managers)",
    auth: 'user',
    query: companyIdInput,
    response: z.object({ companyId: z.number().int(), programs: z.array(summarySchema) }),
    errors: [403],
    handler: (ctx) => listServicePrograms(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getServiceProgram',
    tag: 'Maintenance',
    summary: 'One service program: its tasks, its buses (picked or matched by the rule) and how many buses the rule matches',
    auth: 'user',
    query: programIdInput,
    response: detailSchema,
    errors: [404],
    handler: (ctx) => getServiceProgram(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Maintenance/getServiceTemplates',
    tag: 'Maintenance',
    summary: 'The ready service programs to copy: PM-A, PM-B, PM-C, oil and filter, brake inspection, California school bus (13 CCR 1232) and tour bus (Vehicle Code 34505) inspections',
    auth: 'user',
    response: z.array(templateSchema),
    handler: (ctx) => listServiceTemplates(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/copyServiceTemplate',
    tag: 'Maintenance',
    summary: 'Copy a template as a new service program of the company (Owner managers), then edit it',
    auth: 'user',
    body: copyServiceTemplateInput,
    status: 201,
    response: detailSchema,
    errors: [403, 409],
    handler: (ctx) => restIdempotent(ctx, `maintenance.copyTemplate:${operationTarget(ctx.body, 'companyId', 'templateKey')}`, 201, (c) => copyServiceTemplate(c, ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/createServiceProgram',
    tag: 'Maintenance',
    summary: 'Create a service program (name, description) of an owner company (Owner managers); 409 past the per-company cap',
    auth: 'user',
    body: createServiceProgramInput,
    status: 201,
    response: detailSchema,
    errors: [403, 409],
    handler: (ctx) => restIdempotent(ctx, `maintenance.createProgram:${operationTarget(ctx.body, 'companyId')}`, 201, (c) => createServiceProgram(c, ctx.body)),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Maintenance/updateServiceProgram',
    tag: 'Maintenance',
    summary: "Rename or describe a service program, from the version the edit started from (409 if it changed meanwhile)",
    auth: 'user',
    body: updateServiceProgramInput,
    response: detailSchema,
    errors: [404, 409],
    handler: (ctx) => updateServiceProgram(ctx, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Maintenance/deleteServiceProgram',
    tag: 'Maintenance',
    summary: 'Delete a service program, its tasks and its bus list; the service records stay (history)',
    auth: 'user',
    query: programIdInput,
    response: deletedSchema,
    errors: [404],
    handler: (ctx) => deleteServiceProgram(ctx, ctx.query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Maintenance/addServiceTask',
    tag: 'Maintenance',
    summary:
      'Add a task: an interval in days, miles and/or engine hours (at least one, each > 0; whichever comes first), a due-soon threshold per unit (smaller than its interval), an optional first due point',
    auth: 'user',
    body: addServiceTaskInput,
    status: 201,
    response: taskSchema,
    errors: [404, 409],
    handler: (ctx) => restIdempotent(ctx, `maintenance.addTask:${operationTarget(ctx.body, 'programId')}`, 201, (c) => addServiceTask(c, ctx.body)),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Maintenance/updateServiceTask',
    tag: 'Maintenance',
    summary: 'Replace a task’s fields; the next due point is recomputed from the last service with the new interval',
    auth: 'user',
    body: updateServiceTaskInput,
    response: taskSchema,
    errors: [404],
    handler: (ctx) => updateServiceTask(ctx, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Maintenance/deleteServiceTask',
    tag: 'Maintenance',
    summary: 'Remove a task from its program; its service records stay (history)',
    auth: 'user',
    query: taskIdInput,
    response: deletedSchema,
    errors: [404],
    handler: (ctx) => deleteServiceTask(ctx, ctx.query),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Maintenance/setServiceProgramVehicles',
    tag: 'Maintenance',
    summary:
      "Set a program's buses: those picked one by one (the whole picked set) and the rule (null: none). A rule keeps matching buses added later; a rule matching no bus is allowed and the answer says so. Another company's bus: 404 naming vehicleIds",
    auth: 'user',
    body: setServiceProgramVehiclesInput,
    response: z.object({ program: detailSchema, matchedVehicles: z.number().int(), message: z.string().nullable() }),
    errors: [404, 409],
    handler: (ctx) => setServiceProgramVehicles(ctx, ctx.body),
  }),
]
