import { Form, Link, useLocation } from '@remix-run/react'
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, ReceiptIcon } from 'lucide-react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { applySearch, hrefOf } from '#app/components/fleet/use-fleet-url.ts'
import { formatNumber } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { formatMoney } from '#catalog/money.ts'
import type { CostFigures, CostPerMileResult } from '#server/costs/cost-per-mile.server.ts'

const PAGE_SIZES = [25, 50, 100] as const
const SORTS = [
  { value: 'total', label: msg('Total') },
  { value: 'costPerMile', label: msg('Cost per mile') },
  { value: 'miles', label: msg('Miles') },
  { value: 'repair', label: msg('Repairs') },
  { value: 'service', label: msg('Services') },
  { value: 'fuel', label: msg('Fuel and energy') },
  { value: 'vehicle', label: msg('Bus') },
] as const

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** A cost per mile from its integer thousandths of the currency unit, in the reader's locale ("$0.412"); "—" without miles. */
export function formatPerMile(milli: number | null, currency: string, locale: 'en' | 'es'): string {
  if (milli === null) return '—'
  return new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(milli / 1000)
}

/** 'YYYY-MM' one month before (-1) or after (+1). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const i = y * 12 + (m - 1) + by
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`
}

/** "March 2026" in the reader's locale. */
export function monthLabel(month: string, locale: 'en' | 'es'): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)))
}

/** The figures of a row as table cells: miles, repairs, services, fuel, total, cost per mile. */
export function FigureCells({ f, currency }: { f: CostFigures; currency: string }) {
  const { t, locale } = useT()
  const money = (c: number) => formatMoney(c, currency, locale)
  return (
    <>
      <TableCell label={t('Miles')} className="tabular-nums sm:text-right">
        {formatNumber(f.miles, locale)}
      </TableCell>
      <TableCell label={t('Repairs')} className="tabular-nums sm:text-right">
        {money(f.repairCents)}
      </TableCell>
      <TableCell label={t('Services')} className="tabular-nums sm:text-right">
        {money(f.serviceCents)}
      </TableCell>
      <TableCell label={t('Fuel and energy')} className="tabular-nums sm:text-right">
        {money(f.fuelCents)}
      </TableCell>
      <TableCell label={t('Total')} className="font-medium tabular-nums sm:text-right">
        {money(f.totalCents)}
      </TableCell>
      <TableCell label={t('Cost per mile')} className="tabular-nums sm:text-right" data-testid="cost-per-mile">
        {f.costPerMileMilli === null ? <span title={t('No miles this month')}>—</span> : formatPerMile(f.costPerMileMilli, currency, locale)}
      </TableCell>
    </>
  )
}

/** The header cells matching `FigureCells`. */
export function FigureHeads() {
  const { t } = useT()
  return (
    <>
      <TableHead className="sm:text-right">{t('Miles')}</TableHead>
      <TableHead className="sm:text-right">{t('Repairs')}</TableHead>
      <TableHead className="sm:text-right">{t('Services')}</TableHead>
      <TableHead className="sm:text-right">{t('Fuel and energy')}</TableHead>
      <TableHead className="sm:text-right">{t('Total')}</TableHead>
      <TableHead className="sm:text-right">{t('Cost per mile')}</TableHead>
    </>
  )
}

/**
 * `/costs/{companyId}`: a month picker (a plain GET form and previous/next links, no JavaScript
 * needed), the month's totals, the totals per payer, a row per bus (sorted and paged on the
 * server) and the month's CSV.
 */
