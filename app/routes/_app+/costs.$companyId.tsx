import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CostPerMilePage } from '#app/components/costs/cost-per-mile-page.tsx'
import { costsPageLoader } from './costs-page.server.ts'

/**
 * Cost per mile (issue 36, decision 085): one month across the company's fleet (the owner: every
 * cost of its buses; an operator: the costs charged to it), with its totals per payer and a CSV.
 */
export const loader = (args: LoaderFunctionArgs) => costsPageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  return <CostPerMilePage title={data.title} companyId={data.companyId} companyName={data.companyName} report={data.report} error={data.error} />
}
