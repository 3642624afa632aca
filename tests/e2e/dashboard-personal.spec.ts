import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { users } from '#db/schema/index.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, seriousAxeViolations, signInAs, test } from './fixtures.ts'

/**
 * The personal dashboard (issue 11 point 1): welcome, Driver View / Mechanic View, the
 * driver's company selector, six stat cards and server-rendered SVG charts, at 360 px and
 * 1366 px, with and without JavaScript.
 */

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1366, height: 900 }

async function signInAsDemo(page: Page, email: string) {
  const db = e2eDb()
  const [user] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`demo user ${email} missing`)
  await page.context().addCookies([{ name: 'operon_session', value: await webSessionFor(db, user.id), url: BASE_URL }])
}

async function expectNoHorizontalScroll(page: Page) {
  const { overflow, offenders } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const offenders = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 60)}`)
    return { overflow: document.documentElement.scrollWidth - width, offenders }
  })
  expect(overflow, `wider than the screen: ${offenders.join(' | ')}`).toBeLessThanOrEqual(0)
}

/** axe (WCAG 2.1 A/AA): no serious or critical violation, with every "Show data" table open. */
async function expectAccessible(page: Page) {
  const closed = page.locator('figure details:not([open]) summary')
  while ((await closed.count()) > 0) await closed.first().click()
  expect(await seriousAxeViolations(page)).toEqual([])
}

const cardValue = (page: Page, key: string) => page.locator(`[data-stat="${key}"] [data-stat-value]`)

async function expectChart(page: Page, title: string) {
  const figure = page.locator('figure', { has: page.locator('figcaption', { hasText: title }) })
  await expect(figure).toBeVisible()
  const svg = figure.getByRole('img')
  await expect(svg).toHaveAttribute('aria-label', new RegExp(`^${title}\\.`))
  const box = await svg.boundingBox()
  expect(box?.width ?? 0).toBeGreaterThan(200)
  expect(box?.height ?? 0).toBeGreaterThan(60)
  await expect(figure.locator('summary', { hasText: 'Show data' })).toBeVisible()
  expect(await figure.locator('table tbody tr').count()).toBeGreaterThan(0)
  return figure
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the demo driver sees the welcome, the driver cards and the weekly charts (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const errors: string[] = []
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
    page.on('pageerror', (e) => errors.push(e.message))
    await signInAsDemo(page, 'driver@demo.operon.app')
    await page.goto('/dashboard')
    await page.waitForLoadState('networkidle')
    await expect(page.getByTestId('welcome')).toContainText('Welcome, Jamal Carter')
    await expect(page.getByTestId('days-on-operon')).toHaveText(/^On Operon for \d[\d,]* days?$/)
    await expect(page.getByRole('link', { name: 'Driver View' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('my-buses')).toBeVisible()
    for (const label of ['Total drives', 'Miles driven', 'Hours driven', 'Vehicles driven', 'Longest streak', 'Longest drive']) {
      await expect(page.getByRole('list', { name: 'Driver statistics: All companies' }).getByText(label, { exact: true })).toBeVisible()
    }
    expect(Number((await cardValue(page, 'totalDrives').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0)
    const drives = await expectChart(page, 'Drives per week')
    await expectChart(page, 'Miles per week')
    // Twelve weeks in the data table; a bar's tooltip names the week.
    await drives.locator('summary').click()
    await expect(drives.locator('table tbody tr')).toHaveCount(12)
    await expect(drives.locator('rect title').first()).toHaveText(/^Week of .+ · Drives: \d+$/)
    await expectNoHorizontalScroll(page)
    await page.screenshot({ path: test.info().outputPath(`driver-${name}.png`), fullPage: true })

    // One company: the selector submits on change (JavaScript on).
    const select = page.getByLabel('Company')
    const options = await select.locator('option').allInnerTexts()
    expect(options[0]).toBe('All Companies')
    expect(options.length).toBeGreaterThanOrEqual(3) // the demo driver drives for two companies
    await select.selectOption({ label: options[1]! })
    await expect(page).toHaveURL(/[?&]company=\d+/)
    await expect(page.getByRole('list', { name: `Driver statistics: ${options[1]}` })).toBeVisible()
    await expect(page.locator('figcaption', { hasText: 'Drives per week' })).toContainText(options[1]!)
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    await expectNoHorizontalScroll(page) // the open data tables scroll inside their figure
    // The server's SVG is what the browser hydrates: no mismatch, no error.
    expect(errors).toEqual([])
  })
}

test('the demo mechanic sees the mechanic cards, the monthly chart and defects by section at 360 px', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAsDemo(page, 'mechanic@demo.operon.app')
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Mechanic View' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Driver View' })).toHaveCount(0)
  await expect(page.getByTestId('my-buses')).toHaveCount(0)
  for (const label of ['Total inspections', 'Vehicles inspected', 'Satisfactory', 'Unsatisfactory', 'Defects found', 'Photos taken']) {
    await expect(page.getByRole('list', { name: 'Mechanic statistics' }).getByText(label, { exact: true })).toBeVisible()
  }
  expect(Number((await cardValue(page, 'totalInspections').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0)
  const months = await expectChart(page, 'Inspections per month')
  await expect(months.locator('li', { hasText: /^Satisfactory$/ })).toBeVisible() // the legend
  await expect(months.locator('li', { hasText: /^Unsatisfactory$/ })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('mechanic-360.png'), fullPage: true })
  await expectAccessible(page)
  const sections = await expectChart(page, 'Defects by section')
  await expect(sections.locator('table tbody tr')).toHaveCount(6)
  await expectNoHorizontalScroll(page)
})

test('a driver who is also a mechanic switches views by links; a user with neither role sees the message', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, { firstName: 'Morgan', companies: [{ name: 'Both Roles Transit', types: ['Operator'], roles: ['Driver', 'Mechanic'] }] })
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Driver View' })).toHaveAttribute('aria-current', 'page')
  await expect(cardValue(page, 'totalDrives')).toHaveText('0')
  await expect(page.getByText('No drives in the last 12 weeks')).toBeVisible()
  await page.getByRole('link', { name: 'Mechanic View' }).click()
  await expect(page).toHaveURL(/\?view=mechanic$/)
  await expect(page.getByTestId('mechanic-view')).toBeVisible()
  await expect(page.getByTestId('driver-view')).toHaveCount(0)

  await page.context().clearCookies()
  await signInAs(page, { firstName: 'Nia', companies: [{ name: 'Only Managers Co', types: ['Operator'], roles: ['Operator'], inactive: ['Driver'] }] })
  await page.goto('/dashboard')
  await expect(page.getByText('You have not yet been assigned the driver or mechanic roles.')).toBeVisible()
  await expect(page.getByTestId('view-toggle')).toHaveCount(0)
  await expect(page.getByTestId('days-on-operon')).toHaveText('On Operon for 0 days')
  await expectNoHorizontalScroll(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE })

  test('cards and charts are in the page; the company selector is a GET form and the view toggle plain links', async ({ page }) => {
    await signInAsDemo(page, 'driver@demo.operon.app')
    await page.goto('/dashboard')
    await expect(page.locator('[data-stat]')).toHaveCount(6)
    await expect(page.locator('figure svg[role="img"]')).toHaveCount(2)
    const select = page.getByLabel('Company')
    const second = (await select.locator('option').allInnerTexts())[1]!
    await select.selectOption({ label: second })
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/\?view=driver&company=\d+$/)
    await expect(page.getByRole('list', { name: `Driver statistics: ${second}` })).toBeVisible()
    await expect(page.locator('figure svg[role="img"]')).toHaveCount(2)
    // "Show data" opens without JavaScript (a <details>).
    const drives = page.locator('figure', { has: page.locator('figcaption', { hasText: 'Drives per week' }) })
    await drives.locator('summary').click()
    await expect(drives.locator('table')).toBeVisible()
    await page.getByRole('link', { name: 'Driver View' }).click()
    await expect(page).toHaveURL(/\?view=driver$/)
    await expectNoHorizontalScroll(page)
  })

  test('My buses shows the first buses and finds another by its identifier (a GET form)', async ({ page }) => {
    await signInAsDemo(page, 'driver@demo.operon.app')
    await page.goto('/dashboard')
    const buses = page.getByTestId('my-bus')
    const shown = await buses.count()
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThanOrEqual(8)
    const search = page.getByRole('search', { name: 'Find a bus' })
    await expect(search).toBeVisible()
    const wanted = (await buses.last().locator('p').first().innerText()).trim()
    await search.getByLabel('Find a bus').fill(wanted)
    await search.getByRole('button', { name: 'Find' }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]bus=${encodeURIComponent(wanted).replace(/%20/g, '\\+')}`))
    await expect(buses.first().locator('p').first()).toHaveText(wanted)
    await expect(page.getByTestId('my-buses-count')).toContainText(`1 bus matches "${wanted}"`)
    await search.getByLabel('Find a bus').fill('NO-SUCH-BUS')
    await search.getByRole('button', { name: 'Find' }).click()
    await expect(page.getByText('No assigned bus matches "NO-SUCH-BUS"')).toBeVisible()
    await expectNoHorizontalScroll(page)
  })

  test('a mechanic-and-driver switches to the Mechanic View by its link', async ({ page }) => {
    await signInAs(page, { firstName: 'Quinn', companies: [{ name: 'NoJS Both Co', types: ['Operator'], roles: ['Driver'] }, { name: 'NoJS Shop', types: ['RepairShop'], roles: ['Mechanic'] }] })
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'Mechanic View' }).click()
    await expect(page.getByTestId('mechanic-view')).toBeVisible()
    await expect(page.locator('figure svg[role="img"]')).toHaveCount(2)
  })
})
