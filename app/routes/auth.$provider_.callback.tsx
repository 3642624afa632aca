import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import {
  clearIntent,
  clearStateCookies,
  commitPendingSignup,
  finishExternalSignIn,
  readIntent,
} from '#app/utils/external-auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { linkExternalIdentity, loginOrRegisterWithExternal } from '#server/auth/external/external-login.server.ts'
import { parseExternalProvider, providerConfig, type VerifiedExternalClaims } from '#server/auth/external/providers.server.ts'
import { createWebSession } from '#server/auth/web-session.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { sessionCookieHeader } from '#server/http/session-cookie.server.ts'
import { logger } from '#server/log.server.ts'

/**
 * /auth/google/callback, /auth/apple/callback (the redirect URI registered with the
 * provider). Existing identity → web session → /dashboard; unknown identity → the verified
 * claims wait in a short-lived signed cookie → /configure-account; a flow started from the
 * profile links the provider → /profile. Failures → /login with "Error during external login".
 *
 * The file name's `_` keeps this route out of `auth.$provider` (no shared layout or loader).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = parseExternalProvider(params.provider)
  if (!provider || !providerConfig(provider)) {
    return redirectWithToast('/login', { type: 'error', message: TEXT.externalLoginFailed })
  }
  const headers = new Headers()
  for (const c of clearStateCookies(request, provider)) headers.append('Set-Cookie', c)
  const intent = await readIntent(request, provider)
  headers.append('Set-Cookie', await clearIntent())
  const failTo = intent === 'link' ? '/profile' : '/login'

  let claims: VerifiedExternalClaims
  try {
    claims = await finishExternalSignIn(request, provider)
  } catch (error) {
    // Cancelled at the provider, a stale or forged state, or a token that failed verification.
    logger().warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'external sign-in callback refused')
    return redirectWithToast(failTo, { type: 'error', message: TEXT.externalLoginFailed }, { headers })
  }

  const db = getDb()
  const actor = await getActor(request)
  const ctx = { db, actor, ip: context.clientIp }
  try {
    if (intent === 'link' && actor.kind === 'user') {
      const { message } = await linkExternalIdentity(ctx, provider, claims)
      return redirectWithToast('/profile', { type: 'success', message }, { headers })
    }
    const result = await loginOrRegisterWithExternal(ctx, { provider, claims })
    if (result.status === 'needsRoles') {
      headers.append('Set-Cookie', await commitPendingSignup(result.claims))
      return redirect('/configure-account', { headers })
    }
    const { token } = await createWebSession(db, result.userId, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
    headers.append('Set-Cookie', sessionCookieHeader(token))
    return redirect(result.created ? '/completeProfile' : '/dashboard', { headers })
  } catch (error) {
    if (isAppError(error) && error.status < 500 && error.status !== 401) {
      // A clear reason the user can act on (e.g. the email already has an account).
      return redirectWithToast(failTo, { type: 'error', message: error.message }, { headers })
    }
    if (!isAppError(error)) logger().error({ provider, err: error }, 'external sign-in failed')
    return redirectWithToast(failTo, { type: 'error', message: TEXT.externalLoginFailed }, { headers })
  }
}

/**
 * Apple answers with `response_mode=form_post`: a cross-site POST that carries no SameSite=Lax
 * cookie. A 303 turns it into a top-level GET of the same URL, which does carry them, and
 * the loader above handles it like any other provider's callback.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const url = new URL(request.url)
  for (const key of ['code', 'state', 'error', 'error_description', 'user']) {
    const value = form.get(key)
    if (typeof value === 'string' && value) url.searchParams.set(key, value.slice(0, 4000))
  }
  return redirect(`${url.pathname}${url.search}`, 303)
}
