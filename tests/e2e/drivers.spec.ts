import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { and, asc, eq } from 'drizzle-orm'
import { auditLog, driverFileItems, driverTests, dutyPeriods } from '#db/schema/index.ts'
import { SPANISH } from '#catalog/locales/index.ts'
import { driverFileIdOf } from '#server/drivers/driver-access.server.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { pdfText, pdfToPng } from '#tests/helpers/pdf.ts'
import { BASE_URL, e2eDb, expect, test } from './fixtures.ts'

/**
 * The operator's driver records in a browser (issue 37, decision 086): a manager builds a driver's
 * qualification file (the medical certificate with its PDF) and sees what is missing; a driver
 * starts and ends duty on a phone, offline in between, and the change is sent once; the 15-hour
 * warning shows before the limit; the month's PDF is read with poppler and turned into an image;
 * a duty change through the plain form without JavaScript; the pages at 360 px and 1366 px in
 * English and Spanish without a sideways scroll.
 */

const run = Date.now().toString(36).toUpperCase().slice(-5)
const PHONE = { width: 360, height: 740 }
const LAPTOP = { width: 1366, height: 900 }
const TMP = resolve('tests/.tmp')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** 'YYYY-MM-DD' `days` from today (UTC: these companies keep the default time zone). */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

const spanish = new Map<string, string>()
for (const catalog of Object.values(SPANISH)) for (const [id, text] of Object.entries(catalog as Record<string, string>)) spanish.set(id, text)
function es(english: string): string {
  const text = spanish.get(english)
  if (!text) throw new Error(`no Spanish for ${JSON.stringify(english)}`)
  return text
}

let worlds = 0
/** An operator company with a manager and a driver (and a second driver, so lists have two rows). */
async function operatorWorld(tag: string) {
  const db = e2eDb()
  const key = `${tag}${run}${++worlds}`
  const company = await createCompany(db, `${tag} Coach Lines ${run}`, ['Operator'])
  const manager = await createUser(db, { firstName: 'Mona', lastName: `Manager ${key}` })
  await grantRole(db, manager.id, company.id, 'Operator')
  const driver = await createUser(db, { firstName: 'Dario', lastName: `Driver ${key}` })
  await grantRole(db, driver.id, company.id, 'Driver')
  const colleague = await createUser(db, { firstName: 'Carla', lastName: `Colleague ${key}` })
  await grantRole(db, colleague.id, company.id, 'Driver')
  return { db, companyId: company.id, manager, driver, colleague, driverName: `Dario Driver ${key}` }
}
type OperatorWorld = Awaited<ReturnType<typeof operatorWorld>>

async function signInAsUser(page: Page, userId: number) {
  const token = await webSessionFor(e2eDb(), userId)
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
}

async function signedIn(browser: Browser, userId: number, opts: { viewport: { width: number; height: number }; locale?: string; javaScriptEnabled?: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: opts.viewport,
    locale: opts.locale ?? 'en-US',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    ...(opts.viewport.width < 500 ? { hasTouch: true, isMobile: true } : {}),
  })
  await context.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), userId), url: BASE_URL }])
  return { context, page: await context.newPage() }
}

async function noHorizontalScroll(page: Page, what = page.url()) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client)
}

/** A one-page PDF with a line of text (what a scanned certificate would be, as far as the upload checks go). */
function certificatePdf(): Buffer {
  const stream = 'BT /F1 18 Tf 72 720 Td (Medical Examiner Certificate - MCSA-5876) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** Duty periods straight in the database (the phone's, already sent). */
async function insertPeriods(w: OperatorWorld, periods: { status: 'driving' | 'onDuty' | 'offDuty'; from: number; to: number | null; note?: string }[]) {
  await w.db.transaction(async (tx) => {
    for (const p of periods) {
      await tx.insert(dutyPeriods).values({
        companyId: w.companyId,
        driverUserId: w.driver.id,
        status: p.status,
        startedAt: new Date(p.from),
        endedAt: p.to === null ? null : new Date(p.to),
        source: 'phone',
        note: p.note ?? null,
        createdByUserId: w.driver.id,
      })
    }
  })
}

/**
 * 14 h 10 min on duty since the last 8 hours off (5 h on duty not driving, 5 h driving, and
 * 4 h 10 min on duty still running): under the 15-hour limit, within its hour of warning.
 */
async function fourteenHoursTenOnDuty(w: OperatorWorld) {
  const now = Date.now()
  const start = now - (14 * HOUR + 10 * MINUTE)
  await insertPeriods(w, [
    { status: 'onDuty', from: start, to: start + 5 * HOUR, note: 'Yard and pre-trip' },
    { status: 'driving', from: start + 5 * HOUR, to: start + 10 * HOUR, note: 'Charter to Sacramento' },
    { status: 'onDuty', from: start + 10 * HOUR, to: null },
  ])
  return { start }
}

