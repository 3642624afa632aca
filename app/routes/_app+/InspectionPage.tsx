import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { requirePageRoleAnywhere } from '#app/utils/auth.server.ts'
import { INSPECTION_ROLES } from '#app/utils/menu.ts'

/** Spec: Operator and Repair shop; PRODUCT.md: mechanics file inspections here too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageRoleAnywhere(request, INSPECTION_ROLES)
  return { title: 'Inspection' }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title } = useLoaderData<typeof loader>()
  return <PageHeader title={title} />
}
