import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DutyScreen, type DutyActionData } from '#app/components/hours/duty-screen.tsx'
import { dutyAction, dutyLoader } from '#app/routes/_app+/hours-pages.server.ts'

/** The driver's duty status on the phone (issue 37 point 3, decision 086): a time record, not an ELD; offline-proof. */
export const loader = (args: LoaderFunctionArgs) => dutyLoader(args)
export const action = (args: ActionFunctionArgs) => dutyAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as DutyActionData
  return <DutyScreen key={data.companyId} data={data} actionData={actionData} />
}
