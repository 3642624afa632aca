import { createCookie } from '@remix-run/node'
import { env } from '#server/env.server.ts'

/**
 * A short-lived cookie signed with the session secret, HTTP-only, same-site lax, secure in
 * production: the login challenge, the email a registration just used, a pending external
 * sign-up. Path '/', since with JavaScript a page's data is fetched from `{path}.data`.
 */
export function signedCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env().isProduction,
    maxAge: maxAgeSeconds,
    secrets: [env().SESSION_SECRET],
  })
}
