import { BASE_URL, expect, signInAs, test } from './fixtures.ts'

test('a signed-in user sees the side menu groups of their active roles', async ({ page }) => {
  const { companies } = await signInAs(page, {
    firstName: 'Morgan',
    companies: [
      { name: 'Cascade Test Lines', types: ['Owner', 'Operator', 'RepairShop'], roles: ['Owner', 'Operator', 'RepairShop'] },
      { name: 'Harbor Test Charter', types: ['Operator'], roles: ['Driver'], inactive: ['Operator'] },
    ],
  })
  const [cascade, harbor] = companies
  await page.goto('/dashboard')
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile')
  for (const group of ['owner', 'operator', 'repairshop']) {
    await expect(page.getByTestId(`menu-group-${group}-${cascade!.id}`)).toBeVisible()
  }
  // Driver grants no manager group; the inactive Operator role grants nothing. (The dashboard's
  // own "my driver records" card for Harbor is not a menu group.)
  await expect(page.locator(`[data-testid^="menu-group-"][data-testid$="-${harbor!.id}"]`)).toHaveCount(0)
  await expect(page.getByTestId(`menu-group-owner-${cascade!.id}`).getByRole('link', { name: 'Fleet' })).toHaveAttribute(
    'href',
    `/fleet/${cascade!.id}`,
  )

  await page.getByTestId(`menu-group-owner-${cascade!.id}`).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cascade Test Lines - Owner dashboard')

  // A company page of a role the user does not hold there → /
  await page.goto(`/employees/${harbor!.id}`)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the footer shows the year, terms, support mail with copy, and the version', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInAs(page, { companies: [] })
  await page.goto('/dashboard')
  const footer = page.locator('footer')
  await expect(footer).toContainText(String(new Date().getFullYear()))
  await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('target', '_blank')
  await expect(footer.getByRole('link', { name: 'support@operon.app' })).toHaveAttribute('href', 'mailto:support@operon.app')
  await expect(page.getByTestId('app-version')).toHaveText(/^Version \d+\.\d+\.\d+ \(/)
  await footer.getByRole('button', { name: 'Copy support email' }).click()
  await expect(footer.getByRole('status')).toHaveText('copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('support@operon.app')
  await expect(footer.getByRole('status')).toHaveText('', { timeout: 4000 })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('logout works as a plain form and ends the session', async ({ page }) => {
    const { token } = await signInAs(page, { companies: [{ name: 'NoJS Coaches', types: ['Owner'], roles: ['Owner'] }] })
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // The old cookie, replayed, no longer opens anything: the session row is revoked.
    await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=/)
  })
})
