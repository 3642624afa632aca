import { Form, Link } from '@remix-run/react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { formatInstant } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { FUEL_FLAGS, fuelUnitLabel, type FuelFlag, type FuelUnit } from '#catalog/costs.ts'
import { formatMoney, milliToDecimal } from '#catalog/money.ts'
import { FuelFields, type FuelFieldValues } from './fuel-fields.tsx'

interface Entry {
  id: number
  vehicleId: number
  vehicleIdentifier: string
  companyName: string
  source: string
  fueledAt: string
  odometer: number
  quantityMilli: number
  unit: FuelUnit
  totalCents: number
  currency: string
  station: string | null
  full: boolean
  socBeforePct: number | null
  socAfterPct: number | null
  efficiencyMilli: number | null
  flags: FuelFlag[]
  recordedByName: string | null
}

export interface FuelLogData {
  title: string
  companyId: number
  companyName: string
  filters: { vehicleId: number | null; month: string | null }
  list: { canRecord: boolean; page: number; pageSize: number; total: number; entries: Entry[] } | null
  error: string | null
  buses: { id: number; vehicleIdentifier: string }[]
  idempotencyKey: string
  nowWall: string
}

export type FuelLogActionData = { ok: false; values: FuelFieldValues & { vehicleId?: string }; idempotencyKey: string; formError: string | null; fieldErrors: Record<string, string> } | undefined

const PAGE_SIZES = [10, 25, 50, 100] as const

/** Miles per gallon or per kWh, from thousandths. */
function efficiencyText(e: Entry, t: (id: string, v?: Record<string, unknown>) => string): string {
  if (e.efficiencyMilli === null) return '—'
  const value = (e.efficiencyMilli / 1000).toFixed(2)
  return e.unit === 'kWh' ? t('{value} mi/kWh', { value }) : t('{value} mpg', { value })
}

/**
 * /fuel/{companyId}: the fuel and energy log (issue 36 point 2, decision 085): filters by bus and
 * month (a GET form), pages from the server, each record's efficiency and flags; managers record a
 * fill-up by hand and open the fuel card import.
 */
export function FuelLogPage({ data, actionData, search }: { data: FuelLogData; actionData: FuelLogActionData; search: string }) {
  const { t, locale } = useT()
  const list = data.list
  const pageCount = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(page))
    return `?${params.toString()}`
  }
  const keep: [string, string][] = []
  if (data.filters.vehicleId) keep.push(['vehicleId', String(data.filters.vehicleId)])
  if (data.filters.month) keep.push(['month', data.filters.month])
  const flagLabel = (f: FuelFlag) => t(FUEL_FLAGS.find((x) => x.value === f)?.label ?? f)

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={data.title}
        description={data.companyName}
        actions={
          list?.canRecord ? (
            <Link to={`/fuel/${data.companyId}/import`} className={buttonVariants({ variant: 'outline' })} data-testid="fuel-import-link">
              {t('Import a fuel card file')}
            </Link>
          ) : null
        }
      />
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" data-testid="fuel-filters">
        <Field id="fuel-filter-bus" name="vehicleId" label={t('Bus')} className="sm:w-56">
          {(p) => (
            <NativeSelect {...p} defaultValue={data.filters.vehicleId ?? ''}>
              <option value="">{t('All buses')}</option>
              {data.buses.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.vehicleIdentifier}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="fuel-filter-month" name="month" label={t('Month')} className="sm:w-48">
          {(p) => <Input {...p} type="month" defaultValue={data.filters.month ?? ''} />}
        </Field>
        <Button type="submit" variant="outline" className="min-h-9">
          {t('Apply')}
        </Button>
      </Form>

      {data.error ? <FormError message={data.error} /> : null}
      {list ? (
        <section aria-labelledby="fuel-records-title">
          <h2 id="fuel-records-title" className="sr-only">
            {t('Records')}
          </h2>
          <Table data-testid="fuel-log-table" containerProps={{ 'aria-label': t('Fuel and energy records') }}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('Bus')}</TableHead>
                <TableHead>{t('Date and time')}</TableHead>
                <TableHead>{t('Odometer')}</TableHead>
                <TableHead>{t('Quantity')}</TableHead>
                <TableHead>{t('Total paid')}</TableHead>
                <TableHead>{t('Efficiency')}</TableHead>
                <TableHead>{t('Flags')}</TableHead>
                <TableHead>{t('Paid by')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.entries.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} cell="full">
                    {t('No fuel or energy records')}
                  </TableCell>
                </TableRow>
              ) : (
                list.entries.map((e) => (
                  <TableRow key={e.id} data-testid="fuel-log-row">
                    <TableCell cell="key">{e.vehicleIdentifier}</TableCell>
                    <TableCell label={t('Date and time')}>{formatInstant(e.fueledAt, undefined, locale)}</TableCell>
                    <TableCell label={t('Odometer')}>{e.odometer.toLocaleString(locale === 'es' ? 'es-US' : 'en-US')}</TableCell>
                    <TableCell label={t('Quantity')}>
                      {milliToDecimal(e.quantityMilli)} {t(fuelUnitLabel(e.unit))}
                      {e.full ? '' : ` · ${t('Partial')}`}
                      {e.socBeforePct !== null && e.socAfterPct !== null ? ` · ${e.socBeforePct}% → ${e.socAfterPct}%` : ''}
                    </TableCell>
                    <TableCell label={t('Total paid')}>{formatMoney(e.totalCents, e.currency, locale)}</TableCell>
                    <TableCell label={t('Efficiency')}>{efficiencyText(e, t)}</TableCell>
                    <TableCell label={t('Flags')}>{e.flags.length ? e.flags.map(flagLabel).join('; ') : '—'}</TableCell>
                    <TableCell label={t('Paid by')}>{e.companyName}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <ServerPagination
            id="fuel-page-size"
            page={list.page}
            pageSize={list.pageSize}
            pageCount={pageCount}
            total={list.total}
            pageSizes={PAGE_SIZES}
            hrefFor={hrefFor}
            keep={keep}
            label={t('Fuel log pages')}
            noun={t('records')}
          />
        </section>
      ) : null}

      {list?.canRecord ? (
        <section aria-labelledby="fuel-record-title" className="grid gap-4 rounded-lg border p-4">
          <h2 id="fuel-record-title" className="text-lg font-semibold">
            {t('Record a fill-up')}
          </h2>
          <Form method="post" className="grid gap-4" data-testid="fuel-record-form">
            <FormError message={actionData?.formError} />
            <input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? data.idempotencyKey} />
            <Field id="fuel-record-bus" name="vehicleId" label={t('Bus')} errors={actionData?.fieldErrors}>
              {(p) => (
                <NativeSelect {...p} required defaultValue={actionData?.values.vehicleId ?? data.filters.vehicleId ?? ''}>
                  <option value="">{t('Choose a bus')}</option>
                  {data.buses.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.vehicleIdentifier}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <FuelFields idPrefix="fuel-record" values={actionData?.values} errors={actionData?.fieldErrors} electric={null} unit={null} nowWall={data.nowWall} />
            <div>
              <Button type="submit" className="min-h-11">
                {t('Record the fill-up')}
              </Button>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  )
}
