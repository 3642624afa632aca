import { Field } from '#app/components/forms/field.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { PRE_TRIP_RULES } from '#server/inspections/pre-trip-rules.ts'
import { CameraInput, PhotoList } from './photo-inputs.tsx'
import { EXTRA_PHOTOS_FIELD, type PreTripPhoto } from './types.ts'

/** Extra photos and the driver's comments. */
export function PhotosSection({
  photos,
  comments,
  errors,
  hydrated,
  onPick,
  onRemove,
  onComments,
}: {
  photos: PreTripPhoto[]
  comments: string
  errors: Record<string, string>
  hydrated: boolean
  onPick: (files: File[]) => void
  onRemove: (id: string) => void
  onComments: (text: string) => void
}) {
  const { t } = useT()
  return (
    <section aria-labelledby="more-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
      <h2 id="more-title" className="text-lg font-semibold">
        {t('Photos and comments')}
      </h2>
      <CameraInput id="extra-photos-input" name={EXTRA_PHOTOS_FIELD} label={t('Add photos')} multiple hydrated={hydrated} error={errors.photos} onPick={onPick} />
      <PhotoList photos={photos} onRemove={onRemove} />
      <Field id="comments" name="comments" label={t('Comments')} error={errors.comments} live={false} className="grid-cols-1 gap-2">
        {(control) => <Textarea {...control} rows={3} maxLength={PRE_TRIP_RULES.textMax} value={comments} onChange={(e) => onComments(e.currentTarget.value)} />}
      </Field>
    </section>
  )
}
