import { Link } from '@remix-run/react'
import { OctagonAlertIcon, TriangleAlertIcon } from 'lucide-react'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Due items listed before "Show all" (the server sends at most 500). */
export const DRIVER_DUE_SHOWN = 15

export interface DriverDueView {
  driverUserId: number
  driverName: string
  kind: string
  label: string
  level: 'Alert' | 'Warning'
  dueOn: string | null
  url: string
}

/**
 * The operator dashboard's "Driver files" card (issue 37): how many file items are missing,
 * overdue and due within 30 days over every current driver, and the due list (overdue first),
 * each line linking to the driver's file. The level is an icon and its word, never colour alone.
 */
export function DriverFilesCard({
  companyId,
  counts,
  items,
  total,
  showAllHref,
}: {
  companyId: number
  counts: { drivers: number; missing: number; overdue: number; dueSoon: number }
  items: DriverDueView[]
  total: number
  /** Shown when the list is cut. */
  showAllHref: string | null
}) {
  const { t, locale } = useT()
  return (
    <section aria-labelledby="driver-files-title" data-testid="driver-files-card" className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="driver-files-title" className="text-lg font-semibold">
          {t('Driver files')}
        </h2>
        <Link to={`/driverFiles/${companyId}`} className="text-sm font-medium underline underline-offset-4">
          {t('All driver files')}
        </Link>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{t('Missing')}</dt>
          <dd className="text-xl font-semibold" data-testid="driver-files-missing">{counts.missing}</dd>
        </div>
        <div className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{t('Overdue')}</dt>
          <dd className="text-xl font-semibold" data-testid="driver-files-overdue">{counts.overdue}</dd>
        </div>
        <div className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{t('Due soon')}</dt>
          <dd className="text-xl font-semibold" data-testid="driver-files-due-soon">{counts.dueSoon}</dd>
        </div>
      </dl>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('Nothing is overdue or due within 30 days.')}</p>
      ) : (
        <ul className="flex flex-col divide-y" data-testid="driver-due-list">
          {items.map((i) => (
            <li key={`${i.driverUserId}-${i.kind}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="inline-flex items-center gap-1 font-medium">
                {i.level === 'Alert' ? <OctagonAlertIcon aria-hidden="true" className="size-4 text-destructive" /> : <TriangleAlertIcon aria-hidden="true" className="size-4 text-amber-600" />}
                {i.level === 'Alert' ? t('Alert') : t('Warning')}
              </span>
              <Link to={i.url} className="min-w-0 break-words font-medium underline underline-offset-4">
                {i.driverName}
              </Link>
              <span className="min-w-0 break-words">{t(i.label)}</span>
              <span className="ml-auto text-muted-foreground">{i.dueOn ? formatDateOnly(i.dueOn, locale) : t('No expiry date')}</span>
            </li>
          ))}
        </ul>
      )}
      {showAllHref && total > items.length ? (
        <Link to={showAllHref} className="text-sm font-medium underline underline-offset-4">
          {t('Show all {count}', { count: total })}
        </Link>
      ) : null}
    </section>
  )
}
