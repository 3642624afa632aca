import { Camera, ImagePlus, X } from 'lucide-react'
import { FieldError } from '#app/components/forms/field.tsx'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { loadOnce } from '#app/utils/load-once.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Phone photos are shrunk before they are kept or sent (the server takes at most 2 MiB each). */
export const PHOTO_SHRINK = { maxSide: 1600, quality: 0.8 }

/** A picture as it is kept in the draft: the shrunk JPEG, or the file as chosen when the browser cannot read it. */
export async function shrinkPhoto(file: File): Promise<Blob> {
  return (await (await loadShrinkImage()).downscaleToJpeg(file, PHOTO_SHRINK)) ?? file
}

/** The image code, loaded when a photo is taken or the form is sent (decision 053). */
export const loadShrinkImage = loadOnce(() => import('#app/utils/shrink-image.ts'))

/** A thumbnail of a Blob (an object URL released when it changes). */
export function BlobThumb({ blob, alt, className }: { blob: Blob; alt: string; className?: string }) {
  const [url, setUrl] = React.useState<string>()
  React.useEffect(() => {
    const u = URL.createObjectURL(blob)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [blob])
  return url ? <img src={url} alt={alt} className={className ?? 'size-20 rounded-md border object-cover'} /> : null
}

/**
 * A camera photo input: opens the rear camera on a phone (`capture`), a file picker elsewhere.
 * Without JavaScript the file posts with the form; with it, the shrunk picture is handed to
 * `onPick` and kept in the draft (the input is emptied: the form is sent as JSON).
 */
export function CameraInput({
  id,
  name,
  label,
  photo,
  hydrated,
  multiple,
  error,
  onPick,
  onRemove,
}: {
  id: string
  name: string
  label: string
  photo?: Blob
  hydrated: boolean
  multiple?: boolean
  error?: string
  onPick: (files: File[]) => void
  onRemove?: () => void
}) {
  const { t } = useT()
  const Icon = multiple ? ImagePlus : Camera
  if (!hydrated) {
    // Without JavaScript: a plain labelled file input, posted with the form.
    return (
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
          <Icon className="size-4" aria-hidden />
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          capture={multiple ? undefined : 'environment'}
          multiple={multiple}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3"
        />
        <FieldError id={`${id}-error`} name={name} message={error} />
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-accent"
        >
          <Icon className="size-4" aria-hidden />
          {label}
          <input
            id={id}
            name={name}
            type="file"
            accept="image/*"
            capture={multiple ? undefined : 'environment'}
            multiple={multiple}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="sr-only"
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? [])
              if (!files.length) return
              onPick(files)
              e.currentTarget.value = ''
            }}
          />
        </label>
        {photo ? (
          <div className="relative">
            <BlobThumb blob={photo} alt={t('{photo}: photo taken', { photo: label })} />
            {onRemove ? (
              <Button type="button" size="icon" variant="secondary" className="absolute -top-2 -right-2 size-7 rounded-full" aria-label={t('Remove the photo ({photo})', { photo: label })} onClick={onRemove}>
                <X aria-hidden />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} name={name} message={error} />
    </div>
  )
}

export function PhotoList({ photos, onRemove }: { photos: { id: string; name: string; blob: Blob }[]; onRemove: (id: string) => void }) {
  const { t } = useT()
  if (!photos.length) return null
  return (
    <ul className="flex flex-wrap gap-3" aria-label={t('Extra photos')}>
      {photos.map((p) => (
        <li key={p.id} className="relative">
          <BlobThumb blob={p.blob} alt={p.name} />
          <Button type="button" size="icon" variant="secondary" className="absolute -top-2 -right-2 size-7 rounded-full" aria-label={t('Remove {name}', { name: p.name })} onClick={() => onRemove(p.id)}>
            <X aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  )
}

