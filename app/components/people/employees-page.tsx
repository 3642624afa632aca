import { PageHeader } from '#app/components/ui/page-header.tsx'
import { CompanyCodeCard } from './company-code-card.tsx'
import { EmployeesTable } from './employees-table.tsx'
import type { CompanyCodeCardData, EmployeePage } from './shared.ts'

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
  return (
    <>
      <PageHeader title={title} description={description} actions={<CompanyCodeCard card={card} />} />
      <EmployeesTable employees={employees} openId={openId} companyCode={card.code} />
    </>
  )
}
