/**
 * The detail dialogs of the vehicle tabs (spec section 2): 800×800 (full screen on a phone),
 * the document of form-print.tsx, a print button leading to the print route. The form loads
 * when the dialog opens and the photos after it ("Loading images"), through the widget door
 * (tRPC, decision 015). Without JavaScript the info button is a link to the print page.
 */
import { Link, useLocation } from '@remix-run/react'
import { InfoIcon, PrinterIcon } from 'lucide-react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { printPath, type FormDialogKind } from './form-detail-path.ts'

// The dialog's body (tRPC, TanStack Query, the printed form) loads when a dialog opens (decision 053).
const FormDetailBody = React.lazy(() => import('./form-detail-body.tsx'))

const DIALOG_CLASS =
  'flex h-[100dvh] max-h-[100dvh] w-screen max-w-none flex-col gap-3 rounded-none p-3 sm:h-[min(800px,calc(100dvh-2rem))] sm:max-h-[min(800px,calc(100dvh-2rem))] sm:w-[min(800px,calc(100vw-2rem))] sm:max-w-none sm:rounded-lg sm:p-4'

/** The info button of a row and its dialog; a link to the print page without JavaScript. */
export function FormDetailDialog({ kind, id, companyId, label }: { kind: FormDialogKind; id: number; companyId: number | string; label: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const [open, setOpen] = React.useState(false)
  const title = kind === 'pre-inspection' ? t('Pre-inspection') : t('Inspection')
  const detailsLabel = kind === 'pre-inspection' ? t('Pre-inspection details, {label}', { label }) : t('Inspection details, {label}', { label })
  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="sm" aria-label={detailsLabel}>
        <Link to={printPath(kind, companyId, id)}>
          <InfoIcon aria-hidden="true" />
        </Link>
      </Button>
    )
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={detailsLabel} data-testid={`${kind}-info-${id}`}>
          <InfoIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className={DIALOG_CLASS}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="grid gap-3">{open ? (
              <React.Suspense fallback={<p className="text-sm text-muted-foreground" role="status">{t('Loading…')}</p>}>
                <FormDetailBody kind={kind} id={id} companyId={companyId} />
              </React.Suspense>
            ) : null}</div>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** The print button of a row: straight to the print route (by `?id=`). */
export function FormPrintLink({ kind, id, companyId, label }: { kind: FormDialogKind; id: number; companyId: number | string; label: string }) {
  const { t } = useT()
  const location = useLocation()
  return (
    <Button asChild variant="ghost" size="sm" aria-label={kind === 'pre-inspection' ? t('Print pre-inspection, {label}', { label }) : t('Print inspection, {label}', { label })}>
      <Link to={printPath(kind, companyId, id)} state={{ backHref: location.pathname + location.search }}>
        <PrinterIcon aria-hidden="true" />
      </Link>
    </Button>
  )
}
