import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { loginCookie, readLoginChallenge, safeRedirect } from '#app/utils/login-cookie.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { anonymousPage, attempt, translateFieldErrors } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { forgetLoginEmail, readLoginEmail } from '#app/routes/login-email.server.ts'
import { completeLogin, getPendingLoginStep, resendEmailCode, startLogin } from '#server/auth/login.server.ts'
import { configuredProviders } from '#server/auth/external/providers.server.ts'
import { totpUri } from '#server/auth/totp.server.ts'
import { signedInLanguageCookie } from '../utils/language.server.ts'
import { createWebSession } from '#server/auth/web-session.server.ts'
import { createFallbackQuestion, requireCaptcha } from '#server/captcha/captcha.server.ts'
import { env } from '#server/env.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'
import { sessionCookieHeader } from '#server/auth/session-cookie.server.ts'
import { LOGIN_INTENT } from '#app/components/auth/intents.ts'

/** The login page (`/login`): password, then the second factor; the code dialog is rebuilt from a cookie. */

export async function loginPageLoader(args: LoaderFunctionArgs) {
  const { request } = args
  if ((await getActor(request)).kind === 'user') throw redirect('/dashboard')
  const challengeId = await readLoginChallenge(request)
  const pending = challengeId ? await getPendingLoginStep(anonymousPage(args), challengeId) : null
  const step = pending
    ? {
        username: pending.username,
        twoFactorType: pending.twoFactorType,
        qr: pending.otpSecretKey ? await qrDataUrl(totpUri(pending.otpSecretKey, pending.username)) : null,
        secret: pending.otpSecretKey,
      }
    : null
  const t = translator(localeOfRequest(request))
  return {
    title: t('Log in'),
    demo: env().DEMO_DATA,
    step,
    captchaFallback: createFallbackQuestion(),
    providers: configuredProviders(),
    // The email just registered with (issue 12): the form starts with it filled in.
    email: await readLoginEmail(request),
    messages: routeMessages(request, 'auth'),
  }
}

export type LoginActionResult = { error?: string; fieldErrors?: Record<string, string>; info?: string }

export async function loginPageAction(args: ActionFunctionArgs) {
  const { request, context } = args
  const form = await request.formData()
  const intent = String(form.get('intent') ?? LOGIN_INTENT.password)
  const ctx = anonymousPage(args)
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  const result = await attempt(async () => {
    if (intent === LOGIN_INTENT.password) {
      await requireCaptcha(form, { ip: context.clientIp, account: String(form.get('email') ?? '') })
      const step = await startLogin(ctx, { username: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') })
      // Post/redirect/get: the code dialog is rebuilt by the loader from this cookie.
      return redirect(`/login${redirectTo !== '/dashboard' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`, {
        headers: { 'Set-Cookie': await loginCookie().serialize({ challengeId: step.challengeId }) },
      })
    }
    const challengeId = await readLoginChallenge(request)
    const pending = challengeId ? await getPendingLoginStep(ctx, challengeId) : null
    if (!pending) return redirectWithToast('/login', { type: 'error', message: 'Your login expired, please log in again' })
    if (intent === LOGIN_INTENT.resend) {
      const { message } = await resendEmailCode(ctx, { username: pending.username })
      return data<LoginActionResult>({ info: translateForRequest(message) })
    }
    const { userId } = await completeLogin(ctx, {
      username: pending.username,
      code: String(form.get('code') ?? ''),
      type: pending.twoFactorType,
      challengeId: pending.challengeId,
    })
    const { token } = await createWebSession(ctx.db, userId, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
    const headers = new Headers()
    headers.append('Set-Cookie', sessionCookieHeader(token))
    headers.append('Set-Cookie', await signedInLanguageCookie(ctx, userId))
    headers.append('Set-Cookie', await loginCookie().serialize('', { maxAge: 0 }))
    headers.append('Set-Cookie', await forgetLoginEmail())
    return redirect(redirectTo, { headers })
  })
  if (result.ok) return result.value
  const { error } = result
  // In the page's language (decision 074): the use case's English is the message id.
  const fieldErrors = error.code === 'BAD_REQUEST' ? translateFieldErrors(error.fieldErrors) : {}
  return data<LoginActionResult>({ error: translateForRequest(error.message), fieldErrors }, { status: error.status })
}
