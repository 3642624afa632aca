import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { joinRequestsPageAction, joinRequestsPageLoader } from '#app/routes/_app+/join-requests-page.server.ts'
import { UsersRequestsPage } from '#app/components/people/users-requests-page.tsx'
import { TrpcProviders } from '#app/utils/trpc.tsx'
import { msg } from '#catalog/i18n.ts'

const DESCRIPTION = msg('Drivers and operators asking to join your company.')

/** Driver and Operator join requests, answered by the company's Operator managers. */
export const loader = (args: LoaderFunctionArgs) => joinRequestsPageLoader(args, 'Operator')
export const action = (args: ActionFunctionArgs) => joinRequestsPageAction(args, 'Operator')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, list } = useLoaderData<typeof loader>()
  return (
    <TrpcProviders>
      <UsersRequestsPage title={title} description={DESCRIPTION} card={card} list={list} />
    </TrpcProviders>
  )
}
