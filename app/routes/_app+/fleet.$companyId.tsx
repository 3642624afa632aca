import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { fleetPageAction, fleetPageLoader } from '#app/routes/_app+/fleet.server.ts'
import { FleetPage } from '#app/components/fleet/fleet-page.tsx'

/** Vehicle Management for Owner managers: filters, sort, page, open row and dialogs are in the URL. */
export const loader = (args: LoaderFunctionArgs) => fleetPageLoader(args, 'owner')
export const action = (args: ActionFunctionArgs) => fleetPageAction(args, 'owner')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FleetPage data={useLoaderData<typeof loader>()} />
}
