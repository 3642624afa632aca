import { Form, useNavigation } from '@remix-run/react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { FormError } from '#app/components/forms/field.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { ALERT_DIGEST_INTENT } from './intents.ts'


/**
 * "Email me the morning alert digest" (issue 11, decision 037). The switch is the form's submit
 * button and the hidden field carries the opposite of the current setting, so it works as a
 * plain form post without JavaScript; with it, the switch shows the new state while saving.
 */
export function AlertDigestCard({ on, hour, error }: { on: boolean; hour: number; error?: string | null }) {
  const navigation = useNavigation()
  const { t } = useT()
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === ALERT_DIGEST_INTENT
  const shown = pending ? navigation.formData?.get('alertDigest') === 'true' : on
  return (
    <Card className="gap-4" data-testid="alert-digest-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('Notifications')}</h2>
        </CardTitle>
        <CardDescription>
          {t(
            'Every morning from {hour}:00 (company time), the managers of an owner company receive one email with its vehicle alerts: expiry dates, out-of-service and open repairs.',
            { hour: String(hour).padStart(2, '0') },
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <Form method="post" preventScrollReset className="flex items-center justify-between gap-4">
          <input type="hidden" name="intent" value={ALERT_DIGEST_INTENT} />
          <input type="hidden" name="alertDigest" value={String(!on)} />
          <label htmlFor="alert-digest-switch" className="text-sm font-medium">
            {t('Email me the morning alert digest')}
          </label>
          <Switch
            id="alert-digest-switch"
            type="submit"
            checked={shown}
            disabled={pending}
            className="h-6 w-11 [&_[data-slot=switch-thumb]]:size-5"
          />
        </Form>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {shown ? t('On: you receive the digest.') : t('Off: you do not receive the digest.')}
        </p>
        <FormError message={error} />
      </CardContent>
    </Card>
  )
}
