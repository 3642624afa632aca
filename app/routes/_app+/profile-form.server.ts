import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { AppError } from '#server/errors.ts'
import { msg } from '#catalog/i18n.ts'
import { translateForRequest } from '#server/i18n/messages.server.ts'
import type { FormErrorResult, LicenseRowValues, ProfileFieldValues } from '#app/components/profile/types.ts'
import { refusal } from '#app/utils/page.server.ts'
import { collectWithin } from '#server/uploads/bounded-body.server.ts'

/**
 * Form reading for /completeProfile and /profile: from FormData to the input
 * the use cases (saveAdditionalData, updateProfile) validate, and from their
 * AppError back to what the form shows. No rules here: the use cases own them.
 */

/** Largest multipart part accepted; the use case then applies its own 2 MB image limit. */
export const MAX_PART_BYTES = 2_500_000

export const PROFILE_FIELD_NAMES = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'countryCode',
  'comesFromState',
  'phoneNumber',
] as const satisfies readonly (keyof ProfileFieldValues)[]

const str = (v: FormDataEntryValue | null | undefined) => (typeof v === 'string' ? v : '')
/** An empty field is a missing one, so the schema says "… is required". */
const orUndefined = (s: string) => (s.trim() === '' ? undefined : s)

/**
 * The request's form data, urlencoded or multipart. A photo part over
 * MAX_PART_BYTES is read and dropped (the other fields are kept, so the form
 * can be shown back) and reported as `photoTooLarge`.
 */
export async function readForm(request: Request): Promise<{ form: FormData; photoTooLarge: boolean }> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.startsWith('multipart/form-data')) return { form: await request.formData(), photoTooLarge: false }
  let photoTooLarge = false
  const photoHandler: UploadHandler = async ({ name, filename, contentType: type, data }) => {
    if (name !== 'photo' || filename === undefined) return undefined
    const { kept, size } = await collectWithin(data, MAX_PART_BYTES)
    if (size > MAX_PART_BYTES) photoTooLarge = true
    return photoTooLarge ? '' : new File([kept as BlobPart], filename, { type })
  }
  try {
    const form = await parseMultipartFormData(
      request,
      composeUploadHandlers(photoHandler, createMemoryUploadHandler({ maxPartSize: MAX_PART_BYTES })),
    )
    return { form, photoTooLarge }
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) throw new AppError('PAYLOAD_TOO_LARGE', msg('The form is too large'))
    if (e instanceof TypeError) throw new AppError('BAD_REQUEST', msg('The form could not be read'))
    throw e
  }
}

export function readProfileFields(form: FormData): ProfileFieldValues {
  const v = Object.fromEntries(PROFILE_FIELD_NAMES.map((n) => [n, str(form.get(n))])) as unknown as ProfileFieldValues
  return v
}

/**
 * The use case input of the profile fields. The state counts only for the
 * US: for other countries it is dropped (a form without JavaScript shows the
 * state select for every country).
 */
export function profileFieldsInput(v: ProfileFieldValues) {
  const isUs = v.countryCode.trim().toUpperCase() === 'US'
  return {
    firstName: orUndefined(v.firstName),
    lastName: orUndefined(v.lastName),
    dateOfBirth: orUndefined(v.dateOfBirth),
    gender: orUndefined(v.gender),
    countryCode: orUndefined(v.countryCode),
    comesFromState: isUs ? orUndefined(v.comesFromState) : null,
    phoneNumber: orUndefined(v.phoneNumber),
  }
}

/** The licenses editor's rows, without the ticked-for-removal and the entirely blank ones. */
export function readLicenseRows(form: FormData): { submitted: boolean; rows: LicenseRowValues[] } {
  const types = form.getAll('licenseTypeId').map(str)
  const numbers = form.getAll('licenseNumber').map(str)
  const states = form.getAll('licenseState').map(str)
  const expiries = form.getAll('licenseExpiryDate').map(str)
  const removed = new Set(form.getAll('licenseRemove').map((v) => Number(str(v))))
  const n = Math.max(types.length, numbers.length, states.length, expiries.length)
  const rows: LicenseRowValues[] = []
  for (let i = 0; i < n; i++) {
    if (removed.has(i)) continue
    const row = {
      licenseTypeId: (types[i] ?? '').trim(),
      licenseNumber: (numbers[i] ?? '').trim(),
      state: (states[i] ?? '').trim(),
      expiryDate: (expiries[i] ?? '').trim(),
    }
    if (!row.licenseTypeId && !row.licenseNumber && !row.state && !row.expiryDate) continue
    rows.push(row)
  }
  return { submitted: str(form.get('licensesSubmitted')) === '1', rows }
}

export function licensesInput(rows: LicenseRowValues[]) {
  return rows.map((r) => ({
    licenseTypeId: r.licenseTypeId,
    licenseNumber: r.licenseNumber,
    state: r.state || null,
    expiryDate: r.expiryDate || null,
  }))
}

/**
 * The photo part of updateProfile's input: base64 of a chosen file (the use
 * case checks by content that it is a JPEG/PNG/WebP ≤ 2 MB), null when
 * "Remove photo" is ticked without a new file, undefined to keep it.
 */
export async function photoInput(form: FormData, photoTooLarge: boolean): Promise<string | null | undefined> {
  if (photoTooLarge) {
    throw new AppError('PAYLOAD_TOO_LARGE', msg('The image is larger than 2 MB'), {
      fieldErrors: { profilePhoto: msg('The image is larger than 2 MB') },
    })
  }
  const file = form.get('photo')
  if (file instanceof File && file.size > 0) return Buffer.from(await file.arrayBuffer()).toString('base64')
  if (str(form.get('removePhoto')) === '1') return null
  return undefined
}

/**
 * The inspector qualification (decision 066) when the form carried it: the typed text (blank
 * clears it); undefined keeps the stored one.
 */
export function qualificationInput(form: FormData): string | undefined {
  if (str(form.get('inspectorQualificationShown')) !== '1') return undefined
  return str(form.get('inspectorQualification'))
}

const SHOWN_KEYS = new Set<string>([...PROFILE_FIELD_NAMES, 'profilePhoto', 'userLicenses', 'inspectorQualification'])
const isShown = (key: string) => SHOWN_KEYS.has(key) || /^userLicenses\.\d+\.\w+$/.test(key)

/**
 * What the form shows for a use case error: each field's message under the
 * field, and one line at the top. The photo's message is the whole sentence
 * ("The image must be a JPEG, PNG or WebP picture").
 */
export function formErrorOf(e: AppError): FormErrorResult {
  const { formError, fieldErrors } = refusal(e, { fields: isShown, whenFieldsShown: 'correctBelow' })
  const keys = Object.keys(fieldErrors)
  // The image checks (not the schema, whose message names every field) say it all in the message.
  if (fieldErrors.profilePhoto && !e.message.includes('profilePhoto:')) fieldErrors.profilePhoto = e.messageIn(translateForRequest)
  if (keys.length === 1 && keys[0] === 'profilePhoto') return { formError: null, fieldErrors }
  return { formError, fieldErrors }
}
