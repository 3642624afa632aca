import { z } from 'zod'
import { companySettingsInput, updateCompanySettings } from '../../companies/company-settings.server.ts'
import { createCompany, createCompanyInput } from '../../companies/create-company.ts'
import { listMyCompanies } from '../../companies/list-my-companies.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { defineRoute } from '../route.ts'
import { userInCompanyWithRoleSchema } from './shapes.ts'

/** /api/Company/…: the caller's companies, creation, settings. */
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
    handler: (ctx) => restIdempotent(ctx, 'company.create', 201, (c) => createCompany(c, ctx.body)),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Company/settings',
    tag: 'Company',
    summary: 'Company settings (managers): name, time zone, repair shop by code; costs (decision 085): `currency` (ISO 4217: USD, CAD, MXN, EUR, GBP) and, for the owner company’s Owner managers, `repairCostPayer` (owner, operatorPreTrip, operator); driver rules (issue 37, operator companies, their Operator managers): `expiredDriverPreTrip` (allow, refuse) and `hosCycle` (60/7, 70/8), answered under `drivers`',
    auth: 'user',
    body: companySettingsInput,
    errors: [403],
    // API.md's answer as it was: the address (decision 063) is the pages' and tRPC's.
    handler: async (ctx) => {
      const { address: _address, ...company } = await updateCompanySettings(ctx, ctx.body)
      return company
    },
  }),
]
