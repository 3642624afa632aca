import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePageRole } from '#app/utils/auth.server.ts'

/** Printable page, without the standard layout (owners and operators). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageRole(request, params, ['Owner', 'Operator'])
  return { title: 'Inspection' }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function PrintPage() {
  const { title } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-3xl p-8 print:p-0">
      <h1 className="text-2xl font-semibold">{title}</h1>
    </main>
  )
}
