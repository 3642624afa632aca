import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MyBuses } from '#app/components/pre-trip/my-buses.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { dashboardLoader } from '#app/routes/_app+/dashboard.server.ts'

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, userId, isDriver, buses } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={title} />
      {isDriver ? <MyBuses userId={userId} buses={buses} /> : null}
    </>
  )
}
