import { Form, Link } from '@remix-run/react'
import { CheckCircle2, CloudOff, Gauge, Loader2, OctagonAlert, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { loadSignaturePad, SignatureField } from '#app/components/forms/signature-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { OutboxEntry } from '#app/utils/offline-queue.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { lazyComponent } from '#app/utils/lazy-component.tsx'
import { loadOnce } from '#app/utils/load-once.ts'
import { loadSonner } from '#app/components/ui/toast.ts'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { formatOdometer } from '#catalog/odometer.ts'
import { formatInstant } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { PRE_TRIP_RULES } from '#server/inspections/pre-trip-rules.ts'
import { Checklist } from './checklist.tsx'
import { loadQueue, QueuedFilings, reasonText, useOnline, useOutbox } from './outbox.tsx'
import { emptyValues, formErrorsOf, payloadOf, UNANSWERED_ITEM } from './payload.ts'
import { CameraInput, loadShrinkImage, PhotoList, shrinkPhoto } from './photo-inputs.tsx'
import { RepairsPanel } from './repairs-panel.tsx'
import {
  ACK_FIELD,
  EXTRA_PHOTOS_FIELD,
  PRE_TRIP_INTENT,
  sidePhotoField,
  FILED_TEXT,
  type FiledPreTrip,
  type PreTripActionData,
  type PreTripDraft,
  type PreTripPageData,
  type PreTripPhoto,
  type PreTripValues,
} from './types.ts'
import { wallTimeOf } from './zoned-time.ts'

// Loaded after the page is interactive, not in its first load (decision 053): the schema check
// (zod) at the first submit, the confirm dialog with the first draft.
const loadChecks = loadOnce(() => import('./checks.ts'))
const loadConfirmDialog = () => import('#app/components/ui/confirm-dialog.tsx').then((m) => m.ConfirmDialog)
const ConfirmDialog = lazyComponent(loadConfirmDialog, <StartOverButton disabled />)

function StartOverButton({ disabled }: { disabled?: boolean }) {
  const { t } = useT()
  return (
    <Button type="button" variant="ghost" size="sm" disabled={disabled}>
      {t('Start over')}
    </Button>
  )
}

type Phase = 'editing' | 'sending' | 'queued' | 'filed'

export const PRE_TRIP_TEXT = {
  answer: UNANSWERED_ITEM,
  acknowledge: msg('Tick the box to confirm you have reviewed the certified repair'),
  fix: msg('Some answers need your attention'),
  timeIn: msg('Enter the time in'),
  odometerStart: msg('Enter the odometer reading at the start'),
  queued: msg('Saved on this phone. It will be sent when the connection returns.'),
} as const

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {error}
    </p>
  ) : null
}

