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

// A dashboard, a form page, a table, a request list, the people list, a settings form: two tests of
// three pages, so that two workers share them. axe takes 3–5 s a page for a manager of all three
// company types (its menu and forms), about 45 s for the six alone (measured 2026-11-28); one test
// of six ran past its 60 s on a loaded machine.
for (const [part, paths] of [
  [1, (id: number) => ['/dashboard', '/profile', `/fleet/${id}`]],
  [2, (id: number) => [`/ownerRequestPage/${id}`, `/employees/${id}`, `/company/${id}/settings`]],
] as const) {
  test(`signed-in pages of a manager of all three company types (part ${part})`, async ({ page }) => {
    test.setTimeout(60_000)
    const { companies } = await signInAs(page, {
      companies: [{ name: `Axe Coach Lines ${part}`, types: ['Owner', 'Operator', 'RepairShop'], roles: ['Owner', 'Operator', 'RepairShop'] }],
    })
    for (const path of paths(companies[0]!.id)) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
      await expectAccessible(page)
    }
  })
}
