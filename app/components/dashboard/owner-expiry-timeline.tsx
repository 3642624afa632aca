import { Link } from '@remix-run/react'
import { CalendarCheckIcon } from 'lucide-react'
import { BarChart } from '#app/components/charts/index.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ALERT_TYPES } from '#catalog/statuses.ts'
import { formatDateOnly, INTL_LOCALE } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'

export interface ExpiryTimelineView {
  today: string
  until: string
  weeks: {
    start: string
    end: string
    counts: Record<string, number>
    total: number
    /** The first few of the week's dates (the chart counts all of them). */
    items: { vehicleId: number; vehicleIdentifier: string; alertType: string; date: string }[]
  }[]
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "Mar 2" / "2 mar" from 'YYYY-MM-DD' (no time zone involved: a calendar date). */
export const shortDay = (day: string, locale: Locale = 'en') =>
  locale === 'en'
    ? `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${Number(day.slice(8, 10))}`
    : new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`))

/**
 * The fleet's upcoming expiries (issue 11 point 4, decision 039): a stacked bar per week
 * (server-rendered SVG from the chart kit, with its "Show data" table), and the same dates
 * as a list grouped by week, each linking to its vehicle: readable without JavaScript and
 * by screen readers.
 */
export function OwnerExpiryTimeline({ timeline }: { timeline: ExpiryTimelineView }) {
  const { weeks } = timeline
  const { t, locale } = useT()
  const total = weeks.reduce((n, w) => n + w.total, 0)
  const series = ALERT_TYPES.map((type) => ({
    key: type,
    label: t(type),
    values: weeks.map((w) => w.counts[type] ?? 0),
  }))
  return (
    <section aria-labelledby="expiry-timeline-title" className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="expiry-timeline-title" className="text-lg font-semibold">
          {t('Upcoming expiries')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('License, insurance and inspection dates of the fleet in the next 90 days ({from} to {until}), by week.', { from: formatDateOnly(timeline.today, locale), until: formatDateOnly(timeline.until, locale) })}
        </p>
      </div>
      {total === 0 ? (
        <EmptyState icon={CalendarCheckIcon} titleAs="h3" title={t('Nothing expires in the next 90 days')} />
      ) : (
        <div className="grid min-w-0 items-start gap-6 lg:grid-cols-2">
          <BarChart
            title={t('Expiries per week')}
            description={t('{total, plural, one {# date} other {# dates}} in the next 90 days', { total })}
            categories={weeks.map((w) => w.start)}
            series={series}
            stacked
            integer
            categoryHeader={t('Week of')}
            formatCategory={(c) => shortDay(c, locale)}
            formatCategoryLong={(c, i) => `${shortDay(c, locale)} – ${shortDay(weeks[i]?.end ?? c, locale)}`}
            height={140}
          />
          <ol className="flex flex-col gap-3" aria-label={t('Upcoming expiries by week')} data-testid="expiry-timeline">
            {weeks
              .filter((w) => w.total > 0)
              .map((w) => (
                <li key={w.start} className="relative border-l-2 border-border pl-4">
                  <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-primary" aria-hidden="true" />
                  <h3 className="text-sm font-medium">
                    {t('Week of')} <time dateTime={w.start}>{shortDay(w.start, locale)}</time> – <time dateTime={w.end}>{shortDay(w.end, locale)}</time>
                  </h3>
                  <ul className="mt-1 flex flex-col gap-1 text-sm">
                    {w.items.map((i) => (
                      <li key={`${i.vehicleId}-${i.alertType}`} className="flex flex-wrap gap-x-2">
                        <time dateTime={i.date} className="text-muted-foreground tabular-nums">
                          {formatDateOnly(i.date, locale)}
                        </time>
                        <Link to={`/vehicles/${i.vehicleId}`} className="font-medium break-all text-primary underline-offset-4 hover:underline">
                          {i.vehicleIdentifier}
                        </Link>
                        <span>{t(i.alertType)}</span>
                      </li>
                    ))}
                    {w.total > w.items.length ? <li className="text-muted-foreground">{t('and {count} more this week', { count: w.total - w.items.length })}</li> : null}
                  </ul>
                </li>
              ))}
          </ol>
        </div>
      )}
    </section>
  )
}
