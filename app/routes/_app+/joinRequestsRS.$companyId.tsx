import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { joinRequestsPageAction, joinRequestsPageLoader } from '#app/routes/_app+/join-requests-page.server.ts'
import { UsersRequestsPage } from '#app/components/people/users-requests-page.tsx'
import { TrpcProviders } from '#app/utils/trpc.tsx'
import { msg } from '#catalog/i18n.ts'

const DESCRIPTION = msg('Mechanics and repair shop managers asking to join your company.')

/** Mechanic and RepairShop join requests, answered by the company's RepairShop managers. */
export const loader = (args: LoaderFunctionArgs) => joinRequestsPageLoader(args, 'RepairShop')
export const action = (args: ActionFunctionArgs) => joinRequestsPageAction(args, 'RepairShop')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, list } = useLoaderData<typeof loader>()
  return (
    <TrpcProviders>
      <UsersRequestsPage title={title} description={DESCRIPTION} card={card} list={list} />
    </TrpcProviders>
  )
}
