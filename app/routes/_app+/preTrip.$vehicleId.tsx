import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PreTripForm } from '#app/components/pre-trip/pre-trip-form.tsx'
import type { PreTripActionData } from '#app/components/pre-trip/types.ts'
import { preTripAction, preTripLoader } from '#app/routes/_app+/pre-trip-page.server.ts'

/** The driver's pre-trip of one bus, phone first, offline-proof (decision 030). */
export const loader = (args: LoaderFunctionArgs) => preTripLoader(args)
export const action = (args: ActionFunctionArgs) => preTripAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pre-trip'} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PreTripActionData | undefined
  // One form per rendered key: a new page (or a no-JS answer) starts from what it says.
  return <PreTripForm key={`${data.vehicle.id}`} data={data} actionData={actionData} />
}
