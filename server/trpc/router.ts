import { createCompany, createCompanyInput } from '../companies/create-company.ts'
import { listMyCompanies } from '../companies/list-my-companies.ts'
import { authedProcedure, router } from './init.ts'

export const appRouter = router({
  company: router({
    mine: authedProcedure.query(({ ctx }) => listMyCompanies(ctx)),
    create: authedProcedure.input(createCompanyInput).mutation(({ ctx, input }) => createCompany(ctx, input)),
  }),
})

export type AppRouter = typeof appRouter
