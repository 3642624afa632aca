import { Form, useNavigation } from '@remix-run/react'
import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { JOIN_REQUEST_INTENT, PEOPLE_TEXT, type JoinRequestIntent, type JoinRequestList, type JoinRequestView } from './shared.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
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

/**
 * Accept or reject one request. Without JavaScript: a small form whose button
 * posts at once. With JavaScript: the same post behind a confirmation dialog.
 * Enabled only while the request is Pending.
 */
function AnswerButton({ intent, request, companyId }: { intent: JoinRequestIntent; request: JoinRequestView; companyId: number }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const a = ANSWERS[intent]
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('requestId') === String(request.id) &&
    navigation.formData?.get('intent') === intent
  const disabled = request.status !== 'Pending' || busy
  const accessibleName = `${a.label} ${request.name}`
  const trigger = (type: 'button' | 'submit') => (
    <Button
      type={type}
      size="sm"
      variant={a.variant === 'destructive' ? 'outline' : 'default'}
      disabled={disabled}
      aria-label={accessibleName}
      {...(type === 'submit' ? { name: 'intent', value: intent } : {})}
      className={a.variant === 'destructive' ? 'text-destructive hover:text-destructive' : undefined}
    >
      <a.Icon aria-hidden="true" />
      {a.label}
    </Button>
  )
  const hidden = (
    <>
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="companyId" value={companyId} />
    </>
  )
  if (disabled) return trigger('button')
  if (!hydrated) {
    return (
      <Form method="post" className="inline">
        {hidden}
        {trigger('submit')}
      </Form>
    )
  }
  return (
    <ConfirmDialog
      trigger={trigger('button')}
      title={a.title}
      description={a.description}
      confirmLabel={a.label}
      variant={a.variant}
      formAs={Form}
      formProps={{ method: 'post' }}
      confirmButtonProps={{ name: 'intent', value: intent }}
    >
      {hidden}
    </ConfirmDialog>
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
}: {
  list: JoinRequestList
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
                <TableCell className="w-0">
                  <AnswerButton intent={JOIN_REQUEST_INTENT.accept} request={r} companyId={list.companyId} />
                </TableCell>
                <TableCell className="w-0">
                  <AnswerButton intent={JOIN_REQUEST_INTENT.reject} request={r} companyId={list.companyId} />
                </TableCell>
                <TableCell className="font-medium">{r.name}</TableCell>
                <TableCell>{r.roleLabel}</TableCell>
                <TableCell>
                  <time dateTime={r.requestDate}>{r.requestDateLabel}</time>
                </TableCell>
                <TableCell>
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
