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
  return (
    <div className="flex flex-col items-start gap-1" data-testid={testId}>
      <Badge variant={STATE_VARIANT[due.state]}>{COMPLIANCE_DUE_STATE_LABELS[due.state]}</Badge>
      <span className="text-xs whitespace-nowrap">Last: {due.last ? formatDateOnly(due.last) : '—'}</span>
      <span className="text-xs whitespace-nowrap">Next: {due.next ? formatDateOnly(due.next) : '—'}</span>
    </div>
  )
}

function Lease({ row }: { row: Row }) {
  if (!row.lease) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge variant={row.operated ? 'destructive' : 'outline'}>{COMPLIANCE_TEXT.leaseNone}</Badge>
        {row.operated ? <span className="text-xs">An operator has the vehicle</span> : null}
      </div>
    )
  }
  const signed = row.lease.status === COMPLIANCE_TEXT.leaseSigned
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={signed ? 'success' : 'warning'}>{row.lease.status}</Badge>
      <span className="text-xs break-words">{row.lease.operatorName}</span>
      <span className="text-xs whitespace-nowrap">
        {formatDateOnly(row.lease.startDate)} – {row.lease.endDate ? formatDateOnly(row.lease.endDate) : 'open-ended'}
      </span>
    </div>
  )
}

function Filters({ q, attention }: { q: string; attention: boolean }) {
  return (
    <Form method="get" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" role="search" data-testid="compliance-filters">
      <div className="grid gap-1 sm:w-72">
        <Label htmlFor="compliance-q">Vehicle</Label>
        <Input id="compliance-q" name="q" type="search" maxLength={100} defaultValue={q} placeholder="Identifier, plate, make, model or VIN" />
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input type="checkbox" name="attention" value="true" defaultChecked={attention} className="size-4" />
        Needs attention only
      </label>
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Apply
      </Button>
    </Form>
  )
}

export default function CompliancePage() {
  const { title, companyName, view, error, csvHref } = useLoaderData<typeof loader>()
  const location = useLocation()
  const hrefWith = useHrefWith()
  const keep = [...applySearch(location.search, { page: null, pageSize: null }).entries()]
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={`${companyName}: per vehicle, the lease in force (49 CFR 390.401–390.403), the 90-day emergency-exit check (49 CFR 396.3(b)(4)), the annual inspection (49 CFR 396.17, report kept under 396.21), open defects and out-of-service state (49 CFR 396.11). Due soon = within 14 days.`}
        actions={
          <a href={csvHref} className={buttonVariants({ variant: 'outline' })} download data-testid="compliance-csv">
            <DownloadIcon aria-hidden="true" />
            Export CSV
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
        <EmptyState icon={ShieldCheckIcon} title={view.filters.attention ? COMPLIANCE_TEXT.nothingNeedsAttention : COMPLIANCE_TEXT.noVehicles} description={COMPLIANCE_TEXT.noVehiclesHint} />
      ) : (
        <>
          <Table containerProps={{ role: 'region', 'aria-label': 'Compliance by vehicle' }} density="compact" data-testid="compliance-table">
            <TableHeader>
              <TableRow>
                <TableHead>Vehicle</TableHead>
                <TableHead>Lease</TableHead>
                <TableHead>90-day exit check</TableHead>
                <TableHead>Annual inspection</TableHead>
                <TableHead>Defects</TableHead>
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
                        Needs attention
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell label="Lease">
                    <Lease row={r} />
                  </TableCell>
                  <TableCell label="90-day exit check">
                    <Due due={r.emergencyExitCheck} testId="exit-check" />
                  </TableCell>
                  <TableCell label="Annual inspection">
                    <Due due={r.annualInspection} testId="annual" />
                  </TableCell>
                  <TableCell label="Defects">
                    <div className="flex flex-col items-start gap-1">
                      <span>{r.openDefects === 0 ? 'No open defects' : `${r.openDefects} open`}</span>
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
            label="Compliance pages"
            noun="vehicles"
            id="compliance-page-size"
            countTestId="compliance-count"
          />
        </>
      )}
    </div>
  )
}
