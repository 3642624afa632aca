import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { clearIntent, clearStateCookies, commitPendingSignup, finishExternalSignIn, readIntent } from '#app/utils/external-auth.server.ts'
import { attempt, callerContext } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { linkExternalIdentity, loginOrRegisterWithExternal } from '#server/auth/external/external-login.server.ts'
import { parseExternalProvider, providerConfig, type VerifiedExternalClaims } from '#server/auth/external/providers.server.ts'
import { signedInLanguageCookie } from '../utils/language.server.ts'
import { createWebSession } from '#server/auth/web-session.server.ts'
import { sessionCookieHeader } from '#server/auth/session-cookie.server.ts'
import { logger } from '#server/log.server.ts'

/**
 * The external sign-in callback (`/auth/{provider}/callback`). Existing identity → web session →
 * /dashboard; unknown identity → the verified claims wait in a short-lived signed cookie →
 * /configure-account; a flow started from the profile links the provider → /profile. Failures →
 * /login with "Error during external login".
 */
export async function externalCallbackLoader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
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

  const ctx = await callerContext(args)
  const signedIn = await attempt(
    async () => {
      if (intent === 'link' && ctx.actor.kind === 'user') {
        const { message } = await linkExternalIdentity(ctx, provider, claims)
        return redirectWithToast('/profile', { type: 'success', message }, { headers })
      }
      const result = await loginOrRegisterWithExternal(ctx, { provider, claims })
      if (result.status === 'needsRoles') {
        headers.append('Set-Cookie', await commitPendingSignup(result.claims))
        return redirect('/configure-account', { headers })
      }
      const { token } = await createWebSession(ctx.db, result.userId, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
      headers.append('Set-Cookie', sessionCookieHeader(token))
      headers.append('Set-Cookie', await signedInLanguageCookie(ctx, result.userId))
      return redirect(result.created ? '/completeProfile' : '/dashboard', { headers })
    },
    { log: 'external sign-in failed', provider },
  )
  if (signedIn.ok) return signedIn.value
  const { error } = signedIn
  // A clear reason the user can act on (e.g. the email already has an account).
  const message = error.status < 500 && error.status !== 401 ? error.message : TEXT.externalLoginFailed
  return redirectWithToast(failTo, { type: 'error', message }, { headers })
}

/**
 * Apple answers with `response_mode=form_post`: a cross-site POST that carries no SameSite=Lax
 * cookie. A 303 turns it into a top-level GET of the same URL, which does carry them, and
 * the loader above handles it like any other provider's callback.
 */
export async function externalCallbackAction({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const url = new URL(request.url)
  for (const key of ['code', 'state', 'error', 'error_description', 'user']) {
    const value = form.get(key)
    if (typeof value === 'string' && value) url.searchParams.set(key, value.slice(0, 4000))
  }
  return redirect(`${url.pathname}${url.search}`, 303)
}
