import { createCompany, createCompanyInput } from '../companies/create-company.ts'
import { listMyCompanies } from '../companies/list-my-companies.ts'
import { listEmployees, listEmployeesInput, updateRoleStatusInput, updateUserRoleStatus } from '../companies/employees.server.ts'
import {
  acceptJoinRequest,
  answerJoinRequestInput,
  joinCompanyInput,
  listJoinRequests,
  listJoinRequestsInput,
  rejectJoinRequest,
  requestToJoinCompany,
} from '../companies/join-requests.server.ts'
import { companySettingsInput, updateCompanySettings } from '../companies/company-settings.server.ts'
import { authedProcedure, router } from './init.ts'

export const appRouter = router({
  company: router({
    mine: authedProcedure.query(({ ctx }) => listMyCompanies(ctx)),
    create: authedProcedure.input(createCompanyInput).mutation(({ ctx, input }) => createCompany(ctx, input)),
    settings: authedProcedure.input(companySettingsInput).mutation(({ ctx, input }) => updateCompanySettings(ctx, input)),
  }),
  // The use cases validate again: the same rules whichever door is used.
  joinRequests: router({
    create: authedProcedure.input(joinCompanyInput).mutation(({ ctx, input }) => requestToJoinCompany(ctx, input)),
    list: authedProcedure.input(listJoinRequestsInput).query(({ ctx, input }) => listJoinRequests(ctx, input)),
    accept: authedProcedure.input(answerJoinRequestInput).mutation(({ ctx, input }) => acceptJoinRequest(ctx, input)),
    reject: authedProcedure.input(answerJoinRequestInput).mutation(({ ctx, input }) => rejectJoinRequest(ctx, input)),
  }),
  employees: router({
    list: authedProcedure.input(listEmployeesInput).query(({ ctx, input }) => listEmployees(ctx, input)),
    setRoleActive: authedProcedure.input(updateRoleStatusInput).mutation(({ ctx, input }) => updateUserRoleStatus(ctx, input)),
  }),
})

export type AppRouter = typeof appRouter
