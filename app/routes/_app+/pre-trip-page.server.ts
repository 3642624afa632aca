import { randomUUID } from 'node:crypto'
import {
  redirect,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from '@remix-run/node'
import { isShownOnForm, UNANSWERED_ITEM } from '#app/components/pre-trip/payload.ts'
import { payloadOf } from '#app/components/pre-trip/payload-body.ts'
import {
  ACK_FIELD,
  EXTRA_PHOTOS_FIELD,
  sidePhotoField,
  type PreTripActionData,
  type PreTripPageData,
  type PreTripValues,
} from '#app/components/pre-trip/types.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { attempt, formFailure, userPage, type PageContext, vehicleContextOrLeave } from '#app/utils/page.server.ts'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { INSPECTOR_ROLES } from '#catalog/roles.ts'
import { hasRoleAnywhere } from '#server/access/policy.ts'
import { MAX_IMAGE_BYTES } from '#catalog/fleet.ts'
import { AppError, type LocalizedMessage } from '#server/errors.ts'
import { vehicleAccess } from '#server/access/vehicle-access.server.ts'
import { vehicleIdOfQrToken } from '#server/fleet/vehicles.server.ts'
import { vehicleRefOf } from '#server/inspections/inspection-schema.ts'
import { PRE_TRIP_RULES, preInspectionFields, type PreTripRulesContext } from '#server/inspections/pre-inspection-schema.ts'
import { getPreTripContext, type PreTripContext } from '#server/inspections/pre-trip.server.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import { LEASE_CARRY_COPY_NOTICE } from '#catalog/compliance.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator, type Translate } from '#server/i18n/messages.server.ts'
import { collectWithin } from '#server/uploads/bounded-body.server.ts'

/**
 * The driver's pre-trip page (`/preTrip/{vehicleId}`). The loader gives the form its context
 * and a fresh idempotency key (a double submit of one rendered form files once); the action is
 * the door without JavaScript: the multipart form turned into the API's body, then the same
 * `submitPreInspection` as tRPC and REST.
 */

function pageDataOf(ctx: PageContext, c: PreTripContext, t: Translate): PreTripPageData {
  const tz = c.operatorCompany.timeZone
  return {
    title: t('Pre-trip · {vehicle}', { vehicle: c.vehicle.vehicleIdentifier }),
    userId: ctx.actor.userId,
    vehicle: {
      id: c.vehicle.id,
      vehicleIdentifier: c.vehicle.vehicleIdentifier,
      make: c.vehicle.make ?? null,
      model: c.vehicle.model ?? null,
      licensePlate: c.vehicle.licensePlate ?? null,
    },
    outOfService: c.outOfService,
    // The notice's words come with the data: the phone's first load stays within its budget (decision 053).
    lease: c.lease ? { id: c.lease.id, fullySigned: c.lease.state === 'signed', notice: t(LEASE_CARRY_COPY_NOTICE) } : null,
    operatorCompany: { id: c.operatorCompany.id, name: c.operatorCompany.name, timeZone: tz },
    today: c.operatorCompany.today,
    lastOdometer: c.lastOdometer?.reading ?? c.vehicle.odometer ?? null,
    openRepairs: c.openRepairs.map((r) => ({
      id: r.id,
      repairIdentifier: r.repairIdentifier,
      createdAt: r.createdAt,
      outOfService: r.outOfService,
      tasks: r.tasks.map((t) => ({ name: t.name, description: t.description ?? null, status: String(t.status) })),
    })),
    certifiedRepairs: c.certifiedRepairs.map((r) => ({
      id: r.id,
      repairIdentifier: r.repairIdentifier,
      repairedAt: r.repairedAt ?? r.createdAt,
      certifiedBy: r.repairedByName ?? null,
      tasks: r.tasks.map((t) => ({ name: t.name, description: t.description ?? null, status: String(t.status) })),
    })),
    idempotencyKey: randomUUID(),
    nowWall: wallTimeOf(ctx.now ?? new Date(), tz),
  }
}

export async function preTripLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const context = await vehicleContextOrLeave(positiveInt(args.params.vehicleId), (id) => getPreTripContext(ctx, id))
  const t = translator(localeOfRequest(args.request))
  // An expired license or medical certificate at an operator that refuses them (issue 37): said before the form, which is not shown.
  return { ...pageDataOf(ctx, context, t), refusal: context.refusal ? { message: t(context.refusal), back: t('Back to the dashboard') } : null, messages: routeMessages(args.request, 'preTrip') }
}

// ---------------------------------------------------------------------------------------
// The form without JavaScript
// ---------------------------------------------------------------------------------------

/** A part larger than this is refused before the use case (phone photos not shrunk by a browser). */
const MAX_PART_BYTES = 12 * 1024 * 1024

const FILE_FIELDS = new Set([...DAMAGE_SIDES.map((s) => sidePhotoField(s.key)), EXTRA_PHOTOS_FIELD])

/** A text field longer than this is cut (the longest the form has is 2,000 characters). */
const MAX_TEXT_PART_BYTES = 64 * 1024

