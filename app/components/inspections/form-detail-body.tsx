/**
 * The body of a detail dialog (form-detail-dialog.tsx): the form loads when the dialog opens and
 * the photos after it ("Loading images"), through the widget door (tRPC, decision 015). A module
 * of its own, loaded with the first dialog, so that tRPC and TanStack Query are not in the first
 * load of the pages that show the dialogs (decision 053).
 */
import { Link, useLocation } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { PrinterIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import { TrpcProviders, useTRPC } from '#app/utils/trpc.tsx'
import { printPath, type FormDialogKind } from './form-detail-path.ts'
import { InspectionDocument, PreInspectionDocument, type PhotosState } from './form-print.tsx'

function Missing({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {text}
    </p>
  )
}

function photosState(t: Translate, q: { isPending: boolean; isError: boolean; error: unknown; data?: { photo: string; name: string }[] }): PhotosState {
  if (q.isError) return { error: q.error instanceof Error ? q.error.message : t('The images could not be loaded.') }
  if (q.isPending || !q.data) return 'loading'
  return q.data
}

/** The dialog's Print button: the print route, with the form and vehicle in the navigation state (spec). */
function PrintButton({ to, state }: { to: string; state: Record<string, unknown> }) {
  const { t } = useT()
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm">
        <Link to={to} state={state}>
          <PrinterIcon aria-hidden="true" />
          {t('Print')}
        </Link>
      </Button>
    </div>
  )
}

function PreInspectionBody({ id, companyId }: { id: number; companyId: number | string }) {
  const { t } = useT()
  const trpc = useTRPC()
  const location = useLocation()
  const detail = useQuery(trpc.inspectionForms.preInspection.queryOptions({ inspectionId: id }, { staleTime: 60_000 }))
  const photos = useQuery(trpc.inspectionForms.preInspectionPhotos.queryOptions({ inspectionId: id }, { staleTime: 60_000, enabled: detail.isSuccess }))
  if (detail.isPending) return <p className="text-sm text-muted-foreground" role="status">{t('Loading…')}</p>
  if (detail.isError || !detail.data)
    return <Missing text={detail.error?.message ? t('Pre-Inspection data has not been loaded. {reason}', { reason: detail.error.message }) : t('Pre-Inspection data has not been loaded.')} />
  const { form, vehicle, recordContext } = detail.data
  return (
    <>
      <PrintButton to={printPath('pre-inspection', companyId, id)} state={{ preInspectionForm: form, vehicle, backHref: location.pathname + location.search }} />
      {vehicle ? <PreInspectionDocument form={form} vehicle={vehicle} photos={photosState(t, photos)} recordContext={recordContext} /> : <Missing text={t('Vehicle data has not been loaded.')} />}
    </>
  )
}

function InspectionBody({ id, companyId }: { id: number; companyId: number | string }) {
  const { t } = useT()
  const trpc = useTRPC()
  const location = useLocation()
  const detail = useQuery(trpc.inspectionForms.inspection.queryOptions({ inspectionId: id }, { staleTime: 60_000 }))
  const photos = useQuery(trpc.inspectionForms.inspectionPhotos.queryOptions({ inspectionId: id }, { staleTime: 60_000, enabled: detail.isSuccess }))
  if (detail.isPending) return <p className="text-sm text-muted-foreground" role="status">{t('Loading…')}</p>
  if (detail.isError || !detail.data)
    return <Missing text={detail.error?.message ? t('Inspection data has not been loaded. {reason}', { reason: detail.error.message }) : t('Inspection data has not been loaded.')} />
  const { form, vehicle, recordContext } = detail.data
  return (
    <>
      <PrintButton to={printPath('inspection', companyId, id)} state={{ inspection: form, vehicle, backHref: location.pathname + location.search }} />
      {vehicle ? (
        <InspectionDocument form={form} vehicle={vehicle} vehicleQr={`/vehicles/${vehicle.id}/qr.svg`} photos={photosState(t, photos)} recordContext={recordContext} />
      ) : (
        <Missing text={t('Vehicle data has not been loaded.')} />
      )}
    </>
  )
}

export default function FormDetailBody({ kind, id, companyId }: { kind: FormDialogKind; id: number; companyId: number | string }) {
  return <TrpcProviders>{kind === 'pre-inspection' ? <PreInspectionBody id={id} companyId={companyId} /> : <InspectionBody id={id} companyId={companyId} />}</TrpcProviders>
}
