import type * as React from 'react'
import { BusIcon, CheckIcon, HistoryIcon, InboxIcon, XCircleIcon, XIcon } from 'lucide-react'
import { Link } from '@remix-run/react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { RequestActionButton } from './request-action-button.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { VEHICLE_REQUEST_INTENT } from './intents.ts'
import { REQUEST_PAGE_TEXT } from './texts.ts'
import type { VehicleRequestList, VehicleRequestView } from './view-types.ts'

function ListError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
      {message}
    </p>
  ) : null
}

/** No rows: the load failure, or else the empty state. */
function EmptyList({ error, ...empty }: { error: string | null } & React.ComponentProps<typeof EmptyState>) {
  return (
    <>
      <ListError message={error} />
      {error ? null : <EmptyState {...empty} />}
    </>
  )
}

function DateCell({ value, label, column }: { value: string | null; label: string; column: string }) {
  const { t } = useT()
  return <TableCell label={t(column)}>{value ? <time dateTime={value}>{label}</time> : <span className="text-muted-foreground">{label}</span>}</TableCell>
}

/**
 * The operator's requests (spec section 2, "Request vehicle"): vehicle
 * identifier, owner company, start, end ("Open-ended" when none), requested
 * at, status in the spec's colours, and Cancel while Pending.
 */
