import { JoinRequestsTable } from './join-requests-table.tsx'
import { PEOPLE_TEXT } from './texts.ts'
import type { JoinRequestList } from './view-types.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'

/**
 * The Owner join requests, shown on /ownerRequestPage/{companyId} below the
 * vehicle requests (PRODUCT.md section 2). Data from `loadOwnerJoinRequests`
 * and answers through `handleJoinRequestIntent(args, form, 'Owner')`, both in
 * join-requests.server.ts.
 */
export function OwnerJoinRequests({ list }: { list: JoinRequestList }) {
  const { t } = useT()
  return (
    <section aria-labelledby="owner-join-requests-title" className="mt-10 grid gap-3" data-testid="owner-join-requests">
      <div className="space-y-1">
        <h2 id="owner-join-requests-title" className="text-lg font-semibold tracking-tight">
          {t(PEOPLE_TEXT.usersRequests)}
        </h2>
        <p className="text-sm text-muted-foreground">{t('People asking to join this company as owners.')}</p>
      </div>
      <JoinRequestsTable list={list} label={msg('Owner users requests')} emptyTitleAs="h3" />
    </section>
  )
}