/** The driver's pre-trip of one vehicle (decision 030): one column, one thumb, a plain form underneath. */
export function PreTripForm({ data, actionData }: { data: PreTripPageData; actionData?: PreTripActionData }) {
  const hydrated = useHydrated()
  const online = useOnline()
  const { t, locale } = useT()
  const refused = actionData && !actionData.ok ? actionData : null
  const [values, setValues] = React.useState<PreTripValues>(() => refused?.values ?? emptyValues(data.nowWall, data.lastOdometer))
  const [signature, setSignature] = React.useState('')
  const [sidePhotos, setSidePhotos] = React.useState<Partial<Record<DamageSideKey, Blob>>>({})
  const [photos, setPhotos] = React.useState<PreTripPhoto[]>([])
  const [errors, setErrors] = React.useState<Record<string, string>>(() => (refused ? formErrorsOf(refused.fieldErrors) : {}))
  const [formError, setFormError] = React.useState(refused?.formError ?? '')
  const [phase, setPhase] = React.useState<Phase>(actionData?.ok ? 'filed' : 'editing')
  const [filed, setFiled] = React.useState<FiledPreTrip | null>(actionData?.ok ? actionData.filed : null)
  /** The draft's idempotency key (with JavaScript); null until the draft is read. */
  const [draftId, setDraftId] = React.useState<string | null>(null)
  const [savedAt, setSavedAt] = React.useState<number | null>(null)
  const [signatureVersion, setSignatureVersion] = React.useState(0)
  const [busy, setBusy] = React.useState(false)
  const outbox = useOutbox(data.userId)
  const formRef = React.useRef<HTMLFormElement>(null)
  const tz = data.operatorCompany.timeZone

  const draftOf = React.useCallback(
    (key: string): PreTripDraft => ({
      userId: data.userId,
      vehicleId: data.vehicle.id,
      idempotencyKey: key,
      updatedAt: Date.now(),
      values,
      signature,
      sidePhotos,
      photos,
    }),
    [data.userId, data.vehicle.id, values, signature, sidePhotos, photos],
  )

  const resetTo = React.useCallback(
    (draft: PreTripDraft | null, key: string) => {
      setValues(draft?.values ?? emptyValues(wallTimeOf(Date.now(), tz), data.lastOdometer))
      setSignature(draft?.signature ?? '')
      setSidePhotos(draft?.sidePhotos ?? {})
      setPhotos(draft?.photos ?? [])
      setErrors(draft?.returned ? formErrorsOf(draft.returned.fieldErrors) : {})
      setFormError(draft?.returned?.formError ?? '')
      setSignatureVersion((v) => v + 1)
      setDraftId(key)
    },
    [tz, data.lastOdometer],
  )

  // This page (and its scripts) kept by a small service worker, so it opens again with no signal.
  React.useEffect(() => {
    if (!hydrated || !('serviceWorker' in navigator)) return
    // The lazily loaded pieces first, so that they are among the scripts kept for offline use.
    Promise.all([loadChecks(), loadSignaturePad(), loadQueue(), loadSonner(), loadConfirmDialog(), loadShrinkImage()])
      .then(() => navigator.serviceWorker.register('/pre-trip-sw.js', { scope: '/' }))
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const assets = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => new URL(n).origin === location.origin && new URL(n).pathname.startsWith('/assets/'))
        registration.active?.postMessage({ type: 'keep-pre-trip', page: location.pathname, assets })
      })
      .catch(() => undefined)
  }, [hydrated])

  // The draft of this bus, if any: restored once the page runs in the browser.
  React.useEffect(() => {
    if (!hydrated) return
    let alive = true
    void loadQueue().then(async (q) => {
      const draft = await q.loadDraft(data.userId, data.vehicle.id).catch(() => undefined)
      if (!alive) return
      if (refused || !draft) {
        setDraftId(q.newIdempotencyKey())
        return
      }
      resetTo(draft, draft.idempotencyKey)
      const entry = await q.getOutboxEntry(draft.idempotencyKey)
      if (!alive) return
      if (entry?.state === 'queued') setPhase('queued')
    })
    return () => {
      alive = false
    }
    // Read once, when the page comes alive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  // Every change is kept on the phone (a reload or a closed tab loses nothing).
  const [saving, setSaving] = React.useState(false)
  const latestDraft = React.useRef<PreTripDraft | null>(null)
  React.useEffect(() => {
    if (!draftId || phase !== 'editing') {
      latestDraft.current = null
      return
    }
    const draft = draftOf(draftId)
    latestDraft.current = draft
    setSaving(true)
    const timer = window.setTimeout(() => {
      void loadQueue()
        .then((q) => q.saveDraft(draft))
        .then(() => {
          if (latestDraft.current === draft) {
            setSaving(false)
            setSavedAt(Date.now())
          }
        })
        .catch(() => undefined)
    }, 150)
    return () => window.clearTimeout(timer)
  }, [draftId, phase, draftOf])
  // Leaving the page before the pause: kept at once.
  React.useEffect(() => {
    const keep = () => {
      const draft = latestDraft.current
      if (draft) void loadQueue().then((q) => q.saveDraft(draft))
    }
    const hidden = () => document.visibilityState === 'hidden' && keep()
    window.addEventListener('pagehide', keep)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      window.removeEventListener('pagehide', keep)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [])

  // A queued filing: follow what the flusher (this tab or another) does with it.
  const current = outbox?.entries.find((e) => e.key === draftId)
  React.useEffect(() => {
    if (phase !== 'queued' || !draftId || !outbox) return
    if (current?.state === 'filed' && current.filed) {
      setFiled(current.filed)
      setPhase('filed')
    } else if (current?.state === 'refused') {
      // Refused while another form of this bus was started: the driver opens it here.
      const entry = current
      void loadQueue().then(async (q) => {
        resetTo({ ...entry.draft, returned: entry.refusal }, entry.key)
        await q.removeOutboxEntry(entry.key)
        setPhase('editing')
      })
    } else if (!current) {
      // Gone from the outbox: refused, it came back as the draft with the server's errors.
      void loadQueue().then(async (q) => {
        const draft = await q.loadDraft(data.userId, data.vehicle.id)
        if (draft?.idempotencyKey === draftId && draft.returned) {
          resetTo(draft, draftId)
          setPhase('editing')
        }
      })
    }
  }, [phase, draftId, outbox, current, data.userId, data.vehicle.id, resetTo])

  const set = <K extends keyof PreTripValues>(key: K, value: PreTripValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => {
      if (!(key in e)) return e
      const { [key]: _, ...rest } = e
      return rest
    })
  }
  const answer = (key: PreInspectionItemKey, defective: boolean) => {
    setValues((v) => ({ ...v, answers: { ...v.answers, [key]: defective } }))
    setErrors((e) => {
      const { [key]: _, ...rest } = e
      return rest
    })
  }
  const allOk = () => {
    setValues((v) => {
      const answers = { ...v.answers }
      for (const item of PRE_INSPECTION_ITEMS) answers[item.key] ??= false
      return { ...v, answers }
    })
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !PRE_INSPECTION_ITEMS.some((i) => i.key === k))))
  }
  const acknowledge = (id: number, checked: boolean) =>
    set('acknowledged', checked ? [...new Set([...values.acknowledged, id])] : values.acknowledged.filter((a) => a !== id))

  const pickSide = async (side: DamageSideKey, files: File[]) => {
    const file = files[0]
    if (!file) return
    setBusy(true)
    try {
      const blob = await shrinkPhoto(file)
      setSidePhotos((p) => ({ ...p, [side]: blob }))
      setErrors((e) => {
        const { [sidePhotoField(side)]: _, ...rest } = e
        return rest
      })
    } finally {
      setBusy(false)
    }
  }
  const pickExtra = async (files: File[]) => {
    setBusy(true)
    try {
      const room = PRE_TRIP_RULES.maxPhotos - photos.length
      const added: PreTripPhoto[] = []
      for (const file of files.slice(0, Math.max(0, room))) {
        added.push({ id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, name: file.name.slice(0, 100), blob: await shrinkPhoto(file) })
      }
      setPhotos((p) => [...p, ...added])
      setErrors((e) => {
        const { photos: _, ...rest } = e
        return files.length > room ? { ...rest, photos: t('At most {max} extra photos', { max: PRE_TRIP_RULES.maxPhotos }) } : rest
      })
    } finally {
      setBusy(false)
    }
  }

  /** The API body of what is on screen (pictures as data URLs). */
  const buildPayload = async (key: string) => {
    const payload = payloadOf(values, { vehicleIdentifier: data.vehicle.vehicleIdentifier, timeZone: tz, today: data.today, idempotencyKey: key })
    const { blobToDataUrl } = await loadShrinkImage()
    for (const side of DAMAGE_SIDES) {
      const blob = sidePhotos[side.key]
      if (blob) payload[side.imageField] = await blobToDataUrl(blob)
    }
    payload.photos = await Promise.all(photos.map(async (p) => ({ photo: await blobToDataUrl(p.blob), name: p.name })))
    if (signature) payload.driverSignature = signature
    return payload
  }

  /** The same rules as the server's (one schema), plus what the page asks of the driver. */
  const check = async (payload: Record<string, unknown>): Promise<Record<string, string>> => {
    const { schemaErrors } = await loadChecks()
    // The schema's English messages, in the page's language when its namespace has them.
    const out = formErrorsOf(Object.fromEntries(Object.entries(schemaErrors(payload, { today: data.today, now: new Date() })).map(([k, v]) => [k, t(v)])))
    if (!values.timeIn.trim()) out.timeIn = t(PRE_TRIP_TEXT.timeIn)
    if (!values.odometerStart.trim()) out.odometerStart = t(PRE_TRIP_TEXT.odometerStart)
    for (const item of PRE_INSPECTION_ITEMS) if (values.answers[item.key] === undefined) out[item.key] ??= t(PRE_TRIP_TEXT.answer)
    if (data.certifiedRepairs.some((r) => !values.acknowledged.includes(r.id))) out[ACK_FIELD] ??= t(PRE_TRIP_TEXT.acknowledge)
    return out
  }

  const focusFirstError = (errs: Record<string, string>) => {
    window.requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      el?.scrollIntoView({ block: 'center' })
      el?.focus({ preventScroll: true })
      if (!el && Object.keys(errs).length) formRef.current?.querySelector('[data-form-error]')?.scrollIntoView({ block: 'center' })
    })
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    // Without JavaScript (or before the draft is read) the form posts as it is.
    if (!hydrated || !draftId) return
    event.preventDefault()
    if (phase !== 'editing' || busy) return
    setBusy(true)
    try {
      const payload = await buildPayload(draftId)
      const errs = await check(payload)
      if (Object.keys(errs).length) {
        setErrors(errs)
        setFormError(t(PRE_TRIP_TEXT.fix))
        focusFirstError(errs)
        return
      }
      setErrors({})
      setFormError('')
      setPhase('sending')
      const q = await loadQueue()
      const draft = draftOf(draftId)
      await q.saveDraft(draft)
      // Into the outbox first: if the tab closes while sending, the filing is still on the phone.
      await q.enqueue({ key: draftId, userId: data.userId, vehicleId: data.vehicle.id, vehicleIdentifier: data.vehicle.vehicleIdentifier, queuedAt: Date.now(), payload, draft })
      const entry = await q.getOutboxEntry(draftId)
      if (entry?.state === 'filed' && entry.filed) {
        setFiled(entry.filed)
        setPhase('filed')
        return
      }
      const result = entry ? await q.deliver(entry) : ({ kind: 'retry', reason: '' } as const)
      if (result.kind === 'filed') {
        setFiled(result.filed)
        setPhase('filed')
      } else if (result.kind === 'refused') {
        const errs = formErrorsOf(result.fieldErrors)
        setErrors(errs)
        setFormError(reasonText(t, result.formError))
        setPhase('editing')
        focusFirstError(errs)
      } else {
        setPhase('queued')
      }
    } catch (e) {
      setFormError(e instanceof Error ? t('Could not save the pre-trip on this phone: {error}', { error: e.message }) : t('Could not save the pre-trip on this phone'))
      setPhase('editing')
    } finally {
      setBusy(false)
    }
  }

  const startOver = async () => {
    const q = await loadQueue()
    await q.deleteDraft(data.userId, data.vehicle.id)
    resetTo(null, q.newIdempotencyKey())
    setFiled(null)
    setSavedAt(null)
    setPhase('editing')
  }

  const sendNow = () => {
    void loadQueue().then((q) => q.flushOutbox(data.userId, { force: true }))
  }

  const others = (outbox?.entries ?? []).filter((e) => e.key !== draftId)

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-4">
      <VehicleHeader data={data} />
      {hydrated && !online ? (
        <p className="flex items-center gap-2 rounded-md border bg-muted p-2 text-sm" role="status">
          <CloudOff className="size-4" aria-hidden /> {t('No connection: you can fill in the form; it will be saved on this phone.')}
        </p>
      ) : null}
      {others.length ? (
        <QueuedFilings
          entries={others}
          vehicleId={data.vehicle.id}
          onRetry={sendNow}
          onOpenRefused={(e: OutboxEntry) => {
            void loadQueue().then(async (q) => {
              resetTo({ ...e.draft, returned: e.refusal }, e.key)
              await q.removeOutboxEntry(e.key)
              setPhase('editing')
            })
          }}
        />
      ) : null}

      {phase === 'filed' && filed ? (
        <FiledNotice filed={filed} vehicleId={data.vehicle.id} onAnother={hydrated ? () => void startOver() : undefined} />
      ) : phase === 'queued' ? (
        <section className="grid grid-cols-1 gap-3 rounded-lg border border-warning bg-warning/10 p-4" role="status" data-testid="pre-trip-queued">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <CloudOff className="size-5" aria-hidden /> {t('Saved on this phone')}
          </h2>
          <p>{t(PRE_TRIP_TEXT.queued)}</p>
          {current?.lastError ? <p className="text-sm text-muted-foreground">{t('Last attempt: {reason}', { reason: reasonText(t, current.lastError) })}</p> : null}
          <div className="flex flex-wrap gap-2">
            {online ? (
              <Button type="button" className="min-h-11" onClick={sendNow}>
                {t('Send now')}
              </Button>
            ) : null}
            <Button asChild variant="outline" className="min-h-11">
              <Link to="/dashboard">{t('Back to my buses')}</Link>
            </Button>
          </div>
        </section>
      ) : (
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate={hydrated}
          onSubmit={(e) => void onSubmit(e)}
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
          {hydrated && draftId ? (
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span data-testid="draft-status">{saving
                  ? t('Saving on this phone…')
                  : savedAt
                    ? t('Draft saved on this phone, {time}', { time: formatInstant(new Date(savedAt).toISOString(), tz, locale) })
                    : t('Your answers are kept on this phone as you go.')}</span>
              <ConfirmDialog
                trigger={<StartOverButton />}
                title={t('Start over?')}
                description={t('Everything typed in this pre-trip, its photos and signature are removed from this phone.')}
                confirmLabel={t('Start over')}
                variant="destructive"
                onConfirm={() => void startOver()}
              />
            </div>
          ) : null}

          <RepairsPanel
            open={data.openRepairs}
            certified={data.certifiedRepairs}
            acknowledged={values.acknowledged}
            timeZone={tz}
            error={errors[ACK_FIELD]}
            onAcknowledge={acknowledge}
          />

          <section aria-labelledby="trip-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
            <h2 id="trip-title" className="text-lg font-semibold">
              {t('Time and odometer')}
            </h2>
            <p className="flex items-center gap-2 text-sm" data-testid="last-odometer">
              <Gauge className="size-4" aria-hidden />
              {t('Last odometer reading:')} <strong>{data.lastOdometer === null ? t('none yet') : formatOdometer(data.lastOdometer)}</strong>
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TimeField id="timeIn" label={t('Time in')} value={values.timeIn} error={errors.timeIn} hydrated={hydrated} tz={tz} onChange={(v) => set('timeIn', v)} />
              <TimeField id="timeOut" label={t('Time out (optional)')} value={values.timeOut} error={errors.timeOut} hydrated={hydrated} tz={tz} onChange={(v) => set('timeOut', v)} />
              <NumberField id="odometerStart" label={t('Odometer at start')} value={values.odometerStart} error={errors.odometerStart} onChange={(v) => set('odometerStart', v)} />
              <NumberField id="odometerEnd" label={t('Odometer at end (optional)')} value={values.odometerEnd} error={errors.odometerEnd} onChange={(v) => set('odometerEnd', v)} />
            </div>
            <p className="text-xs text-muted-foreground">{t('Times are in {timeZone}.', { timeZone: tz })}</p>
          </section>

          <Checklist answers={values.answers} errors={errors} onAnswer={answer} onAllOk={allOk} hydrated={hydrated} />

          <section aria-labelledby="damage-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
            <h2 id="damage-title" className="text-lg font-semibold">
              {t('Damage Report')}
            </h2>
            {DAMAGE_SIDES.map((side) => (
              <div key={side.key} className="grid grid-cols-1 gap-2">
                <Label htmlFor={side.key}>{t(side.label)}</Label>
                <Textarea
                  id={side.key}
                  name={side.key}
                  value={values.damage[side.key]}
                  maxLength={PRE_TRIP_RULES.textMax}
                  rows={2}
                  placeholder={t('Describe any damage')}
                  aria-invalid={errors[side.key] ? true : undefined}
                  aria-describedby={errors[side.key] ? `${side.key}-error` : undefined}
                  onChange={(e) => set('damage', { ...values.damage, [side.key]: e.currentTarget.value })}
                />
                <FieldError id={side.key} error={errors[side.key]} />
                <CameraInput
                  id={`${sidePhotoField(side.key)}-input`}
                  name={sidePhotoField(side.key)}
                  label={t('{side} photo', { side: t(side.label) })}
                  photo={sidePhotos[side.key]}
                  hydrated={hydrated}
                  error={errors[sidePhotoField(side.key)]}
                  onPick={(files) => void pickSide(side.key, files)}
                  onRemove={() =>
                    setSidePhotos((p) => {
                      const { [side.key]: _, ...rest } = p
                      return rest
                    })
                  }
                />
              </div>
            ))}
          </section>

          <section aria-labelledby="more-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
            <h2 id="more-title" className="text-lg font-semibold">
              {t('Photos and comments')}
            </h2>
            <CameraInput
              id="extra-photos-input"
              name={EXTRA_PHOTOS_FIELD}
              label={t('Add photos')}
              multiple
              hydrated={hydrated}
              error={errors.photos}
              onPick={(files) => void pickExtra(files)}
            />
            <PhotoList photos={photos} onRemove={(id) => setPhotos((p) => p.filter((x) => x.id !== id))} />
            <div className="grid grid-cols-1 gap-2">
              <Label htmlFor="comments">{t('Comments')}</Label>
              <Textarea
                id="comments"
                name="comments"
                rows={3}
                maxLength={PRE_TRIP_RULES.textMax}
                value={values.comments}
                aria-invalid={errors.comments ? true : undefined}
                aria-describedby={errors.comments ? 'comments-error' : undefined}
                onChange={(e) => set('comments', e.currentTarget.value)}
              />
              <FieldError id="comments" error={errors.comments} />
            </div>
          </section>

          <section aria-label={t('Signature')} className="rounded-lg border p-3">
            <SignatureField
              key={signatureVersion}
              name="driverSignature"
              typedName="signatureName"
              label={t('Driver signature')}
              defaultValue={signature || undefined}
              typedDefault={values.signatureName || undefined}
              onChange={(url) => {
                setSignature(url)
                setErrors((e) => {
                  const { driverSignature: _, signatureName: __, ...rest } = e
                  return rest
                })
              }}
              error={errors.driverSignature ?? errors.signatureName}
            />
          </section>

          {formError && Object.keys(errors).length ? <p className="text-sm text-destructive">{t('{error}: see the fields marked in red.', { error: formError })}</p> : null}
          <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6">
            <Button type="submit" className="min-h-12 w-full text-base" disabled={phase === 'sending' || busy}>
              {phase === 'sending' ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {phase === 'sending' ? t('Sending…') : t('Submit pre-trip')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}

function VehicleHeader({ data }: { data: PreTripPageData }) {
  const { t } = useT()
  const v = data.vehicle
  return (
    <header className="grid grid-cols-1 gap-2">
      <h1 className="text-2xl font-semibold tracking-tight break-words">{t('Pre-trip · {vehicle}', { vehicle: v.vehicleIdentifier })}</h1>
      <p className="text-sm text-muted-foreground break-words">
        {[v.make, v.model].filter(Boolean).join(' ') || t('Vehicle')}
        {v.licensePlate ? ` · ${t('Plate {plate}', { plate: v.licensePlate })}` : ''} · {data.operatorCompany.name}
      </p>
      {data.outOfService ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive p-3 font-semibold text-destructive-foreground" data-testid="out-of-service">
          <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t('Out of service: an open repair affects safety. Do not drive this vehicle until it is repaired.')}
        </p>
      ) : null}
      {data.lease ? (
        <p className="rounded-md border p-3 text-sm" data-testid="lease-notice">
          {data.lease.notice}{' '}
          <a href={`/PrintLease/${data.lease.id}/pdf`} className="font-medium underline underline-offset-4">
            {t('Open the lease (PDF)')}
          </a>
          {data.lease.fullySigned ? null : ` · ${t('Not yet signed by both companies: ask your manager.')}`}
        </p>
      ) : null}
    </header>
  )
}

function FiledNotice({ filed, vehicleId, onAnother }: { filed: FiledPreTrip; vehicleId: number; onAnother?: () => void }) {
  const { t } = useT()
  return (
    <section role="status" className={`grid gap-3 rounded-lg border p-4 ${filed.isSatisfactory ? 'border-success bg-success/10' : 'border-destructive bg-destructive/10'}`} data-testid="pre-trip-filed">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {filed.isSatisfactory ? <CheckCircle2 className="size-5 text-success" aria-hidden /> : <TriangleAlert className="size-5 text-destructive" aria-hidden />}
        {filed.isSatisfactory ? t('Pre-trip filed: satisfactory') : t('Pre-trip filed: defects reported')}
      </h2>
      <p>
        {filed.isSatisfactory
          ? t('No defect was reported. Have a safe trip.')
          : filed.repairActionId
            ? FILED_TEXT.repairJob(filed, t)
            : t('The defects were reported.')}
      </p>
      {filed.outOfService ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive p-3 font-semibold text-destructive-foreground" data-testid="filed-out-of-service">
          <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t(FILED_TEXT.outOfService)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild className="min-h-11">
          <Link to="/dashboard">{t('Back to my buses')}</Link>
        </Button>
        {onAnother ? (
          <Button type="button" variant="outline" className="min-h-11" onClick={onAnother}>
            {t('Start another pre-trip')}
          </Button>
        ) : (
          <Button asChild variant="outline" className="min-h-11">
            <Link to={`/preTrip/${vehicleId}`}>{t('Start another pre-trip')}</Link>
          </Button>
        )}
      </div>
    </section>
  )
}

function TimeField({
  id,
  label,
  value,
  error,
  hydrated,
  tz,
  onChange,
}: {
  id: string
  label: string
  value: string
  error?: string
  hydrated: boolean
  tz: string
  onChange: (v: string) => void
}) {
  const { t } = useT()
  return (
    <div className="grid grid-cols-1 content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={id}
          type="datetime-local"
          className="h-11 min-w-0 flex-1"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        {hydrated ? (
          <Button type="button" variant="outline" className="h-11" onClick={() => onChange(wallTimeOf(Date.now(), tz))} aria-label={t('{field}: now', { field: label })}>
            {t('Now')}
          </Button>
        ) : null}
      </div>
      <FieldError id={id} error={error} />
    </div>
  )
}

function NumberField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <div className="grid grid-cols-1 content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        className="h-11"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  )
}
