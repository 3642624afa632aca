import * as React from 'react'
import { PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { useT } from '#app/utils/i18n.tsx'
import { PRE_TRIP_RULES } from '#server/inspections/pre-trip-rules.ts'
import { formErrorsOf } from './payload.ts'
import { shrinkPhoto } from './photo-inputs.tsx'
import { sidePhotoField, type PreTripDraft, type PreTripPhoto, type PreTripValues } from './types.ts'

/** What the driver has put in the form: kept in a draft, sent as the filing. */
export interface PreTripAnswers {
  values: PreTripValues
  signature: string
  sidePhotos: Partial<Record<DamageSideKey, Blob>>
  photos: PreTripPhoto[]
}

const without = <T extends Record<string, unknown>>(record: T, ...keys: string[]): T => {
  const rest = { ...record }
  for (const key of keys) delete rest[key]
  return rest
}

/**
 * The form's answers and their errors, and every edit the driver makes (an edit clears the
 * error it was about). `restore` puts a draft (or an empty form) back.
 */
export function usePreTripAnswers(initial: { values: () => PreTripValues; errors: () => Record<string, string>; formError: string }) {
  const { t } = useT()
  const [values, setValues] = React.useState<PreTripValues>(initial.values)
  const [signature, setSignature] = React.useState('')
  const [sidePhotos, setSidePhotos] = React.useState<Partial<Record<DamageSideKey, Blob>>>({})
  const [photos, setPhotos] = React.useState<PreTripPhoto[]>([])
  const [errors, setErrors] = React.useState<Record<string, string>>(initial.errors)
  const [formError, setFormError] = React.useState(initial.formError)
  const [signatureVersion, setSignatureVersion] = React.useState(0)
  const [busy, setBusy] = React.useState(false)

  const answers = React.useMemo<PreTripAnswers>(() => ({ values, signature, sidePhotos, photos }), [values, signature, sidePhotos, photos])

  const restore = React.useCallback((draft: PreTripDraft | null, empty: () => PreTripValues) => {
    setValues(draft?.values ?? empty())
    setSignature(draft?.signature ?? '')
    setSidePhotos(draft?.sidePhotos ?? {})
    setPhotos(draft?.photos ?? [])
    setErrors(draft?.returned ? formErrorsOf(draft.returned.fieldErrors) : {})
    setFormError(draft?.returned?.formError ?? '')
    setSignatureVersion((v) => v + 1)
  }, [])

  const set = <K extends keyof PreTripValues>(key: K, value: PreTripValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => (key in e ? without(e, key) : e))
  }
  const answer = (key: PreInspectionItemKey, defective: boolean) => {
    setValues((v) => ({ ...v, answers: { ...v.answers, [key]: defective } }))
    setErrors((e) => without(e, key))
  }
  const allOk = () => {
    setValues((v) => {
      const answers = { ...v.answers }
      for (const item of PRE_INSPECTION_ITEMS) answers[item.key] ??= false
      return { ...v, answers }
    })
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !PRE_INSPECTION_ITEMS.some((i) => i.key === k))))
  }
  const acknowledge = (id: number, checked: boolean) =>
    set('acknowledged', checked ? [...new Set([...values.acknowledged, id])] : values.acknowledged.filter((a) => a !== id))

  const pickSide = async (side: DamageSideKey, files: File[]) => {
    const file = files[0]
    if (!file) return
    setBusy(true)
    try {
      const blob = await shrinkPhoto(file)
      setSidePhotos((p) => ({ ...p, [side]: blob }))
      setErrors((e) => without(e, sidePhotoField(side)))
    } finally {
      setBusy(false)
    }
  }
  const removeSidePhoto = (side: DamageSideKey) => setSidePhotos((p) => without(p, side))
  const pickExtra = async (files: File[]) => {
    setBusy(true)
    try {
      const room = PRE_TRIP_RULES.maxPhotos - photos.length
      const added: PreTripPhoto[] = []
      for (const file of files.slice(0, Math.max(0, room))) {
        added.push({ id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, name: file.name.slice(0, 100), blob: await shrinkPhoto(file) })
      }
      setPhotos((p) => [...p, ...added])
      setErrors((e) => {
        const rest = without(e, 'photos')
        return files.length > room ? { ...rest, photos: t('At most {max} extra photos', { max: PRE_TRIP_RULES.maxPhotos }) } : rest
      })
    } finally {
      setBusy(false)
    }
  }
  const removePhoto = (id: string) => setPhotos((p) => p.filter((x) => x.id !== id))
  const sign = (url: string) => {
    setSignature(url)
    setErrors((e) => without(e, 'driverSignature', 'signatureName'))
  }

  return {
    ...answers,
    answers,
    errors,
    formError,
    signatureVersion,
    busy,
    setErrors,
    setFormError,
    setBusy,
    restore,
    set,
    answer,
    allOk,
    acknowledge,
    pickSide,
    removeSidePhoto,
    pickExtra,
    removePhoto,
    sign,
  }
}

export type PreTripAnswersState = ReturnType<typeof usePreTripAnswers>
