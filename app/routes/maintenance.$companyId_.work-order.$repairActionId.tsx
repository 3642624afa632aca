import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { WorkOrderDocument } from '#app/components/maintenance/work-order-document.tsx'
import { PrintPage } from '#app/components/print-page.tsx'
import { workOrderPrintLoader } from './work-order-print.server.ts'

/** The printable work checklist of a "Send to repair shop" action (issue 35): the bus's owner and the repair shop it was sent to. */
export const loader = (args: LoaderFunctionArgs) => workOrderPrintLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, companyId, order } = useLoaderData<typeof loader>()
  return (
    <PrintPage title={title} pdfHref={`/maintenance/${companyId}/work-order/${order.id}/pdf`} backHref={null}>
      <WorkOrderDocument order={order} />
    </PrintPage>
  )
}
