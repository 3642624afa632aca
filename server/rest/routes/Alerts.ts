import { z } from 'zod'
import { ALERT_TYPES } from '#catalog/statuses.ts'
import { getVehicleAlerts } from '../../alerts/alerts.server.ts'
import { idSchema } from '../../validation.ts'
import { defineRoute } from '../route.ts'

/** /api/Alerts/… (API.md "Dashboard and profile"). */
export const alertsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Alerts/getVehicleAlerts',
    tag: 'Alerts',
    summary: "The owner company's vehicle alerts (license, insurance, next inspection), most urgent first",
    auth: 'user',
    query: z.object({ companyId: idSchema }),
    response: z.array(
      z.object({
        level: z.union([z.literal(0), z.literal(1)]).describe('0 Warning (within 30 days), 1 Alert (today or past)'),
        vehicleIdentifier: z.string(),
        alertType: z.enum(ALERT_TYPES),
        dueDate: z.string().describe('YYYY-MM-DD'),
      }),
    ),
    errors: [403],
    handler: (ctx) => getVehicleAlerts(ctx, { companyId: ctx.query.companyId }),
  }),
]
