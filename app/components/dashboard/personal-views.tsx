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
import { INTL_LOCALE } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'

const formats = new Map<string, Intl.DateTimeFormat>()
/** A calendar-date format in the page's language (one per language and shape). */
function dateFormat(locale: Locale, shape: 'monthDay' | 'fullDay' | 'shortMonth' | 'longMonth'): Intl.DateTimeFormat {
  const key = `${locale}:${shape}`
  let f = formats.get(key)
  if (!f) {
    const options: Record<typeof shape, Intl.DateTimeFormatOptions> = {
      monthDay: { month: 'short', day: 'numeric' },
      fullDay: { month: 'short', day: 'numeric', year: 'numeric' },
      shortMonth: { month: 'short' },
      longMonth: { month: 'long', year: 'numeric' },
    }
    formats.set(key, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options[shape], timeZone: 'UTC' })))
  }
  return f
}
const utc = (d: string) => new Date(`${d.length === 7 ? `${d}-01` : d}T00:00:00Z`)

/** "Driver View" / "Mechanic View": links, so the toggle works without JavaScript. */
export function ViewToggle({ view, isDriver, isMechanic }: { view: 'driver' | 'mechanic'; isDriver: boolean; isMechanic: boolean }) {
  const { t } = useT()
  const items = [
    ...(isDriver ? [{ key: 'driver' as const, label: t('Driver View'), icon: Truck }] : []),
    ...(isMechanic ? [{ key: 'mechanic' as const, label: t('Mechanic View'), icon: Wrench }] : []),
  ]
  return (
    <nav aria-label={t('Dashboard view')} className="inline-flex w-fit rounded-lg bg-muted p-1" data-testid="view-toggle">
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
  const { t } = useT()
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
        {t('Company')}
      </label>
      <select
        id="dashboard-company"
        name="company"
        defaultValue={companyId === null ? 'all' : String(companyId)}
        key={companyId ?? 'all'}
        className="h-9 max-w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <option value="all">{t('All Companies')}</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          {t('Show')}
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
  const { t, locale } = useT()
  const scope = companyId === null ? t('All companies') : (companies.find((c) => c.id === companyId)?.name ?? t('This company'))
  const weekShort = (w: string) => dateFormat(locale, 'monthDay').format(utc(w))
  const weekLong = (w: string) => t('Week of {date}', { date: dateFormat(locale, 'fullDay').format(utc(w)) })
  return (
    <section aria-labelledby="driver-view-title" className="grid gap-4" data-testid="driver-view">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="driver-view-title" className="text-xl font-semibold">
          {t('Driver statistics')}
        </h2>
        <CompanySelector companies={companies} companyId={companyId} />
      </div>
      <StatCards
        label={t('Driver statistics: {scope}', { scope })}
        items={[
          { key: 'totalDrives', label: t('Total drives'), value: stats.totalDrives, icon: Route },
          { key: 'milesDriven', label: t('Miles driven'), value: stats.milesDriven, unit: 'mi', icon: Gauge },
          { key: 'hoursDriven', label: t('Hours driven'), value: stats.hoursDriven, unit: 'h', icon: Clock },
          { key: 'numberOfCars', label: t('Vehicles driven'), value: stats.numberOfCars, icon: CarFront },
          {
            key: 'longestDriveStreak',
            label: t('Longest streak'),
            value: stats.longestDriveStreak,
            unit: stats.longestDriveStreak === 1 ? t('day') : t('days'),
            icon: Flame,
          },
          { key: 'longestDriveMiles', label: t('Longest drive'), value: stats.longestDriveMiles, unit: 'mi', icon: Milestone },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title={t('Drives per week')}
            description={t('{scope}, the last 12 weeks (weeks start on Monday)', { scope })}
            categories={activity.weeks}
            series={[{ key: 'drives', label: t('Drives'), values: activity.drives }]}
            integer
            categoryHeader={t('Week')}
            formatCategory={weekShort}
            formatCategoryLong={weekLong}
            emptyText={t('No drives in the last 12 weeks')}
          />
        </div>
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title={t('Miles per week')}
            description={t('{scope}, the last 12 weeks (pre-trips with an end odometer)', { scope })}
            categories={activity.weeks}
            series={[{ key: 'miles', label: t('Miles'), values: activity.miles, color: 'var(--chart-2)' }]}
            unit="mi"
            categoryHeader={t('Week')}
            formatCategory={weekShort}
            formatCategoryLong={weekLong}
            emptyText={t('No miles in the last 12 weeks')}
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
  const { t, locale } = useT()
  return (
    <section aria-labelledby="mechanic-view-title" className="grid gap-4" data-testid="mechanic-view">
      <h2 id="mechanic-view-title" className="text-xl font-semibold">
        {t('Mechanic statistics')}
      </h2>
      <StatCards
        label={t('Mechanic statistics')}
        items={[
          { key: 'totalInspections', label: t('Total inspections'), value: stats.totalInspections, icon: ClipboardCheck },
          { key: 'vehiclesInspected', label: t('Vehicles inspected'), value: stats.vehiclesInspected, icon: CarFront },
          { key: 'satisfactoryInspections', label: t('Satisfactory'), value: stats.satisfactoryInspections, icon: CircleCheck },
          { key: 'unsatisfactoryInspections', label: t('Unsatisfactory'), value: stats.unsatisfactoryInspections, icon: CircleAlert },
          { key: 'defectsFound', label: t('Defects found'), value: stats.defectsFound, icon: Wrench },
          { key: 'photosTaken', label: t('Photos taken'), value: stats.photosTaken, icon: Camera },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <BarChart
            title={t('Inspections per month')}
            description={t('The last 12 months, satisfactory and unsatisfactory')}
            categories={activity.months}
            series={[
              { key: 'satisfactory', label: t('Satisfactory'), values: activity.satisfactory, color: 'var(--chart-4)' },
              { key: 'unsatisfactory', label: t('Unsatisfactory'), values: activity.unsatisfactory, color: 'var(--chart-5)' },
            ]}
            stacked
            integer
            categoryHeader={t('Month')}
            formatCategory={(m) => dateFormat(locale, 'shortMonth').format(utc(m))}
            formatCategoryLong={(m) => dateFormat(locale, 'longMonth').format(utc(m))}
            emptyText={t('No inspections in the last 12 months')}
          />
        </div>
        <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
          <HorizontalBarChart
            title={t('Defects by section')}
            description={t('Unsatisfactory items of all your inspections, by checklist section')}
            categories={activity.defectsBySection.map((s) => s.section)}
            formatCategory={(section) => t(section)}
            series={[{ key: 'defects', label: t('Defects'), values: activity.defectsBySection.map((s) => s.defects), color: 'var(--chart-5)' }]}
            categoryHeader={t('Section')}
          />
        </div>
      </div>
    </section>
  )
}
