import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { env } from '#server/env.server.ts'
import { translateForRequest } from '#server/i18n/messages.server.ts'

export type ToastType = 'success' | 'error' | 'warning' | 'info'
export interface Toast {
  type: ToastType
  message: string
}

/** A one-time cookie carries a toast across a redirect (works without JavaScript). */
function storage() {
  return createCookieSessionStorage({
    cookie: {
      name: 'operon_toast',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: env().isProduction,
      secrets: [env().SESSION_SECRET],
    },
  })
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const s = storage()
  const session = await s.getSession()
  session.flash('toast', toast)
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await s.commitSession(session))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the pending toast. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const s = storage()
  const session = await s.getSession(request.headers.get('cookie'))
  const stored = (session.get('toast') as Toast | undefined) ?? null
  // Written in English (its message id), shown in the language of the page that shows it.
  const toast = stored ? { ...stored, message: translateForRequest(stored.message) } : null
  const headers = new Headers()
  if (toast) headers.append('Set-Cookie', await s.destroySession(session))
  return { toast, headers }
}
