import { Form, Link } from '@remix-run/react'
import { CheckCircle2, CloudOff } from 'lucide-react'
import * as React from 'react'
import { FormError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { newIdempotencyKey } from '#app/utils/idempotency-key.ts'
import { useOutboxEntries } from '#app/utils/use-outbox-entries.ts'
import { loadOnce } from '#app/utils/load-once.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { FuelUnit } from '#catalog/costs.ts'
import { instantOfWallTime } from '#catalog/zoned-time.ts'
import { FuelFields, type FuelFieldValues } from './fuel-fields.tsx'

type Outbox = typeof import('#app/utils/fuel-outbox.ts')
type Entry = import('#app/utils/fuel-outbox.ts').FuelOutboxEntry

/** The outbox module, loaded on first use (not needed to show the page). */
export const loadFuelOutbox = loadOnce((): Promise<Outbox> => import('#app/utils/fuel-outbox.ts'))
const outboxView = async () => {
  const q = await loadFuelOutbox()
  return { list: q.listFuelOutbox, onChange: q.onFuelOutboxChange }
}

export interface FuelUpData {
  title: string
  userId: number
  idempotencyKey: string
  nowWall: string
  context: {
    vehicleId: number
    vehicleIdentifier: string
    electric: boolean
    unit: FuelUnit
    capacityMilli: number | null
    card: string | null
    companyId: number
    companyName: string
    timeZone: string
    currency: string
    lastOdometer: number | null
  }
}

export type FuelUpActionData =
  | { ok: true; recorded: { id: number }; idempotencyKey: string }
  | { ok: false; values: FuelFieldValues; idempotencyKey: string; formError: string | null; fieldErrors: Record<string, string> }
  | undefined

const FIELDS = ['fueledAt', 'odometer', 'quantity', 'unit', 'total', 'station', 'card', 'full', 'socBefore', 'socAfter'] as const


/** This user's fuel outbox entries for the bus, kept fresh across tabs; null until read (and without JavaScript). */
function useFuelOutbox(userId: number, vehicleId: number): Entry[] | null {
  return useOutboxEntries(outboxView, userId, (e: Entry) => e.vehicleId === vehicleId, [vehicleId])
}

/**
 * /fuelUp/{vehicleId}: the driver records a fill-up or a charge from the phone (issue 36 point
 * 2, decision 085). Without JavaScript the form posts to the page's action. With it, the record
 * goes to the phone's outbox first and is sent once (its idempotency key) now or when the
 * connection returns; the list under the form says "queued" or "sent".
 */
export function FuelUpForm({ data, actionData }: { data: FuelUpData; actionData: FuelUpActionData }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const c = data.context
  const entries = useFuelOutbox(data.userId, c.vehicleId)
  const failed = actionData && !actionData.ok ? actionData : null
  const [key, setKey] = React.useState(actionData?.idempotencyKey ?? data.idempotencyKey)
  const [formVersion, setFormVersion] = React.useState(0)
  const [justQueued, setJustQueued] = React.useState(false)

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const payload: Record<string, unknown> = { vehicleId: c.vehicleId, companyId: c.companyId, idempotencyKey: key }
    for (const f of FIELDS) {
      const v = form.get(f)
      if (typeof v === 'string' && v.trim() !== '') payload[f] = v.trim()
    }
    // The time is the phone's now when left empty: the record may reach the server much later.
    const wall = typeof payload.fueledAt === 'string' ? payload.fueledAt : ''
    payload.fueledAt = wall ? (instantOfWallTime(wall, c.timeZone) ?? wall) : new Date().toISOString()
    const queued = key
    void loadFuelOutbox().then(async (q) => {
      await q.enqueueFuel({ key: queued, userId: data.userId, vehicleId: c.vehicleId, vehicleIdentifier: c.vehicleIdentifier, payload })
      setJustQueued(true)
      setKey(newIdempotencyKey())
      setFormVersion((n) => n + 1)
      await q.flushFuelOutbox(data.userId, { force: true })
    })
  }

  // Sends what waits while the page is open: when the connection returns and every little while.
  React.useEffect(() => {
    const flush = (force: boolean) => void loadFuelOutbox().then((q) => q.flushFuelOutbox(data.userId, { force }))
    const online = () => flush(true)
    window.addEventListener('online', online)
    const timer = window.setInterval(() => flush(false), 15_000)
    return () => {
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [data.userId])

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <PageHeader title={data.title} description={t('Recorded for {company}', { company: c.companyName })} />
      {actionData?.ok ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-success bg-success/10 px-3 py-2 text-sm" data-testid="fuel-recorded">
          <CheckCircle2 className="size-4" aria-hidden /> {t('Fill-up recorded')}
        </p>
      ) : null}
      {justQueued && entries?.some((e) => e.state === 'queued') ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm" data-testid="fuel-queued-notice">
          <CloudOff className="size-4" aria-hidden /> {t('Saved on this phone: it will be sent when the connection returns')}
        </p>
      ) : null}
      <Form method="post" key={formVersion} onSubmit={onSubmit} className="grid grid-cols-1 gap-4" data-testid="fuel-up-form">
        <FormError message={failed?.formError} />
        <input type="hidden" name="idempotencyKey" value={key} />
        <FuelFields
          idPrefix="fuel-up"
          values={failed?.values ?? { card: c.card ?? '' }}
          errors={failed?.fieldErrors}
          electric={c.electric}
          unit={c.unit}
          nowWall={data.nowWall}
          lastOdometer={c.lastOdometer}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="min-h-11">
            {c.electric ? t('Record the charge') : t('Record the fill-up')}
          </Button>
          <Button asChild variant="outline" className="min-h-11">
            <Link to="/dashboard">{t('Back to my buses')}</Link>
          </Button>
        </div>
      </Form>
      {entries && entries.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="fuel-outbox-title">
          <h2 id="fuel-outbox-title" className="text-lg font-semibold">
            {t('On this phone')}
          </h2>
          <ul className="grid gap-2" data-testid="fuel-outbox">
            {entries.map((e) => (
              <li key={e.key} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-state={e.state}>
                <span>
                  {String(e.payload.quantity ?? '')} {String(e.payload.unit ?? c.unit)} · {String(e.payload.odometer ?? '')} mi
                </span>
                <span className="font-medium">{e.state === 'sent' ? t('Sent') : e.state === 'queued' ? t('Queued') : t('Refused')}</span>
                {e.state === 'refused' ? (
                  <span className="basis-full text-destructive">
                    {e.refusal?.formError}{' '}
                    <Button type="button" variant="outline" size="sm" onClick={() => void loadFuelOutbox().then((q) => q.removeFuelEntry(e.key))}>
                      {t('Remove')}
                    </Button>
                  </span>
                ) : e.state === 'queued' && e.lastError ? (
                  <span className="basis-full text-muted-foreground">{t('Last attempt: {reason}', { reason: t(e.lastError) })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
