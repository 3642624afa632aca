import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { anonymousPage, attempt, translateFieldErrors } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { rememberLoginEmail } from '#app/routes/login-email.server.ts'
import { passwordChecks } from '#server/auth/password-rules.ts'
import { registerUser } from '#server/auth/register.server.ts'
import { totpUri } from '#server/auth/totp.server.ts'
import { createFallbackQuestion, verifyCaptchaForm } from '#server/captcha/captcha.server.ts'
import { REGISTRATION_ROLES } from '#catalog/roles.ts'
import { TEXT } from '#catalog/texts.ts'
import { timeZoneNames } from '#catalog/company-settings.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'

/** The registration page (`/register`): the spec's order of checks, then the use case. */

export async function registerPageLoader({ request }: LoaderFunctionArgs) {
  if ((await getActor(request)).kind === 'user') throw redirect('/dashboard')
  // A new company's time zone is asked for (decision 063).
  const t = translator(localeOfRequest(request))
  return { title: t('Register'), captchaFallback: createFallbackQuestion(), timeZones: timeZoneNames(), messages: routeMessages(request, 'auth') }
}

export type RegisterResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; values: Record<string, string | string[]> }
  | { ok: true; qr: string; secret: string; email: string }

export async function registerPageAction(args: ActionFunctionArgs) {
  const { request, context } = args
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const roles = form.getAll('roles').map(String)
  const companyMode = text('companyMode') || (text('companyName') ? 'create' : 'join')
  const values = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    twoFactorType: text('twoFactorType'),
    roles,
    companyMode,
    companyCode: text('companyCode'),
    companyName: text('companyName'),
    timeZone: text('timeZone'),
    /** Given back so a refused registration keeps the box ticked (no JavaScript). */
    terms: form.get('terms') === 'on' ? 'on' : '',
  }
  // In the page's language (decision 074): the English texts are the message ids.
  const fail = (error: string, fieldErrors: Record<string, string> = {}, status = 400) =>
    data<RegisterResult>({ ok: false, error: translateForRequest(error), fieldErrors: translateFieldErrors(fieldErrors), values }, { status })

  const password = String(form.get('password') ?? '')
  const confirm = String(form.get('confirmPassword') ?? '')
  // The spec's order of checks and its texts.
  if (form.get('terms') !== 'on') return fail(TEXT.readTermsFirst, { terms: TEXT.readTermsFirst })
  if (!passwordChecks(password, confirm).every((c) => c.ok)) return fail(TEXT.passwordRequirements, { password: TEXT.passwordRequirements })
  const captcha = await attempt(() => verifyCaptchaForm(form, { ip: context.clientIp, account: values.email }))
  if (!captcha.ok) return fail(captcha.error.message, { altcha: captcha.error.message }, captcha.error.status)
  if (!captcha.value) return fail(TEXT.completeCaptcha, { altcha: TEXT.completeCaptcha })

  const outcome = await attempt(async () => {
    const manager = roles.some((r) => REGISTRATION_ROLES.find((x) => x.name === r)?.companyType)
    const registered = await registerUser(
      anonymousPage(args),
      {
        username: values.email,
        password,
        firstName: values.firstName,
        lastName: values.lastName,
        role: roles,
        twoFactorType: values.twoFactorType,
        // Only what the chosen roles need is sent (spec section 5).
        companyCode: companyMode === 'join' && (manager || values.companyCode) ? values.companyCode : undefined,
        companyName: companyMode === 'create' && manager ? values.companyName : undefined,
        // The form always sends a zone; an empty one is refused rather than defaulted (decision 063).
        timeZone: companyMode === 'create' && manager && form.has('timeZone') ? values.timeZone : undefined,
      },
    )
    // The login page that follows has the email filled in (issue 12).
    const headers = { 'Set-Cookie': await rememberLoginEmail(values.email) }
    if (registered.otpSecretKey) {
      return data<RegisterResult>(
        { ok: true, qr: await qrDataUrl(totpUri(registered.otpSecretKey, values.email.toLowerCase())), secret: registered.otpSecretKey, email: values.email },
        { headers },
      )
    }
    return redirectWithToast('/login', { type: 'success', message: TEXT.registrationSuccessful }, { headers })
  })
  if (outcome.ok) return outcome.value
  const { error } = outcome
  const fieldErrors = { ...(error.fieldErrors ?? {}) }
  if (fieldErrors.username) fieldErrors.email = fieldErrors.username
  if (fieldErrors.role) fieldErrors.roles = fieldErrors.role
  return fail(error.message || TEXT.somethingWentWrong, fieldErrors, error.status)
}

