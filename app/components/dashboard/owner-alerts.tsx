import { Link, useParams } from '@remix-run/react'
import { BellOffIcon, OctagonAlertIcon, TriangleAlertIcon } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { cn } from '#app/utils/cn.ts'
import { ALERT_LEVEL, MAINTENANCE_ALERT_TYPE, alertLevelLabel } from '#catalog/statuses.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Alerts listed before "Show all" (a 300-bus fleet has hundreds; the most urgent come first). */
export const OWNER_ALERTS_SHOWN = 20

export interface OwnerAlertView {
  level: number
  vehicleId: number
  vehicleIdentifier: string
  alertType: string
  dueDate: string
  count: number
  /** "Maintenance due": the service task. */
  taskId?: number
  taskName?: string
}

/**
 * The owner dashboard's "Alerts and warnings" (spec "Dashboards", issue 11 point 2): most
 * urgent first (the server's order). The level is an icon and its word, never colour alone;
 * the vehicle identifier links to the vehicle.
 */
export function OwnerAlerts({
  alerts,
  today,
  total,
  levels,
}: {
  alerts: OwnerAlertView[]
  today: string
  /** Every alert; more than `alerts.length` shows the "Show all" link (`?alerts=all`). */
  total: number
  /** Counts over every alert, not only the listed ones. */
  levels: { alerts: number; warnings: number }
}) {
  const n = levels
  const { t, locale } = useT()
  const { companyId } = useParams()
  // A maintenance line opens the bus's maintenance page (its due items, "Send to repair shop").
  const hrefOf = (a: OwnerAlertView) =>
    a.alertType === MAINTENANCE_ALERT_TYPE && companyId ? `/maintenance/${companyId}/vehicles/${a.vehicleId}` : `/vehicles/${a.vehicleId}`
  return (
    <section aria-labelledby="owner-alerts-title" className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="owner-alerts-title" className="text-lg font-semibold">
          {t('Alerts and warnings')}
        </h2>
        {alerts.length ? (
          <p className="text-sm text-muted-foreground">
            {t('{alerts, plural, one {# alert} other {# alerts}}, {warnings, plural, one {# warning} other {# warnings}} · today {today}', {
              alerts: n.alerts,
              warnings: n.warnings,
              today: formatDateOnly(today, locale),
            })}
          </p>
        ) : null}
      </div>
      {alerts.length === 0 ? (
        <EmptyState
          icon={BellOffIcon}
          titleAs="h3"
          title={t('No alerts or warnings')}
          description={t('No license, insurance or inspection date is due within 30 days, and no vehicle has an open repair.')}
        />
      ) : (
        <ol className="flex flex-col divide-y" data-testid="owner-alerts">
          {alerts.map((a) => (
            <li
              key={`${a.vehicleId}-${a.alertType}-${a.taskId ?? ''}`}
              className="grid grid-cols-[5.75rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 py-3 sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1.3fr)_7rem] sm:items-center"
              data-level={a.level}
            >
              <LevelLabel level={a.level} />
              <Link
                to={hrefOf(a)}
                className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
              >
                {a.vehicleIdentifier}
              </Link>
              <span className="col-start-2 text-sm sm:col-start-auto">
                {t(a.alertType)}
                {a.alertType === 'Open repair' && a.count > 1 ? ` (${a.count})` : null}
                {a.taskName ? `: ${a.taskName}` : null}
              </span>
              <time dateTime={a.dueDate} className="col-start-2 text-sm text-muted-foreground tabular-nums sm:col-start-auto sm:text-right">
                {formatDateOnly(a.dueDate, locale)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {total > alerts.length ? (
        <Link to="?alerts=all" className="text-sm font-medium text-primary underline-offset-4 hover:underline" preventScrollReset>
          {t('Show all {total} alerts and warnings', { total })}
        </Link>
      ) : total > 0 && alerts.length > OWNER_ALERTS_SHOWN ? (
        <Link to="?" className="text-sm font-medium text-primary underline-offset-4 hover:underline" preventScrollReset>
          {t('Show the most urgent only')}
        </Link>
      ) : null}
    </section>
  )
}

function LevelLabel({ level }: { level: number }) {
  const { t } = useT()
  const isAlert = level === ALERT_LEVEL.Alert
  const Icon = isAlert ? OctagonAlertIcon : TriangleAlertIcon
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap',
        isAlert ? 'text-danger' : 'text-warning-foreground dark:text-warning',
      )}
    >
      <Icon className={cn('size-4 shrink-0', !isAlert && 'fill-warning text-warning-foreground')} aria-hidden />
      {t(alertLevelLabel(level))}
    </span>
  )
}
