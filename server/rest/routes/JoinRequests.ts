import { z } from 'zod'
import { companySettingsInput, updateCompanySettings } from '../../companies/company-settings.server.ts'
import { listEmployees, listEmployeesInput, updateRoleStatusInput, updateUserRoleStatus } from '../../companies/employees.server.ts'
import {
  acceptJoinRequest,
  answerJoinRequestInput,
  joinCompanyInput,
  listJoinRequests,
  listJoinRequestsInput,
  rejectJoinRequest,
  requestToJoinCompany,
} from '../../companies/join-requests.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema } from './shapes.ts'

const joinRequestRow = z.object({ id: z.number(), name: z.string(), role: z.string(), requestDate: z.string(), status: z.string() })
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

export const peopleRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/api/Company/settings',
    tag: 'Company',
    summary: 'Company settings (managers): name, time zone, repair shop by code',
    auth: 'user',
    body: companySettingsInput,
    errors: [403],
    handler: (ctx) => updateCompanySettings(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/create',
    tag: 'JoinRequests',
    summary: 'Ask to join a company by its code',
    auth: 'user',
    body: joinCompanyInput,
    status: 201,
    response: z.object({ id: z.number(), status: z.literal('Pending') }),
    errors: [404, 409],
    handler: async (ctx) => {
      const { id, status } = await requestToJoinCompany(ctx, ctx.body)
      return { id, status }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/getUsersRequests',
    tag: 'JoinRequests',
    summary: 'Join requests of a company for a role the caller manages',
    auth: 'user',
    body: listJoinRequestsInput,
    response: z.array(joinRequestRow),
    errors: [403],
    handler: (ctx) => listJoinRequests(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/accept',
    tag: 'JoinRequests',
    summary: 'Accept a Pending join request (gives the role)',
    auth: 'user',
    body: answerJoinRequestInput,
    response: messageSchema,
    errors: [404, 409],
    handler: (ctx) => acceptJoinRequest(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/decline',
    tag: 'JoinRequests',
    summary: 'Reject a Pending join request',
    auth: 'user',
    body: answerJoinRequestInput,
    response: messageSchema,
    errors: [404, 409],
    handler: (ctx) => rejectJoinRequest(ctx, ctx.body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Employee/getEmployees',
    tag: 'Employee',
    summary: 'People holding roles the caller manages in the company (page and pageSize optional)',
    auth: 'user',
    query: listEmployeesInput,
    response: z.array(employee),
    errors: [403],
    handler: async (ctx) => (await listEmployees(ctx, ctx.query)).items,
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
