/**
 * Decision 066: the annual inspection (49 CFR 396.17, 396.19, 396.21, 396.23) — the inspector's
 * qualification in the profile, marking a mechanic's inspection as the annual one (coverage and
 * qualification), the next inspection date it sets, the owner's review of an unrelated shop's
 * filing, the report and the decal as PDFs (text, page size, the QR's link, the motor carrier
 * they name, in English and in Spanish), and the doors.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANNUAL_INSPECTION_REQUIRED_KEYS, ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, inspections, operatorAssignments, users, vehicles } from '#db/schema/index.ts'
import { getInspectorQualification, updateProfile } from '#server/auth/profile.server.ts'
import { env } from '#server/env.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { decalQrDataUrl } from '#server/inspections/annual-decal.server.ts'
import { getAnnualInspectionDecal, getAnnualInspectionReport, listAnnualInspections } from '#server/inspections/annual-inspections.server.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { reviewInspection } from '#server/inspections/review-inspection.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { observePdfRenders, type PdfRenderRecord } from '#server/pdf/render.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { pdfInfo as readPdfInfo, pdfText as readPdfText, pdfToPng } from '#tests/helpers/pdf.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as reportPage from '#app/routes/annualInspection.$inspectionId.tsx'
import * as reportPdf from '#app/routes/annualInspection.$inspectionId_.pdf.ts'
import * as decalPdf from '#app/routes/annualInspection.$inspectionId_.decal[.]pdf.ts'

const QUALIFICATION = 'ASE Master Certified, 8 years; State of Illinois certified inspector'
const SHOP_ADDRESS = '12 Depot Road\nSpringfield, IL 62701'
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(700000 + vinSeq++).slice(-6)}`)
const at = (day: string) => new Date(`${day}T15:00:00Z`)

/** A whole valid filing: every item Satisfactory, a typed signature. */
function filing(vehicleIdentifier: string, inspectionDate: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { vehicleIdentifier, inspectionDate, signatureName: 'Mia Mechanic', photos: [] }
  for (const k of INSPECTION_ITEM_KEYS) body[k] = { status: 0, comments: '' }
  return { ...body, ...over }
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: { code: string; status: number; message: string; fieldErrors?: Record<string, string> }) => e,
  )

let db: Database
let tmp: string
const w = {} as {
  ownerCo: number
  shop: number
  owner: number
  mechanic: number
  unqualified: number
  outsider: number
  driver: number
  stranger: number
}

