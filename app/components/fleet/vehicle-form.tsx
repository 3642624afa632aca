import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import { SearchIcon, TriangleAlertIcon } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Field, FieldError, controlProps } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/utils/cn.ts'
import { isTrpcClientError, trpcCall } from '#app/utils/trpc-call.ts'
import { isVinFormatValid, vinCheckDigitValid } from '#catalog/vin.ts'
import { VIN_LOOKUP_MIN } from '#catalog/fleet.ts'
import { ImageField } from './image-field.tsx'
import { type FieldDef, VEHICLE_FORM_SECTIONS, type VehicleFieldName, type VehicleFormResult, type VehicleFormValues, emptyVehicleValues } from './vehicle-fields.ts'
import { FLEET_INTENT } from './intents.ts'
import { FLEET_TEXT } from './texts.ts'
import { fillFromVin, lookupModelYear } from './vin.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'

export const VIN_CHECK_DIGIT_WARNING = msg(
  "The VIN's check digit (9th character) does not match. Check the VIN; imported and older buses can fail this check, so you may still save it.",
)

// The schema check (zod) loads when the dialog opens, not with the page (decision 053).
let checks: typeof import('./vehicle-checks.ts') | undefined
const loadChecks = () => import('./vehicle-checks.ts').then((m) => (checks = m))

