import { Form, Link, useSubmit } from '@remix-run/react'
import {
  Camera,
  CarFront,
  CircleAlert,
  CircleCheck,
  ClipboardCheck,
  Clock,
  Flame,
  Gauge,
  Milestone,
  Route,
  Truck,
  Wrench,
} from 'lucide-react'
import { BarChart, HorizontalBarChart } from '#app/components/charts/index.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { cn } from '#app/utils/cn.ts'
import { StatCards } from './personal-stat-cards.tsx'

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const fullDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const utc = (d: string) => new Date(`${d.length === 7 ? `${d}-01` : d}T00:00:00Z`)

/** "Driver View" / "Mechanic View": links, so the toggle works without JavaScript. */
export function ViewToggle({ view, isDriver, isMechanic }: { view: 'driver' | 'mechanic'; isDriver: boolean; isMechanic: boolean }) {
  const items = [
    ...(isDriver ? [{ key: 'driver' as const, label: 'Driver View', icon: Truck }] : []),
    ...(isMechanic ? [{ key: 'mechanic' as const, label: 'Mechanic View', icon: Wrench }] : []),
  ]
  return (
    <nav aria-label="Dashboard view" className="inline-flex w-fit rounded-lg bg-muted p-1" data-testid="view-toggle">
      {items.map(({ key, label, icon: Icon }) => (
        <Link
          key={key}
          to={`?view=${key}`}
          aria-current={view === key ? 'page' : undefined}
          preventScrollReset
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            view === key ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  )
}

/** The company selector: a GET form (submits on change with JavaScript, a Show button without). */
export function CompanySelector({ companies, companyId }: { companies: { id: number; name: string }[]; companyId: number | null }) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="company-selector"
      onChange={(e) => hydrated && submit(e.currentTarget, { preventScrollReset: true, replace: true })}
    >
      <input type="hidden" name="view" value="driver" />
      <label htmlFor="dashboard-company" className="font-medium">
        Company
      </label>
      <select
        id="dashboard-company"
        name="company"
        defaultValue={companyId === null ? 'all' : String(companyId)}
        key={companyId ?? 'all'}
        className="h-9 max-w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <option value="all">All Companies</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          Show
        </Button>
      )}
    </Form>
  )
}

export type DriverStatsView = {
  totalDrives: number
  milesDriven: number
  hoursDriven: number
  numberOfCars: number
  longestDriveStreak: number
  longestDriveMiles: number
}

export function DriverView({
  stats,
  activity,
  companies,
  companyId,
}: {
  stats: DriverStatsView
  activity: { weeks: string[]; drives: number[]; miles: number[] }
  companies: { id: number; name: string }[]
  companyId: number | null
}) {
  const scope = companyId === null ? 'All companies' : (companies.find((c) => c.id === companyId)?.name ?? 'This company')
  const weekShort = (w: string) => monthDay.format(utc(w))
  const weekLong = (w: string) => `Week of ${fullDay.format(utc(w))}`
  return (
    <section aria-labelledby="driver-view-title" className="grid gap-4" data-testid="driver-view">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="driver-view-title" className="text-xl font-semibold">
          Driver statistics
        </h2>
        <CompanySelector companies={companies} companyId={companyId} />
      </div>
      <StatCards
        label={`Driver statistics: ${scope}`}
        items={[
          { key: 'totalDrives', label: 'Total drives', value: stats.totalDrives, icon: Route },
          { key: 'milesDriven', label: 'Miles driven', value: stats.milesDriven, unit: 'mi', icon: Gauge },
          { key: 'hoursDriven', label: 'Hours driven', value: stats.hoursDriven, unit: 'h', icon: Clock },
          { key: 'numberOfCars', label: 'Vehicles driven', value: stats.numberOfCars, icon: CarFront },
          { key: 'longestDriveStreak', label: 'Longest streak', value: stats.longestDriveStreak, unit: stats.longestDriveStreak === 1 ? 'day' : 'days', icon: Flame },
          { key: 'longestDriveMiles', label: 'Longest drive', value: stats.longestDriveMiles, unit: 'mi', icon: Milestone },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title="Drives per week"
            description={`${scope}, the last 12 weeks (weeks start on Monday)`}
            categories={activity.weeks}
            series={[{ key: 'drives', label: 'Drives', values: activity.drives }]}
            integer
            categoryHeader="Week"
            formatCategory={weekShort}
            formatCategoryLong={weekLong}
            emptyText="No drives in the last 12 weeks"
          />
        </div>
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title="Miles per week"
            description={`${scope}, the last 12 weeks (pre-trips with an end odometer)`}
            categories={activity.weeks}
            series={[{ key: 'miles', label: 'Miles', values: activity.miles, color: 'var(--chart-2)' }]}
            unit="mi"
            categoryHeader="Week"
            formatCategory={weekShort}
            formatCategoryLong={weekLong}
            emptyText="No miles in the last 12 weeks"
          />
        </div>
      </div>
    </section>
  )
}

export type MechanicStatsView = {
  totalInspections: number
  vehiclesInspected: number
  satisfactoryInspections: number
  unsatisfactoryInspections: number
  defectsFound: number
  photosTaken: number
}

export function MechanicView({
  stats,
  activity,
}: {
  stats: MechanicStatsView
  activity: { months: string[]; satisfactory: number[]; unsatisfactory: number[]; defectsBySection: { section: string; defects: number }[] }
}) {
  return (
    <section aria-labelledby="mechanic-view-title" className="grid gap-4" data-testid="mechanic-view">
      <h2 id="mechanic-view-title" className="text-xl font-semibold">
        Mechanic statistics
      </h2>
      <StatCards
        label="Mechanic statistics"
        items={[
          { key: 'totalInspections', label: 'Total inspections', value: stats.totalInspections, icon: ClipboardCheck },
          { key: 'vehiclesInspected', label: 'Vehicles inspected', value: stats.vehiclesInspected, icon: CarFront },
          { key: 'satisfactoryInspections', label: 'Satisfactory', value: stats.satisfactoryInspections, icon: CircleCheck },
          { key: 'unsatisfactoryInspections', label: 'Unsatisfactory', value: stats.unsatisfactoryInspections, icon: CircleAlert },
          { key: 'defectsFound', label: 'Defects found', value: stats.defectsFound, icon: Wrench },
          { key: 'photosTaken', label: 'Photos taken', value: stats.photosTaken, icon: Camera },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title="Inspections per month"
            description="The last 12 months, satisfactory and unsatisfactory"
            categories={activity.months}
            series={[
              { key: 'satisfactory', label: 'Satisfactory', values: activity.satisfactory, color: 'var(--chart-4)' },
              { key: 'unsatisfactory', label: 'Unsatisfactory', values: activity.unsatisfactory, color: 'var(--chart-5)' },
            ]}
            stacked
            integer
            categoryHeader="Month"
            formatCategory={(m) => shortMonth.format(utc(m))}
            formatCategoryLong={(m) => longMonth.format(utc(m))}
            emptyText="No inspections in the last 12 months"
          />
        </div>
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <HorizontalBarChart
            title="Defects by section"
            description="Unsatisfactory items of all your inspections, by checklist section"
            categories={activity.defectsBySection.map((s) => s.section)}
            series={[{ key: 'defects', label: 'Defects', values: activity.defectsBySection.map((s) => s.defects), color: 'var(--chart-5)' }]}
            categoryHeader="Section"
          />
        </div>
      </div>
    </section>
  )
}
