import { Link } from '@remix-run/react'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { cn } from '#app/utils/cn.ts'
import type { StatusForPage } from '#app/routes/_app+/hours-pages.server.ts'

export interface HoursDriversData {
  title: string
  companyId: number
  companyName: string
  page: number
  pageSize: number
  total: number
  drivers: (StatusForPage & { driverUserId: number; driverName: string })[]
}

/** /hours/{companyId}: every current driver's status now, today's hours, what remains, and the warnings. */
export function HoursDriversPage({ data }: { data: HoursDriversData }) {
  const { t } = useT()
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <div className="grid w-full grid-cols-1 gap-4">
      <PageHeader title={data.title} description={data.companyName} />
      <p className="text-sm text-muted-foreground">{t('This is a time record, not an electronic logging device (ELD).')}</p>
      {data.drivers.length === 0 ? (
        <p className="text-sm">{t('No current drivers')}</p>
      ) : (
        <ul className="grid gap-3" data-testid="hours-drivers">
          {data.drivers.map((d) => (
            <li key={d.driverUserId} className="grid gap-2 rounded-md border p-3 text-sm" data-driver={d.driverUserId}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link className="font-medium underline" to={`/hours/${data.companyId}/${d.driverUserId}`}>
                  {d.driverName}
                </Link>
                <span>
                  {d.statusLabel}
                  {d.since ? ` · ${t('Since {time}', { time: d.since })}` : ''}
                </span>
              </div>
              <p>{t('Today: {onDuty} on duty, {driving} driving', { onDuty: d.today.onDuty, driving: d.today.driving })}</p>
              <ul className="flex flex-wrap gap-2">
                {d.limits.map((l) => (
                  <li key={l.key} data-state={l.state} className={cn('rounded border px-2 py-0.5', l.state === 'reached' && 'border-destructive text-destructive', l.state === 'warning' && 'border-warning')}>
                    {l.label}: {t('{remaining} left', { remaining: l.remaining })}
                  </li>
                ))}
              </ul>
              {d.warnings.length > 0 ? (
                <ul className="grid gap-0.5 text-destructive" data-testid="hours-driver-warnings">
                  {d.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ServerPagination
        id="hours-pages"
        page={data.page}
        pageSize={data.pageSize}
        pageCount={pageCount}
        total={data.total}
        pageSizes={[10, 25, 50, 100]}
        hrefFor={(p) => `/hours/${data.companyId}?page=${p}&pageSize=${data.pageSize}`}
        label={t('Driver pages')}
        noun={t('drivers')}
      />
    </div>
  )
}
