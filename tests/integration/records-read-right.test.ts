/**
 * Issue 23 part 1, "Records that read right" (decision 063): one clock (every time in the
 * record's company's zone, the zone named) on the owner's Repair actions tab and the pre-trip
 * print page and PDF; the RA code and the out-of-service state in the driver's confirmation;
 * the companies a printed inspection names and its fingerprint kept with the last block; a new
 * company's time zone (asked, validated, defaulted for API callers) and its code's prefix; the
 * company address on the settings page.
 */
import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '#tests/helpers/pdf.ts'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import * as fleet from '#app/routes/_app+/fleet.$companyId.tsx'
import type { FleetLoaderData } from '#app/routes/_app+/fleet.server.ts'
import * as settingsRoute from '#app/routes/_app+/company.$companyId.settings.tsx'
import * as profileRoute from '#app/routes/_app+/profile.tsx'
import * as printPre from '#app/routes/PrintPreInspection.$companyId.tsx'
import * as printPrePdf from '#app/routes/PrintPreInspection.$companyId_.pdf.ts'
import * as printInspPdf from '#app/routes/PrintInspection.$companyId_.pdf.ts'
import { PreInspectionDocument } from '#app/components/inspections/form-print.tsx'
import { filedSummary } from '#app/components/pre-trip/outbox.tsx'
import { FILED_TEXT } from '#app/components/pre-trip/types.ts'
import { DEFAULT_TIME_ZONE } from '#catalog/company-settings.ts'
import { Raster } from '#server/demo/assets.ts'
import { registerUser } from '#server/auth/register.server.ts'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { createCompany as createCompanyUseCase } from '#server/companies/create-company.ts'
import { readRecordText } from '#server/i18n/record-texts.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { closePdfBrowser } from '#server/pdf/render.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor, uniqueEmail } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { assign, insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

const NY = 'America/New_York'
const CHICAGO = 'America/Chicago'

let db: Database
const co = {} as Record<'owner' | 'operator' | 'formerOperator' | 'shop' | 'inspectorShop', number>
const u = {} as Record<'owner' | 'operator' | 'driver' | 'inspector' | 'manager', { id: number; cookie: string }>

async function person(companyId: number, role: Parameters<typeof grantRole>[3], firstName?: string) {
  const user = await createUser(db, firstName ? { firstName } : {})
  await grantRole(db, user.id, companyId, role)
  return { id: user.id, cookie: await webSessionFor(db, user.id) }
}
const setZone = (companyId: number, timeZone: string) => db.transaction((tx) => tx.update(t.companies).set({ timeZone }).where(eq(t.companies.id, companyId)))
const companyRow = async (id: number) => (await db.read.select().from(t.companies).where(eq(t.companies.id, id)))[0]!

/** The text of a PDF, one string per page (poppler's pdftotext). */
function pdfPages(bytes: Uint8Array, name: string): string[] {
  return pdfText(bytes, name, process.env.RECORDS_PDF_DIR)
    .split('\f')
    .filter((p) => p.trim())
}

async function pdfOf(route: { loader: unknown }, path: string, companyId: number, who = u.owner): Promise<Uint8Array> {
  const r = await callPage(route.loader as PageHandler, path, { cookie: who.cookie, params: { companyId: String(companyId) } })
  expect(r.status).toBe(200)
  expect(r.response!.headers.get('content-type')).toBe('application/pdf')
  return new Uint8Array(await r.response!.arrayBuffer())
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  co.owner = (await createCompany(db, 'Harbor Coach Leasing', ['Owner'])).id
  co.operator = (await createCompany(db, 'Prairie School Lines', ['Operator'])).id
  co.formerOperator = (await createCompany(db, 'Former Transit', ['Operator'])).id
  co.shop = (await createCompany(db, 'Lakeside Diesel', ['RepairShop'])).id
  co.inspectorShop = (await createCompany(db, 'Roadside Inspections', ['RepairShop'])).id
  u.owner = await person(co.owner, 'Owner')
  u.operator = await person(co.operator, 'Operator')
  u.driver = await person(co.operator, 'Driver', 'Dana')
  u.inspector = await person(co.inspectorShop, 'Mechanic', 'Ivy')
  u.manager = await person(co.owner, 'Owner')
  await setZone(co.owner, NY)
  await setZone(co.operator, CHICAGO)
  await db.transaction((tx) => tx.update(t.companies).set({ repairShopCompanyId: co.shop }).where(eq(t.companies.id, co.owner)))
})
afterAll(async () => {
  await closePdfBrowser()
  await db.close()
})

