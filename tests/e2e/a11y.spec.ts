import type { Page } from '@playwright/test'
import { expect, seriousAxeViolations, signInAs, test } from './fixtures.ts'

/** axe on the main pages: no serious or critical violation (WCAG 2.1 A and AA rules). */
async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

test('public pages', async ({ page }) => {
  for (const path of ['/login', '/register', '/SendResetLink', '/TermsAndConditions']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page)
  }
})

test('signed-in pages of a manager of all three company types', async ({ page }) => {
  // axe over twelve pages takes about 20 s alone; two workers on two cores need more than the default 30 s.
  test.setTimeout(90_000)
  const { companies } = await signInAs(page, {
    companies: [{ name: 'Axe Coach Lines', types: ['Owner', 'Operator', 'RepairShop'], roles: ['Owner', 'Operator', 'RepairShop'] }],
  })
  const id = companies[0]!.id
  for (const path of [
    '/dashboard',
    '/profile',
    '/completeProfile',
    `/OwnerDashboard/${id}`,
    `/fleet/${id}`,
    `/fleetOperator/${id}`,
    `/ownerRequestPage/${id}`,
    `/operatorRequestPage/${id}`,
    `/employees/${id}`,
    `/joinRequests/${id}`,
    `/joinRequestsRS/${id}`,
    `/company/${id}/settings`,
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
    await expectAccessible(page)
  }
})
