import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { fleetPageAction, fleetPageLoader } from '#app/routes/_app+/fleet.server.ts'
import { FleetPage } from '#app/components/fleet/fleet-page.tsx'

/** Vehicle Management for Operator managers: the vehicles of their active assignments, read-only (spec section 6). */
export const loader = (args: LoaderFunctionArgs) => fleetPageLoader(args, 'operator')
/** Refuses every change (no add, edit, delete, upload or document delete for operators). */
export const action = (args: ActionFunctionArgs) => fleetPageAction(args, 'operator')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FleetPage data={useLoaderData<typeof loader>()} />
}
