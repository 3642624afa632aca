import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { vehicleImages, vehicles } from '#db/schema/index.ts'
import { Raster } from '#server/demo/assets.ts'
import { vinCheckDigit, withVinCheckDigit } from '#catalog/vin.ts'
import { createVehicleRequest, respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { BASE_URL, e2eDb, expect, seriousAxeViolations, signInAs, test } from './fixtures.ts'

/** Real bus VINs the offline decoder knows (NHTSA vPIC). */
const BLUE_BIRD_2014 = '1BAKGCPA1EF296813'
const BLUE_BIRD_2008 = '1BAKGCPA38F250498'

const run = Date.now().toString(36).toUpperCase().slice(-5)
const PLANTS = 'ABCDEFGHJKLMNPRSTUVWXYZ'
/**
 * A valid VIN of the same Blue Bird line, random enough that parallel tests
 * never share one (the instance refuses two vehicles with one VIN).
 */
const uniqueVin = (year: 'E' | '8') => withVinCheckDigit(`1BAKGCPA0${year}${PLANTS[randomInt(PLANTS.length)]}${randomInt(100_000, 1_000_000)}`)
/** The same VIN with a wrong check digit (position 9). */
const wrongCheckDigit = (vin: string) => vin.slice(0, 8) + ((Number(vinCheckDigit(vin) === 'X' ? 0 : vinCheckDigit(vin)) + 1) % 10) + vin.slice(9)

/** A signed-in Owner manager with 25 vehicles (5 makes, diesel and gasoline). */
async function ownerWithFleet(page: Page, name: string) {
  const { user, companies } = await signInAs(page, { firstName: 'Olive', companies: [{ name, types: ['Owner'], roles: ['Owner'] }] })
  const companyId = companies[0]!.id
  const ctx = await ctxFor(e2eDb(), user.id)
  const makes = ['Blue Bird', 'Thomas Built', 'Gillig', 'MCI', 'Prevost']
  for (let i = 0; i < 25; i++) {
    await addVehicle(ctx, {
      ownerId: companyId,
      vehicleIdentifier: `${run}-${name.slice(0, 3).toUpperCase()}-${String(i).padStart(2, '0')}`,
      make: makes[i % 5],
      model: `Model ${i % 3}`,
      vin: uniqueVin('E'),
      licensePlate: `E2E-${i}`,
      fuelType: i % 2 === 0 ? 1 : 0,
      yearBuild: 2000 + i,
    })
  }
  return { user, companyId }
}

/** No serious or critical axe violation (WCAG 2.1 A and AA). */
async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function hydrated(page: Page) {
  // The no-JavaScript "Apply" button of the page-size form disappears once React runs.
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0)
}

