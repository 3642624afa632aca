import { z } from 'zod'
import { getDashboardUserInfo, getUserInfo } from '../../auth/profile.server.ts'
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
