import { z } from 'zod'
import { COMPANY_TYPES } from '#catalog/roles.ts'
import { idSchema } from '../../validation.ts'

/** Response shapes shared by several paths (documented in /api/openapi.json). */
export const userInCompanyWithRoleSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyIdentifier: z.string(),
  companyTypes: z.array(z.enum(COMPANY_TYPES)),
  userRoles: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

export const messageSchema = z.object({ message: z.string() })

/** `?vehicleId=` of the paths that read one vehicle's records. */
export const vehicleQuery = z.object({ vehicleId: idSchema })
