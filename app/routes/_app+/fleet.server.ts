/**
 * Loader and action of the fleet pages: `/fleet/{companyId}` (Owner managers)
 * and `/fleetOperator/{companyId}` (Operator managers, read-only). Every
 * filter, the sort, the page, the open row, its tab and the dialog live in the
 * URL's search params, so links and plain forms work without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt } from '#app/utils/form-data.ts'
import { formatInstant } from '#app/utils/dates.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'
import { listDueItems } from '#server/maintenance/due-list.server.ts'
import { vehicleCostHistory } from '#server/costs/cost-per-mile.server.ts'
import { translateDueNames } from './maintenance-page.server.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { omitEmptySearchParams } from '#app/utils/search-params.server.ts'
import { attempt, companyPage, type PageContext, refusal } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { PAGE_SIZES, VEHICLE_IMAGE, VIN_LOOKUP_MIN } from '#catalog/fleet.ts'
import { fuelTypeLabel } from '#catalog/vehicle.ts'
import { AppError } from '#server/errors.ts'
import { fleetSearchInput } from '#server/fleet/fleet-query.ts'
import { listFleetVehicles } from '#server/fleet/list-vehicles.server.ts'
import { endOperatorAssignment } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle, archiveVehicle, getVehicle, getVehicleFuelSettings, getVehicleQrLink, updateVehicle } from '#server/fleet/vehicles.server.ts'
import { lookupVin } from '#server/fleet/vin-decode.server.ts'
import { listUpcomingAssignmentsByOperator } from '#server/fleet/vehicle-requests.server.ts'
import type { UpcomingAssignmentView } from '#app/components/fleet/upcoming-assignments.tsx'
import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '#server/inspections/list-by-vehicle.server.ts'
import { reviewInspection } from '#server/inspections/review-inspection.server.ts'
import { listEmergencyExitChecks } from '#server/inspections/emergency-exit-checks.server.ts'
import { listRepairsByVehicle } from '#server/repairs/list-repairs.server.ts'
import { openableRepairSources } from '#server/repairs/repair-source.server.ts'
import { companyTimeZone } from '#server/alerts/alerts.server.ts'
import { correctOdometer, getOdometerHistory, type OdometerHistory } from '#server/fleet/odometer-history.server.ts'
import { ODOMETER_TEXT } from '#catalog/texts.ts'
import { type OdometerFormResult, type OdometerHistoryView } from '#app/components/fleet/odometer-history.tsx'
import { ENGINE_HOURS_INTENT, FLEET_INTENT, ODOMETER_INTENT } from '#app/components/fleet/intents.ts'
import { engineHoursAction, loadEngineHoursView } from './fleet-engine-hours.server.ts'
import { operatorAssignmentsWithLeases } from './fleet-leases.server.ts'
import { handleDocumentsIntent, loadDocumentsForTab, readFormWithDocuments, UPLOAD_REJECTED_FIELD } from './fleet-documents.server.ts'
import { CHECKBOX_FIELDS, VEHICLE_FIELD_NAMES, type VehicleFormResult, type VehicleFormValues, emptyVehicleValues, formToValues, vehicleToValues } from '#app/components/fleet/vehicle-fields.ts'
import { type FleetFilters, LIST_PARAMS, SCALAR_PARAMS, filtersFromSearch } from '#app/components/fleet/filters.ts'
import { FLEET_TEXT } from '#app/components/fleet/texts.ts'
import { type FleetScope, vehicleQrPath } from '#app/components/fleet/urls.ts'
import { type DetailTab, type FleetList, type OpenVehicle, type VehicleRecord, tabsFor } from '#app/components/fleet/view-types.ts'
import { fillFromVin, lookupModelYear } from '#app/components/fleet/vin.ts'

const ROLE_OF = { owner: 'Owner', operator: 'Operator' } as const


/**
 * The URL's filters through the list's lenient schema: a parameter that breaks
 * its rule (a hand-edited `pageSize=7` or `sort=price`) is left out, so its
 * default applies and the filter controls show it unset.
 */
function readFilters(search: URLSearchParams): FleetFilters {
  const filters = filtersFromSearch(search)
  const read: Record<string, unknown> = fleetSearchInput.parse({ ...filters })
  for (const k of LIST_PARAMS) if (read[k] === undefined) filters[k] = []
  for (const k of SCALAR_PARAMS) if (read[k] === undefined) filters[k] = ''
  return filters
}

