import { z } from 'zod'
import { TEXT } from '#catalog/texts.ts'
import { deleteAccount } from '../../auth/account.server.ts'
import { refreshApiSession, refreshInput, startApiSession } from '../../auth/api-session.server.ts'
import { EXTERNAL_TEXT, loginOrRegisterWithExternal } from '../../auth/external/external-login.server.ts'
import { completeLogin, completeLoginInput, loginInput, resendCodeInput, resendEmailCode, startLogin } from '../../auth/login.server.ts'
import { checkMailExists, registerInput, registerUser } from '../../auth/register.server.ts'
import { AppError } from '../../errors.ts'
import { parseInput } from '../../validation.ts'
import { defineRoute } from '../route.ts'
import { messageSchema, userInCompanyWithRoleSchema } from './shapes.ts'

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

/** /api/Auth/…: registration, sign-in (password, second factor, external provider), tokens, account deletion. */
export const authRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/Auth/register',
    tag: 'Auth',
    summary: 'Create an account (and a company, or join requests by company code)',
    auth: 'public',
    body: registerInput,
    response: z.object({ message: z.string(), otpSecretKey: z.string().nullable() }),
    errors: [409],
    handler: async (ctx) => {
      const { message, otpSecretKey } = await registerUser(ctx, ctx.body)
      return { message, otpSecretKey }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Auth/login',
    tag: 'Auth',
    summary: 'Password step; Email accounts receive their code',
    auth: 'public',
    body: loginInput,
    response: z.object({ twoFactorType: z.number(), isFirstLogin: z.boolean(), otpSecretKey: z.string().nullable() }),
    handler: async (ctx) => {
      const { twoFactorType, isFirstLogin, otpSecretKey } = await startLogin(ctx, ctx.body)
      return { twoFactorType, isFirstLogin, otpSecretKey }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Auth/completeLogin',
    tag: 'Auth',
    summary: 'Second-factor step; answers the token response',
    auth: 'public',
    body: completeLoginInput,
    response: tokenResponse,
    handler: async (ctx) => {
      const { userId } = await completeLogin(ctx, ctx.body)
      return startApiSession(ctx.db, userId, new Date(), { fullSignIn: true })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Auth/resendEmailCode',
    tag: 'Auth',
    summary: 'Send a new email code (replaces the old one)',
    auth: 'public',
    body: resendCodeInput,
    response: messageSchema,
    handler: (ctx) => resendEmailCode(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/refreshToken',
    tag: 'Auth',
    summary: 'Rotate the refresh token; reuse of a used one revokes the session',
    auth: 'public',
    body: refreshInput,
    response: tokenResponse.omit({ userId: true }),
    handler: async (ctx) => {
      const { accessToken, refreshToken, userInCompanyWithRole } = await refreshApiSession(ctx.db, ctx.body)
      return { accessToken, refreshToken, userInCompanyWithRole }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Auth/checkMail',
    tag: 'Auth',
    summary: 'Whether an account uses this email',
    auth: 'public',
    query: z.object({ email: z.string().max(254).default('') }),
    response: z.boolean(),
    handler: (ctx) => checkMailExists(ctx, ctx.query.email),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/Auth/deleteAccount',
    tag: 'Auth',
    summary: "Delete the caller's account",
    auth: 'user',
    response: messageSchema,
    errors: [409],
    handler: (ctx) => deleteAccount(ctx),
  }),
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
