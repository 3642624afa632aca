/**
 * Loader and action of the fleet pages: `/fleet/{companyId}` (Owner managers)
 * and `/fleetOperator/{companyId}` (Operator managers, read-only). Every
 * filter, the sort, the page, the open row, its tab and the dialog live in the
 * URL's search params, so links and plain forms work without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requirePageRole } from '#app/utils/auth.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { fuelTypeLabel } from '#catalog/vehicle.ts'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { env } from '#server/env.server.ts'
import { AppError, isAppError } from '#server/errors.ts'
import { listFleetVehicles, SORTABLE } from '#server/fleet/list-vehicles.server.ts'
import { endOperatorAssignment, getVehicleOperatorAssignments } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle, archiveVehicle, getVehicle, updateVehicle } from '#server/fleet/vehicles.server.ts'
import { lookupVin } from '#server/fleet/vin-decode.server.ts'
import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '#server/inspections/list-by-vehicle.server.ts'
import { logger } from '#server/log.server.ts'
import { listRepairsByVehicle } from '#server/repairs/list-repairs.server.ts'
import { MAX_IMAGE_BYTES } from '#server/uploads/image.server.ts'
import { handleDocumentsIntent, loadDocumentsForTab, readFormWithDocuments, UPLOAD_REJECTED_FIELD } from './fleet-documents.server.ts'
import {
  CHECKBOX_FIELDS,
  emptyVehicleValues,
  FLEET_INTENT,
  FLEET_PAGE_SIZES,
  FLEET_TEXT,
  filtersFromSearch,
  formToValues,
  LIST_PARAMS,
  SCALAR_PARAMS,
  SORT_COLUMNS,
  tabsFor,
  VEHICLE_FIELD_NAMES,
  VIN_LOOKUP_MIN,
  vehicleToValues,
  type DetailTab,
  type FleetFilters,
  type FleetList,
  type FleetScope,
  type OpenVehicle,
  type SortColumn,
  type VehicleFormResult,
  type VehicleFormValues,
  type VehicleRecord,
  vehicleQrPath,
} from '#app/components/fleet/shared.ts'

// The page's client list of sortable columns must be the domain's.
const _sortColumnsMatch: readonly SortColumn[] = SORTABLE
void _sortColumnsMatch

const ROLE_OF = { owner: 'Owner', operator: 'Operator' } as const

function contextOf(actor: UseCaseContext['actor'], ip: string | undefined): UseCaseContext {
  return { db: getDb(), actor, ip }
}

/** The link a vehicle's QR encodes: it opens the vehicle (see routes/_app+/vehicles.$vehicleId.tsx). */
export function vehicleLink(vehicleId: number): string {
  return `${env().APP_URL}/vehicles/${vehicleId}`
}

function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

function queryOf(companyId: number, scope: FleetScope, filters: FleetFilters, drop: ReadonlySet<string>) {
  const query: Record<string, unknown> = { companyId, scope }
  for (const k of LIST_PARAMS) if (!drop.has(k) && filters[k].length) query[k] = filters[k]
  for (const k of SCALAR_PARAMS) if (!drop.has(k) && filters[k] !== '') query[k] = filters[k]
  return query
}

async function loadList(ctx: UseCaseContext, companyId: number, scope: FleetScope, filters: FleetFilters) {
  const drop = new Set<string>()
  // A hand-edited URL with a bad value (pageSize=7, sort=price) falls back to the default of that param.
  for (let attempt = 0; ; attempt++) {
    try {
      return { result: await listFleetVehicles(ctx, queryOf(companyId, scope, filters, drop)), dropped: drop }
    } catch (error) {
      if (!isAppError(error) || error.code !== 'BAD_REQUEST' || attempt >= 2) throw error
      const keys = Object.keys(error.fieldErrors ?? {}).map((k) => k.split('.')[0]!)
      if (!keys.length) throw error
      for (const k of keys) drop.add(k)
    }
  }
}

/** A vehicle as the Details tab and the edit dialog show it (the picture is served apart). */
function recordOf(v: Awaited<ReturnType<typeof getVehicle>>): VehicleRecord {
  const record = { id: v.id, ownerId: v.ownerId, hasImage: !!v.imageData } as VehicleRecord
  const source = v as unknown as Record<string, string | number | boolean | null>
  for (const name of VEHICLE_FIELD_NAMES) record[name] = source[name] ?? null
  return record
}

const instantFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const formatInstant = (iso: string) => `${instantFormat.format(new Date(iso))} UTC`

/** The expanded row's data: every tab's list, loaded only for the open vehicle. */
async function loadOpenVehicle(ctx: UseCaseContext, scope: FleetScope, vehicleId: number): Promise<OpenVehicle> {
  const vehicle = await getVehicle(ctx, vehicleId)
  const errors: OpenVehicle['errors'] = {}
  const safe = async <T>(tab: DetailTab, load: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await load()
    } catch (error) {
      if (!isAppError(error)) throw error
      errors[tab] = error.message
      return fallback
    }
  }
  const owner = scope === 'owner'
  const [assignments, preInspections, inspections, repairs, documents, qr] = await Promise.all([
    owner ? safe('operators', () => getVehicleOperatorAssignments(ctx, vehicleId), []) : null,
    safe('preInspections', () => listPreInspectionsByVehicle(ctx, vehicleId), []),
    safe('inspections', () => listInspectionsByVehicle(ctx, vehicleId), []),
    owner
      ? safe(
          'repairs',
          async () =>
            (await listRepairsByVehicle(ctx, vehicleId)).map((r) => ({
              id: r.id,
              repairIdentifier: r.repairIdentifier,
              isRepaired: r.repairedAt !== null,
              createdAt: r.createdAt,
              createdAtLabel: formatInstant(r.createdAt),
              repairedAt: r.repairedAt,
              repairedAtLabel: r.repairedAt ? formatInstant(r.repairedAt) : null,
              comments: r.comments ?? null,
              repairCompanyName: r.repairCompanyName,
            })),
          [],
        )
      : null,
    loadDocumentsForTab(ctx, vehicleId),
    qrDataUrl(vehicleLink(vehicleId), 220),
  ])
  return {
    vehicle: recordOf(vehicle),
    qr,
    assignments,
    preInspections: preInspections.map((p) => ({ id: p.id, date: String(p.date), isSatisfactory: !!p.isSatisfactory, driverName: p.driverName ?? '' })),
    inspections: inspections.map((i) => ({ id: i.id, date: String(i.date), isSatisfactory: !!i.isSatisfactory, inspectorName: i.inspectorName ?? '' })),
    repairs,
    documents,
    errors,
  }
}

export type FleetDialog =
  | { kind: 'add'; values: VehicleFormValues }
  | { kind: 'edit'; id: number; vehicleIdentifier: string; hasImage: boolean; values: VehicleFormValues }
  | { kind: 'delete'; id: number; vehicleIdentifier: string }
  | { kind: 'qr'; id: number; vehicleIdentifier: string; qr: string }

/** `?dialog=add`, `?dialog=edit&id=…`, `?dialog=delete&id=…`, `?dialog=qr&id=…`: the dialogs as pages (no JavaScript). */
async function loadDialog(ctx: UseCaseContext, scope: FleetScope, url: URL): Promise<{ dialog: FleetDialog | null; error: string | null }> {
  const kind = url.searchParams.get('dialog')
  if (!kind) return { dialog: null, error: null }
  if (kind === 'add') return scope === 'owner' ? { dialog: { kind: 'add', values: emptyVehicleValues() }, error: null } : { dialog: null, error: FLEET_TEXT.readOnly }
  const id = positiveInt(url.searchParams.get('id'))
  if (!id || !['edit', 'delete', 'qr'].includes(kind)) return { dialog: null, error: null }
  if (kind !== 'qr' && scope !== 'owner') return { dialog: null, error: FLEET_TEXT.readOnly }
  try {
    const v = await getVehicle(ctx, id)
    if (kind === 'edit') return { dialog: { kind, id, vehicleIdentifier: v.vehicleIdentifier, hasImage: !!v.imageData, values: vehicleToValues(v) }, error: null }
    if (kind === 'delete') return { dialog: { kind, id, vehicleIdentifier: v.vehicleIdentifier }, error: null }
    return { dialog: { kind: 'qr', id, vehicleIdentifier: v.vehicleIdentifier, qr: await qrDataUrl(vehicleLink(id), 220) }, error: null }
  } catch (error) {
    if (!isAppError(error)) throw error
    return { dialog: null, error: FLEET_TEXT.vehicleNotLoaded }
  }
}

