import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { HoursMonthPage, type MonthActionData } from '#app/components/hours/hours-month-page.tsx'
import { monthAction, monthLoader } from '#app/routes/_app+/hours-pages.server.ts'

/** One driver's month of hours (issue 37 point 3, decision 086): the short-haul record, warnings, periods; managers correct them. */
export const loader = (args: LoaderFunctionArgs) => monthLoader(args)
export const action = (args: ActionFunctionArgs) => monthAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as MonthActionData
  return <HoursMonthPage key={`${data.driverUserId}-${data.month}`} data={data} actionData={actionData} />
}
