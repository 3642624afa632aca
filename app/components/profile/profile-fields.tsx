import * as React from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { GENDERS } from '#catalog/statuses.ts'
import { Field } from '#app/components/forms/field.tsx'
import { NativeSelect } from './native-select.tsx'
import type { FieldErrors, PlaceOption, ProfileFieldValues } from './types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Mirrors the server's phone rule (profileFieldsSchema) for the browser's live check. */
// Every punctuator escaped: browsers compile `pattern` with the `v` flag.
const PHONE_PATTERN = String.raw`\+?[0-9 \(\)\.\/\-]{6,30}`

/**
 * The spec's profile fields (section 5): first name, last name, date of birth,
 * gender, country, state (US only), phone number. Used by /completeProfile and
 * the profile edit form. Without JavaScript the state field is always shown
 * with a "US only" hint (the server ignores it for other countries); with
 * JavaScript it is hidden for other countries and required for the US.
 */
export function ProfileFields({
  idPrefix,
  values,
  errors,
  countries,
  usStates,
  today,
}: {
  idPrefix: string
  values: ProfileFieldValues
  errors?: FieldErrors
  countries: PlaceOption[]
  usStates: PlaceOption[]
  /** YYYY-MM-DD: the date of birth must be before it. */
  today: string
}) {
  const hydrated = useHydrated()
  const { t } = useT()
  const [country, setCountry] = React.useState(values.countryCode || 'US')
  const isUs = country === 'US'
  const showState = !hydrated || isUs
  const id = (name: string) => `${idPrefix}-${name}`

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('firstName')} name="firstName" label={t('First name')} errors={errors}>
        {(p) => <Input {...p} defaultValue={values.firstName} autoComplete="given-name" required maxLength={100} />}
      </Field>
      <Field id={id('lastName')} name="lastName" label={t('Last name')} errors={errors}>
        {(p) => <Input {...p} defaultValue={values.lastName} autoComplete="family-name" required maxLength={100} />}
      </Field>
      <Field id={id('dateOfBirth')} name="dateOfBirth" label={t('Date of birth')} errors={errors}>
        {(p) => (
          <Input
            {...p}
            type="date"
            defaultValue={values.dateOfBirth}
            autoComplete="bday"
            required
            min="1900-01-01"
            max={previousDay(today)}
          />
        )}
      </Field>
      <Field id={id('gender')} name="gender" label={t('Gender')} errors={errors}>
        {(p) => (
          <NativeSelect {...p} defaultValue={values.gender || '3'} required>
            {GENDERS.map((g) => (
              <option key={g.value} value={g.value}>
                {t(g.label)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={id('countryCode')} name="countryCode" label={t('Country')} errors={errors}>
        {(p) => (
          <NativeSelect
            {...p}
            defaultValue={values.countryCode || 'US'}
            autoComplete="country"
            required
            onChange={(e) => setCountry(e.currentTarget.value)}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {showState ? (
        <Field
          id={id('comesFromState')}
          name="comesFromState"
          label={t('State')}
          errors={errors}
          hint={hydrated ? undefined : t('US only: leave empty for other countries.')}
        >
          {(p) => (
            <NativeSelect {...p} defaultValue={values.comesFromState} required={hydrated && isUs}>
              <option value="">{t('Choose a state')}</option>
              {usStates.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}
      <Field id={id('phoneNumber')} name="phoneNumber" label={t('Phone number')} errors={errors}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            defaultValue={values.phoneNumber}
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={30}
            pattern={PHONE_PATTERN}
            title={t('Digits, spaces or + - ( )')}
          />
        )}
      </Field>
    </div>
  )
}

/** The day before `day` (YYYY-MM-DD): the latest allowed date of birth. */
function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}
