import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { revokeWebSession } from '#server/auth/web-session.server.ts'
import { getDb } from '#server/db.server.ts'
import { clearSessionCookieHeader, readSessionToken } from '#server/auth/session-cookie.server.ts'

/** Top bar "Logout": ends the session at once and goes to /login. */
export async function action({ request }: ActionFunctionArgs) {
  const token = readSessionToken(request)
  if (token) await revokeWebSession(getDb(), token)
  return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookieHeader() } })
}

export const loader = () => redirect('/login')
