import { Form, useNavigation } from '@remix-run/react'
import { CheckCheck, ImagePlus } from 'lucide-react'
import * as React from 'react'
import { Field, FieldError, FormError, controlProps } from '#app/components/forms/field.tsx'
import { SignatureField } from '#app/components/forms/signature-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { downscaleToJpeg } from '#app/utils/shrink-image.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { INSPECTION_ITEM_STATUS, INSPECTION_ITEM_STATUSES, inspectionItemsBySection, type InspectionItem, type InspectionItemKey } from '#catalog/inspection-checklist.ts'
import { MAX_IMAGE_BYTES } from '#catalog/fleet.ts'
import { ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import { sayText } from '#catalog/i18n.ts'
import { formatOdometer, ODOMETER_MAX } from '#catalog/odometer.ts'
import {
  INSPECTION_MAX_PHOTOS,
  inspectionInput,
  type InspectedVehicle,
  type InspectionDateWindow,
} from '#server/inspections/inspection-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import { commentsField, inputFromValues, statusField, valuesFromForm, type InspectionFormValues } from './form-input.ts'
import { INSPECTION_INTENT } from './intents.ts'

export interface InspectionFormAnswer {
  formError: string | null
  fieldErrors: Record<string, string>
  values: InspectionFormValues | null
}

interface Props {
  vehicle: InspectedVehicle
  window: InspectionDateWindow & { today: string }
  idempotencyKey: string
  answer: InspectionFormAnswer | null
  /** The filer's inspector qualification (decision 066), null when none is entered in the profile. */
  qualification?: string | null
}

const SECTIONS = inspectionItemsBySection()
const UNSATISFACTORY = String(INSPECTION_ITEM_STATUS.Unsatisfactory)
const SATISFACTORY = String(INSPECTION_ITEM_STATUS.Satisfactory)

/** Step 2: the 48 items by section, odometer, photos, signature; one plain multipart form. */
export function InspectionForm({ vehicle, window, idempotencyKey, answer, qualification = null }: Props) {
  const { t, locale } = useT()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const values = answer?.values ?? null
  const [statuses, setStatuses] = React.useState<Partial<Record<InspectionItemKey, string>>>(values?.statuses ?? {})
  const [clientErrors, setClientErrors] = React.useState<Record<string, string> | null>(null)
  const [photoNote, setPhotoNote] = React.useState<string | null>(null)
  const [shrinking, setShrinking] = React.useState(false)
  const summaryRef = React.useRef<HTMLDivElement>(null)

  // A new answer from the server (a refusal, "mark all" without JavaScript) shows its values and errors.
  React.useEffect(() => {
    if (answer?.values) setStatuses(answer.values.statuses)
    setClientErrors(null)
    if (answer?.formError) summaryRef.current?.focus()
  }, [answer])

  const errors = clientErrors ?? answer?.fieldErrors ?? {}
  const errorCount = Object.keys(errors).length
  const formError = clientErrors
    ? t('{count, plural, one {Please correct the field marked below.} other {Please correct the # fields marked below.}}', { count: errorCount })
    : (answer?.formError ?? null)
  const answered = Object.values(statuses).filter(Boolean).length

  const markAll = () =>
    setStatuses((s) => {
      const next = { ...s }
      for (const { items } of SECTIONS) for (const item of items) next[item.key] ||= SATISFACTORY
      return next
    })

  /** The browser says what the server would, before anything is sent. */
  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.value === INSPECTION_INTENT.markAll) return
    const form = new FormData(event.currentTarget)
    const parsed = inspectionInput(window).safeParse(inputFromValues(valuesFromForm(form)))
    // The schema's own (English) messages, sentences with values included, in the page's language.
    const found = Object.fromEntries(Object.entries(parsed.success ? {} : fieldErrorsOf(parsed.error)).map(([k, v]) => [k, sayText(t, v)]))
    const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string' && f.size > 0)
    if (files.length > INSPECTION_MAX_PHOTOS) found.photos = t('At most {max} photos', { max: INSPECTION_MAX_PHOTOS })
    files.forEach((f, i) => {
      if (f.size > MAX_IMAGE_BYTES) found[`photos.${i}.photo`] = t('{name}: larger than 2 MB', { name: f.name })
    })
    if (Object.keys(found).length) {
      event.preventDefault()
      setClientErrors(found)
      requestAnimationFrame(() => summaryRef.current?.focus())
    } else {
      setClientErrors(null)
    }
  }

  const onPhotos = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const chosen = Array.from(input.files ?? [])
    if (!chosen.length) return setPhotoNote(null)
    setShrinking(true)
    try {
      const shrunk = await Promise.all(chosen.map(async (f) => (await downscaleToJpeg(f, { maxSide: 1600, quality: 0.82 })) ?? f))
      const dt = new DataTransfer()
      for (const f of shrunk) dt.items.add(f)
      input.files = dt.files
      const kb = Math.round(shrunk.reduce((n, f) => n + f.size, 0) / 1024)
      setPhotoNote(t('{count, plural, one {# photo ready ({kb} KB)} other {# photos ready ({kb} KB)}}', { count: shrunk.length, kb }))
    } finally {
      setShrinking(false)
    }
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-4"
      noValidate={hydrated}
      onSubmit={check}
      aria-labelledby="inspection-form-title"
    >
      <input type="hidden" name="vehicleIdentifier" value={vehicle.vehicleIdentifier} />
      <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
      <h2 id="inspection-form-title" className="text-lg font-semibold">
        {t('2. Inspect {vehicle}', { vehicle: vehicle.vehicleIdentifier })}
      </h2>

      <FormError ref={summaryRef} message={formError} testId="form-error">
        {errors.vehicleIdentifier ? <p>{errors.vehicleIdentifier}</p> : null}
      </FormError>

      <div className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2">
        <Field id="inspectionDate" name="inspectionDate" label={t('Inspection date')} error={errors.inspectionDate} live={false} className="min-w-0">
          {(control) => <Input {...control} type="date" required min={window.earliest} max={window.latest} defaultValue={values?.inspectionDate || window.today} className="h-11" />}
        </Field>
        <Field
          id="odometer"
          name="odometer"
          label={t('Odometer (optional)')}
          error={errors.odometer}
          live={false}
          className="min-w-0"
          hint={vehicle.odometer != null ? t('Last reading: {odometer}', { odometer: formatOdometer(vehicle.odometer, locale) }) : undefined}
        >
          {(control) => <Input {...control} inputMode="numeric" pattern="[0-9]*" min={0} max={ODOMETER_MAX} defaultValue={values?.odometer ?? ''} autoComplete="off" className="h-11" />}
        </Field>
        <Field id="engineHours" name="engineHours" label={t('Engine hours (optional)')} error={errors.engineHours} live={false} className="min-w-0" hint={t('The hour meter on the dash, if the bus has one')}>
          {(control) => <Input {...control} inputMode="decimal" defaultValue={values?.engineHours ?? ''} autoComplete="off" className="h-11" />}
        </Field>
      </div>

      <AnnualCheckbox checked={values?.isAnnual === 'true'} qualification={qualification} error={errors.isAnnual} />

      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('{answered} of 48 items answered', { answered })}
        </p>
        <Button
          type={hydrated ? 'button' : 'submit'}
          name="intent"
          value={INSPECTION_INTENT.markAll}
          formNoValidate
          variant="secondary"
          className="h-11"
          onClick={hydrated ? markAll : undefined}
        >
          <CheckCheck aria-hidden /> {t('Mark all Satisfactory')}
        </Button>
        <p className="w-full text-xs text-muted-foreground">{t('Marks the items not yet answered; your other answers stay.')}</p>
      </div>

      {SECTIONS.map(({ section, items }) => (
        <section key={section} aria-labelledby={`section-${section}`} className="rounded-lg border bg-card">
          <h3 id={`section-${section}`} className="border-b px-4 py-3 text-base font-semibold">
            {t(section)} <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
          </h3>
          <ul className="divide-y">
            {items.map((item) => (
              <ItemRow
                key={item.key}
                item={item}
                status={statuses[item.key] ?? ''}
                comment={values?.comments[item.key] ?? ''}
                onStatus={(s) => setStatuses((prev) => ({ ...prev, [item.key]: s }))}
                statusError={errors[statusField(item.key)] ?? errors[item.key]}
                commentError={errors[commentsField(item.key)]}
                hydrated={hydrated}
              />
            ))}
          </ul>
        </section>
      ))}

      <div className="grid gap-4 rounded-lg border bg-card p-4">
        <Field
          id="photos"
          name="photos"
          label={t('Photos (optional)')}
          live={false}
          className="min-w-0"
          error={errors.photos ?? Object.entries(errors).find(([k]) => k.startsWith('photos.'))?.[1]}
          hint={[
            hydrated ? t('Up to {max} photos, 2 MB each (shrunk before sending).', { max: INSPECTION_MAX_PHOTOS }) : t('Up to {max} photos, 2 MB each.', { max: INSPECTION_MAX_PHOTOS }),
            answer?.formError && !hydrated ? t('Choose them again after a correction.') : '',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {(control) => (
            <>
              <div className="flex items-center gap-2">
                <ImagePlus aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                <input
                  {...control}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  multiple
                  onChange={onPhotos}
                  className="block w-full min-w-0 text-sm file:mr-3 file:h-10 file:rounded-md file:border file:bg-secondary file:px-3 file:text-sm"
                />
              </div>
              {photoNote ? <p className="text-xs text-muted-foreground">{photoNote}</p> : null}
            </>
          )}
        </Field>
        <SignatureField
          name="inspectorSignature"
          typedName="signatureName"
          label={t('Inspector signature')}
          defaultValue={values?.inspectorSignature || undefined}
          typedDefault={values?.signatureName || undefined}
          error={errors.inspectorSignature ?? errors.signatureName}
        />
      </div>

      {/* UI.md: a sticky submit on phones, with how far the checklist is. */}
      <div className="sticky bottom-0 z-10 -mb-2 grid gap-1 rounded-t-lg border-t bg-background/95 pt-2 pb-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <p aria-hidden className="text-center text-xs text-muted-foreground">{t('{answered} of 48 answered', { answered })}</p>
        <Button type="submit" name="intent" value={INSPECTION_INTENT.file} size="lg" className="h-12 w-full text-base" disabled={submitting || shrinking}>
          {submitting ? t('Filing the inspection…') : shrinking ? t('Preparing photos…') : t('Submit inspection')}
        </Button>
      </div>
    </Form>
  )
}

