import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { users } from '#db/schema/index.ts'
import { totpCode } from '#server/auth/totp.server.ts'
import { givePassword, REAUTH_PASSWORD } from '#tests/helpers/reauth.ts'
import { e2eDb, expect, signInAs, test, waitForMail } from './fixtures.ts'

/** YYYY-MM-DD, `days` from today (UTC, as the server counts). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

// A real 1×1 PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Signs in a user whose second factor is an authenticator app (the fixture makes Email users). */
async function signInWithAuthenticator(page: Page) {
  const signed = await signInAs(page, { firstName: 'Avery', companies: [] })
  await e2eDb().transaction((tx) =>
    tx.update(users).set({ twoFactorType: 0, totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, signed.user.id)),
  )
  await givePassword(e2eDb(), signed.user.id)
  return signed
}

/** An Email-code user with a password (the fixture's users have none). */
async function signInWithPassword(page: Page, spec: Parameters<typeof signInAs>[1]) {
  const signed = await signInAs(page, spec)
  await givePassword(e2eDb(), signed.user.id)
  return signed
}

/** Decision 021: "Send me a code" in the delete card, then the code from the mail the app really sent. */
async function confirmationCode(page: Page, email: string) {
  const card = page.getByTestId('delete-account-card')
  await card.getByRole('button', { name: 'Send me a code' }).click()
  await expect(card.getByTestId('reauth-code-sent')).toBeVisible()
  const mail = await waitForMail(email, (m) => /confirmation code/i.test(m.subject))
  return mail.text.match(/\b(\d{6})\b/)![1]!
}

/** The profile page has hydrated once "Edit profile" is a dialog button, no longer a link. */
async function gotoProfileHydrated(page: Page) {
  await page.goto('/profile')
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible()
}

test('completing the profile goes to the dashboard; the state is asked only for the US', async ({ page }) => {
  await signInAs(page, { firstName: 'Riley', companies: [] })
  await page.goto('/completeProfile')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile')
  // The "US only" hint is for pages without JavaScript: once hydrated it is gone.
  await expect(page.getByText('US only')).toBeHidden()
  await expect(page.getByLabel('First name')).toHaveValue('Riley')
  await expect(page.getByLabel('Gender')).toHaveValue('3')
  await expect(page.getByLabel('Country')).toHaveValue('US')

  await page.getByLabel('Country').selectOption('CA')
  await expect(page.getByLabel('State')).toBeHidden()
  await page.getByLabel('Country').selectOption('US')
  await expect(page.getByLabel('State')).toBeVisible()

  await page.getByLabel('Last name').fill('Nguyen')
  await page.getByLabel('Date of birth').fill('1990-05-17')
  await page.getByLabel('Gender').selectOption({ label: 'Female' })
  await page.getByLabel('State').selectOption('OR')
  // Live validation: leaving a changed field checks it at once; fixing it clears the message.
  await page.getByLabel('Phone number').fill('call me')
  await page.getByLabel('Phone number').blur()
  await expect(page.locator('[data-field-error="phoneNumber"]')).toBeVisible()
  await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Phone number').fill('+1 503 555 0100')
  await expect(page.locator('[data-field-error="phoneNumber"]')).toBeHidden()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Profile updated successfully')).toBeVisible()

  await page.goto('/profile')
  const summary = page.getByTestId('profile-summary')
  await expect(summary.getByRole('heading', { name: 'Riley Nguyen' })).toBeVisible()
  await expect(summary).toContainText('+1 503 555 0100')
  await expect(summary).toContainText('OR')
  await expect(summary).toContainText(/On Operon since [A-Z][a-z]+ \d{1,2}, \d{4}/)
})

