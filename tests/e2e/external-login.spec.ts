import { and, eq, isNull } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { externalIdentities, users } from '#db/schema/index.ts'
import { createUser } from '#tests/helpers/factory.ts'
import { queueNextUser, type TestIdentity } from '#tests/helpers/oidc-provider.ts'
import { E2E_OIDC_ISSUER } from './global-setup.ts'
import { e2eDb, expect, test } from './fixtures.ts'

// One provider queue for the whole file: its sign-ins run one after the other.
test.describe.configure({ mode: 'serial' })

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

/** Clicks "Google" under "Or continue with" on /login, as a person does. */
async function continueWithGoogle(page: Page) {
  await page.goto('/login')
  await expect(page.getByText('Or continue with')).toBeVisible()
  await page.getByRole('button', { name: 'Google', exact: true }).click()
}

async function identity(user: TestIdentity) {
  await queueNextUser(E2E_OIDC_ISSUER, user)
  return user
}

test('a new Google user picks a role on Configure account and lands on /completeProfile', async ({ page }) => {
  const s = stamp()
  const user = await identity({
    sub: `google-${s}`,
    email: `Nina.${s}@Example.com`,
    email_verified: true,
    given_name: 'Nina',
    family_name: 'Newcomer',
  })

  await continueWithGoogle(page)
  await expect(page).toHaveURL(/\/configure-account$/)
  await expect(page.getByRole('heading', { name: 'Configure account' })).toBeVisible()
  await expect(page.getByText(user.email!.toLowerCase())).toBeVisible()
  const finish = page.getByRole('button', { name: 'Finish registration' })
  await expect(finish).toBeDisabled()
  await page.getByLabel('Driver').check()
  await expect(finish).toBeEnabled()
  await page.getByLabel('Driver').uncheck()
  await expect(finish).toBeDisabled()
  await page.getByLabel('Driver').check()
  await finish.click()

  await expect(page).toHaveURL(/\/completeProfile$/)
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue('Nina')

  const [row] = await e2eDb()
    .read.select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, user.email!.toLowerCase()), isNull(users.deletedAt)))
  expect(row).toMatchObject({ passwordHash: null })
  const links = await e2eDb().read.select().from(externalIdentities).where(eq(externalIdentities.userId, row!.id))
  expect(links).toMatchObject([{ provider: 'google', subject: user.sub }])

  // The same Google account next time: straight to the dashboard.
  await page.context().clearCookies()
  await identity({ sub: user.sub, email: user.email, email_verified: true })
  await continueWithGoogle(page)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an existing password account with the same email is not taken over', async ({ page }) => {
  const s = stamp()
  const email = `olga.${s}@example.com`
  const existing = await createUser(e2eDb(), { email, firstName: 'Olga', passwordHash: 'not-a-real-hash' })
  await identity({ sub: `google-${s}`, email, email_verified: true, given_name: 'Mallory' })

  await continueWithGoogle(page)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/An Operon account with this email already exists/)).toBeVisible()
  const links = await e2eDb().read.select().from(externalIdentities).where(eq(externalIdentities.userId, existing.id))
  expect(links).toEqual([])
  const [after] = await e2eDb().read.select({ firstName: users.firstName }).from(users).where(eq(users.id, existing.id))
  expect(after).toEqual({ firstName: 'Olga' })
})

test('a forged or replayed callback is refused with "Error during external login"', async ({ page }) => {
  await page.goto('/auth/google/callback?code=made-up&state=made-up')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Error during external login')).toBeVisible()
})

test('/configure-account without a pending sign-in goes to /login', async ({ page }) => {
  await page.goto('/configure-account')
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the whole sign-up works, and the server insists on a role', async ({ page }) => {
    const s = stamp()
    await identity({ sub: `google-nojs-${s}`, email: `nojs.${s}@example.com`, email_verified: true, name: 'Noah Script' })

    await continueWithGoogle(page)
    await expect(page).toHaveURL(/\/configure-account$/)
    const finish = page.getByRole('button', { name: 'Finish registration' })
    await expect(finish).toBeEnabled()
    await finish.click()
    await expect(page.getByText('Choose at least one role (Driver or Mechanic)')).toBeVisible()
    await page.getByLabel('Mechanic').check()
    await page.getByRole('button', { name: 'Finish registration' }).click()
    await expect(page).toHaveURL(/\/completeProfile$/)
  })
})