/**
 * "This is the annual inspection (49 CFR 396.17)" (decision 066): a plain checkbox, so it files
 * without JavaScript; the qualification it prints, or where to enter it.
 */
function AnnualCheckbox({ checked, qualification, error }: { checked: boolean; qualification: string | null; error?: string }) {
  const { t } = useT()
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4" data-testid="annual-inspection">
      <label htmlFor="isAnnual" className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          id="isAnnual"
          name="isAnnual"
          type="checkbox"
          value="true"
          defaultChecked={checked}
          className="size-5 shrink-0 accent-primary"
          {...controlProps('isAnnual', error, 'isAnnual-hint')}
        />
        {t(ANNUAL_TEXT.checkbox)}
      </label>
      <p id="isAnnual-hint" className="text-xs text-muted-foreground">
        {t(ANNUAL_TEXT.checkboxHint)}{' '}
        {qualification ? (
          <>
            {t('Your qualification:')} <strong className="text-foreground">{qualification}</strong>.
          </>
        ) : (
          <>
            {t('You have no inspector qualification yet:')}{' '}
            <a href="/profile?edit=1" className="underline">
              {t('enter it in your profile')}
            </a>
            .
          </>
        )}
      </p>
      <FieldError id="isAnnual-error" name="isAnnual" message={error} />
    </div>
  )
}