/** Loader of both fleet pages. */
export async function fleetPageLoader({ request, params, context }: LoaderFunctionArgs, scope: FleetScope) {
  const { actor, companyId } = await requirePageRole(request, params, [ROLE_OF[scope]])
  const ctx = contextOf(actor, context.clientIp)
  const url = new URL(request.url)
  const filters = filtersFromSearch(url.searchParams)

  let list: FleetList
  try {
    const { result, dropped } = await loadList(ctx, companyId, scope, filters)
    for (const k of dropped) {
      if ((LIST_PARAMS as readonly string[]).includes(k)) filters[k as (typeof LIST_PARAMS)[number]] = []
      else filters[k as (typeof SCALAR_PARAMS)[number]] = ''
    }
    const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize))
    if (result.page > pageCount) {
      // Past the last page (vehicles were deleted or filtered away): show the last one.
      url.searchParams.set('page', String(pageCount))
      throw redirect(url.pathname + url.search)
    }
    const sort = (SORT_COLUMNS as readonly string[]).includes(filters.sort) ? (filters.sort as SortColumn) : 'vehicleIdentifier'
    list = {
      items: result.items.map((v) => ({ ...v, qr: vehicleQrPath(v.id), fuelTypeLabel: fuelTypeLabel(v.fuelType) })),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      pageCount,
      sort,
      dir: filters.dir === 'desc' ? 'desc' : 'asc',
      today: result.today,
      options: result.options,
      error: null,
    }
  } catch (error) {
    if (!isAppError(error)) throw error
    list = {
      items: [],
      total: 0,
      page: 1,
      pageSize: FLEET_PAGE_SIZES[0],
      pageCount: 1,
      sort: 'vehicleIdentifier',
      dir: 'asc',
      today: new Date().toISOString().slice(0, 10),
      options: { makes: [], models: [], colors: [] },
      error: error.message,
    }
  }

  const openId = positiveInt(url.searchParams.get('open'))
  let open: OpenVehicle | null = null
  let openError: string | null = null
  if (openId) {
    try {
      open = await loadOpenVehicle(ctx, scope, openId)
    } catch (error) {
      if (!isAppError(error)) throw error
      openError = FLEET_TEXT.vehicleNotLoaded
    }
  }
  const tabParam = url.searchParams.get('tab')
  const openTab: DetailTab = tabsFor(scope).find((t) => t.value === tabParam)?.value ?? 'details'
  const { dialog, error: dialogError } = await loadDialog(ctx, scope, url)

  return {
    title: FLEET_TEXT.title,
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
    if (file.size > MAX_IMAGE_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The picture is larger than 2 MB', { fieldErrors: { imageData: 'The picture must be at most 2 MB' } })
    }
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

function failure(intent: string, form: FormData, error: unknown, toast: string) {
  if (!isAppError(error)) {
    logger().error({ err: error, intent }, 'fleet page action failed')
    return data(formResult(intent, form, { formError: toast, toast: { type: 'error', message: toast } }), { status: 500 })
  }
  return data(
    formResult(intent, form, {
      fieldErrors: error.fieldErrors ?? {},
      formError: error.message,
      toast: { type: 'error', message: toast },
    }),
    { status: error.status },
  )
}

/** Without JavaScript, "VIN lookup" posts the whole form: it comes back filled (or reset, spec section 4). */
async function vinLookupAction(ctx: UseCaseContext, form: FormData) {
  const intent = FLEET_INTENT.vinLookup
  const vin = String(form.get('vin') ?? '')
    .trim()
    .toUpperCase()
  if (vin.length < VIN_LOOKUP_MIN) {
    const message = `Enter at least ${VIN_LOOKUP_MIN} characters of the VIN`
    return data(formResult(intent, form, { fieldErrors: { vin: message } }), { status: 400 })
  }
  try {
    const year = Number(form.get('yearBuild'))
    // The year typed settles heavy vehicles' ambiguous model-year codes.
    const found = await lookupVin(ctx, { vin, ...(Number.isInteger(year) && year >= 1981 && year <= 2100 ? { modelYear: year } : {}) })
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
    const values = { ...formToValues(form), vin }
    const set = (name: keyof VehicleFormValues, value: string | number | null | undefined) => {
      if (value !== null && value !== undefined && value !== '') values[name] = String(value)
    }
    set('make', found.make)
    set('model', found.model)
    set('yearBuild', found.modelYear)
    set('numberOfSeats', found.numberOfSeats)
    set('fuelType', found.fuelType)
    set('transmissionType', found.transmissionType)
    set('powertrainType', found.powertrainType)
    const message = `Found: ${[found.make, found.model, found.modelYear].filter(Boolean).join(' ')}`
    return data(formResult(intent, form, { values, vinLookup: { found: true, message, checkDigitValid: found.checkDigitValid } }))
  } catch (error) {
    return failure(intent, form, error, FLEET_TEXT.vinNotFound)
  }
}

/** Action of both fleet pages; operators may change nothing (spec section 6). */
export async function fleetPageAction({ request, params, context }: ActionFunctionArgs, scope: FleetScope) {
  const { actor, companyId } = await requirePageRole(request, params, [ROLE_OF[scope]])
  if (scope !== 'owner') {
    return data({ formError: FLEET_TEXT.readOnly, toast: { type: 'error' as const, message: FLEET_TEXT.readOnly } }, { status: 403 })
  }
  const ctx = contextOf(actor, context.clientIp)
  // Bounded multipart reading (documents up to 5 MB each; the picture is checked again below).
  const form = await readFormWithDocuments(request)
  const vehicleForm = form.has('licensePlate') && form.has('vin')
  if (vehicleForm && form.get(UPLOAD_REJECTED_FIELD)) {
    // A picture over 5 MB posted without JavaScript: the documents reader refused the file.
    const intent = positiveInt(form.get('id')) ? FLEET_INTENT.edit : FLEET_INTENT.add
    const toast = intent === FLEET_INTENT.add ? FLEET_TEXT.addFailed : FLEET_TEXT.updateFailed
    return failure(intent, form, new AppError('PAYLOAD_TOO_LARGE', 'The picture is larger than 2 MB', { fieldErrors: { imageData: 'The picture must be at most 2 MB' } }), toast)
  }
  const intent = String(form.get('intent') ?? '')

  switch (intent) {
    case FLEET_INTENT.add: {
      try {
        const imageData = await imageOf(form)
        const created = await addVehicle(ctx, { ...vehicleInputOf(form), ownerId: companyId, ...(imageData ? { imageData } : {}) })
        return redirectWithToast(backUrl(request, { open: created.id }), { type: 'success', message: FLEET_TEXT.added })
      } catch (error) {
        return failure(intent, form, error, FLEET_TEXT.addFailed)
      }
    }
    case FLEET_INTENT.edit: {
      const id = positiveInt(form.get('id'))
      try {
        if (!id) throw new AppError('BAD_REQUEST', FLEET_TEXT.vehicleNotLoaded)
        const imageData = await imageOf(form)
        await updateVehicle(ctx, { ...vehicleInputOf(form), id, ...(imageData !== undefined ? { imageData } : {}) })
        return redirectWithToast(backUrl(request), { type: 'success', message: FLEET_TEXT.updated })
      } catch (error) {
        return failure(intent, form, error, FLEET_TEXT.updateFailed)
      }
    }
    case FLEET_INTENT.delete: {
      const id = positiveInt(form.get('id'))
      const open = positiveInt(new URL(request.url).searchParams.get('open'))
      try {
        if (!id) throw new AppError('BAD_REQUEST', FLEET_TEXT.vehicleNotLoaded)
        const { message } = await archiveVehicle(ctx, id)
        return redirectWithToast(backUrl(request, open === id ? { open: null } : {}), { type: 'success', message })
      } catch (error) {
        if (!isAppError(error)) logger().error({ err: error, companyId }, 'deleting a vehicle failed')
        // The 409 of an active assignment explains itself: show it after the spec's text.
        const message = isAppError(error) ? `${FLEET_TEXT.deleteFailed}: ${error.message}` : FLEET_TEXT.deleteFailed
        return redirectWithToast(backUrl(request), { type: 'error', message })
      }
    }
    case FLEET_INTENT.vinLookup:
      return vinLookupAction(ctx, form)
    case FLEET_INTENT.endAssignment: {
      try {
        const { message } = await endOperatorAssignment(ctx, { assignmentId: form.get('assignmentId') })
        return redirectWithToast(backUrl(request, { tab: 'operators' }), { type: 'success', message })
      } catch (error) {
        if (!isAppError(error)) throw error
        return redirectWithToast(backUrl(request, { tab: 'operators' }), { type: 'error', message: error.message })
      }
    }
    default: {
      // The Documents tab's own intents (upload, delete), back to the same row and tab.
      const handled = await handleDocumentsIntent(ctx, form, { redirectTo: backUrl(request) })
      if (handled) return handled
      return redirect(backUrl(request))
    }
  }
}
