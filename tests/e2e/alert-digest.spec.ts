import { eq } from 'drizzle-orm'
import { companies, users, vehicles } from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { localHour } from '#server/alerts/alert-digest.server.ts'
import { e2eDb, expect, signInAs, test, waitForMail } from './fixtures.ts'

const SWITCH = { name: 'Email me the morning alert digest' }

async function digestSetting(userId: number) {
  const [u] = await e2eDb().read.select({ on: users.alertDigest }).from(users).where(eq(users.id, userId))
  return u?.on
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the profile switch turns the morning alert digest off and on as plain form posts', async ({ page }) => {
    const { user } = await signInAs(page, { firstName: 'Dora', companies: [{ name: `Digest Switch ${Date.now()}`, types: ['Owner'], roles: ['Owner'] }] })
    await page.goto('/profile')
    const card = page.getByTestId('alert-digest-card')
    await expect(card.getByRole('switch', SWITCH)).toHaveAttribute('aria-checked', 'true')
    await card.getByRole('switch', SWITCH).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(card.getByRole('switch', SWITCH)).toHaveAttribute('aria-checked', 'false')
    await expect(card.getByText('Off: you do not receive the digest.')).toBeVisible()
    expect(await digestSetting(user.id)).toBe(false)
    await card.getByRole('switch', SWITCH).click()
    await expect(card.getByRole('switch', SWITCH)).toHaveAttribute('aria-checked', 'true')
    expect(await digestSetting(user.id)).toBe(true)
  })

  test('is not shown to someone who manages no owner company', async ({ page }) => {
    await signInAs(page, { companies: [{ name: `No Digest ${Date.now()}`, types: ['Operator'], roles: ['Operator'] }] })
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    await expect(page.getByRole('switch', SWITCH)).toHaveCount(0)
  })
})

test('with JavaScript at 360 px, the switch saves and shows a toast', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  const { user } = await signInAs(page, { companies: [{ name: `Digest JS ${Date.now()}`, types: ['Owner'], roles: ['Owner'] }] })
  await page.goto('/profile')
  const sw = page.getByRole('switch', SWITCH)
  await sw.scrollIntoViewIfNeeded()
  await sw.click()
  await expect(page.getByText('The morning alert digest is off.')).toBeVisible()
  await expect(sw).toHaveAttribute('aria-checked', 'false')
  expect(await digestSetting(user.id)).toBe(false)
  // Nothing sticks out of a phone-wide page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByTestId('alert-digest-card').screenshot({ path: 'tests/.tmp/alert-digest-card-360.png' })
})

test('the running server mails the digest of an owner company whose morning has come', async ({ page }) => {
  test.setTimeout(150_000)
  // A time zone where it is now between 08:00 and 22:59 (the digest hour is 7 by default).
  const now = new Date()
  const zone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'].find((tz) => {
    const h = localHour(tz, now)
    return h >= 8 && h <= 22
  })!
  const name = `Digest Live ${Date.now()}`
  const { user, companies: [company] } = await signInAs(page, { firstName: 'Liv', companies: [{ name, types: ['Owner'], roles: ['Owner'] }] })
  const db = e2eDb()
  const today = todayIn(zone, now)
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ timeZone: zone }).where(eq(companies.id, company!.id))
    await tx.insert(vehicles).values({
      ownerCompanyId: company!.id,
      make: 'MCI',
      model: 'J4500',
      vin: `1M8PDMPA0NP${String(Date.now()).slice(-6)}`,
      licensePlate: 'LIVE-1',
      vehicleIdentifier: `LIVE-${Date.now().toString(36).toUpperCase()}`,
      licenseExpiry: today,
    })
  })
  // The scheduler checks every minute: the mail arrives over SMTP within about a minute.
  const mail = await waitForMail(user.email!, (m) => m.subject.includes(name), 140_000)
  // The licence due today, and the 90-day emergency-exit check of a bus never checked (decision 065).
  expect(mail.subject).toBe(`Operon: 2 alerts for ${name} on ${today}`)
  expect(mail.text).toContain('License expiry')
  expect(mail.text).toContain('Emergency exit check')
  expect(mail.text).toContain('/profile')
})
