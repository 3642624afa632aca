/**
 * Issue 10: the owner opens a vehicle, the Pre inspections tab and the detail dialog, prints
 * (the print page loads, also after a reload by `?id=`), downloads the PDF, and the verify page
 * of its fingerprint says it matches. The inspection dialog (800×800, "Loading images"), and
 * both at phone width. Screenshots in test-results/print/.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { createUser } from '#tests/helpers/factory.ts'
import { insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'
import { BASE_URL, e2eDb, expect, signInAs, test } from './fixtures.ts'

const SHOTS = 'test-results/print'

async function ownerWithRecords(page: Page, name: string) {
  const { user, companies } = await signInAs(page, { firstName: 'Olive', companies: [{ name, types: ['Owner', 'Operator'], roles: ['Owner'] }] })
  const companyId = companies[0]!.id
  const db = e2eDb()
  const vehicle = await newVehicle(db, user.id, companyId)
  const driver = await createUser(db, { firstName: 'Dana', lastName: 'Driver' })
  const pre = await insertPreInspection(db, { vehicleId: vehicle.id, operatorCompanyId: companyId, driverUserId: driver.id, defective: ['tires', 'horn'], photos: 2 })
  const insp = await insertInspection(db, { vehicleId: vehicle.id, unsatisfactory: ['brakeFluidConditionLevel'], photos: 2 })
  return { companyId, vehicle, pre, insp }
}

async function noHorizontalScroll(page: Page) {
  const { scroll, width, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // What sticks out, to say so when it fails.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  }))
  expect(scroll, wide.join('; ')).toBeLessThanOrEqual(width)
}

test('the owner opens a pre-inspection, prints it, reloads the print page, downloads the PDF and its fingerprint checks', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const { companyId, vehicle, pre } = await ownerWithRecords(page, 'Print Coaches')
  await page.goto(`/fleet/${companyId}?open=${vehicle.id}`)
  const panel = page.getByTestId('vehicle-panel')
  await panel.getByRole('tab', { name: 'Pre inspections' }).click()
  const row = panel.getByTestId(`pre-inspection-${pre.id}`)
  await expect(row.getByText('Defective')).toBeVisible()
  await row.getByTestId(`pre-inspection-info-${pre.id}`).click()

  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Pre-inspection' }).first()).toBeVisible()
  for (const section of ['Info', 'Engine & Compartment', "Driver's Cabin", 'Exterior & Access', 'Tires & Wheels', 'Safety & Emergency Equipment', 'Interior & Cleanliness', 'Damage Report', 'Additional Comments', 'Final Status', 'Time Log', 'Images']) {
    await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible()
  }
  await expect(dialog.locator('tr[data-item="tires"]')).toContainText('Defective')
  await expect(dialog.locator('tr[data-item="oilLevel"]')).toContainText('Ok')
  await expect(dialog.getByRole('img', { name: 'photo-2.png' })).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(box.width).toBeLessThanOrEqual(800)
  expect(box.height).toBeLessThanOrEqual(800)
  await page.screenshot({ path: `${SHOTS}/pre-inspection-dialog-1366.png` })

  await dialog.getByRole('link', { name: 'Print' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/PrintPreInspection/${companyId}?id=${pre.id}`)
  await expect(page.getByRole('heading', { name: 'Pre-inspection', level: 1 }).last()).toBeVisible()
  const fingerprint = await page.locator('[data-fingerprint]').getAttribute('data-fingerprint')
  expect(fingerprint).toMatch(/^[0-9a-f]{12}$/)
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/print-pre-inspection-1366.png`, fullPage: true })

  // A reload (no navigation state any more) loads the record by ?id=.
  await page.reload()
  await expect(page.locator(`[data-fingerprint="${fingerprint}"]`)).toBeVisible()
  await expect(page.locator('tr[data-item="horn"]')).toContainText('Defective')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
  expect(download.suggestedFilename()).toBe(`pre-inspection-${vehicle.vehicleIdentifier}-2026-03-02-${pre.id}.pdf`)
  const pdf = readFileSync((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(10_000)

  // The verify link printed on the copy (as the QR encodes it).
  const verifyUrl = await page.locator('.opd-link').innerText()
  expect(verifyUrl).toBe(`${BASE_URL}/verify/pre-inspection/${pre.id}?f=${fingerprint}`)
  await page.goto(verifyUrl)
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-matches', 'true')
  await expect(page.getByText('This copy matches the record.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/verify-1366.png` })
  // A mistyped fingerprint does not match.
  await page.getByLabel('Fingerprint printed on the copy').fill('000000000000')
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByText('This copy does not match the record.')).toBeVisible()
})

test('the inspection dialog: 800×800 with its sections and "Loading images"; both dialogs and print pages fit 360 px', async ({ page }) => {
  // Five pages and six screenshots: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  const { companyId, vehicle, pre, insp } = await ownerWithRecords(page, 'Print Inspect')
  // The photos answer slowly, so "Loading images" can be seen.
  await page.route('**/trpc/**', async (route) => {
    if (route.request().url().includes('inspectionPhotos')) await new Promise((r) => setTimeout(r, 1200))
    await route.continue()
  })
  await page.goto(`/fleet/${companyId}?open=${vehicle.id}&tab=inspections`)
  const panel = page.getByTestId('vehicle-panel')
  const row = panel.getByTestId(`inspection-${insp.id}`)
  await expect(row.getByText('Unsatisfactory')).toBeVisible()
  await row.getByTestId(`inspection-info-${insp.id}`).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Loading images')).toBeVisible()
  for (const [section, n] of [['Interior', 11], ['Exterior', 5], ['Engine', 9], ['Electrical', 5], ['Brakes', 10], ['Chassis', 8]] as const) {
    await expect(dialog.getByRole('heading', { name: `${section} (${n})` })).toBeVisible()
    await expect(dialog.getByRole('region', { name: section, exact: true }).locator('tbody tr')).toHaveCount(n)
  }
  await expect(dialog.getByRole('img', { name: `QR code of ${vehicle.vehicleIdentifier}` })).toBeVisible()
  await expect(dialog.locator('tr[data-item="brakeFluidConditionLevel"]')).toContainText('Worn, replace')
  await expect(dialog.getByText('Loading images')).toBeHidden({ timeout: 10_000 })
  await expect(dialog.getByRole('img', { name: 'insp-1.png' })).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(Math.round(box.width)).toBe(800)
  expect(Math.round(box.height)).toBe(800)
  await page.screenshot({ path: `${SHOTS}/inspection-dialog-1366.png` })
  await page.keyboard.press('Escape')

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/fleet/${companyId}?open=${vehicle.id}&tab=inspections`)
  await page.getByTestId(`inspection-info-${insp.id}`).click()
  const phoneDialog = page.getByRole('dialog')
  await expect(phoneDialog.getByRole('heading', { name: 'Chassis (8)' })).toBeVisible()
  const phoneBox = (await phoneDialog.boundingBox())!
  expect(Math.round(phoneBox.width)).toBe(360)
  await page.screenshot({ path: `${SHOTS}/inspection-dialog-360.png` })
  await page.keyboard.press('Escape')
  await page.goto(`/fleet/${companyId}?open=${vehicle.id}&tab=preInspections`)
  await page.getByTestId(`pre-inspection-info-${pre.id}`).click()
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Time Log' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/pre-inspection-dialog-360.png` })

  await page.goto(`/PrintPreInspection/${companyId}?id=${pre.id}`)
  await expect(page.locator('[data-fingerprint]')).toBeVisible()
  await noHorizontalScroll(page)
  await page.screenshot({ path: `${SHOTS}/print-pre-inspection-360.png`, fullPage: true })
  await page.goto(`/PrintInspection/${companyId}?id=${insp.id}`)
  await expect(page.getByRole('heading', { name: 'Brakes (10)' })).toBeVisible()
  await noHorizontalScroll(page)
  await page.screenshot({ path: `${SHOTS}/print-inspection-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: `${SHOTS}/print-inspection-1366.png`, fullPage: true })
})

test('Repair Actions History: a waiting action says so, and its info button opens the pre-inspection dialog with print', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const { user, companies } = await signInAs(page, { firstName: 'Olive', companies: [{ name: 'Print Repairs', types: ['Owner', 'Operator'], roles: ['Owner'] }] })
  const companyId = companies[0]!.id
  const vehicle = await newVehicle(e2eDb(), user.id, companyId)
  const pre = await insertPreInspection(e2eDb(), { vehicleId: vehicle.id, operatorCompanyId: companyId, defective: ['serviceBrakes'], repairCompanyId: null })
  await page.goto(`/fleet/${companyId}?open=${vehicle.id}&tab=repairs`)
  const table = page.getByRole('region', { name: 'Repair actions' }).or(page.getByLabel('Repair actions'))
  await expect(table.getByText('Pending repair')).toBeVisible()
  await expect(table.getByText('Waiting for a repair shop')).toBeVisible()
  await page.getByTestId(`pre-inspection-info-${pre.id}`).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('tr[data-item="serviceBrakes"]')).toContainText('Defective')
  await page.screenshot({ path: `${SHOTS}/repair-actions-dialog-1366.png` })
  await dialog.getByRole('link', { name: 'Print' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/PrintPreInspection/${companyId}?id=${pre.id}`)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the info link of a row opens the print page by ?id=, and the PDF link works', async ({ page }) => {
    const { companyId, vehicle, pre } = await ownerWithRecords(page, 'Print NoJS')
    await page.goto(`/fleet/${companyId}?open=${vehicle.id}&tab=preInspections`)
    await page.getByRole('link', { name: /Pre-inspection details/ }).click()
    await expect(page).toHaveURL(`${BASE_URL}/PrintPreInspection/${companyId}?id=${pre.id}`)
    await expect(page.locator('tr[data-item="tires"]')).toContainText('Defective')
    await expect(page.locator('[data-fingerprint]')).toBeVisible()
    // window.print() needs JavaScript: no Print button; the PDF is a plain link.
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0)
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')
    expect(href).toBe(`/PrintPreInspection/${companyId}/pdf?id=${pre.id}`)
    const res = await page.request.get(href!)
    expect(res.status()).toBe(200)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
  })
})
