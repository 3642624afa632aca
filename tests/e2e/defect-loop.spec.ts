/**
 * Issue 10, the defect loop end to end, through the pages only, as the three people do it:
 * the driver reports two defects on the phone (one affects safety: the bus goes out of
 * service), the shop's mechanic completes the tasks and so certifies the repair, the next
 * pre-trip shows the certification and the driver acknowledges it, and the owner prints the
 * defective report as a PDF whose fingerprint checks. Each step's finer points have their
 * own specs (pre-trip, repairs, print); this one proves the steps join up.
 */
import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { companies, operatorAssignments, preInspections, repairAcknowledgements, repairActions } from '#db/schema/index.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { BASE_URL, drawSignature, e2eDb, expect, signInAs, test } from './fixtures.ts'

const run = Date.now().toString(36).toUpperCase().slice(-5)
const PHONE = { width: 360, height: 740 }
const LAPTOP = { width: 1366, height: 900 }

async function personPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL })
  return context.newPage()
}


test('defects reported on the phone reach the shop, are certified, acknowledged on the next pre-trip, and the printed report checks', async ({ browser }) => {
  test.setTimeout(180_000)
  const db = e2eDb()

  // Three companies: the owner (whose repair shop is chosen), the operator with the bus, the shop.
  const mechanicPage = await personPage(browser, LAPTOP)
  const mechanic = await signInAs(mechanicPage, { firstName: 'Maria', companies: [{ name: `Loop Garage ${run}`, types: ['RepairShop'], roles: ['Mechanic'] }] })
  const shopId = mechanic.companies[0]!.id
  const ownerPage = await personPage(browser, LAPTOP)
  const owner = await signInAs(ownerPage, { firstName: 'Olive', companies: [{ name: `Loop Leasing ${run}`, types: ['Owner'], roles: ['Owner'] }] })
  const ownerCo = owner.companies[0]!.id
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shopId }).where(eq(companies.id, ownerCo)))
  const driverPage = await personPage(browser, PHONE)
  const driver = await signInAs(driverPage, { firstName: 'Dana', companies: [{ name: `Loop Transit ${run}`, types: ['Operator'], roles: ['Driver'] }] })
  const operatorCo = driver.companies[0]!.id
  const identifier = `LOOP-${run}`
  const bus = await addVehicle(await ctxFor(db, owner.user.id), {
    ownerId: ownerCo,
    vehicleIdentifier: identifier,
    make: 'Blue Bird',
    model: 'Vision',
    vin: withVinCheckDigit(`1BAKGCPA0EF${randomInt(100_000, 1_000_000)}`),
    licensePlate: `LP-${run}`,
    odometer: 30_000,
  })
  const today = new Date().toISOString().slice(0, 10)
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo, startDate: today, endDate: null }))

  // 1. The driver scans the bus and reports two defects, one of them the service brakes.
  await driverPage.goto(`/vehicles/${bus.id}`)
  await expect(driverPage).toHaveURL(new RegExp(`/preTrip/${bus.id}$`))
  await driverPage.getByRole('button', { name: 'Mark all Ok' }).click()
  await driverPage.getByRole('radiogroup', { name: 'Horn' }).getByRole('radio', { name: 'Defective' }).check()
  await driverPage.getByRole('radiogroup', { name: 'Service brakes' }).getByRole('radio', { name: 'Defective' }).check()
  await driverPage.getByRole('textbox', { name: 'Front' }).fill('Cracked headlight lens')
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 60, b: 60 } } }).jpeg().toBuffer()
  await driverPage.getByLabel('Front photo').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(driverPage.getByRole('img', { name: 'Front photo: photo taken' })).toBeVisible()
  await driverPage.getByLabel('Odometer at end (optional)').fill('30120')
  await drawSignature(driverPage, 'Driver signature')
  await driverPage.getByRole('button', { name: 'Submit pre-trip' }).click()
  await expect(driverPage.getByTestId('pre-trip-filed')).toContainText('A repair job was created', { timeout: 20_000 })
  const [first] = await db.read.select().from(preInspections).where(eq(preInspections.vehicleId, bus.id))
  const [action] = await db.read.select().from(repairActions).where(eq(repairActions.preInspectionId, first!.id))
  expect(action).toMatchObject({ repairCompanyId: shopId, outOfService: true, repairedAt: null })

  // The owner sees the bus out of service in the fleet.
  await ownerPage.goto(`/fleet/${ownerCo}`)
  await expect(ownerPage.getByRole('row').filter({ hasText: identifier })).toContainText('Out of service')

  // 2. The shop's mechanic completes the three tasks (two items, one damage text): certified.
  await mechanicPage.goto(`/repairActions/${shopId}`)
  await mechanicPage.getByTestId(`expand-repair-${action!.id}`).click()
  const panel = () => mechanicPage.getByTestId(`repair-panel-${action!.id}`)
  await expect(panel()).toContainText('Service brakes')
  for (let done = 1; done <= 3; done++) {
    await panel().getByRole('button', { name: /Mark completed/ }).first().click()
    if (done < 3) await expect(mechanicPage.getByTestId(`repair-row-${action!.id}`)).toContainText(`${done} / 3 completed`)
  }
  await expect(mechanicPage.getByTestId(`repair-row-${action!.id}`).getByTestId('repair-status')).toHaveText('Repaired')
  await expect(panel().getByTestId('certification')).toContainText(/by Maria/)

  // 3. The next pre-trip shows the certification; the driver acknowledges it; the bus is back in service.
  await driverPage.goto(`/preTrip/${bus.id}`)
  await expect(driverPage.getByTestId('certified-repair')).toContainText(`Repair ${action!.repairIdentifier} certified by Maria`)
  await expect(driverPage.getByTestId('out-of-service')).toHaveCount(0)
  await expect(driverPage.getByLabel('Odometer at start')).toHaveValue('30120')
  await driverPage.getByRole('button', { name: 'Mark all Ok' }).click()
  await driverPage.getByRole('checkbox', { name: 'I have reviewed the last report and this certification' }).check()
  await drawSignature(driverPage, 'Driver signature')
  await driverPage.getByRole('button', { name: 'Submit pre-trip' }).click()
  await expect(driverPage.getByTestId('pre-trip-filed')).toContainText('Pre-trip filed: satisfactory', { timeout: 20_000 })
  const [ack] = await db.read.select().from(repairAcknowledgements).where(eq(repairAcknowledgements.repairActionId, action!.id))
  const [second] = await db.read
    .select()
    .from(preInspections)
    .where(and(eq(preInspections.vehicleId, bus.id), eq(preInspections.isSatisfactory, true)))
  expect(ack?.preInspectionId).toBe(second!.id)
  expect(second!.defectsCorrected).toBe(true)

  // 4. The owner prints the defective report; the PDF downloads and its fingerprint checks.
  await ownerPage.goto(`/fleet/${ownerCo}?open=${bus.id}`)
  const vehiclePanel = ownerPage.getByTestId('vehicle-panel')
  await vehiclePanel.getByRole('tab', { name: 'Repair actions' }).click()
  await expect(vehiclePanel.getByRole('row').filter({ hasText: action!.repairIdentifier })).toContainText('Repaired')
  await vehiclePanel.getByRole('tab', { name: 'Pre inspections' }).click()
  await vehiclePanel.getByTestId(`pre-inspection-info-${first!.id}`).click()
  const dialog = ownerPage.getByRole('dialog')
  await expect(dialog.locator('tr[data-item="serviceBrakes"]')).toContainText('Defective')
  await dialog.getByRole('link', { name: 'Print' }).click()
  await expect(ownerPage).toHaveURL(`${BASE_URL}/PrintPreInspection/${ownerCo}?id=${first!.id}`)
  const fingerprint = await ownerPage.locator('[data-fingerprint]').getAttribute('data-fingerprint')
  const [download] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByRole('link', { name: 'Download PDF' }).click()])
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-')
  await ownerPage.goto(`/verify/pre-inspection/${first!.id}?f=${fingerprint}`)
  await expect(ownerPage.getByTestId('verify-result')).toHaveAttribute('data-matches', 'true')
})
