import { z } from 'zod'
import { deleteAccount, resetAuthenticator } from '../../auth/account.server.ts'
import { refreshApiSession, refreshInput, startApiSession } from '../../auth/api-session.server.ts'
import { completeLogin, completeLoginInput, loginInput, resendCodeInput, resendEmailCode, startLogin } from '../../auth/login.server.ts'
import { resetPassword, resetPasswordInput, sendPasswordResetLink, sendResetLinkInput } from '../../auth/password-reset.server.ts'
import {
  getDashboardUserInfo,
  getProfile,
  getUserInfo,
  saveAdditionalData,
  saveAdditionalDataInput,
  updateProfile,
  updateProfileInput,
} from '../../auth/profile.server.ts'
import { checkMailExists, registerInput, registerUser } from '../../auth/register.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema, userInCompanyWithRoleSchema } from './shapes.ts'

const tokenResponse = z.object({
  userId: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  userInCompanyWithRole: z.array(userInCompanyWithRoleSchema),
})
const optionalUserId = z.object({ userId: z.coerce.number().int().positive().optional() })

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
    method: 'GET',
    path: '/api/Profile/reset-otp',
    tag: 'Profile',
    summary: 'Replace the authenticator secret',
    auth: 'user',
    response: z.object({ userEmail: z.string(), secretKey: z.string() }),
    handler: (ctx) => resetAuthenticator(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Profile',
    tag: 'Profile',
    summary: "The caller's profile",
    auth: 'user',
    handler: (ctx) => getProfile(ctx),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Profile',
    tag: 'Profile',
    summary: 'Update profile fields, photo and licenses',
    auth: 'user',
    body: updateProfileInput,
    errors: [413, 415],
    handler: (ctx) => updateProfile(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/PasswordReset/send-reset-link',
    tag: 'PasswordReset',
    summary: 'Email a reset link (same answer for unknown emails)',
    auth: 'public',
    body: sendResetLinkInput,
    response: messageSchema,
    handler: (ctx) => sendPasswordResetLink(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/PasswordReset/reset-password',
    tag: 'PasswordReset',
    summary: 'Set a new password with a reset token',
    auth: 'public',
    body: resetPasswordInput,
    response: messageSchema,
    handler: (ctx) => resetPassword(ctx, ctx.body),
  }),
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
  defineRoute({
    method: 'POST',
    path: '/api/UserInfo/saveAdditionalData',
    tag: 'UserInfo',
    summary: 'Complete the profile',
    auth: 'user',
    body: saveAdditionalDataInput,
    errors: [403],
    // The id is checked against the caller before validation, so a foreign id is a 403.
    handler: (ctx) => saveAdditionalData(ctx, ctx.body),
  }),
]
