import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import { companies, memberships } from '#db/schema/index.ts'
import { ROLE_IDS, type RoleName } from '#catalog/roles.ts'
import { requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, signInAs, test } from './fixtures.ts'

/** Someone without a company who asks to join with the code, as the profile's "Join a company" does. */
async function askToJoin(code: string, role: RoleName, firstName: string, lastName: string) {
  const db = e2eDb()
  const user = await createUser(db, { firstName, lastName })
  await requestToJoinCompany(await ctxFor(db, user.id), { companyCode: code, role })
  return user
}

async function roleActive(userId: number, companyId: number, role: RoleName) {
  const [m] = await e2eDb()
    .read.select({ isActive: memberships.isActive })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), eq(memberships.roleId, ROLE_IDS[role])))
  return m?.isActive ?? null
}

async function codeOf(companyId: number) {
  const [c] = await e2eDb().read.select({ code: companies.code }).from(companies).where(eq(companies.id, companyId))
  return c!.code
}

/** A second person's browser, signed in with a real session. */
async function browserOf(browser: Browser, userId: number) {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), userId), url: BASE_URL }])
  return context.newPage()
}

/** The table's buttons are plain submits until the page hydrates; then they open the confirmation. */
async function waitForHydration(page: Page, button: ReturnType<Page['getByRole']>) {
  await expect(button).toHaveAttribute('type', 'button')
}

