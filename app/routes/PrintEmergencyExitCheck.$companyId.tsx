import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmergencyExitCheckDocument } from '#app/components/inspections/emergency-exit-print.tsx'
import { PrintPage } from '#app/components/print-page.tsx'
import { emergencyExitPrintLoader } from './emergency-exit-print.server.ts'

/** The printable 90-day emergency-exit check by `?id=` (owners and operators, decision 065), with its PDF. */
export const loader = (args: LoaderFunctionArgs) => emergencyExitPrintLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, companyId, record } = useLoaderData<typeof loader>()
  return (
    <PrintPage title={title} pdfHref={`/PrintEmergencyExitCheck/${companyId}/pdf?id=${record.check.id}`} backHref={null} missing={null}>
      <EmergencyExitCheckDocument check={record.check} fingerprint={record.fingerprint} />
    </PrintPage>
  )
}