/**
 * The posted form, multipart or not, held in memory with bounds. A photo over MAX_PART_BYTES is
 * read and dropped and named in `tooLarge`; every other field is kept, so the form comes back
 * with what was typed.
 */
async function readMultipart(request: Request): Promise<{ form: FormData; tooLarge: string | null }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return { form: await request.formData(), tooLarge: null }
  let tooLarge: string | null = null
  const form = await parseMultipartFormData(request, async (part) => {
    const isText = part.filename === undefined
    const limit = isText ? MAX_TEXT_PART_BYTES : MAX_PART_BYTES
    const { kept, size } = await collectWithin(part.data, limit)
    if (isText) return new TextDecoder().decode(kept)
    // Only the form's own file fields carry files.
    if (!FILE_FIELDS.has(part.name) || size === 0) return undefined
    if (size > limit) {
      tooLarge ??= part.name
      return undefined
    }
    return new File([kept as BlobPart], part.filename ?? 'photo', { type: part.contentType })
  })
  return { form, tooLarge }
}

/**
 * One checklist item as posted (issue 22: a safety form never invents an answer). The radios
 * post `ok` or `defective`, the catalogue's two answers; nothing (or only blanks) is unanswered;
 * anything else (another word, another case, two different answers) is kept as posted, for the
 * use case's schema to name with REST's message. Nothing here becomes Ok by default.
 */
type PostedAnswer = { kind: 'answer'; defective: boolean } | { kind: 'unanswered' } | { kind: 'invalid'; posted: string | string[] }

function postedAnswer(form: FormData, key: PreInspectionItemKey): PostedAnswer {
  const posted = [...new Set(form.getAll(key).map((v) => (typeof v === 'string' ? v : '(a file)')))].filter((v) => v.trim() !== '')
  if (posted.length === 0) return { kind: 'unanswered' }
  if (posted.length === 1 && posted[0] === 'ok') return { kind: 'answer', defective: false }
  if (posted.length === 1 && posted[0] === 'defective') return { kind: 'answer', defective: true }
  return { kind: 'invalid', posted: posted.length === 1 ? posted[0]! : posted }
}

/** What was typed, read back from the posted form (so it is shown again on a refusal). */
export function valuesOfForm(form: FormData): PreTripValues {
  const answers: PreTripValues['answers'] = {}
  for (const item of PRE_INSPECTION_ITEMS) {
    const answer = postedAnswer(form, item.key)
    if (answer.kind === 'answer') answers[item.key] = answer.defective
  }
  return {
    answers,
    damage: { front: text(form, 'front'), rear: text(form, 'rear'), rightSide: text(form, 'rightSide'), leftSide: text(form, 'leftSide') },
    comments: text(form, 'comments'),
    timeIn: text(form, 'timeIn'),
    timeOut: text(form, 'timeOut'),
    odometerStart: text(form, 'odometerStart'),
    odometerEnd: text(form, 'odometerEnd'),
    engineHours: text(form, 'engineHours'),
    signatureName: text(form, 'signatureName'),
    acknowledged: form
      .getAll(ACK_FIELD)
      .map((v) => positiveInt(v))
      .filter((v): v is number => v !== null),
  }
}

/**
 * A posted photo as the API's base64. A phone photo over the 2 MiB limit (no browser shrank it)
 * is made smaller here as the page with JavaScript would (1600 px, JPEG); what is not a picture
 * is passed on for the use case to refuse by its content (415).
 */
async function photoBase64(file: File): Promise<string> {
  let bytes: Buffer = Buffer.from(await file.arrayBuffer())
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    const { default: sharp } = await import('sharp')
    try {
      bytes = await sharp(bytes, { limitInputPixels: 8192 * 8192, failOn: 'error' })
        .rotate()
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer()
    } catch {
      // Not a picture sharp can read: the use case says what is wrong with it.
    }
  }
  return bytes.toString('base64')
}

const isFile = (v: FormDataEntryValue | null): v is File => typeof v === 'object' && v !== null && v.size > 0

/**
 * The refusal of a form with checklist items left unanswered. The API reads a missing key as Ok
 * for older clients (decision 024); this form asks every item (decision 031), so the door names
 * them itself, with the page's own message, and every other problem of the schema at once: on
 * top the count, and only what the form cannot show under a field (decision 083).
 */
function unansweredRefusal(payload: Record<string, unknown>, unanswered: readonly PreInspectionItemKey[], at: PreTripRulesContext): AppError {
  const parsed = preInspectionFields(at).safeParse(payload)
  const others = parsed.success ? {} : fieldErrorsOf(parsed.error)
  const fieldErrors: Record<string, string> = { ...others }
  for (const key of unanswered) fieldErrors[key] = UNANSWERED_ITEM
  const hidden = Object.entries(others).filter(([k]) => !isShownOnForm(k))
  const localized: LocalizedMessage = (t) =>
    [
      t('{count, plural, one {Answer Ok or Defective: # checklist item not answered} other {Answer Ok or Defective: # checklist items not answered}}', { count: unanswered.length }),
      ...hidden.map(([k, v]) => (k === '_' ? t(v) : `${k}: ${t(v)}`)),
    ].join('; ')
  return new AppError('BAD_REQUEST', localized(translator('en')), { fieldErrors, localized })
}