test('an owner pages and filters the fleet, adds a bus with VIN lookup and a cropped photo, prints its QR and uploads a document', async ({ page }) => {
  test.setTimeout(120_000)
  const { companyId } = await ownerWithFleet(page, 'Js Fleet Lines')
  await page.goto(`/fleet/${companyId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Management')
  await hydrated(page)
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–10 of 25')

  // Paging and page sizes.
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 11–20 of 25')
  await expect(page).toHaveURL(/page=2/)
  await page.getByLabel('Rows per page').selectOption('30')
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–25 of 25')

  // Tag filter (Enter adds a chip) and the Filters panel.
  await page.getByTestId('fleet-tag-input').fill('gillig')
  await page.getByTestId('fleet-tag-input').press('Enter')
  await expect(page.getByTestId('fleet-tag-chip')).toHaveText('gillig')
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–5 of 5')
  await page.getByText('Filters', { exact: true }).click()
  await page.getByRole('group', { name: 'Fuel type' }).getByLabel('Diesel').check()
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–3 of 3')
  await expect(page).toHaveURL(/fuelType=1/)
  await page.getByRole('link', { name: 'Remove tag gillig' }).click()
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–13 of 13')
  await page.getByRole('spinbutton', { name: 'From' }).fill('2020')
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–3 of 3')
  await page.getByRole('link', { name: 'Clear filters' }).first().click()
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–25 of 25')

  // Sorting by a header link.
  await page.getByRole('link', { name: /^Make/ }).click()
  await expect(page).toHaveURL(/sort=make&dir=asc/)
  await expect(page.getByTestId('fleet-table').locator('tbody tr').first()).toContainText('Blue Bird')

  // Add: VIN lookup fills the form, a photo is cropped in the browser.
  await page.getByTestId('add-vehicle').click()
  const dialog = page.getByRole('dialog', { name: 'Add vehicle' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('VIN').fill(BLUE_BIRD_2014.toLowerCase())
  await expect(dialog.getByLabel('VIN')).toHaveValue(BLUE_BIRD_2014)
  await dialog.getByTestId('vin-lookup').click()
  await expect(dialog.getByLabel('Make')).toHaveValue('Blue Bird')
  await expect(dialog.getByLabel('Year built')).toHaveValue('2014')
  await expect(page.getByText(/^Found: Blue Bird/).first()).toBeVisible()
  // Another bus of that line: a unique VIN, first with a wrong check digit (a warning, not an error).
  const vin = uniqueVin('E')
  await dialog.getByLabel('VIN').fill(wrongCheckDigit(vin))
  await expect(dialog.getByTestId('vin-warning')).toBeVisible()
  await dialog.getByLabel('VIN').fill(vin)
  await expect(dialog.getByTestId('vin-warning')).toHaveCount(0)
  const identifier = `${run}-JS-NEW`
  await dialog.getByLabel('Vehicle identifier').fill(identifier)
  await dialog.getByLabel('License plate').fill('JS-ADD-1')
  await dialog.getByLabel('Color').fill('School Bus Yellow')
  await dialog.getByLabel('License expiry').fill('2030-01-31')
  await dialog.getByTestId('vehicle-image-input').setInputFiles({ name: 'bus.png', mimeType: 'image/png', buffer: new Raster(1600, 1000, [250, 200, 20, 255]).toPng() })
  await expect(dialog.getByTestId('image-cropper')).toBeVisible()
  await dialog.getByTestId('apply-crop').click()
  await expect(dialog.getByTestId('image-preview')).toBeVisible()
  await dialog.getByTestId('vehicle-save').click()
  await expect(page.getByText('Vehicle added successfully')).toBeVisible()
  await expect(dialog).toBeHidden()

  const [created] = await e2eDb().read.select().from(vehicles).where(eq(vehicles.vin, vin))
  expect(created).toMatchObject({ make: 'Blue Bird', vehicleIdentifier: identifier, licensePlate: 'JS-ADD-1', yearBuild: 2014, color: 'School Bus Yellow' })
  const [img] = await e2eDb().read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, created!.id))
  expect(img).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 600 })

  // The new vehicle's row is open with its details.
  const panel = page.getByTestId(`vehicle-panel-${created!.id}`)
  await expect(panel).toBeVisible()
  await expect(panel.locator('[data-field="licensePlate"]')).toHaveText('JS-ADD-1')
  await expect(panel.getByRole('tab', { name: 'Operator history' })).toBeVisible()
  await panel.getByRole('tab', { name: 'Inspections', exact: true }).click()
  await expect(panel.getByText('No inspections yet')).toBeVisible()

  // Documents tab: upload, then download from the list.
  await panel.getByRole('tab', { name: 'Documents' }).click()
  await panel.getByLabel('Upload documents').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') })
  await panel.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByText('Vehicle document uploaded successfully')).toBeVisible()
  await expect(panel.getByRole('link', { name: /registration\.pdf/ })).toBeVisible()

  // Find it by its identifier and print its QR.
  await page.getByTestId('fleet-tag-input').fill(identifier)
  await page.getByTestId('fleet-tag-input').press('Enter')
  await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–1 of 1')
  const row = page.getByTestId(`vehicle-row-${created!.id}`)
  await expect(row.getByRole('img', { name: `Picture of ${identifier}` })).toBeVisible()
  await row.getByTestId(`qr-${created!.id}`).click()
  const qr = page.getByRole('dialog', { name: 'Scan QR code' })
  await expect(qr.getByTestId('qr-identifier')).toHaveText(identifier)
  const [download] = await Promise.all([page.waitForEvent('download'), qr.getByRole('link', { name: 'Print QR' }).click()])
  expect(download.suggestedFilename()).toBe(`${identifier}.pdf`)
  expect(readFileSync((await download.path())!).subarray(0, 4).toString()).toBe('%PDF')
  await page.keyboard.press('Escape')
  await expect(qr).toBeHidden()

  // Edit: closing a changed form asks first.
  await row.getByTestId(`edit-${created!.id}`).click()
  const edit = page.getByRole('dialog', { name: `Edit vehicle ${identifier}` })
  await expect(edit.getByLabel('Make')).toHaveValue('Blue Bird')
  await edit.getByLabel('Model').fill('Vision Mk II')
  // The form knows it changed once the value is in (pressing Escape sooner closed it without asking).
  await expect(edit.getByLabel('Model')).toHaveValue('Vision Mk II')
  await edit.getByLabel('Model').press('Escape')
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to close?')
  await confirm.getByRole('button', { name: 'Keep editing' }).click()
  await edit.getByTestId('vehicle-save').click()
  await expect(page.getByText('Vehicle updated successfully')).toBeVisible()
  await expect(row).toContainText('Vision Mk II')

  // Delete with the confirmation.
  await row.getByTestId(`delete-${created!.id}`).click()
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this vehicle?')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Vehicle deleted successfully')).toBeVisible()
  await expect(page.getByText('No vehicle matches these filters')).toBeVisible()
})

test('the add dialog warns before losing typed data; the page and the dialog pass axe', async ({ page }) => {
  test.setTimeout(60_000)
  const { companyId } = await ownerWithFleet(page, 'Close Check Coaches')
  await page.goto(`/fleet/${companyId}`)
  await hydrated(page)
  await page.getByTestId('fleet-table').locator('tbody tr').first().getByRole('link', { name: /^Open details/ }).click()
  await expect(page.getByTestId('vehicle-panel')).toBeVisible()
  await page.getByText('Filters', { exact: true }).click()
  await expectAccessible(page)

  await page.goto(`/fleet/${companyId}?dialog=add`)
  const dialog = page.getByRole('dialog', { name: 'Add vehicle' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('Make').fill('Gillig')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to close?')
  await expect(confirm).toContainText('will be lost')
  await confirm.getByRole('button', { name: 'Close without saving' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/dialog=add/)
  // The client checks the spec's rules before posting.
  await page.getByTestId('add-vehicle').click()
  await page.getByRole('dialog', { name: 'Add vehicle' }).getByTestId('vehicle-save').click()
  await expect(page.getByTestId('error-make')).toHaveText('Make is required')
  await expect(page.getByTestId('error-vin')).toHaveText('VIN is required')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an owner adds a bus with VIN lookup and a photo, filters and pages the fleet', async ({ page }) => {
    test.setTimeout(90_000)
    const { companyId } = await ownerWithFleet(page, 'NoJs Fleet Lines')
    await page.goto(`/fleet/${companyId}`)
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–10 of 25')
    await page.getByRole('link', { name: 'Page 3' }).click()
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 21–25 of 25')
    await page.getByLabel('Rows per page').selectOption('20')
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–20 of 25')

    // The tag filter is a GET form: Enter submits it.
    await page.getByTestId('fleet-tag-input').fill('prevost')
    await page.getByTestId('fleet-tag-input').press('Enter')
    await expect(page.getByTestId('fleet-tag-chip')).toHaveText('prevost')
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–5 of 5')
    await page.getByText('Filters', { exact: true }).click()
    await page.getByRole('group', { name: 'Fuel type' }).getByLabel('Gasoline').check()
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–2 of 2')
    await page.getByRole('link', { name: 'Remove tag prevost' }).click()
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–12 of 12')
    await page.getByRole('link', { name: 'Clear filters' }).first().click()

    // The Add dialog is a form on the page; the VIN lookup posts it and it comes back filled.
    await page.getByTestId('add-vehicle').click()
    await expect(page).toHaveURL(/dialog=add/)
    const form = page.getByTestId('vehicle-dialog')
    await form.getByLabel('VIN').fill(BLUE_BIRD_2008)
    await form.getByLabel('License plate').fill('NOJS-1')
    await form.getByTestId('vin-lookup').click()
    await expect(form.getByLabel('Make')).toHaveValue('Blue Bird')
    await expect(form.getByLabel('Year built')).toHaveValue('2008')
    await expect(form.getByLabel('License plate')).toHaveValue('NOJS-1')
    await expect(form.getByTestId('vin-lookup-note')).toContainText('Found: Blue Bird')
    const vin = uniqueVin('8')
    await form.getByLabel('VIN').fill(vin)
    const identifier = `${run}-NOJS-NEW`
    await form.getByLabel('Vehicle identifier').fill(identifier)
    await expect(form.getByText(/at most 800×600 pixels/)).toBeVisible()
    await form.getByTestId('vehicle-image-input').setInputFiles({ name: 'bus.png', mimeType: 'image/png', buffer: new Raster(400, 300, [20, 120, 220, 255]).toPng() })
    await form.getByTestId('vehicle-save').click()
    // Without JavaScript the toast is a status line at the top of the page.
    await expect(page.getByRole('status').filter({ hasText: 'Vehicle added successfully' })).toBeVisible()

    const [created] = await e2eDb().read.select().from(vehicles).where(eq(vehicles.vin, vin))
    expect(created).toMatchObject({ make: 'Blue Bird', yearBuild: 2008, licensePlate: 'NOJS-1', vehicleIdentifier: identifier })
    const [img] = await e2eDb().read.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, created!.id))
    expect(img).toMatchObject({ contentType: 'image/png', width: 400, height: 300 })

    // Its row is open; tabs are links.
    const panel = page.getByTestId(`vehicle-panel-${created!.id}`)
    await expect(panel.locator('[data-field="licensePlate"]')).toHaveText('NOJS-1')
    await panel.getByRole('link', { name: 'Operator history' }).click()
    await expect(page.getByText('No operator yet')).toBeVisible()

    // The link its QR encodes opens it on the fleet page.
    await page.goto(`/vehicles/${created!.id}`)
    await expect(page).toHaveURL(`${BASE_URL}/fleet/${companyId}?open=${created!.id}`)
    await expect(page.getByTestId(`vehicle-panel-${created!.id}`)).toBeVisible()

    // The QR view and its PDF.
    await page.goto(`/fleet/${companyId}?dialog=qr&id=${created!.id}`)
    await expect(page.getByTestId('qr-identifier')).toHaveText(identifier)
    const pdf = await page.request.get(`${BASE_URL}/vehicles/${created!.id}/qr.pdf`)
    expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="${identifier}.pdf"`)
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF')

    // Delete asks on its own page.
    await page.goto(`/fleet/${companyId}?dialog=delete&id=${created!.id}`)
    await expect(page.getByTestId('delete-confirm')).toContainText('Are you sure you want to delete this vehicle?')
    await page.getByTestId('delete-confirm').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Vehicle deleted successfully' })).toBeVisible()
  })

  test('the owner ends an operator assignment as a plain form, and the operator loses the bus', async ({ page }) => {
    const { user, companies } = await signInAs(page, {
      firstName: 'Ona',
      companies: [
        { name: `${run} End Owner`, types: ['Owner'], roles: ['Owner'] },
        { name: `${run} End Operator`, types: ['Operator'], roles: ['Operator'] },
      ],
    })
    const [owner, operator] = companies
    const db = e2eDb()
    const ctx = await ctxFor(db, user.id)
    const bus = await addVehicle(ctx, { ownerId: owner!.id, make: 'Gillig', model: 'Low Floor', vin: uniqueVin('E'), licensePlate: 'END-1' })
    const today = new Date().toISOString().slice(0, 10)
    const request = await createVehicleRequest(ctx, { vehicleIdentifier: bus.vehicleIdentifier, operatorCompanyId: operator!.id, startDate: today, endDate: null })
    await respondToVehicleRequest(ctx, { requestId: request.id, approved: true })

    await page.goto(`/fleet/${owner!.id}?open=${bus.id}&tab=operators`)
    await page.getByRole('button', { name: 'End assignment' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Assignment ended.' })).toBeVisible()
    await expect(page.getByText('No operator is using this vehicle now.')).toBeVisible()
    await page.goto(`/fleetOperator/${operator!.id}`)
    await expect(page.getByText(bus.vehicleIdentifier)).toHaveCount(0)
  })
})
