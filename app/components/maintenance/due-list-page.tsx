import { Form, Link, useLocation } from '@remix-run/react'
import { DownloadIcon, ListChecksIcon } from 'lucide-react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { applySearch, hrefOf } from '#app/components/fleet/use-fleet-url.ts'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { DUE_STATES, type DueState } from '#catalog/maintenance.ts'
import { DueItemsTable, type DueItemView } from './due-items.tsx'

export interface DueListPageProps {
  title: string
  companyId: number
  companyName: string
  scope: 'owner' | 'operator'
  readOnly: boolean
  list: {
    items: DueItemView[]
    total: number
    counts: Record<DueState, number>
    page: number
    pageSize: number
    pageCount: number
    filters: { state?: DueState[]; programId?: number; taskId?: number; vehicleId?: number; tag?: string[]; vehicle?: string; sort: string; dir: string }
    options: { programs: { id: number; name: string }[]; tasks: { id: number; programId: number; name: string }[] }
    error: string | null
  }
}

const PAGE_SIZES = [25, 50, 100] as const
const SORTS = [
  { value: 'state', label: msg('Most urgent first') },
  { value: 'nextDue', label: msg('Projected date') },
  { value: 'vehicle', label: msg('Bus') },
  { value: 'task', label: msg('Task') },
] as const

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/**
 * The due list (`/maintenance/{companyId}`): the counts per state, a plain GET form of filters
 * (works without JavaScript), the items (one table that becomes cards on phones), pages and the
 * CSV of the same filters. Operators read; the owner acts from each bus's page.
 */
export function DueListPage({ title, companyId, companyName, scope, readOnly, list }: DueListPageProps) {
  const { t } = useT()
  const location = useLocation()
  const f = list.filters
  const search = new URLSearchParams(location.search)
  const exportHref = `/maintenance/${companyId}/export.csv${hrefOf(applySearch(search, { page: null, pageSize: null })).replace(/^\?$/, '')}`
  const states = new Set(f.state ?? [])
  const tasks = f.programId ? list.options.tasks.filter((x) => x.programId === f.programId) : list.options.tasks
  const filtered = Boolean(f.state?.length || f.programId || f.taskId || f.vehicleId || f.tag?.length || f.vehicle)
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        className="mb-0"
        title={title}
        description={
          scope === 'owner'
            ? t('Every bus × service task of {company}, with the 90-day emergency exit checks and annual inspections.', { company: companyName })
            : t('The buses assigned to {company} today, read-only.', { company: companyName })
        }
        actions={
          <>
            {readOnly ? null : (
              <Link to={`/maintenance/${companyId}/programs`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <ListChecksIcon aria-hidden />
                {t('Edit service programs')}
              </Link>
            )}
            <a href={exportHref} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
              <DownloadIcon aria-hidden />
              {t('Export CSV')}
            </a>
          </>
        }
      />

      <nav aria-label={t('Items per state')} className="flex flex-wrap gap-2" data-testid="due-counts">
        {DUE_STATES.map((s) => {
          const only = states.size === 1 && states.has(s.value)
          return (
            <Link
              key={s.value}
              to={hrefOf(applySearch(search, { state: only ? null : [s.value], page: null }))}
              aria-current={only ? 'true' : undefined}
              data-state={s.value}
              className={cn(buttonVariants({ variant: only ? 'default' : 'outline', size: 'sm' }), 'tabular-nums')}
            >
              {t(s.label)} <span className="font-semibold">{list.counts[s.value]}</span>
            </Link>
          )
        })}
      </nav>

      <Form method="get" className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('Filter the due list')}>
        <fieldset className="flex flex-col gap-1 sm:col-span-2 lg:col-span-4">
          <legend className="mb-1 text-sm font-medium">{t('State')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {DUE_STATES.map((s) => (
              <label key={s.value} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="state" value={s.value} defaultChecked={states.has(s.value)} className="size-4" />
                {t(s.label)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Program')}
          <select name="programId" defaultValue={f.programId ?? ''} className={selectClass}>
            <option value="">{t('All programs')}</option>
            {list.options.programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Task')}
          <select name="taskId" defaultValue={f.taskId ?? ''} className={selectClass}>
            <option value="">{t('All tasks')}</option>
            {tasks.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Bus')}
          <Input name="vehicle" defaultValue={f.vehicle ?? ''} maxLength={100} autoComplete="off" />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Tag')}
          <Input name="tag" defaultValue={f.tag?.[0] ?? ''} maxLength={60} autoComplete="off" placeholder={t('Make, model, plate…')} />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Sort by')}
          <select name="sort" defaultValue={f.sort} className={selectClass}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('Order')}
          <select name="dir" defaultValue={f.dir} className={selectClass}>
            <option value="asc">{t('Ascending')}</option>
            <option value="desc">{t('Descending')}</option>
          </select>
        </label>
        <input type="hidden" name="pageSize" value={list.pageSize} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-2 lg:justify-end">
          <Button type="submit" size="sm">
            {t('Apply')}
          </Button>
          {filtered ? (
            <Link to="?" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('Clear filters')}
            </Link>
          ) : null}
        </div>
      </Form>

      {list.error ? (
        <p role="alert" className="text-sm text-destructive">
          {list.error}
        </p>
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={ListChecksIcon}
          titleAs="h2"
          title={filtered ? t('No items match these filters') : t('Nothing to maintain yet')}
          description={filtered ? undefined : t('Service programs and the buses they apply to fill this list.')}
        />
      ) : (
        <DueItemsTable items={list.items} companyId={companyId} caption={title} />
      )}

      <ServerPagination
        page={list.page}
        pageSize={list.pageSize}
        pageCount={list.pageCount}
        total={list.total}
        pageSizes={PAGE_SIZES}
        hrefFor={(page) => hrefOf(applySearch(search, { page }))}
        keep={[...applySearch(search, { page: null, pageSize: null }).entries()]}
        label={t('Due list pages')}
        noun={t('due items')}
        id="due-page-size"
        countTestId="due-count"
      />
    </div>
  )
}
