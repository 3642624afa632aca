import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeaseDocument } from '#app/components/leases/lease-document.tsx'
import { PrintPage } from '#app/components/print-page.tsx'
import { leasePrintLoader } from './lease-print.server.ts'

/** Printable lease agreement (decision 064), without the standard layout: whoever may read the lease. */
export const loader = (args: LoaderFunctionArgs) => leasePrintLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, lease, fingerprint } = useLoaderData<typeof loader>()
  return (
    <PrintPage title={title} pdfHref={`/PrintLease/${lease.id}/pdf`} backHref={`/leases/${lease.id}`}>
      <LeaseDocument lease={lease} fingerprint={fingerprint} titleAs="h2" />
    </PrintPage>
  )
}
