import { Field, type FieldErrors } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { FUEL_UNITS, type FuelUnit } from '#catalog/costs.ts'

/** What the fuel form shows (typed text, as posted). */
export type FuelFieldValues = Partial<Record<'fueledAt' | 'odometer' | 'quantity' | 'unit' | 'total' | 'station' | 'card' | 'full' | 'socBefore' | 'socAfter', string>>

/**
 * The fields of a fill-up or a charge (issue 36 point 2, decision 085), shared by the driver's
 * phone screen and the log's manual form: plain inputs that post without JavaScript. `electric`
 * asks for the state of charge before and after; null: the form cannot know (a manager's form for
 * any bus), so they are offered as optional.
 */
export function FuelFields({
  idPrefix,
  values,
  errors,
  electric,
  unit,
  nowWall,
  lastOdometer,
}: {
  idPrefix: string
  values?: FuelFieldValues
  errors?: FieldErrors
  electric: boolean | null
  unit: FuelUnit | null
  nowWall: string
  lastOdometer?: number | null
}) {
  const { t, locale } = useT()
  const id = (name: string) => `${idPrefix}-${name}`
  const units = electric === true ? FUEL_UNITS.filter((u) => u.value === 'kWh') : electric === false ? FUEL_UNITS.filter((u) => u.value !== 'kWh') : FUEL_UNITS
  const full = values?.full ?? 'true'
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id={id('fueledAt')} name="fueledAt" label={t('Date and time')} errors={errors} hint={t('Left empty: now')}>
        {(p) => <Input {...p} type="datetime-local" max={nowWall} defaultValue={values?.fueledAt ?? ''} />}
      </Field>
      <Field
        id={id('odometer')}
        name="odometer"
        label={t('Odometer (miles)')}
        errors={errors}
        hint={lastOdometer != null ? t('Last reading: {reading}', { reading: lastOdometer.toLocaleString(locale === 'es' ? 'es-US' : 'en-US') }) : undefined}
      >
        {(p) => <Input {...p} type="number" inputMode="numeric" min={0} step={1} required defaultValue={values?.odometer ?? ''} />}
      </Field>
      <Field id={id('quantity')} name="quantity" label={electric ? t('Energy delivered') : t('Quantity')} errors={errors}>
        {(p) => <Input {...p} inputMode="decimal" required pattern="[0-9]*([.,][0-9]{1,3})?" defaultValue={values?.quantity ?? ''} />}
      </Field>
      <Field id={id('unit')} name="unit" label={t('Unit')} errors={errors}>
        {(p) => (
          <NativeSelect {...p} defaultValue={values?.unit || unit || units[0]!.value}>
            {units.map((u) => (
              <option key={u.value} value={u.value}>
                {t(u.label)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={id('total')} name="total" label={t('Total paid')} errors={errors} hint={t('At most two decimals')}>
        {(p) => <Input {...p} inputMode="decimal" required pattern="[0-9]*([.,][0-9]{1,2})?" defaultValue={values?.total ?? ''} />}
      </Field>
      <Field id={id('station')} name="station" label={t('Station or charger')} errors={errors}>
        {(p) => <Input {...p} maxLength={200} defaultValue={values?.station ?? ''} />}
      </Field>
      <Field id={id('card')} name="card" label={t('Fuel card')} errors={errors}>
        {(p) => <Input {...p} maxLength={200} defaultValue={values?.card ?? ''} />}
      </Field>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{electric ? t('Charge') : t('Fill-up')}</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="full" value="true" defaultChecked={full !== 'false'} /> {electric ? t('Charged to the target') : t('Full tank')}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="full" value="false" defaultChecked={full === 'false'} /> {t('Partial')}
        </label>
      </fieldset>
      {electric !== false ? (
        <>
          <Field id={id('socBefore')} name="socBefore" label={t('State of charge before (%)')} errors={errors} hint={electric === null ? t('Electric buses only') : undefined}>
            {(p) => <Input {...p} type="number" inputMode="numeric" min={0} max={100} step={1} required={electric === true} defaultValue={values?.socBefore ?? ''} />}
          </Field>
          <Field id={id('socAfter')} name="socAfter" label={t('State of charge after (%)')} errors={errors} hint={electric === null ? t('Electric buses only') : undefined}>
            {(p) => <Input {...p} type="number" inputMode="numeric" min={0} max={100} step={1} required={electric === true} defaultValue={values?.socAfter ?? ''} />}
          </Field>
        </>
      ) : null}
    </div>
  )
}
