import { signedCookie } from './signed-cookie.server.ts'

/** Holds the login challenge between the password step and the code step (10 minutes). */
export const loginCookie = () => signedCookie('operon_login', 10 * 60)

export async function readLoginChallenge(request: Request): Promise<string | null> {
  const value = (await loginCookie().parse(request.headers.get('cookie'))) as { challengeId?: string } | null
  return typeof value?.challengeId === 'string' ? value.challengeId : null
}

/** Only paths on this site: an open redirect would help phishing (decision 019). */
export { safeRedirect } from '#server/access/safe-redirect.ts'
