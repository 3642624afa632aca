/**
 * The detail dialogs of the vehicle tabs (spec section 2): 800×800 (full screen on a phone),
 * the document of form-print.tsx, a print button leading to the print route. The form loads
 * when the dialog opens and the photos after it ("Loading images"), through the widget door
 * (tRPC, decision 015). Without JavaScript the info button is a link to the print page.
 */
import { Link, useLocation } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { InfoIcon, PrinterIcon } from 'lucide-react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { InspectionDocument, PreInspectionDocument, type PhotosState } from './form-print.tsx'

export type FormDialogKind = 'pre-inspection' | 'inspection'

export function printPath(kind: FormDialogKind, companyId: number | string, id: number) {
  return `/${kind === 'pre-inspection' ? 'PrintPreInspection' : 'PrintInspection'}/${companyId}?id=${id}`
}

const DIALOG_CLASS =
  'flex h-[100dvh] max-h-[100dvh] w-screen max-w-none flex-col gap-3 rounded-none p-3 sm:h-[min(800px,calc(100dvh-2rem))] sm:max-h-[min(800px,calc(100dvh-2rem))] sm:w-[min(800px,calc(100vw-2rem))] sm:max-w-none sm:rounded-lg sm:p-4'

function Missing({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {text}
    </p>
  )
}

function photosState(q: { isPending: boolean; isError: boolean; error: unknown; data?: { photo: string; name: string }[] }): PhotosState {
  if (q.isError) return { error: q.error instanceof Error ? q.error.message : 'The images could not be loaded.' }
  if (q.isPending || !q.data) return 'loading'
  return q.data
}

/** The dialog's Print button: the print route, with the form and vehicle in the navigation state (spec). */
function PrintButton({ to, state }: { to: string; state: Record<string, unknown> }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm">
        <Link to={to} state={state}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Link>
      </Button>
    </div>
  )
}

function PreInspectionBody({ id, companyId }: { id: number; companyId: number | string }) {
  const trpc = useTRPC()
  const location = useLocation()
  const detail = useQuery(trpc.inspectionForms.preInspection.queryOptions({ inspectionId: id }, { staleTime: 60_000 }))
  const photos = useQuery(trpc.inspectionForms.preInspectionPhotos.queryOptions({ inspectionId: id }, { staleTime: 60_000, enabled: detail.isSuccess }))
  if (detail.isPending) return <p className="text-sm text-muted-foreground" role="status">Loading…</p>
  if (detail.isError || !detail.data) return <Missing text={detail.error?.message ? `Pre-Inspection data has not been loaded. ${detail.error.message}` : 'Pre-Inspection data has not been loaded.'} />
  const { form, vehicle } = detail.data
  return (
    <>
      <PrintButton to={printPath('pre-inspection', companyId, id)} state={{ preInspectionForm: form, vehicle, backHref: location.pathname + location.search }} />
      {vehicle ? <PreInspectionDocument form={form} vehicle={vehicle} photos={photosState(photos)} /> : <Missing text="Vehicle data has not been loaded." />}
    </>
  )
}

function InspectionBody({ id, companyId }: { id: number; companyId: number | string }) {
  const trpc = useTRPC()
  const location = useLocation()
  const detail = useQuery(trpc.inspectionForms.inspection.queryOptions({ inspectionId: id }, { staleTime: 60_000 }))
  const photos = useQuery(trpc.inspectionForms.inspectionPhotos.queryOptions({ inspectionId: id }, { staleTime: 60_000, enabled: detail.isSuccess }))
  if (detail.isPending) return <p className="text-sm text-muted-foreground" role="status">Loading…</p>
  if (detail.isError || !detail.data) return <Missing text={detail.error?.message ? `Inspection data has not been loaded. ${detail.error.message}` : 'Inspection data has not been loaded.'} />
  const { form, vehicle } = detail.data
  return (
    <>
      <PrintButton to={printPath('inspection', companyId, id)} state={{ inspection: form, vehicle, backHref: location.pathname + location.search }} />
      {vehicle ? (
        <InspectionDocument form={form} vehicle={vehicle} vehicleQr={`/vehicles/${vehicle.id}/qr.svg`} photos={photosState(photos)} />
      ) : (
        <Missing text="Vehicle data has not been loaded." />
      )}
    </>
  )
}

/** The info button of a row and its dialog; a link to the print page without JavaScript. */
export function FormDetailDialog({ kind, id, companyId, label }: { kind: FormDialogKind; id: number; companyId: number | string; label: string }) {
  const hydrated = useHydrated()
  const [open, setOpen] = React.useState(false)
  const title = kind === 'pre-inspection' ? 'Pre-inspection' : 'Inspection'
  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="sm" aria-label={`${title} details, ${label}`}>
        <Link to={printPath(kind, companyId, id)}>
          <InfoIcon aria-hidden="true" />
        </Link>
      </Button>
    )
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`${title} details, ${label}`} data-testid={`${kind}-info-${id}`}>
          <InfoIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className={DIALOG_CLASS}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="grid gap-3">{open ? kind === 'pre-inspection' ? <PreInspectionBody id={id} companyId={companyId} /> : <InspectionBody id={id} companyId={companyId} /> : null}</div>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** The print button of a row: straight to the print route (by `?id=`). */
export function FormPrintLink({ kind, id, companyId, label }: { kind: FormDialogKind; id: number; companyId: number | string; label: string }) {
  const location = useLocation()
  return (
    <Button asChild variant="ghost" size="sm" aria-label={`Print ${kind === 'pre-inspection' ? 'pre-inspection' : 'inspection'}, ${label}`}>
      <Link to={printPath(kind, companyId, id)} state={{ backHref: location.pathname + location.search }}>
        <PrinterIcon aria-hidden="true" />
      </Link>
    </Button>
  )
}
