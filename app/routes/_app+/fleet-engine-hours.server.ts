/**
 * The fleet panel's engine hours (issue 35, decision 084), beside the odometer history: what the
 * open vehicle's Details tab shows, and the owner's two plain posts (record, correct / reset).
 */
import { data } from '@remix-run/node'
import { attempt, type PageContext, refusal } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { correctEngineHours, getEngineHoursHistory, recordEngineHours, type EngineHoursHistory } from '#server/fleet/engine-hours-history.server.ts'
import { ENGINE_HOURS_PANEL_TEXT, type EngineHoursFormResult, type EngineHoursHistoryView } from '#app/components/fleet/engine-hours-history.tsx'
import { ENGINE_HOURS_INTENT } from '#app/components/fleet/intents.ts'

/** The history as the Details tab shows it (times in the company's zone, named); null when it cannot be read. */
export async function loadEngineHoursView(ctx: PageContext, vehicleId: number, label: (iso: string) => string): Promise<EngineHoursHistoryView | null> {
  const loaded = await attempt(() => getEngineHoursHistory(ctx, vehicleId))
  return loaded.ok ? engineHoursView(loaded.value, label) : null
}

function engineHoursView(h: EngineHoursHistory, label: (iso: string) => string): EngineHoursHistoryView {
  return {
    vehicleId: h.vehicleId,
    latest: h.latest,
    lifeHours: h.lifeHours,
    hoursPerDay: h.hoursPerDay,
    canRecord: h.canRecord,
    canCorrect: h.canCorrect,
    readings: h.readings.map((r) => ({
      id: r.id,
      reading: r.reading,
      sourceLabel: r.sourceLabel,
      recordedAtLabel: label(r.recordedAt),
      recordedByName: r.recordedByName,
      reason: r.reason,
      isBaseline: r.isBaseline,
      beforeBaseline: r.beforeBaseline,
    })),
  }
}

/** The owner's entry or correction (a plain post from the Details tab), back to `back` with a toast, or the form's refusal. */
export async function engineHoursAction(ctx: PageContext, form: FormData, intent: string, back: string) {
  const values = { reading: String(form.get('reading') ?? ''), reason: String(form.get('reason') ?? ''), reset: form.get('reset') === 'on' || form.get('reset') === 'true' }
  const correcting = intent === ENGINE_HOURS_INTENT.correct
  const done = await attempt(
    () =>
      correcting
        ? correctEngineHours(ctx, { vehicleId: form.get('vehicleId'), reading: values.reading, reason: values.reason, reset: values.reset })
        : recordEngineHours(ctx, { vehicleId: form.get('vehicleId'), reading: values.reading }),
    { log: 'engine hours failed', intent },
  )
  if (done.ok) return redirectWithToast(back, { type: 'success', message: correcting ? ENGINE_HOURS_PANEL_TEXT.corrected : ENGINE_HOURS_PANEL_TEXT.recorded })
  const result: EngineHoursFormResult = {
    intent: correcting ? ENGINE_HOURS_INTENT.correct : ENGINE_HOURS_INTENT.record,
    ...refusal(done.error, { fields: correcting ? ['reading', 'reason'] : ['reading'] }),
    values,
  }
  return data(result, { status: done.error.status })
}
