import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { CompanyCodeCard } from './company-code-card.tsx'
import { JoinRequestsTable } from './join-requests-table.tsx'
import type { CompanyCodeCardData, JoinRequestList } from './view-types.ts'

/** The body of /joinRequests/{companyId} and /joinRequestsRS/{companyId}. */
export function UsersRequestsPage({
  title,
  description,
  card,
  list,
}: {
  title: string
  description: string
  card: CompanyCodeCardData
  list: JoinRequestList
}) {
  const { t } = useT()
  return (
    <>
      <PageHeader title={title} description={t(description)} actions={<CompanyCodeCard card={card} />} />
      <JoinRequestsTable list={list} companyCode={card.code} />
    </>
  )
}