describe('one clock', () => {
  it("the owner's Repair actions tab and odometer history show the owner's zone, named (not UTC)", async () => {
    const v = await newVehicle(db, u.owner.id, co.owner)
    await db.transaction((tx) =>
      tx.insert(t.repairActions).values({
        repairIdentifier: 'RA-2026-900001',
        vehicleId: v.id,
        ownerCompanyId: co.owner,
        repairCompanyId: co.shop,
        createdAt: new Date('2026-11-27T13:05:00Z'),
        repairedAt: new Date('2026-07-04T16:30:00Z'),
      }),
    )
    const r = await callPage(fleet.loader as PageHandler, `/fleet/${co.owner}?open=${v.id}&tab=repairs`, { cookie: u.owner.cookie, params: { companyId: String(co.owner) } })
    const data = r.body as FleetLoaderData
    const repair = data.open!.repairs!.find((x) => x.repairIdentifier === 'RA-2026-900001')!
    expect(repair.createdAtLabel).toBe('Nov 27, 2026, 8:05 AM EST')
    expect(repair.repairedAtLabel).toBe('Jul 4, 2026, 12:30 PM EDT')
    for (const reading of data.open!.odometer?.readings ?? []) expect(reading.recordedAtLabel).toMatch(/ (EST|EDT)$/)
  })

  it("the pre-trip print page and its PDF: times in the operator's zone with its abbreviation, odometers in mi, the three companies", async () => {
    const v = await newVehicle(db, u.owner.id, co.owner)
    await assign(db, v.id, co.operator)
    const pre = await insertPreInspection(db, { vehicleId: v.id, operatorCompanyId: co.operator, driverUserId: u.driver.id, defective: ['horn'], photos: 4, repairCompanyId: co.shop })

    const page = await callPage(printPre.loader as PageHandler, `/PrintPreInspection/${co.owner}?id=${pre.id}`, { cookie: u.owner.cookie, params: { companyId: String(co.owner) } })
    const record = (page.body as Awaited<ReturnType<typeof printPre.loader>>).record!
    expect(record.recordContext).toEqual({
      timeZone: CHICAGO,
      ownerCompany: { id: co.owner, name: 'Harbor Coach Leasing' },
      operatorCompany: { id: co.operator, name: 'Prairie School Lines' },
      repairShop: { id: co.shop, name: 'Lakeside Diesel' },
    })
    const html = renderToStaticMarkup(createElement(PreInspectionDocument, { form: record.form, vehicle: record.vehicle, photos: record.photos, fingerprint: record.fingerprint, recordContext: record.recordContext }))
    // 06:30 and 15:45 UTC on March 2 (CST, UTC−6).
    expect(html).toContain('Mar 2, 2026, 12:30 AM CST')
    expect(html).toContain('Mar 2, 2026, 9:45 AM CST')
    expect(html).not.toContain(' UTC')
    expect(html).toContain('120,400 mi')

    const pages = pdfPages(await pdfOf(printPrePdf, `/PrintPreInspection/${co.owner}/pdf?id=${pre.id}`, co.owner), `pre-trip-${pre.id}.pdf`)
    const all = pages.join('\n')
    for (const text of ['Mar 2, 2026, 12:30 AM CST', 'Mar 2, 2026, 9:45 AM CST', '120,400 mi', '120,655 mi', 'Harbor Coach Leasing', 'Prairie School Lines', 'Lakeside Diesel']) expect(all).toContain(text)
    expect(all).not.toMatch(/\d{2}:\d{2} UTC/)
    // The fingerprint never sits alone on the last page: the Images block goes with it.
    expect(pages.at(-1)).toContain('Fingerprint')
    expect(pages.at(-1)).toContain('Images')
  }, 60_000)

  it('the inspection PDF names the owner, the operator active on its date (not a former one) and the inspector’s shop', async () => {
    const v = await newVehicle(db, u.owner.id, co.owner)
    await assign(db, v.id, co.formerOperator, { startDate: '2025-01-01', endDate: '2026-02-01' })
    await assign(db, v.id, co.operator, { startDate: '2026-02-15', endDate: null })
    const insp = await insertInspection(db, { vehicleId: v.id, inspectorUserId: u.inspector.id, date: '2026-03-01', unsatisfactory: ['brakeFluidConditionLevel', 'tires', 'horn'], photos: 4 })
    const pages = pdfPages(await pdfOf(printInspPdf, `/PrintInspection/${co.owner}/pdf?id=${insp.id}`, co.owner), `inspection-${insp.id}.pdf`)
    const all = pages.join('\n')
    for (const text of ['Harbor Coach Leasing', 'Prairie School Lines', 'Roadside Inspections', '120,000 mi']) expect(all).toContain(text)
    expect(all).not.toContain('Former Transit')
    expect(pages.at(-1)).toContain('Fingerprint')
    expect(pages.at(-1)).toContain('Images')
  }, 60_000)
})