function FieldInput({
  def,
  value,
  error,
  onChange,
  after,
  extraDescribedBy,
}: {
  def: FieldDef
  value: string | boolean
  error?: string
  onChange: (name: VehicleFieldName, value: string | boolean) => void
  after?: React.ReactNode
  extraDescribedBy?: string
}) {
  const { t } = useT()
  const id = `vehicle-${def.name}`
  const name = def.name as VehicleFieldName
  const message = error ? t(error) : null
  if (def.kind === 'checkbox') {
    return (
      <div className="grid content-start gap-1.5 self-end py-2">
        <div className="flex items-center gap-2">
          <input
            id={id}
            name={name}
            {...controlProps(id, message, extraDescribedBy)}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(name, e.currentTarget.checked)}
            className="size-4 accent-primary"
          />
          <label htmlFor={id} className="text-sm">
            {t(def.label)}
          </label>
        </div>
        <FieldError id={`${id}-error`} name={name} message={message} testId={`error-${def.name}`} />
      </div>
    )
  }
  const label = (
    <>
      {t(def.label)}
      {def.kind === 'text' && def.required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
    </>
  )
  return (
    <Field
      id={id}
      name={name}
      label={label}
      error={message}
      hint={def.hint ? t(def.hint) : undefined}
      describedBy={extraDescribedBy}
      errorTestId={`error-${def.name}`}
      live={false}
    >
      {(common) => {
        let control: React.ReactNode
        if (def.kind === 'select') {
          control = (
            <select
              {...common}
              value={String(value)}
              onChange={(e) => onChange(name, e.currentTarget.value)}
              className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
            >
              <option value={def.placeholder.value}>{t(def.placeholder.label)}</option>
              {def.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          )
        } else {
          const isVin = name === 'vin'
          control = (
            <Input
              {...common}
              type={def.kind === 'number' ? 'number' : def.kind === 'date' ? 'date' : 'text'}
              value={String(value)}
              onChange={(e) => onChange(name, isVin ? e.currentTarget.value.toUpperCase() : e.currentTarget.value)}
              required={def.kind === 'text' && def.required ? true : undefined}
              maxLength={def.kind === 'text' ? def.maxLength : undefined}
              placeholder={def.kind === 'text' && def.placeholder ? t(def.placeholder) : undefined}
              min={def.kind === 'number' ? def.min : undefined}
              max={def.kind === 'number' ? def.max : undefined}
              step={def.kind === 'number' ? def.step : undefined}
              inputMode={def.kind === 'number' ? (def.step === 1 ? 'numeric' : 'decimal') : undefined}
              // Without JavaScript the browser checks the VIN's shape (lower case is accepted: the server upper-cases it).
              pattern={isVin ? '[A-HJ-NPR-Za-hj-npr-z0-9]{17}' : undefined}
              title={isVin ? t('17 letters and digits, without I, O or Q') : undefined}
              autoCapitalize={isVin ? 'characters' : undefined}
              spellCheck={isVin ? false : undefined}
              className={isVin ? 'font-mono uppercase' : undefined}
            />
          )
        }
        return after ? (
          <div className="flex gap-2">
            <div className="min-w-0 flex-1">{control}</div>
            {after}
          </div>
        ) : (
          control
        )
      }}
    </Field>
  )
}

export interface VehicleFormProps {
  mode: 'add' | 'edit'
  vehicleId: number | null
  /** The vehicle's version when the edit started (a stale save gets 409). */
  version?: number | null
  hasImage: boolean
  /** What the form starts from (empty, or the stored vehicle): "dirty" means changed from this. */
  baseline: VehicleFormValues
  /** The action's answer to the last post of this form (errors, values kept, a lookup). */
  result: VehicleFormResult | null
  onDirtyChange?: (dirty: boolean) => void
  /** The Cancel button: a link without JavaScript, the dialog's close with it. */
  cancel: React.ReactNode
}

/**
 * The vehicle's fields by section (General, Performance, Physical, Safety,
 * Seating and Interior, Regulatory, Image), posted to the page's action with
 * `intent=addVehicle` or `intent=updateVehicle`.
 */
export function VehicleForm({ mode, vehicleId, version, hasImage, baseline, result, onDirtyChange, cancel }: VehicleFormProps) {
  const { t } = useT()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const formRef = React.useRef<HTMLFormElement>(null)
  React.useEffect(() => {
    if (hydrated) void loadChecks()
  }, [hydrated])
  const [values, setValues] = React.useState<VehicleFormValues>(result?.values ?? baseline)
  const [imageData, setImageData] = React.useState<string | null>(result?.imageData ?? null)
  const [removeImage, setRemoveImage] = React.useState(false)
  const [serverErrors, setServerErrors] = React.useState<Record<string, string>>(result?.fieldErrors ?? {})
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({})
  const [looking, setLooking] = React.useState(false)
  const [lookupNote, setLookupNote] = React.useState<VehicleFormResult['vinLookup']>(result?.vinLookup ?? null)
  // With JavaScript the lookup is a tRPC call (the no-JavaScript form posts intent=vinLookup instead).

  // A new answer from the action (after a post): show its values and errors.
  React.useEffect(() => {
    if (!result) return
    setValues(result.values)
    setImageData(result.imageData)
    setServerErrors(result.fieldErrors)
    setClientErrors({})
    setLookupNote(result.vinLookup)
  }, [result])
  // With JavaScript the form checks itself and shows the messages under the fields.
  React.useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
  }, [])

  const dirty = removeImage || imageData !== null || JSON.stringify(values) !== JSON.stringify(baseline)
  React.useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])

  const intent = mode === 'add' ? FLEET_INTENT.add : FLEET_INTENT.edit
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const vin = String(values.vin)
  const vinWarning = isVinFormatValid(vin.trim().toUpperCase()) && !vinCheckDigitValid(vin.trim().toUpperCase())

  const change = (name: VehicleFieldName, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (serverErrors[name]) setServerErrors(({ [name]: _gone, ...rest }) => rest)
    if (clientErrors[name]) setClientErrors(({ [name]: _gone, ...rest }) => rest)
    if (name === 'vin') setLookupNote(null)
    else if (lookupNote?.filled?.includes(name)) setLookupNote({ ...lookupNote, filled: lookupNote.filled.filter((f) => f !== name) })
  }
  const vinFilled = new Set(lookupNote?.found ? (lookupNote.filled ?? []) : [])

  const lookup = async () => {
    const typed = vin.trim().toUpperCase()
    if (typed.length < VIN_LOOKUP_MIN) return
    setLooking(true)
    try {
      const answer = await (await trpcCall()).fleet.lookupVin.mutate({ vin: typed, modelYear: lookupModelYear(values.yearBuild) })
      if (!answer.found) {
        // Spec section 4: "Vehicle not found" and the form resets (the VIN stays, to be corrected).
        // Said once, under the VIN (decision 059).
        setValues({ ...emptyVehicleValues(), vin: typed })
        setImageData(null)
        setServerErrors({})
        setClientErrors({})
        setLookupNote({ found: false, message: FLEET_TEXT.vinNotFound })
        return
      }
      // Fields typed while the lookup ran are kept unless it found them.
      setValues((v) => fillFromVin(v, typed, answer, t).values)
      const { message, filled } = fillFromVin(values, typed, answer, t)
      // Said once, under the VIN, with the fields it filled (decisions 059, 060).
      setLookupNote({ found: true, message, filled, checkDigitValid: answer.checkDigitValid })
      setClientErrors({})
    } catch (error) {
      // The server's reason (e.g. too many lookups), else the spec's text: under the VIN.
      setLookupNote({ found: false, message: isTrpcClientError(error) ? error.message : FLEET_TEXT.vinNotFound })
    } finally {
      setLooking(false)
    }
  }

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.value === FLEET_INTENT.vinLookup) return
    if (!checks) {
      // The check is still loading (a very quick submit): submit again once it is there.
      e.preventDefault()
      void loadChecks().then(() => formRef.current?.requestSubmit(submitter ?? undefined))
      return
    }
    const errors = checks.validateVehicle(values, t)
    if (Object.keys(errors).length) {
      e.preventDefault()
      setClientErrors(errors)
      const first = Object.keys(errors)[0]
      formRef.current?.querySelector<HTMLElement>(`#vehicle-${first}`)?.focus()
    }
  }

  const errors = { ...serverErrors, ...clientErrors }
  const vinLookupButton =
    mode === 'add' ? (
      hydrated ? (
        <Button type="button" variant="outline" onClick={() => void lookup()} disabled={looking || vin.trim().length < VIN_LOOKUP_MIN} data-testid="vin-lookup">
          <SearchIcon aria-hidden="true" />
          {looking ? t('Looking up…') : t('VIN lookup')}
        </Button>
      ) : (
        <Button type="submit" variant="outline" name="intent" value={FLEET_INTENT.vinLookup} formNoValidate data-testid="vin-lookup">
          <SearchIcon aria-hidden="true" />
          {t('VIN lookup')}
        </Button>
      )
    ) : null

  const vinNotes = (
    <div id="vehicle-vin-notes" aria-live="polite">
      {vinWarning ? (
        <p className="flex items-start gap-1.5 text-sm text-warning-foreground dark:text-warning" data-testid="vin-warning">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-warning" />
          <span>
            <span className="sr-only">{t('Warning:')} </span>
            {t(VIN_CHECK_DIGIT_WARNING)}
          </span>
        </p>
      ) : null}
      {lookupNote ? (
        <p className={cn('text-sm', lookupNote.found ? 'text-muted-foreground' : 'text-destructive')} data-testid="vin-lookup-note">
          {t(lookupNote.message)}
        </p>
      ) : null}
    </div>
  )

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" preventScrollReset onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={mode === 'add' ? t('New vehicle') : t('Edit vehicle')}>
      {/* Enter in a field saves (the first submit button is the default one), never looks the VIN up. */}
      <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden="true" className="sr-only">
        {t('Save')}
      </button>
      {/* The fields scroll above the button bar, which stays in normal flow (decision 057). */}
      <DialogBody className="grid grid-cols-1 content-start gap-5" data-testid="vehicle-form-body">
      {vehicleId ? <input type="hidden" name="id" value={vehicleId} /> : null}
      {vehicleId && version ? <input type="hidden" name="version" value={version} /> : null}
      {result?.formError ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="vehicle-form-error">
          {result.toast ? <p className="font-medium">{t(result.toast.message)}</p> : null}
          {result.formError !== result.toast?.message ? <p>{t(result.formError)}</p> : null}
        </div>
      ) : null}
      {VEHICLE_FORM_SECTIONS.map((s) => (
        <fieldset key={s.section} className="grid min-w-0 gap-3 rounded-md border p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold">{t(s.section)}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {(s.fields as readonly FieldDef[]).map((def) => (
              <div key={def.name} className={cn(def.name === 'vin' && 'sm:col-span-2')}>
                <FieldInput
                  def={def}
                  value={values[def.name as VehicleFieldName]}
                  error={errors[def.name]}
                  onChange={change}
                  after={def.name === 'vin' ? vinLookupButton : undefined}
                  extraDescribedBy={def.name === 'vin' ? 'vehicle-vin-notes' : undefined}
                />
                {def.name === 'vin' ? vinNotes : null}
                {vinFilled.has(def.name) ? (
                  <p className="mt-1 text-xs text-muted-foreground" data-testid={`vin-filled-${def.name}`}>
                    {t('Filled by the VIN lookup')}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{t('Image')}</legend>
        <ImageField
          vehicleId={vehicleId}
          hasImage={hasImage}
          imageData={imageData}
          onImageData={setImageData}
          removeImage={removeImage}
          onRemoveImage={setRemoveImage}
          error={errors.imageData}
        />
      </fieldset>
      </DialogBody>
      <DialogFooter className="border-t pt-3" data-testid="vehicle-form-footer">
        {cancel}
        <Button type="submit" name="intent" value={intent} disabled={submitting} data-testid="vehicle-save">
          {submitting ? t('Saving…') : mode === 'add' ? t('Add vehicle') : t('Save changes')}
        </Button>
      </DialogFooter>
    </Form>
  )
}

/**
 * The Add/Edit dialog. The URL opens it (`?dialog=add`, `?dialog=edit&id=…`):
 * with JavaScript a modal that asks "Are you sure you want to close?" before
 * losing changes; without it the same form inline on the page.
 */
export function VehicleDialog({
  mode,
  vehicleId,
  vehicleIdentifier,
  version,
  hasImage,
  baseline,
  result,
  closeHref,
}: {
  mode: 'add' | 'edit'
  vehicleId: number | null
  version?: number | null
  vehicleIdentifier: string | null
  hasImage: boolean
  baseline: VehicleFormValues
  result: VehicleFormResult | null
  closeHref: string
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [dirty, setDirty] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const { t } = useT()
  const title = mode === 'add' ? t('Add vehicle') : vehicleIdentifier ? t('Edit vehicle {vehicle}', { vehicle: vehicleIdentifier }) : t('Edit vehicle')
  const description = mode === 'add' ? t('Make, model, VIN and license plate are required. Look the VIN up to fill the rest.') : t('Change any field and save.')

  React.useEffect(() => {
    // An error is said once, in the form's alert (decision 059); a toast only for the other outcomes.
    if (result?.toast && result.toast.type !== 'error') {
      const show = { success: toast.success, warning: toast.warning, info: toast.info }[result.toast.type]
      show(t(result.toast.message))
    }
  }, [result, t])

  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true })
  const requestClose = () => (dirty ? setConfirming(true) : close())

  const form = (cancel: React.ReactNode) => (
    <VehicleForm mode={mode} vehicleId={vehicleId} version={version} hasImage={hasImage} baseline={baseline} result={result} onDirtyChange={setDirty} cancel={cancel} />
  )

  if (!hydrated) {
    return (
      <section aria-labelledby="vehicle-dialog-title" className="mb-6 rounded-lg border bg-card p-4 shadow-sm sm:p-6" data-testid="vehicle-dialog">
        <h2 id="vehicle-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">{description}</p>
        {form(
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
            {t('Cancel')}
          </Link>,
        )}
      </section>
    )
  }
  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent className="sm:max-w-4xl" data-testid="vehicle-dialog" onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {form(
            <Button type="button" variant="outline" onClick={requestClose}>
              {t('Cancel')}
            </Button>,
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(FLEET_TEXT.confirmClose)}
        description={t(FLEET_TEXT.unsavedLost)}
        confirmLabel={t('Close without saving')}
        cancelLabel={t('Keep editing')}
        variant="destructive"
        onConfirm={close}
      />
    </>
  )
}
