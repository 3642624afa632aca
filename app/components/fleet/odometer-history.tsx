import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { GaugeIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'
import { formatOdometer, ODOMETER_MAX } from '#catalog/odometer.ts'
import { ODOMETER_TEXT } from '#catalog/texts.ts'
import { applySearch, hrefOf } from './use-fleet-url.ts'
import { useT } from '#app/utils/i18n.tsx'
import { ODOMETER_INTENT } from './intents.ts'


/** What the fleet loader gives for the open vehicle (from `getOdometerHistory`), with time labels. */
export interface OdometerHistoryView {
  vehicleId: number
  latest: number | null
  canCorrect: boolean
  readings: {
    id: number
    reading: number
    sourceLabel: string
    recordedAtLabel: string
    recordedByName: string | null
    reason: string | null
    isBaseline: boolean
    beforeBaseline: boolean
  }[]
}

/** The fleet action's answer to a refused correction. */
export interface OdometerFormResult {
  intent: typeof ODOMETER_INTENT
  formError: string | null
  fieldErrors: Record<string, string>
  values: { reading: string; reason: string }
}


function CorrectionForm({ history }: { history: OdometerHistoryView }) {
  const { t } = useT()
  const location = useLocation()
  const navigation = useNavigation()
  const answer = useActionData() as Partial<OdometerFormResult> | undefined
  const result = answer?.intent === ODOMETER_INTENT ? (answer as OdometerFormResult) : null
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === ODOMETER_INTENT
  // Back to the same row and tab, without a dialog.
  const action = `${location.pathname}${hrefOf(applySearch(location.search, { dialog: null, id: null, index: null, open: history.vehicleId, tab: 'details' }))}`
  const err = (name: string) => (result?.fieldErrors[name] ? t(result.fieldErrors[name]) : null)
  return (
    <Form method="post" action={action} preventScrollReset className="mt-3 grid gap-3 rounded-md border bg-background p-3" aria-label={t(ODOMETER_TEXT.correct)} data-testid="odometer-correction">
      <input type="hidden" name="intent" value={ODOMETER_INTENT} />
      <input type="hidden" name="vehicleId" value={history.vehicleId} />
      <p className="text-sm text-muted-foreground">
        {t('For an odometer that was replaced or misread. The correction may be lower than the latest reading and starts a new baseline.')}
      </p>
      <FormError message={result?.formError && !Object.keys(result.fieldErrors).length ? t(result.formError) : null} />
      <Field id="odometer-reading" name="reading" label={t('Corrected reading (miles)')} error={err('reading')} className="gap-1">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={ODOMETER_MAX} step={1} required defaultValue={result?.values.reading ?? ''} className="max-w-48" />}
      </Field>
      <Field id="odometer-reason" name="reason" label={t('Reason')} error={err('reason')} className="gap-1">
        {(control) => <Textarea {...control} required maxLength={500} rows={2} placeholder={t('Odometer replaced')} defaultValue={result?.values.reason ?? ''} />}
      </Field>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          {t(ODOMETER_TEXT.correct)}
        </Button>
      </div>
    </Form>
  )
}

/**
 * The odometer history of the open vehicle (issue 10): every reading with its source, time, who
 * and reason, the current baseline marked; for the owner, the correction form (a plain post).
 */
export function OdometerHistory({ history }: { history: OdometerHistoryView | null }) {
  const { t, locale } = useT()
  if (!history) return null
  return (
    <section aria-labelledby="odometer-history-title" className="mt-4 rounded-md border bg-background p-3" data-testid="odometer-history">
      <h4 id="odometer-history-title" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <GaugeIcon aria-hidden="true" className="size-4" />
        {t(ODOMETER_TEXT.title)}
        {history.latest !== null ? <span className="font-normal text-muted-foreground">{t('· latest {reading}', { reading: formatOdometer(history.latest, locale) })}</span> : null}
      </h4>
      {history.readings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(ODOMETER_TEXT.empty)}</p>
      ) : (
        <ol className="divide-y text-sm">
          {history.readings.map((r) => (
            <li key={r.id} className={cn('flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2', r.beforeBaseline && 'text-muted-foreground')} data-testid="odometer-reading">
              <span className="font-medium tabular-nums">{formatOdometer(r.reading, locale)}</span>
              <span>{t(r.sourceLabel)}</span>
              {r.isBaseline ? <Badge variant="secondary">{t(ODOMETER_TEXT.baseline)}</Badge> : null}
              <span className="text-xs text-muted-foreground">{r.recordedAtLabel}</span>
              {r.recordedByName ? <span className="text-xs">{t('by {name}', { name: r.recordedByName })}</span> : null}
              {r.reason ? <span className="w-full text-xs break-words italic">“{r.reason}”</span> : null}
            </li>
          ))}
        </ol>
      )}
      {history.canCorrect ? <CorrectionForm history={history} /> : null}
    </section>
  )
}