describe("the driver's confirmation", () => {
  const png = () => new Raster(24, 12, [10, 64, 175, 255]).toPng().toString('base64')

  it('tRPC answers the RA code and the out-of-service state; the confirmation texts carry them', async () => {
    const v = await newVehicle(db, u.owner.id, co.owner)
    await assign(db, v.id, co.operator)
    const today = todayIn(CHICAGO)
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, u.driver.id) })
    const now = Date.now()
    const filed = await caller.inspections.submitPreInspection({
      vehicleIdentifier: v.vehicleIdentifier,
      date: today,
      timeIn: new Date(now - 60 * 60_000).toISOString(),
      odometerStart: 1000,
      serviceBrakes: true,
      driverSignature: `data:image/png;base64,${png()}`,
    } as never)
    expect(filed.repairIdentifier).toMatch(/^RA-\d{4}-\d{6}$/)
    expect(filed.outOfService).toBe(true)
    const [action] = await db.read.select().from(t.repairActions).where(eq(t.repairActions.id, filed.repairActionId!))
    expect(action!.repairIdentifier).toBe(filed.repairIdentifier)
    expect(readRecordText(action!.commentsText, action!.comments, undefined)).toContain('(odometer 1,000 mi)')
    expect(readRecordText(action!.commentsText, action!.comments, 'es')).toContain('(odómetro 1,000 mi)')
    expect(FILED_TEXT.repairJob(filed)).toBe(`A repair job was created (${filed.repairIdentifier}) and sent to the repair shop.`)
    expect(FILED_TEXT.repairJob(filed)).not.toContain('#')
    expect(filedSummary({ filed })).toBe(`Sent: defects reported, repair job created (${filed.repairIdentifier}); vehicle out of service`)
  })
})

describe("a new company's time zone and code", () => {
  it('is saved as chosen, defaulted for API callers that send none, and refused when it is not an IANA zone', async () => {
    const ctx = await ctxFor(db, u.owner.id)
    const chosen = await createCompanyUseCase(ctx, { name: 'Zoned Co', types: ['Owner'], timeZone: CHICAGO })
    expect((await companyRow(chosen.companyId)).timeZone).toBe(CHICAGO)
    const legacy = await createCompanyUseCase(ctx, { name: 'Legacy Co', types: ['Owner'] })
    expect((await companyRow(legacy.companyId)).timeZone).toBe(DEFAULT_TIME_ZONE)
    expect(Object.keys(legacy).sort()).toEqual(['companyId', 'companyIdentifier', 'companyName', 'companyTypes', 'userRoles'])
    await expect(createCompanyUseCase(ctx, { name: 'Bad Co', types: ['Owner'], timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { timeZone: expect.stringContaining('time zone') },
    })
  })

  it('"Create a company" on the profile page requires it (an empty zone is refused, not defaulted)', async () => {
    const refused = await callPage(profileRoute.action as PageHandler, '/profile', {
      cookie: u.owner.cookie,
      params: {},
      form: { intent: 'createCompany', name: 'No Zone Co', types: 'Operator', timeZone: '' },
    })
    expect(refused.status).toBe(400)
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.timeZone).toEqual(expect.any(String))
    const ok = await callPage(profileRoute.action as PageHandler, '/profile', {
      cookie: u.owner.cookie,
      params: {},
      form: { intent: 'createCompany', name: 'Page Zone Co', types: 'Operator', timeZone: 'America/Denver' },
    })
    expect(ok.status).toBe(302)
    const [row] = await db.read.select().from(t.companies).where(eq(t.companies.name, 'Page Zone Co'))
    expect(row).toMatchObject({ timeZone: 'America/Denver' })
    expect(row!.code).toMatch(/^OPR-/)
    const loaded = await callPage(profileRoute.loader as PageHandler, '/profile', { cookie: u.owner.cookie, params: {} })
    expect((loaded.body as { timeZones: string[] }).timeZones).toEqual(expect.arrayContaining(['UTC', NY, CHICAGO]))
  })

  it('the code carries the prefix of the first type given, on every creation path', async () => {
    const ctx = await ctxFor(db, u.owner.id)
    expect((await createCompanyUseCase(ctx, { name: 'Shop First', types: ['RepairShop', 'Owner'] })).companyIdentifier).toMatch(/^RSH-/)
    expect((await createCompanyUseCase(ctx, { name: 'Operator First', types: ['Operator', 'Owner'] })).companyIdentifier).toMatch(/^OPR-/)
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, u.owner.id) })
    const viaTrpc = await caller.company.create({ name: 'Via tRPC First', types: ['Operator', 'RepairShop'], timeZone: CHICAGO })
    expect(viaTrpc.companyIdentifier).toMatch(/^OPR-/)
    expect((await companyRow(viaTrpc.companyId)).timeZone).toBe(CHICAGO)
    // Registration: the first manager role given names the type.
    const email = uniqueEmail('reg')
    const reg = await registerUser(anon(db), { username: email, password: 'Correct-horse-9', firstName: 'Reg', role: ['Driver', 'operator', 'busOwner'], twoFactorType: 1, companyName: 'Registered Lines', timeZone: 'America/Phoenix' })
    const [created] = await db.read.select().from(t.companies).where(eq(t.companies.createdByUserId, reg.userId))
    expect(created).toMatchObject({ name: 'Registered Lines', timeZone: 'America/Phoenix' })
    expect(created!.code).toMatch(/^OPR-/)
    const regDefault = await registerUser(anon(db), { username: uniqueEmail('reg'), password: 'Correct-horse-9', firstName: 'Reg', role: ['repairShop'], twoFactorType: 1, companyName: 'Registered Shop' })
    const [shop] = await db.read.select().from(t.companies).where(eq(t.companies.createdByUserId, regDefault.userId))
    expect(shop).toMatchObject({ timeZone: DEFAULT_TIME_ZONE })
    expect(shop!.code).toMatch(/^RSH-/)
    await expect(
      registerUser(anon(db), { username: uniqueEmail('reg'), password: 'Correct-horse-9', firstName: 'Reg', role: ['busOwner'], twoFactorType: 1, companyName: 'Bad Zone', timeZone: 'Nowhere' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { timeZone: expect.any(String) } })
  })
})

