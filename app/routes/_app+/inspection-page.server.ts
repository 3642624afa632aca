/**
 * Loader and action of /InspectionPage (the mechanic's inspection). Step 1 is a GET form
 * (`?vehicle=`: an identifier typed, or the text of a scanned QR); step 2 posts the whole
 * inspection as one plain form (multipart, photos included), so it files without JavaScript.
 */
import { randomUUID } from 'node:crypto'
import { data, redirect, unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { inputFromValues, isShownOnForm, photoFiles, valuesFromForm, type InspectionFormValues } from '#app/components/inspections/inspection-form/form-input.ts'
import { INSPECTION_INTENT } from '#app/components/inspections/inspection-form/intents.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, formFailure, userPage, type PageArgs, type PageContext } from '#app/utils/page.server.ts'
import { msg } from '#catalog/i18n.ts'
import { INSPECTION_ITEM_KEYS, INSPECTION_ITEM_STATUS } from '#catalog/inspection-checklist.ts'
import { MAX_IMAGE_BYTES, MAX_REQUEST_BODY_BYTES } from '#catalog/fleet.ts'
import { AppError } from '#server/errors.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { findVehicleForInspection, type InspectedVehicle } from '#server/inspections/find-vehicle.server.ts'
import { INSPECTION_MAX_PHOTOS } from '#server/inspections/inspection-schema.ts'
import { inspectionDateWindow, submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { getInspectorQualification } from '#server/auth/profile.server.ts'
import { INSPECTOR_ROLES } from '#catalog/roles.ts'
import { hasRoleAnywhere } from '#server/access/policy.ts'

export const INSPECTION_PAGE_TITLE = msg('Inspection')

/** Spec: Operator and Repair shop managers; PRODUCT.md: active Mechanics file here too. Others go home. */
async function inspectorPage(args: PageArgs): Promise<PageContext> {
  const ctx = await userPage(args)
  if (!hasRoleAnywhere(ctx.actor, INSPECTOR_ROLES)) throw redirect('/')
  return ctx
}

export interface InspectionFiled {
  id: number
  isSatisfactory: boolean
  vehicleIdentifier: string
  nextInspection: string | null
  pendingReview: boolean
  /** Marked as the annual inspection (decision 066): the confirmation links its report and decal. */
  isAnnual?: boolean
}

export async function inspectionPageLoader(args: PageArgs) {
  const ctx = await inspectorPage(args)
  const t = translator(localeOfRequest(args.request))
  const query = new URL(args.request.url).searchParams.get('vehicle')?.trim() ?? ''
  let vehicle: InspectedVehicle | null = null
  let lookupError: string | null = null
  if (query) {
    const found = await attempt(() => findVehicleForInspection(ctx, { vehicle: query }))
    if (found.ok) vehicle = found.value
    else lookupError = t(found.error.message)
  }
  const [window, qualification] = await Promise.all([inspectionDateWindow(ctx, ctx.actor), getInspectorQualification(ctx)])
  return {
    title: t(INSPECTION_PAGE_TITLE),
    query,
    vehicle,
    lookupError,
    window,
    inspectorName: `${ctx.actor.firstName} ${ctx.actor.lastName}`.trim(),
    /** Printed on an annual inspection's report (49 CFR 396.19, decision 066). */
    qualification: qualification.inspectorQualification,
    // One key per form shown: the same form posted twice (a double tap, a resent POST) files once.
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'inspections'),
  }
}

/** Streams a part through while counting the bytes of the whole request. */
class RequestTooLarge extends Error {}

/**
 * Reads the posted form, multipart or not. A photo is kept up to 2 MiB + 1 byte: a larger one
 * reaches the use case just over the limit (its 413 names the photo) while the rest of the
 * form is still read, so nothing typed is lost. More than 32 MiB in all is refused.
 */
async function readInspectionForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return request.formData()
  if (Number(request.headers.get('content-length') ?? '0') > MAX_REQUEST_BODY_BYTES) throw new RequestTooLarge()
  let total = 0
  let files = 0
  const handler: UploadHandler = async (part) => {
    const chunks: Uint8Array[] = []
    let kept = 0
    for await (const chunk of part.data) {
      total += chunk.byteLength
      if (total > MAX_REQUEST_BODY_BYTES) throw new RequestTooLarge()
      if (kept <= MAX_IMAGE_BYTES) {
        chunks.push(chunk)
        kept += chunk.byteLength
      }
    }
    const bytes = Buffer.concat(chunks).subarray(0, MAX_IMAGE_BYTES + 1)
    if (!part.filename) return new TextDecoder().decode(bytes)
    // An empty file input still sends a part; more files than allowed are not kept.
    if (bytes.byteLength === 0 || ++files > INSPECTION_MAX_PHOTOS + 1) return undefined
    return new File([bytes], part.filename, { type: part.contentType })
  }
  return unstable_parseMultipartFormData(request, handler)
}

export async function inspectionPageAction(args: PageArgs) {
  const ctx = await inspectorPage(args)
  let form: FormData
  try {
    form = await readInspectionForm(args.request)
  } catch (error) {
    if (!(error instanceof RequestTooLarge)) throw error
    return formFailure(new AppError('PAYLOAD_TOO_LARGE', msg('The photos are larger than 32 MB together: choose fewer or smaller photos.'), { fieldErrors: { photos: msg('Too large together') } }), {
      ok: false as const,
      values: null,
    })
  }
  const values = valuesFromForm(form)

  // "Mark all Satisfactory" without JavaScript: the form comes back with every unanswered item Satisfactory.
  if (form.get('intent') === INSPECTION_INTENT.markAll) {
    const statuses: InspectionFormValues['statuses'] = { ...values.statuses }
    for (const key of INSPECTION_ITEM_KEYS) statuses[key] ||= String(INSPECTION_ITEM_STATUS.Satisfactory)
    return data({ ok: false as const, formError: null, fieldErrors: {} as Record<string, string>, values: { ...values, statuses } })
  }

  const photos = await Promise.all(photoFiles(form).map(async (f) => ({ photo: Buffer.from(await f.arrayBuffer()).toString('base64'), name: f.name })))
  const filed = await attempt(() => submitInspection(ctx, inputFromValues(values, photos)))
  // Every message under its field: "Please correct the fields marked below." on top, not the use case's "field: message" list.
  if (!filed.ok) return formFailure(filed.error, { ok: false as const, values }, { fields: isShownOnForm, whenFieldsShown: 'correctBelow' })
  const vehicle = await attempt(() => findVehicleForInspection(ctx, { vehicle: values.vehicleIdentifier }))
  const result: InspectionFiled = {
    ...filed.value,
    vehicleIdentifier: vehicle.ok ? vehicle.value.vehicleIdentifier : values.vehicleIdentifier,
    nextInspection: vehicle.ok ? vehicle.value.nextInspection : null,
  }
  return data({ ok: true as const, result })
}