const periodsOf = (w: OperatorWorld) =>
  w.db.read
    .select()
    .from(dutyPeriods)
    .where(and(eq(dutyPeriods.companyId, w.companyId), eq(dutyPeriods.driverUserId, w.driver.id)))
const dutyChangesOf = (w: OperatorWorld) =>
  w.db.read
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'duty.change'), eq(auditLog.actorUserId, w.driver.id)))
    .orderBy(asc(auditLog.id))

test.describe('the operator’s manager', () => {
  test.use({ viewport: LAPTOP })

  test('builds a driver’s file: adds the medical certificate with its PDF and sees what is still missing', async ({ page }) => {
    test.setTimeout(90_000)
    const w = await operatorWorld('DQF')
    await signInAsUser(page, w.manager.id)

    await page.goto(`/driverFiles/${w.companyId}`)
    const row = page.getByTestId('driver-file-row').filter({ hasText: w.driverName })
    await expect(row).toHaveCount(1)
    const missingBefore = Number(await row.getByTestId('driver-file-missing').innerText())
    expect(missingBefore, 'a new driver’s file misses its items').toBeGreaterThan(0)
    await noHorizontalScroll(page)
    await row.getByRole('link', { name: 'Open the file' }).click()
    await expect(page).toHaveURL(new RegExp(`/driverFiles/${w.companyId}/${w.driver.id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.driverName)
    await expect(page.getByTestId('driver-file-counts')).toContainText(`Missing: ${missingBefore}`)

    // What is missing: the medical certificate among them.
    const medical = page.locator('[data-testid="driver-file-kind"][data-kind="medicalCertificate"]')
    await expect(medical.getByTestId('driver-file-state')).toHaveAttribute('data-state', 'missing')
    await expect(medical).toContainText('No item recorded.')
    const missingKinds = await page.locator('[data-testid="driver-file-kind"]:has([data-state="missing"])').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
    expect(missingKinds).toEqual(expect.arrayContaining(['application', 'medicalCertificate']))
    expect(missingKinds).toHaveLength(missingBefore)

    // The medical examiner's certificate, issued ten days ago, good for two years, with its PDF.
    const form = page.getByTestId('driver-file-add')
    await form.getByLabel('Kind of item').selectOption('medicalCertificate')
    await form.getByLabel('Date', { exact: true }).fill(dayFromToday(-10))
    await form.getByLabel('Expiry date').fill(dayFromToday(720))
    await form.getByLabel('Note').fill('National Registry examiner, MCSA-5876')
    await form.getByLabel('Document (optional)').setInputFiles({ name: 'medical-certificate.pdf', mimeType: 'application/pdf', buffer: certificatePdf() })
    await form.getByRole('button', { name: 'Add the item' }).click()
    await expect(page.getByText('Item added to the driver’s file').first()).toBeVisible()
    await expect(medical.getByTestId('driver-file-state')).toHaveAttribute('data-state', 'ok')
    await expect(medical).toContainText('National Registry examiner, MCSA-5876')
    await expect(page.getByTestId('driver-file-counts')).toContainText(`Missing: ${missingBefore - 1}`)
    await expect(page.locator('[data-testid="driver-file-kind"][data-kind="application"]').getByTestId('driver-file-state')).toHaveAttribute('data-state', 'missing')
    await noHorizontalScroll(page)

    // Its document opens as the PDF that was uploaded.
    const href = await medical.locator(`a[href*="/driverFiles/${w.companyId}/${w.driver.id}/documents/"]`).first().getAttribute('href')
    expect(href).toBeTruthy()
    const doc = await page.request.get(href!)
    expect(doc.status()).toBe(200)
    expect(doc.headers()['content-type']).toContain('application/pdf')
    expect((await doc.body()).subarray(0, 5).toString()).toBe('%PDF-')

    const fileId = await w.db.transaction((tx) => driverFileIdOf(tx, w.companyId, w.driver.id, new Date()))
    const items = await w.db.read.select().from(driverFileItems).where(eq(driverFileItems.driverFileId, fileId))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ kind: 'medicalCertificate', itemDate: dayFromToday(-10), expiryDate: dayFromToday(720), companyId: w.companyId })
    expect(items[0]!.documentId).toBeTruthy()

    // The list of drivers counts one item less missing.
    await page.goto(`/driverFiles/${w.companyId}`)
    await expect(row.getByTestId('driver-file-missing')).toHaveText(String(missingBefore - 1))
  })
})

test.describe('the driver on a phone', () => {
  test.use({ viewport: PHONE })

  test('starts and ends duty, offline in between: the change waits on the phone and is sent once', async ({ page, context }) => {
    test.setTimeout(90_000)
    const w = await operatorWorld('DUTY')
    await signInAsUser(page, w.driver.id)
    await page.goto(`/duty/${w.companyId}`)
    await expect(page.getByTestId('duty-not-eld')).toHaveText('This is a time record, not an electronic logging device (ELD).')
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'offDuty')
    await noHorizontalScroll(page)
    // Hydrated, and the outbox opened on the phone, before the signal goes.
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'operon-duty-outbox')), { timeout: 15_000 })
      .toBe(true)

    // Start: on duty (the pre-trip and the yard), online.
    await page.getByTestId('duty-onDuty').click()
    await expect.poll(async () => (await periodsOf(w)).length, { timeout: 15_000 }).toBe(1)
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'onDuty')
    const [started] = await periodsOf(w)
    expect(started).toMatchObject({ status: 'onDuty', endedAt: null, source: 'phone' })

    // No signal: the end of duty waits on the phone.
    await context.setOffline(true)
    const tappedAt = Date.now()
    await page.getByTestId('duty-offDuty').click()
    await expect(page.getByTestId('duty-queued-notice')).toContainText('Saved on this phone: it will be sent when the connection returns')
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'offDuty')
    await noHorizontalScroll(page)
    await page.waitForTimeout(1_500)
    expect((await periodsOf(w))[0]!.endedAt, 'nothing reached the server while offline').toBeNull()

    // The connection returns: sent on `online`, once, with the instant of the tap.
    await page.waitForTimeout(1_000)
    const backAt = Date.now()
    await context.setOffline(false)
    await expect(page.getByTestId('duty-queued-notice')).toHaveCount(0, { timeout: 20_000 })
    await expect.poll(async () => (await periodsOf(w))[0]!.endedAt?.getTime() ?? null, { timeout: 15_000 }).not.toBeNull()
    const [ended] = await periodsOf(w)
    expect(ended!.endedAt!.getTime()).toBeGreaterThanOrEqual(tappedAt - 1_000)
    expect(ended!.endedAt!.getTime(), 'the end is when it was tapped, not when it was sent').toBeLessThan(backAt)
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'offDuty')

    // A reload, and the signal going and coming back, send nothing more.
    await page.reload()
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'offDuty')
    await context.setOffline(true)
    await context.setOffline(false)
    await page.waitForTimeout(2_000)
    expect(await periodsOf(w)).toHaveLength(1)
    const changes = await dutyChangesOf(w)
    expect(changes.map((c) => (c.details as { status?: string }).status)).toEqual(['onDuty', 'offDuty'])
  })

  test('the 15-hour warning shows before the limit', async ({ page }) => {
    test.setTimeout(60_000)
    const w = await operatorWorld('H15')
    await fourteenHoursTenOnDuty(w)
    await signInAsUser(page, w.driver.id)
    await page.goto(`/duty/${w.companyId}`)
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'onDuty')
    const warnings = page.getByTestId('duty-warnings')
    await expect(warnings).toContainText('Less than an hour left before 15 hours on duty')
    await expect(warnings).not.toContainText('15 hours on duty reached')
    const limits = page.getByTestId('hours-limits').locator('[data-state]')
    await expect(limits.filter({ hasText: 'On duty (15 hours)' })).toHaveAttribute('data-state', 'warning')
    await expect(limits.filter({ hasText: 'Driving (10 hours)' })).toHaveAttribute('data-state', 'ok')
    await noHorizontalScroll(page)
    await page.screenshot({ path: 'tests/.tmp/drivers-15-hour-warning-360.png', fullPage: true })
  })
})

test.describe('the month of hours', () => {
  test('the manager prints the driver’s month: the PDF read and turned into an image', async ({ browser }, testInfo) => {
    test.setTimeout(120_000)
    const w = await operatorWorld('PDF')
    await fourteenHoursTenOnDuty(w)
    const month = new Date().toISOString().slice(0, 7)
    const { context, page } = await signedIn(browser, w.manager.id, { viewport: LAPTOP })
    await page.goto(`/hours/${w.companyId}/${w.driver.id}?month=${month}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.driverName)
    await expect(page.getByTestId('hours-warnings')).toContainText('Less than an hour left before 15 hours on duty')
    await expect(page.getByTestId('hours-periods').locator(':scope > li')).toHaveCount(3)
    await noHorizontalScroll(page)

    const href = await page.getByTestId('hours-month-pdf').getAttribute('href')
    expect(href).toBe(`/hours/${w.companyId}/${w.driver.id}/month.pdf?month=${month}`)
    const res = await page.request.get(href!)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/pdf')
    const pdf = Buffer.from(await res.body())
    mkdirSync(TMP, { recursive: true })
    const name = `drivers-hours-month-${w.driver.id}`
    const file = pdfToPng(pdf, name, { dir: TMP, dpi: 80, singlefile: true })
    const text = pdfText(pdf, name, TMP).replace(/[ \t]+/g, ' ')
    await testInfo.attach('hours-month.pdf', { path: file, contentType: 'application/pdf' })
    await testInfo.attach('hours-month.png', { path: file.replace(/\.pdf$/, '.png'), contentType: 'image/png' })
    expect(text).toContain('Hours of service')
    expect(text).toContain(w.driverName)
    expect(text).toContain(`Coach Lines ${run}`)
    expect(text).toContain(month)
    expect(text).toContain('not an electronic logging device')
    expect(text).toContain('On duty driving')
    expect(text).toContain('On duty not driving')
    expect(text).toContain('Charter to Sacramento')
    expect(text).toContain('Still open')
    await context.close()
  })
})

test.describe('without JavaScript', () => {
  test('a driver goes on duty driving through the plain form', async ({ browser }) => {
    test.setTimeout(60_000)
    const w = await operatorWorld('NJS')
    const { context, page } = await signedIn(browser, w.driver.id, { viewport: PHONE, javaScriptEnabled: false })
    await page.goto(`/duty/${w.companyId}`)
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'offDuty')
    await noHorizontalScroll(page)
    await page.getByTestId('duty-driving').click()
    await expect(page).toHaveURL(new RegExp(`/duty/${w.companyId}$`))
    await expect(page.getByTestId('duty-now')).toHaveAttribute('data-status', 'driving')
    await noHorizontalScroll(page)
    const rows = await periodsOf(w)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'driving', endedAt: null, source: 'phone' })
    expect(rows[0]!.idempotencyKey).toBeTruthy()
    await context.close()
  })
})

