import { Form } from '@remix-run/react'
import { ExternalSignInButtons } from '#app/components/external-sign-in-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { FormError } from '#app/components/forms/field.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { UNLINK_EXTERNAL_INTENT } from './intents.ts'


type Provider = 'google' | 'apple'

/** Sign-in with Google or Apple linked to this account (an explicit, signed-in action: decision 007). */
export function ExternalAccountsCard({
  providers,
  linked,
  error,
}: {
  providers: Provider[]
  linked: { provider: Provider; label: string; email: string | null }[]
  error?: string | null
}) {
  const { t } = useT()
  if (!providers.length && !linked.length) return null
  const linkable = providers.filter((p) => !linked.some((l) => l.provider === p))
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('Sign-in accounts')}</h2>
        </CardTitle>
        <CardDescription>{t('Sign in with Google or Apple as well as your password.')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {linked.length ? (
          <ul className="divide-y rounded-lg border text-sm" aria-label={t('Linked accounts')}>
            {linked.map((l) => (
              <li key={l.provider} className="flex items-center justify-between gap-3 px-4 py-2">
                <span>
                  {l.label}
                  {l.email ? <span className="text-muted-foreground"> · {l.email}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value={UNLINK_EXTERNAL_INTENT} />
                  <input type="hidden" name="provider" value={l.provider} />
                  <Button type="submit" variant="outline" size="sm">
                    {t('Unlink')}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <FormError message={error} />
        <ExternalSignInButtons providers={linkable} intent="link" divider={t('Link an account')} />
      </CardContent>
    </Card>
  )
}
