import { BarChart } from '#app/components/charts/index.ts'

export interface OperatorActivityView {
  month: string
  missions: number
  miles: number
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const monthName = (m: string) => MONTHS[Number(m.slice(5, 7)) - 1] ?? m
/** "Mar" on the axis (January with its year, so the turn of the year shows), "Mar 2026" in the table. */
const monthShort = (m: string, i: number) => (i === 0 || m.endsWith('-01') ? `${monthName(m)} ${m.slice(2, 4)}` : monthName(m))
const monthLong = (m: string) => `${monthName(m)} ${m.slice(0, 4)}`

/**
 * The operator dashboard's pictures (issue 11 point 4): missions and miles per month over
 * the last 12 months, two charts (different units) from the chart kit, each with its
 * "Show data" table.
 */
export function OperatorActivityCharts({ months }: { months: OperatorActivityView[] }) {
  const categories = months.map((m) => m.month)
  return (
    <section aria-labelledby="operator-activity-title" className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="operator-activity-title" className="text-lg font-semibold">
          Missions and miles per month
        </h2>
        <p className="text-sm text-muted-foreground">The last 12 months; a pre-trip is a mission, its miles count once its end odometer is entered.</p>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <BarChart
          title="Missions per month"
          categories={categories}
          series={[{ key: 'missions', label: 'Missions', values: months.map((m) => m.missions) }]}
          integer
          categoryHeader="Month"
          formatCategory={monthShort}
          formatCategoryLong={monthLong}
          emptyText="No missions in the last 12 months"
        />
        <BarChart
          title="Miles per month"
          categories={categories}
          series={[{ key: 'miles', label: 'Miles', values: months.map((m) => m.miles), color: 'var(--chart-2)' }]}
          unit="mi"
          integer
          categoryHeader="Month"
          formatCategory={monthShort}
          formatCategoryLong={monthLong}
          emptyText="No miles in the last 12 months"
        />
      </div>
    </section>
  )
}