function queryOf(companyId: number, scope: FleetScope, filters: FleetFilters) {
  const query: Record<string, unknown> = { companyId, scope }
  for (const k of LIST_PARAMS) if (filters[k].length) query[k] = filters[k]
  for (const k of SCALAR_PARAMS) if (filters[k] !== '') query[k] = filters[k]
  return query
}

/** A vehicle as the Details tab and the edit dialog show it (the picture is served apart). */
function recordOf(v: Awaited<ReturnType<typeof getVehicle>>): VehicleRecord {
  const record = { id: v.id, ownerId: v.ownerId, hasImage: !!v.imageData } as VehicleRecord
  const source = v as unknown as Record<string, string | number | boolean | null>
  for (const name of VEHICLE_FIELD_NAMES) record[name] = source[name] ?? null
  return record
}

/** The expanded row's data: every tab's list, loaded only for the open vehicle. */
async function loadOpenVehicle(ctx: PageContext, scope: FleetScope, companyId: number, vehicleId: number, locale: Locale): Promise<OpenVehicle> {
  // One clock (decision 063): the page's company's zone, named in every label.
  const [vehicle, timeZone] = await Promise.all([getVehicle(ctx, vehicleId), companyTimeZone(ctx.db.read, companyId)])
  const label = (iso: string) => formatInstant(iso, timeZone, locale)
  const errors: OpenVehicle['errors'] = {}
  // A tab whose list cannot be read shows why; the other tabs still load.
  const safe = async <T>(tab: DetailTab, load: () => Promise<T>, fallback: T): Promise<T> => {
    const loaded = await attempt(load)
    if (loaded.ok) return loaded.value
    errors[tab] = loaded.error.message
    return fallback
  }
  const owner = scope === 'owner'
  const [assignments, preInspections, inspections, repairs, documents, qr, odometer] = await Promise.all([
    owner ? safe('operators', () => operatorAssignmentsWithLeases(ctx, vehicleId), []) : null,
    safe('preInspections', () => listPreInspectionsByVehicle(ctx, vehicleId), []),
    safe('inspections', () => listInspectionsByVehicle(ctx, vehicleId), []),
    owner
      ? safe(
          'repairs',
          async () => {
            const rows = await listRepairsByVehicle(ctx, vehicleId)
            // Each row's source, when the viewer may open it (its own read rule and the print page's guard).
            const sources = await openableRepairSources(ctx, companyId, rows)
            return rows.map((r) => ({
              id: r.id,
              repairIdentifier: r.repairIdentifier,
              isRepaired: r.repairedAt !== null,
              createdAt: r.createdAt,
              createdAtLabel: label(r.createdAt),
              repairedAt: r.repairedAt,
              repairedAtLabel: r.repairedAt ? label(r.repairedAt) : null,
              comments: r.comments ?? null,
              repairCompanyName: r.repairCompanyName,
              preInspectionId: r.preInspectionFormId ?? null,
              source: sources.get(r.id) ?? null,
            }))
          },
          [],
        )
      : null,
    loadDocumentsForTab(ctx, vehicleId),
    getVehicleQrLink(ctx, vehicleId).then((link) => qrDataUrl(link, 220)),
    attempt(() => getOdometerHistory(ctx, vehicleId)),
  ])
  const emergencyExits = await safe('emergencyExits', () => listEmergencyExitChecks(ctx, vehicleId), null)
  // Issue 35: the bus's due items (the owner: all; an operator: read-only, an assigned bus only).
  const maintenance = await safe(
    'maintenance',
    async () => {
      const due = await listDueItems(ctx, { companyId, vehicleId, pageSize: 100 })
      return { items: translateDueNames(due.items, translator(locale)), readOnly: due.readOnly }
    },
    null,
  )
  // Issue 36: the bus's costs per month (the owner: every payer; an operator: its own).
  const costs = await safe('costs', () => vehicleCostHistory(ctx, { vehicleId }), null)
  const engineHours = await loadEngineHoursView(ctx, vehicleId, label)
  // The fuel settings (decision 085) are read apart from the legacy vehicle JSON.
  const fuel = await attempt(() => getVehicleFuelSettings(ctx, vehicleId))
  return {
    vehicle: recordOf(fuel.ok ? { ...vehicle, ...fuel.value } : vehicle),
    emergencyExits,
    maintenance,
    costs,
    qr,
    assignments,
    preInspections: preInspections.map((p) => ({ id: p.id, date: String(p.date), isSatisfactory: !!p.isSatisfactory, driverName: p.driverName ?? '' })),
    inspections: inspections.map((i) => ({ id: i.id, date: String(i.date), isSatisfactory: !!i.isSatisfactory, inspectorName: i.inspectorName ?? '', reviewStatus: i.reviewStatus })),
    repairs,
    documents,
    odometer: odometer.ok ? odometerView(odometer.value, label) : null,
    engineHours,
    errors,
  }
}

