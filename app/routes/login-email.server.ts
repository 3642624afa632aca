import { signedCookie } from '#app/utils/signed-cookie.server.ts'

/**
 * The email a registration just used, so that the login page it leads to has it filled in
 * (issue 12; works without JavaScript: the login loader reads it). Signed, HTTP-only, and
 * gone after 10 minutes or a completed login. The address stays out of the URL
 * (and so out of the history and the access logs).
 */
const loginEmailCookie = () => signedCookie('operon_login_email', 10 * 60)

/** The Set-Cookie header that remembers `email` for the next login page. */
export async function rememberLoginEmail(email: string): Promise<string> {
  return loginEmailCookie().serialize(email.trim().toLowerCase())
}

/** The Set-Cookie header that forgets it (after a completed login). */
export async function forgetLoginEmail(): Promise<string> {
  return loginEmailCookie().serialize('', { maxAge: 0 })
}

/** The remembered email, or '' (a tampered or expired cookie reads as none). */
export async function readLoginEmail(request: Request): Promise<string> {
  const value: unknown = await loginEmailCookie().parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length <= 254 ? value : ''
}
