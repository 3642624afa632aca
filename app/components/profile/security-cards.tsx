import { KeyRoundIcon, ShieldAlertIcon, Trash2Icon } from 'lucide-react'
import * as React from 'react'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { ConfirmAction } from './confirm-action.tsx'
import { FormError } from './field.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export const RESET_AUTHENTICATOR_INTENT = 'resetAuthenticator'
export const DELETE_ACCOUNT_INTENT = 'deleteAccount'
export const DELETE_ACCOUNT_QUESTION = 'Are you sure you want to delete your account? This cannot be undone.'

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
}: {
  usesAuthenticator: boolean
  result?: NewAuthenticator | null
  error?: string | null
}) {
  const hydrated = useHydrated()
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
            Reset authenticator
          </h2>
        </CardTitle>
        <CardDescription>
          {usesAuthenticator
            ? 'Lost your phone or moved to a new one? Get a new QR code for your authenticator app. The codes of the old one stop working at once.'
            : 'Your account signs in with codes sent by email, not with an authenticator app, so there is nothing to reset.'}
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
                Scan this QR code with your authenticator app.
              </p>
              <img
                src={result.qrDataUrl}
                alt={`Authenticator QR code for ${result.userEmail}`}
                width={200}
                height={200}
                className="size-[200px] rounded-md bg-white p-1"
              />
              <div className="grid w-full gap-1">
                <p className="text-xs text-muted-foreground">Or enter this key by hand:</p>
                <div className="flex items-center justify-center gap-2">
                  <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="authenticator-secret">
                    {result.secretKey}
                  </code>
                  {hydrated ? <CopyButton text={result.secretKey} label="Copy key" /> : null}
                </div>
              </div>
              <p className="text-xs text-muted-foreground">Your next login asks for a code from the new entry.</p>
            </div>
          ) : null}
        </CardContent>
      ) : null}
      <CardFooter>
        <ConfirmAction
          intent={RESET_AUTHENTICATOR_INTENT}
          label="Reset authenticator"
          icon={<ShieldAlertIcon />}
          title="Reset authenticator?"
          description="Are you sure you want to reset your authenticator? The codes of your current authenticator app stop working at once and you will need to scan a new QR code."
          confirmLabel="Reset"
          disabled={!usesAuthenticator}
        />
      </CardFooter>
    </Card>
  )
}

/** PRODUCT.md section 3: deletion is refused while the user is the last active manager of a company. */
export function DeleteAccountCard({ error }: { error?: string | null }) {
  return (
    <Card className="gap-4 border-destructive/40" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-destructive">
            <Trash2Icon className="size-4" aria-hidden="true" />
            Delete account
          </h2>
        </CardTitle>
        <CardDescription>
          Deletes your sign-in, profile, photo and licenses and frees your email address. Inspection records you signed
          stay, with your name as signed.
        </CardDescription>
      </CardHeader>
      {error ? (
        <CardContent>
          <FormError message={error} />
        </CardContent>
      ) : null}
      <CardFooter>
        <ConfirmAction
          intent={DELETE_ACCOUNT_INTENT}
          label="Delete account"
          icon={<Trash2Icon />}
          title="Delete account?"
          description={DELETE_ACCOUNT_QUESTION}
          confirmLabel="Delete account"
          variant="destructive"
        />
      </CardFooter>
    </Card>
  )
}
