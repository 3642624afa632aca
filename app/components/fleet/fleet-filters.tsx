import { Form, Link } from '@remix-run/react'
import { FilterIcon, XIcon } from 'lucide-react'
import * as React from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/utils/cn.ts'
import { FUEL_TYPES, POWERTRAIN_TYPES, TRANSMISSION_TYPES } from '#catalog/vehicle.ts'
import { type FleetFilters as FleetFiltersValue, INTERIOR_FEATURE_OPTIONS, LICENSE_STATUS_OPTIONS, LIST_PARAMS, type ListParam, SAFETY_FEATURE_OPTIONS, SERVICE_OPTIONS, filtersFromSearch, hasActiveFilters } from './filters.ts'
import type { FleetList } from './view-types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { applySearch, hrefOf, useCurrentSearch, useHrefWith, useSearchNavigate } from './use-fleet-url.ts'

/** Params every filter change drops: the page starts again at 1, the open row closes. */
const RESET_ON_FILTER = ['page', 'open', 'tab', 'dialog', 'id'] as const
const resetChanges = Object.fromEntries(RESET_ON_FILTER.map((k) => [k, null]))

const TEXT_DEBOUNCE_MS = 400

/** How many filters of the panel (not tags) are set. */
function panelCountOf(filters: FleetFiltersValue): number {
  return LIST_PARAMS.filter((k) => k !== 'tag').reduce((n, k) => n + filters[k].length, 0) + (['vin', 'vehicleIdentifier', 'yearFrom', 'yearTo'] as const).filter((k) => filters[k]).length
}

interface Option {
  value: string
  label: string
}

