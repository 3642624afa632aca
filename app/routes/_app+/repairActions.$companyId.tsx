import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { RepairActionsPage } from '#app/components/repairs/repair-actions-page.tsx'
import { repairActionsPageAction, repairActionsPageLoader } from '#app/routes/_app+/repair-actions-page.server.ts'

/** "Vehicle repairs" (spec section 2): the repair shop's managers and its mechanics (decision 028). */
export const loader = (args: LoaderFunctionArgs) => repairActionsPageLoader(args)
export const action = (args: ActionFunctionArgs) => repairActionsPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, list, openId } = useLoaderData<typeof loader>()
  const location = useLocation()
  return <RepairActionsPage title={title} list={list} openId={openId} search={location.search} />
}
