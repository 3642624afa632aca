import * as React from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { ProfileAvatar } from './profile-avatar.tsx'
import { downscaleToJpeg } from '#app/utils/shrink-image.ts'
import type { FieldErrors } from './types.ts'
import { useT } from '#app/utils/i18n.tsx'

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'
/**
 * The profile photo: a file input named `photo` (posted as multipart) and a
 * "Remove photo" checkbox named `removePhoto`. With JavaScript the chosen
 * picture is downscaled in the browser and put back into the file input, so
 * both paths post the same field.
 */
export function PhotoInput({
  idPrefix,
  currentPhoto,
  initials,
  errors,
  removeChecked,
}: {
  idPrefix: string
  /** data: URL of the saved photo, or null. */
  currentPhoto: string | null
  initials: string
  errors?: FieldErrors
  removeChecked?: boolean
}) {
  const { t } = useT()
  const id = `${idPrefix}-photo`
  const [preview, setPreview] = React.useState<string | null>(null)
  const [remove, setRemove] = React.useState(Boolean(removeChecked))
  const [busy, setBusy] = React.useState(false)
  const [liveError, setLiveError] = React.useState<string | null>(null)

  React.useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])

  async function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget
    setLiveError(null)
    const file = input.files?.[0]
    if (!file) {
      setPreview(null)
      return
    }
    setBusy(true)
    try {
      const small = await downscaleToJpeg(file)
      if (!small) {
        setPreview(null)
        setLiveError(t('This file is not a JPEG, PNG or WebP picture.'))
        return
      }
      const dt = new DataTransfer()
      dt.items.add(small)
      input.files = dt.files
      setPreview(URL.createObjectURL(small))
      setRemove(false)
    } finally {
      setBusy(false)
    }
  }

  const shown = remove ? null : (preview ?? currentPhoto)
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-4">
        <ProfileAvatar photo={shown} initials={initials} className="size-16 text-lg" alt="" />
        {/* The server's error is about `profilePhoto`; the browser's (not a picture) comes first. */}
        <Field
          id={id}
          name="photo"
          errorKey="profilePhoto"
          label={t('Profile photo')}
          errors={errors}
          error={liveError}
          hint={busy ? t('Preparing the photo…') : t('JPEG, PNG or WebP, up to 2 MB.')}
          className="min-w-0 flex-1"
        >
          {(control) => <Input {...control} type="file" accept={PHOTO_ACCEPT} onChange={onChange} className="h-auto py-1.5" />}
        </Field>
      </div>
      {currentPhoto ? (
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="removePhoto"
            value="1"
            className="size-4"
            checked={remove}
            onChange={(e) => setRemove(e.currentTarget.checked)}
          />
          {t('Remove photo')}
        </label>
      ) : null}
    </div>
  )
}
