import { z } from 'zod'
import { getDashboardUserInfo, getUserInfo } from '../../auth/profile.server.ts'
import { getOperatorStatsByCompanyId } from '../../dashboards/operator-stats.server.ts'
import { companyStatsInput, getOwnerStatsByCompanyId } from '../../dashboards/owner-stats.server.ts'
import { defineRoute } from '../route.ts'

const optionalUserId = z.object({ userId: z.coerce.number().int().positive().optional() })

/** /api/Dashboard/… */
export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/GetUserInfo',
    tag: 'Dashboard',
    summary: "The caller's user info",
    auth: 'user',
    query: optionalUserId,
    errors: [403],
    handler: (ctx) => getUserInfo(ctx, ctx.query.userId),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/GetDashboardUserInfo',
    tag: 'Dashboard',
    summary: "The caller's name, photo and join date",
    auth: 'user',
    query: optionalUserId,
    response: z.object({ name: z.string(), profilePhoto: z.string().nullable(), joinDate: z.string() }),
    errors: [403],
    handler: (ctx) => getDashboardUserInfo(ctx, ctx.query.userId),
  }),
]

// Company statistics (issue 11): the owner's and the operator's dashboard cards.
export const companyStatsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/getOwnerStatsByCompanyId',
    tag: 'Dashboard',
    summary: "The owner company's statistics (Owner)",
    auth: 'user',
    query: companyStatsInput,
    response: z.object({ vehiclesRegistered: z.number().int(), assignedVehicles: z.number().int(), documentsUploaded: z.number().int() }),
    errors: [403],
    handler: (ctx) => getOwnerStatsByCompanyId(ctx, ctx.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/getOperatorStatsByCompanyId',
    tag: 'Dashboard',
    summary: "The operator company's statistics (Operator)",
    auth: 'user',
    query: companyStatsInput,
    response: z.object({
      totalVehicles: z.number().int(),
      totalMissions: z.number().int(),
      numberOfDrivers: z.number().int(),
      numberOfMechanics: z.number().int(),
      respondedJoinRequests: z.number().int(),
      totalMilesDrivenLastMonth: z.number().int(),
    }),
    errors: [403],
    handler: (ctx) => getOperatorStatsByCompanyId(ctx, ctx.query),
  }),
]