describe('the company address', () => {
  it('is saved from the settings page as plain lines, and refused when too long or with control characters', async () => {
    const form = (address: string) => ({ name: 'Harbor Coach Leasing', timeZone: NY, address, repairShopCode: '' })
    const params = { companyId: String(co.owner) }
    const path = `/company/${co.owner}/settings`
    // Keep the repair shop: post its code.
    const shopCode = (await companyRow(co.shop)).code
    const saved = await callPage(settingsRoute.action as PageHandler, path, { cookie: u.manager.cookie, params, form: { ...form('  12 Harbor Way\r\n\r\nSuite 4 \r\nPortland, ME 04101 '), repairShopCode: shopCode } })
    expect(saved.status).toBe(302)
    expect((await companyRow(co.owner)).address).toBe('12 Harbor Way\nSuite 4\nPortland, ME 04101')
    const loaded = await callPage(settingsRoute.loader as PageHandler, path, { cookie: u.manager.cookie, params })
    expect((loaded.body as { company: { address: string } }).company.address).toBe('12 Harbor Way\nSuite 4\nPortland, ME 04101')

    const tooLong = await callPage(settingsRoute.action as PageHandler, path, { cookie: u.manager.cookie, params, form: { ...form('x'.repeat(301)), repairShopCode: shopCode } })
    expect(tooLong.status).toBe(400)
    expect((tooLong.body as { fieldErrors: Record<string, string> }).fieldErrors.address).toMatch(/300/)
    const ctx = await ctxFor(db, u.manager.id)
    await expect(updateCompanySettings(ctx, { companyId: co.owner, address: '12 Harbor Way\u202E' })).rejects.toMatchObject({ fieldErrors: { address: expect.any(String) } })
    await expect(updateCompanySettings(ctx, { companyId: co.owner, address: 'a\tb' })).rejects.toMatchObject({ fieldErrors: { address: expect.any(String) } })
    expect((await companyRow(co.owner)).address).toBe('12 Harbor Way\nSuite 4\nPortland, ME 04101')
    // Empty clears it; a settings post without the field leaves it.
    await updateCompanySettings(ctx, { companyId: co.owner, address: 'One line' })
    await callPage(settingsRoute.action as PageHandler, path, { cookie: u.manager.cookie, params, form: { name: 'Harbor Coach Leasing', timeZone: NY, repairShopCode: shopCode } })
    expect((await companyRow(co.owner)).address).toBe('One line')
    await updateCompanySettings(ctx, { companyId: co.owner, address: '   ' })
    expect((await companyRow(co.owner)).address).toBeNull()
    expect((await companyRow(co.owner)).repairShopCompanyId).toBe(co.shop)
  })
})
