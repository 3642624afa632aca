/**
 * /InspectionPage through its Remix loader and action, as a browser without JavaScript uses
 * it: the GET form finds the vehicle (identifier or QR link), the whole inspection is posted
 * as one multipart form with a typed name for a signature and a photo, refusals come back
 * with every field's message and everything typed, "Mark all Satisfactory" works as a post.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as page from '#app/routes/_app+/InspectionPage.tsx'
import { INSPECTION_INTENT } from '#app/components/inspections/inspection-form/intents.ts'
import { buildMenu } from '#app/utils/menu.ts'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, inspectionPhotos, inspections } from '#db/schema/index.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { addDays, inspectionInput, oneYearAfter } from '#server/inspections/inspection-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import { sayText } from '#catalog/i18n.ts'
import { formatMessage, formatUncompiled, type CompiledMessages } from '#app/utils/messages.ts'
import { requestScope, runInRequestScope } from '#server/context/request-scope.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { INSPECTOR_ROLES, ROLE_NAMES, type RoleName } from '#catalog/roles.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

let db: Database
let mechanicCookie: string
let mechanicId: number
let driverCookie: string
let owner: number
let ownerCompany: number
let seq = 0
const PNG = new Raster(30, 30, [200, 30, 30, 255]).toPng()

const newBus = async () =>
  addVehicle(await ctxFor(db, owner), {
    ownerId: ownerCompany,
    make: 'Thomas',
    model: 'Saf-T-Liner',
    vin: withVinCheckDigit(`4UZABRDT0NC${String(300000 + seq++).slice(-6)}`),
    licensePlate: 'PG-1',
    odometer: 1000,
  })

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  const ownerCo = await createCompany(db, 'Page Leasing', ['Owner'])
  const shop = await createCompany(db, 'Page Garage', ['RepairShop'])
  const operator = await createCompany(db, 'Page Schools', ['Operator'])
  ownerCompany = ownerCo.id
  owner = (await createUser(db)).id
  await grantRole(db, owner, ownerCo.id, 'Owner')
  const mechanic = (await createUser(db, { firstName: 'Nora', lastName: 'Wrench' })).id
  await grantRole(db, mechanic, shop.id, 'Mechanic')
  mechanicCookie = await webSessionFor(db, mechanic)
  mechanicId = mechanic
  const driver = (await createUser(db)).id
  await grantRole(db, driver, operator.id, 'Driver')
  driverCookie = await webSessionFor(db, driver)
  // Page Garage is the owner's chosen shop: its mechanic's filings apply at once (decision 062).
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
})
afterAll(() => db.close())

type LoaderData = Awaited<ReturnType<typeof page.loader>>
const load = async (search: string, cookie = mechanicCookie) => callPage(page.loader as PageHandler, `/InspectionPage${search}`, { cookie, params: {} })
const post = async (search: string, form: FormData, cookie = mechanicCookie) => callPage(page.action as PageHandler, `/InspectionPage${search}`, { cookie, form, params: {} })

/** A request in Spanish as the HTTP layer runs it: the language in the request's scope (decision 074). */
const inSpanish = <T,>(run: () => Promise<T>): Promise<T> =>
  runInRequestScope(() => {
    requestScope()!.locale = 'es'
    return run()
  }).result

/** The form as the browser sends it without JavaScript: every radio, the typed name, a photo. */
function noJsForm(vehicleIdentifier: string, key: string, over: Record<string, string> = {}): FormData {
  const form = new FormData()
  form.set('vehicleIdentifier', vehicleIdentifier)
  form.set('idempotencyKey', key)
  form.set('inspectionDate', todayIn('UTC'))
  form.set('odometer', '1200')
  for (const k of INSPECTION_ITEM_KEYS) {
    form.set(`${k}.status`, '0')
    form.set(`${k}.comments`, '')
  }
  form.set('signatureName', 'Nora Wrench')
  form.set('photos', new File([new Uint8Array(PNG)], 'dash.png', { type: 'image/png' }))
  form.set('intent', INSPECTION_INTENT.file)
  for (const [k, v] of Object.entries(over)) form.set(k, v)
  return form
}

