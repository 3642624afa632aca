import { Form } from '@remix-run/react'
import { KeyRoundIcon, MailIcon, ShieldAlertIcon, Trash2Icon } from 'lucide-react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { ConfirmAction } from './confirm-action.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { RESET_AUTHENTICATOR_INTENT, DELETE_ACCOUNT_INTENT, SEND_REAUTH_CODE_INTENT } from './intents.ts'

export const DELETE_ACCOUNT_QUESTION = msg('Are you sure you want to delete your account? This cannot be undone.')

/** What the re-authentication of a card needs (decision 021). */
export interface Reauth {
  /** Email accounts get their code with "Send me a code" first. */
  usesEmailCode: boolean
  /** The answer to "Send me a code" (shown in the card that asked). */
  codeSent?: string | null
  fieldErrors?: Record<string, string>
}

/**
 * "Send me a code" for Email accounts: a plain form of its own, so it works
 * without JavaScript; the code then goes in the confirmation with the password.
 */
function SendCodeForm({ forIntent, reauth }: { forIntent: string; reauth: Reauth }) {
  const { t } = useT()
  if (!reauth.usesEmailCode) return null
  return (
    <Form method="post" className="grid gap-2" aria-label={t('Send me a confirmation code')}>
      <input type="hidden" name="for" value={forIntent} />
      <p className="text-sm text-muted-foreground">{t('First get a confirmation code by email; then confirm with your password and the code.')}</p>
      <div>
        <Button type="submit" name="intent" value={SEND_REAUTH_CODE_INTENT} variant="outline" size="sm">
          <MailIcon />
          {t('Send me a code')}
        </Button>
      </div>
      {reauth.codeSent ? (
        <p role="status" className="text-sm" data-testid="reauth-code-sent">
          {reauth.codeSent}
        </p>
      ) : null}
    </Form>
  )
}

/** The password and current code asked right before an irreversible action. */
function ReauthFields({ idPrefix, reauth }: { idPrefix: string; reauth: Reauth }) {
  const { t } = useT()
  const errors = reauth.fieldErrors ?? {}
  return (
    <div className="grid gap-3 text-left">
      <Field id={`${idPrefix}-password`} name="password" label={t('Your password')} errors={errors}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" required />}
      </Field>
      <Field id={`${idPrefix}-code`} name="code" label={reauth.usesEmailCode ? t('Code from the email') : t('Code from your authenticator app')} errors={errors}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />}
      </Field>
    </div>
  )
}

export interface NewAuthenticator {
  /** PNG data: URL of the otpauth:// link. */
  qrDataUrl: string
  secretKey: string
  userEmail: string
}

/**
 * Spec: the reset authenticator card is disabled unless the second factor is
 * an authenticator app; confirming shows the QR of the new secret (and the
 * secret for manual entry). The QR comes in the action's result, so it shows
 * with or without JavaScript and is gone on the next visit.
 */
export function ResetAuthenticatorCard({
  usesAuthenticator,
  result,
  error,
  reauth,
}: {
  usesAuthenticator: boolean
  result?: NewAuthenticator | null
  error?: string | null
  reauth: Reauth
}) {
  const hydrated = useHydrated()
  const { t } = useT()
  const resultRef = React.useRef<HTMLDivElement>(null)
  React.useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  return (
    <Card className="gap-4" data-testid="reset-authenticator-card">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <KeyRoundIcon className="size-4" aria-hidden="true" />
            {t('Reset authenticator')}
          </h2>
        </CardTitle>
        <CardDescription>
          {usesAuthenticator
            ? t('Lost your phone or moved to a new one? Get a new QR code for your authenticator app. The codes of the old one stop working at once.')
            : t('Your account signs in with codes sent by email, not with an authenticator app, so there is nothing to reset.')}
        </CardDescription>
      </CardHeader>
      {error || result ? (
        <CardContent className="grid gap-4">
          <FormError message={error} />
          {result ? (
            <div
              ref={resultRef}
              tabIndex={-1}
              className="grid justify-items-center gap-3 rounded-lg border p-4 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid="new-authenticator"
            >
              <p className="text-sm font-medium" role="status">
                {t('Scan this QR code with your authenticator app.')}
              </p>
              <img
                src={result.qrDataUrl}
                alt={t('Authenticator QR code for {email}', { email: result.userEmail })}
                width={200}
                height={200}
                className="size-[200px] rounded-md bg-white p-1"
              />
              <div className="grid w-full gap-1">
                <p className="text-xs text-muted-foreground">{t('Or enter this key by hand:')}</p>
                <div className="flex items-center justify-center gap-2">
                  <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="authenticator-secret">
                    {result.secretKey}
                  </code>
                  {hydrated ? <CopyButton text={result.secretKey} label={t('Copy key')} /> : null}
                </div>
              </div>
              <p className="text-xs text-muted-foreground">{t('Your next login asks for a code from the new entry.')}</p>
            </div>
          ) : null}
        </CardContent>
      ) : null}
      <CardFooter>
        <ConfirmAction
          intent={RESET_AUTHENTICATOR_INTENT}
          label={t('Reset authenticator')}
          icon={<ShieldAlertIcon />}
          title={t('Reset authenticator?')}
          description={t('Are you sure you want to reset your authenticator? The codes of your current authenticator app stop working at once and you will need to scan a new QR code.')}
          confirmLabel={t('Reset')}
          disabled={!usesAuthenticator}
          open={!!error}
        >
          <ReauthFields idPrefix="reset-authenticator" reauth={reauth} />
        </ConfirmAction>
      </CardFooter>
    </Card>
  )
}

/** PRODUCT.md section 3: deletion is refused while the user is the last active manager of a company. */
export function DeleteAccountCard({ error, reauth }: { error?: string | null; reauth: Reauth }) {
  const { t } = useT()
  return (
    <Card className="gap-4 border-destructive/40" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-destructive">
            <Trash2Icon className="size-4" aria-hidden="true" />
            {t('Delete account')}
          </h2>
        </CardTitle>
        <CardDescription>
          {t('Deletes your sign-in, profile, photo and licenses and frees your email address. Inspection records you signed stay, with your name as signed.')}
        </CardDescription>
      </CardHeader>
      {error ? (
        <CardContent>
          <FormError message={error} />
        </CardContent>
      ) : null}
      <CardContent>
        <SendCodeForm forIntent={DELETE_ACCOUNT_INTENT} reauth={reauth} />
      </CardContent>
      <CardFooter>
        <ConfirmAction
          intent={DELETE_ACCOUNT_INTENT}
          label={t('Delete account')}
          icon={<Trash2Icon />}
          title={t('Delete account?')}
          description={t(DELETE_ACCOUNT_QUESTION)}
          confirmLabel={t('Delete account')}
          variant="destructive"
          open={!!error}
        >
          <ReauthFields idPrefix="delete-account" reauth={reauth} />
        </ConfirmAction>
      </CardFooter>
    </Card>
  )
}
