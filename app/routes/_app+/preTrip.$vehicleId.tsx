import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { PreTripForm } from '#app/components/pre-trip/pre-trip-form.tsx'
import type { PreTripActionData } from '#app/components/pre-trip/types.ts'
import { preTripAction, preTripLoader } from '#app/routes/_app+/pre-trip-page.server.ts'

/** The driver's pre-trip of one bus, phone first, offline-proof (decision 030). */
export const loader = (args: LoaderFunctionArgs) => preTripLoader(args)
export const action = (args: ActionFunctionArgs) => preTripAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pre-trip'} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PreTripActionData | undefined
  // The operator refuses pre-trips while the driver's license or medical certificate has expired (issue 37): said before any form.
  if (data.refusal) return <PreTripRefused title={data.title} message={data.refusal.message} back={data.refusal.back} />
  // One form per rendered key: a new page (or a no-JS answer) starts from what it says.
  return <PreTripForm key={`${data.vehicle.id}`} data={data} actionData={actionData} />
}

function PreTripRefused({ title, message, back }: { title: string; message: string; back: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-1">
      <h1 className="text-xl font-semibold break-words">{title}</h1>
      <p role="alert" data-testid="pre-trip-refused" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive">
        {message}
      </p>
      <Link to="/dashboard" className="text-sm font-medium underline">
        {back}
      </Link>
    </div>
  )
}