export function OperatorRequestsTable({ list }: { list: VehicleRequestList }) {
  const { t } = useT()
  if (list.requests.length === 0) {
    return (
      <EmptyList
        error={list.error}
        icon={BusIcon}
        title={t('No vehicle requests yet')}
        description={t("Use Create request to ask an owner for one of their vehicles by its vehicle identifier. Your requests and the owners' answers appear here.")}
      />
    )
  }
  return (
    <>
      <ListError message={list.error} />
      <Table containerProps={{ role: 'region', 'aria-label': t('Vehicle requests') }} data-testid="operator-requests-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('Vehicle identifier')}</TableHead>
            <TableHead>{t('Owner company')}</TableHead>
            <TableHead>{t('Start date')}</TableHead>
            <TableHead>{t('End date')}</TableHead>
            <TableHead>{t('Requested at')}</TableHead>
            <TableHead>{t('Status')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('Actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.requests.map((r) => (
            <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
              <TableCell cell="key" className="font-medium">{r.vehicleIdentifier}</TableCell>
              <TableCell label={t('Owner company')}>{r.ownerCompanyName}</TableCell>
              <DateCell value={r.startDate} label={r.startDateLabel} column={msg('Start date')} />
              <DateCell value={r.endDate} label={r.endDateLabel} column={msg('End date')} />
              <DateCell value={r.requestedAt} label={r.requestedAtLabel} column={msg('Requested at')} />
              <TableCell label={t('Status')}>
                <StatusPill kind="vehicle" status={r.status} />
              </TableCell>
              <TableCell cell="actions" className="w-0 text-right">
                {r.status === 'Pending' ? <CancelButton request={r} /> : null}
                {r.lease ? (
                  <Link to={`/leases/${r.lease.id}`} className="whitespace-nowrap text-sm font-medium underline underline-offset-4" data-testid="request-lease-link">
                    {t('Lease: {state}', { state: r.lease.label })}
                  </Link>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}

function CancelButton({ request }: { request: VehicleRequestView }) {
  const { t } = useT()
  return (
    <RequestActionButton
      intent={VEHICLE_REQUEST_INTENT.cancel}
      requestId={request.id}
      label={t('Cancel')}
      accessibleName={t('Cancel request for {vehicle}', { vehicle: request.vehicleIdentifier })}
      title={t('Cancel request')}
      description={t(REQUEST_PAGE_TEXT.confirmCancel)}
      confirmLabel={t('Cancel request')}
      dismissLabel={t('Keep request')}
      destructive
      icon={XCircleIcon}
    />
  )
}

/**
 * The owner's Pending requests (spec section 2, "Pending Vehicle Requests"):
 * vehicle identifier, operator company, start, end, requested at, with
 * Accept and Reject.
 */
export function PendingRequestsTable({ list }: { list: VehicleRequestList }) {
  const { t } = useT()
  if (list.requests.length === 0) {
    return (
      <EmptyList
        error={list.error}
        icon={InboxIcon}
        title={t('No pending vehicle requests')}
        description={t('Operators ask to operate your vehicles by their vehicle identifier. Their requests appear here for you to accept or reject.')}
      />
    )
  }
  return (
    <>
      <ListError message={list.error} />
      <Table containerProps={{ role: 'region', 'aria-label': t(REQUEST_PAGE_TEXT.ownerTitle) }} data-testid="pending-requests-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('Vehicle identifier')}</TableHead>
            <TableHead>{t('Operator company')}</TableHead>
            <TableHead>{t('Start date')}</TableHead>
            <TableHead>{t('End date')}</TableHead>
            <TableHead>{t('Requested at')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('Actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.requests.map((r) => (
            <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
              <TableCell cell="key" className="font-medium">{r.vehicleIdentifier}</TableCell>
              <TableCell label={t('Operator company')}>{r.operatorCompanyName}</TableCell>
              <DateCell value={r.startDate} label={r.startDateLabel} column={msg('Start date')} />
              <DateCell value={r.endDate} label={r.endDateLabel} column={msg('End date')} />
              <DateCell value={r.requestedAt} label={r.requestedAtLabel} column={msg('Requested at')} />
              <TableCell cell="actions" className="w-0">
                <div className="flex justify-end gap-2">
                  <RequestActionButton
                    intent={VEHICLE_REQUEST_INTENT.approve}
                    requestId={r.id}
                    label={t('Accept')}
                    accessibleName={t('Accept request for {vehicle} from {company}', { vehicle: r.vehicleIdentifier, company: r.operatorCompanyName })}
                    title={t('Accept request')}
                    description={t(REQUEST_PAGE_TEXT.confirmAccept)}
                    icon={CheckIcon}
                  />
                  <RequestActionButton
                    intent={VEHICLE_REQUEST_INTENT.reject}
                    requestId={r.id}
                    label={t('Reject')}
                    accessibleName={t('Reject request for {vehicle} from {company}', { vehicle: r.vehicleIdentifier, company: r.operatorCompanyName })}
                    title={t('Reject request')}
                    description={t(REQUEST_PAGE_TEXT.confirmReject)}
                    destructive
                    icon={XIcon}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}

/**
 * The owner's answered requests (decision 059): Approved, Rejected or Cancelled, newest first,
 * so an owner sees what was answered and not only what waits.
 */
export function AnsweredRequestsTable({ list }: { list: VehicleRequestList }) {
  const { t } = useT()
  return (
    <section aria-labelledby="answered-requests-title" className="mt-8">
      <h2 id="answered-requests-title" className="mb-3 text-lg font-semibold">
        {t(REQUEST_PAGE_TEXT.answeredTitle)}
      </h2>
      {list.requests.length === 0 ? (
        <EmptyList error={list.error} icon={HistoryIcon} title={t('No answered requests yet')} description={t('Requests you accept or reject, and those the operators cancel, are kept here.')} />
      ) : (
        <>
          <ListError message={list.error} />
          <Table containerProps={{ role: 'region', 'aria-label': t(REQUEST_PAGE_TEXT.answeredTitle) }} data-testid="answered-requests-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('Vehicle identifier')}</TableHead>
                <TableHead>{t('Operator company')}</TableHead>
                <TableHead>{t('Start date')}</TableHead>
                <TableHead>{t('End date')}</TableHead>
                <TableHead>{t('Requested at')}</TableHead>
                <TableHead>{t('Status')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.requests.map((r) => (
                <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
                  <TableCell cell="key" className="font-medium">
                    {r.vehicleIdentifier}
                  </TableCell>
                  <TableCell label={t('Operator company')}>{r.operatorCompanyName}</TableCell>
                  <DateCell value={r.startDate} label={r.startDateLabel} column={msg('Start date')} />
                  <DateCell value={r.endDate} label={r.endDateLabel} column={msg('End date')} />
                  <DateCell value={r.requestedAt} label={r.requestedAtLabel} column={msg('Requested at')} />
                  <TableCell label={t('Status')}>
                    <StatusPill kind="vehicle" status={r.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  )
}
