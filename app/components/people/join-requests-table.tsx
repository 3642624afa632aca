import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import * as React from 'react'
import { RequestActionButton } from '#app/components/requests/request-action-button.tsx'
import { CompanyCodeToShare } from './company-code-card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { JOIN_REQUEST_INTENT, type JoinRequestIntent } from './intents.ts'
import { PEOPLE_TEXT } from './texts.ts'
import type { JoinRequestList, JoinRequestView } from './view-types.ts'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useLiveRevalidation } from '#app/utils/use-live-revalidation.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'


const ANSWERS = {
  [JOIN_REQUEST_INTENT.accept]: {
    label: msg('Accept'),
    title: msg('Accept request'),
    description: PEOPLE_TEXT.confirmAccept,
    variant: 'default',
    Icon: CheckIcon,
  },
  [JOIN_REQUEST_INTENT.reject]: {
    label: msg('Reject'),
    title: msg('Reject request'),
    description: PEOPLE_TEXT.confirmReject,
    variant: 'destructive',
    Icon: XIcon,
  },
} as const

/** Accept or reject one request (enabled only while it is Pending). */
function AnswerButton({ intent, request, companyId }: { intent: JoinRequestIntent; request: JoinRequestView; companyId: number }) {
  const a = ANSWERS[intent]
  const { t } = useT()
  return (
    <RequestActionButton
      intent={intent}
      requestId={request.id}
      companyId={companyId}
      disabled={request.status !== 'Pending'}
      label={t(a.label)}
      accessibleName={intent === JOIN_REQUEST_INTENT.accept ? t('Accept {name}', { name: request.name }) : t('Reject {name}', { name: request.name })}
      title={t(a.title)}
      description={t(a.description)}
      dismissLabel={t('Cancel')}
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
  const { t } = useT()
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
            title={t('No requests yet')}
            description={t('Share your company code: people who ask to join with it appear here for you to accept or reject.')}
            action={companyCode ? <CompanyCodeToShare code={companyCode} /> : undefined}
          />
        )
      ) : (
        <Table containerProps={{ role: 'region', 'aria-label': t(label) }} data-testid="join-requests-table">
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">{t('Accept')}</span>
              </TableHead>
              <TableHead>
                <span className="sr-only">{t('Reject')}</span>
              </TableHead>
              <TableHead>{t('Name')}</TableHead>
              <TableHead>{t('Role')}</TableHead>
              <TableHead>{t('Date')}</TableHead>
              <TableHead>{t('Status')}</TableHead>
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
                <TableCell label={t('Role')}>{t(r.roleLabel)}</TableCell>
                <TableCell label={t('Date')}>
                  <time dateTime={r.requestDate}>{r.requestDateLabel}</time>
                </TableCell>
                <TableCell label={t('Status')}>
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
