import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { TimerIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { msg } from '#catalog/i18n.ts'
import { applySearch, hrefOf } from './use-fleet-url.ts'
import { useT } from '#app/utils/i18n.tsx'
import { ENGINE_HOURS_INTENT } from './intents.ts'

/** The panel's texts (issue 35): Spanish in catalog/locales/fleet.ts. */
export const ENGINE_HOURS_PANEL_TEXT = {
  title: msg('Engine hours'),
  empty: msg('No engine-hour reading has been recorded yet.'),
  baseline: msg('New baseline'),
  record: msg('Record a reading'),
  correct: msg('Correct / engine replaced'),
  recorded: msg('Engine-hour reading recorded'),
  corrected: msg('Engine-hours correction recorded'),
} as const

/** What the fleet loader gives for the open vehicle (from `getEngineHoursHistory`), with time labels. */
export interface EngineHoursHistoryView {
  vehicleId: number
  latest: number | null
  lifeHours: number | null
  hoursPerDay: number | null
  canRecord: boolean
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

type EngineHoursIntent = (typeof ENGINE_HOURS_INTENT)[keyof typeof ENGINE_HOURS_INTENT]

/** The fleet action's answer to a refused entry or correction. */
export interface EngineHoursFormResult {
  intent: EngineHoursIntent
  formError: string | null
  fieldErrors: Record<string, string>
  values: { reading: string; reason: string; reset: boolean }
}

/** Hours as the panel shows them: "1,234.5 h". */
function hours(value: number, locale: string): string {
  return `${value.toLocaleString(locale === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 1 })} h`
}

function useMeterForm(history: EngineHoursHistoryView, intent: EngineHoursIntent) {
  const { t } = useT()
  const location = useLocation()
  const navigation = useNavigation()
  const answer = useActionData() as Partial<EngineHoursFormResult> | undefined
  const result = answer?.intent === intent ? (answer as EngineHoursFormResult) : null
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  // Back to the same row and tab, without a dialog.
  const action = `${location.pathname}${hrefOf(applySearch(location.search, { dialog: null, id: null, index: null, open: history.vehicleId, tab: 'details' }))}`
  const err = (name: string) => (result?.fieldErrors[name] ? t(result.fieldErrors[name]) : null)
  const formError = result?.formError && !Object.keys(result.fieldErrors).length ? t(result.formError) : null
  return { t, result, busy, action, err, formError }
}

const readingProps = { type: 'number', inputMode: 'decimal', min: 0, max: MAINTENANCE_LIMITS.engineHoursMax, step: 0.1, required: true, className: 'max-w-48' } as const

function RecordForm({ history }: { history: EngineHoursHistoryView }) {
  const { t, result, busy, action, err, formError } = useMeterForm(history, ENGINE_HOURS_INTENT.record)
  return (
    <Form method="post" action={action} preventScrollReset className="grid gap-3 rounded-md border bg-background p-3" aria-label={t(ENGINE_HOURS_PANEL_TEXT.record)} data-testid="engine-hours-record">
      <input type="hidden" name="intent" value={ENGINE_HOURS_INTENT.record} />
      <input type="hidden" name="vehicleId" value={history.vehicleId} />
      <FormError message={formError} />
      <Field id="engine-hours-reading" name="reading" label={t('Hour meter reading (hours)')} error={err('reading')} className="gap-1">
        {(control) => <Input {...control} {...readingProps} defaultValue={result?.values.reading ?? ''} />}
      </Field>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          {t(ENGINE_HOURS_PANEL_TEXT.record)}
        </Button>
      </div>
    </Form>
  )
}

function CorrectionForm({ history }: { history: EngineHoursHistoryView }) {
  const { t, result, busy, action, err, formError } = useMeterForm(history, ENGINE_HOURS_INTENT.correct)
  return (
    <Form method="post" action={action} preventScrollReset className="grid gap-3 rounded-md border bg-background p-3" aria-label={t(ENGINE_HOURS_PANEL_TEXT.correct)} data-testid="engine-hours-correction">
      <input type="hidden" name="intent" value={ENGINE_HOURS_INTENT.correct} />
      <input type="hidden" name="vehicleId" value={history.vehicleId} />
      <p className="text-sm text-muted-foreground">
        {t('For an hour meter that was misread, or an engine that was replaced. The correction may be lower than the latest reading and starts a new baseline; the hours run before it still count.')}
      </p>
      <FormError message={formError} />
      <Field id="engine-hours-corrected" name="reading" label={t('Corrected reading (hours)')} error={err('reading')} className="gap-1">
        {(control) => <Input {...control} {...readingProps} defaultValue={result?.values.reading ?? ''} />}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="reset" value="on" defaultChecked={result?.values.reset ?? false} className="size-4" />
        {t('The engine was replaced (reset)')}
      </label>
      <Field id="engine-hours-reason" name="reason" label={t('Reason')} error={err('reason')} className="gap-1">
        {(control) => <Textarea {...control} required maxLength={MAINTENANCE_LIMITS.reason} rows={2} placeholder={t('Engine replaced')} defaultValue={result?.values.reason ?? ''} />}
      </Field>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          {t(ENGINE_HOURS_PANEL_TEXT.correct)}
        </Button>
      </div>
    </Form>
  )
}

/**
 * The engine-hour history of the open vehicle (issue 35): every reading with its source, time,
 * who and reason, the current baseline marked; for the owner, "Record a reading" and "Correct /
 * engine replaced" (plain posts); read-only for the operator.
 */
export function EngineHoursHistory({ history }: { history: EngineHoursHistoryView | null }) {
  const { t, locale } = useT()
  if (!history) return null
  return (
    <section aria-labelledby="engine-hours-title" className="mt-4 rounded-md border bg-background p-3" data-testid="engine-hours-history">
      <h4 id="engine-hours-title" className="mb-2 flex flex-wrap items-center gap-2 text-sm font-semibold">
        <TimerIcon aria-hidden="true" className="size-4" />
        {t(ENGINE_HOURS_PANEL_TEXT.title)}
        {history.latest !== null ? <span className="font-normal text-muted-foreground">{t('· latest {reading}', { reading: hours(history.latest, locale) })}</span> : null}
      </h4>
      {history.lifeHours !== null && history.lifeHours !== history.latest ? (
        <p className="mb-1 text-xs text-muted-foreground">{t('Life hours (corrections and engine replacements added back): {hours}', { hours: hours(history.lifeHours, locale) })}</p>
      ) : null}
      {history.hoursPerDay !== null ? (
        <p className="mb-1 text-xs text-muted-foreground">{t('About {hours} a day over the last 90 days', { hours: hours(history.hoursPerDay, locale) })}</p>
      ) : null}
      {history.readings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(ENGINE_HOURS_PANEL_TEXT.empty)}</p>
      ) : (
        <ol className="divide-y text-sm">
          {history.readings.map((r) => (
            <li key={r.id} className={cn('flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2', r.beforeBaseline && 'text-muted-foreground')} data-testid="engine-hours-reading">
              <span className="font-medium tabular-nums">{hours(r.reading, locale)}</span>
              <span>{t(r.sourceLabel)}</span>
              {r.isBaseline ? <Badge variant="secondary">{t(ENGINE_HOURS_PANEL_TEXT.baseline)}</Badge> : null}
              <span className="text-xs text-muted-foreground">{r.recordedAtLabel}</span>
              {r.recordedByName ? <span className="text-xs">{t('by {name}', { name: r.recordedByName })}</span> : null}
              {r.reason ? <span className="w-full text-xs break-words italic">“{r.reason}”</span> : null}
            </li>
          ))}
        </ol>
      )}
      {history.canRecord || history.canCorrect ? (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {history.canRecord ? <RecordForm history={history} /> : null}
          {history.canCorrect ? <CorrectionForm history={history} /> : null}
        </div>
      ) : null}
    </section>
  )
}
