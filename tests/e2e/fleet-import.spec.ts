/**
 * The fleet CSV import in a browser (issue 26, decision 076): an owner uploads 200 buses with 3
 * bad rows, sees the 3 named by row and column, fixes them, uploads again and imports the 200
 * with the progress bar; and the same upload and import with JavaScript disabled.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { eq, sql } from 'drizzle-orm'
import { vehicles } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, seriousAxeViolations, settleCspReports, test, watchCsp } from './fixtures.ts'

const run = Date.now().toString(36).toUpperCase().slice(-5)
const HEADER = 'vehicleIdentifier,make,model,vin,licensePlate,yearBuild,fuelType,licenseExpiry,gps'

function fileOf(prefix: string, n: number, bad: Record<number, Partial<Record<string, string>>> = {}): string {
  const lines = [HEADER]
  for (let i = 0; i < n; i++) {
    const vin = withVinCheckDigit(`1BAKGCPA0${prefix}${String(i).padStart(6, '0')}`)
    const v = { vehicleIdentifier: `${prefix}-${run}-${i}`, make: 'Blue Bird', model: 'Vision', vin, licensePlate: `${prefix} ${i}`, yearBuild: '2019', fuelType: 'Diesel', licenseExpiry: '2030-06-30', gps: 'Yes', ...bad[i] }
    lines.push([v.vehicleIdentifier, v.make, v.model, v.vin, v.licensePlate, v.yearBuild, v.fuelType, v.licenseExpiry, v.gps].join(','))
  }
  return lines.join('\r\n') + '\r\n'
}

async function ownerWithCompany() {
  const db = e2eDb()
  const company = await createCompany(db, `Import Co ${run}-${Math.random().toString(36).slice(2, 6)}`, ['Owner'])
  const user = await createUser(db, { firstName: 'Ina', lastName: 'Importer' })
  await grantRole(db, user.id, company.id, 'Owner')
  return { companyId: company.id, userId: user.id }
}

async function signedIn(browser: Browser, userId: number, javaScriptEnabled: boolean, viewport = { width: 1366, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled, viewport })
  await context.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), userId), url: BASE_URL }])
  return { context, page: await context.newPage() }
}

const fleetSize = async (companyId: number) =>
  Number((await e2eDb().read.select({ n: sql<number>`count(*)` }).from(vehicles).where(eq(vehicles.ownerCompanyId, companyId)))[0]!.n)

async function upload(page: Page, companyId: number, name: string, text: string) {
  await page.goto(`/fleet/${companyId}/import`)
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  await page.getByTestId('import-upload-submit').click()
  await expect(page).toHaveURL(new RegExp(`/fleet/${companyId}/import/\\d+$`))
}

test('an owner imports 200 buses: 3 bad rows named, fixed, uploaded again, imported with progress', async ({ browser }) => {
  const { companyId, userId } = await ownerWithCompany()
  const { context, page } = await signedIn(browser, userId, true)
  await page.goto(`/fleet/${companyId}`)
  await page.getByTestId('import-csv').click()
  await expect(page).toHaveURL(`${BASE_URL}/fleet/${companyId}/import`)

  const bad = { 10: { fuelType: 'Petrol' }, 50: { licenseExpiry: '2027-02-30' }, 120: { licensePlate: '' } }
  await upload(page, companyId, 'buses.csv', fileOf('AB', 200, bad))
  const problems = page.getByTestId('import-problems')
  await expect(problems.locator('tbody tr')).toHaveCount(3)
  await expect(problems.locator('tr[data-row="12"][data-column="fuelType"]')).toContainText('Unknown fuel type "Petrol"')
  await expect(problems.locator('tr[data-row="52"][data-column="licenseExpiry"]')).toContainText('Enter a real date')
  await expect(problems.locator('tr[data-row="122"][data-column="licensePlate"]')).toContainText('License plate is required')
  await expect(page.getByTestId('import-commit')).toHaveText('Import 197 vehicles')

  // Fixed and uploaded again: every row ready.
  await page.getByRole('link', { name: 'Upload another file' }).click()
  await upload(page, companyId, 'buses-fixed.csv', fileOf('AB', 200))
  await expect(page.getByTestId('import-problems')).toHaveCount(0)
  const before = await fleetSize(companyId)
  await page.getByTestId('import-commit').click()
  await expect(page).toHaveURL(`${BASE_URL}/fleet/${companyId}`, { timeout: 60_000 })
  await expect(page.getByText('Imported 200 vehicles')).toBeVisible()
  expect(await fleetSize(companyId)).toBe(before + 200)
  await context.close()
})

test.describe('without JavaScript', () => {
  test('upload and import with plain forms', async ({ browser }) => {
    const { companyId, userId } = await ownerWithCompany()
    const { context, page } = await signedIn(browser, userId, false)
    await upload(page, companyId, 'nojs.csv', fileOf('CD', 5, { 2: { gps: 'maybe' } }))
    await expect(page.getByTestId('import-problems').locator('tr[data-row="4"][data-column="gps"]')).toBeVisible()
    await page.getByTestId('import-commit').click()
    await expect(page).toHaveURL(`${BASE_URL}/fleet/${companyId}`)
    expect(await fleetSize(companyId)).toBe(4)
    await context.close()
  })
})

test('the preview fits a phone: no sideways scroll, the bad row named, no serious axe finding, no CSP report', async ({ browser }) => {
  const { companyId, userId } = await ownerWithCompany()
  const { context, page } = await signedIn(browser, userId, true, { width: 360, height: 740 })
  const violations = await watchCsp(context)
  await upload(page, companyId, 'a-rather-long-file-name-from-the-office-spreadsheet.csv', fileOf('EF', 4, { 1: { fuelType: 'Petrol' } }))
  const problems = page.getByTestId('import-problems')
  const bad = problems.locator('tr[data-row="3"][data-column="fuelType"]')
  await expect(bad).toContainText('Unknown fuel type "Petrol"')
  const fits = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  const { scroll, client } = await fits()
  expect(scroll).toBeLessThanOrEqual(client)
  // The row number and the column name are on screen, not cut off by the table's own scroll.
  for (const cell of [problems.getByRole('columnheader', { name: 'Row' }), problems.getByRole('columnheader', { name: 'Column' }), bad.getByRole('cell', { name: '3', exact: true }), bad.getByRole('cell', { name: 'fuelType' })]) {
    await expect(cell).toBeVisible()
    const box = (await cell.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
  }
  const commit = page.getByTestId('import-commit')
  await expect(commit).toHaveText('Import 3 vehicles')
  const button = (await commit.boundingBox())!
  expect(button.x + button.width).toBeLessThanOrEqual(360)
  expect(await seriousAxeViolations(page)).toEqual([])

  // An upload that is gone (deleted by the clean-up after a week) says so, and fits too.
  await page.goto(`/fleet/${companyId}/import/999999999`)
  await expect(page.getByTestId('import-gone')).toContainText('has expired')
  expect((await fits()).scroll).toBeLessThanOrEqual((await fits()).client)
  await settleCspReports(page)
  expect(violations).toEqual([])
  await context.close()
})
