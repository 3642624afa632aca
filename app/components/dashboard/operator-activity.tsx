import { BarChart } from '#app/components/charts/index.ts'
import { INTL_LOCALE } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'

export interface OperatorActivityView {
  month: string
  missions: number
  miles: number
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const monthName = (m: string, locale: Locale) =>
  locale === 'en'
    ? (MONTHS[Number(m.slice(5, 7)) - 1] ?? m)
    : new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'short', timeZone: 'UTC' }).format(new Date(`${m.slice(0, 7)}-15T00:00:00Z`))
/** "Mar" on the axis (January with its year, so the turn of the year shows), "Mar 2026" in the table. */
const monthShort = (m: string, i: number, locale: Locale) => (i === 0 || m.endsWith('-01') ? `${monthName(m, locale)} ${m.slice(2, 4)}` : monthName(m, locale))
const monthLong = (m: string, locale: Locale) => `${monthName(m, locale)} ${m.slice(0, 4)}`

/**
 * The operator dashboard's pictures (issue 11 point 4): missions and miles per month over
 * the last 12 months, two charts (different units) from the chart kit, each with its
 * "Show data" table.
 */
export function OperatorActivityCharts({ months }: { months: OperatorActivityView[] }) {
  const categories = months.map((m) => m.month)
  const { t, locale } = useT()
  return (
    <section aria-labelledby="operator-activity-title" className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="operator-activity-title" className="text-lg font-semibold">
          {t('Missions and miles per month')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('The last 12 months; a pre-trip is a mission, its miles count once its end odometer is entered.')}</p>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <BarChart
          title={t('Missions per month')}
          categories={categories}
          series={[{ key: 'missions', label: t('Missions'), values: months.map((m) => m.missions) }]}
          integer
          categoryHeader={t('Month')}
          formatCategory={(m, i) => monthShort(m, i, locale)}
          formatCategoryLong={(m) => monthLong(m, locale)}
          emptyText={t('No missions in the last 12 months')}
        />
        <BarChart
          title={t('Miles per month')}
          categories={categories}
          series={[{ key: 'miles', label: t('Miles'), values: months.map((m) => m.miles), color: 'var(--chart-2)' }]}
          unit="mi"
          integer
          categoryHeader={t('Month')}
          formatCategory={(m, i) => monthShort(m, i, locale)}
          formatCategoryLong={(m) => monthLong(m, locale)}
          emptyText={t('No miles in the last 12 months')}
        />
      </div>
    </section>
  )
}
