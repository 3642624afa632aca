import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures.ts'

/** axe on the main pages: no serious or critical violation (WCAG 2.1 A and AA rules). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
  expect(serious).toEqual([])
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
