import { PrinterIcon } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { FLEET_TEXT } from './texts.ts'
import { vehicleQrPdfPath } from './urls.ts'

export interface QrTarget {
  id: number
  vehicleIdentifier: string
  qr: string
}

/** The QR, its identifier and the Print QR button (a PDF named after the identifier). */
export function QrContent({ target }: { target: QrTarget }) {
  const { t } = useT()
  return (
    <div className="flex flex-col items-center gap-3">
      <img
        src={target.qr}
        alt={t('QR code of vehicle {vehicle}', { vehicle: target.vehicleIdentifier })}
        width={220}
        height={220}
        className="size-56 rounded-md border bg-white p-2"
      />
      <p className="font-mono text-lg font-semibold tracking-wider" data-testid="qr-identifier">
        {target.vehicleIdentifier}
      </p>
      <a href={vehicleQrPdfPath(target.id)} download={`${target.vehicleIdentifier}.pdf`} className={buttonVariants()} data-testid="print-qr">
        <PrinterIcon aria-hidden="true" />
        {t(FLEET_TEXT.printQr)}
      </a>
    </div>
  )
}

/** "Scan QR code" (spec section 2): opened from the small QR of the identifier column. */
export function QrDialog({ target, onClose }: { target: QrTarget | null; onClose: () => void }) {
  const { t } = useT()
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{t(FLEET_TEXT.scanQr)}</DialogTitle>
          <DialogDescription>{t('Scan it with a phone to open this vehicle, or print it for the bus.')}</DialogDescription>
        </DialogHeader>
        {target ? <QrContent target={target} /> : null}
      </DialogContent>
    </Dialog>
  )
}
