import { Gauge } from 'lucide-react'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { formatOdometer } from '#catalog/odometer.ts'
import type { PreTripValues } from './types.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'

type TripField = 'timeIn' | 'timeOut' | 'odometerStart' | 'odometerEnd' | 'engineHours'

/** Time and odometer: when the trip starts and ends, the readings, and the bus's last known reading. */
export function TripSection({
  values,
  errors,
  lastOdometer,
  timeZone,
  hydrated,
  onChange,
}: {
  values: PreTripValues
  errors: Record<string, string>
  lastOdometer: number | null
  timeZone: string
  hydrated: boolean
  onChange: (field: TripField, value: string) => void
}) {
  const { t } = useT()
  const time = (id: 'timeIn' | 'timeOut', label: string) => (
    <TimeField id={id} label={label} value={values[id]} error={errors[id]} hydrated={hydrated} tz={timeZone} onChange={(v) => onChange(id, v)} />
  )
  const reading = (id: 'odometerStart' | 'odometerEnd', label: string) => (
    <NumberField id={id} label={label} value={values[id]} error={errors[id]} onChange={(v) => onChange(id, v)} />
  )
  return (
    <section aria-labelledby="trip-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
      <h2 id="trip-title" className="text-lg font-semibold">
        {t('Time and odometer')}
      </h2>
      <p className="flex items-center gap-2 text-sm" data-testid="last-odometer">
        <Gauge className="size-4" aria-hidden />
        {t('Last odometer reading:')} <strong>{lastOdometer === null ? t('none yet') : formatOdometer(lastOdometer)}</strong>
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {time('timeIn', t('Time in'))}
        {time('timeOut', t('Time out (optional)'))}
        {reading('odometerStart', t('Odometer at start'))}
        {reading('odometerEnd', t('Odometer at end (optional)'))}
        <Field id="engineHours" name="engineHours" label={t('Engine hours (optional)')} hint={t('The hour meter on the dash, if the bus has one')} error={errors.engineHours} live={false} className="grid-cols-1">
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" className="h-11" value={values.engineHours ?? ''} onChange={(e) => onChange('engineHours', e.currentTarget.value)} />
          )}
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">{t('Times are in {timeZone}.', { timeZone })}</p>
    </section>
  )
}

// The page checks its fields itself (on submit, the server's schema): no live check by the browser.
function TimeField({ id, label, value, error, hydrated, tz, onChange }: { id: string; label: string; value: string; error?: string; hydrated: boolean; tz: string; onChange: (v: string) => void }) {
  const { t } = useT()
  return (
    <Field id={id} name={id} label={label} error={error} live={false} className="grid-cols-1">
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} type="datetime-local" className="h-11 min-w-0 flex-1" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
          {hydrated ? (
            <Button type="button" variant="outline" className="h-11" onClick={() => onChange(wallTimeOf(Date.now(), tz))} aria-label={t('{field}: now', { field: label })}>
              {t('Now')}
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

function NumberField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <Field id={id} name={id} label={label} error={error} live={false} className="grid-cols-1">
      {(control) => <Input {...control} inputMode="numeric" pattern="[0-9]*" autoComplete="off" className="h-11" value={value} onChange={(e) => onChange(e.currentTarget.value)} />}
    </Field>
  )
}
