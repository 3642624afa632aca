import { z } from 'zod'
import { startApiSession } from '../../auth/api-session.server.ts'
import { EXTERNAL_TEXT, loginOrRegisterWithExternal } from '../../auth/external/external-login.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { AppError } from '../../errors.ts'
import { parseInput } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { userInCompanyWithRoleSchema } from './shapes.ts'

const tokenResponse = z.object({
  userId: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  userInCompanyWithRole: z.array(userInCompanyWithRoleSchema),
})

const externalBody = z.object({
  providerId: z.string({ message: 'providerId is required' }).trim().min(1, 'providerId is required').max(20),
  roles: z.union([z.string().max(40), z.array(z.string().max(40)).max(10)]).nullish(),
  companyCode: z.string().trim().max(20).nullish(),
})

/** The identity provider's ID token travels as the bearer (API.md). */
function providerToken(request: Request): string {
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim()
  if (!bearer) throw new AppError('UNAUTHORIZED', TEXT.invalidLogin)
  return bearer
}

export const externalRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Auth/LoginOrRegisterWithExternal',
    tag: 'Auth',
    summary:
      'Sign in, or create an account, with a Google or Apple ID token as the bearer. ' +
      `A new account needs roles (Driver, Mechanic); without them: 400 "${EXTERNAL_TEXT.chooseRole}". ` +
      'An unlinked identity whose email already has an account: 409 (sign in with the password and link the provider from the profile).',
    // Public for the adapter: the bearer is the provider's token, verified by the use case.
    auth: 'public',
    body: externalBody,
    response: tokenResponse,
    errors: [401, 409],
    handler: async (ctx) => {
      const body = parseInput(externalBody, ctx.body ?? {})
      const result = await loginOrRegisterWithExternal(ctx, {
        provider: body.providerId,
        idToken: providerToken(ctx.request),
        roles: body.roles,
        companyCode: body.companyCode,
      })
      if (result.status === 'needsRoles') {
        throw new AppError('BAD_REQUEST', EXTERNAL_TEXT.chooseRole, { fieldErrors: { roles: EXTERNAL_TEXT.chooseRole } })
      }
      return startApiSession(ctx.db, result.userId)
    },
  }),
]
