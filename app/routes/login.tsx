import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { AuthShell, FormMessage } from '#app/components/auth/auth-shell.tsx'
import { FieldError } from '#app/components/forms/field.tsx'
import { ModalPanel } from '#app/components/auth/modal-panel.tsx'
import { Captcha } from '#app/components/captcha.tsx'
import { DemoLogins } from '#app/components/demo-logins.tsx'
import { ExternalSignInButtons } from '#app/components/external-sign-in-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { rich, slots } from '#app/components/auth/rich-text.tsx'
import { msg } from '#catalog/i18n.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { useT } from '#app/utils/i18n.tsx'
import { useCountdown } from '#app/utils/use-countdown.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { loginPageAction, loginPageLoader, type LoginActionResult } from '#app/routes/login-page.server.ts'
import { LOGIN_INTENT } from '#app/components/auth/intents.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Log in'} · Operon` }]

/** Why Log in is disabled while the captcha is not solved (issue 12). */
const TICK_CAPTCHA = msg('Tick “I’m not a robot” above to enable Log in.')

/** Seconds before "Resend code" can be used again. */
const RESEND_SECONDS = 10

export const loader = (args: LoaderFunctionArgs) => loginPageLoader(args)
export const action = (args: ActionFunctionArgs) => loginPageAction(args)

export default function Login() {
  const { title, demo, step, captchaFallback, providers, email } = useLoaderData<typeof loader>()
  const { t } = useT()
  const result = useActionData<typeof action>() as LoginActionResult | undefined
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const [solved, setSolved] = useState(false)
  const hydrated = useHydrated()
  // The toasts this page raised ("Wrong code"…) go when it does: a mistake that was then
  // corrected must not greet the user on the dashboard (issue 12).
  const raised = useRef(new Set<string | number>())
  useEffect(() => {
    if (result?.error) raised.current.add(toast.error(result.error, { duration: 3200 }))
    if (result?.info) raised.current.add(toast.success(result.info))
  }, [result])
  useEffect(() => {
    const ids = raised.current
    return () => {
      for (const id of ids) toast.dismiss(id)
      ids.clear()
    }
  }, [])
  const waitingForCaptcha = hydrated && !solved
  const busy = navigation.state !== 'idle'
  const action = `/login${searchParams.get('redirectTo') ? `?redirectTo=${encodeURIComponent(searchParams.get('redirectTo')!)}` : ''}`

  return (
    <AuthShell title={title}>
      <Form method="post" action={action} className="space-y-4" noValidate={false}>
        <input type="hidden" name="intent" value={LOGIN_INTENT.password} />
        <div className="space-y-2">
          <Label htmlFor="email">{t('Email')}</Label>
          <Input id="email" name="email" type="email" autoComplete="username" required defaultValue={email} autoFocus={!step && !email} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">{t('Password')}</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" required autoFocus={!step && !!email} />
        </div>
        {/* A solution is good for one attempt: a new widget after every answer. */}
        <Captcha key={`${navigation.state === 'idle' ? 'idle' : 'busy'}-${result ? JSON.stringify(result) : ''}`} fallback={captchaFallback} onVerifiedChange={setSolved} />
        <FieldError id="altcha-error" name="altcha" message={result?.fieldErrors?.altcha} />
        {!step ? <FormMessage message={result?.error && !result.fieldErrors?.altcha ? result.error : null} /> : null}
        <Button type="submit" className="w-full" disabled={busy || waitingForCaptcha} aria-describedby="login-disabled-reason">
          {t('Log in')}
        </Button>
        {/* Why Log in is disabled, on screen and to screen readers; its line keeps its height so nothing moves. */}
        <p id="login-disabled-reason" aria-live="polite" className="-mt-2 min-h-5 text-center text-sm text-muted-foreground" data-testid="login-disabled-reason">
          {waitingForCaptcha ? t(TICK_CAPTCHA) : ''}
        </p>
      </Form>
      <ExternalSignInButtons providers={providers} />
      <div className="mt-4 flex justify-between text-sm">
        <Link to="/SendResetLink" className="text-primary underline underline-offset-4">
          {t('Forgot password')}
        </Link>
        <Link to="/register" className="text-primary underline underline-offset-4">
          {t('Register')}
        </Link>
      </div>
      {demo ? (
        <div className="mt-6">
          <DemoLogins />
        </div>
      ) : null}
      {step ? <CodeStep step={step} action={action} error={result?.error} info={result?.info} busy={busy} /> : null}
    </AuthShell>
  )
}

function CodeStep({
  step,
  action,
  error,
  info,
  busy,
}: {
  step: { username: string; twoFactorType: number; qr: string | null; secret: string | null }
  action: string
  error?: string
  info?: string
  busy: boolean
}) {
  const { t } = useT()
  const isAuthenticator = step.twoFactorType === TWO_FACTOR_TYPE.Authenticator
  const [wait, restartWait] = useCountdown(RESEND_SECONDS)
  const hydrated = useHydrated()
  useEffect(() => {
    if (info) restartWait()
  }, [info, restartWait])
  return (
    <ModalPanel
      title={isAuthenticator ? t('Authenticator') : t('Check your email')}
      width={400}
      minHeight={isAuthenticator ? 350 : 300}
      closeTo="/login"
    >
      <Form method="post" action={action} className="space-y-4">
        {isAuthenticator && step.qr ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-muted-foreground">{t('Scan this QR code with your authenticator app, then enter the code it shows.')}</p>
            <img src={step.qr} alt={t('Authenticator QR code')} width={180} height={180} data-secret={step.secret ?? undefined} />
            <code className="break-all text-xs" aria-label={t('Secret key')}>{step.secret}</code>
          </div>
        ) : isAuthenticator ? (
          <p className="text-sm text-muted-foreground">{t('Enter the 6-digit code from your authenticator app.')}</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {rich(t('We sent a 6-digit code to {email}. Check your inbox; the code is valid for 10 minutes.', slots('email')), {
              email: <strong className="text-foreground">{step.username}</strong>,
            })}
          </p>
        )}
        <input type="hidden" name="intent" value={LOGIN_INTENT.code} />
        <div className="space-y-2">
          <Label htmlFor="code">{t('Code')}</Label>
          <Input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus />
        </div>
        <FormMessage message={error} />
        <Button type="submit" className="w-full" disabled={busy}>
          {t('Log in')}
        </Button>
      </Form>
      {!isAuthenticator ? (
        <Form method="post" action={action} className="mt-3 text-center text-sm">
          <input type="hidden" name="intent" value={LOGIN_INTENT.resend} />
          {info ? <p role="status" className="mb-2 text-muted-foreground">{info}</p> : null}
          <button type="submit" className="text-primary underline underline-offset-4 disabled:text-muted-foreground disabled:no-underline" disabled={busy || (hydrated && wait > 0)}>
            {hydrated && wait > 0 ? t('Resend code in {seconds} s', { seconds: wait }) : t('Resend code')}
          </button>
        </Form>
      ) : null}
    </ModalPanel>
  )
}
