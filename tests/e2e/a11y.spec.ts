import type { Page } from '@playwright/test'
import { expect, seriousAxeViolations, signInAs, test } from './fixtures.ts'

/**
 * axe at the desktop width: no serious or critical violation (WCAG 2.1 A and AA rules). Every
 * page is axe-checked at 360 px by fit.spec.ts, with its content; here the desktop layout (the
 * sidebar, wide tables, dialogs' placement) on a page of each kind.
 */
async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

test('public pages', async ({ page }) => {
  for (const path of ['/login', '/register']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page)
  }
})

test('signed-in pages of a manager of all three company types', async ({ page }) => {
  // axe over six pages takes about 10 s alone; two workers on two cores need more than the default 30 s.
  test.setTimeout(60_000)
  const { companies } = await signInAs(page, {
    companies: [{ name: 'Axe Coach Lines', types: ['Owner', 'Operator', 'RepairShop'], roles: ['Owner', 'Operator', 'RepairShop'] }],
  })
  const id = companies[0]!.id
  // A dashboard, a form page, a table, a request list, the people list, a settings form.
  for (const path of ['/dashboard', '/profile', `/fleet/${id}`, `/ownerRequestPage/${id}`, `/employees/${id}`, `/company/${id}/settings`]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
    await expectAccessible(page)
  }
})
