/**
 * The driver's pre-trip page (`/preTrip/{vehicleId}`) as a browser without JavaScript uses it
 * (decision 031): the loader, the multipart post converted to the API's body, the idempotency
 * key of one rendered form, errors by field with every typed value kept, the QR landing and
 * "my buses" on the dashboard. On both database drivers.
 */
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PreTripActionData, PreTripPageData } from '#app/components/pre-trip/types.ts'
import * as dashboard from '#app/routes/_app+/dashboard.tsx'
import * as preTrip from '#app/routes/_app+/preTrip.$vehicleId.tsx'
import * as vehicleLink from '#app/routes/_app+/vehicles.$vehicleId.tsx'
import { PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { emergencyExitChecks, operatorAssignments, preInspectionImages, preInspectionPhotos, preInspections, repairAcknowledgements, repairActions } from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { findAll, makeFinder, needlesFor, shownTexts } from '#tests/helpers/english-left.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { storedBytes } from '#tests/helpers/blobs.ts'
import { translator } from '#server/i18n/messages.server.ts'
import { schemaErrors } from '#app/components/pre-trip/checks.ts'
import { formatMessage, formatUncompiled, type CompiledMessages } from '#app/utils/messages.ts'

let seq = 0
const UNANSWERED_REFUSAL = '{count, plural, one {Answer Ok or Defective: # checklist item not answered} other {Answer Ok or Defective: # checklist items not answered}}'
const newVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(300000 + seq++).slice(-6)}`)
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

async function jpeg(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 60 } } }).jpeg().toBuffer()
}

describe.each(DRIVERS)('the pre-trip page without JavaScript on %s', (driver) => {
  let db: Database
  let ownerCo: number
  let operatorCo: number
  let owner: { id: number; cookie: string }
  let driverUser: { id: number; cookie: string }
  let manager: { id: number; cookie: string }
  let stranger: { id: number; cookie: string }
  let vehicleId: number
  let identifier: string

  const person = async (companyId: number | null, role?: 'Owner' | 'Operator' | 'Driver' | 'Mechanic') => {
    const user = await createUser(db, { firstName: 'Pat', lastName: role ?? 'Nobody' })
    if (companyId && role) await grantRole(db, user.id, companyId, role)
    return { id: user.id, cookie: await webSessionFor(db, user.id) }
  }

  const params = () => ({ vehicleId: String(vehicleId) })
  const load = async (who = driverUser) => callPage(preTrip.loader as PageHandler, `/preTrip/${vehicleId}`, { cookie: who.cookie, params: params() })

  /** The form as the browser posts it: every item answered Ok unless listed as defective. */
  function form(key: string, over: Record<string, string> = {}, defective: string[] = [], files: Record<string, Buffer> = {}) {
    const f = new FormData()
    f.append('intent', 'submitPreInspection')
    f.append('idempotencyKey', key)
    for (const item of PRE_INSPECTION_ITEMS) f.append(item.key, defective.includes(item.key) ? 'defective' : 'ok')
    const now = new Date(Date.now() - 10 * 60_000)
    const fields: Record<string, string> = {
      timeIn: now.toISOString().slice(0, 16),
      timeOut: '',
      odometerStart: '12000',
      odometerEnd: '12040',
      front: '',
      rear: '',
      rightSide: '',
      leftSide: '',
      comments: '',
      signatureName: 'Pat Driver',
      ...over,
    }
    for (const [k, v] of Object.entries(fields)) f.append(k, v)
    for (const [name, bytes] of Object.entries(files)) f.append(name, new File([new Uint8Array(bytes)], `${name}.jpg`, { type: 'image/jpeg' }))
    return f
  }
  const post = (body: FormData, who = driverUser) => callPage(preTrip.action as PageHandler, `/preTrip/${vehicleId}`, { cookie: who.cookie, params: params(), form: body })

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    ownerCo = (await createCompany(db, 'Pre-trip Leasing', ['Owner'])).id
    operatorCo = (await createCompany(db, 'Pre-trip Transit', ['Operator'])).id
    owner = await person(ownerCo, 'Owner')
    driverUser = await person(operatorCo, 'Driver')
    manager = await person(operatorCo, 'Operator')
    stranger = await person((await createCompany(db, 'Elsewhere Transit', ['Operator'])).id, 'Driver')
    const v = await addVehicle(await ctxFor(db, owner.id), {
      ownerId: ownerCo,
      make: 'Blue Bird',
      model: 'Vision',
      vin: newVin(),
      licensePlate: 'PT-1',
      fuelType: 1,
      odometer: 12000,
    })
    vehicleId = (v as { id: number }).id
    identifier = (v as { vehicleIdentifier: string }).vehicleIdentifier
    const today = todayIn('UTC')
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operatorCo, startDate: addDays(today, -3), endDate: addDays(today, 30) }))
  })
  afterAll(async () => {
    await db.close()
  })

  it('loads the form for the assigned driver with a fresh idempotency key each time, the last odometer and the company time', async () => {
    const a = await load()
    const b = await load()
    expect(a.status).toBe(200)
    const data = a.body as PreTripPageData
    expect(data.vehicle).toMatchObject({ id: vehicleId, vehicleIdentifier: identifier, make: 'Blue Bird', licensePlate: 'PT-1' })
    expect(data.lastOdometer).toBe(12000)
    expect(data.operatorCompany).toMatchObject({ id: operatorCo, timeZone: 'UTC' })
    expect(data.nowWall).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((b.body as PreTripPageData).idempotencyKey).not.toBe(data.idempotencyKey)
  })

  it('sends whoever may not file back to the dashboard with the reason', async () => {
    for (const who of [manager, stranger, owner]) {
      const r = await load(who)
      expect(r.status).toBe(302)
      expect(r.location).toBe('/dashboard')
      expect(r.toast?.type).toBe('error')
    }
    const none = await callPage(preTrip.loader as PageHandler, '/preTrip/abc', { cookie: driverUser.cookie, params: { vehicleId: 'abc' } })
    expect(none.location).toBe('/dashboard')
  })

  it('the QR link: the driver lands on the form, the owner on the fleet page, the operator manager on theirs, others on /', async () => {
    const go = (who: { cookie: string }) => callPage(vehicleLink.loader as PageHandler, `/vehicles/${vehicleId}`, { cookie: who.cookie, params: params() })
    expect((await go(driverUser)).location).toBe(`/preTrip/${vehicleId}`)
    expect((await go(owner)).location).toBe(`/fleet/${ownerCo}?open=${vehicleId}`)
    expect((await go(manager)).location).toBe(`/fleetOperator/${operatorCo}?open=${vehicleId}`)
    expect((await go(stranger)).location).toBe('/')
    // A mechanic of some shop, who scanned the bus with the phone's camera app: the inspection of that bus.
    const mechanic = await person((await createCompany(db, 'Elsewhere Repairs', ['RepairShop'])).id, 'Mechanic')
    expect((await go(mechanic)).location).toBe(`/InspectionPage?vehicle=${encodeURIComponent(`/vehicles/${vehicleId}`)}`)
  })

  it('files a defective pre-trip with photos and a typed name; the same rendered form posted twice files once', async () => {
    const key = ((await load()).body as PreTripPageData).idempotencyKey
    const body = () =>
      form(key, { front: 'Dent on the bumper', comments: 'Horn weak', odometerStart: '12,000' }, ['horn', 'mirrors'], {
        photo_front: Buffer.from([]),
        photo_rear: Buffer.alloc(0),
      })
    const withPhotos = body()
    withPhotos.set('photo_front', new File([new Uint8Array(await jpeg())], 'front.jpg', { type: 'image/jpeg' }))
    withPhotos.append('photos', new File([new Uint8Array(await jpeg(40, 40))], 'extra one.jpg', { type: 'image/jpeg' }))
    const first = await post(withPhotos)
    expect(first.status).toBe(200)
    const filed = first.body as Extract<PreTripActionData, { ok: true }>
    expect(filed.ok).toBe(true)
    expect(filed.filed.isSatisfactory).toBe(false)
    expect(filed.filed.repairActionId).toEqual(expect.any(Number))

    const again = await post(body())
    expect((again.body as Extract<PreTripActionData, { ok: true }>).filed.id).toBe(filed.filed.id)
    const rows = await db.read.select().from(preInspections).where(eq(preInspections.driverUserId, driverUser.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ signatureName: 'Pat Driver', damageFront: 'Dent on the bumper', comments: 'Horn weak', odometerStart: 12000, odometerEnd: 12040, idempotencyKey: key })
    const images = await db.read.select({ kind: preInspectionImages.kind, type: preInspectionImages.contentType }).from(preInspectionImages).where(eq(preInspectionImages.preInspectionId, rows[0]!.id))
    expect(images).toEqual([{ kind: 'front', type: 'image/jpeg' }])
    const photos = await db.read.select({ name: preInspectionPhotos.name }).from(preInspectionPhotos).where(eq(preInspectionPhotos.preInspectionId, rows[0]!.id))
    expect(photos).toEqual([{ name: 'extra one.jpg' }])
    expect(await db.read.select().from(repairActions).where(eq(repairActions.preInspectionId, rows[0]!.id))).toHaveLength(1)
  })

  it('a phone photo over 2 MiB (no browser shrank it) is made smaller on the server and filed', async () => {
    // Noise does not compress: a 2400×1800 JPEG at q 100 is well over 2 MiB.
    const raw = Buffer.alloc(2400 * 1800 * 3)
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
    const big = await sharp(raw, { raw: { width: 2400, height: 1800, channels: 3 } }).jpeg({ quality: 100 }).toBuffer()
    expect(big.byteLength).toBeGreaterThan(2 * 1024 * 1024)
    const body = form(`big-${driver}`, { odometerStart: '12040', odometerEnd: '' })
    body.append('photo_rear', new File([new Uint8Array(big)], 'rear.jpg', { type: 'image/jpeg' }))
    const r = await post(body)
    expect(r.status).toBe(200)
    const id = (r.body as Extract<PreTripActionData, { ok: true }>).filed.id
    const [img] = await db.read.select({ blobId: preInspectionImages.blobId }).from(preInspectionImages).where(eq(preInspectionImages.preInspectionId, id))
    const meta = await sharp(await storedBytes(db, img!.blobId)).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(1600)
  })

  it('names each wrong field and gives back everything typed, with the same key', async () => {
    const body = form('bad-values', { comments: 'x'.repeat(2001), odometerStart: '12100', odometerEnd: '12050', timeIn: '2020-01-01T08:00', signatureName: '', leftSide: 'Scratch' }, ['tires'])
    body.append('photos', new File([new TextEncoder().encode('not a picture at all')], 'notes.txt', { type: 'text/plain' }))
    const r = await post(body)
    expect(r.status).toBe(400)
    const out = r.body as Extract<PreTripActionData, { ok: false }>
    expect(out.ok).toBe(false)
    expect(out.idempotencyKey).toBe('bad-values')
    expect(out.fieldErrors).toMatchObject({
      comments: expect.stringMatching(/2000|2,000/),
      odometerEnd: 'The end odometer cannot be below the start odometer',
      date: 'The date may be at most 7 days back',
      driverSignature: 'Sign the form: draw your signature or type your full name',
    })
    expect(out.values).toMatchObject({ odometerStart: '12100', odometerEnd: '12050', damage: { leftSide: 'Scratch' }, timeIn: '2020-01-01T08:00' })
    expect(out.values.answers.tires).toBe(true)
    expect(out.values.answers.horn).toBe(false)
    expect(out.values.comments).toHaveLength(2001)
    expect(await db.read.select().from(preInspections).where(eq(preInspections.idempotencyKey, 'bad-values'))).toHaveLength(0)
  })

  // Issue 22 point 4: the radios post `ok` or `defective`; anything else, or nothing, is never filed (least of all as Ok).
  const filings = async () => (await db.read.select({ n: count() }).from(preInspections).where(eq(preInspections.vehicleId, vehicleId)))[0]!.n
  const refusal = (r: { body: unknown }) => r.body as Extract<PreTripActionData, { ok: false }>
  /** REST's message for a value that is not an answer (the use case's one schema). */
  const NOT_AN_ANSWER = 'Answer true (Defective) or false (Ok)'
  /** The page's message for an item left unanswered (as the page with JavaScript says it). */
  const UNANSWERED = 'Answer Ok or Defective'

  it('an answer outside the catalogue (serviceBrakes=maybe) is named under its item and nothing is filed; the other answers come back', async () => {
    const before = await filings()
    const body = form(`maybe-${driver}`, { odometerStart: '12100', odometerEnd: '', comments: 'Brakes feel soft' }, ['horn'])
    body.set('serviceBrakes', 'maybe')
    const r = await post(body)
    expect(r.status).toBe(400)
    const out = refusal(r)
    expect(out.ok).toBe(false)
    expect(out.fieldErrors).toEqual({ serviceBrakes: NOT_AN_ANSWER })
    expect(out.values.answers.serviceBrakes).toBeUndefined()
    expect(out.values.answers.horn).toBe(true)
    expect(out.values.answers.parkingBrake).toBe(false)
    expect(Object.keys(out.values.answers)).toHaveLength(PRE_INSPECTION_ITEMS.length - 1)
    expect(out.values).toMatchObject({ comments: 'Brakes feel soft', odometerStart: '12100', signatureName: 'Pat Driver' })
    expect(out.idempotencyKey).toBe(`maybe-${driver}`)
    expect(await filings()).toBe(before)
  })

  it('an item left unanswered is named under it and nothing is filed (the API reads a missing key as Ok; this form does not)', async () => {
    const before = await filings()
    const body = form(`missing-${driver}`, { odometerStart: '12100', odometerEnd: '' }, ['tires'])
    body.delete('horn')
    const r = await post(body)
    expect(r.status).toBe(400)
    const out = refusal(r)
    expect(out.fieldErrors).toEqual({ horn: UNANSWERED })
    expect(out.formError).toMatch(/1 checklist item not answered/)
    expect(out.values.answers.horn).toBeUndefined()
    // Issue 39: the refusal is the server's text, compiled there (Spanish too), never sent to the page as an ICU message.
    const page = (await load()).body as PreTripPageData & { messages: Record<string, unknown> }
    expect(Object.keys(page.messages).filter((id) => id.includes('checklist item not answered'))).toEqual([])
    expect(Object.entries(page.messages).filter(([, m]) => typeof m === 'string' && /\{\s*\w+\s*,\s*plural/.test(m))).toEqual([])
    expect(translator('es')(UNANSWERED_REFUSAL, { count: 1 })).toBe('Responda Bien o Defectuoso: 1 punto de la lista sin responder')
    expect(out.values.answers.tires).toBe(true)
    expect(out.values.answers.mirrors).toBe(false)
    expect(await filings()).toBe(before)
  })

  it('a post with no checklist answers at all names every item and files nothing', async () => {
    const before = await filings()
    const body = form(`none-${driver}`, { odometerStart: '12100', odometerEnd: '', front: 'Scuff' })
    for (const item of PRE_INSPECTION_ITEMS) body.delete(item.key)
    const r = await post(body)
    expect(r.status).toBe(400)
    const out = refusal(r)
    expect(out.fieldErrors).toEqual(Object.fromEntries(PRE_INSPECTION_ITEMS.map((i) => [i.key, UNANSWERED])))
    expect(out.formError).toMatch(new RegExp(`${PRE_INSPECTION_ITEMS.length} checklist items not answered`))
    expect(out.values.answers).toEqual({})
    expect(out.values.damage.front).toBe('Scuff')
    expect(await filings()).toBe(before)
  })

  it('blank, two different answers, a wrong case and a missing signature are all named at once; nothing is filed', async () => {
    const before = await filings()
    const body = form(`mixed-${driver}`, { odometerStart: '12100', odometerEnd: '', signatureName: '' })
    body.set('horn', '')
    body.append('mirrors', 'defective')
    body.set('battery', 'OK')
    const r = await post(body)
    expect(r.status).toBe(400)
    const out = refusal(r)
    expect(out.fieldErrors).toEqual({
      horn: UNANSWERED,
      mirrors: NOT_AN_ANSWER,
      battery: NOT_AN_ANSWER,
      driverSignature: 'Sign the form: draw your signature or type your full name',
    })
    expect(out.values.answers).not.toHaveProperty('horn')
    expect(out.values.answers).not.toHaveProperty('mirrors')
    expect(out.values.answers).not.toHaveProperty('battery')
    expect(out.values.answers.steering).toBe(false)
    expect(await filings()).toBe(before)
  })

  it('refuses a file that is not a picture (415) under its field', async () => {
    const body = form('not-a-picture', { odometerStart: '12100', odometerEnd: '' })
    body.append('photo_leftSide', new File([new TextEncoder().encode('%PDF-1.4 not an image')], 'left.jpg', { type: 'image/jpeg' }))
    const r = await post(body)
    expect(r.status).toBe(415)
    expect(Object.keys((r.body as Extract<PreTripActionData, { ok: false }>).fieldErrors)).toContain('imageDataLeftSide')
  })

  it("the phone's own check (the server's schema) says the limits with their values in Spanish from the page's own messages (issue 39)", async () => {
    const page = (await callPage(preTrip.loader as PageHandler, `/preTrip/${vehicleId}`, { cookie: `${driverUser.cookie}; operon_lng=es`, params: params() })).body as PreTripPageData & { messages: CompiledMessages }
    // As the page reads them in the browser (app/utils/i18n.tsx): the preTrip namespace, nothing of the server's.
    const t = (id: string, values?: Record<string, unknown>) => (page.messages[id] === undefined ? formatUncompiled(id, values) : formatMessage(page.messages[id], 'es', values))
    const at = { today: page.today, now: new Date() }
    const payload = { vehicleIdentifier: identifier, date: page.today, timeIn: new Date().toISOString(), odometerStart: 12100, signatureName: 'Pat Driver' }
    expect(schemaErrors({ ...payload, date: addDays(page.today, -8), timeIn: new Date(Date.now() + 60 * 60_000).toISOString() }, at, t)).toEqual({
      date: 'La fecha no puede ser de hace más de 7 días',
      timeIn: 'No puede estar más de 15 minutos en el futuro',
    })
    const photos = Array.from({ length: 7 }, (_, i) => ({ photo: 'aGVsbG8=', name: `p${i}.jpg` }))
    expect(schemaErrors({ ...payload, odometerStart: 99_999_999, photos }, at, t)).toEqual({ odometerStart: 'Como máximo 10,000,000', photos: 'Máximo 6 fotos adicionales' })
  })

  // Issue 39: a refusal in Spanish, through the whole app (the request's language is set by the HTTP layer).
  describe('in Spanish, the page as the browser renders it', () => {
    let app: RunningApp
    const SPANISH = { 'accept-language': 'es-US,es;q=0.9' }
    beforeAll(async () => {
      app = await startApp(db)
    }, 120_000)
    afterAll(async () => {
      await app?.close()
    })

    /** The no-JavaScript post, multipart as the browser sends it, in Spanish. */
    async function postInSpanish(body: FormData) {
      const request = new Request('http://localhost/', { method: 'POST', body })
      return raw(app.base, 'POST', `/preTrip/${vehicleId}`, {
        headers: { ...SPANISH, origin: APP_ORIGIN, cookie: `operon_session=${driverUser.cookie}; operon_lng=es`, 'content-type': request.headers.get('content-type')! },
        body: Buffer.from(await request.arrayBuffer()),
      })
    }
    const says = (shown: string[], text: string) => shown.some((t) => t.includes(text))
    /** English left on the page (the test's own names and the bus aside). */
    const englishOn = (html: string) =>
      findAll(makeFinder(needlesFor('es'), ['Pat Driver', 'Pre-trip Transit', 'Pre-trip Leasing', identifier, 'Blue Bird', 'Vision', 'PT-1']), shownTexts(html)).flatMap((f) => f.messages)

    it('a missing time: each message under its field in Spanish, no "field: message" on top, no English', async () => {
      const before = await filings()
      const r = await postInSpanish(form(`es-missing-${driver}`, { timeIn: '', odometerStart: '12100', odometerEnd: '' }))
      expect(r.status).toBe(400)
      const shown = shownTexts(r.body)
      expect(says(shown, 'Use una hora ISO 8601, p. ej. 2026-05-04T06:30:00Z')).toBe(true)
      expect(says(shown, 'Algunas respuestas necesitan su atención')).toBe(true)
      expect(shown.join('\n')).not.toMatch(/\btimeIn\b|\bdate:|Use an ISO 8601/)
      expect(englishOn(r.body)).toEqual([])
      expect(await filings()).toBe(before)
    })

    it('a time eight days back and a time out far ahead: the limits with their values in Spanish', async () => {
      const r = await postInSpanish(form(`es-limits-${driver}`, { timeIn: '2020-01-01T08:00', timeOut: '2099-01-01T08:00', odometerStart: '12100', odometerEnd: '' }))
      expect(r.status).toBe(400)
      const shown = shownTexts(r.body)
      expect(says(shown, 'La fecha no puede ser de hace más de 7 días')).toBe(true)
      expect(says(shown, 'No puede estar más de 15 minutos en el futuro')).toBe(true)
      expect(shown.join('\n')).not.toMatch(/\btime(In|Out)\b|\bdate:|days back|minutes in the future/)
      expect(englishOn(r.body)).toEqual([])
    })

    it('an item left unanswered with a bad time: the count on top in Spanish, the time under its field, no raw key', async () => {
      const body = form(`es-unanswered-${driver}`, { timeIn: 'not a time', odometerStart: '12100', odometerEnd: '' })
      body.delete('horn')
      const r = await postInSpanish(body)
      expect(r.status).toBe(400)
      const shown = shownTexts(r.body)
      expect(says(shown, 'Responda Bien o Defectuoso: 1 punto de la lista sin responder')).toBe(true)
      expect(says(shown, 'Use una hora ISO 8601, p. ej. 2026-05-04T06:30:00Z')).toBe(true)
      expect(shown.join('\n')).not.toMatch(/\btimeIn\b|\bdate:/)
      expect(englishOn(r.body)).toEqual([])
    })

    it('REST answers the same limits in English, whatever the language asked', async () => {
      const token = await apiTokenFor(db, driverUser.id)
      const r = await raw(app.base, 'POST', '/api/Maintenance/submitPreInspection', {
        headers: { ...SPANISH, cookie: 'operon_lng=es', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vehicleIdentifier: identifier, date: '2020-01-01', timeIn: '2099-01-01T08:00:00Z', odometerStart: 12100, signatureName: 'Pat Driver' }),
      })
      expect(r.status).toBe(400)
      const answer = JSON.parse(r.body) as { message: string; errors: Record<string, string> }
      expect(answer.errors).toMatchObject({ date: 'The date may be at most 7 days back', timeIn: 'Cannot be more than 15 minutes in the future' })
      expect(answer.message).toBe('date: The date may be at most 7 days back; timeIn: Cannot be more than 15 minutes in the future')
    })
  })

  it('shows an open safety repair as out of service, then the certified repair to acknowledge; the acknowledgement is filed with the next pre-trip', async () => {
    const brakes = await post(form(`brakes-${driver}`, { odometerStart: '12100', odometerEnd: '' }, ['serviceBrakes']))
    const repairId = (brakes.body as Extract<PreTripActionData, { ok: true }>).filed.repairActionId!
    let data = (await load()).body as PreTripPageData
    expect(data.outOfService).toBe(true)
    expect(data.openRepairs.find((r) => r.id === repairId)).toMatchObject({ outOfService: true, tasks: [expect.objectContaining({ status: expect.any(String) })] })

    // The shop certifies every open repair (done here by hand: the repair flow is another page's).
    await db.transaction((tx) => tx.update(repairActions).set({ repairedAt: new Date(), repairedByName: 'Max Mechanic' }).where(eq(repairActions.vehicleId, vehicleId)))
    data = (await load()).body as PreTripPageData
    expect(data.outOfService).toBe(false)
    expect(data.openRepairs).toEqual([])
    expect(data.certifiedRepairs.map((r) => r.id)).toContain(repairId)
    expect(data.certifiedRepairs.find((r) => r.id === repairId)).toMatchObject({ certifiedBy: 'Max Mechanic' })

    const ack = form(`ack-${driver}`, { odometerStart: '12100', odometerEnd: '' })
    for (const r of data.certifiedRepairs) ack.append('acknowledgedRepairActionIds', String(r.id))
    const filed = await post(ack)
    expect(filed.status).toBe(200)
    const id = (filed.body as Extract<PreTripActionData, { ok: true }>).filed.id
    const acks = await db.read.select().from(repairAcknowledgements).where(eq(repairAcknowledgements.preInspectionId, id))
    expect(acks.map((a) => a.repairActionId).sort()).toEqual(data.certifiedRepairs.map((r) => r.id).sort())
    expect(((await load()).body as PreTripPageData).certifiedRepairs).toEqual([])
  })

  it('"my buses" on the dashboard lists the driver\'s bus with today\'s pre-trip, and nothing for others', async () => {
    const mine = await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: driverUser.cookie, params: {} })
    const data = mine.body as { isDriver: boolean; buses: { vehicleId: number; todayPreTrip: string; lastPreTripDate: string | null; operatorCompanyName: string }[] }
    expect(data.isDriver).toBe(true)
    expect(data.buses).toEqual([expect.objectContaining({ vehicleId, operatorCompanyName: 'Pre-trip Transit', lastPreTripDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })])
    // The filings above are dated by their time in (ten minutes ago): "today" unless midnight passed since.
    const bus = data.buses[0]!
    expect(bus.todayPreTrip).toBe(bus.lastPreTripDate === todayIn('UTC') ? 'satisfactory' : 'none')
    const theirs = await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: stranger.cookie, params: {} })
    expect((theirs.body as { buses: unknown[] }).buses).toEqual([])
    const ownerView = await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: owner.cookie, params: {} })
    expect(ownerView.body).toMatchObject({ isDriver: false, buses: [] })
  })

  it('"my buses" says the 90-day emergency-exit check\'s state as the bus\'s other pages do (issue 39)', async () => {
    const exitDue = async () => ((await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: driverUser.cookie, params: {} })).body as { buses: { vehicleId: number; emergencyExitDue: string | null }[] }).buses.find((b) => b.vehicleId === vehicleId)?.emergencyExitDue
    // Never checked: due the day the bus was added, overdue from then on (decision 065).
    expect(await exitDue()).toBe('overdue')
    // A day either way of the owner's today changes nothing below (90 days ahead; 10 left).
    const checkDate = todayIn('UTC')
    await db.transaction((tx) => tx.insert(emergencyExitChecks).values({ vehicleId, companyId: operatorCo, filerRole: 'Driver', inspectorName: 'Pat Driver', checkDate, isSatisfactory: true }))
    expect(await exitDue()).toBe('ok')
    const [due] = await db.read.select({ id: emergencyExitChecks.id }).from(emergencyExitChecks).where(eq(emergencyExitChecks.vehicleId, vehicleId))
    await db.transaction((tx) => tx.update(emergencyExitChecks).set({ checkDate: addDays(checkDate, -80) }).where(eq(emergencyExitChecks.id, due!.id)))
    expect(await exitDue()).toBe('due-soon')
  })
})
