import { Link } from '@remix-run/react'
import { CoinsIcon, FuelIcon, GaugeIcon } from 'lucide-react'
import { BarChart, HorizontalBarChart } from '#app/components/charts/index.ts'
import { StatCard, StatGrid } from '#app/components/dashboard/stat-card.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { INTL_LOCALE } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { formatMoney } from '#catalog/money.ts'
import type { CostSummary } from '#server/costs/cost-per-mile.server.ts'

const monthName = (m: string, locale: Locale) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'short', timeZone: 'UTC' }).format(new Date(`${m}-15T00:00:00Z`))
const monthShort = (m: string, i: number, locale: Locale) => (i === 0 || m.endsWith('-01') ? `${monthName(m, locale)} ${m.slice(2, 4)}` : monthName(m, locale))
const monthLong = (m: string, locale: Locale) => `${monthName(m, locale)} ${m.slice(0, 4)}`

/** A cost per mile (thousandths of the currency unit) in the reader's locale: "$0.412". */
function perMile(milli: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(milli / 1000)
}
const decimal = (milli: number, locale: Locale) => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(milli / 1000)

/**
 * The dashboards' running costs (issue 36 point 3, decision 085): the last full month's cost per
 * mile, costs and fuel efficiency as cards; cost per mile and fuel efficiency per month over 12
 * months, and the ten costliest buses, as charts with their "Show data" tables. The owner sees
 * every cost of its buses; an operator the costs charged to it.
 */
export function CostCharts({ summary, companyId }: { summary: CostSummary; companyId: number }) {
  const { t, locale } = useT()
  const months = summary.series
  const categories = months.map((m) => m.month)
  // The last full month (the current one is still running).
  const last = months.at(-2) ?? months.at(-1)
  const energy = months.some((m) => m.miPerKwhMilli !== null)
  const fuel = months.some((m) => m.mpgMilli !== null)
  return (
    <section aria-labelledby="cost-charts-title" className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6" data-testid="cost-charts">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="cost-charts-title" className="text-lg font-semibold">
            {t('Running costs')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {summary.scope === 'operator' ? t('The costs charged to your company, over the miles of those buses.') : t('Repairs, services, fuel and energy over the miles driven, per month.')}
          </p>
        </div>
        <Link to={`/costs/${companyId}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('Cost per mile by bus')}
        </Link>
      </div>
      {last ? (
        <StatGrid aria-label={t('Running costs last month')}>
          <StatCard
            label={t('Cost per mile last month')}
            value={last.costPerMileMilli === null ? '—' : perMile(last.costPerMileMilli, summary.currency, locale)}
            icon={GaugeIcon}
            hint={monthLong(last.month, locale)}
          />
          <StatCard label={t('Running costs last month')} value={formatMoney(last.totalCents, summary.currency, locale)} icon={CoinsIcon} hint={monthLong(last.month, locale)} />
          <StatCard
            label={t('Fuel efficiency last month')}
            value={last.mpgMilli !== null ? decimal(last.mpgMilli, locale) : last.miPerKwhMilli !== null ? decimal(last.miPerKwhMilli, locale) : '—'}
            unit={last.mpgMilli !== null ? t('mpg') : last.miPerKwhMilli !== null ? t('mi/kWh') : undefined}
            icon={FuelIcon}
            hint={monthLong(last.month, locale)}
          />
        </StatGrid>
      ) : null}
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <BarChart
          title={t('Cost per mile per month')}
          categories={categories}
          series={[{ key: 'costPerMile', label: t('Cost per mile'), values: months.map((m) => (m.costPerMileMilli ?? 0) / 1000) }]}
          formatValue={(v) => perMile(Math.round(v * 1000), summary.currency, locale)}
          categoryHeader={t('Month')}
          formatCategory={(m, i) => monthShort(m, i, locale)}
          formatCategoryLong={(m) => monthLong(m, locale)}
          emptyText={t('No costs in the last 12 months')}
        />
        <BarChart
          title={t('Fuel efficiency per month')}
          categories={categories}
          series={[
            ...(fuel || !energy ? [{ key: 'mpg', label: t('Miles per gallon'), values: months.map((m) => (m.mpgMilli ?? 0) / 1000) }] : []),
            ...(energy ? [{ key: 'miPerKwh', label: t('Miles per kWh'), values: months.map((m) => (m.miPerKwhMilli ?? 0) / 1000), color: 'var(--chart-2)' }] : []),
          ]}
          formatValue={(v) => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(v)}
          categoryHeader={t('Month')}
          formatCategory={(m, i) => monthShort(m, i, locale)}
          formatCategoryLong={(m) => monthLong(m, locale)}
          emptyText={t('No measured fill-ups in the last 12 months')}
        />
      </div>
      <HorizontalBarChart
        title={t('The ten costliest buses')}
        description={t('Repairs, services, fuel and energy over the last 12 months.')}
        categories={summary.costliest.map((b) => b.vehicleIdentifier)}
        series={[
          { key: 'repair', label: t('Repairs'), values: summary.costliest.map((b) => b.repairCents / 100) },
          { key: 'service', label: t('Services'), values: summary.costliest.map((b) => b.serviceCents / 100) },
          { key: 'fuel', label: t('Fuel and energy'), values: summary.costliest.map((b) => b.fuelCents / 100) },
        ]}
        stacked
        formatValue={(v) => formatMoney(Math.round(v * 100), summary.currency, locale)}
        categoryHeader={t('Bus')}
        emptyText={t('No costs in the last 12 months')}
      />
    </section>
  )
}
