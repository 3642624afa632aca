import { z } from 'zod'
import { createCompany, createCompanyInput } from '../../companies/create-company.ts'
import { listMyCompanies } from '../../companies/list-my-companies.ts'
import { defineRoute } from '../route.ts'
import { userInCompanyWithRoleSchema } from './shapes.ts'

export const companyRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Company/mine',
    tag: 'Company',
    summary: "The caller's companies with their active roles (userInCompanyWithRole)",
    auth: 'user',
    response: z.array(userInCompanyWithRoleSchema),
    handler: (ctx) => listMyCompanies(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Company/create',
    tag: 'Company',
    summary: 'Create a company; the caller becomes its manager for every type',
    auth: 'user',
    body: createCompanyInput,
    status: 201,
    response: userInCompanyWithRoleSchema,
    handler: (ctx) => createCompany(ctx, ctx.body),
  }),
]
