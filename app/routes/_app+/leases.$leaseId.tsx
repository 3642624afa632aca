import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeasePage } from '#app/components/leases/lease-page.tsx'
import { leasePageAction, leasePageLoader } from '#app/routes/_app+/lease-page.server.ts'

/** The lease agreement of an assignment (decision 064): both companies' managers sign; the operator's drivers read it. */
export const loader = (args: LoaderFunctionArgs) => leasePageLoader(args)
export const action = (args: ActionFunctionArgs) => leasePageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <LeasePage {...useLoaderData<typeof loader>()} />
}
