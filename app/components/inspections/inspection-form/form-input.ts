/**
 * The inspection form's fields and how a posted form becomes the use case's input
 * (browser-safe): the page's action and the browser's own check read the form the same way.
 */
import { INSPECTION_ITEM_KEYS, type InspectionItemKey } from '#catalog/inspection-checklist.ts'


/** The field names of one item: `<key>.status` (radio 0/1/2) and `<key>.comments`. */
export const statusField = (key: InspectionItemKey) => `${key}.status`
export const commentsField = (key: InspectionItemKey) => `${key}.comments`

/** The fields the form shows a message under or in its summary (`refusal`'s `fields`, decision 083). */
const FORM_FIELDS = new Set<string>([
  'vehicleIdentifier',
  'inspectionDate',
  'odometer',
  'engineHours',
  'isAnnual',
  'photos',
  'inspectorSignature',
  'signatureName',
  ...INSPECTION_ITEM_KEYS.flatMap((k) => [k, statusField(k), commentsField(k)]),
])
export const isShownOnForm = (name: string) => FORM_FIELDS.has(name) || name.startsWith('photos.')

/** What the mechanic typed, handed back with a refusal so nothing is lost (photos excepted: a browser never refills a file input). */
export interface InspectionFormValues {
  vehicleIdentifier: string
  inspectionDate: string
  odometer: string
  /** The hour meter (issue 35), optional. */
  engineHours?: string
  signatureName: string
  inspectorSignature: string
  idempotencyKey: string
  /** The "annual inspection" checkbox (decision 066): 'true' when ticked, '' otherwise. */
  isAnnual: string
  statuses: Partial<Record<InspectionItemKey, string>>
  comments: Partial<Record<InspectionItemKey, string>>
}

const text = (form: FormData, name: string): string => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

/**
 * An item's status as posted, never a default: '' when unanswered (the schema names it), the
 * value as posted otherwise. Two different values for one item are not an answer: they are kept
 * together ('0,1'), which the schema refuses, instead of the first one winning.
 */
function postedStatus(form: FormData, name: string): string {
  const posted = [...new Set(form.getAll(name).map((v) => (typeof v === 'string' ? v : '(a file)')))].filter((v) => v !== '')
  return posted.join(',')
}

export function valuesFromForm(form: FormData): InspectionFormValues {
  const statuses: InspectionFormValues['statuses'] = {}
  const comments: InspectionFormValues['comments'] = {}
  for (const key of INSPECTION_ITEM_KEYS) {
    const s = postedStatus(form, statusField(key))
    if (s) statuses[key] = s
    const c = text(form, commentsField(key))
    if (c) comments[key] = c
  }
  return {
    vehicleIdentifier: text(form, 'vehicleIdentifier'),
    inspectionDate: text(form, 'inspectionDate'),
    odometer: text(form, 'odometer'),
    engineHours: text(form, 'engineHours'),
    signatureName: text(form, 'signatureName'),
    inspectorSignature: text(form, 'inspectorSignature'),
    idempotencyKey: text(form, 'idempotencyKey'),
    isAnnual: text(form, 'isAnnual'),
    statuses,
    comments,
  }
}

/** The use case's input from the form's values (photos are added by the caller). */
export function inputFromValues(v: InspectionFormValues, photos: { photo: string; name: string }[] = []): Record<string, unknown> {
  const input: Record<string, unknown> = {
    vehicleIdentifier: v.vehicleIdentifier,
    inspectionDate: v.inspectionDate,
    inspectorSignature: v.inspectorSignature,
    signatureName: v.signatureName,
    odometer: v.odometer,
    engineHours: v.engineHours ?? '',
    idempotencyKey: v.idempotencyKey,
    isAnnual: v.isAnnual,
    photos,
  }
  for (const key of INSPECTION_ITEM_KEYS) input[key] = { status: v.statuses[key] ?? '', comments: v.comments[key] ?? '' }
  return input
}

/** The photos a form carries: the non-empty files of its `photos` input. */
export function photoFiles(form: FormData): File[] {
  return form.getAll('photos').filter((f): f is File => typeof f !== 'string' && f.size > 0)
}