test('the skip link goes to the dashboard', async ({ page }) => {
  await signInAs(page, { companies: [] })
  await page.goto('/completeProfile')
  await page.getByRole('link', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('editing the profile with a license expiring in 10 days shows the about-to-expire warning', async ({ page }) => {
  await signInAs(page, {
    firstName: 'Jordan',
    companies: [{ name: 'Warning Test Coaches', types: ['Operator'], roles: ['Driver'] }],
  })
  await gotoProfileHydrated(page)
  await expect(page.getByText('No licenses yet')).toBeVisible()
  await expect(page.getByTestId('profile-summary').getByText('Driver', { exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: 'My companies' })).toContainText('Warning Test Coaches')

  await page.getByRole('button', { name: 'Edit profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit profile' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Last name').fill('Blake')
  await dialog.getByLabel('Date of birth').fill('1985-11-02')
  await dialog.locator('#edit-dialog-comesFromState').selectOption('WA')
  await dialog.getByLabel('Phone number').fill('206-555-0142')

  // A big picture is downscaled in the browser to at most 800 px and sent as JPEG.
  const bigPng = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 1600
    c.height = 1200
    const ctx = c.getContext('2d')!
    ctx.fillStyle = '#3366cc'
    ctx.fillRect(0, 0, 1600, 1200)
    return c.toDataURL('image/png').split(',')[1]!
  })
  await dialog.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(bigPng, 'base64') })
  await expect(dialog.locator('img')).toHaveAttribute('src', /^blob:/)

  await dialog.getByRole('button', { name: 'Add license' }).click()
  const row = dialog.getByTestId('license-row').last()
  await row.getByLabel('License type').selectOption({ label: 'Class B' })
  await row.getByLabel('License number').fill('WA-778899')
  await row.getByLabel('State').fill('WA')
  await row.getByLabel('Expiration date').fill(inDays(10))
  await dialog.getByRole('button', { name: 'Save changes' }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByText('Profile updated successfully')).toBeVisible()
  const table = page.getByTestId('licenses-table')
  await expect(table.getByRole('row', { name: /Class B/ })).toContainText('WA-778899')
  await expect(table.getByText('Expires in 10 days')).toBeVisible()
  await expect(table.locator('[data-slot="expiry-badge"]')).toHaveAttribute('data-state', 'expiring')

  const avatar = page.getByTestId('profile-summary').locator('img')
  await expect(avatar).toHaveAttribute('src', /^data:image\/jpeg;base64,/)
  expect(await avatar.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(800)
})

test('a wrong value keeps the dialog open with the error under the field', async ({ page }) => {
  await signInAs(page, { companies: [] })
  await gotoProfileHydrated(page)
  await page.getByRole('button', { name: 'Edit profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit profile' })
  await dialog.getByLabel('Date of birth').fill('1970-01-01')
  await dialog.locator('#edit-dialog-comesFromState').selectOption('TX')
  await dialog.getByLabel('Phone number').fill('555 123 4567')
  await dialog.getByRole('button', { name: 'Add license' }).click()
  // A license without a type: the browser lets it through, the server names the row's field.
  await dialog.getByTestId('license-row').last().getByLabel('License number').fill('NO-TYPE-1')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByText('Choose a license type')).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveText('Please correct the fields marked below.')
  await expect(dialog.getByTestId('license-row').last().getByLabel('License number')).toHaveValue('NO-TYPE-1')
  await expect(dialog.getByLabel('Phone number')).toHaveValue('555 123 4567')
})

test('resetting the authenticator shows the QR of the new secret', async ({ page }) => {
  await signInWithAuthenticator(page)
  await gotoProfileHydrated(page)
  const card = page.getByTestId('reset-authenticator-card')
  await card.getByRole('button', { name: 'Reset authenticator' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Reset authenticator?' })
  // Decision 021: the password and a current code, right before acting.
  await confirm.getByLabel('Your password').fill(REAUTH_PASSWORD)
  await confirm.getByLabel('Code from your authenticator app').fill(totpCode('JBSWY3DPEHPK3PXP'))
  await confirm.getByRole('button', { name: 'Reset' }).click()
  await expect(card.getByRole('img', { name: /^Authenticator QR code for / })).toBeVisible()
  const secret = await card.getByTestId('authenticator-secret').textContent()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  expect(secret).not.toBe('JBSWY3DPEHPK3PXP')
})

test('an Email account cannot reset an authenticator', async ({ page }) => {
  await signInAs(page, { companies: [] })
  await gotoProfileHydrated(page)
  const card = page.getByTestId('reset-authenticator-card')
  await expect(card.getByRole('button', { name: 'Reset authenticator' })).toBeDisabled()
  await expect(card).toContainText('codes sent by email')
})

test('a wrong password does not reset the authenticator, and says so', async ({ page }) => {
  await signInWithAuthenticator(page)
  await gotoProfileHydrated(page)
  const card = page.getByTestId('reset-authenticator-card')
  await card.getByRole('button', { name: 'Reset authenticator' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Reset authenticator?' })
  await confirm.getByLabel('Your password').fill('Not-the-password-1')
  await confirm.getByLabel('Code from your authenticator app').fill(totpCode('JBSWY3DPEHPK3PXP'))
  await confirm.getByRole('button', { name: 'Reset' }).click()
  await expect(card.getByRole('alert')).toContainText('The password is not correct')
  await expect(card.getByTestId('new-authenticator')).toBeHidden()
})

test('deleting the account asks first, with the password and an emailed code, and signs out', async ({ page }) => {
  const { user } = await signInWithPassword(page, { companies: [] })
  await gotoProfileHydrated(page)
  const code = await confirmationCode(page, user.email!)
  await page.getByTestId('delete-account-card').getByRole('button', { name: 'Delete account' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete account?' })
  await expect(confirm).toContainText('Are you sure you want to delete your account? This cannot be undone.')
  await confirm.getByLabel('Your password').fill(REAUTH_PASSWORD)
  await confirm.getByLabel('Code from the email').fill(code)
  await confirm.getByRole('button', { name: 'Delete account' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your account has been deleted')).toBeVisible()
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
})

test('the last manager of a company cannot delete the account, and is told why', async ({ page }) => {
  const { user } = await signInWithPassword(page, { companies: [{ name: 'Only Boss Lines', types: ['Owner'], roles: ['Owner'] }] })
  await gotoProfileHydrated(page)
  const code = await confirmationCode(page, user.email!)
  await page.getByTestId('delete-account-card').getByRole('button', { name: 'Delete account' }).click()
  await page.getByRole('alertdialog').getByLabel('Your password').fill(REAUTH_PASSWORD)
  await page.getByRole('alertdialog').getByLabel('Code from the email').fill(code)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click()
  await expect(page.getByTestId('delete-account-card').getByRole('alert')).toContainText('last active manager')
  await expect(page).toHaveURL(/\/profile$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('completes the profile, then edits it with a photo and a license', async ({ page }) => {
    await signInAs(page, { firstName: 'Casey', companies: [] })
    await page.goto('/completeProfile')
    // Without JavaScript the state is always shown, with its hint; the server ignores it outside the US.
    await expect(page.getByText('US only')).toBeVisible()
    await page.getByLabel('Last name').fill('Moreau')
    await page.getByLabel('Date of birth').fill('1979-02-28')
    await page.getByLabel('Country').selectOption('CA')
    await page.getByLabel('State').selectOption('NY')
    await page.getByLabel('Phone number').fill('+1 604 555 0123')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible()

    await page.goto('/profile')
    const summary = page.getByTestId('profile-summary')
    await expect(summary).toContainText('Casey Moreau')
    await expect(summary).toContainText('CA · Canada')
    await expect(summary.getByText('State', { exact: true }).locator('..')).toContainText('—')

    await page.getByRole('link', { name: 'Edit profile' }).click()
    await expect(page).toHaveURL(/\/profile\?edit=1$/)
    const form = page.getByTestId('edit-profile-inline')
    await expect(form.getByLabel('Last name')).toHaveValue('Moreau')
    await form.getByLabel('Phone number').fill('+1 604 555 0999')
    await form.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 })
    const blank = form.getByTestId('license-row').last()
    await blank.getByLabel('License type').selectOption({ label: 'Endorsement P' })
    await blank.getByLabel('License number').fill('BC-5544')
    await blank.getByLabel('Expiration date').fill(inDays(-3))
    await form.getByRole('button', { name: 'Save changes' }).click()

    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible()
    await expect(summary).toContainText('+1 604 555 0999')
    await expect(summary.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
    const table = page.getByTestId('licenses-table')
    await expect(table).toContainText('Endorsement P')
    await expect(table).toContainText('BC-5544')
    await expect(table.locator('[data-slot="expiry-badge"]')).toHaveAttribute('data-state', 'expired')

    // Remove the license again with its checkbox; the blank row is ignored.
    await page.goto('/profile?edit=1')
    await expect(form.getByTestId('license-row')).toHaveCount(2)
    await form.getByTestId('license-row').first().getByLabel('Remove').check()
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByText('No licenses yet')).toBeVisible()
  })

  test('shows field errors and keeps what was typed', async ({ page }) => {
    await signInAs(page, { companies: [] })
    await page.goto('/completeProfile')
    await page.getByLabel('Last name').fill('Typed')
    await page.getByLabel('Date of birth').fill('1991-07-07')
    // US without a state: the browser cannot know the rule without JavaScript, the server does.
    await page.getByLabel('Phone number').fill('+1 212 555 0000')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/completeProfile$/)
    await expect(page.getByText('State is required for the United States')).toBeVisible()
    await expect(page.getByLabel('Last name')).toHaveValue('Typed')
    await expect(page.getByLabel('Date of birth')).toHaveValue('1991-07-07')
    await expect(page.getByLabel('Phone number')).toHaveValue('+1 212 555 0000')
  })

  test('resets the authenticator through the confirmation and shows the QR', async ({ page }) => {
    await signInWithAuthenticator(page)
    await page.goto('/profile')
    const card = page.getByTestId('reset-authenticator-card')
    await card.locator('summary', { hasText: 'Reset authenticator' }).click()
    await card.getByLabel('Your password').fill(REAUTH_PASSWORD)
    await card.getByLabel('Code from your authenticator app').fill(totpCode('JBSWY3DPEHPK3PXP'))
    await card.getByRole('button', { name: 'Reset' }).click()
    await expect(card.getByRole('img', { name: /^Authenticator QR code for / })).toBeVisible()
    await expect(card.getByTestId('authenticator-secret')).toHaveText(/^[A-Z2-7]{32}$/)
  })

  test('deletes the account through the confirmation, with the password and an emailed code', async ({ page }) => {
    const { user } = await signInWithPassword(page, { companies: [] })
    await page.goto('/profile')
    const code = await confirmationCode(page, user.email!)
    const card = page.getByTestId('delete-account-card')
    await card.locator('summary', { hasText: 'Delete account' }).click()
    await expect(card).toContainText('Are you sure you want to delete your account? This cannot be undone.')
    await card.getByLabel('Your password').fill(REAUTH_PASSWORD)
    await card.getByLabel('Code from the email').fill(code)
    await card.getByRole('button', { name: 'Delete account' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted' })).toBeVisible()
  })
})
