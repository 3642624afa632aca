import * as React from 'react'
import type { OutboxEntry } from '#app/utils/offline-queue.ts'
import { useT } from '#app/utils/i18n.tsx'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { loadChecks } from './lazy-pieces.ts'
import { loadQueue } from './outbox-flusher.ts'
import { emptyValues, formErrorsOf, isShownOnForm } from './payload.ts'
import { loadShrinkImage } from './photo-inputs.tsx'
import { reasonText } from './reason-text.ts'
import { PRE_TRIP_TEXT } from './texts.ts'
import { ACK_FIELD, type FiledPreTrip, type PreTripActionData, type PreTripDraft, type PreTripPageData } from './types.ts'
import type { PreTripAnswersState } from './use-pre-trip-answers.ts'
import { useOutbox } from './use-outbox.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'

export type Phase = 'editing' | 'sending' | 'queued' | 'filed'

/**
 * The pre-trip's way to the server with JavaScript (decision 030): the draft read back and kept
 * on the phone as the driver goes, the submit checked by the server's own schema, put in the
 * outbox before the first attempt (so a closed tab loses nothing), sent, and followed while it
 * waits for a connection. Its idempotency key (`draftId`) makes every retry file once.
 */
export function usePreTripSubmit({
  data,
  actionData,
  hydrated,
  form,
  formRef,
}: {
  data: PreTripPageData
  actionData?: PreTripActionData
  hydrated: boolean
  form: PreTripAnswersState
  formRef: React.RefObject<HTMLFormElement>
}) {
  const { t } = useT()
  const refused = actionData && !actionData.ok ? actionData : null
  const [phase, setPhase] = React.useState<Phase>(actionData?.ok ? 'filed' : 'editing')
  const [filed, setFiled] = React.useState<FiledPreTrip | null>(actionData?.ok ? actionData.filed : null)
  /** The draft's idempotency key (with JavaScript); null until the draft is read. */
  const [draftId, setDraftId] = React.useState<string | null>(null)
  const [savedAt, setSavedAt] = React.useState<number | null>(null)
  const outbox = useOutbox(data.userId)
  const tz = data.operatorCompany.timeZone
  const { answers, restore, values } = form

  const draftOf = React.useCallback(
    (key: string): PreTripDraft => ({ userId: data.userId, vehicleId: data.vehicle.id, idempotencyKey: key, updatedAt: Date.now(), ...answers }),
    [data.userId, data.vehicle.id, answers],
  )

  const resetTo = React.useCallback(
    (draft: PreTripDraft | null, key: string) => {
      restore(draft, () => emptyValues(wallTimeOf(Date.now(), tz), data.lastOdometer))
      setDraftId(key)
    },
    [restore, tz, data.lastOdometer],
  )

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

  /** The API body of what is on screen (pictures as data URLs). */
  const buildPayload = async (key: string) => {
    const { payloadOf } = await loadChecks()
    const payload = payloadOf(values, { vehicleIdentifier: data.vehicle.vehicleIdentifier, timeZone: tz, today: data.today, idempotencyKey: key })
    const { blobToDataUrl } = await loadShrinkImage()
    for (const side of DAMAGE_SIDES) {
      const blob = form.sidePhotos[side.key]
      if (blob) payload[side.imageField] = await blobToDataUrl(blob)
    }
    payload.photos = await Promise.all(form.photos.map(async (p) => ({ photo: await blobToDataUrl(p.blob), name: p.name })))
    if (form.signature) payload.driverSignature = form.signature
    return payload
  }

  /** The same rules as the server's (one schema), plus what the page asks of the driver. */
  const check = async (payload: Record<string, unknown>): Promise<Record<string, string>> => {
    const { schemaErrors } = await loadChecks()
    const out = formErrorsOf(schemaErrors(payload, { today: data.today, now: new Date() }, t))
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
    if (phase !== 'editing' || form.busy) return
    form.setBusy(true)
    try {
      const payload = await buildPayload(draftId)
      const errs = await check(payload)
      if (Object.keys(errs).length) {
        form.setErrors(errs)
        form.setFormError(t(PRE_TRIP_TEXT.fix))
        focusFirstError(errs)
        return
      }
      form.setErrors({})
      form.setFormError('')
      setPhase('sending')
      const q = await loadQueue()
      const draft = draftOf(draftId)
      await q.saveDraft(draft)
      // Into the outbox first: if the tab closes while sending, the filing is still on the phone.
      await q.enqueue({ key: draftId, userId: data.userId, vehicleId: data.vehicle.id, vehicleIdentifier: data.vehicle.vehicleIdentifier, queuedAt: Date.now(), timeZone: tz, payload, draft })
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
        form.setErrors(errs)
        // Every message under its field: the page's own line on top rather than the server's "field: message" list (decision 083).
        const shown = Object.keys(result.fieldErrors).length > 0 && Object.keys(result.fieldErrors).every(isShownOnForm)
        form.setFormError(shown ? t(PRE_TRIP_TEXT.fix) : reasonText(t, result.formError))
        setPhase('editing')
        focusFirstError(errs)
      } else {
        setPhase('queued')
      }
    } catch (e) {
      form.setFormError(e instanceof Error ? t('Could not save the pre-trip on this phone: {error}', { error: e.message }) : t('Could not save the pre-trip on this phone'))
      setPhase('editing')
    } finally {
      form.setBusy(false)
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

  /** A filing of another bus refused by the server: its form opens here with the server's errors. */
  const openRefused = (e: OutboxEntry) => {
    void loadQueue().then(async (q) => {
      resetTo({ ...e.draft, returned: e.refusal }, e.key)
      await q.removeOutboxEntry(e.key)
      setPhase('editing')
    })
  }

  return {
    phase,
    filed,
    draftId,
    saving,
    savedAt,
    /** This filing's outbox entry, while it waits. */
    current,
    /** The user's other filings in the outbox. */
    others: (outbox?.entries ?? []).filter((e) => e.key !== draftId),
    onSubmit,
    startOver,
    sendNow,
    openRefused,
  }
}
