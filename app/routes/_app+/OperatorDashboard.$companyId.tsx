import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { loadCompanyCodeCard } from '#app/routes/_app+/company-code.server.ts'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { companyPage } from '#app/utils/page.server.ts'

/** Spec "Dashboards": the company code QR and the title; the statistics come with their own capability. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const company = ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  const card = await loadCompanyCodeCard(ctx, companyId)
  return { title: `${company} - Operator dashboard`, card }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card } = useLoaderData<typeof loader>()
  return <PageHeader title={title} actions={<CompanyCodeCard card={card} />} />
}