/** The history as the Details tab shows it (times in the company's zone, named). */
function odometerView(h: OdometerHistory, label: (iso: string) => string): OdometerHistoryView {
  return {
    vehicleId: h.vehicleId,
    latest: h.latest,
    canCorrect: h.canCorrect,
    readings: h.readings.map((r) => ({
      id: r.id,
      reading: r.reading,
      sourceLabel: r.sourceLabel,
      recordedAtLabel: label(r.recordedAt),
      recordedByName: r.recordedByName,
      reason: r.reason,
      isBaseline: r.isBaseline,
      beforeBaseline: r.beforeBaseline,
    })),
  }
}

/** The owner's odometer correction (a plain post from the Details tab), back to the same row. */
async function correctOdometerAction(ctx: PageContext, request: Request, form: FormData) {
  const values = { reading: String(form.get('reading') ?? ''), reason: String(form.get('reason') ?? '') }
  const corrected = await attempt(() => correctOdometer(ctx, { vehicleId: form.get('vehicleId'), ...values }), { log: 'odometer correction failed' })
  if (corrected.ok) return redirectWithToast(backUrl(request, { tab: 'details' }), { type: 'success', message: ODOMETER_TEXT.corrected })
  // In the page's language (decision 074), like every form's refusal.
  const result: OdometerFormResult = { intent: ODOMETER_INTENT, ...refusal(corrected.error), values }
  return data(result, { status: corrected.error.status })
}

export type FleetDialog =
  | { kind: 'add'; values: VehicleFormValues }
  | { kind: 'edit'; id: number; vehicleIdentifier: string; hasImage: boolean; values: VehicleFormValues; version: number }
  | { kind: 'delete'; id: number; vehicleIdentifier: string }
  | { kind: 'qr'; id: number; vehicleIdentifier: string; qr: string }

/** `?dialog=add`, `?dialog=edit&id=…`, `?dialog=delete&id=…`, `?dialog=qr&id=…`: the dialogs as pages (no JavaScript). */
async function loadDialog(ctx: PageContext, scope: FleetScope, url: URL): Promise<{ dialog: FleetDialog | null; error: string | null }> {
  const kind = url.searchParams.get('dialog')
  if (!kind) return { dialog: null, error: null }
  if (kind === 'add') return scope === 'owner' ? { dialog: { kind: 'add', values: emptyVehicleValues() }, error: null } : { dialog: null, error: FLEET_TEXT.readOnly }
  const id = positiveInt(url.searchParams.get('id'))
  if (!id || !['edit', 'delete', 'qr'].includes(kind)) return { dialog: null, error: null }
  if (kind !== 'qr' && scope !== 'owner') return { dialog: null, error: FLEET_TEXT.readOnly }
  const loaded = await attempt(() => getVehicle(ctx, id))
  if (!loaded.ok) return { dialog: null, error: FLEET_TEXT.vehicleNotLoaded }
  const v = loaded.value
  {
    if (kind === 'edit') {
      // The fuel settings (decision 085) are kept out of the legacy vehicle JSON: read apart.
      const fuel = await getVehicleFuelSettings(ctx, id)
      return { dialog: { kind, id, vehicleIdentifier: v.vehicleIdentifier, hasImage: !!v.imageData, values: vehicleToValues({ ...v, ...fuel }), version: v.version }, error: null }
    }
    if (kind === 'delete') return { dialog: { kind, id, vehicleIdentifier: v.vehicleIdentifier }, error: null }
    return { dialog: { kind: 'qr', id, vehicleIdentifier: v.vehicleIdentifier, qr: await qrDataUrl(await getVehicleQrLink(ctx, id), 220) }, error: null }
  }
}

