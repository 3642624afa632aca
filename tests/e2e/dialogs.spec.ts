import type { Locator, Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures.ts'

/**
 * Issue 12 point 3, decision 057: dialogs fit a phone and a 13-inch laptop. At 360 px a dialog
 * takes the full screen, nothing in it is wider than the screen, its body scrolls above a
 * footer in normal flow (never over a field), and a toast never covers its primary button.
 */

type Box = { x: number; y: number; width: number; height: number }
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox()
  if (!b) throw new Error('not rendered')
  return b
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function openAddVehicle(page: Page) {
  const { companies } = await signInAs(page, { firstName: 'Dora', companies: [{ name: `Dialog Fleet ${Date.now()}`, types: ['Owner'], roles: ['Owner'] }] })
  await page.goto(`/fleet/${companies[0]!.id}?dialog=add`)
  const dialog = page.getByRole('dialog', { name: 'Add vehicle' })
  await expect(dialog).toBeVisible()
  // The open animation has ended (its scale would skew the boxes).
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations().length)).toBe(0)
  return dialog
}

/** Every control of the dialog lies inside it horizontally, and the dialog inside the viewport. */
async function expectNoHorizontalOverflow(page: Page, dialog: Locator) {
  const viewport = page.viewportSize()!
  const d = await box(dialog)
  expect(d.x).toBeGreaterThanOrEqual(0)
  expect(d.x + d.width).toBeLessThanOrEqual(viewport.width + 0.5)
  const body = dialog.getByTestId('vehicle-form-body')
  expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  // Every visible control, measured in one pass in the page.
  const outside = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect()
    const controls = [...d.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button')].filter(
      (el) => !el.classList.contains('sr-only') && el.getClientRects().length > 0,
    )
    return {
      count: controls.length,
      outside: controls
        .filter((el) => {
          const b = el.getBoundingClientRect()
          return b.left < r.left - 0.5 || b.right > r.right + 0.5
        })
        .map((el) => el.outerHTML.slice(0, 100)),
    }
  })
  expect(outside.count).toBeGreaterThan(20)
  expect(outside.outside).toEqual([])
}

/** The footer is in normal flow below the scrolling body: no field is ever under it. */
async function expectFooterNeverOverAField(dialog: Locator) {
  const body = dialog.getByTestId('vehicle-form-body')
  const footer = dialog.getByTestId('vehicle-form-footer')
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static')
  // The body is what scrolls (the dialog's fields are taller than the screen).
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight + 10)).toBe(true)
  for (const at of ['start', 'middle', 'end'] as const) {
    await body.evaluate((el, where) => {
      el.scrollTop = where === 'start' ? 0 : where === 'end' ? el.scrollHeight : el.scrollHeight / 2
    }, at)
    const b = await box(body)
    const f = await box(footer)
    expect(f.y, `footer below the body (${at})`).toBeGreaterThanOrEqual(b.y + b.height - 0.5)
    // Every field visible at this scroll position is itself what is at its centre: no footer on it.
    const covered = await body.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return [...el.querySelectorAll<HTMLElement>('input:not([type=hidden]):not(.sr-only), select')]
        .map((field) => ({ field, b: field.getBoundingClientRect() }))
        .filter(({ b }) => b.height > 0 && b.top + b.height / 2 > r.top && b.top + b.height / 2 < r.bottom)
        .filter(({ field, b }) => {
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)
          return !hit || (hit !== field && !field.contains(hit) && !hit.contains(field) && hit.closest('label') === null)
        })
        .map(({ field }) => field.id)
    })
    expect(covered, `fields covered (${at})`).toEqual([])
  }
}

/**
 * A toast shown while the dialog is open is not over "Add vehicle": a user adds a bus (the
 * "Vehicle added successfully" toast) and at once opens Add vehicle again for the next one.
 */
async function expectToastClearOfPrimary(page: Page, dialog: Locator) {
  // Digits only: a VIN has no I, O or Q.
  const tag = `${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`.padStart(9, '0')
  await dialog.getByLabel('VIN').fill(`1BAKGCPA${tag}`)
  await dialog.getByLabel('Vehicle identifier').fill(`DLG-${tag}`.slice(0, 20))
  await dialog.getByLabel('Make').fill('Blue Bird')
  await dialog.getByLabel('Model').fill('All American')
  await dialog.getByLabel('Year built').fill('2014')
  await dialog.getByLabel('License plate').fill(`D${tag}`.slice(0, 8))
  await dialog.getByLabel('Color').fill('Yellow')
  await dialog.getByLabel('License expiry').fill('2030-01-31')
  await dialog.getByTestId('vehicle-save').click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Vehicle added successfully' })
  await expect(toast).toBeVisible()
  // The toast lasts 3.2 s, and on a loaded machine Add vehicle may take longer than that to open
  // again: its timer is paused as a hidden tab pauses it (sonner waits while `document.hidden`),
  // so the check never depends on a quiet machine. The page itself is not hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(dialog).toBeHidden()
  await page.getByTestId('add-vehicle').click()
  await expect(dialog).toBeVisible()
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations().length)).toBe(0)
  await expect(toast).toBeVisible()
  const save = dialog.getByTestId('vehicle-save')
  await expect(save).toBeInViewport()
  expect(overlaps(await box(toast), await box(save)), 'the toast covers "Add vehicle"').toBe(false)
  // And it is really clickable: nothing sits on top of its centre.
  const s = await box(save)
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="vehicle-save"]') !== null, { x: s.x + s.width / 2, y: s.y + s.height / 2 })
  expect(hit).toBe(true)
}

test.describe('at 360 × 740', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('Add vehicle takes the full screen, clips nothing, and its footer never covers a field', async ({ page }) => {
    const dialog = await openAddVehicle(page)
    const d = await box(dialog)
    expect(d).toEqual({ x: 0, y: 0, width: 360, height: 740 })
    await expectNoHorizontalOverflow(page, dialog)
    // The VIN lookup button is whole and inside the screen.
    const lookup = await box(dialog.getByTestId('vin-lookup'))
    expect(lookup.x + lookup.width).toBeLessThanOrEqual(360)
    await expectFooterNeverOverAField(dialog)
    const footer = await box(dialog.getByTestId('vehicle-form-footer'))
    expect(footer.y + footer.height).toBeLessThanOrEqual(740)
  })

  test('a toast never covers the dialog’s primary button', async ({ page }) => {
    const dialog = await openAddVehicle(page)
    await expectToastClearOfPrimary(page, dialog)
  })
})

test.describe('at 1366 × 900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('Add vehicle is a centred card that fits, footer below its body, toast clear of its button', async ({ page }) => {
    const dialog = await openAddVehicle(page)
    const d = await box(dialog)
    expect(d.y).toBeGreaterThanOrEqual(15)
    expect(d.y + d.height).toBeLessThanOrEqual(900 - 15)
    await expectNoHorizontalOverflow(page, dialog)
    await expectFooterNeverOverAField(dialog)
    await expectToastClearOfPrimary(page, dialog)
  })
})
