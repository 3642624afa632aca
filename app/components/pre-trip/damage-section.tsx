import { Field } from '#app/components/forms/field.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { DAMAGE_SIDES, type DamageSideKey } from '#catalog/checklists.ts'
import { PRE_TRIP_RULES } from '#server/inspections/pre-trip-rules.ts'
import { CameraInput } from './photo-inputs.tsx'
import { sidePhotoField, type PreTripValues } from './types.ts'

/** The damage report: for each side of the bus, what is damaged and a photo of it. */
export function DamageSection({
  damage,
  sidePhotos,
  errors,
  hydrated,
  onDescribe,
  onPickPhoto,
  onRemovePhoto,
}: {
  damage: PreTripValues['damage']
  sidePhotos: Partial<Record<DamageSideKey, Blob>>
  errors: Record<string, string>
  hydrated: boolean
  onDescribe: (side: DamageSideKey, text: string) => void
  onPickPhoto: (side: DamageSideKey, files: File[]) => void
  onRemovePhoto: (side: DamageSideKey) => void
}) {
  const { t } = useT()
  return (
    <section aria-labelledby="damage-title" className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border p-3">
      <h2 id="damage-title" className="text-lg font-semibold">
        {t('Damage Report')}
      </h2>
      {DAMAGE_SIDES.map((side) => (
        <div key={side.key} className="grid grid-cols-1 gap-2">
          <Field id={side.key} name={side.key} label={t(side.label)} error={errors[side.key]} live={false} className="grid-cols-1 gap-2">
            {(control) => (
              <Textarea
                {...control}
                value={damage[side.key]}
                maxLength={PRE_TRIP_RULES.textMax}
                rows={2}
                placeholder={t('Describe any damage')}
                onChange={(e) => onDescribe(side.key, e.currentTarget.value)}
              />
            )}
          </Field>
          <CameraInput
            id={`${sidePhotoField(side.key)}-input`}
            name={sidePhotoField(side.key)}
            label={t('{side} photo', { side: t(side.label) })}
            photo={sidePhotos[side.key]}
            hydrated={hydrated}
            error={errors[sidePhotoField(side.key)]}
            onPick={(files) => onPickPhoto(side.key, files)}
            onRemove={() => onRemovePhoto(side.key)}
          />
        </div>
      ))}
    </section>
  )
}
