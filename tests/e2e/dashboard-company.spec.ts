/**
 * The owner and operator dashboards (issue 11 points 2–4) as the demo owner and operator: the
 * spec's cards with the figures the use cases compute, the alert list, the expiry timeline and
 * the activity charts; with JavaScript off; a non-owner refused; no sideways scroll at 360 px.
 */
import type { Browser, Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { companies, users } from '#db/schema/index.ts'
import { getOperatorStatsByCompanyId } from '#server/dashboards/operator-stats.server.ts'
import { getOwnerStatsByCompanyId } from '#server/dashboards/owner-stats.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, seriousAxeViolations, test } from './fixtures.ts'

const OWNER = { email: 'owner@demo.operon.app', company: 'Summit Bus Leasing' }
const OPERATOR = { email: 'operator@demo.operon.app', company: 'Evergreen Student Transportation' }

async function demo(who: { email: string; company: string }) {
  const db = e2eDb()
  const [u] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, who.email))
  const [c] = await db.read.select({ id: companies.id }).from(companies).where(eq(companies.name, who.company))
  if (!u || !c) throw new Error(`demo data missing: ${who.email}`)
  return { userId: u.id, companyId: c.id, cookie: await webSessionFor(db, u.id) }
}

async function open(browser: Browser, cookie: string, opts: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: opts.width ?? 1366, height: 900 },
  })
  await context.addCookies([{ name: 'operon_session', value: cookie, url: BASE_URL }])
  return context.newPage()
}

/** The value of the card titled `label` (a <dt> and its <dd>). */
const card = (page: Page, label: string) => page.locator('[data-slot="stat-card"]', { has: page.locator('dt', { hasText: label }) }).locator('dd').first()
const digits = (s: string) => Number(s.replace(/[^\d]/g, ''))

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll, 'page wider than the screen').toBeLessThanOrEqual(client)
}

for (const javaScriptEnabled of [true, false]) {
  test(`the owner dashboard as the demo owner (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const owner = await demo(OWNER)
    const page = await open(browser, owner.cookie, { javaScriptEnabled })
    await page.goto(`/OwnerDashboard/${owner.companyId}`)
    await expect(page.getByRole('heading', { level: 1, name: `${OWNER.company} - Owner dashboard` })).toBeVisible()
    const stats = await getOwnerStatsByCompanyId(await ctxFor(e2eDb(), owner.userId), { companyId: owner.companyId })
    expect(stats.vehiclesRegistered).toBeGreaterThan(0)
    expect(digits(await card(page, 'Owned vehicles').innerText())).toBe(stats.vehiclesRegistered)
    expect(digits(await card(page, 'Vehicles assigned').innerText())).toBe(stats.assignedVehicles)
    expect(digits(await card(page, 'Documents uploaded').innerText())).toBe(stats.documentsUploaded)

    const alerts = page.getByRole('region', { name: 'Alerts and warnings' })
    await expect(alerts.getByRole('heading', { name: 'Alerts and warnings' })).toBeVisible()
    // The demo fleet has expiring papers and open repairs; each line names its level in words and links its vehicle.
    const first = alerts.getByTestId('owner-alerts').locator('li').first()
    await expect(first).toBeVisible()
    await expect(first).toContainText(/Alert|Warning/)
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/vehicles\/\d+$/)

    const timeline = page.getByRole('region', { name: 'Upcoming expiries' })
    await expect(timeline.getByRole('img', { name: /Expiries per week\. Stacked bar chart/ })).toBeVisible()
    await expect(timeline.getByRole('list', { name: 'Upcoming expiries by week' }).getByRole('link').first()).toHaveAttribute('href', /^\/vehicles\/\d+$/)
    // The text equivalent opens without JavaScript (a <details>).
    await timeline.getByText('Show data').click()
    await expect(timeline.getByRole('table', { name: 'Expiries per week' })).toBeVisible()
    await noSidewaysScroll(page)
    if (javaScriptEnabled) await page.screenshot({ path: 'tests/.tmp/dashboard-OwnerDashboard-1366.png', fullPage: true })
    await page.context().close()
  })

  test(`the operator dashboard as the demo operator (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const operator = await demo(OPERATOR)
    const page = await open(browser, operator.cookie, { javaScriptEnabled })
    await page.goto(`/OperatorDashboard/${operator.companyId}`)
    await expect(page.getByRole('heading', { level: 1, name: `${OPERATOR.company} - Operator dashboard` })).toBeVisible()
    const stats = await getOperatorStatsByCompanyId(await ctxFor(e2eDb(), operator.userId), { companyId: operator.companyId })
    expect(stats.totalMissions).toBeGreaterThan(0)
    const expected: [string, number][] = [
      ['Total vehicles', stats.totalVehicles],
      ['Total missions', stats.totalMissions],
      ['Number of drivers', stats.numberOfDrivers],
      ['Number of mechanics', stats.numberOfMechanics],
      ['Responded join requests', stats.respondedJoinRequests],
      ['Total miles driven last month', stats.totalMilesDrivenLastMonth],
    ]
    for (const [label, value] of expected) expect(digits(await card(page, label).innerText()), label).toBe(value)
    const activity = page.getByRole('region', { name: 'Missions and miles per month' })
    await expect(activity.getByRole('img', { name: /^Missions per month\. Bar chart\. Missions: [\d,]+ in total/ })).toBeVisible()
    await expect(activity.getByRole('img', { name: /^Miles per month\. Bar chart\. Miles: [\d,.]+( mi)? in total/ })).toBeVisible()
    await expect(activity.locator('svg rect[data-series="missions"]')).toHaveCount(12)
    await noSidewaysScroll(page)
    if (javaScriptEnabled) await page.screenshot({ path: 'tests/.tmp/dashboard-OperatorDashboard-1366.png', fullPage: true })
    await page.context().close()
  })
}

