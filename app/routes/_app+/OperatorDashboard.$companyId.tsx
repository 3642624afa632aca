import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { requirePageRole } from '#app/utils/auth.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await requirePageRole(request, params, ['Operator'])
  const company = actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  return { title: `${company} - Operator dashboard` }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title } = useLoaderData<typeof loader>()
  return <PageHeader title={title} />
}