function CheckboxGroup({ legend, name, options, selected, onToggle, translate = false }: { legend: string; name: ListParam; options: readonly Option[]; selected: string[]; onToggle: (name: ListParam, value: string, on: boolean) => void; translate?: boolean }) {
  const { t } = useT()
  if (!options.length) return null
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-44 gap-1 overflow-y-auto pr-1">
        {options.map((o) => {
          const id = `filter-${name}-${o.value}`.replace(/[^A-Za-z0-9_-]/g, '_')
          return (
            <label key={o.value} htmlFor={id} className="flex items-center gap-2 text-sm">
              <input
                // Uncontrolled, so a click shows at once; a new key when the URL changes it from elsewhere.
                key={`${o.value}-${selected.includes(o.value)}`}
                id={id}
                type="checkbox"
                name={name}
                value={o.value}
                defaultChecked={selected.includes(o.value)}
                onChange={(e) => onToggle(name, o.value, e.currentTarget.checked)}
                className="size-4 accent-primary"
              />
              <span className="truncate">{translate ? t(o.label) : o.label}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/**
 * A text filter: without JavaScript an ordinary input of the GET form; with
 * JavaScript it navigates on its own after a short pause in typing.
 */
function TextFilter({ name, label, value, type = 'text', inputMode, onCommit }: { name: string; label: string; value: string; type?: string; inputMode?: 'numeric'; onCommit: (name: string, value: string) => void }) {
  const [local, setLocal] = React.useState(value)
  const ref = React.useRef<HTMLInputElement>(null)
  const timer = React.useRef<number | undefined>(undefined)
  // The latest callback: a pause in typing must not bring back an older search.
  const commit = React.useRef(onCommit)
  commit.current = onCommit
  React.useEffect(() => {
    // The URL changed from elsewhere (chip removed, "Clear filters"): show it unless the user is typing here.
    if (document.activeElement !== ref.current) setLocal(value)
  }, [value])
  React.useEffect(() => () => window.clearTimeout(timer.current), [])
  const id = `filter-${name}`
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        ref={ref}
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        value={local}
        onChange={(e) => {
          const next = e.currentTarget.value
          setLocal(next)
          window.clearTimeout(timer.current)
          timer.current = window.setTimeout(() => commit.current(name, next.trim()), TEXT_DEBOUNCE_MS)
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          window.clearTimeout(timer.current)
          commit.current(name, local.trim())
        }}
        className="h-8"
      />
    </div>
  )
}

/**
 * The tag filter (type a tag, Enter adds a chip; chips removable) and the
 * Filters panel with every category of the spec. Everything is in the URL:
 * without JavaScript this is a GET form and chips are links; with JavaScript
 * each change navigates at once (text after a pause).
 */
export function FleetFilters({ list }: { list: FleetList }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const search = useCurrentSearch()
  const filters = filtersFromSearch(new URLSearchParams(search))
  const hrefWith = useHrefWith()
  const navigateSearch = useSearchNavigate()
  const [tagDraft, setTagDraft] = React.useState('')
  // Opened by hand or because filters are set; it stays as the user left it.
  const [panelOpen, setPanelOpen] = React.useState(panelCountOf(filters) > 0)
  const active = hasActiveFilters(filters)
  const panelCount = panelCountOf(filters)

  const toggle = (name: ListParam, value: string, on: boolean) =>
    navigateSearch((p) => {
      const values = p.getAll(name).filter((v) => v !== value)
      if (on) values.push(value)
      return { ...resetChanges, [name]: values }
    })
  const commitText = (name: string, value: string) =>
    navigateSearch((p) => ((p.get(name) ?? '') === value ? null : { ...resetChanges, [name]: value || null }))
  const addTag = () => {
    const tag = tagDraft.trim()
    if (!tag) return
    setTagDraft('')
    navigateSearch((p) => {
      const tags = p.getAll('tag')
      return tags.some((x) => x.toLowerCase() === tag.toLowerCase()) ? null : { ...resetChanges, tag: [...tags, tag] }
    })
  }

  const keep = new URLSearchParams(search)
  const clearHref = hrefOf(applySearch(keep, { ...resetChanges, ...Object.fromEntries(LIST_PARAMS.map((k) => [k, null])), vin: null, vehicleIdentifier: null, yearFrom: null, yearTo: null }))
  const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }))
  const enumOptions = (values: readonly { value: number; label: string }[]) => values.map((v) => ({ value: String(v.value), label: v.label }))

  return (
    <Form method="get" className="mb-4 grid gap-3" role="search" aria-label={t('Filter vehicles')} preventScrollReset>
      {/* What the GET form keeps when it is submitted without JavaScript. */}
      {(['sort', 'dir', 'pageSize'] as const).map((k) => (filters[k] ? <input key={k} type="hidden" name={k} value={filters[k]} /> : null))}
      {filters.tag.map((tag) => (
        <input key={`tag-${tag}`} type="hidden" name="tag" value={tag} />
      ))}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="fleet-tag" className="sr-only">
          {t('Tag filter')}
        </label>
        <Input
          id="fleet-tag"
          // Without JavaScript, Enter submits the form with this new tag; with it, Enter adds a chip.
          name={hydrated ? undefined : 'tag'}
          value={tagDraft}
          onChange={(e) => setTagDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            addTag()
          }}
          placeholder={t('Filter by tag: type and press Enter')}
          aria-describedby="fleet-tag-hint"
          className="sm:max-w-sm"
          data-testid="fleet-tag-input"
        />
        <p id="fleet-tag-hint" className="text-xs text-muted-foreground">
          {t('Each tag must match the identifier, make, model, plate, VIN or color.')}
        </p>
      </div>
      {filters.tag.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('Tags')}>
          {filters.tag.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm" data-testid="fleet-tag-chip">
                {tag}
                <Link
                  to={hrefWith({ ...resetChanges, tag: filters.tag.filter((x) => x !== tag) })}
                  preventScrollReset
                  replace
                  aria-label={t('Remove tag {tag}', { tag })}
                  className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <XIcon aria-hidden="true" className="size-3.5" />
                </Link>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="group rounded-md border" open={panelOpen} onToggle={(e) => setPanelOpen(e.currentTarget.open)}>
        <summary className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'w-full cursor-pointer justify-start list-none [&::-webkit-details-marker]:hidden')}>
          <FilterIcon aria-hidden="true" />
          {t('Filters')}
          {panelCount ? <Badge className="ml-1">{panelCount}</Badge> : null}
        </summary>
        <div className="grid gap-4 border-t p-3 sm:grid-cols-2 lg:grid-cols-4">
          <CheckboxGroup legend={t('Fuel type')} name="fuelType" options={enumOptions(FUEL_TYPES)} translate selected={filters.fuelType} onToggle={toggle} />
          <CheckboxGroup legend={t('Transmission')} name="transmissionType" options={enumOptions(TRANSMISSION_TYPES)} translate selected={filters.transmissionType} onToggle={toggle} />
          <CheckboxGroup legend={t('Powertrain')} name="powertrainType" options={enumOptions(POWERTRAIN_TYPES)} translate selected={filters.powertrainType} onToggle={toggle} />
          <CheckboxGroup legend={t('License status')} name="licenseStatus" options={LICENSE_STATUS_OPTIONS} translate selected={filters.licenseStatus} onToggle={toggle} />
          <CheckboxGroup legend={t('Service')} name="service" options={SERVICE_OPTIONS} translate selected={filters.service} onToggle={toggle} />
          <CheckboxGroup legend={t('Make')} name="make" options={asOptions(list.options.makes)} selected={filters.make} onToggle={toggle} />
          <CheckboxGroup legend={t('Model')} name="model" options={asOptions(list.options.models)} selected={filters.model} onToggle={toggle} />
          <CheckboxGroup legend={t('Color')} name="color" options={asOptions(list.options.colors)} selected={filters.color} onToggle={toggle} />
          <CheckboxGroup legend={t('Safety features')} name="safety" options={SAFETY_FEATURE_OPTIONS} translate selected={filters.safety} onToggle={toggle} />
          <CheckboxGroup legend={t('Interior features')} name="interior" options={INTERIOR_FEATURE_OPTIONS} translate selected={filters.interior} onToggle={toggle} />
          <div className="grid content-start gap-3">
            <TextFilter name="vin" label={t('VIN')} value={filters.vin} onCommit={commitText} />
            <TextFilter name="vehicleIdentifier" label={t('Vehicle identifier')} value={filters.vehicleIdentifier} onCommit={commitText} />
          </div>
          <fieldset className="grid content-start gap-3">
            <legend className="mb-1.5 text-sm font-medium">{t('Year')}</legend>
            <div className="grid grid-cols-2 gap-2">
              <TextFilter name="yearFrom" label={t('From')} type="number" inputMode="numeric" value={filters.yearFrom} onCommit={commitText} />
              <TextFilter name="yearTo" label={t('To')} type="number" inputMode="numeric" value={filters.yearTo} onCommit={commitText} />
            </div>
          </fieldset>
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t p-3">
          {hydrated ? null : (
            <Button type="submit" size="sm">
              {t('Apply filters')}
            </Button>
          )}
          {active ? (
            <Link to={clearHref} preventScrollReset replace className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('Clear filters')}
            </Link>
          ) : null}
        </div>
      </details>
    </Form>
  )
}
