import { Form, useNavigation } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { SendIcon, TriangleAlertIcon } from 'lucide-react'
import * as React from 'react'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { VEHICLE_REQUEST_INTENT } from './intents.ts'
import { type CreateRequestResult, EMPTY_REQUEST_VALUES, type RequestField, type RequestFormErrors, type RequestFormValues, hasRequestFormErrors, overlapWarning, validateRequestForm } from './request-form.ts'
import { REQUEST_PAGE_TEXT } from './texts.ts'

const NO_ERRORS: RequestFormErrors = { formError: null, fieldErrors: {} }

/**
 * The Add vehicle request form: vehicle identifier, start date, end date,
 * Send request. It posts `intent=createVehicleRequest` to the page's action.
 *
 * Date inputs carry `min` values (start ≥ the company's today, end ≥ start).
 * With JavaScript the spec's three rules are checked before sending, with the
 * spec's texts, and again as the fields change after a first attempt; the
 * browser's own validation is then switched off so only those texts show.
 * Without JavaScript the browser's `required`/`min` checks apply and the
 * server answers with the same texts. Values and messages of a failed
 * attempt come back in `result`.
 */
export function VehicleRequestForm({
  idPrefix,
  companyId,
  today,
  result,
  cancel,
}: {
  idPrefix: string
  /** The operator company asking (for the overlap warning). */
  companyId: number
  /** The operator company's calendar date, 'YYYY-MM-DD'. */
  today: string
  /** The action's answer to the last failed attempt. */
  result: CreateRequestResult | null
  /** A Cancel button or link. */
  cancel?: React.ReactNode
}) {
  const hydrated = useHydrated()
  const { t, locale } = useT()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === VEHICLE_REQUEST_INTENT.create

  const [values, setValues] = React.useState<RequestFormValues>(result?.values ?? EMPTY_REQUEST_VALUES)
  const [errors, setErrors] = React.useState<RequestFormErrors>(result ?? NO_ERRORS)
  const [attempted, setAttempted] = React.useState(Boolean(result))
  // A new answer from the server replaces what the form shows.
  const [shownResult, setShownResult] = React.useState(result)
  if (result !== shownResult) {
    setShownResult(result)
    setValues(result?.values ?? EMPTY_REQUEST_VALUES)
    setErrors(result ?? NO_ERRORS)
    setAttempted(Boolean(result))
  }

  // The overlap warning (decision 059): asked once the identifier and a valid start date are typed.
  const trpc = useTRPC()
  const asked = useDebounced(values, 400)
  const askable = asked.vehicleIdentifier.trim() !== '' && DATE.test(asked.startDate) && (asked.endDate === '' || DATE.test(asked.endDate))
  const overlapQuery = useQuery(
    trpc.vehicleRequests.overlaps.queryOptions(
      { operatorCompanyId: companyId, vehicleIdentifier: asked.vehicleIdentifier.trim(), startDate: asked.startDate, endDate: asked.endDate || null },
      { enabled: hydrated && askable, staleTime: 30_000, retry: false },
    ),
  )
  const warning = askable && overlapQuery.data ? overlapWarning(overlapQuery.data.overlaps, t, locale) : null

  const change = (field: RequestField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value }
    setValues(next)
    if (attempted) setErrors(validateRequestForm(next, today))
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const found = validateRequestForm(values, today)
    setAttempted(true)
    setErrors(found)
    if (hasRequestFormErrors(found)) event.preventDefault()
  }

  const id = (field: RequestField) => `${idPrefix}-${field}`
  const formErrorId = `${idPrefix}-form-error`
  // The "required" text is said once, above the fields; the fields it concerns are marked.
  const fieldMessage = (field: RequestField) => {
    const m = errors.fieldErrors[field]
    return m && m !== errors.formError ? m : null
  }
  /** The field kit's props for a field: its own message, or a mark pointing at the form's message. */
  const fieldProps = (field: RequestField) => {
    const m = fieldMessage(field)
    const inFormError = Boolean(errors.fieldErrors[field]) && errors.fieldErrors[field] === errors.formError
    return {
      id: id(field),
      name: field,
      error: m ? t(m) : null,
      invalid: Boolean(errors.fieldErrors[field]),
      describedBy: inFormError ? formErrorId : undefined,
      errorTestId: `${field}-error`,
      live: false,
      className: 'gap-2',
    }
  }
  const endMin = values.startDate && values.startDate > today ? values.startDate : today

  return (
    <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="grid gap-4" aria-label={t(REQUEST_PAGE_TEXT.addVehicleRequest)}>
      <input type="hidden" name="intent" value={VEHICLE_REQUEST_INTENT.create} />
      <FormError id={formErrorId} message={errors.formError ? t(errors.formError) : null} testId="request-form-error" />
      <Field {...fieldProps('vehicleIdentifier')} label={t('Vehicle identifier')}>
        {(control) => (
          <Input
            {...control}
            value={values.vehicleIdentifier}
            onChange={change('vehicleIdentifier')}
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('e.g. BUS-0001')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...fieldProps('startDate')} label={t('Start date')}>
          {(control) => <Input {...control} type="date" min={today} value={values.startDate} onChange={change('startDate')} required />}
        </Field>
        <Field
          {...fieldProps('endDate')}
          label={
            <>
              {t('End date')} <span className="font-normal text-muted-foreground">{t('(optional)')}</span>
            </>
          }
          hint={t('Leave empty for an open-ended request.')}
          hintId={`${idPrefix}-end-hint`}
        >
          {(control) => <Input {...control} type="date" min={endMin} value={values.endDate} onChange={change('endDate')} />}
        </Field>
      </div>
      <div aria-live="polite">
        {warning ? (
          <p className="flex items-start gap-1.5 text-sm text-warning-foreground dark:text-warning" data-testid="request-overlap-warning">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-warning" />
            <span>
              <span className="sr-only">{t('Warning:')} </span>
              {warning}
            </span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={sending}>
          <SendIcon aria-hidden="true" />
          {t(REQUEST_PAGE_TEXT.sendRequest)}
        </Button>
      </div>
    </Form>
  )
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** `value` once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value)
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
