import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DueListPage } from '#app/components/maintenance/due-list-page.tsx'
import { maintenancePageLoader } from './maintenance-page.server.ts'

/**
 * The due list (issue 35, decision 084): every bus × service task of the owner company, or the
 * buses assigned to an operator company (read-only), with filters, sort and pages in the URL.
 */
export const loader = (args: LoaderFunctionArgs) => maintenancePageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  return <DueListPage title={data.title} companyId={data.companyId} companyName={data.companyName} scope={data.scope} readOnly={data.readOnly} list={data.list} />
}
