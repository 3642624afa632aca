import { OwnerJoinRequests } from '#app/components/people/owner-join-requests.tsx'
import type { JoinRequestList } from '#app/components/people/view-types.ts'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { AnsweredRequestsTable, PendingRequestsTable } from './request-tables.tsx'
import type { VehicleRequestList } from './view-types.ts'

/**
 * The body of /ownerRequestPage/{companyId}: the Pending vehicle requests
 * with Accept and Reject, then the Owner join requests (PRODUCT.md section 2).
 * Both post to the route's action (`ownerRequestPageAction`).
 */
export function OwnerRequestPage({
  title,
  list,
  answered,
  joinRequests,
}: {
  title: string
  list: VehicleRequestList
  /** Approved, Rejected and Cancelled requests (decision 059). */
  answered: VehicleRequestList
  joinRequests: JoinRequestList
}) {
  const { t } = useT()
  return (
    <>
      <PageHeader title={title} description={t('Operators asking to operate your vehicles. Accepting assigns the vehicle to the operator for the dates asked.')} />
      <PendingRequestsTable list={list} />
      <OwnerJoinRequests list={joinRequests} />
      <AnsweredRequestsTable list={answered} />
    </>
  )
}
