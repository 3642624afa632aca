import type * as React from 'react'
import { BusIcon, CheckIcon, HistoryIcon, InboxIcon, XCircleIcon, XIcon } from 'lucide-react'
import { Link } from '@remix-run/react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { RequestActionButton } from './request-action-button.tsx'
import { REQUEST_PAGE_TEXT, VEHICLE_REQUEST_INTENT, type VehicleRequestList, type VehicleRequestView } from './shared.ts'

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
  return <TableCell label={column}>{value ? <time dateTime={value}>{label}</time> : <span className="text-muted-foreground">{label}</span>}</TableCell>
}

/**
 * The operator's requests (spec section 2, "Request vehicle"): vehicle
 * identifier, owner company, start, end ("Open-ended" when none), requested
 * at, status in the spec's colours, and Cancel while Pending.
 */
export function OperatorRequestsTable({ list }: { list: VehicleRequestList }) {
  if (list.requests.length === 0) {
    return (
      <EmptyList
        error={list.error}
        icon={BusIcon}
        title="No vehicle requests yet"
        description="Use Create request to ask an owner for one of their vehicles by its vehicle identifier. Your requests and the owners' answers appear here."
      />
    )
  }
  return (
    <>
      <ListError message={list.error} />
      <Table containerProps={{ role: 'region', 'aria-label': 'Vehicle requests' }} data-testid="operator-requests-table">
        <TableHeader>
          <TableRow>
            <TableHead>Vehicle identifier</TableHead>
            <TableHead>Owner company</TableHead>
            <TableHead>Start date</TableHead>
            <TableHead>End date</TableHead>
            <TableHead>Requested at</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.requests.map((r) => (
            <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
              <TableCell cell="key" className="font-medium">{r.vehicleIdentifier}</TableCell>
              <TableCell label="Owner company">{r.ownerCompanyName}</TableCell>
              <DateCell value={r.startDate} label={r.startDateLabel} column="Start date" />
              <DateCell value={r.endDate} label={r.endDateLabel} column="End date" />
              <DateCell value={r.requestedAt} label={r.requestedAtLabel} column="Requested at" />
              <TableCell label="Status">
                <StatusPill kind="vehicle" status={r.status} />
              </TableCell>
              <TableCell cell="actions" className="w-0 text-right">
                {r.status === 'Pending' ? <CancelButton request={r} /> : null}
                {r.lease ? (
                  <Link to={`/leases/${r.lease.id}`} className="whitespace-nowrap text-sm font-medium underline underline-offset-4" data-testid="request-lease-link">
                    Lease: {r.lease.label}
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
  return (
    <RequestActionButton
      intent={VEHICLE_REQUEST_INTENT.cancel}
      requestId={request.id}
      label="Cancel"
      accessibleName={`Cancel request for ${request.vehicleIdentifier}`}
      title="Cancel request"
      description={REQUEST_PAGE_TEXT.confirmCancel}
      confirmLabel="Cancel request"
      dismissLabel="Keep request"
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
  if (list.requests.length === 0) {
    return (
      <EmptyList
        error={list.error}
        icon={InboxIcon}
        title="No pending vehicle requests"
        description="Operators ask to operate your vehicles by their vehicle identifier. Their requests appear here for you to accept or reject."
      />
    )
  }
  return (
    <>
      <ListError message={list.error} />
      <Table containerProps={{ role: 'region', 'aria-label': REQUEST_PAGE_TEXT.ownerTitle }} data-testid="pending-requests-table">
        <TableHeader>
          <TableRow>
            <TableHead>Vehicle identifier</TableHead>
            <TableHead>Operator company</TableHead>
            <TableHead>Start date</TableHead>
            <TableHead>End date</TableHead>
            <TableHead>Requested at</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.requests.map((r) => (
            <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
              <TableCell cell="key" className="font-medium">{r.vehicleIdentifier}</TableCell>
              <TableCell label="Operator company">{r.operatorCompanyName}</TableCell>
              <DateCell value={r.startDate} label={r.startDateLabel} column="Start date" />
              <DateCell value={r.endDate} label={r.endDateLabel} column="End date" />
              <DateCell value={r.requestedAt} label={r.requestedAtLabel} column="Requested at" />
              <TableCell cell="actions" className="w-0">
                <div className="flex justify-end gap-2">
                  <RequestActionButton
                    intent={VEHICLE_REQUEST_INTENT.approve}
                    requestId={r.id}
                    label="Accept"
                    accessibleName={`Accept request for ${r.vehicleIdentifier} from ${r.operatorCompanyName}`}
                    title="Accept request"
                    description={REQUEST_PAGE_TEXT.confirmAccept}
                    icon={CheckIcon}
                  />
                  <RequestActionButton
                    intent={VEHICLE_REQUEST_INTENT.reject}
                    requestId={r.id}
                    label="Reject"
                    accessibleName={`Reject request for ${r.vehicleIdentifier} from ${r.operatorCompanyName}`}
                    title="Reject request"
                    description={REQUEST_PAGE_TEXT.confirmReject}
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
  return (
    <section aria-labelledby="answered-requests-title" className="mt-8">
      <h2 id="answered-requests-title" className="mb-3 text-lg font-semibold">
        {REQUEST_PAGE_TEXT.answeredTitle}
      </h2>
      {list.requests.length === 0 ? (
        <EmptyList error={list.error} icon={HistoryIcon} title="No answered requests yet" description="Requests you accept or reject, and those the operators cancel, are kept here." />
      ) : (
        <>
          <ListError message={list.error} />
          <Table containerProps={{ role: 'region', 'aria-label': REQUEST_PAGE_TEXT.answeredTitle }} data-testid="answered-requests-table">
            <TableHeader>
              <TableRow>
                <TableHead>Vehicle identifier</TableHead>
                <TableHead>Operator company</TableHead>
                <TableHead>Start date</TableHead>
                <TableHead>End date</TableHead>
                <TableHead>Requested at</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.requests.map((r) => (
                <TableRow key={r.id} data-testid={`vehicle-request-${r.id}`} data-status={r.status}>
                  <TableCell cell="key" className="font-medium">
                    {r.vehicleIdentifier}
                  </TableCell>
                  <TableCell label="Operator company">{r.operatorCompanyName}</TableCell>
                  <DateCell value={r.startDate} label={r.startDateLabel} column="Start date" />
                  <DateCell value={r.endDate} label={r.endDateLabel} column="End date" />
                  <DateCell value={r.requestedAt} label={r.requestedAtLabel} column="Requested at" />
                  <TableCell label="Status">
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
