import { z } from 'zod'
import { getDashboardUserInfo, getUserInfo } from '../../auth/profile.server.ts'
import { getOperatorStatsByCompanyId } from '../../dashboards/operator-stats.server.ts'
import { companyStatsInput, getOwnerStatsByCompanyId } from '../../dashboards/owner-stats.server.ts'
import { getDriverStatsByCompany } from '../../dashboards/driver-stats.server.ts'
import { getMechanicStats } from '../../dashboards/mechanic-stats.server.ts'
import { json } from '../respond.ts'
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
  // --- Personal statistics (i11a): 204 with no body when the caller holds no active role.
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/getDriverStatsByCompany',
    tag: 'Dashboard',
    summary: "The caller's driver statistics per company where the caller is an active Driver",
    auth: 'user',
    response: z.array(
      z.object({
        companyId: z.number(),
        driverStats: z.object({
          totalDrives: z.number(),
          milesDriven: z.number(),
          hoursDriven: z.number(),
          numberOfCars: z.number(),
          longestDriveStreak: z.number(),
          longestDriveMiles: z.number(),
        }),
      }),
    ),
    responseDescription: '204 without a body when the caller holds no active Driver role',
    handler: async (ctx) => (await getDriverStatsByCompany(ctx)) ?? json(null, 204),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Dashboard/getMechanicStats',
    tag: 'Dashboard',
    summary: "The caller's mechanic statistics over the inspections the caller signed",
    auth: 'user',
    response: z.object({
      totalInspections: z.number(),
      vehiclesInspected: z.number(),
      satisfactoryInspections: z.number(),
      unsatisfactoryInspections: z.number(),
      defectsFound: z.number(),
      photosTaken: z.number(),
    }),
    responseDescription: '204 without a body when the caller holds no active Mechanic role',
    handler: async (ctx) => (await getMechanicStats(ctx)) ?? json(null, 204),
  }),
  // --- end of personal statistics
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
