import { CalendarClockIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'

/** An approved assignment of the operator that has not started yet. */
export interface UpcomingAssignmentView {
  id: number
  vehicleIdentifier: string
  make: string
  model: string
  ownerCompanyName: string
  startDate: string
  endDate: string | null
}

/**
 * The operator's fleet: buses whose approved assignment starts later (decision 059). They are
 * not in the table yet (an operator sees a bus from its start date), so they are listed apart,
 * each reading "Starts on {date}".
 */
export function UpcomingAssignments({ items }: { items: UpcomingAssignmentView[] }) {
  const { t, locale } = useT()
  if (!items.length) return null
  return (
    <section aria-labelledby="upcoming-assignments-title" className="mb-4 rounded-lg border bg-muted/30 p-3 sm:p-4" data-testid="upcoming-assignments">
      <h2 id="upcoming-assignments-title" className="mb-2 flex items-center gap-2 text-base font-semibold">
        <CalendarClockIcon aria-hidden="true" className="size-4" />
        {t('Upcoming assignments')}
      </h2>
      <ul className="grid gap-2">
        {items.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid={`upcoming-${a.vehicleIdentifier}`}>
            <span className="font-medium">{a.vehicleIdentifier}</span>
            <span className="text-muted-foreground">
              {[a.make, a.model].filter(Boolean).join(' ')} · {a.ownerCompanyName}
            </span>
            <Badge variant="outline">
              <time dateTime={a.startDate}>{t('Starts on {date}', { date: formatDateOnly(a.startDate, locale) })}</time>
            </Badge>
            <span className="text-muted-foreground">{a.endDate ? t('until {date}', { date: formatDateOnly(a.endDate, locale) }) : t('open-ended')}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