export async function preTripAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const context = await vehicleContextOrLeave(positiveInt(args.params.vehicleId), (id) => getPreTripContext(ctx, id))
  const { form, tooLarge } = await readMultipart(args.request)
  const t = translator(localeOfRequest(args.request))
  const values = valuesOfForm(form)
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  type Extra = Omit<Extract<PreTripActionData, { ok: false }>, 'formError' | 'fieldErrors'>
  /** A refusal whose every field message the form shows under its field: no line on top (the form says its own). */
  const refuse = (error: AppError) => formFailure<Extra>(error, { ok: false, values, idempotencyKey }, { fields: isShownOnForm })
  /** A refusal the page words itself: its sentence on top. */
  const refuseWithSentence = (error: AppError) => formFailure<Extra>(error, { ok: false, values, idempotencyKey })
  if (tooLarge) {
    return refuseWithSentence(
      new AppError('PAYLOAD_TOO_LARGE', t('A photo is larger than {mb} MB: take it again or choose a smaller one (the other photos must be chosen again too)', { mb: MAX_PART_BYTES / 1024 / 1024 }), {
        fieldErrors: { [FILE_FIELDS.has(tooLarge) ? tooLarge : 'photos']: t('Photo too large') },
      }),
    )
  }

  const payload = payloadOf(values, {
    vehicleIdentifier: context.vehicle.vehicleIdentifier,
    timeZone: context.operatorCompany.timeZone,
    today: context.operatorCompany.today,
    idempotencyKey,
  })
  for (const side of DAMAGE_SIDES) {
    const file = form.get(sidePhotoField(side.key))
    if (isFile(file)) payload[side.imageField] = await photoBase64(file)
  }
  const extras = form.getAll(EXTRA_PHOTOS_FIELD).filter(isFile)
  // More than allowed is the use case's 400 ("At most 6 extra photos"): only one more is converted to say so.
  payload.photos = await Promise.all(
    extras.slice(0, PRE_TRIP_RULES.maxPhotos + 1).map(async (f) => ({ photo: await photoBase64(f), name: f.name.slice(0, 100) })),
  )

  // The checklist exactly as posted: a value outside the catalogue goes to the use case as posted
  // (its schema names it, as REST's 400 does); an item left unanswered is never filed as Ok.
  const unanswered: PreInspectionItemKey[] = []
  for (const item of PRE_INSPECTION_ITEMS) {
    const answer = postedAnswer(form, item.key)
    if (answer.kind === 'invalid') payload[item.key] = answer.posted
    else if (answer.kind === 'unanswered') unanswered.push(item.key)
  }
  if (unanswered.length) return refuseWithSentence(unansweredRefusal(payload, unanswered, { today: context.operatorCompany.today, now: ctx.now ?? new Date() }))

  const filed = await attempt(() => submitPreInspection(ctx, payload))
  if (!filed.ok) return refuse(filed.error)
  const { id, isSatisfactory, repairActionId, repairIdentifier, outOfService, sentToRepairShop } = filed.value
  return { ok: true, filed: { id, isSatisfactory, repairActionId, repairIdentifier, outOfService, sentToRepairShop }, vehicleIdentifier: context.vehicle.vehicleIdentifier } satisfies PreTripActionData
}

// ---------------------------------------------------------------------------------------
// The vehicle's QR link
// ---------------------------------------------------------------------------------------

/**
 * /vehicles/{token} (the QR since decision 062) or /vehicles/{id} (older prints): a Driver who
 * may file the vehicle's pre-trip (active assignment of their operator company) lands on the
 * form; Owner managers go to their fleet page with the row open, Operator managers of an active
 * assignment to theirs; an inspector to the inspection of that bus (where a plain id finds a
 * bus only for a company related to it); anyone else to /.
 */
export async function vehicleLinkLoader(args: LoaderFunctionArgs): Promise<never> {
  const ctx = await userPage(args)
  const segment = args.params.vehicleId ?? ''
  const ref = vehicleRefOf(segment)
  if (!ref) throw redirect('/')
  const vehicleId = 'id' in ref ? ref.id : await vehicleIdOfQrToken(ctx, ref.token)
  if (!vehicleId) throw redirect('/')
  const asDriver = await attempt(() => getPreTripContext(ctx, vehicleId))
  if (asDriver.ok) throw redirect(`/preTrip/${vehicleId}`)
  const found = await attempt(() => vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] }))
  // A mechanic who scans the bus with the phone's own camera app lands on the inspection of that bus.
  if (!found.ok && hasRoleAnywhere(ctx.actor, INSPECTOR_ROLES)) throw redirect(`/InspectionPage?vehicle=${encodeURIComponent(`/vehicles/${segment}`)}`)
  if (!found.ok) throw redirect('/')
  const access = found.value
  if (access.as === 'owner') throw redirect(`/fleet/${access.ownerCompanyId}?open=${vehicleId}`)
  throw redirect(`/fleetOperator/${access.operatorCompanyId}?open=${vehicleId}`)
}
