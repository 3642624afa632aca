import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { FuelLogPage, type FuelLogActionData } from '#app/components/costs/fuel-log-page.tsx'
import { fuelLogAction, fuelLogLoader } from '#app/routes/_app+/fuel-log-page.server.ts'

/** The fuel and energy log of a company (issue 36, decision 085): owner, operator and driver each see their records. */
export const loader = (args: LoaderFunctionArgs) => fuelLogLoader(args)
export const action = (args: ActionFunctionArgs) => fuelLogAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as FuelLogActionData
  const location = useLocation()
  return <FuelLogPage data={data} actionData={actionData} search={location.search} />
}
