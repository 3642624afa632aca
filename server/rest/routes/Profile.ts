import { z } from 'zod'
import { resetAuthenticator } from '../../auth/account.server.ts'
import { getProfile, updateProfile, updateProfileInput } from '../../auth/profile.server.ts'
import { defineRoute } from '../route.ts'

/** /api/Profile/…: the caller's profile and authenticator secret. */
export const profileRoutes = [
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
]
