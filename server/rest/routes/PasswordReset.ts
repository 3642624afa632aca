import { resetPassword, resetPasswordInput, sendPasswordResetLink, sendResetLinkInput } from '../../auth/password-reset.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema } from './shapes.ts'

/** /api/PasswordReset/… */
export const passwordResetRoutes = [
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
]
