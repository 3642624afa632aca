import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { DownloadIcon, SearchIcon, ShieldCheckIcon } from 'lucide-react'
import { compliancePageLoader } from '#app/routes/_app+/compliance-page.server.ts'
import { applySearch, useHrefWith } from '#app/components/fleet/use-fleet-url.ts'
import { OutOfServiceBadge } from '#app/components/repairs/out-of-service-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { COMPLIANCE_DUE_STATE_LABELS, COMPLIANCE_PAGE_SIZES, type ComplianceDueState } from '#catalog/compliance.ts'
import { COMPLIANCE_TEXT } from '#catalog/texts.ts'

/** "Compliance" (issue 23 point 6, decision 068): the owner's vehicles, their lease, 90-day check, annual inspection and defects. */
export const loader = (args: LoaderFunctionArgs) => compliancePageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

type Row = ReturnType<typeof useLoaderData<typeof loader>>['view']['items'][number]

const STATE_VARIANT: Record<ComplianceDueState, 'destructive' | 'warning' | 'success' | 'outline'> = {
  overdue: 'destructive',
  'due-soon': 'warning',
  ok: 'success',
  missing: 'outline',
}

/** The last and next date with the state in words (never colour alone). */
function Due({ due, testId }: { due: Row['emergencyExitCheck']; testId: string }) {
  const { t, locale } = useT()
  return (
    <div className="flex flex-col items-start gap-1" data-testid={testId}>
      <Badge variant={STATE_VARIANT[due.state]}>{t(COMPLIANCE_DUE_STATE_LABELS[due.state])}</Badge>
      <span className="text-xs whitespace-nowrap">{t('Last: {date}', { date: due.last ? formatDateOnly(due.last, locale) : '—' })}</span>
      <span className="text-xs whitespace-nowrap">{t('Next: {date}', { date: due.next ? formatDateOnly(due.next, locale) : '—' })}</span>
    </div>
  )
}

function Lease({ row }: { row: Row }) {
  const { t, locale } = useT()
  if (!row.lease) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge variant={row.operated ? 'destructive' : 'outline'}>{t(COMPLIANCE_TEXT.leaseNone)}</Badge>
        {row.operated ? <span className="text-xs">{t('An operator has the vehicle')}</span> : null}
      </div>
    )
  }
  const signed = row.lease.status === COMPLIANCE_TEXT.leaseSigned
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={signed ? 'success' : 'warning'}>{t(row.lease.status)}</Badge>
      <span className="text-xs break-words">{row.lease.operatorName}</span>
      <span className="text-xs whitespace-nowrap">
        {formatDateOnly(row.lease.startDate, locale)} – {row.lease.endDate ? formatDateOnly(row.lease.endDate, locale) : t('open-ended')}
      </span>
    </div>
  )
}

function Filters({ q, attention }: { q: string; attention: boolean }) {
  const { t } = useT()
  return (
    <Form method="get" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" role="search" data-testid="compliance-filters">
      <div className="grid gap-1 sm:w-72">
        <Label htmlFor="compliance-q">{t('Vehicle')}</Label>
        <Input id="compliance-q" name="q" type="search" maxLength={100} defaultValue={q} placeholder={t('Identifier, plate, make, model or VIN')} />
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input type="checkbox" name="attention" value="true" defaultChecked={attention} className="size-4" />
        {t('Needs attention only')}
      </label>
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        {t('Apply')}
      </Button>
    </Form>
  )
}

export default function CompliancePage() {
  const { title, companyName, view, error, csvHref } = useLoaderData<typeof loader>()
  const { t } = useT()
  const location = useLocation()
  const hrefWith = useHrefWith()
  const keep = [...applySearch(location.search, { page: null, pageSize: null }).entries()]
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t(
          '{company}: per vehicle, the lease in force (49 CFR 390.401–390.403), the 90-day emergency-exit check (49 CFR 396.3(b)(4)), the annual inspection (49 CFR 396.17, report kept under 396.21), open defects and out-of-service state (49 CFR 396.11). Due soon = within 14 days.',
          { company: companyName },
        )}
        actions={
          <a href={csvHref} className={buttonVariants({ variant: 'outline' })} download data-testid="compliance-csv">
            <DownloadIcon aria-hidden="true" />
            {t('Export CSV')}
          </a>
        }
      />
      <Filters q={view.filters.q ?? ''} attention={view.filters.attention} />
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          {error}
        </p>
      ) : null}
      {view.items.length === 0 && !error ? (
        <EmptyState icon={ShieldCheckIcon} title={view.filters.attention ? t(COMPLIANCE_TEXT.nothingNeedsAttention) : t(COMPLIANCE_TEXT.noVehicles)} description={t(COMPLIANCE_TEXT.noVehiclesHint)} />
      ) : (
        <>
          <Table containerProps={{ role: 'region', 'aria-label': t('Compliance by vehicle') }} density="compact" data-testid="compliance-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('Vehicle')}</TableHead>
                <TableHead>{t('Lease')}</TableHead>
                <TableHead>{t('90-day exit check')}</TableHead>
                <TableHead>{t('Annual inspection')}</TableHead>
                <TableHead>{t('Defects')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.items.map((r) => (
                <TableRow key={r.vehicleId} data-testid={`compliance-row-${r.vehicleId}`}>
                  <TableCell cell="key">
                    <a href={`/vehicles/${r.vehicleId}`} className="font-medium underline-offset-4 hover:underline">
                      {r.vehicleIdentifier}
                    </a>
                    <div className="text-xs text-muted-foreground">
                      {r.make} {r.model} · <span className="font-mono">{r.licensePlate}</span>
                    </div>
                    {r.needsAttention ? (
                      <Badge variant="warning" className="mt-1">
                        {t('Needs attention')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell label={t('Lease')}>
                    <Lease row={r} />
                  </TableCell>
                  <TableCell label={t('90-day exit check')}>
                    <Due due={r.emergencyExitCheck} testId="exit-check" />
                  </TableCell>
                  <TableCell label={t('Annual inspection')}>
                    <Due due={r.annualInspection} testId="annual" />
                  </TableCell>
                  <TableCell label={t('Defects')}>
                    <div className="flex flex-col items-start gap-1">
                      <span>{r.openDefects === 0 ? t('No open defects') : t('{count} open', { count: r.openDefects })}</span>
                      {r.outOfService ? <OutOfServiceBadge /> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ServerPagination
            {...view}
            pageSizes={COMPLIANCE_PAGE_SIZES}
            hrefFor={(page) => hrefWith({ page })}
            keep={keep}
            label={t('Compliance pages')}
            noun="vehicles"
            id="compliance-page-size"
            countTestId="compliance-count"
          />
        </>
      )}
    </div>
  )
}
