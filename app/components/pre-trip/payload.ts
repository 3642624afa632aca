import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { msg } from '#catalog/i18n.ts'
import { ACK_FIELD, sidePhotoField, type PreTripValues } from './types.ts'

/** Under a checklist item left unanswered: the page asks every item (decision 031), with or without JavaScript. */
export const UNANSWERED_ITEM = msg('Answer Ok or Defective')

/** The values of a fresh form: nothing answered, time in now, odometer from the last reading. */
export function emptyValues(nowWall: string, lastOdometer: number | null): PreTripValues {
  return {
    answers: {},
    damage: { front: '', rear: '', rightSide: '', leftSide: '' },
    comments: '',
    timeIn: nowWall,
    timeOut: '',
    odometerStart: lastOdometer === null ? '' : String(lastOdometer),
    odometerEnd: '',
    engineHours: '',
    signatureName: '',
    acknowledged: [],
  }
}

/** The field a server error names, as the form shows it (`photos.0.photo` → `photos`). */
export function formFieldOf(key: string): string {
  if (key.startsWith('photos')) return 'photos'
  if (key === 'date') return 'timeIn'
  for (const side of DAMAGE_SIDES) if (key === side.imageField) return `photo_${side.key}`
  if (key.startsWith('acknowledgedRepairActionIds')) return 'acknowledgedRepairActionIds'
  return key
}

/** The fields the form shows a message under. */
const FORM_FIELDS = new Set<string>([
  'timeIn',
  'timeOut',
  'odometerStart',
  'odometerEnd',
  'engineHours',
  'comments',
  'photos',
  'driverSignature',
  'signatureName',
  ACK_FIELD,
  ...PRE_INSPECTION_ITEMS.map((i) => i.key),
  ...DAMAGE_SIDES.flatMap((s) => [s.key, sidePhotoField(s.key)]),
])

/** Whether the form shows the message of a field the server names under one of its own (`refusal`'s `fields`). */
export const isShownOnForm = (key: string) => FORM_FIELDS.has(formFieldOf(key))

export function formErrorsOf(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(fieldErrors)) out[formFieldOf(k)] ??= v
  return out
}
