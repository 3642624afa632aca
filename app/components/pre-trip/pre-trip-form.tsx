import { Form } from '@remix-run/react'
import { CloudOff, Loader2, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { SignatureField } from '#app/components/forms/signature-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { lazyComponent } from '#app/utils/lazy-component.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Checklist } from './checklist.tsx'
import { DamageSection } from './damage-section.tsx'
import { FiledNotice } from './filed-notice.tsx'
import { loadDraftStatus, loadQueuedFilings, loadQueuedNotice } from './lazy-pieces.ts'
import { emptyValues, formErrorsOf } from './payload.ts'
import { PhotosSection } from './photos-section.tsx'
import { RepairsPanel } from './repairs-panel.tsx'
import { TripSection } from './trip-section.tsx'
import { ACK_FIELD, type PreTripActionData, type PreTripPageData } from './types.ts'
import { PRE_TRIP_INTENT } from './intents.ts'
import { PRE_TRIP_TEXT } from './texts.ts'
import { useKeepPageOffline } from './use-keep-offline.ts'
import { useOnline } from './use-outbox.ts'
import { usePreTripAnswers } from './use-pre-trip-answers.ts'
import { usePreTripSubmit } from './use-pre-trip-submit.ts'
import { VehicleHeader } from './vehicle-header.tsx'

// Shown only once the draft is read on the phone (with JavaScript): not in the first load (decision 053).
const DraftStatus = lazyComponent(loadDraftStatus)
const QueuedNotice = lazyComponent(loadQueuedNotice)
const QueuedFilings = lazyComponent(loadQueuedFilings)

/** The driver's pre-trip of one vehicle (decision 030): one column, one thumb, a plain form underneath. */
export function PreTripForm({ data, actionData }: { data: PreTripPageData; actionData?: PreTripActionData }) {
  const hydrated = useHydrated()
  const online = useOnline()
  const { t } = useT()
  const refused = actionData && !actionData.ok ? actionData : null
  const form = usePreTripAnswers({
    values: () => refused?.values ?? emptyValues(data.nowWall, data.lastOdometer),
    errors: () => (refused ? formErrorsOf(refused.fieldErrors) : {}),
    // A refusal shown field by field has no sentence of its own (decision 083): the page says it as the check before sending does.
    formError: refused ? (refused.formError ?? t(PRE_TRIP_TEXT.fix)) : '',
  })
  const formRef = React.useRef<HTMLFormElement>(null)
  useKeepPageOffline(hydrated)
  const submit = usePreTripSubmit({ data, actionData, hydrated, form, formRef })
  const { values, errors, formError } = form
  const { phase } = submit
  const tz = data.operatorCompany.timeZone

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-4">
      <VehicleHeader data={data} />
      {hydrated && !online ? (
        <p className="flex items-center gap-2 rounded-md border bg-muted p-2 text-sm" role="status">
          <CloudOff className="size-4" aria-hidden /> {t('No connection: you can fill in the form; it will be saved on this phone.')}
        </p>
      ) : null}
      {submit.others.length ? <QueuedFilings entries={submit.others} vehicleId={data.vehicle.id} onRetry={submit.sendNow} onOpenRefused={submit.openRefused} /> : null}

      {phase === 'filed' && submit.filed ? (
        <FiledNotice filed={submit.filed} vehicleId={data.vehicle.id} onAnother={hydrated ? () => void submit.startOver() : undefined} />
      ) : phase === 'queued' ? (
        <QueuedNotice entry={submit.current} online={online} onSendNow={submit.sendNow} />
      ) : (
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate={hydrated}
          onSubmit={(e) => void submit.onSubmit(e)}
          className="grid grid-cols-1 gap-5"
          aria-label={t('Pre-trip inspection')}
        >
          <input type="hidden" name="intent" value={PRE_TRIP_INTENT} />
          <input type="hidden" name="idempotencyKey" value={refused?.idempotencyKey ?? data.idempotencyKey} />
          {formError ? (
            <p data-form-error role="alert" className="flex items-start gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="break-words">
                {formError}
                {refused && !hydrated ? ` ${t('Photos are not kept by a page without JavaScript: choose them again.')}` : ''}
              </span>
            </p>
          ) : null}
          {hydrated && submit.draftId ? <DraftStatus saving={submit.saving} savedAt={submit.savedAt} timeZone={tz} onStartOver={() => void submit.startOver()} /> : null}

          <RepairsPanel
            open={data.openRepairs}
            certified={data.certifiedRepairs}
            acknowledged={values.acknowledged}
            timeZone={tz}
            error={errors[ACK_FIELD]}
            onAcknowledge={form.acknowledge}
          />
          <TripSection values={values} errors={errors} lastOdometer={data.lastOdometer} timeZone={tz} hydrated={hydrated} onChange={form.set} />
          <Checklist answers={values.answers} errors={errors} onAnswer={form.answer} onAllOk={form.allOk} hydrated={hydrated} />
          <DamageSection
            damage={values.damage}
            sidePhotos={form.sidePhotos}
            errors={errors}
            hydrated={hydrated}
            onDescribe={(side, text) => form.set('damage', { ...values.damage, [side]: text })}
            onPickPhoto={(side, files) => void form.pickSide(side, files)}
            onRemovePhoto={form.removeSidePhoto}
          />
          <PhotosSection
            photos={form.photos}
            comments={values.comments}
            errors={errors}
            hydrated={hydrated}
            onPick={(files) => void form.pickExtra(files)}
            onRemove={form.removePhoto}
            onComments={(text) => form.set('comments', text)}
          />
          <section aria-label={t('Signature')} className="rounded-lg border p-3">
            <SignatureField
              key={form.signatureVersion}
              name="driverSignature"
              typedName="signatureName"
              label={t('Driver signature')}
              defaultValue={form.signature || undefined}
              typedDefault={values.signatureName || undefined}
              onChange={form.sign}
              error={errors.driverSignature ?? errors.signatureName}
            />
          </section>

          {formError && Object.keys(errors).length ? <p className="text-sm text-destructive">{t('{error}: see the fields marked in red.', { error: formError })}</p> : null}
          <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6">
            <Button type="submit" className="min-h-12 w-full text-base" disabled={phase === 'sending' || form.busy}>
              {phase === 'sending' ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {phase === 'sending' ? t('Sending…') : t('Submit pre-trip')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}
