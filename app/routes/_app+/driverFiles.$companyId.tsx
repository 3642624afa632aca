import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { FormError } from '#app/components/forms/field.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { driverFilesListLoader } from '#app/routes/_app+/driver-files-page.server.ts'

/**
 * /driverFiles/{companyId}: every driver of an operator company with the completeness of their
 * qualification file (49 CFR 391.51; issue 37 point 1, decision 086) — how many kinds of item are
 * missing, overdue and due soon — current drivers first, former ones (with the end of their
 * employment) on their own tab; pages from the server. The operator's managers only.
 */
export const loader = (args: LoaderFunctionArgs) => driverFilesListLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

const PAGE_SIZES = [10, 25, 50, 100] as const

export default function DriverFilesPage() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  const { t } = useT()
  const list = data.list
  const pageCount = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(page))
    return `?${params.toString()}`
  }
  const tab = (status: 'current' | 'former', label: string, count: number | undefined) => (
    <Link
      to={`?status=${status}`}
      aria-current={data.status === status ? 'page' : undefined}
      className={cn(buttonVariants({ variant: data.status === status ? 'default' : 'outline' }), 'min-h-10')}
      data-testid={`driver-files-${status}`}
    >
      {label}
      {count !== undefined ? ` (${count})` : ''}
    </Link>
  )
  const former = data.status === 'former'
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader title={data.title} description={t('Driver qualification files (49 CFR 391.51): what each driver’s file is missing and what is due.')} />
      <nav aria-label={t('Drivers')} className="flex flex-wrap gap-2">
        {tab('current', t('Current drivers'), list?.counts.current)}
        {tab('former', t('Former drivers'), list?.counts.former)}
      </nav>
      {data.error ? <FormError message={data.error} /> : null}
      {list ? (
        <section aria-labelledby="driver-files-title">
          <h2 id="driver-files-title" className="sr-only">
            {former ? t('Former drivers') : t('Current drivers')}
          </h2>
          <Table data-testid="driver-files-table" containerProps={{ 'aria-label': t('Driver files') }}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('Driver')}</TableHead>
                <TableHead>{former ? t('Employment ended') : t('Hire date')}</TableHead>
                <TableHead>{t('Missing')}</TableHead>
                <TableHead>{t('Overdue')}</TableHead>
                <TableHead>{t('Due soon')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('File')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.drivers.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} cell="full">
                    {former ? t('No former drivers') : t('No drivers yet: people who join the company as drivers appear here.')}
                  </TableCell>
                </TableRow>
              ) : (
                list.drivers.map((d) => (
                  <TableRow key={d.driverUserId} data-testid="driver-file-row">
                    <TableCell cell="key">{d.name || t('Deleted account')}</TableCell>
                    <TableCell label={former ? t('Employment ended') : t('Hire date')}>{(former ? d.endedLabel : d.hiredOnLabel) ?? '—'}</TableCell>
                    <TableCell label={t('Missing')} className={d.missing ? 'font-semibold text-destructive' : undefined} data-testid="driver-file-missing">
                      {d.missing}
                    </TableCell>
                    <TableCell label={t('Overdue')} className={d.overdue ? 'font-semibold text-destructive' : undefined} data-testid="driver-file-overdue">
                      {d.overdue}
                    </TableCell>
                    <TableCell label={t('Due soon')} data-testid="driver-file-due-soon">
                      {d.dueSoon}
                    </TableCell>
                    <TableCell>
                      <Link to={d.href} className="inline-flex min-h-10 items-center text-primary underline underline-offset-4">
                        {t('Open the file')}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <ServerPagination
            id="driver-files-page-size"
            page={list.page}
            pageSize={list.pageSize}
            pageCount={pageCount}
            total={list.total}
            pageSizes={PAGE_SIZES}
            hrefFor={hrefFor}
            keep={[['status', data.status]]}
            label={t('Driver files pages')}
            noun={t('drivers')}
          />
        </section>
      ) : null}
    </div>
  )
}
