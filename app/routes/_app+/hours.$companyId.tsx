import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HoursDriversPage } from '#app/components/hours/hours-drivers.tsx'
import { hoursListLoader } from '#app/routes/_app+/hours-pages.server.ts'

/** Every current driver's hours now, for the operator's managers (issue 37 point 3, decision 086). */
export const loader = (args: LoaderFunctionArgs) => hoursListLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  return <HoursDriversPage data={data} />
}