describe('/InspectionPage', () => {
  it('the menu offers the page to exactly those who may file (the one list of INSPECTOR_ROLES)', () => {
    const offered = (name: RoleName) =>
      buildMenu([{ companyId: 1, companyName: 'C', companyCode: 'C', companyTypes: ['Operator'], roles: [{ id: 1, name }] }])
        .flatMap((g) => g.links)
        .some((l) => l.to === '/InspectionPage')
    for (const role of ROLE_NAMES) expect(offered(role), role).toBe((INSPECTOR_ROLES as readonly string[]).includes(role))
  })

  it('lets inspectors in; drivers go home, strangers to the login', async () => {
    expect((await load('', driverCookie)).location).toBe('/')
    expect((await load('', '')).location).toMatch(/^\/login/)
    const ok = await load('')
    expect(ok.status).toBe(200)
    const data = ok.body as LoaderData
    expect(data.vehicle).toBeNull()
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(data.window).toMatchObject({ today: todayIn('UTC'), latest: todayIn('UTC') })
  })

  it('finds the vehicle by its identifier typed or by its QR link; an unknown one says so', async () => {
    const bus = await newBus()
    const typed = (await load(`?vehicle=${encodeURIComponent(bus.vehicleIdentifier.toLowerCase())}`)).body as LoaderData
    expect(typed.vehicle).toMatchObject({ id: bus.id, vehicleIdentifier: bus.vehicleIdentifier, make: 'Thomas', odometer: 1000 })
    const scanned = (await load(`?vehicle=${encodeURIComponent(`http://127.0.0.1:3221/vehicles/${bus.id}`)}`)).body as LoaderData
    expect(scanned.vehicle?.id).toBe(bus.id)
    const unknown = (await load('?vehicle=NOPE-123')).body as LoaderData
    expect(unknown).toMatchObject({ vehicle: null, lookupError: 'Vehicle not found' })
  })

  it('files the no-JavaScript form (typed name, photo, odometer) and shows the result and next inspection; a resent POST files nothing more', async () => {
    const bus = await newBus()
    const search = `?vehicle=${bus.vehicleIdentifier}`
    const out = await post(search, noJsForm(bus.vehicleIdentifier, 'page-key-1'))
    expect(out.status).toBe(200)
    const body = out.body as { ok: true; result: { id: number; isSatisfactory: boolean; nextInspection: string; vehicleIdentifier: string } }
    expect(body).toMatchObject({ ok: true, result: { isSatisfactory: true, nextInspection: oneYearAfter(todayIn('UTC')), vehicleIdentifier: bus.vehicleIdentifier } })
    const [row] = await db.read.select().from(inspections).where(eq(inspections.id, body.result.id))
    expect(row).toMatchObject({ signatureName: 'Nora Wrench', odometer: 1200, inspectorName: 'Nora Wrench' })
    expect((await db.read.select().from(inspectionPhotos).where(eq(inspectionPhotos.inspectionId, body.result.id))).map((p) => p.name)).toEqual(['dash.png'])
    const again = await post(search, noJsForm(bus.vehicleIdentifier, 'page-key-1'))
    expect((again.body as typeof body).result.id).toBe(body.result.id)
    expect((await db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, bus.id)))[0]!.n).toBe(1)
  })

  it('a mechanic of a shop with no relation to the bus sees what is painted on it and the review notice; the filing waits for the owner (decision 062)', async () => {
    const bus = await newBus()
    const roadside = await createCompany(db, 'Page Roadside', ['RepairShop'])
    const outsider = (await createUser(db, { firstName: 'Rex', lastName: 'Road' })).id
    await grantRole(db, outsider, roadside.id, 'Mechanic')
    const cookie = await webSessionFor(db, outsider)
    const found = (await load(`?vehicle=${encodeURIComponent(bus.vehicleIdentifier)}`, cookie)).body as LoaderData
    expect(found.vehicle).toMatchObject({ id: null, vehicleIdentifier: bus.vehicleIdentifier, make: 'Thomas', licensePlate: 'PG-1', vin: null, odometer: null, related: false })
    // An old print's plain id finds nothing for them: the same answer as an unknown vehicle.
    expect((await load(`?vehicle=${encodeURIComponent(`/vehicles/${bus.id}`)}`, cookie)).body).toMatchObject({ vehicle: null, lookupError: 'Vehicle not found' })
    const out = await post('', noJsForm(bus.vehicleIdentifier, 'outsider-1', { signatureName: 'Rex Road', odometer: '9999999' }), cookie)
    expect(out.body).toMatchObject({ ok: true, result: { pendingReview: true, nextInspection: null } })
    const [row] = await db.read.select().from(inspections).where(eq(inspections.vehicleId, bus.id))
    expect(row).toMatchObject({ reviewStatus: 'Pending', odometer: 9_999_999 })
  })

  it('a refusal names each field and hands back everything typed', async () => {
    const bus = await newBus()
    const form = noJsForm(bus.vehicleIdentifier, 'page-key-2', {
      'brakeFluidConditionLevel.status': '1',
      'shocksLeakingConditionFrontRear.comments': 'Slight seep, watch it',
      odometer: '999',
      signatureName: '',
    })
    form.delete('highIdleSystemFunction.status')
    const out = await post(`?vehicle=${bus.vehicleIdentifier}`, form)
    expect(out.status).toBe(400)
    const body = out.body as { ok: false; fieldErrors: Record<string, string>; values: { odometer: string; statuses: Record<string, string>; comments: Record<string, string>; idempotencyKey: string } }
    expect(body.fieldErrors).toMatchObject({
      'brakeFluidConditionLevel.comments': 'A comment is required when the item is Unsatisfactory',
      'highIdleSystemFunction.status': expect.any(String),
      inspectorSignature: expect.any(String),
    })
    expect(body.values).toMatchObject({ odometer: '999', idempotencyKey: 'page-key-2' })
    expect(body.values.statuses.brakeFluidConditionLevel).toBe('1')
    expect(body.values.comments.shocksLeakingConditionFrontRear).toBe('Slight seep, watch it')
    expect((await db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, bus.id)))[0]!.n).toBe(0)
  })

  // Issue 22 point 4: the radios post 0, 1 or 2; anything else, or nothing, is never filed (least of all as Satisfactory).
  const STATUS = 'Choose Satisfactory, Unsatisfactory or Not applicable (status 0, 1 or 2)'
  type Refusal = { ok: false; formError: string; fieldErrors: Record<string, string>; values: { statuses: Record<string, string>; comments: Record<string, string>; odometer: string } }
  const filedFor = async (vehicleId: number) => (await db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, vehicleId)))[0]!.n

  it('a status outside the catalogue, a missing, a blank or a doubled status is named under its item and nothing is filed', async () => {
    const bus = await newBus()
    const form = noJsForm(bus.vehicleIdentifier, 'page-key-maybe', { 'brakeFluidConditionLevel.status': 'maybe', odometer: '1300' })
    form.delete('highIdleSystemFunction.status')
    form.set('throttleLinkagePlayProtection.status', '')
    form.append('shocksLeakingConditionFrontRear.status', '1')
    form.set('passDoorOperationPlayAdjustment.comments', 'Door squeaks')
    const out = await post(`?vehicle=${bus.vehicleIdentifier}`, form)
    expect(out.status).toBe(400)
    const body = out.body as Refusal
    expect(body.ok).toBe(false)
    expect(body.fieldErrors).toEqual({
      'brakeFluidConditionLevel.status': STATUS,
      'highIdleSystemFunction.status': STATUS,
      'throttleLinkagePlayProtection.status': STATUS,
      'shocksLeakingConditionFrontRear.status': STATUS,
    })
    // What was posted comes back as posted (no radio is checked for it); the other answers and texts are kept.
    expect(body.values.statuses.brakeFluidConditionLevel).toBe('maybe')
    expect(body.values.statuses).not.toHaveProperty('highIdleSystemFunction')
    expect(body.values.statuses).not.toHaveProperty('throttleLinkagePlayProtection')
    expect(body.values.statuses.shocksLeakingConditionFrontRear).not.toMatch(/^[012]$/)
    expect(body.values.statuses.chassisFrameCrossMembersCracksCondition).toBe('0')
    expect(body.values).toMatchObject({ odometer: '1300', comments: { passDoorOperationPlayAdjustment: 'Door squeaks' } })
    expect(await filedFor(bus.id)).toBe(0)
  })

  it('a post with no statuses at all names all 48 items and files nothing', async () => {
    const bus = await newBus()
    const form = noJsForm(bus.vehicleIdentifier, 'page-key-none')
    for (const k of INSPECTION_ITEM_KEYS) form.delete(`${k}.status`)
    const out = await post(`?vehicle=${bus.vehicleIdentifier}`, form)
    expect(out.status).toBe(400)
    const body = out.body as Refusal
    expect(body.fieldErrors).toEqual(Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [`${k}.status`, STATUS])))
    expect(Object.keys(body.fieldErrors)).toHaveLength(48)
    expect(body.values.statuses).toEqual({})
    expect(await filedFor(bus.id)).toBe(0)
  })

  it('in Spanish: the limits with their values under their fields, "Please correct…" on top, no raw field key; REST keeps its English (issue 39)', async () => {
    const bus = await newBus()
    const tooOld = addDays(todayIn('UTC'), -30)
    const form = noJsForm(bus.vehicleIdentifier, 'page-key-es', { inspectionDate: tooOld, odometer: '99999999' })
    for (let i = 0; i < 10; i++) form.append('photos', new File([new Uint8Array(PNG)], `more-${i}.png`, { type: 'image/png' }))
    const out = await inSpanish(() => post(`?vehicle=${bus.vehicleIdentifier}`, form, `${mechanicCookie}; operon_lng=es`))
    expect(out.status).toBe(400)
    const body = out.body as Refusal
    expect(body.formError).toBe('Corrija los campos marcados abajo.')
    expect(body.fieldErrors).toEqual({
      inspectionDate: 'La fecha de la inspección no puede ser de hace más de 7 días',
      odometer: 'El odómetro es un número entero de 0 a 10,000,000',
      photos: 'Máximo 10 fotos',
    })
    expect(await filedFor(bus.id)).toBe(0)

    const token = await apiTokenFor(db, mechanicId)
    const rest = await inSpanish(() =>
      handleRestRequest(
        new Request('http://localhost/api/Maintenance/submitInspection', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=es' },
          body: JSON.stringify({ vehicleIdentifier: bus.vehicleIdentifier, inspectionDate: tooOld, odometer: 99_999_999, signatureName: 'Nora Wrench' }),
        }),
        db,
        '127.0.0.1',
      ),
    )
    expect(rest.status).toBe(400)
    const answer = (await rest.json()) as { message: string; errors: Record<string, string> }
    expect(answer.errors).toMatchObject({ inspectionDate: 'The inspection date may be at most 7 days back', odometer: 'The odometer is a whole number from 0 to 10,000,000' })
    expect(answer.message).toContain('inspectionDate: The inspection date may be at most 7 days back')
  })

  it("the browser's own check (the server's schema) says the limits with their values in Spanish from the page's own messages (issue 39)", async () => {
    const bus = await newBus()
    const data = (await load(`?vehicle=${bus.vehicleIdentifier}`, `${mechanicCookie}; operon_lng=es`)).body as Omit<LoaderData, 'messages'> & { messages: CompiledMessages }
    // As the page reads them in the browser (app/utils/i18n.tsx): the inspections namespace, nothing of the server's.
    const t = (id: string, values?: Record<string, unknown>) => (data.messages[id] === undefined ? formatUncompiled(id, values) : formatMessage(data.messages[id], 'es', values))
    const parsed = inspectionInput(data.window).safeParse({
      vehicleIdentifier: bus.vehicleIdentifier,
      inspectionDate: addDays(data.window.earliest, -1),
      odometer: 99_999_999,
      signatureName: 'Nora Wrench',
      photos: Array.from({ length: 11 }, (_, i) => ({ photo: 'aGVsbG8=', name: `p${i}.png` })),
      ...Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [k, { status: 0 }])),
    })
    expect(parsed.success).toBe(false)
    const said = Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error!)).map(([k, v]) => [k, sayText(t, v)]))
    expect(said).toEqual({
      inspectionDate: 'La fecha de la inspección no puede ser de hace más de 7 días',
      odometer: 'El odómetro es un número entero de 0 a 10,000,000',
      photos: 'Máximo 10 fotos',
    })
  })

  it('a photo over 2 MiB is 413 naming it, with the rest of the form kept', async () => {
    const bus = await newBus()
    const form = noJsForm(bus.vehicleIdentifier, 'page-key-3', { 'passDoorOperationPlayAdjustment.comments': 'Door squeaks' })
    form.set('photos', new File([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))], 'huge.png', { type: 'image/png' }))
    const out = await post(`?vehicle=${bus.vehicleIdentifier}`, form)
    expect(out.status).toBe(413)
    const body = out.body as { fieldErrors: Record<string, string>; values: { comments: Record<string, string> } }
    expect(body.fieldErrors).toEqual({ 'photos.0.photo': 'Image too large' })
    expect(body.values.comments.passDoorOperationPlayAdjustment).toBe('Door squeaks')
  })

  it('"Mark all Satisfactory" without JavaScript answers the unanswered items and keeps the others', async () => {
    const bus = await newBus()
    const form = new FormData()
    form.set('vehicleIdentifier', bus.vehicleIdentifier)
    form.set('brakeFluidConditionLevel.status', '1')
    form.set('brakeFluidConditionLevel.comments', 'Low')
    form.set('odometer', '4321')
    form.set('intent', INSPECTION_INTENT.markAll)
    const out = await post(`?vehicle=${bus.vehicleIdentifier}`, form)
    expect(out.status).toBe(200)
    const values = (out.body as { values: { statuses: Record<string, string>; comments: Record<string, string>; odometer: string } }).values
    expect(Object.keys(values.statuses)).toHaveLength(48)
    expect(values.statuses.brakeFluidConditionLevel).toBe('1')
    expect(values.statuses.chassisFrameCrossMembersCracksCondition).toBe('0')
    expect(values).toMatchObject({ odometer: '4321', comments: { brakeFluidConditionLevel: 'Low' } })
    expect((await db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, bus.id)))[0]!.n).toBe(0)
  })
})
