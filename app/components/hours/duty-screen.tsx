import { Form, Link, useRevalidator } from '@remix-run/react'
import { CloudOff } from 'lucide-react'
import * as React from 'react'
import { FormError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { newIdempotencyKey } from '#app/utils/idempotency-key.ts'
import { useOutboxEntries } from '#app/utils/use-outbox-entries.ts'
import { loadOnce } from '#app/utils/load-once.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { DUTY_STATUSES } from '#catalog/drivers.ts'
import type { StatusForPage } from '#app/routes/_app+/hours-pages.server.ts'
import { LimitsList } from './hours-limits.tsx'

type Outbox = typeof import('#app/utils/duty-outbox.ts')
type Entry = import('#app/utils/duty-outbox.ts').DutyOutboxEntry

/** The outbox module, loaded on first use (not needed to show the page). */
const loadDutyOutbox = loadOnce((): Promise<Outbox> => import('#app/utils/duty-outbox.ts'))
const outboxView = async () => {
  const q = await loadDutyOutbox()
  return { list: q.listDutyOutbox, onChange: q.onDutyOutboxChange }
}

export interface DutyData {
  title: string
  userId: number
  companyId: number
  companyName: string
  timeZone: string
  now: StatusForPage
  idempotencyKey: string
}

export type DutyActionData = { ok: false; idempotencyKey: string; formError: string | null; fieldErrors: Record<string, string> } | undefined


/** This user's duty outbox entries at the company, kept fresh across tabs; null until read (and without JavaScript). */
function useDutyOutbox(userId: number, companyId: number): Entry[] | null {
  return useOutboxEntries(outboxView, userId, (e: Entry) => e.companyId === companyId, [companyId])
}

/**
 * /duty/{companyId}: the driver's duty status, big buttons for a phone (issue 37 point 3, decision
 * 086). Without JavaScript each button posts to the page's action. With it, the tap (with its
 * instant) goes to the phone's outbox first and is sent once, in order, now or when the
 * connection returns.
 */
export function DutyScreen({ data, actionData }: { data: DutyData; actionData: DutyActionData }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const entries = useDutyOutbox(data.userId, data.companyId)
  const [key, setKey] = React.useState(actionData?.idempotencyKey ?? data.idempotencyKey)
  const waiting = entries?.filter((e) => e.state === 'queued') ?? []
  const latestWaiting = waiting.at(-1)
  const shownStatus = latestWaiting ? latestWaiting.payload.status : data.now.status
  const sentCount = entries?.filter((e) => e.state === 'sent').length ?? 0

  // A change sent from this phone: read the server's status again.
  const lastSent = React.useRef(sentCount)
  React.useEffect(() => {
    if (sentCount > lastSent.current && revalidator.state === 'idle') revalidator.revalidate()
    lastSent.current = sentCount
  }, [sentCount, revalidator])

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const status = submitter?.value
    if (!status) return
    const queued = key
    const payload = { companyId: data.companyId, status, at: new Date().toISOString(), idempotencyKey: queued }
    void loadDutyOutbox().then(async (q) => {
      await q.enqueueDuty({ key: queued, userId: data.userId, companyId: data.companyId, payload })
      setKey(newIdempotencyKey())
      await q.flushDutyOutbox(data.userId, { force: true })
    })
  }

  // Sends what waits while the page is open: when the connection returns and every little while.
  React.useEffect(() => {
    const flush = (force: boolean) => void loadDutyOutbox().then((q) => q.flushDutyOutbox(data.userId, { force }))
    flush(true)
    const online = () => flush(true)
    window.addEventListener('online', online)
    const timer = window.setInterval(() => flush(false), 15_000)
    return () => {
      window.removeEventListener('online', online)
      window.clearInterval(timer)
    }
  }, [data.userId])

  const label = (value: string) => t(DUTY_STATUSES.find((s) => s.value === value)?.label ?? value)

  return (
    <div className="mx-auto grid w-full max-w-xl grid-cols-1 gap-5">
      <PageHeader title={data.title} description={data.companyName} />
      <p className="rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm" data-testid="duty-not-eld">
        {t('This is a time record, not an electronic logging device (ELD).')}
      </p>
      <section aria-labelledby="duty-now" className="grid gap-1 rounded-md border p-4" data-testid="duty-now" data-status={shownStatus}>
        <h2 id="duty-now" className="text-sm text-muted-foreground">
          {t('Now')}
        </h2>
        <p className="text-2xl font-semibold">{label(shownStatus)}</p>
        {latestWaiting ? (
          <p className="text-sm text-muted-foreground">{t('Since {time} (saved on this phone)', { time: new Date(latestWaiting.payload.at).toLocaleTimeString() })}</p>
        ) : data.now.since ? (
          <p className="text-sm text-muted-foreground">{t('Since {time}', { time: data.now.since })}</p>
        ) : null}
        <p className="text-sm">
          {t('Today: {onDuty} on duty, {driving} driving', { onDuty: data.now.today.onDuty, driving: data.now.today.driving })}
        </p>
      </section>
      {data.now.warnings.length > 0 ? (
        <ul role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="duty-warnings">
          {data.now.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {waiting.length > 0 ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm" data-testid="duty-queued-notice">
          <CloudOff className="size-4" aria-hidden /> {t('Saved on this phone: it will be sent when the connection returns')}
        </p>
      ) : null}
      <Form method="post" onSubmit={onSubmit} className="grid gap-3" data-testid="duty-form">
        <FormError message={actionData && !actionData.ok ? actionData.formError : null} />
        <input type="hidden" name="idempotencyKey" value={key} />
        {DUTY_STATUSES.map((s) => (
          <Button
            key={s.value}
            type="submit"
            name="status"
            value={s.value}
            size="lg"
            variant={shownStatus === s.value ? 'default' : 'outline'}
            aria-pressed={shownStatus === s.value}
            className="min-h-16 text-lg"
            data-testid={`duty-${s.value}`}
          >
            {t(s.label)}
          </Button>
        ))}
      </Form>
      <LimitsList limits={data.now.limits} />
      {entries && entries.some((e) => e.state === 'refused') ? (
        <ul className="grid gap-2" data-testid="duty-outbox">
          {entries
            .filter((e) => e.state === 'refused')
            .map((e) => (
              <li key={e.key} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                <span>
                  {label(e.payload.status)} · {new Date(e.payload.at).toLocaleString()}
                </span>
                <span className="basis-full text-destructive">
                  {e.refusal?.formError}{' '}
                  <Button type="button" variant="outline" size="sm" onClick={() => void loadDutyOutbox().then((q) => q.removeDutyEntry(e.key))}>
                    {t('Remove')}
                  </Button>
                </span>
              </li>
            ))}
        </ul>
      ) : null}
      <Button asChild variant="outline" className="min-h-11">
        <Link to={`/hours/${data.companyId}/${data.userId}`}>{t('My month of hours')}</Link>
      </Button>
    </div>
  )
}