async function newBus() {
  return addVehicle(await ctxFor(db, w.owner), { ownerId: w.ownerCo, make: 'Prevost', model: 'H3-45', vin: nextVin(), licensePlate: `AN-${vinSeq}` })
}
async function nextInspectionOf(vehicleId: number) {
  const [v] = await db.read.select({ next: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, vehicleId))
  return v!.next
}
async function setQualification(userId: number, q: string | null) {
  await db.transaction((tx) => tx.update(users).set({ inspectorQualification: q }).where(eq(users.id, userId)))
}

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; clientIp: string } }) => unknown
/** A page or PDF route as `userId` sees it; `lng: 'es'` is a reader who chose Spanish (the language cookie). */
async function page(
  loader: Loader,
  path: string,
  userId: number | null,
  params: Record<string, string>,
  lng?: 'es',
): Promise<{ status: number; response: Response | null; data: unknown }> {
  const cookies = [userId ? `operon_session=${await webSessionFor(db, userId)}` : null, lng ? `operon_lng=${lng}` : null].filter(Boolean)
  const headers: Record<string, string> = cookies.length ? { cookie: cookies.join('; ') } : {}
  let out: unknown
  try {
    out = await loader({ request: new Request(`http://localhost${path}`, { headers }), params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
  } catch (thrown) {
    out = thrown
  }
  if (out instanceof Response) return { status: out.status, response: out, data: null }
  const init = (out as { type?: string; init?: ResponseInit | null })?.type === 'DataWithResponseInit' ? (out as { init?: ResponseInit | null; data: unknown }) : null
  return { status: init?.init?.status ?? 200, response: null, data: init ? (init as { data: unknown }).data : out }
}

async function rest(method: string, path: string, userId: number, body?: unknown) {
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, {
      method,
      headers: { authorization: `Bearer ${await apiTokenFor(db, userId)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    db,
    '127.0.0.1',
  )
  return res
}

// To look at the documents: ANNUAL_PDF_DIR=… keeps them there (then `pdftoppm -r 100 -png`).
const pdfText = (bytes: Buffer, name: string) => readPdfText(bytes, name, process.env.ANNUAL_PDF_DIR ?? tmp)
const pdfInfo = (bytes: Buffer, name: string) => readPdfInfo(bytes, name, tmp)

/**
 * Whether the decal's printed QR is the code of `link`: the PDF rasterized at 300 dpi, the dark
 * square found in the QR's corner of the label (right of 2.5 in, between the heading rule and the caption), each
 * module's centre compared with the matrix the qrcode package makes of `link`.
 */
async function printedQrMatches(pdf: Buffer, link: string): Promise<boolean> {
  pdfToPng(pdf, 'decal-qr', { dir: tmp, dpi: 300, gray: true, singlefile: true })
  const { data, info } = await sharp(join(tmp, 'decal-qr.png')).greyscale().raw().toBuffer({ resolveWithObject: true })
  const dark = (x: number, y: number) => data[y * info.width + x]! < 128
  const [x0, x1, y0, y1] = [Math.round(2.5 * 300), Math.round(3.95 * 300), Math.round(0.45 * 300), Math.round(1.65 * 300)]
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1]
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!dark(x, y)) continue
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
    }
  }
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' })
  const size = modules.size
  const step = (right - left + 1) / size
  if (Math.abs(bottom - top + 1 - (right - left + 1)) > step) return false
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const printed = dark(Math.floor(left + (c + 0.5) * step), Math.floor(top + (r + 0.5) * step))
      if (printed !== !!modules.get(r, c)) return false
    }
  }
  return true
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  tmp = mkdtempSync(join(tmpdir(), 'operon-annual-'))
  const ownerCo = await createCompany(db, 'Prairie Coaches', ['Owner'])
  const shop = await createCompany(db, 'Depot Diesel Repair', ['RepairShop'])
  const farShop = await createCompany(db, 'Roadside Garage', ['RepairShop'])
  const operatorCo = await createCompany(db, 'Lakeside Tours', ['Operator'])
  const u = async (first: string, last: string) => (await createUser(db, { firstName: first, lastName: last })).id
  Object.assign(w, {
    ownerCo: ownerCo.id,
    shop: shop.id,
    owner: await u('Olive', 'Owner'),
    mechanic: await u('Mia', 'Mechanic'),
    unqualified: await u('Uma', 'Unqualified'),
    outsider: await u('Otto', 'Outsider'),
    driver: await u('Dan', 'Driver'),
    stranger: await u('Sid', 'Stranger'),
  })
  await grantRole(db, w.owner, ownerCo.id, 'Owner')
  await grantRole(db, w.mechanic, shop.id, 'Mechanic')
  await grantRole(db, w.unqualified, shop.id, 'Mechanic')
  await grantRole(db, w.outsider, farShop.id, 'Mechanic')
  await grantRole(db, w.driver, operatorCo.id, 'Driver')
  await grantRole(db, w.stranger, operatorCo.id, 'Operator')
  await db.transaction(async (tx) => {
    // The owner's chosen shop (related to its buses, decision 062), with its postal address.
    await tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id))
    await tx.update(companies).set({ address: SHOP_ADDRESS }).where(eq(companies.id, shop.id))
  })
  await setQualification(w.mechanic, QUALIFICATION)
  await setQualification(w.outsider, 'State of Iowa certified inspector')
}, 60_000)
afterAll(() => {
  observePdfRenders(null)
  rmSync(tmp, { recursive: true, force: true })
  db.close()
})

describe('the inspector qualification in the profile (49 CFR 396.19)', () => {
  const fields = { firstName: 'Uma', lastName: 'Unqualified', dateOfBirth: '1985-03-04', gender: 1, countryCode: 'US', comesFromState: 'IL', phoneNumber: '+1 217 555 0101' }

  it('a Mechanic enters, keeps and clears it through the profile update; at most 200 characters', async () => {
    const ctx = await ctxFor(db, w.unqualified)
    expect(await getInspectorQualification(ctx)).toEqual({ inspectorQualification: null, inspector: true })
    await updateProfile(ctx, { ...fields, inspectorQualification: '  ASE Certified, 3 years  ' })
    expect((await getInspectorQualification(ctx)).inspectorQualification).toBe('ASE Certified, 3 years')
    await updateProfile(ctx, fields)
    expect((await getInspectorQualification(ctx)).inspectorQualification).toBe('ASE Certified, 3 years')
    const long = await refusal(updateProfile(ctx, { ...fields, inspectorQualification: 'x'.repeat(201) }))
    expect(long.status).toBe(400)
    expect(long.fieldErrors?.inspectorQualification).toBe(ANNUAL_TEXT.qualificationTooLong)
    await updateProfile(ctx, { ...fields, inspectorQualification: '' })
    expect((await getInspectorQualification(ctx)).inspectorQualification).toBeNull()
  })

  it('PUT /api/Profile takes it as an optional extra; someone without a Mechanic or Repair shop role cannot hold one', async () => {
    const res = await rest('PUT', '/api/Profile', w.driver, { ...fields, firstName: 'Dan', inspectorQualification: 'Self-taught' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Record<string, string> }).errors.inspectorQualification).toBe(ANNUAL_TEXT.qualificationNotInspector)
    const plain = await rest('PUT', '/api/Profile', w.driver, { ...fields, firstName: 'Dan' })
    expect(plain.status).toBe(200)
    expect(Object.keys((await plain.json()) as object)).not.toContain('inspectorQualification')
  })
})

describe('marking the annual inspection (49 CFR 396.17)', () => {
  it('is refused with a clear message without a qualification in the profile', async () => {
    const bus = await newBus()
    const e = await refusal(submitInspection(await ctxFor(db, w.unqualified), filing(bus.vehicleIdentifier, new Date().toISOString().slice(0, 10), { isAnnual: true })))
    expect(e.status).toBe(400)
    expect(e.message).toBe(ANNUAL_TEXT.needsQualification)
    expect(e.fieldErrors?.isAnnual).toBe(ANNUAL_TEXT.needsQualification)
    expect(await db.read.select().from(inspections).where(eq(inspections.vehicleId, bus.id))).toEqual([])
  })

  it('must cover every Appendix G item: none of them Not applicable; the other items may be', async () => {
    const bus = await newBus()
    const day = new Date().toISOString().slice(0, 10)
    const ctx = await ctxFor(db, w.mechanic)
    const [brakes, exits] = [ANNUAL_INSPECTION_REQUIRED_KEYS[0], 'emergencyExitsHandlesLabels'] as const
    const e = await refusal(submitInspection(ctx, filing(bus.vehicleIdentifier, day, { isAnnual: true, [brakes]: { status: 2 }, [exits]: { status: 2 } })))
    expect(e.status).toBe(400)
    expect(e.fieldErrors).toMatchObject({ [`${brakes}.status`]: ANNUAL_TEXT.itemNotCovered, [`${exits}.status`]: ANNUAL_TEXT.itemNotCovered })
    // Not annual: the same answers file.
    expect((await submitInspection(ctx, filing(bus.vehicleIdentifier, day, { [brakes]: { status: 2 } }))).isAnnual).toBeUndefined()
    // A bus without a wheelchair lift or A/C: those may be Not applicable on an annual inspection.
    const filed = await submitInspection(ctx, filing(bus.vehicleIdentifier, day, { isAnnual: 'true', wheelchairLiftSafetySwitchFunctionCondition: { status: 2 }, acCompressorClutchCondenserLinesHosesConditionLeaking: { status: 2 } }))
    expect(filed).toMatchObject({ isAnnual: true, isSatisfactory: true, pendingReview: false })
    const [row] = await db.read.select().from(inspections).where(eq(inspections.id, filed.id))
    expect(row).toMatchObject({ isAnnual: true, inspectorQualification: QUALIFICATION })
    // A snapshot: a later change of the profile leaves the filed report as it was.
    await setQualification(w.mechanic, 'Changed later')
    expect((await getAnnualInspectionReport(await ctxFor(db, w.owner), { inspectionId: filed.id })).inspectorQualification).toBe(QUALIFICATION)
    await setQualification(w.mechanic, QUALIFICATION)
  })
})

describe('the next inspection date', () => {
  it('a passed annual inspection sets it 12 months later, clamped at month ends (2028-02-29 → 2029-02-28)', async () => {
    for (const [day, due] of [
      ['2028-02-29', '2029-02-28'],
      ['2027-01-31', '2028-01-31'],
      ['2026-12-31', '2027-12-31'],
    ] as const) {
      const bus = await newBus()
      const filed = await submitInspection(await ctxFor(db, w.mechanic, at(day)), filing(bus.vehicleIdentifier, day, { isAnnual: true }))
      expect(await nextInspectionOf(bus.id), day).toBe(due)
      const [row] = await listAnnualInspections(await ctxFor(db, w.owner, at(day)), bus.id)
      expect(row).toMatchObject({ id: filed.id, inspectionDate: day, result: 'Passed', nextInspectionDue: due, inspectorQualification: QUALIFICATION })
    }
  })

  it('a failed annual inspection leaves it unchanged: the report says Failed, there is no decal', async () => {
    const bus = await newBus()
    await submitInspection(await ctxFor(db, w.mechanic, at('2027-05-03')), filing(bus.vehicleIdentifier, '2027-05-03', { isAnnual: true }))
    const failed = await submitInspection(
      await ctxFor(db, w.mechanic, at('2028-05-01')),
      filing(bus.vehicleIdentifier, '2028-05-01', { isAnnual: true, brakeFluidConditionLevel: { status: 1, comments: 'Fluid contaminated' } }),
    )
    expect(failed.isSatisfactory).toBe(false)
    expect(await nextInspectionOf(bus.id)).toBe('2028-05-03')
    const report = await getAnnualInspectionReport(await ctxFor(db, w.owner), { inspectionId: failed.id })
    expect(report).toMatchObject({ result: 'Failed', nextInspectionDue: null, decalUrl: null })
    const decal = await page(decalPdf.loader as Loader, `/annualInspection/${failed.id}/decal.pdf`, w.owner, { inspectionId: String(failed.id) })
    expect(decal.status).toBe(409)
    expect(await decal.response!.text()).toBe(ANNUAL_TEXT.failedNoDecal)
  })

  it("a Pending one (a shop unrelated to the bus) is not annual until the owner accepts it, nor does it move the date", async () => {
    const bus = await newBus()
    const day = new Date().toISOString().slice(0, 10)
    const filed = await submitInspection(await ctxFor(db, w.outsider), filing(bus.vehicleIdentifier, day, { isAnnual: true }))
    expect(filed).toMatchObject({ pendingReview: true, isAnnual: true })
    expect(await nextInspectionOf(bus.id)).toBeNull()
    const pending = await refusal(getAnnualInspectionReport(await ctxFor(db, w.owner), { inspectionId: filed.id }))
    expect({ status: pending.status, message: pending.message }).toEqual({ status: 409, message: ANNUAL_TEXT.pending })
    expect((await listAnnualInspections(await ctxFor(db, w.owner), bus.id)).map((r) => [r.reviewStatus, r.nextInspectionDue])).toEqual([['Pending', null]])
    await reviewInspection(await ctxFor(db, w.owner), { inspectionId: filed.id, decision: 'Accept' })
    const due = (await getAnnualInspectionReport(await ctxFor(db, w.owner), { inspectionId: filed.id })).nextInspectionDue
    expect(await nextInspectionOf(bus.id)).toBe(due)
    expect(due).not.toBeNull()
    // The outside shop that filed it reads its report once accepted (it is named on it).
    expect((await getAnnualInspectionReport(await ctxFor(db, w.outsider), { inspectionId: filed.id })).shop?.name).toBe('Roadside Garage')
  })
})

describe('the report and the decal (PDFs)', () => {
  let inspectionId: number
  let identifier: string
  const day = '2027-03-14'
  // The motor carrier (49 CFR 396.21(a)): the operator holding the bus that day, with none of its people in `w`.
  const OPERATOR = 'Harbor Line Charters'

  beforeAll(async () => {
    const bus = await newBus()
    identifier = bus.vehicleIdentifier
    const operator = await createCompany(db, OPERATOR, ['Operator'])
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operator.id, startDate: '2027-03-01', endDate: '2027-03-31' }))
    inspectionId = (await submitInspection(await ctxFor(db, w.mechanic, at(day)), filing(identifier, day, { isAnnual: true }))).id
  })

  it('the report page and its PDF name the vehicle, the motor carrier and owner, the inspector and qualification, the shop, the date and the result', async () => {
    const html = await page(reportPage.loader as Loader, `/annualInspection/${inspectionId}`, w.owner, { inspectionId: String(inspectionId) })
    expect(html.status).toBe(200)
    const loaded = html.data as { backHref: string; record: { report: { result: string; ownerCompany: { name: string }; operatorCompany: { name: string } | null } } }
    expect(loaded.record.report).toMatchObject({ result: 'Passed', ownerCompany: { name: 'Prairie Coaches' }, operatorCompany: { name: OPERATOR } })
    // Back: the owner's manager to the vehicle (its row on the fleet page), the inspector to the dashboard.
    const bus = (await db.read.select({ vehicleId: inspections.vehicleId }).from(inspections).where(eq(inspections.id, inspectionId)))[0]!.vehicleId
    expect(loaded.backHref).toBe(`/vehicles/${bus}`)
    expect(((await page(reportPage.loader as Loader, `/annualInspection/${inspectionId}`, w.mechanic, { inspectionId: String(inspectionId) })).data as { backHref: string }).backHref).toBe('/dashboard')
    const pdf = await page(reportPdf.loader as Loader, `/annualInspection/${inspectionId}/pdf`, w.owner, { inspectionId: String(inspectionId) })
    expect(pdf.status).toBe(200)
    expect(pdf.response!.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(Buffer.from(await pdf.response!.arrayBuffer()), 'report.pdf').replace(/\s+/g, ' ')
    for (const expected of [
      ANNUAL_TEXT.reportTitle,
      identifier,
      'Mar 14, 2027',
      `${ANNUAL_TEXT.motorCarrier} ${OPERATOR}`,
      'Owner Prairie Coaches',
      'Mia Mechanic',
      QUALIFICATION,
      'Depot Diesel Repair',
      '12 Depot Road',
      'Springfield, IL 62701',
      'Passed',
      'Next inspection due Mar 14, 2028',
      'Fingerprint',
    ]) {
      expect(text, expected).toContain(expected)
    }
  }, 60_000)

  it('in Spanish, the report PDF names the operator and the owner with Spanish labels, the citations as written', async () => {
    const pdf = await page(reportPdf.loader as Loader, `/annualInspection/${inspectionId}/pdf`, w.owner, { inspectionId: String(inspectionId) }, 'es')
    expect(pdf.status).toBe(200)
    const text = pdfText(Buffer.from(await pdf.response!.arrayBuffer()), 'report-es.pdf').replace(/\s+/g, ' ')
    for (const expected of [
      'Reporte de inspección anual (49 CFR 396.21)',
      `Operador (transportista) ${OPERATOR}`,
      'Propietario Prairie Coaches',
      'Calificación (49 CFR 396.19)',
      'Fecha de inspección 14 mar 2027',
      'Aprobada',
      '396.21(b)',
    ]) {
      expect(text, expected).toContain(expected)
    }
    for (const english of [ANNUAL_TEXT.motorCarrier, 'Owner', 'Inspection date', 'Next inspection due', 'Passed']) expect(text, english).not.toContain(english)
  }, 60_000)

  it('the decal is one 4 × 3 in page: vehicle, date, the shop’s name and address, next due; its QR is the report’s link', async () => {
    const renders: PdfRenderRecord[] = []
    observePdfRenders((r) => renders.push(r))
    const res = await page(decalPdf.loader as Loader, `/annualInspection/${inspectionId}/decal.pdf`, w.mechanic, { inspectionId: String(inspectionId) })
    observePdfRenders(null)
    expect(res.status).toBe(200)
    expect(res.response!.headers.get('content-disposition')).toBe(`attachment; filename="annual-inspection-decal-${identifier}-${day}.pdf"`)
    const bytes = Buffer.from(await res.response!.arrayBuffer())
    const info = pdfInfo(bytes, 'decal.pdf')
    expect(info).toMatch(/Pages:\s+1\n/)
    expect(info).toMatch(/Page size:\s+288 x 216 pts/)
    const text = pdfText(bytes, 'decal.pdf').replace(/\s+/g, ' ')
    for (const expected of [
      identifier,
      // The labels are set in capitals.
      'INSPECTED Mar 14, 2027',
      `OPERATOR (MOTOR CARRIER) ${OPERATOR}`,
      'OWNER Prairie Coaches',
      'Depot Diesel Repair',
      '12 Depot Road',
      'Springfield, IL 62701',
      // Under the code: the next inspection's due date.
      'NEXT INSPECTION',
      'Mar 14, 2028',
      '49 CFR 396.17',
      ANNUAL_TEXT.decalCertification,
    ]) {
      expect(text, expected).toContain(expected)
    }
    // The QR drawn on the decal is the code of the report page's absolute link (what a phone opens).
    const link = `${env().APP_URL}/annualInspection/${inspectionId}`
    const qr = /<img src="(data:image\/svg\+xml;base64,[^"]+)" alt="QR code of the inspection report"/.exec(renders.at(-1)!.html)?.[1]
    expect(qr).toBe(await decalQrDataUrl(link))
    const svg = Buffer.from(qr!.split(',')[1]!, 'base64').toString()
    expect(svg).toBe(await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
    // And what is printed reads as that code: the page at 300 dpi, sampled at each module's centre.
    expect(await printedQrMatches(bytes, link)).toBe(true)
  }, 60_000)

  it('the decal follows the reader’s language: Spanish labels, the operator and the owner, the citation as written, still one 4 × 3 in page', async () => {
    const res = await page(decalPdf.loader as Loader, `/annualInspection/${inspectionId}/decal.pdf`, w.mechanic, { inspectionId: String(inspectionId) }, 'es')
    expect(res.status).toBe(200)
    const bytes = Buffer.from(await res.response!.arrayBuffer())
    const info = pdfInfo(bytes, 'decal-es.pdf')
    expect(info).toMatch(/Pages:\s+1\n/)
    expect(info).toMatch(/Page size:\s+288 x 216 pts/)
    const text = pdfText(bytes, 'decal-es.pdf').replace(/\s+/g, ' ')
    for (const expected of [
      'INSPECCIÓN ANUAL',
      '49 CFR 396.17',
      'VEHÍCULO',
      identifier,
      'Placa',
      'INSPECCIONADO 14 mar 2027',
      `OPERADOR (TRANSPORTISTA) ${OPERATOR}`,
      'PROPIETARIO Prairie Coaches',
      'TALLER (CONSERVA EL REPORTE)',
      'Depot Diesel Repair',
      'Springfield, IL 62701',
      'PRÓXIMA INSPECCIÓN',
      '14 mar 2028',
      'Escanee para ver el reporte',
      'Aprobó la inspección anual exigida por 49 CFR 396.17',
    ]) {
      expect(text, expected).toContain(expected)
    }
    for (const english of ['Annual inspection', 'ANNUAL INSPECTION', 'Vehicle', 'Plate', 'Inspected', 'OWNER', 'Next inspection', 'Scan for', 'Passed']) expect(text, english).not.toContain(english)
  }, 60_000)

  it('without an operator holding the bus that day, the report and the decal say so', async () => {
    const bus = await newBus()
    const operator = await createCompany(db, 'Earlier Lines', ['Operator'])
    // Ended the day before the inspection.
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operator.id, startDate: '2027-02-01', endDate: '2027-03-13' }))
    const id = (await submitInspection(await ctxFor(db, w.mechanic, at(day)), filing(bus.vehicleIdentifier, day, { isAnnual: true }))).id
    expect(await getAnnualInspectionReport(await ctxFor(db, w.owner), { inspectionId: id })).toMatchObject({ operatorCompany: null, ownerCompany: { id: w.ownerCo, name: 'Prairie Coaches' } })
    const res = await page(decalPdf.loader as Loader, `/annualInspection/${id}/decal.pdf`, w.owner, { inspectionId: String(id) })
    const text = pdfText(Buffer.from(await res.response!.arrayBuffer()), 'decal-none.pdf').replace(/\s+/g, ' ')
    expect(text).toContain('OPERATOR (MOTOR CARRIER) None on this date')
    expect(text).not.toContain('Earlier Lines')
  }, 60_000)

  it('REST: the list, the report and the decal; who may not read it gets 404', async () => {
    const bus = (await db.read.select({ vehicleId: inspections.vehicleId }).from(inspections).where(eq(inspections.id, inspectionId)))[0]!.vehicleId
    const list = await rest('GET', `/api/Maintenance/GetAnnualInspections?vehicleId=${bus}`, w.owner)
    expect(await list.json()).toEqual([
      { id: inspectionId, inspectionDate: day, isSatisfactory: true, result: 'Passed', inspectorName: 'Mia Mechanic', inspectorQualification: QUALIFICATION, nextInspectionDue: '2028-03-14', reviewStatus: 'Applied' },
    ])
    // API.md's GetInspection keeps its shape.
    const legacy = (await (await rest('GET', `/api/Maintenance/GetInspection?vehicleId=${bus}`, w.owner)).json()) as object[]
    expect(Object.keys(legacy[0]!).sort()).toEqual(['date', 'id', 'inspectorName', 'isSatisfactory'])
    const report = await rest('GET', `/api/Maintenance/GetAnnualInspectionReport?inspectionId=${inspectionId}`, w.mechanic)
    expect(await report.json()).toMatchObject({
      id: inspectionId,
      inspectorQualification: QUALIFICATION,
      shop: { id: w.shop, name: 'Depot Diesel Repair', address: SHOP_ADDRESS },
      reportUrl: `${env().APP_URL}/annualInspection/${inspectionId}`,
      decalUrl: `${env().APP_URL}/annualInspection/${inspectionId}/decal.pdf`,
    })
    for (const who of [w.stranger, w.driver, w.outsider]) {
      expect((await rest('GET', `/api/Maintenance/GetAnnualInspectionReport?inspectionId=${inspectionId}`, who)).status).toBe(404)
      expect((await rest('GET', `/api/Maintenance/GetAnnualInspectionDecal?inspectionId=${inspectionId}`, who)).status).toBe(404)
      expect((await page(decalPdf.loader as Loader, `/annualInspection/${inspectionId}/decal.pdf`, who, { inspectionId: String(inspectionId) })).status).toBe(404)
    }
    const decal = await rest('GET', `/api/Maintenance/GetAnnualInspectionDecal?inspectionId=${inspectionId}`, w.owner)
    expect(decal.status).toBe(200)
    expect(decal.headers.get('content-type')).toBe('application/pdf')
    // Not annual: no report.
    const plain = await submitInspection(await ctxFor(db, w.mechanic), filing(identifier, new Date().toISOString().slice(0, 10)))
    expect((await rest('GET', `/api/Maintenance/GetAnnualInspectionReport?inspectionId=${plain.id}`, w.owner)).status).toBe(404)
  }, 60_000)

  it('POST /api/Maintenance/submitInspection takes isAnnual; its answer keeps API.md’s shape; OpenAPI lists the new paths', async () => {
    const bus = await newBus()
    const res = await rest('POST', '/api/Maintenance/submitInspection', w.mechanic, filing(bus.vehicleIdentifier, new Date().toISOString().slice(0, 10), { IsAnnual: true }))
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: number }
    expect(Object.keys(body).sort()).toEqual(['id', 'isSatisfactory'])
    expect((await db.read.select({ a: inspections.isAnnual }).from(inspections).where(eq(inspections.id, body.id)))[0]!.a).toBe(true)
    const doc = (await (await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')).json()) as { paths: Record<string, unknown> }
    for (const p of ['/api/Maintenance/GetAnnualInspections', '/api/Maintenance/GetAnnualInspectionReport', '/api/Maintenance/GetAnnualInspectionDecal']) expect(doc.paths[p], p).toBeDefined()
  })
})

describe('the demo data (decision 066)', () => {
  it('has a qualified demo mechanic and one passed annual inspection with its decal', async () => {
    const demo = createTestDb()
    try {
      await seedDemoData(demo, { now: new Date('2026-11-27T17:00:00Z') })
      const annual = await demo.read.select().from(inspections).where(eq(inspections.isAnnual, true))
      expect(annual).toHaveLength(1)
      const [a] = annual
      expect(a).toMatchObject({ isSatisfactory: true, reviewStatus: 'Applied' })
      const [filer] = await demo.read.select({ q: users.inspectorQualification }).from(users).where(eq(users.id, a!.inspectorUserId!))
      expect(filer!.q).toBe(a!.inspectorQualification)
      expect(filer!.q).toMatch(/ASE/)
      const decal = await getAnnualInspectionDecal(await ctxFor(demo, a!.inspectorUserId!), { inspectionId: a!.id })
      expect(decal.shop?.address).toBeTruthy()
      const [bus] = await demo.read.select({ next: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, a!.vehicleId))
      expect(bus!.next).toBe(decal.nextInspectionDue)
    } finally {
      demo.close()
    }
  }, 120_000)
})
