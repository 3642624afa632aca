import { Link } from '@remix-run/react'
import { CloudOff } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'
import type { OutboxEntry } from '#app/utils/offline-queue.ts'
import { reasonText } from './reason-text.ts'
import { PRE_TRIP_TEXT } from './texts.ts'

/** The filing waits in the outbox: why (its last attempt), and a way to send it at once when online. */
export function QueuedNotice({ entry, online, onSendNow }: { entry: OutboxEntry | undefined; online: boolean; onSendNow: () => void }) {
  const { t } = useT()
  return (
    <section className="grid grid-cols-1 gap-3 rounded-lg border border-warning bg-warning/10 p-4" role="status" data-testid="pre-trip-queued">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CloudOff className="size-5" aria-hidden /> {t('Saved on this phone')}
      </h2>
      <p>{t(PRE_TRIP_TEXT.queued)}</p>
      {entry?.lastError ? <p className="text-sm text-muted-foreground">{t('Last attempt: {reason}', { reason: reasonText(t, entry.lastError) })}</p> : null}
      <div className="flex flex-wrap gap-2">
        {online ? (
          <Button type="button" className="min-h-11" onClick={onSendNow}>
            {t('Send now')}
          </Button>
        ) : null}
        <Button asChild variant="outline" className="min-h-11">
          <Link to="/dashboard">{t('Back to my buses')}</Link>
        </Button>
      </div>
    </section>
  )
}
