import { Camera, X } from 'lucide-react'
import * as React from 'react'
import { FieldError, controlProps } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'

/**
 * Scans a vehicle's QR with the phone's camera (the `qr-scanner` library, its decoding
 * worker bundled by Vite: nothing from a CDN). Shown only with JavaScript; the identifier
 * field works without it. `onScan` gets the QR's text (the vehicle's `/vehicles/{id}` link).
 */
export function QrScan({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useT()
  const [open, setOpen] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const videoRef = React.useRef<HTMLVideoElement>(null)
  const onScanRef = React.useRef(onScan)
  onScanRef.current = onScan

  React.useEffect(() => {
    if (!open) return
    const video = videoRef.current
    if (!video) return
    let scanner: import('qr-scanner').default | null = null
    let stopped = false
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner')
        if (stopped) return
        scanner = new QrScanner(
          video,
          (result) => {
            scanner?.stop()
            setOpen(false)
            onScanRef.current(result.data)
          },
          { preferredCamera: 'environment', returnDetailedScanResult: true, maxScansPerSecond: 10 },
        )
        await scanner.start()
      } catch (e) {
        setError(
          /permission|notallowed/i.test(String(e))
            ? t('The camera may not be used: allow it in the browser, or type the identifier.')
            : t('No camera could be started: type the vehicle identifier instead.'),
        )
      }
    })()
    return () => {
      stopped = true
      scanner?.destroy()
    }
  }, [open, t])

  if (!open) {
    return (
      <div className="grid gap-1.5">
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="h-12 w-full sm:w-auto"
          onClick={() => {
            setError(null)
            setOpen(true)
          }}
        >
          <Camera aria-hidden /> {t("Scan the vehicle's QR code")}
        </Button>
        <label className="text-sm text-muted-foreground">
          <span className="block">{t('Or take a photo of the QR code:')}</span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            data-testid="qr-photo"
            {...controlProps('qr-photo', error)}
            className="mt-1 block w-full min-w-0 text-sm file:mr-3 file:h-10 file:rounded-md file:border file:bg-secondary file:px-3 file:text-sm"
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0]
              if (!file) return
              setError(null)
              try {
                const { default: QrScanner } = await import('qr-scanner')
                const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true })
                onScanRef.current(result.data)
              } catch {
                setError(t('No QR code was found in this photo: try again closer, or type the identifier.'))
              }
            }}
          />
        </label>
        <FieldError id="qr-photo-error" message={error} alert />
      </div>
    )
  }
  return (
    <div className="grid gap-2" data-testid="qr-scanner">
      <div className="relative overflow-hidden rounded-md border bg-black">
        {/* The camera's picture; the scan result is announced by what the page shows next. */}
        <video ref={videoRef} className="aspect-square w-full object-cover" muted playsInline aria-label={t('Camera view for scanning the QR code')} />
      </div>
      <p className="text-sm text-muted-foreground">{t('Point the camera at the QR code on the vehicle.')}</p>
      <FieldError message={error} alert />
      <Button type="button" variant="outline" className="h-11" onClick={() => setOpen(false)}>
        <X aria-hidden /> {t('Stop scanning')}
      </Button>
    </div>
  )
}
