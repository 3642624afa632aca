import { saveAdditionalData, saveAdditionalDataInput } from '../../auth/profile.server.ts'
import { defineRoute } from '../route.ts'

/** /api/UserInfo/…: profile completion. */
export const userInfoRoutes = [
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
