import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { AuthShell, FormMessage } from '#app/components/auth/auth-shell.tsx'
import { Field, FieldError, controlProps } from '#app/components/forms/field.tsx'
import { ModalPanel } from '#app/components/auth/modal-panel.tsx'
import { PasswordChecklist } from '#app/components/auth/password-checklist.tsx'
import { Captcha } from '#app/components/captcha.tsx'
import { DriverEligibilityDeclaration } from '#app/components/terms-text.tsx'
import { DriverEligibilityDeclarationEs } from '#app/components/terms-text-es.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { TimeZoneSelect } from '#app/components/time-zone-select.tsx'
import { DEFAULT_TIME_ZONE } from '#catalog/company-settings.ts'
import { passwordChecks } from '#server/auth/password-rules.ts'
import { REGISTRATION_ROLES } from '#catalog/roles.ts'
import { TEXT } from '#catalog/texts.ts'
import { cn } from '#app/utils/cn.ts'
import { useCountdown } from '#app/utils/use-countdown.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { registerPageAction, registerPageLoader, type RegisterResult } from '#app/routes/register-page.server.ts'
import { rich, slots } from '#app/components/auth/rich-text.tsx'
import { useT } from '#app/utils/i18n.tsx'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Register'} · Operon` }]

/** Seconds the Authenticator dialog waits before "Continue to login" (time to scan the QR). */
const CONTINUE_SECONDS = 10
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const loader = (args: LoaderFunctionArgs) => registerPageLoader(args)
export const action = (args: ActionFunctionArgs) => registerPageAction(args)

