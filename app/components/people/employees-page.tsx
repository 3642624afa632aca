import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { CompanyCodeCard } from './company-code-card.tsx'
import { EmployeesTable } from './employees-table.tsx'
import type { CompanyCodeCardData, EmployeePage } from './view-types.ts'

/** The body of /employees/{companyId} and /employeesRS/{companyId}. */
export function EmployeesPage({
  title,
  description,
  card,
  employees,
  openId,
}: {
  title: string
  description: string
  card: CompanyCodeCardData
  employees: EmployeePage
  openId: number | null
}) {
  const { t } = useT()
  return (
    <>
      <PageHeader title={title} description={t(description)} actions={<CompanyCodeCard card={card} />} />
      <EmployeesTable employees={employees} openId={openId} companyCode={card.code} />
    </>
  )
}