test.describe('the pages fit', () => {
  test('at 360 px and 1366 px, in English and Spanish, without a sideways scroll', async ({ browser }) => {
    test.setTimeout(180_000)
    const w = await operatorWorld('FIT')
    await fourteenHoursTenOnDuty(w)
    await w.db.transaction(async (tx) => {
      const driverFileId = await driverFileIdOf(tx, w.companyId, w.driver.id, new Date())
      await tx.insert(driverFileItems).values({ driverFileId, companyId: w.companyId, kind: 'application', itemDate: dayFromToday(-400), note: 'Application for employment, signed and dated by the driver at hiring' })
      await tx.insert(driverFileItems).values({ driverFileId, companyId: w.companyId, kind: 'medicalCertificate', itemDate: dayFromToday(-700), expiryDate: dayFromToday(12) })
      await tx.insert(driverTests).values({ driverFileId, companyId: w.companyId, substance: 'drug', testType: 'preEmployment', testDate: dayFromToday(-400), result: 'negative', collectionSite: 'Quest Diagnostics, 1200 Harbor Boulevard, West Sacramento' })
    })
    const month = new Date().toISOString().slice(0, 7)
    const managerPages = [
      `/driverFiles/${w.companyId}`,
      `/driverFiles/${w.companyId}/${w.driver.id}`,
      `/driverFiles/${w.companyId}/${w.driver.id}/tests`,
      `/hours/${w.companyId}`,
      `/hours/${w.companyId}/${w.driver.id}?month=${month}`,
    ]
    const driverPages = [
      `/duty/${w.companyId}`,
      `/driverFiles/${w.companyId}/${w.driver.id}`,
      `/driverFiles/${w.companyId}/${w.driver.id}/tests`,
      `/hours/${w.companyId}/${w.driver.id}?month=${month}`,
    ]
    for (const locale of ['en-US', 'es-US']) {
      for (const viewport of [PHONE, LAPTOP]) {
        for (const [userId, paths] of [
          [w.manager.id, managerPages],
          [w.driver.id, driverPages],
        ] as const) {
          const { context, page } = await signedIn(browser, userId, { viewport, locale })
          for (const path of paths) {
            const res = await page.goto(path)
            expect(res?.status(), path).toBe(200)
            await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2))
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
            await noHorizontalScroll(page, `${path} at ${viewport.width} px (${locale})`)
          }
          if (userId === w.driver.id) {
            await page.goto(`/duty/${w.companyId}`)
            const eld = 'This is a time record, not an electronic logging device (ELD).'
            await expect(page.getByTestId('duty-not-eld')).toHaveText(locale === 'es-US' ? es(eld) : eld)
            await page.screenshot({ path: `tests/.tmp/drivers-duty-${locale}-${viewport.width}.png`, fullPage: true })
          }
          await context.close()
        }
      }
    }
  })
})
