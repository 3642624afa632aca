import { CheckCircle2, CloudOff, Loader2, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { Link } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import type { OutboxEntry } from '#app/utils/offline-queue.ts'
import { useOnline } from './use-outbox.ts'
import { reasonText } from './reason-text.ts'
import { englishText, FILED_TEXT } from './types.ts'
import { deviceTimeZone, formatInstant } from '#app/utils/dates.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'

export { loadQueue } from './outbox-flusher.ts'

/** What happened to a filing, in words (the icon is never the only signal). */
export function filedSummary(entry: Pick<OutboxEntry, 'filed'>, t: Translate = englishText): string {
  if (!entry.filed) return ''
  const { filed } = entry
  if (filed.isSatisfactory) return t('Sent: satisfactory')
  const code = filed.repairIdentifier
  const sent = code ? t('Sent: defects reported, repair job created ({code})', { code }) : t('Sent: defects reported, repair job created')
  return filed.outOfService ? `${sent}; ${t(FILED_TEXT.outOfServiceShort)}` : sent
}

/** When a filing was saved, in its company's time zone as the form showed it (named: "PST"); the phone's zone for older entries. */
export function queuedAtText(entry: Pick<OutboxEntry, 'queuedAt' | 'timeZone'>, locale: Locale): string {
  return formatInstant(new Date(entry.queuedAt).toISOString(), entry.timeZone || deviceTimeZone(), locale)
}

/** The pre-trips saved on this phone and not yet (or just) sent. */
export function QueuedFilings({
  entries,
  vehicleId,
  onRetry,
  onOpenRefused,
}: {
  entries: OutboxEntry[]
  /** Only this vehicle's (the pre-trip page); all of them on the dashboard. */
  vehicleId?: number
  onRetry?: () => void
  onOpenRefused?: (entry: OutboxEntry) => void
}) {
  const online = useOnline()
  const { t, locale } = useT()
  const shown = entries.filter((e) => vehicleId === undefined || e.vehicleId === vehicleId)
  if (!shown.length) return null
  return (
    <section aria-labelledby="outbox-title" className="rounded-lg border bg-card p-3" data-testid="pre-trip-outbox">
      <h2 id="outbox-title" className="mb-2 text-sm font-semibold">
        {t('Pre-trips saved on this phone')}
      </h2>
      <ul className="grid gap-2">
        {shown.map((e) => (
          <li key={e.key} className="flex flex-wrap items-start gap-2 text-sm" data-state={e.state}>
            {e.state === 'filed' ? (
              <CheckCircle2 className="mt-0.5 size-4 text-success" aria-hidden />
            ) : e.state === 'refused' ? (
              <TriangleAlert className="mt-0.5 size-4 text-destructive" aria-hidden />
            ) : online ? (
              <Loader2 className="mt-0.5 size-4 animate-spin" aria-hidden />
            ) : (
              <CloudOff className="mt-0.5 size-4" aria-hidden />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                {e.vehicleIdentifier} · {queuedAtText(e, locale)}
              </p>
              <p className="text-muted-foreground break-words">
                {e.state === 'filed'
                  ? filedSummary(e, t)
                  : e.state === 'refused'
                    ? t('Not accepted: {reason}', { reason: reasonText(t, e.refusal?.formError ?? '') })
                    : e.lastError
                      ? t('Saved on this phone; it will be sent when the connection returns. ({reason})', { reason: reasonText(t, e.lastError) })
                      : t('Saved on this phone; it will be sent when the connection returns.')}
              </p>
            </div>
            {e.state === 'queued' && onRetry && online ? (
              <Button type="button" size="sm" variant="outline" onClick={onRetry}>
                {t('Send now')}
              </Button>
            ) : null}
            {e.state === 'refused' ? (
              onOpenRefused ? (
                <Button type="button" size="sm" variant="outline" onClick={() => onOpenRefused(e)}>
                  {t('Open it')}
                </Button>
              ) : (
                <Button asChild size="sm" variant="outline">
                  <Link to={`/preTrip/${e.vehicleId}`}>{t('Open it')}</Link>
                </Button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
