import { z } from 'zod'
import { COMPANY_TYPES } from '#catalog/roles.ts'

/** Response shapes shared by several paths (documented in /api/openapi.json). */
export const userInCompanyWithRoleSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyIdentifier: z.string(),
  companyTypes: z.array(z.enum(COMPANY_TYPES)),
  userRoles: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

export const messageSchema = z.object({ message: z.string() })