test('an owner creates a company, staff ask to join with its code, the manager accepts and later deactivates', async ({ page, browser }) => {
  test.setTimeout(90_000)
  // The owner creates a company on the profile page (getting the manager roles of its types)…
  await signInAs(page, { firstName: 'Olivia', companies: [] })
  const companyName = `Journey Coach Lines ${Date.now().toString(36)}`
  await page.goto('/profile')
  await page.getByRole('textbox', { name: 'Company name' }).fill(companyName)
  await page.getByRole('checkbox', { name: /^Owner/ }).check()
  await page.getByRole('checkbox', { name: /^Operator/ }).check()
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page.getByText(`${companyName} created`)).toBeVisible()
  const [created] = await e2eDb().read.select().from(companies).where(eq(companies.name, companyName))
  const companyId = created!.id
  const code = created!.code

  // …and sees its code and QR on the users requests page.
  await page.goto(`/joinRequests/${companyId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users requests')
  const card = page.getByRole('region', { name: 'Company code' })
  await expect(card.getByTestId('company-code')).toHaveText(code)
  await expect(card.getByRole('img', { name: `QR code of the company code ${code}` })).toBeVisible()
  await expect(page.getByText('No requests yet')).toBeVisible()

  // A driver asks to join with the code on their own profile page.
  const driver = await createUser(e2eDb(), { firstName: 'Dana', lastName: 'Wheeler' })
  const dana = await browserOf(browser, driver.id)
  await dana.goto('/profile')
  await dana.getByRole('textbox', { name: 'Company code' }).fill(code)
  await dana.getByLabel('Role', { exact: true }).selectOption('Driver')
  await dana.getByRole('button', { name: 'Ask to join' }).click()
  await expect(dana.getByText(`Join request sent to ${companyName}`)).toBeVisible()
  await dana.context().close()

  // A future co-manager asks too (the same use case the profile form calls).
  const coManager = await askToJoin(code, 'Operator', 'Casey', 'Planner')
  const casey = await browserOf(browser, coManager.id)
  await casey.goto('/dashboard')
  await expect(casey.getByTestId(`menu-group-operator-${companyId}`)).toHaveCount(0)

  // The list picks them up (live revalidation on focus; a reload also does).
  await page.reload()
  const accept = page.getByRole('button', { name: 'Accept Dana Wheeler' })
  await waitForHydration(page, accept)
  const danaRow = page.getByRole('row').filter({ hasText: 'Dana Wheeler' })
  await expect(danaRow.locator('[data-slot="status-pill"]')).toHaveText('Pending')

  // Cancel first: nothing happens.
  await accept.click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Are you sure you want to accept this user?')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect(await roleActive(driver.id, companyId, 'Driver')).toBeNull()

  await accept.click()
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(page.getByText('User accepted successfully')).toBeVisible()
  await expect(danaRow.locator('[data-slot="status-pill"]')).toHaveText('Accepted')
  await expect(page.getByRole('button', { name: 'Accept Dana Wheeler' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Reject Dana Wheeler' })).toBeDisabled()
  expect(await roleActive(driver.id, companyId, 'Driver')).toBe(true)

  await page.getByRole('button', { name: 'Accept Casey Planner' }).click()
  await expect(dialog).toContainText('Are you sure you want to accept this user?')
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Casey Planner' }).locator('[data-slot="status-pill"]')).toHaveText('Accepted')
  // The new manager's side menu now has the company's Operator pages.
  await casey.reload()
  await expect(casey.getByTestId(`menu-group-operator-${companyId}`).getByRole('link', { name: 'Join requests' })).toBeVisible()

  // The employees page: the driver is there; deactivating the role takes it away.
  await page.goto(`/employees/${companyId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employees')
  const danaEmployee = page.getByTestId(`employee-${driver.id}`)
  await expect(danaEmployee).toContainText('Driver')
  await page.locator('summary', { hasText: 'Roles of Dana Wheeler' }).click()
  const toggle = page.getByRole('switch', { name: 'Driver role of Dana Wheeler' })
  await expect(toggle).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await toggle.click()
  await expect(dialog).toContainText('Are you sure you want to change the status of this role for this user?')
  await dialog.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText('Updated successfully')).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  expect(await roleActive(driver.id, companyId, 'Driver')).toBe(false)
  await expect(danaEmployee).toContainText('Driver (inactive)')

  // Deactivating the co-manager removes the company's Operator pages from their menu at once.
  await page.locator('summary', { hasText: 'Roles of Casey Planner' }).click()
  await page.getByRole('switch', { name: 'Operator role of Casey Planner' }).click()
  await dialog.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByRole('switch', { name: 'Operator role of Casey Planner' })).toHaveAttribute('aria-checked', 'false')
  await casey.goto(`/joinRequests/${companyId}`)
  await expect(casey).toHaveURL(/\/dashboard$/)
  await expect(casey.getByTestId(`menu-group-operator-${companyId}`)).toHaveCount(0)
  await casey.context().close()

  // Print QR: a PDF named after the code.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Print QR' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${code}.pdf`)
  const bytes = readFileSync((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
})

test('employees are paged on the server with 10, 20 or 30 rows', async ({ page }) => {
  const { companies: [co] } = await signInAs(page, { firstName: 'Morgan', companies: [{ name: 'Paging Test Lines', types: ['Operator'], roles: ['Operator'] }] })
  for (let i = 0; i < 12; i++) {
    const u = await createUser(e2eDb(), { firstName: 'Driver', lastName: `Paged ${String(i).padStart(2, '0')}` })
    await grantRole(e2eDb(), u.id, co!.id, 'Driver')
  }
  await page.goto(`/employees/${co!.id}`)
  await expect(page.getByText('Showing 1–10 of 13')).toBeVisible()
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2&pageSize=10/)
  await expect(page.getByText('Showing 11–13 of 13')).toBeVisible()
  await page.getByLabel('Rows per page').selectOption('20')
  await expect(page).toHaveURL(/page=1&pageSize=20/)
  await expect(page.getByText('Showing 1–13 of 13')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('accept and reject are plain forms; the result shows as a status line', async ({ page }) => {
    const { companies: [co] } = await signInAs(page, { firstName: 'Nora', companies: [{ name: 'NoJS Request Lines', types: ['Operator'], roles: ['Operator'] }] })
    const code = await codeOf(co!.id)
    const ada = await askToJoin(code, 'Driver', 'Ada', 'Accepted')
    const rex = await askToJoin(code, 'Driver', 'Rex', 'Rejected')

    await page.goto(`/joinRequests/${co!.id}`)
    await page.getByRole('button', { name: 'Accept Ada Accepted' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'User accepted successfully' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/joinRequests/${co!.id}$`))
    expect(await roleActive(ada.id, co!.id, 'Driver')).toBe(true)

    await page.getByRole('button', { name: 'Reject Rex Rejected' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'User rejected successfully' })).toBeVisible()
    expect(await roleActive(rex.id, co!.id, 'Driver')).toBeNull()
    await expect(page.getByRole('row').filter({ hasText: 'Rex Rejected' }).locator('[data-slot="status-pill"]')).toHaveText('Rejected')
    await expect(page.getByRole('button', { name: 'Accept Rex Rejected' })).toBeDisabled()
  })

  test('the role toggle and paging work as forms and links; the QR PDF is a plain download', async ({ page }) => {
    const { companies: [co] } = await signInAs(page, { firstName: 'Nora', companies: [{ name: 'NoJS Employees Lines', types: ['Operator'], roles: ['Operator'] }] })
    const code = await codeOf(co!.id)
    const u = await createUser(e2eDb(), { firstName: 'Toggle', lastName: 'Person' })
    await grantRole(e2eDb(), u.id, co!.id, 'Driver')

    await page.goto(`/employees/${co!.id}?page=1&pageSize=20`)
    await page.locator('summary', { hasText: 'Roles of Toggle Person' }).click()
    const toggle = page.getByRole('switch', { name: 'Driver role of Toggle Person' })
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await toggle.click()
    await expect(page.getByRole('status').filter({ hasText: 'Updated successfully' })).toBeVisible()
    await expect(page).toHaveURL(/pageSize=20/)
    // The row stays open after the reload.
    await expect(page.getByRole('switch', { name: 'Driver role of Toggle Person' })).toHaveAttribute('aria-checked', 'false')
    expect(await roleActive(u.id, co!.id, 'Driver')).toBe(false)

    await page.getByLabel('Rows per page').selectOption('30')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/pageSize=30/)

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Print QR' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`${code}.pdf`)
    expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })
})
