import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { clearPendingSignup, readPendingSignup } from '#app/utils/external-auth.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { anonymousPage, attempt, formFailure } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { EXTERNAL_TEXT, loginOrRegisterWithExternal } from '#server/auth/external/external-login.server.ts'
import { PROVIDER_LABELS } from '#server/auth/external/providers.server.ts'
import { signedInLanguageCookie } from '../utils/language.server.ts'
import { createWebSession } from '#server/auth/web-session.server.ts'
import { sessionCookieHeader } from '#server/auth/session-cookie.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'

/** Configure account (`/configure-account`): the roles of an external registration, then the session. */

export async function configureAccountLoader({ request }: LoaderFunctionArgs) {
  const claims = await readPendingSignup(request)
  if (!claims) {
    if ((await getActor(request)).kind === 'user') throw redirect('/dashboard')
    throw redirect('/login')
  }
  const t = translator(localeOfRequest(request))
  return {
    title: t('Configure account'),
    provider: PROVIDER_LABELS[claims.provider],
    email: claims.email,
    name: [claims.givenName, claims.familyName].filter(Boolean).join(' ') || claims.name || null,
    messages: routeMessages(request, 'auth'),
  }
}

export type ConfigureAccountResult = { formError?: string; fieldErrors?: Record<string, string>; roles?: string[]; companyCode?: string }

export async function configureAccountAction(args: ActionFunctionArgs) {
  const { request, context } = args
  const claims = await readPendingSignup(request)
  if (!claims) return redirectWithToast('/login', { type: 'error', message: TEXT.externalRegistrationFailed })
  const form = await request.formData()
  const roles = form.getAll('roles').filter((r): r is string => typeof r === 'string')
  const companyCode = String(form.get('companyCode') ?? '').trim()
  const ctx = anonymousPage(args)
  const signedUp = await attempt(
    async () => {
      const result = await loginOrRegisterWithExternal(ctx, { provider: claims.provider, claims, roles, companyCode: companyCode || null })
      if (result.status === 'needsRoles') {
        return data<ConfigureAccountResult>(
          { formError: translateForRequest(EXTERNAL_TEXT.chooseRole), fieldErrors: { roles: translateForRequest(EXTERNAL_TEXT.chooseRole) }, roles, companyCode },
          { status: 400 },
        )
      }
      const { token } = await createWebSession(ctx.db, result.userId, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
      const headers = new Headers()
      headers.append('Set-Cookie', await clearPendingSignup())
      headers.append('Set-Cookie', sessionCookieHeader(token))
      headers.append('Set-Cookie', await signedInLanguageCookie(ctx, result.userId))
      return redirect(result.created ? '/completeProfile' : '/dashboard', { headers })
    },
    { log: 'external registration failed' },
  )
  if (signedUp.ok) return signedUp.value
  const { error } = signedUp
  if (error.code === 'BAD_REQUEST') {
    // Fixable here: a role or a company code.
    return formFailure(error, { roles, companyCode })
  }
  const message = error.code === 'CONFLICT' ? error.message : TEXT.externalRegistrationFailed
  return redirectWithToast('/login', { type: 'error', message }, { headers: { 'Set-Cookie': await clearPendingSignup() } })
}