/** The table when its list could not be read: empty, with the server's message. */
function emptyList(error: string): FleetList {
  return {
    items: [],
    total: 0,
    page: 1,
    pageSize: PAGE_SIZES[0],
    pageCount: 1,
    sort: 'vehicleIdentifier',
    dir: 'asc',
    today: new Date().toISOString().slice(0, 10),
    options: { makes: [], models: [], colors: [] },
    error,
  }
}

/** Loader of both fleet pages. */
export async function fleetPageLoader(args: LoaderFunctionArgs, scope: FleetScope) {
  const { ctx, companyId } = await companyPage(args, [ROLE_OF[scope]])
  omitEmptySearchParams(args.request)
  const url = new URL(args.request.url)
  const filters = readFilters(url.searchParams)

  let list: FleetList
  const listed = await attempt(() => listFleetVehicles(ctx, queryOf(companyId, scope, filters)))
  if (listed.ok) {
    const result = listed.value
    const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize))
    if (result.page > pageCount) {
      // Past the last page (vehicles were deleted or filtered away): show the last one.
      url.searchParams.set('page', String(pageCount))
      throw redirect(url.pathname + url.search)
    }
    list = {
      items: result.items.map((v) => ({ ...v, qr: vehicleQrPath(v.id), fuelTypeLabel: fuelTypeLabel(v.fuelType) })),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      pageCount,
      sort: result.sort,
      dir: result.dir,
      today: result.today,
      options: result.options,
      error: null,
    }
  } else {
    list = emptyList(listed.error.message)
  }

  const openId = positiveInt(url.searchParams.get('open'))
  const opened = openId ? await attempt(() => loadOpenVehicle(ctx, scope, companyId, openId, localeOfRequest(args.request))) : null
  const open = opened?.ok ? opened.value : null
  const openError = opened && !opened.ok ? FLEET_TEXT.vehicleNotLoaded : null
  const tabParam = url.searchParams.get('tab')
  const openTab: DetailTab = tabsFor(scope).find((t) => t.value === tabParam)?.value ?? 'details'
  const { dialog, error: dialogError } = await loadDialog(ctx, scope, url)
  // The operator's approved assignments that start later, listed as upcoming (decision 059).
  const upcomingRead = scope === 'operator' ? await attempt(() => listUpcomingAssignmentsByOperator(ctx, companyId)) : null
  const upcoming: UpcomingAssignmentView[] = upcomingRead?.ok ? upcomingRead.value : []

  return {
    title: translator(localeOfRequest(args.request))(FLEET_TEXT.title),
    scope,
    companyId,
    filters,
    list,
    openId: open ? openId : null,
    open,
    openTab,
    openError,
    dialog,
    dialogError,
    upcoming,
    messages: routeMessages(args.request, 'fleet', 'costs'),
  }
}
export type FleetLoaderData = Awaited<ReturnType<typeof fleetPageLoader>>

/** Where the action goes back to: the same filters and page, without the dialog. */
function backUrl(request: Request, changes: { open?: number | null; tab?: string } = {}) {
  const url = new URL(request.url)
  for (const k of ['dialog', 'id', 'index']) url.searchParams.delete(k)
  if (changes.open === null) {
    url.searchParams.delete('open')
    url.searchParams.delete('tab')
  } else if (changes.open !== undefined) {
    url.searchParams.set('open', String(changes.open))
    url.searchParams.delete('tab')
  }
  if (changes.tab) url.searchParams.set('tab', changes.tab)
  return url.pathname + url.search
}

/** The vehicle's fields from the form: empty text is "not given", an unchecked box is false. */
function vehicleInputOf(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const name of VEHICLE_FIELD_NAMES) {
    const value = form.get(name)
    if ((CHECKBOX_FIELDS as readonly string[]).includes(name)) input[name] = value === 'on' || value === 'true'
    else input[name] = typeof value === 'string' ? value : ''
  }
  return input
}

const pictureTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'The picture is larger than 2 MB', { fieldErrors: { imageData: 'The picture must be at most 2 MB' } })

/**
 * The picture: the browser's cropped JPEG (`imageData`, base64) or, without
 * JavaScript, the chosen file's bytes. `undefined` keeps the current picture,
 * `null` removes it.
 */
async function imageOf(form: FormData): Promise<string | null | undefined> {
  const cropped = form.get('imageData')
  if (typeof cropped === 'string' && cropped !== '') return cropped
  const file = form.get('imageFile')
  if (file instanceof File && file.size > 0) {
    if (file.size > VEHICLE_IMAGE.maxBytes) throw pictureTooLarge()
    return Buffer.from(await file.arrayBuffer()).toString('base64')
  }
  if (form.get('removeImage') === 'on') return null
  return undefined
}

function formResult(intent: string, form: FormData, over: Partial<VehicleFormResult>): VehicleFormResult {
  const cropped = form.get('imageData')
  return {
    intent,
    values: formToValues(form),
    fieldErrors: {},
    formError: null,
    toast: null,
    imageData: typeof cropped === 'string' && cropped !== '' && cropped.length <= 4_000_000 ? cropped : null,
    vinLookup: null,
    ...over,
  }
}

/** The form again with every field's message (the use case's, in the page's language: decision 074) and the spec's toast. */
function failure(intent: string, form: FormData, error: AppError, toast: string) {
  // An unexpected failure (logged by `attempt`) shows only the spec's text.
  const refused = refusal(error)
  const formError = error.code === 'INTERNAL' ? toast : refused.formError
  return data(formResult(intent, form, { fieldErrors: refused.fieldErrors, formError, toast: { type: 'error', message: toast } }), {
    status: error.status,
  })
}

/** Without JavaScript, "VIN lookup" posts the whole form: it comes back filled (or reset, spec section 4). */
async function vinLookupAction(ctx: PageContext, form: FormData) {
  const intent = FLEET_INTENT.vinLookup
  const vin = String(form.get('vin') ?? '')
    .trim()
    .toUpperCase()
  if (vin.length < VIN_LOOKUP_MIN) {
    const message = translateForRequest(msg('Enter at least {n} characters of the VIN'), { n: VIN_LOOKUP_MIN })
    return data(formResult(intent, form, { fieldErrors: { vin: message } }), { status: 400 })
  }
  const modelYear = lookupModelYear(form.get('yearBuild'))
  const looked = await attempt(() => lookupVin(ctx, { vin, ...(modelYear ? { modelYear } : {}) }), { log: 'fleet page action failed', intent })
  if (!looked.ok) return failure(intent, form, looked.error, FLEET_TEXT.vinNotFound)
  const found = looked.value
  if (!found.found) {
    const values = { ...emptyVehicleValues(), vin }
    return data(
      formResult(intent, form, {
        values,
        imageData: null,
        toast: { type: 'error', message: FLEET_TEXT.vinNotFound },
        vinLookup: { found: false, message: FLEET_TEXT.vinNotFound },
      }),
    )
  }
  const { values, message, filled } = fillFromVin(formToValues(form), vin, found, translateForRequest)
  return data(formResult(intent, form, { values, vinLookup: { found: true, message, filled, checkDigitValid: found.checkDigitValid } }))
}

/** Add or Edit: the form's fields, the picture, then the use case (which checks every rule, as for tRPC and REST). */
async function saveVehicle(ctx: PageContext, request: Request, companyId: number, form: FormData, intent: string) {
  const adding = intent === FLEET_INTENT.add
  const id = positiveInt(form.get('id'))
  const saved = await attempt(
    async () => {
      if (!adding && !id) throw new AppError('BAD_REQUEST', FLEET_TEXT.vehicleNotLoaded)
      const imageData = await imageOf(form)
      if (adding) return addVehicle(ctx, { ...vehicleInputOf(form), ownerId: companyId, ...(imageData ? { imageData } : {}) })
      return updateVehicle(ctx, { ...vehicleInputOf(form), id, version: form.get('version'), ...(imageData !== undefined ? { imageData } : {}) })
    },
    { log: 'fleet page action failed', intent },
  )
  if (!saved.ok) return failure(intent, form, saved.error, adding ? FLEET_TEXT.addFailed : FLEET_TEXT.updateFailed)
  if (adding) return redirectWithToast(backUrl(request, { open: saved.value.id }), { type: 'success', message: FLEET_TEXT.added })
  return redirectWithToast(backUrl(request), { type: 'success', message: FLEET_TEXT.updated })
}

