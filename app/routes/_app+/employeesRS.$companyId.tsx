import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { requirePageRole } from '#app/utils/auth.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageRole(request, params, ['RepairShop'])
  return { title: 'Employees' }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title } = useLoaderData<typeof loader>()
  return <PageHeader title={title} />
}
