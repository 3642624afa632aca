import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmployeesPage } from '#app/components/people/employees-page.tsx'
import { employeesPageAction, employeesPageLoader } from '#app/routes/_app+/employees-page.server.ts'
import { msg } from '#catalog/i18n.ts'

const DESCRIPTION = msg('Mechanics and repair shop managers of your company.')

/** The people holding the roles the company's RepairShop managers handle; paged with ?page=&pageSize=. */
export const loader = (args: LoaderFunctionArgs) => employeesPageLoader(args, 'RepairShop')
export const action = (args: ActionFunctionArgs) => employeesPageAction(args, 'RepairShop')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, employees, openId } = useLoaderData<typeof loader>()
  return <EmployeesPage title={title} description={DESCRIPTION} card={card} employees={employees} openId={openId} />
}
