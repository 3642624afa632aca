import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { InspectionDocument, type FormVehicleView, type InspectionFormView } from '#app/components/inspections/form-print.tsx'
import { PrintPage } from '#app/components/print-page.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { loadInspectionPrint, printPageLoader } from './print-page.server.ts'

/** Printable inspection, without the standard layout (owners and operators): by `?id=`, or from navigation state. */
export const loader = (args: LoaderFunctionArgs) => printPageLoader(args, msg('Inspection'), loadInspectionPrint)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

/** What the spec's clients put in the navigation state (`<Link state={{inspection, vehicle}}>`). */
interface PrintState {
  inspection?: InspectionFormView
  vehicle?: FormVehicleView
  backHref?: string
}

export default function Page() {
  const { t } = useT()
  const { title, companyId, record } = useLoaderData<typeof loader>()
  const state = (useLocation().state ?? {}) as PrintState
  const form = record?.form ?? state.inspection
  const vehicle = record?.vehicle ?? state.vehicle
  const missing = !form ? t('Inspection data has not been loaded.') : !vehicle ? t('Vehicle data has not been loaded.') : null
  return (
    <PrintPage title={title} pdfHref={form ? `/PrintInspection/${companyId}/pdf?id=${form.id}` : null} backHref={state.backHref ?? null} missing={missing}>
      {form && vehicle ? (
        <InspectionDocument
          form={form}
          vehicle={vehicle}
          vehicleQr={record?.vehicleQr ?? `/vehicles/${vehicle.id}/qr.svg`}
          photos={record?.photos ?? []}
          fingerprint={record?.fingerprint}
          recordContext={record?.recordContext}
        />
      ) : null}
    </PrintPage>
  )
}
