import { BusFrontIcon, CropIcon, ImageUpIcon } from 'lucide-react'
import * as React from 'react'
import type { Area, Point } from 'react-easy-crop'
import { FieldError, controlProps } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { VEHICLE_IMAGE } from '#catalog/fleet.ts'
import { vehicleImagePath } from './urls.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'

/** react-easy-crop loads when a picture is chosen, not with the page (decision 053). */
const Cropper = React.lazy(() => import('react-easy-crop'))

/** Spec section 9: pictures are base64-encoded in chunks of 8192 bytes. */
const BASE64_CHUNK = 8192

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += BASE64_CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + BASE64_CHUNK))
  return btoa(binary)
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error(msg('The picture could not be read')))
    img.src = src
  })
}

/** The chosen area drawn on an 800×600 canvas, as JPEG quality 0.7, base64 (spec section 5). */
export async function cropToJpegBase64(src: string, area: Area): Promise<string> {
  const img = await loadImage(src)
  const canvas = document.createElement('canvas')
  canvas.width = VEHICLE_IMAGE.width
  canvas.height = VEHICLE_IMAGE.height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error(msg('Your browser cannot crop pictures'))
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', VEHICLE_IMAGE.quality))
  if (!blob) throw new Error(msg('The picture could not be compressed'))
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()))
}

function Cropping({ src, onDone, onCancel }: { src: string; onDone: (base64: string) => void; onCancel: () => void }) {
  const { t } = useT()
  const [crop, setCrop] = React.useState<Point>({ x: 0, y: 0 })
  const [zoom, setZoom] = React.useState(1)
  const [area, setArea] = React.useState<Area | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)
  // The cropper inserts a <style>: it carries the page's CSP nonce (decision 046).
  const nonce = useNonce()
  const apply = async () => {
    if (!area) return
    setBusy(true)
    try {
      onDone(await cropToJpegBase64(src, area))
    } catch (e) {
      setError(e instanceof Error ? t(e.message) : t('The picture could not be cropped'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="grid gap-2" data-testid="image-cropper">
      <div className="relative h-64 w-full overflow-hidden rounded-md bg-black sm:h-72">
        <React.Suspense fallback={null}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={VEHICLE_IMAGE.width / VEHICLE_IMAGE.height}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_: Area, pixels: Area) => setArea(pixels)}
            nonce={nonce}
          />
        </React.Suspense>
      </div>
      <label className="flex items-center gap-2 text-sm">
        {t('Zoom')}
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.currentTarget.value))} className="w-40 accent-primary" />
      </label>
      <FieldError message={error} alert />
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => void apply()} disabled={!area || busy} data-testid="apply-crop">
          <CropIcon aria-hidden="true" />
          {busy ? t('Cropping…') : t('Use this picture')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </div>
  )
}

/**
 * The Image section. With JavaScript: pick a file, crop it to 800×600 in the
 * browser, and the JPEG goes in the hidden `imageData` field. Without: a
 * file input whose bytes the server checks (so the picture must already be
 * at most 800×600).
 */
export function ImageField({
  vehicleId,
  hasImage,
  imageData,
  onImageData,
  removeImage,
  onRemoveImage,
  error,
}: {
  vehicleId: number | null
  hasImage: boolean
  imageData: string | null
  onImageData: (base64: string | null) => void
  removeImage: boolean
  onRemoveImage: (remove: boolean) => void
  error?: string
}) {
  const hydrated = useHydrated()
  const { t } = useT()
  const [source, setSource] = React.useState<string | null>(null)
  const fileRef = React.useRef<HTMLInputElement>(null)
  React.useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source])

  const preview = imageData ? (
    <img src={`data:image/jpeg;base64,${imageData}`} alt={t('New picture')} width={200} height={150} className="h-36 w-48 rounded border object-cover" data-testid="image-preview" />
  ) : vehicleId && hasImage && !removeImage ? (
    <img src={vehicleImagePath(vehicleId)} alt={t('Current picture')} width={200} height={150} className="h-36 w-48 rounded border object-cover" />
  ) : (
    <div className="flex h-36 w-48 flex-col items-center justify-center gap-1 rounded border bg-muted text-xs text-muted-foreground">
      <BusFrontIcon aria-hidden="true" className="size-7" />
      {t('No picture')}
    </div>
  )

  return (
    <div className="grid gap-3">
      <input type="hidden" name="imageData" value={imageData ?? ''} />
      {source ? (
        <Cropping
          src={source}
          onDone={(b64) => {
            onImageData(b64)
            onRemoveImage(false)
            setSource(null)
            if (fileRef.current) fileRef.current.value = ''
          }}
          onCancel={() => {
            setSource(null)
            if (fileRef.current) fileRef.current.value = ''
          }}
        />
      ) : (
        <div className="flex flex-wrap items-start gap-4">
          {preview}
          <div className="grid max-w-sm gap-2">
            <label htmlFor="vehicle-image" className="text-sm font-medium">
              <ImageUpIcon aria-hidden="true" className="mr-1 inline size-4" />
              {imageData || hasImage ? t('Replace picture') : t('Choose a picture')}
            </label>
            <input
              ref={fileRef}
              id="vehicle-image"
              type="file"
              // Without JavaScript the file itself is posted; with it, only the cropped JPEG.
              name={hydrated ? undefined : 'imageFile'}
              accept="image/jpeg,image/png,image/webp"
              {...controlProps('vehicle-image', error, 'vehicle-image-hint')}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                if (!hydrated || !file) return
                setSource(URL.createObjectURL(file))
              }}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1 file:text-sm"
              data-testid="vehicle-image-input"
            />
            <p id="vehicle-image-hint" className="text-xs text-muted-foreground">
              {hydrated
                ? t('You crop it to 800×600 next; it is saved as a JPEG.')
                : t('JPEG, PNG or WebP, at most 800×600 pixels and 2 MB (with JavaScript off, the picture is not cropped for you).')}
            </p>
            {imageData && hydrated ? (
              <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onImageData(null)}>
                {t('Discard new picture')}
              </Button>
            ) : null}
            {vehicleId && hasImage ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeImage" checked={removeImage} onChange={(e) => onRemoveImage(e.currentTarget.checked)} className="size-4 accent-primary" />
                {t('Remove the current picture')}
              </label>
            ) : null}
            <FieldError id="vehicle-image-error" name="image" message={error ? t(error) : null} />
          </div>
        </div>
      )}
    </div>
  )
}
