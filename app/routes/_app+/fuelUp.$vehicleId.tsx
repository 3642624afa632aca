import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FuelUpForm, type FuelUpActionData } from '#app/components/costs/fuel-up-form.tsx'
import { fuelUpAction, fuelUpLoader } from '#app/routes/_app+/fuel-up-page.server.ts'

/** The driver's fill-up or charge of one bus, phone first, offline-proof (issue 36, decision 085). */
export const loader = (args: LoaderFunctionArgs) => fuelUpLoader(args)
export const action = (args: ActionFunctionArgs) => fuelUpAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Fuel'} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as FuelUpActionData
  return <FuelUpForm key={data.context.vehicleId} data={data} actionData={actionData} />
}