test('a non-owner is sent away from the owner dashboard, a non-operator from the operator dashboard', async ({ browser }) => {
  const owner = await demo(OWNER)
  const operator = await demo(OPERATOR)
  const asOperator = await open(browser, operator.cookie)
  await asOperator.goto(`/OwnerDashboard/${owner.companyId}`)
  await expect(asOperator).toHaveURL(/\/dashboard$/)
  await expect(asOperator.getByRole('heading', { name: /Owner dashboard/ })).toHaveCount(0)
  await asOperator.context().close()
  const asOwner = await open(browser, owner.cookie)
  await asOwner.goto(`/OperatorDashboard/${operator.companyId}`)
  await expect(asOwner).toHaveURL(/\/dashboard$/)
  await asOwner.context().close()
})

test('both dashboards fit a 360 px screen without sideways scrolling', async ({ browser }) => {
  for (const [who, path] of [
    [OWNER, 'OwnerDashboard'],
    [OPERATOR, 'OperatorDashboard'],
  ] as const) {
    const d = await demo(who)
    const page = await open(browser, d.cookie, { width: 360 })
    await page.goto(`/${path}/${d.companyId}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(who.company)
    await expect(page.locator('[data-slot="stat-card"]').first()).toBeVisible()
    await noSidewaysScroll(page)
    await page.screenshot({ path: `tests/.tmp/dashboard-${path}-360.png`, fullPage: true })
    await page.context().close()
  }
})

test('both dashboards with the demo data have no serious accessibility violation (axe, WCAG 2.1 AA)', async ({ browser }) => {
  test.setTimeout(60_000)
  for (const [who, path] of [
    [OWNER, 'OwnerDashboard'],
    [OPERATOR, 'OperatorDashboard'],
  ] as const) {
    const d = await demo(who)
    const page = await open(browser, d.cookie)
    await page.goto(`/${path}/${d.companyId}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(who.company)
    expect(await seriousAxeViolations(page), path).toEqual([])
    await page.context().close()
  }
})
