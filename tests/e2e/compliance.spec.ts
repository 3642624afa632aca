/**
 * The compliance pack in a browser (issue 23): an owner approves a request, both managers sign
 * the lease (the owner from the Operator history tab, the operator from its request page), the
 * driver's pre-trip form on a phone links to the lease; a mechanic files a 90-day
 * emergency-exit check and an annual inspection and prints the decal. The PDFs are read with
 * poppler (`pdftotext`: parties, times in company time) and turned into images under
 * tests/.tmp for a person to look at (`pdftoppm`).
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { companies, emergencyExitChecks, inspections, leaseAgreements, operatorAssignments, repairActions, retentionSettings, users, vehicles } from '#db/schema/index.ts'
import { createVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { pdfInfo, pdfText, pdfToPng } from '#tests/helpers/pdf.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, drawSignature, e2eDb, expect, test } from './fixtures.ts'

const PHONE = { width: 360, height: 740 }
const TMP = resolve('tests/.tmp')
const run = Date.now().toString(36).toUpperCase().slice(-6)
let seq = 0

async function signedIn(browser: Browser, userId: number, opts: { phone?: boolean; javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    ...(opts.phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : { viewport: { width: 1366, height: 900 } }),
  })
  await context.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), userId), url: BASE_URL }])
  return { context, page: await context.newPage() }
}

/** The text of a PDF (poppler), runs of spaces folded; a PNG of each page kept under tests/.tmp. */
function readPdf(pdf: Buffer, name: string): string {
  mkdirSync(TMP, { recursive: true })
  pdfToPng(pdf, name, { dir: TMP })
  return pdfText(pdf, name, TMP).replace(/[ \t]+/g, ' ')
}

async function fetchPdf(page: Page, href: string): Promise<Buffer> {
  const res = await page.request.get(href)
  expect(res.status(), href).toBe(200)
  expect(res.headers()['content-type']).toContain('application/pdf')
  return Buffer.from(await res.body())
}

async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(client)
}

const vin = () => withVinCheckDigit(`1BAKGCPA0NF${String(Math.floor(Math.random() * 900_000) + 100_000)}`)

