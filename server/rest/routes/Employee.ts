import { z } from 'zod'
import { listEmployees, listEmployeesInput, updateRoleStatusInput, updateUserRoleStatus } from '../../companies/employees.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema } from './shapes.ts'

const employee = z.object({
  id: z.number(),
  personalIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roleList: z.array(z.object({ id: z.number(), name: z.string(), isActive: z.boolean() })),
})

/** /api/Employee/…: the people of a company and their roles. */
export const employeeRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Employee/getEmployees',
    tag: 'Employee',
    summary: 'People holding roles the caller manages in the company (page and pageSize optional)',
    auth: 'user',
    query: listEmployeesInput,
    response: z.array(employee),
    errors: [403],
    // The documented shape (the pages also show the roles the caller does not manage, and drivers' expired documents).
    handler: async (ctx) => (await listEmployees(ctx, ctx.query)).items.map(({ companyRoles: _all, driverExpiry: _expiry, ...e }) => e),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Employee/updateUserRoleStatus',
    tag: 'Employee',
    summary: "Activate or deactivate a user's role in the company",
    auth: 'user',
    body: updateRoleStatusInput,
    response: messageSchema,
    errors: [403, 404, 409],
    handler: (ctx) => updateUserRoleStatus(ctx, ctx.body),
  }),
]