/** Delete (archive). The 409 of an active assignment explains itself: it follows the spec's text. */
async function deleteVehicle(ctx: PageContext, request: Request, companyId: number, form: FormData) {
  const id = positiveInt(form.get('id'))
  const open = positiveInt(new URL(request.url).searchParams.get('open'))
  const archived = await attempt(
    async () => {
      if (!id) throw new AppError('BAD_REQUEST', FLEET_TEXT.vehicleNotLoaded)
      return archiveVehicle(ctx, id)
    },
    { log: 'deleting a vehicle failed', companyId },
  )
  if (archived.ok) return redirectWithToast(backUrl(request, open === id ? { open: null } : {}), { type: 'success', message: archived.value.message })
  const message = archived.error.code === 'INTERNAL' ? FLEET_TEXT.deleteFailed : `${FLEET_TEXT.deleteFailed}: ${archived.error.message}`
  return redirectWithToast(backUrl(request), { type: 'error', message })
}

/** Action of both fleet pages; operators may change nothing (spec section 6). */
export async function fleetPageAction(args: ActionFunctionArgs, scope: FleetScope) {
  const { ctx, companyId } = await companyPage(args, [ROLE_OF[scope]])
  if (scope !== 'owner') {
    return data({ formError: FLEET_TEXT.readOnly, toast: { type: 'error' as const, message: FLEET_TEXT.readOnly } }, { status: 403 })
  }
  const { request } = args
  // Bounded multipart reading (documents up to 5 MB each; the picture is checked again below).
  const form = await readFormWithDocuments(request)
  const vehicleForm = form.has('licensePlate') && form.has('vin')
  if (vehicleForm && form.get(UPLOAD_REJECTED_FIELD)) {
    // A picture over 5 MB posted without JavaScript: the documents reader refused the file.
    const intent = positiveInt(form.get('id')) ? FLEET_INTENT.edit : FLEET_INTENT.add
    const toast = intent === FLEET_INTENT.add ? FLEET_TEXT.addFailed : FLEET_TEXT.updateFailed
    return failure(intent, form, pictureTooLarge(), toast)
  }
  const intent = String(form.get('intent') ?? '')

  switch (intent) {
    case FLEET_INTENT.add:
    case FLEET_INTENT.edit:
      return saveVehicle(ctx, request, companyId, form, intent)
    case FLEET_INTENT.delete:
      return deleteVehicle(ctx, request, companyId, form)
    case FLEET_INTENT.vinLookup:
      return vinLookupAction(ctx, form)
    case ODOMETER_INTENT:
      return correctOdometerAction(ctx, request, form)
    case ENGINE_HOURS_INTENT.record:
    case ENGINE_HOURS_INTENT.correct:
      return engineHoursAction(ctx, form, intent, backUrl(request, { tab: 'details' }))
    case FLEET_INTENT.endAssignment: {
      const back = backUrl(request, { tab: 'operators' })
      const ended = await attempt(() => endOperatorAssignment(ctx, { assignmentId: form.get('assignmentId') }))
      return redirectWithToast(back, ended.ok ? { type: 'success', message: ended.value.message } : { type: 'error', message: ended.error.message })
    }
    case FLEET_INTENT.reviewInspection: {
      // Decision 062: the owner accepts or rejects an inspection by an unrelated company.
      const back = backUrl(request, { tab: 'inspections' })
      const reviewed = await attempt(() => reviewInspection(ctx, { inspectionId: form.get('inspectionId'), decision: form.get('decision') }))
      return redirectWithToast(back, reviewed.ok ? { type: 'success', message: reviewed.value.message } : { type: 'error', message: reviewed.error.message })
    }
    default: {
      // The Documents tab's own intents (upload, delete), back to the same row and tab.
      const handled = await handleDocumentsIntent(ctx, form, { redirectTo: backUrl(request) })
      if (handled) return handled
      return redirect(backUrl(request))
    }
  }
}