export default function Register() {
  const { captchaFallback, timeZones } = useLoaderData<typeof loader>()
  const { t, locale } = useT()
  const result = useActionData<typeof action>() as RegisterResult | undefined
  const navigation = useNavigation()
  const failed = result && !result.ok ? result : undefined
  const v = failed?.values
  const fe = failed?.fieldErrors ?? {}

  const hydrated = useHydrated()
  const [step, setStep] = useState<1 | 2>(1)
  const [email, setEmail] = useState((v?.email as string) ?? '')
  const [emailError, setEmailError] = useState<string | undefined>()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [termsRead, setTermsRead] = useState(v?.terms === 'on')
  const [termsOpen, setTermsOpen] = useState(false)
  const [termsAccepted, setTermsAccepted] = useState(v?.terms === 'on')
  const [solved, setSolved] = useState(false)
  const [roles, setRoles] = useState<string[]>((v?.roles as string[]) ?? [])
  const [companyMode, setCompanyMode] = useState<string>((v?.companyMode as string) ?? 'join')

  useEffect(() => {
    if (failed) {
      toast.error(failed.error || t(TEXT.somethingWentWrong), { duration: 3200 })
      // Fields of the first step go back to it.
      if (['email', 'password', 'firstName', 'lastName', 'altcha', 'terms', 'twoFactorType'].some((k) => fe[k])) setStep(1)
    }
    if (result?.ok) toast.success(t(TEXT.registrationSuccessful))
  }, [result]) // eslint-disable-line react-hooks/exhaustive-deps

  const passwordOk = passwordChecks(password, confirm).every((c) => c.ok)
  const manager = roles.some((r) => REGISTRATION_ROLES.find((x) => x.name === r)?.companyType)
  const canNext = passwordOk && termsAccepted && solved && !emailError && email !== ''
  const showStep1 = !hydrated || step === 1
  const showStep2 = !hydrated || step === 2

  const next = () => {
    if (!solved) return toast.error(t(TEXT.completeCaptcha))
    if (!passwordOk) return toast.error(t(TEXT.passwordRequirements))
    if (!termsAccepted) return toast.error(t(TEXT.readTermsFirst))
    setStep(2)
  }

  return (
    <AuthShell title={t('Create your account')} wide>
      <Form method="post" className="space-y-6" noValidate={hydrated}>
        <fieldset className={showStep1 ? 'space-y-4' : 'hidden'}>
          <legend className="sr-only">{t('Account')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="firstName" name="firstName" label={t('First name')} errors={fe} live={false}>
              {(control) => <Input {...control} autoComplete="given-name" required defaultValue={v?.firstName as string} />}
            </Field>
            <Field id="lastName" name="lastName" label={t('Last name')} errors={fe} live={false}>
              {(control) => <Input {...control} autoComplete="family-name" required defaultValue={v?.lastName as string} />}
            </Field>
          </div>
          <Field id="email" name="email" label={t('Email')} errors={fe} error={emailError} live={false}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => setEmailError(email && !EMAIL_RE.test(email) ? t(TEXT.invalidEmail) : undefined)}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="password" name="password" label={t('Password')} errors={fe} describedBy="password-rules" live={false}>
              {(control) => <Input {...control} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <Field id="confirmPassword" name="confirmPassword" label={t('Confirm password')} errors={fe} live={false}>
              {(control) => <Input {...control} type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
            </Field>
          </div>
          <PasswordChecklist id="password-rules" password={password} confirm={confirm} />

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('Two-factor authentication')}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="twoFactorType" value="0" defaultChecked={v?.twoFactorType === '0'} className="size-4 accent-primary" />
                {t('Authenticator')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="twoFactorType" value="1" defaultChecked={v?.twoFactorType !== '0'} className="size-4 accent-primary" />
                {t('Email')}
              </label>
            </div>
          </fieldset>

          <div className="space-y-2">
            <div className="flex items-start gap-2 text-sm">
              <input
                id="terms"
                name="terms"
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                disabled={hydrated && !termsRead}
                checked={hydrated ? termsAccepted : undefined}
                // Without JavaScript a refused registration comes back with the box as it was ticked (decision 060).
                defaultChecked={hydrated ? undefined : v?.terms === 'on'}
                onChange={(e) => setTermsAccepted(e.target.checked)}
                {...controlProps('terms', fe.terms)}
              />
              <label htmlFor="terms">
                {rich(t('I have read and accept the {declaration} and the {terms}.', slots('declaration', 'terms')), {
                  declaration: hydrated ? (
                    <button type="button" className="text-primary underline underline-offset-4" onClick={() => setTermsOpen(true)}>
                      {t('driver eligibility declaration')}
                    </button>
                  ) : (
                    t('driver eligibility declaration')
                  ),
                  terms: (
                    <Link to="/TermsAndConditions" target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
                      {t('Terms and Conditions')}
                    </Link>
                  ),
                })}
              </label>
            </div>
            {hydrated && !termsRead ? <p className="text-xs text-muted-foreground">{t('Open and read the declaration to enable the checkbox.')}</p> : null}
            {!hydrated ? (
              <details className="rounded-md border p-3 text-sm">
                <summary className="cursor-pointer font-medium">{t('Driver eligibility declaration')}</summary>
                {locale === 'es' ? <DriverEligibilityDeclarationEs headingLevel={null} /> : <DriverEligibilityDeclaration headingLevel={null} />}
              </details>
            ) : null}
            <FieldError id="terms-error" name="terms" message={fe.terms} />
          </div>
          <Dialog
            open={termsOpen}
            onOpenChange={(open) => {
              setTermsOpen(open)
              if (!open) setTermsRead(true)
            }}
          >
            <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-lg">
              <DialogHeader>
                <DialogTitle>{t('Driver eligibility declaration')}</DialogTitle>
                <DialogDescription>{t('Read the declaration, then close this dialog to accept it.')}</DialogDescription>
              </DialogHeader>
              {locale === 'es' ? <DriverEligibilityDeclarationEs headingLevel={null} /> : <DriverEligibilityDeclaration headingLevel={null} />}
              <DialogFooter>
                <Button type="button" onClick={() => { setTermsOpen(false); setTermsRead(true) }}>
                  {t('Close')}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>

          <Captcha key={navigation.state === 'idle' ? `c-${JSON.stringify(result ?? '')}` : 'busy'} fallback={captchaFallback} onVerifiedChange={setSolved} />
          <FieldError id="altcha-error" name="altcha" message={fe.altcha} />

          {hydrated ? (
            <Button type="button" className="w-full" onClick={next} disabled={!canNext}>
              {t('Next')}
            </Button>
          ) : null}
        </fieldset>

        <fieldset className={showStep2 ? 'space-y-4' : 'hidden'} aria-describedby={fe.roles ? 'roles-error' : undefined}>
          <legend className="text-base font-semibold">{t('Your roles')}</legend>
          <p className="text-sm text-muted-foreground">{t('Choose what you do. Managers join their company with its code, or create it.')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {REGISTRATION_ROLES.map((r) => (
              <label key={r.name} className="flex items-center gap-2 rounded-md border p-3 text-sm">
                <input
                  type="checkbox"
                  name="roles"
                  value={r.name}
                  className="size-4 accent-primary"
                  checked={hydrated ? roles.includes(r.name) : undefined}
                  defaultChecked={hydrated ? undefined : roles.includes(r.name)}
                  onChange={(e) => setRoles((cur) => (e.target.checked ? [...cur, r.name] : cur.filter((x) => x !== r.name)))}
                />
                {t(r.label)}
              </label>
            ))}
          </div>
          <FieldError id="roles-error" name="roles" message={fe.roles} />
          {!hydrated || manager || roles.length ? (
            // Without JavaScript the checked radio shows its one field, by CSS (decision 060).
            <div className="group/company space-y-3 rounded-md border p-3">
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input id="companyMode-join" type="radio" name="companyMode" value="join" checked={hydrated ? companyMode === 'join' : undefined} defaultChecked={hydrated ? undefined : companyMode === 'join'} onChange={() => setCompanyMode('join')} className="size-4 accent-primary" />
                  {t('Join with a company code')}
                </label>
                {!hydrated || manager ? (
                  <label className="flex items-center gap-2">
                    <input id="companyMode-create" type="radio" name="companyMode" value="create" checked={hydrated ? companyMode === 'create' : undefined} defaultChecked={hydrated ? undefined : companyMode === 'create'} onChange={() => setCompanyMode('create')} className="size-4 accent-primary" />
                    {t('Create a new company')}
                  </label>
                ) : null}
              </div>
              {!hydrated || companyMode === 'join' ? (
                <div className={cn(!hydrated && 'group-has-[#companyMode-create:checked]/company:hidden')} data-testid="company-code-field">
                  <Field id="companyCode" name="companyCode" label={manager ? t('Company code') : t('Company code (optional)')} errors={fe} live={false}>
                    {(control) => <Input {...control} placeholder={t('e.g. OPR-7H2K9Q')} defaultValue={v?.companyCode as string} autoCapitalize="characters" />}
                  </Field>
                </div>
              ) : null}
              {!hydrated || (manager && companyMode === 'create') ? (
                <div className={cn('space-y-2', !hydrated && 'hidden group-has-[#companyMode-create:checked]/company:block')} data-testid="company-name-field">
                  <Field id="companyName" name="companyName" label={t('New company name')} errors={fe} live={false}>
                    {(control) => <Input {...control} defaultValue={v?.companyName as string} />}
                  </Field>
                  <Field id="timeZone" name="timeZone" label={t('Company time zone')} errors={fe} live={false}>
                    {(control) => <TimeZoneSelect {...control} zones={timeZones} defaultValue={(v?.timeZone as string | undefined) || DEFAULT_TIME_ZONE} guess={!v?.timeZone} />}
                  </Field>
                </div>
              ) : null}
            </div>
          ) : null}
          {failed && !Object.keys(fe).length ? <FormMessage message={failed.error} /> : null}
          <div className="flex gap-2">
            {hydrated ? (
              <Button type="button" variant="outline" onClick={() => setStep(1)}>
                {t('Back')}
              </Button>
            ) : null}
            <Button type="submit" className="flex-1" disabled={navigation.state !== 'idle' || (hydrated && roles.length === 0)}>
              {t('Register')}
            </Button>
          </div>
        </fieldset>
      </Form>
      <p className="mt-4 text-center text-sm">
        {t('Already have an account?')}{' '}
        <Link to="/login" className="text-primary underline underline-offset-4">
          {t('Back to login')}
        </Link>
      </p>
      {result?.ok ? <AuthenticatorDialog qr={result.qr} secret={result.secret} /> : null}
    </AuthShell>
  )
}

/** Spec: the QR dialog's "Continue to login" waits for a countdown, then goes to /login. */
function AuthenticatorDialog({ qr, secret }: { qr: string; secret: string }) {
  const { t } = useT()
  const [wait] = useCountdown(CONTINUE_SECONDS)
  const hydrated = useHydrated()
  const waiting = hydrated && wait > 0
  return (
    <ModalPanel title={t('Set up your authenticator')} width={400} minHeight={350} closeTo="/login">
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm text-muted-foreground">{t('Registration successful. Scan this QR code with your authenticator app (Google Authenticator, Authy, 1Password…).')}</p>
        <img src={qr} alt={t('Authenticator QR code')} width={200} height={200} />
        <p className="text-xs text-muted-foreground">
          {rich(t('Or enter this key: {key}', slots('key')), {
            key: <code className="break-all text-foreground" data-testid="otp-secret">{secret}</code>,
          })}
        </p>
        {waiting ? (
          <Button disabled className="w-full">
            {t('wait {seconds} seconds', { seconds: wait })}
          </Button>
        ) : (
          <Button asChild className="w-full">
            <Link to="/login">{t('Continue to login')}</Link>
          </Button>
        )}
      </div>
    </ModalPanel>
  )
}
