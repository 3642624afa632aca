import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OwnerRequestPage } from '#app/components/requests/owner-request-page.tsx'
import { ownerRequestPageAction, ownerRequestPageLoader } from '#app/routes/_app+/vehicle-requests-page.server.ts'
import { TrpcProviders } from '#app/utils/trpc.tsx'

/** "Pending Vehicle Requests" and the Owner join requests, for the Owner managers (spec section 2). */
export const loader = (args: LoaderFunctionArgs) => ownerRequestPageLoader(args)
export const action = (args: ActionFunctionArgs) => ownerRequestPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, list, answered, joinRequests } = useLoaderData<typeof loader>()
  return (
    <TrpcProviders>
      <OwnerRequestPage title={title} list={list} answered={answered} joinRequests={joinRequests} />
    </TrpcProviders>
  )
}
