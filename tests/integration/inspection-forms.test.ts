/**
 * Issue 10: reading filed forms through every door, on both drivers. The use cases and who may
 * read (API.md "Who may read"); the REST paths by raw HTTP with API.md's exact shapes; the print
 * pages by `?id=` (decision 006); the PDF routes (a real PDF whose HTML carries the record's
 * fingerprint) and the verify page (decision 032).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRE_INSPECTION_ITEM_KEYS } from '#catalog/checklists.ts'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import type { Database } from '#db/client.ts'
import { preInspections } from '#db/schema/index.ts'
import type * as Fingerprint from '#server/inspections/fingerprint.server.ts'
import type * as ReadForms from '#server/inspections/read-forms.server.ts'
import type * as Renderer from '#server/pdf/render.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { assign, insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'

const PRE_INSPECTION_KEYS = [
  'id',
  'vehicleId',
  'driverName',
  'date',
  'driverSignature',
  'signatureName',
  'comments',
  'isSatisfactory',
  'defectsCorrected',
  'defectsNeedCorrection',
  'timeIn',
  'timeOut',
  'odometerStart',
  'odometerEnd',
  ...PRE_INSPECTION_ITEM_KEYS,
  'front',
  'rear',
  'rightSide',
  'leftSide',
  'imageDataFront',
  'imageDataRear',
  'imageDataRightSide',
  'imageDataLeftSide',
  'acknowledgedRepairs',
].sort()
const INSPECTION_KEYS = ['id', 'vehicleId', 'inspectorName', 'inspectionDate', 'inspectorSignature', 'signatureName', 'isSatisfactory', 'odometer', ...INSPECTION_ITEM_KEYS].sort()
const PNG_BASE64 = /^iVBORw0KGgo/

describe.each(DRIVERS)('reading filed forms on %s', (driver) => {
  let db: Database
  let app: RunningApp
  let read: typeof ReadForms
  let fingerprints: typeof Fingerprint
  let renderer: typeof Renderer
  const u = {} as Record<'owner' | 'otherOwner' | 'operator' | 'opDriver' | 'opMechanic' | 'filer' | 'unassignedOperator' | 'shopMechanic' | 'otherShopMechanic' | 'inspector' | 'stranger', number>
  const co = {} as Record<'owner' | 'other' | 'operator' | 'unassigned' | 'shop' | 'otherShop', number>
  let vehicleId: number
  let vehicleIdentifier: string
  let preId: number
  let inspId: number
  const token = (k: keyof typeof u) => apiTokenFor(db, u[k])
  const cookie = async (k: keyof typeof u) => `operon_session=${await webSessionFor(db, u[k])}`
  const get = async (path: string, k?: keyof typeof u) => raw(app.base, 'GET', path, { headers: k ? { authorization: `Bearer ${await token(k)}` } : {} })
  const page = async (path: string, k: keyof typeof u) => raw(app.base, 'GET', path, { headers: { cookie: await cookie(k) } })

  beforeAll(async () => {
    db = createTestDb(driver)
    co.owner = (await createCompany(db, 'Forms Owner', ['Owner'])).id
    co.other = (await createCompany(db, 'Forms Other', ['Owner', 'Operator'])).id
    co.operator = (await createCompany(db, 'Forms Operator', ['Operator'])).id
    co.unassigned = (await createCompany(db, 'Forms Unassigned', ['Operator'])).id
    co.shop = (await createCompany(db, 'Forms Shop', ['RepairShop'])).id
    co.otherShop = (await createCompany(db, 'Forms Other Shop', ['RepairShop'])).id
    for (const k of Object.keys({ owner: 0, otherOwner: 0, operator: 0, opDriver: 0, opMechanic: 0, filer: 0, unassignedOperator: 0, shopMechanic: 0, otherShopMechanic: 0, inspector: 0, stranger: 0 }) as (keyof typeof u)[]) {
      u[k] = (await createUser(db, { firstName: k })).id
    }
    await grantRole(db, u.owner, co.owner, 'Owner')
    await grantRole(db, u.otherOwner, co.other, 'Owner')
    await grantRole(db, u.otherOwner, co.other, 'Operator')
    await grantRole(db, u.operator, co.operator, 'Operator')
    await grantRole(db, u.opDriver, co.operator, 'Driver')
    await grantRole(db, u.opMechanic, co.operator, 'Mechanic')
    await grantRole(db, u.filer, co.unassigned, 'Driver')
    await grantRole(db, u.unassignedOperator, co.unassigned, 'Operator')
    await grantRole(db, u.shopMechanic, co.shop, 'Mechanic')
    await grantRole(db, u.otherShopMechanic, co.otherShop, 'Mechanic')
    await grantRole(db, u.inspector, co.otherShop, 'Mechanic')
    const v = await newVehicle(db, u.owner, co.owner)
    vehicleId = v.id
    vehicleIdentifier = v.vehicleIdentifier
    await assign(db, vehicleId, co.operator)
    // Filed by a driver of a company whose assignment has ended (`unassigned`): only their own.
    preId = (await insertPreInspection(db, { vehicleId, operatorCompanyId: co.unassigned, driverUserId: u.filer, defective: ['tires', 'horn'], photos: 2, repairCompanyId: co.shop })).id
    inspId = (await insertInspection(db, { vehicleId, inspectorUserId: u.inspector, unsatisfactory: ['brakeFluidConditionLevel'], photos: 1 })).id
    app = await startApp(db)
    read = await app.load<typeof ReadForms>('/server/inspections/read-forms.server.ts')
    fingerprints = await app.load<typeof Fingerprint>('/server/inspections/fingerprint.server.ts')
    renderer = await app.load<typeof Renderer>('/server/pdf/render.server.ts')
  }, 120_000)
  afterAll(async () => {
    await renderer?.closePdfBrowser()
    await app?.close()
    await db?.close()
  })

  it('the pre-inspection: the whole form in API.md shape (every checklist key a boolean, images plain base64, times ISO UTC)', async () => {
    const form = (await read.getPreInspectionForm(await ctxFor(db, u.owner), { inspectionId: preId })) as unknown as Record<string, unknown>
    expect(Object.keys(form).sort()).toEqual(PRE_INSPECTION_KEYS)
    for (const k of PRE_INSPECTION_ITEM_KEYS) expect(form[k], k).toBe(k === 'tires' || k === 'horn')
    expect(form).toMatchObject({ id: preId, vehicleId, date: '2026-03-02', timeIn: '2026-03-02T06:30:00.000Z', timeOut: '2026-03-02T15:45:00.000Z', odometerStart: 120_400, odometerEnd: 120_655, isSatisfactory: false, rear: 'Scratch on the bumper', front: null, imageDataFront: null })
    expect(form.driverSignature).toMatch(PNG_BASE64)
    expect(form.imageDataRear).toMatch(PNG_BASE64)
    const photos = await read.getPreInspectionPhotos(await ctxFor(db, u.owner), preId)
    expect(photos.map((p) => Object.keys(p).sort())).toEqual([['name', 'photo'], ['name', 'photo']])
    expect(photos[0]!.photo).toMatch(PNG_BASE64)
  })

  it('the inspection: {status, comments} for all 48 keys', async () => {
    const form = (await read.getInspectionForm(await ctxFor(db, u.owner), inspId)) as unknown as Record<string, unknown>
    expect(Object.keys(form).sort()).toEqual(INSPECTION_KEYS)
    expect(INSPECTION_ITEM_KEYS).toHaveLength(48)
    for (const k of INSPECTION_ITEM_KEYS) expect(Object.keys(form[k] as object).sort(), k).toEqual(['comments', 'status'])
    expect(form.brakeFluidConditionLevel).toEqual({ status: 1, comments: 'Worn, replace' })
    expect(form).toMatchObject({ id: inspId, vehicleId, inspectionDate: '2026-03-01', isSatisfactory: false })
    expect(form.inspectorSignature).toMatch(PNG_BASE64)
  })

  const readers = {
    owner: [true, true],
    operator: [true, true],
    opDriver: [true, true],
    opMechanic: [true, true],
    filer: [true, false],
    inspector: [false, true],
    shopMechanic: [true, false],
    otherShopMechanic: [false, false],
    unassignedOperator: [false, false],
    otherOwner: [false, false],
    stranger: [false, false],
  } as const
  for (const [who, [pre, insp]] of Object.entries(readers) as [keyof typeof readers, readonly [boolean, boolean]][]) {
    it(`who may read: ${who} → pre-inspection ${pre ? 200 : 404}, inspection ${insp ? 200 : 404} (REST, raw HTTP)`, async () => {
      for (const [path, allowed] of [
        [`/api/Maintenance/GetPreInspectionFormById?inspectionId=${preId}`, pre],
        [`/api/Maintenance/getPreInspectionPhotosByIdAsync?inspectionId=${preId}`, pre],
        [`/api/Maintenance/GetInspectionFormById?inspectionId=${inspId}`, insp],
        [`/api/Maintenance/getInspectionPhotosByIdAsync?inspectionId=${inspId}`, insp],
      ] as const) {
        const res = await get(path, who)
        expect(res.status, path).toBe(allowed ? 200 : 404)
        if (!allowed) expect(JSON.parse(res.body)).toEqual({ message: expect.stringMatching(/not found/i) })
      }
    })
  }

  it('REST answers exactly the use case, case-insensitive path and query; 400 names inspectionId; 404 unknown; 401 without a token', async () => {
    const ctx = await ctxFor(db, u.owner)
    const form = await get(`/api/maintenance/getpreinspectionformbyid?InspectionId=${preId}`, 'owner')
    expect(form.status).toBe(200)
    expect(form.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(form.body)).toEqual(await read.getPreInspectionForm(ctx, preId))
    const photos = await get(`/api/Maintenance/getPreInspectionPhotosByIdAsync?inspectionId=${preId}`, 'owner')
    expect(JSON.parse(photos.body)).toEqual(await read.getPreInspectionPhotos(ctx, preId))
    const insp = await get(`/api/Maintenance/GetInspectionFormById?inspectionId=${inspId}`, 'owner')
    expect(JSON.parse(insp.body)).toEqual(await read.getInspectionForm(ctx, inspId))
    const inspPhotos = await get(`/api/Maintenance/getInspectionPhotosByIdAsync?inspectionId=${inspId}`, 'owner')
    expect(JSON.parse(inspPhotos.body)).toEqual(await read.getInspectionPhotos(ctx, inspId))
    const bad = await get('/api/Maintenance/GetPreInspectionFormById?inspectionId=abc', 'owner')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body).errors).toHaveProperty('inspectionId')
    expect((await get('/api/Maintenance/GetInspectionFormById', 'owner')).status).toBe(400)
    expect((await get('/api/Maintenance/GetPreInspectionFormById?inspectionId=999999', 'owner')).status).toBe(404)
    expect((await get(`/api/Maintenance/GetPreInspectionFormById?inspectionId=${preId}`)).status).toBe(401)
  })

  it('tRPC: the dialog procedures answer the form with its vehicle; a stranger gets NOT_FOUND', async () => {
    const input = encodeURIComponent(JSON.stringify({ inspectionId: preId }))
    const ok = await raw(app.base, 'GET', `/trpc/inspectionForms.preInspection?input=${input}`, { headers: { cookie: await cookie('operator') } })
    expect(ok.status).toBe(200)
    const data = JSON.parse(ok.body).result.data
    expect(data.form.id).toBe(preId)
    expect(data.vehicle).toMatchObject({ id: vehicleId, vehicleIdentifier })
    const no = await raw(app.base, 'GET', `/trpc/inspectionForms.inspection?input=${encodeURIComponent(JSON.stringify({ inspectionId: inspId }))}`, { headers: { cookie: await cookie('stranger') } })
    expect(no.status).toBe(404)
  })

  it('print pages by ?id=: the owner and the assigned operator see the record and its fingerprint; another company 404; no role there → /', async () => {
    const fp = await fingerprints.formFingerprint(await ctxFor(db, u.owner), 'pre-inspection', preId)
    expect(fp).toMatch(/^[0-9a-f]{12}$/)
    const mine = await page(`/PrintPreInspection/${co.owner}?id=${preId}`, 'owner')
    expect(mine.status).toBe(200)
    expect(mine.body).toContain(fp)
    expect(mine.body).toContain('Download PDF')
    expect(mine.body).toContain(`${APP_ORIGIN}/verify/pre-inspection/${preId}?f=${fp}`)
    expect((await page(`/PrintPreInspection/${co.operator}?id=${preId}`, 'operator')).status).toBe(200)
    expect((await page(`/PrintInspection/${co.owner}?id=${inspId}`, 'owner')).status).toBe(200)
    // Owner and Operator in `other`, but the vehicle is not one `other` sees: 404.
    expect((await page(`/PrintPreInspection/${co.other}?id=${preId}`, 'otherOwner')).status).toBe(404)
    expect((await page(`/PrintInspection/${co.other}?id=${inspId}`, 'otherOwner')).status).toBe(404)
    // No Owner/Operator role in the route's company: decision 006 sends to /.
    const driverThere = await page(`/PrintPreInspection/${co.operator}?id=${preId}`, 'opDriver')
    expect(driverThere.status).toBe(302)
    expect(driverThere.headers.location).toBe('/')
    expect((await page(`/PrintPreInspection/${co.owner}?id=${preId}`, 'otherOwner')).headers.location).toBe('/')
    expect((await page(`/PrintPreInspection/${co.owner}?id=x`, 'owner')).status).toBe(404)
    // Without ?id= the page waits for navigation state and says what is missing.
    const bare = await page(`/PrintPreInspection/${co.owner}`, 'owner')
    expect(bare.status).toBe(200)
    expect(bare.body).toContain('Pre-Inspection data has not been loaded.')
  })

  it('PDF routes: a real PDF from the print component with the fingerprint and verify link; 404 for another company', async () => {
    const seen: Renderer.PdfRenderRecord[] = []
    renderer.observePdfRenders((r) => seen.push(r))
    try {
      const fp = await fingerprints.formFingerprint(await ctxFor(db, u.owner), 'pre-inspection', preId)
      const res = await page(`/PrintPreInspection/${co.owner}/pdf?id=${preId}`, 'owner')
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.body.startsWith('%PDF-')).toBe(true)
      expect(res.headers['content-disposition']).toBe(`attachment; filename="pre-inspection-${vehicleIdentifier}-2026-03-02-${preId}.pdf"`)
      const html = seen.at(-1)!.html
      expect(html).toContain(`Fingerprint: <strong class="opd-mono" data-fingerprint="${fp}">${fp}</strong>`)
      expect(html).toContain(`${APP_ORIGIN}/verify/pre-inspection/${preId}?f=${fp}`)
      expect(html).toContain('Damage Report')
      expect(seen.at(-1)!.requests).toEqual([])

      const ifp = await fingerprints.formFingerprint(await ctxFor(db, u.owner), 'inspection', inspId)
      const insp = await page(`/PrintInspection/${co.owner}/pdf?id=${inspId}`, 'owner')
      expect(insp.status).toBe(200)
      expect(insp.body.startsWith('%PDF-')).toBe(true)
      expect(seen.at(-1)!.html).toContain(ifp)
      expect(seen.at(-1)!.html).toContain('Chassis (8)')
      expect((await page(`/PrintPreInspection/${co.other}/pdf?id=${preId}`, 'otherOwner')).status).toBe(404)
      expect((await page(`/PrintPreInspection/${co.owner}/pdf?id=${preId}`, 'otherOwner')).headers.location).toBe('/')
    } finally {
      renderer.observePdfRenders(null)
    }
  }, 60_000)

  it('verify page: match, mismatch after a change, a mistyped fingerprint; members of other companies get 404', async () => {
    const fp = await fingerprints.formFingerprint(await ctxFor(db, u.owner), 'pre-inspection', preId)
    const ok = await page(`/verify/pre-inspection/${preId}?f=${fp}`, 'owner')
    expect(ok.status).toBe(200)
    expect(ok.body).toContain('This copy matches the record.')
    expect(ok.body).toContain(vehicleIdentifier)
    // A member of the filing operator company with no read rights (the filer's own operator) may verify.
    expect((await page(`/verify/pre-inspection/${preId}?f=${fp}`, 'unassignedOperator')).body).toContain('This copy matches the record.')
    expect((await page(`/verify/pre-inspection/${preId}?f=${fp}`, 'stranger')).status).toBe(404)
    expect((await page(`/verify/pre-inspection/${preId}?f=${fp}`, 'otherShopMechanic')).status).toBe(404)
    expect((await page(`/verify/pre-inspection/${preId}?f=zz`, 'owner')).status).toBe(400)
    await db.transaction((tx) => tx.update(preInspections).set({ comments: 'Changed after printing' }).where(eq(preInspections.id, preId)))
    const changed = await page(`/verify/pre-inspection/${preId}?f=${fp}`, 'owner')
    expect(changed.status).toBe(200)
    expect(changed.body).toContain('This copy does not match the record.')
    const ifp = await fingerprints.formFingerprint(await ctxFor(db, u.owner), 'inspection', inspId)
    expect((await page(`/verify/inspection/${inspId}?f=${ifp}`, 'operator')).body).toContain('This copy matches the record.')
    expect((await page(`/verify/inspection/${inspId}?f=${ifp}`, 'stranger')).status).toBe(404)
  })
})