const STATUS_STYLE: Record<number, string> = {
  0: 'has-[:checked]:border-success has-[:checked]:bg-success has-[:checked]:text-success-foreground',
  1: 'has-[:checked]:border-destructive has-[:checked]:bg-destructive has-[:checked]:text-destructive-foreground',
  2: 'has-[:checked]:border-foreground/60 has-[:checked]:bg-muted has-[:checked]:text-foreground',
}

/** One item: three large radio buttons and its comment (required when Unsatisfactory). */
function ItemRow(props: {
  item: InspectionItem
  status: string
  comment: string
  onStatus: (s: string) => void
  statusError?: string
  commentError?: string
  hydrated: boolean
}) {
  const { item, status, comment, onStatus, statusError, commentError, hydrated } = props
  const { t } = useT()
  const unsatisfactory = status === UNSATISFACTORY
  const [showComment, setShowComment] = React.useState(!!comment)
  // Once shown, a comment stays: changing the answer back never throws away what was typed.
  React.useEffect(() => {
    if (unsatisfactory) setShowComment(true)
  }, [unsatisfactory])
  const commentVisible = !hydrated || unsatisfactory || showComment || !!commentError
  const sName = statusField(item.key)
  const cName = commentsField(item.key)
  return (
    <li className="px-4 py-3" data-item={item.key}>
      <fieldset {...controlProps(sName, statusError)}>
        <legend className="mb-2 text-sm font-medium">{t(item.label)}</legend>
        <div className="grid grid-cols-3 gap-1.5">
          {INSPECTION_ITEM_STATUSES.map((s) => (
            <label
              key={s.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-input px-1 py-1 text-center text-xs leading-tight font-medium select-none sm:text-sm',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                STATUS_STYLE[s.value],
              )}
            >
              <input
                type="radio"
                name={sName}
                value={s.value}
                required
                checked={status === String(s.value)}
                onChange={() => onStatus(String(s.value))}
                className="sr-only"
              />
              {t(s.label)}
            </label>
          ))}
        </div>
        <FieldError id={`${sName}-error`} name={sName} message={statusError} className="mt-1" />
      </fieldset>
      {commentVisible ? (
        <Field
          id={cName}
          name={cName}
          label={unsatisfactory ? t('Comment (required)') : hydrated ? t('Comment') : t('Comment (required when Unsatisfactory)')}
          labelClassName="text-xs text-muted-foreground"
          error={commentError}
          live={false}
          className="mt-2 gap-1"
        >
          {(control) => <Textarea {...control} defaultValue={comment} rows={2} maxLength={2000} required={hydrated ? unsatisfactory : undefined} className="min-h-11" />}
        </Field>
      ) : (
        <Button type="button" variant="link" size="sm" className="mt-1 h-8 px-0" onClick={() => setShowComment(true)}>
          {t('Add a comment')}
        </Button>
      )}
    </li>
  )
}
