import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { OperatorRequestPage } from '#app/components/requests/operator-request-page.tsx'
import { operatorRequestPageAction, operatorRequestPageLoader } from '#app/routes/_app+/vehicle-requests-page.server.ts'
import { VEHICLE_REQUEST_INTENT } from '#app/components/requests/intents.ts'
import { TrpcProviders } from '#app/utils/trpc.tsx'

/** "Request vehicle": the Operator managers' vehicle requests (spec section 2). */
export const loader = (args: LoaderFunctionArgs) => operatorRequestPageLoader(args)
export const action = (args: ActionFunctionArgs) => operatorRequestPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, today, createInline, list } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const result = answer?.intent === VEHICLE_REQUEST_INTENT.create ? answer : null
  return (
    <TrpcProviders>
      <OperatorRequestPage title={title} today={today} createInline={createInline} list={list} result={result} />
    </TrpcProviders>
  )
}
