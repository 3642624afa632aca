import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import * as React from 'react'
import { RequestActionButton } from '#app/components/requests/request-action-button.tsx'
import { CompanyCodeToShare } from './company-code-card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { JOIN_REQUEST_INTENT, PEOPLE_TEXT, type JoinRequestIntent, type JoinRequestList, type JoinRequestView } from './shared.ts'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useLiveRevalidation } from '#app/utils/use-live-revalidation.ts'


const ANSWERS = {
  [JOIN_REQUEST_INTENT.accept]: {
    label: 'Accept',
    title: 'Accept request',
    description: PEOPLE_TEXT.confirmAccept,
    variant: 'default',
    Icon: CheckIcon,
  },
  [JOIN_REQUEST_INTENT.reject]: {
    label: 'Reject',
    title: 'Reject request',
    description: PEOPLE_TEXT.confirmReject,
    variant: 'destructive',
    Icon: XIcon,
  },
} as const

/** Accept or reject one request (enabled only while it is Pending). */
function AnswerButton({ intent, request, companyId }: { intent: JoinRequestIntent; request: JoinRequestView; companyId: number }) {
  const a = ANSWERS[intent]
  return (
    <RequestActionButton
      intent={intent}
      requestId={request.id}
      companyId={companyId}
      disabled={request.status !== 'Pending'}
      label={a.label}
      accessibleName={`${a.label} ${request.name}`}
      title={a.title}
      description={a.description}
      destructive={a.variant === 'destructive'}
      icon={a.Icon}
    />
  )
}

/**
 * The users requests table (spec section 2): accept and reject buttons
 * (enabled only when Pending), name, role asked for, date, status pill. Shared
 * by /joinRequests, /joinRequestsRS and the owner request page. The forms post
 * to the page's own action (`handleJoinRequestIntent` in join-requests.server.ts).
 */
export function JoinRequestsTable({
  list,
  label = PEOPLE_TEXT.usersRequests,
  emptyTitleAs = 'h2',
  live = true,
  companyCode,
}: {
  list: JoinRequestList
  /** Shown in the empty state: the code people type to ask to join. */
  companyCode?: string
  /** Accessible name of the table. */
  label?: string
  emptyTitleAs?: 'h2' | 'h3' | 'p'
  /** Refresh the list on focus and every 30 s (JavaScript only). */
  live?: boolean
}) {
  return (
    <>
      {live ? <LiveRevalidation list={list} /> : null}
      {list.error ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          {list.error}
        </p>
      ) : null}
      {list.requests.length === 0 ? (
        list.error ? null : (
          <EmptyState
            icon={UserPlusIcon}
            titleAs={emptyTitleAs}
            title="No requests yet"
            description="Share your company code: people who ask to join with it appear here for you to accept or reject."
            action={companyCode ? <CompanyCodeToShare code={companyCode} /> : undefined}
          />
        )
      ) : (
        <Table containerProps={{ role: 'region', 'aria-label': label }} data-testid="join-requests-table">
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">Accept</span>
              </TableHead>
              <TableHead>
                <span className="sr-only">Reject</span>
              </TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.requests.map((r) => (
              <TableRow key={r.id} data-testid={`join-request-${r.id}`} data-status={r.status}>
                <TableCell cell="actions" className="w-0">
                  <AnswerButton intent={JOIN_REQUEST_INTENT.accept} request={r} companyId={list.companyId} />
                </TableCell>
                <TableCell cell="actions" className="w-0">
                  <AnswerButton intent={JOIN_REQUEST_INTENT.reject} request={r} companyId={list.companyId} />
                </TableCell>
                <TableCell cell="key" className="font-medium">{r.name}</TableCell>
                <TableCell label="Role">{r.roleLabel}</TableCell>
                <TableCell label="Date">
                  <time dateTime={r.requestDate}>{r.requestDateLabel}</time>
                </TableCell>
                <TableCell label="Status">
                  <StatusPill kind="join" status={r.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  )
}

function LiveRevalidation({ list }: { list: JoinRequestList }) {
  const trpc = useTRPC()
  useLiveRevalidation(trpc.joinRequests.list.queryOptions({ companyId: list.companyId, role: list.manager }))
  return null
}