export function CostPerMilePage({
  title,
  companyId,
  companyName,
  report,
  error,
}: {
  title: string
  companyId: number
  companyName: string
  report: CostPerMileResult | null
  error: string | null
}) {
  const { t, locale } = useT()
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const month = report?.month ?? ''
  const exportHref = `/costs/${companyId}/export.csv?month=${month}`
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        className="mb-0"
        title={title}
        description={
          report?.scope === 'operator'
            ? t('The costs charged to {company}, with the miles of those buses, per month.', { company: companyName })
            : t('What each bus of {company} cost to run per mile: repairs, services, fuel and energy over the miles driven that month.', { company: companyName })
        }
        actions={
          report ? (
            <>
              <a href={exportHref} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
                <DownloadIcon aria-hidden />
                {t('Export CSV')}
              </a>
              <a href={`${exportHref}&months=12`} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
                <DownloadIcon aria-hidden />
                {t('12 months to {month} (CSV)', { month: monthLabel(month, locale) })}
              </a>
            </>
          ) : null
        }
      />

      {report ? (
        <div className="flex flex-wrap items-end gap-2">
          <Link
            to={hrefOf(applySearch(search, { month: shiftMonth(month, -1), page: null }))}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={t('Previous month')}
          >
            <ChevronLeftIcon aria-hidden />
          </Link>
          <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t('Choose a month')}>
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              {t('Month')}
              <Input type="month" name="month" defaultValue={month} pattern="\d{4}-\d{2}" placeholder="YYYY-MM" className="w-44" required />
            </label>
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              {t('Sort by')}
              <select name="sort" defaultValue={report.sort} className={selectClass}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {t(s.label)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              {t('Order')}
              <select name="dir" defaultValue={report.dir} className={selectClass}>
                <option value="desc">{t('Descending')}</option>
                <option value="asc">{t('Ascending')}</option>
              </select>
            </label>
            <input type="hidden" name="pageSize" value={report.pageSize} />
            <Button type="submit" size="sm">
              {t('Show')}
            </Button>
          </Form>
          <Link
            to={hrefOf(applySearch(search, { month: shiftMonth(month, 1), page: null }))}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={t('Next month')}
          >
            <ChevronRightIcon aria-hidden />
          </Link>
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : report ? (
        <>
          <section aria-labelledby="costs-totals" className="flex flex-col gap-2">
            <h2 id="costs-totals" className="text-lg font-semibold">
              {t('{month}: totals', { month: monthLabel(month, locale) })}
            </h2>
            <Table data-testid="cost-totals" aria-label={t('Totals per payer')}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('Paid by')}</TableHead>
                  <FigureHeads />
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.payers.map((p) => (
                  <TableRow key={p.payerCompanyId} data-payer={p.payerCompanyId}>
                    <TableCell cell="key">
                      <span className="flex flex-col gap-0.5">
                        <span className="font-medium break-words">{p.payerName}</span>
                        <span className="text-xs text-muted-foreground">{p.isOwner ? t('Owner') : t('Operator')}</span>
                      </span>
                    </TableCell>
                    <FigureCells f={p} currency={report.currency} />
                  </TableRow>
                ))}
                <TableRow data-testid="cost-total-row" className="font-semibold">
                  <TableCell cell="key">{t('All payers')}</TableCell>
                  <FigureCells f={report.totals} currency={report.currency} />
                </TableRow>
              </TableBody>
            </Table>
          </section>

          <section aria-labelledby="costs-buses" className="flex flex-col gap-2">
            <h2 id="costs-buses" className="text-lg font-semibold">
              {t('Per bus')}
            </h2>
            {report.rows.length === 0 ? (
              <EmptyState icon={ReceiptIcon} titleAs="h3" title={t('No costs or miles this month')} description={t('Repairs, services, fuel records and odometer readings fill this page.')} />
            ) : (
              <Table data-testid="cost-rows" aria-label={t('Per bus')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('Bus')}</TableHead>
                    <FigureHeads />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.rows.map((r) => (
                    <TableRow key={r.vehicleId} data-vehicle={r.vehicleId}>
                      <TableCell cell="key" className="font-medium">
                        {r.vehicleIdentifier}
                      </TableCell>
                      <FigureCells f={r} currency={report.currency} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <ServerPagination
              page={report.page}
              pageSize={report.pageSize}
              pageCount={report.pageCount}
              total={report.total}
              pageSizes={PAGE_SIZES}
              hrefFor={(page) => hrefOf(applySearch(search, { page }))}
              keep={[...applySearch(search, { page: null, pageSize: null }).entries()]}
              label={t('Cost pages')}
              noun={t('buses')}
              id="costs-page-size"
              countTestId="costs-count"
            />
          </section>
        </>
      ) : null}
    </div>
  )
}