test.describe('the compliance pack', () => {
  test.setTimeout(150_000)

  test('an owner approves a request, both managers sign the lease, the driver is told to carry it and opens it', async ({ browser }) => {
    const db = e2eDb()
    const tag = `${run}${seq++}`
    const ownerCo = await createCompany(db, `Lease Owners ${tag}`, ['Owner'])
    const operatorCo = await createCompany(db, `Lease Lines ${tag}`, ['Operator'])
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ timeZone: 'America/Denver', address: '100 Depot Road\nDenver, CO 80202' }).where(eq(companies.id, ownerCo.id))
      await tx.update(companies).set({ timeZone: 'America/Los_Angeles', address: '9 Harbor Way\nOakland, CA 94607' }).where(eq(companies.id, operatorCo.id))
    })
    const owner = await createUser(db, { firstName: 'Olive', lastName: 'Owner' })
    await grantRole(db, owner.id, ownerCo.id, 'Owner')
    const manager = await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })
    await grantRole(db, manager.id, operatorCo.id, 'Operator')
    const driver = await createUser(db, { firstName: 'Dora', lastName: 'Driver' })
    await grantRole(db, driver.id, operatorCo.id, 'Driver')
    const busVin = vin()
    const bus = await addVehicle(await ctxFor(db, owner.id), { ownerId: ownerCo.id, vehicleIdentifier: `LEASE-${tag}`, make: 'MCI', model: 'J4500', vin: busVin, licensePlate: `LS-${tag.slice(-5)}`, odometer: 80_000 })
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' })
    await createVehicleRequest(await ctxFor(db, manager.id), { vehicleIdentifier: bus.vehicleIdentifier, startDate: today, endDate: '', operatorCompanyId: operatorCo.id })

    // The owner approves on the pending requests page.
    const o = await signedIn(browser, owner.id)
    await o.page.goto(`/ownerRequestPage/${ownerCo.id}`)
    const accept = o.page.getByRole('button', { name: `Accept request for ${bus.vehicleIdentifier} from ${operatorCo.name}` })
    await expect(accept).toHaveAttribute('type', 'button') // hydrated: it opens the confirmation (before, it posts at once)
    await accept.click()
    await o.page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click()
    await expect(o.page.getByText('Request approved.')).toBeVisible()
    const [lease] = await db.read.select().from(leaseAgreements).where(eq(leaseAgreements.vehicleId, bus.id))
    expect(lease).toMatchObject({ ownerCompanyId: ownerCo.id, operatorCompanyId: operatorCo.id, vin: busVin })

    // The Operator history tab links the drafted lease; the owner reads and signs it.
    await o.page.goto(`/vehicles/${bus.id}`)
    const panel = o.page.getByTestId(`vehicle-panel-${bus.id}`)
    await panel.getByRole('tab', { name: 'Operator history' }).click()
    await panel.getByRole('link', { name: 'Awaiting both signatures' }).click()
    await expect(o.page).toHaveURL(new RegExp(`/leases/${lease!.id}$`))
    await expect(o.page.getByText(/exclusive possession, control and responsibility/).first()).toBeVisible()
    await expect(o.page.getByText(busVin).first()).toBeVisible()
    const ownerForm = o.page.getByRole('form', { name: 'Sign for the owner' })
    await expect(o.page.getByRole('form', { name: 'Sign for the operator' })).toHaveCount(0)
    await ownerForm.getByLabel('Your full name').fill('Olive Owner')
    await drawSignature(o.page, 'Signature')
    await ownerForm.getByRole('button', { name: 'Sign the lease' }).click()
    await expect(o.page.getByTestId('lease-state')).toHaveText('Awaiting operator')

    // The operator's manager finds it on the request page and signs without JavaScript (typed name).
    const m = await signedIn(browser, manager.id, { javaScriptEnabled: false })
    await m.page.goto(`/operatorRequestPage/${operatorCo.id}`)
    await m.page.getByTestId('request-lease-link').filter({ hasText: 'Awaiting operator' }).click()
    const operatorForm = m.page.getByRole('form', { name: 'Sign for the operator' })
    await operatorForm.getByLabel(/type your full name/i).fill('Oscar Operator')
    await operatorForm.getByRole('button', { name: 'Sign the lease' }).click()
    await expect(m.page.getByTestId('lease-state')).toHaveText('Signed by both')
    await m.context.close()

    await o.page.goto(`/vehicles/${bus.id}`)
    await o.page.getByTestId(`vehicle-panel-${bus.id}`).getByRole('tab', { name: 'Operator history' }).click()
    await expect(o.page.getByTestId(`vehicle-panel-${bus.id}`).getByRole('link', { name: 'Signed by both' })).toBeVisible()
    await o.context.close()

    // The driver's pre-trip form on a phone: carry a copy, with its link.
    const d = await signedIn(browser, driver.id, { phone: true })
    await d.page.goto(`/preTrip/${bus.id}`)
    const notice = d.page.getByTestId('lease-notice')
    await expect(notice).toContainText('A copy of the lease must be carried on the bus (49 CFR 390.403).')
    await expect(notice).not.toContainText('Not yet signed')
    await expectNoHorizontalScroll(d.page)
    const href = await notice.getByRole('link', { name: 'Open the lease (PDF)' }).getAttribute('href')
    const text = readPdf(await fetchPdf(d.page, href!), `lease-${lease!.id}`)
    for (const fact of [ownerCo.name, operatorCo.name, '100 Depot Road', 'Oakland, CA 94607', busVin, bus.vehicleIdentifier, 'exclusive possession', 'Olive Owner', 'Oscar Operator']) {
      expect(text, fact).toContain(fact)
    }
    // Each signature's time in its company's zone, with the abbreviation.
    expect(text).toMatch(/\d{1,2}:\d{2} [AP]M M[SD]T/)
    expect(text).toMatch(/\d{1,2}:\d{2} [AP]M P[SD]T/)
    expect(text).not.toMatch(/\bUTC\b/)
    await d.context.close()
  })

  test('a mechanic files a 90-day emergency-exit check and an annual inspection, and prints the decal', async ({ browser }) => {
    const db = e2eDb()
    const tag = `${run}${seq++}`
    const ownerCo = await createCompany(db, `Exit Owners ${tag}`, ['Owner'])
    const shop = await createCompany(db, `Annual Garage ${tag}`, ['RepairShop'])
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ timeZone: 'America/Chicago', repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id))
      await tx.update(companies).set({ timeZone: 'America/Chicago', address: '42 Wrench Street\nTulsa, OK 74103' }).where(eq(companies.id, shop.id))
    })
    const owner = await createUser(db)
    await grantRole(db, owner.id, ownerCo.id, 'Owner')
    const bus = await addVehicle(await ctxFor(db, owner.id), { ownerId: ownerCo.id, vehicleIdentifier: `EXIT-${tag}`, make: 'Blue Bird', model: 'Vision', vin: vin(), licensePlate: `EX-${tag.slice(-5)}`, odometer: 41_000 })
    const mechanic = await createUser(db, { firstName: 'Mira', lastName: 'Torque' })
    await grantRole(db, mechanic.id, shop.id, 'Mechanic')
    // A completed profile (the form's other required fields), so only the qualification is new.
    await db.transaction((tx) => tx.update(users).set({ dateOfBirth: '1985-04-12', comesFromState: 'OK', phoneNumber: '+19185550142' }).where(eq(users.id, mechanic.id)))
    const { context, page } = await signedIn(browser, mechanic.id, { phone: true })

    // The inspector's qualification, entered in the profile (49 CFR 396.19).
    await page.goto('/profile?edit=1')
    await page.getByLabel('Inspector qualification').fill('ASE Master School Bus Technician, 9 years')
    await page.getByRole('button', { name: /^Save/ }).click()
    await expect.poll(async () => (await db.read.select({ q: users.inspectorQualification }).from(users).where(eq(users.id, mechanic.id)))[0]?.q).toBe('ASE Master School Bus Technician, 9 years')

    // The 90-day check: one push-out window fails, which opens a repair action and takes the bus out of service.
    await page.goto(`/emergencyExitCheck/${bus.id}`)
    await expect(page.getByTestId('exit-check-help')).toContainText('396.3(b)(4)')
    await expectNoHorizontalScroll(page)
    const exitItem = (key: string) => page.locator(`fieldset[data-item="${key}"]`)
    await exitItem('pushOutWindows').getByText('Unsatisfactory', { exact: true }).click()
    await exitItem('pushOutWindows').getByLabel(/Comment/).fill('Rear left window release stuck')
    await exitItem('emergencyDoors').getByText('Satisfactory', { exact: true }).click()
    await exitItem('emergencyDoorMarkingLights').getByText('Satisfactory', { exact: true }).click()
    await drawSignature(page, 'Signature')
    await page.getByRole('button', { name: 'File the emergency-exit check' }).click()
    await expect(page.getByTestId('exit-check-filed')).toContainText('Unsatisfactory')
    const [check] = await db.read.select().from(emergencyExitChecks).where(eq(emergencyExitChecks.vehicleId, bus.id))
    expect(check).toMatchObject({ isSatisfactory: false, filerRole: 'Mechanic', inspectorName: 'Mira Torque' })
    const [exitRepair] = await db.read.select().from(repairActions).where(eq(repairActions.emergencyExitCheckId, check!.id))
    expect(exitRepair).toMatchObject({ outOfService: true, repairCompanyId: shop.id })
    expect(exitRepair!.repairIdentifier).toMatch(/^RA-\d{4}-\d{6}$/)

    // The annual inspection: every item Satisfactory, marked annual, signed.
    await page.goto(`/InspectionPage?vehicle=${encodeURIComponent(bus.vehicleIdentifier)}`)
    if (!(await page.getByTestId('vehicle-summary').isVisible().catch(() => false))) {
      await page.getByLabel('Vehicle identifier').fill(bus.vehicleIdentifier)
      await page.getByRole('button', { name: 'Find' }).click()
    }
    await expect(page.getByTestId('vehicle-summary')).toContainText(bus.vehicleIdentifier)
    await page.getByRole('button', { name: 'Mark all Satisfactory' }).click()
    await expect(page.getByText('48 of 48 items answered')).toBeVisible()
    await page.getByLabel('This is the annual inspection (49 CFR 396.17)').check()
    await drawSignature(page, 'Inspector signature')
    await page.getByRole('button', { name: 'Submit inspection' }).click()
    await expect(page.getByTestId('annual-filed')).toContainText('passed')
    const [annual] = await db.read.select().from(inspections).where(and(eq(inspections.vehicleId, bus.id), eq(inspections.isAnnual, true)))
    expect(annual).toMatchObject({ isSatisfactory: true, inspectorQualification: 'ASE Master School Bus Technician, 9 years' })
    const [after] = await db.read.select({ next: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(after!.next! > annual!.inspectionDate).toBe(true)

    // The decal: one 4 × 3 in label naming the bus, the date, the shop and the motor carrier (no operator holds this bus).
    const decalHref = await page.getByRole('link', { name: 'Print the decal' }).getAttribute('href')
    const decal = await fetchPdf(page, decalHref!)
    const decalText = readPdf(decal, `decal-${annual!.id}`)
    for (const fact of [bus.vehicleIdentifier, shop.name, '42 Wrench Street', 'Tulsa, OK 74103', ownerCo.name]) expect(decalText, fact).toContain(fact)
    expect(decalText).toMatch(/OPERATOR \(MOTOR CARRIER\) None on this\s+date/)
    const info = pdfInfo(decal, `decal-${annual!.id}`, TMP)
    expect(info).toMatch(/Pages:\s+1\b/)
    expect(info).toMatch(/Page size:\s+288 x 216 pts/)

    // The report: the inspector's qualification, the owner, one h1, and a way back (the inspector's: the dashboard).
    await page.getByRole('link', { name: 'Annual inspection report' }).click()
    await expect(page.getByText('ASE Master School Bus Technician, 9 years').first()).toBeVisible()
    await expect(page.getByTestId('annual-report-facts')).toContainText(ownerCo.name)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/dashboard')
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  test('without JavaScript: a driver files the 90-day check with a typed name, a mechanic files the annual inspection, the owner sets a retention period', async ({ browser }) => {
    const db = e2eDb()
    const tag = `${run}${seq++}`
    const ownerCo = await createCompany(db, `NoJS Owners ${tag}`, ['Owner'])
    const operatorCo = await createCompany(db, `NoJS Lines ${tag}`, ['Operator'])
    const shop = await createCompany(db, `NoJS Garage ${tag}`, ['RepairShop'])
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
    const owner = await createUser(db)
    await grantRole(db, owner.id, ownerCo.id, 'Owner')
    const driver = await createUser(db, { firstName: 'Dev', lastName: 'Rivera' })
    await grantRole(db, driver.id, operatorCo.id, 'Driver')
    const mechanic = await createUser(db, { firstName: 'Max', lastName: 'Spanner' })
    await grantRole(db, mechanic.id, shop.id, 'Mechanic')
    await db.transaction((tx) => tx.update(users).set({ inspectorQualification: 'State-certified bus inspector' }).where(eq(users.id, mechanic.id)))
    const bus = await addVehicle(await ctxFor(db, owner.id), { ownerId: ownerCo.id, vehicleIdentifier: `NOJS-${tag}`, make: 'Thomas', model: 'Saf-T-Liner', vin: vin(), licensePlate: `NJ-${tag.slice(-5)}`, odometer: 20_000 })
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo.id, startDate: start, endDate: null }))

    // The driver, on a phone without JavaScript: every exit Satisfactory, signed with the typed name.
    const d = await signedIn(browser, driver.id, { phone: true, javaScriptEnabled: false })
    await d.page.goto(`/emergencyExitCheck/${bus.id}`)
    for (const key of ['pushOutWindows', 'emergencyDoors', 'emergencyDoorMarkingLights']) {
      await d.page.locator(`fieldset[data-item="${key}"]`).getByText('Satisfactory', { exact: true }).click()
    }
    await d.page.getByLabel(/type your full name/).fill('Dev Rivera')
    await expectNoHorizontalScroll(d.page)
    await d.page.getByRole('button', { name: 'File the emergency-exit check' }).click()
    await expect(d.page.getByTestId('exit-check-filed')).toContainText('Satisfactory')
    const checks = await db.read.select().from(emergencyExitChecks).where(eq(emergencyExitChecks.vehicleId, bus.id))
    expect(checks).toHaveLength(1)
    expect(checks[0]).toMatchObject({ isSatisfactory: true, filerRole: 'Driver', signatureName: 'Dev Rivera', companyId: operatorCo.id })
    await d.context.close()

    // The mechanic's annual inspection as plain posts: identifier typed, "Mark all", the annual box, typed name.
    const m = await signedIn(browser, mechanic.id, { phone: true, javaScriptEnabled: false })
    await m.page.goto('/InspectionPage')
    await m.page.getByLabel('Vehicle identifier').fill(bus.vehicleIdentifier)
    await m.page.getByRole('button', { name: 'Find' }).click()
    await expect(m.page.getByTestId('vehicle-summary')).toContainText(bus.vehicleIdentifier)
    await m.page.getByRole('button', { name: 'Mark all Satisfactory' }).click()
    await expect(m.page.getByText('48 of 48 items answered')).toBeVisible()
    await m.page.getByLabel('This is the annual inspection (49 CFR 396.17)').check()
    await m.page.getByLabel(/type your full name/).fill('Max Spanner')
    await m.page.getByRole('button', { name: 'Submit inspection' }).click()
    await expect(m.page.getByTestId('annual-filed')).toContainText('passed')
    const [annual] = await db.read.select().from(inspections).where(eq(inspections.vehicleId, bus.id))
    expect(annual).toMatchObject({ isAnnual: true, isSatisfactory: true, signatureName: 'Max Spanner', inspectorQualification: 'State-certified bus inspector' })
    await m.context.close()

    // The owner keeps maintenance records two years.
    const o = await signedIn(browser, owner.id, { javaScriptEnabled: false })
    await o.page.goto(`/retention/${ownerCo.id}`)
    await o.page.locator('#months-maintenance').fill('24')
    await o.page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await db.read.select().from(retentionSettings).where(eq(retentionSettings.companyId, ownerCo.id))).find((r) => r.recordType === 'maintenance')?.months).toBe(24)
    await expect(o.page.locator('#months-maintenance')).toHaveValue('24')
    await o.context.close()
  })
})
