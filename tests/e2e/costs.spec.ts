import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { companies, fuelEntries, operatorAssignments, repairActions, repairCostLines, repairTasks, vehicles } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { recordOdometerReading } from '#server/fleet/odometer.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, test } from './fixtures.ts'

/**
 * Running costs in the browser (issue 36, decision 085): a driver records a charge on a phone while
 * offline and it arrives once; a repair shop's mechanic adds parts and labour to a repair and sees
 * the total; the owner sees cost per mile move after a fill-up; a fuel card CSV with a bad row is
 * previewed and imported without it; a fill-up through the driver's plain form without JavaScript.
 */

const run = Date.now().toString(36).toUpperCase().slice(-5)
const PLANTS = 'ABCDEFGHJKLMNPRSTUVWXYZ'
const uniqueVin = () => withVinCheckDigit(`1BAKGCPA0E${PLANTS[randomInt(PLANTS.length)]}${randomInt(100_000, 1_000_000)}`)
const PHONE = { width: 360, height: 740 }
const DAY = 86_400_000

/** 'YYYY-MM-DD' `days` from today (UTC: these tests' companies keep the default time zone). */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/** Hands the browser a session of `userId` (the previous one, if any, is dropped). */
async function signInAsUser(page: Page, userId: number) {
  const token = await webSessionFor(e2eDb(), userId)
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
}

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client)
}

let worlds = 0

/**
 * An owner company (role Owner) with one bus added 40 days ago (its first reading, the baseline);
 * optionally an operator company holding the bus under an active assignment, with a driver; and
 * the owner's repair shop with a mechanic.
 */
async function world(tag: string, opts: { odometer: number; electric?: boolean; operator?: boolean; shop?: boolean }) {
  const db = e2eDb()
  const key = `${(process.pid % 1296).toString(36).toUpperCase()}${++worlds}`
  const owner = await createCompany(db, `${tag} Owners ${run}`, ['Owner'])
  const ownerUser = await createUser(db, { firstName: 'Olive' })
  await grantRole(db, ownerUser.id, owner.id, 'Owner')
  const identifier = `${run}${key}-${tag}`
  const plate = `C${key}${tag}`.slice(0, 10)
  const bus = await addVehicle(await ctxFor(db, ownerUser.id, new Date(Date.now() - 40 * DAY)), {
    ownerId: owner.id,
    vehicleIdentifier: identifier,
    make: opts.electric ? 'Blue Bird' : 'Thomas',
    model: opts.electric ? 'All American RE Electric' : 'Saf-T-Liner C2',
    vin: uniqueVin(),
    licensePlate: plate,
    fuelType: opts.electric ? 2 : 1,
    odometer: opts.odometer,
  })
  const vehicleId = (bus as { id: number }).id
  await db.transaction((tx) =>
    tx
      .update(vehicles)
      .set(opts.electric ? { fuelUnit: 'kWh', fuelCapacityMilli: 155_000 } : { fuelUnit: 'gal', fuelCapacityMilli: 60_000 })
      .where(eq(vehicles.id, vehicleId)),
  )
  let operator: { id: number; driver: { id: number } } | null = null
  if (opts.operator) {
    const co = await createCompany(db, `${tag} Transit ${run}`, ['Operator'])
    const driver = await createUser(db, { firstName: 'Dana' })
    await grantRole(db, driver.id, co.id, 'Driver')
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: co.id, startDate: dayFromToday(-30), endDate: null }))
    operator = { id: co.id, driver }
  }
  let shop: { id: number; mechanic: { id: number } } | null = null
  if (opts.shop) {
    const co = await createCompany(db, `${tag} Garage ${run}`, ['RepairShop'])
    const mechanic = await createUser(db, { firstName: 'Maria' })
    await grantRole(db, mechanic.id, co.id, 'Mechanic')
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: co.id }).where(eq(companies.id, owner.id)))
    shop = { id: co.id, mechanic }
  }
  return { db, ownerId: owner.id, ownerUser, vehicleId, identifier, plate, operator, shop }
}

const fuelOf = (vehicleId: number) => e2eDb().read.select().from(fuelEntries).where(eq(fuelEntries.vehicleId, vehicleId))

test.describe('the driver on a phone', () => {
  test.use({ viewport: PHONE })

  test('records a charge while offline: queued on the phone, sent once when the connection returns', async ({ page, context }) => {
    test.setTimeout(90_000)
    const w = await world('EV', { odometer: 8_000, electric: true, operator: true })
    await signInAsUser(page, w.operator!.driver.id)
    await page.goto(`/fuelUp/${w.vehicleId}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fuel · ${w.identifier}`)
    await expect(page.getByLabel('Energy delivered')).toBeVisible()
    await expect(page.getByLabel('Unit')).toHaveValue('kWh')
    await noHorizontalScroll(page)
    // Hydrated, and the outbox's script loaded (it has opened the phone's store), before the signal goes.
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'operon-fuel-outbox')), { timeout: 15_000 })
      .toBe(true)

    await context.setOffline(true)
    await page.getByLabel('Odometer (miles)').fill('8120')
    await page.getByLabel('Energy delivered').fill('96.5')
    await page.getByLabel('Total paid').fill('17.37')
    await page.getByLabel('State of charge before (%)').fill('35')
    await page.getByLabel('State of charge after (%)').fill('95')
    await page.getByRole('button', { name: 'Record the charge' }).click()
    await expect(page.getByTestId('fuel-queued-notice')).toContainText('Saved on this phone: it will be sent when the connection returns')
    const item = page.getByTestId('fuel-outbox').getByRole('listitem')
    await expect(item).toHaveCount(1)
    await expect(item).toHaveAttribute('data-state', 'queued')
    await expect(item).toContainText('96.5 kWh · 8120 mi')
    // The form is cleared for the next one.
    await expect(page.getByLabel('Energy delivered')).toHaveValue('')
    await noHorizontalScroll(page)
    await page.waitForTimeout(1_000)
    expect(await fuelOf(w.vehicleId)).toHaveLength(0)

    // The connection returns: the page sends it on `online`, once.
    await context.setOffline(false)
    await expect(item).toHaveAttribute('data-state', 'sent', { timeout: 20_000 })
    await expect(item).toContainText('Sent')
    await expect.poll(async () => (await fuelOf(w.vehicleId)).length).toBe(1)
    // A reload, and the signal going and coming back, send nothing more.
    await page.reload()
    await expect(page.getByTestId('fuel-outbox').getByRole('listitem')).toHaveAttribute('data-state', 'sent')
    await context.setOffline(true)
    await context.setOffline(false)
    await page.waitForTimeout(2_000)
    const rows = await fuelOf(w.vehicleId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ unit: 'kWh', quantityMilli: 96_500, totalCents: 1_737, odometer: 8_120, socBeforePct: 35, socAfterPct: 95, source: 'driver', companyId: w.operator!.id })
    expect(rows[0]!.idempotencyKey).toBeTruthy()
  })
})

test.describe('the repair shop', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('a mechanic adds a part and labour to a repair action and sees the total', async ({ page }) => {
    test.setTimeout(60_000)
    const w = await world('RS', { odometer: 30_000, shop: true })
    const actionId = await w.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(repairActions)
        .values({ repairIdentifier: `RA-E2E-${run}-${w.vehicleId}`, vehicleId: w.vehicleId, ownerCompanyId: w.ownerId, repairCompanyId: w.shop!.id, comments: 'Brake pedal soft on the pre-trip' })
        .returning({ id: repairActions.id })
      await tx.insert(repairTasks).values({ repairActionId: row!.id, name: 'Service brakes', description: 'Reported defective: service brakes.' })
      return row!.id
    })
    await signInAsUser(page, w.shop!.mechanic.id)
    // From the shop's repair list, the action's Costs link.
    await page.goto(`/repairActions/${w.shop!.id}`)
    await page.getByTestId(`expand-repair-${actionId}`).click()
    await page.getByTestId(`repair-panel-${actionId}`).getByTestId(`costs-link-${actionId}`).click()
    await expect(page).toHaveURL(new RegExp(`/repairActions/${w.shop!.id}/costs/${actionId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Repair costs' })).toBeVisible()
    await expect(page.getByText('No cost lines yet.')).toBeVisible()

    const part = page.getByTestId('add-part')
    await part.locator('summary').click()
    await part.getByLabel('Part', { exact: true }).fill('Brake shoe kit, front axle')
    await part.getByLabel('Part number').fill('MER-4707Q')
    await part.getByLabel('Quantity').fill('2')
    await part.getByLabel('Unit cost (USD)').fill('184.50')
    await part.getByRole('button', { name: 'Add line' }).click()
    await expect(page.getByTestId('cost-lines').getByRole('listitem')).toHaveCount(1)
    await expect(page.getByTestId('cost-lines')).toContainText('Brake shoe kit, front axle')
    await expect(page.getByTestId('cost-lines')).toContainText('$369.00')

    const labour = page.getByTestId('add-labour')
    await labour.locator('summary').click()
    await labour.getByLabel('Work done').fill('Replace front brake shoes, adjust slack')
    await labour.getByLabel('Mechanic').fill('Maria')
    await labour.getByLabel('Hours').fill('3.5')
    await labour.getByLabel('Hourly rate (USD)').fill('125')
    await labour.getByRole('button', { name: 'Add line' }).click()
    await expect(page.getByTestId('cost-lines').getByRole('listitem')).toHaveCount(2)
    await expect(page.getByTestId('cost-lines')).toContainText('3.5 h × $125.00')
    await expect(page.getByTestId('cost-lines')).toContainText('$437.50')

    // 2 × $184.50 + 3.5 h × $125.00
    const totals = page.getByTestId('cost-totals')
    await expect(totals.getByRole('heading', { level: 2 })).toHaveText('Total: $806.50')
    await noHorizontalScroll(page)
    const lines = await w.db.read.select().from(repairCostLines).where(eq(repairCostLines.repairActionId, actionId))
    expect(lines.map((l) => [l.kind, l.amountCents, l.payer, l.shopCompanyId]).sort()).toEqual([
      ['labour', 43_750, 'owner', w.shop!.id],
      ['part', 36_900, 'owner', w.shop!.id],
    ])
  })
})

test.describe('the owner', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('sees cost per mile move on /costs after a fill-up', async ({ page }) => {
    test.setTimeout(60_000)
    const w = await world('CPM', { odometer: 10_000 })
    // 400 miles this month, no cost yet.
    await w.db.transaction((tx) =>
      recordOdometerReading(tx, { vehicleId: w.vehicleId, reading: 10_400, source: 'owner', field: 'odometer', at: new Date(Date.now() - 60_000), userId: w.ownerUser.id, userName: 'Olive' }),
    )
    await signInAsUser(page, w.ownerUser.id)
    await page.goto(`/costs/${w.ownerId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Cost per mile' })).toBeVisible()
    const row = page.getByTestId('cost-rows').locator(`tr[data-vehicle="${w.vehicleId}"]`)
    await expect(row).toContainText(w.identifier)
    await expect(row).toContainText('400')
    await expect(row.getByTestId('cost-per-mile')).toHaveText('$0.000')

    // A fill-up typed on the fuel log: 100 more miles, $212.40.
    await page.goto(`/fuel/${w.ownerId}`)
    const form = page.getByTestId('fuel-record-form')
    await form.getByLabel('Bus').selectOption(String(w.vehicleId))
    await form.getByLabel('Odometer (miles)').fill('10500')
    await form.getByLabel('Quantity').fill('54.3')
    await form.getByLabel('Unit').selectOption('gal')
    await form.getByLabel('Total paid').fill('212.40')
    await form.getByRole('button', { name: 'Record the fill-up' }).click()
    await expect(page.getByText('Fill-up recorded').first()).toBeVisible()
    await expect(page.getByTestId('fuel-log-table')).toContainText('10,500')

    // 500 miles and $212.40 this month: $0.425 a mile.
    await page.goto(`/costs/${w.ownerId}`)
    await expect(row).toContainText('500')
    await expect(row).toContainText('$212.40')
    await expect(row.getByTestId('cost-per-mile')).toHaveText('$0.425')
    await expect(page.getByTestId('cost-total-row').getByTestId('cost-per-mile')).toHaveText('$0.425')
  })
})

test.describe('the fuel card import', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('a CSV with one bad row: the preview names the problem, the import skips it', async ({ page }) => {
    test.setTimeout(60_000)
    const w = await world('IMP', { odometer: 48_000 })
    await signInAsUser(page, w.ownerUser.id)
    const csv =
      [
        'date,time,plate,odometer,quantity,unit,total,station,full',
        `${dayFromToday(-3)},07:10,${w.plate},48210,52.5,gal,204.75,Pacific Pride,yes`,
        `${dayFromToday(-2)},07:05,${w.plate},47100,40,gal,156.00,Pacific Pride,yes`,
        `${dayFromToday(-1)},06:55,${w.plate},48530,48.25,gal,190.10,Pacific Pride,yes`,
      ].join('\r\n') + '\r\n'
    await page.goto(`/fuel/${w.ownerId}/import`)
    await expect(page.getByRole('heading', { level: 1, name: 'Import a fuel card file' })).toBeVisible()
    await page.getByLabel('CSV file').setInputFiles({ name: 'card-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByTestId('fuel-import-upload-submit').click()
    await expect(page).toHaveURL(new RegExp(`/fuel/${w.ownerId}/import/\\d+$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const problems = page.getByTestId('fuel-import-problems')
    await expect(problems.locator('tbody tr')).toHaveCount(1)
    // Row 3 of the file (its header is row 1): the odometer went back.
    await expect(problems.locator('tbody tr').first()).toHaveAttribute('data-row', '3')
    await expect(problems.locator('tbody tr').first()).toHaveAttribute('data-column', 'odometer')
    await expect(problems).toContainText(/odometer (cannot go back|goes back)/i)
    await expect(page.getByTestId('fuel-import-sample').locator('tbody tr')).toHaveCount(2)
    expect(await fuelOf(w.vehicleId)).toHaveLength(0)

    await page.getByTestId('fuel-import-commit').click()
    await expect(page).toHaveURL(new RegExp(`/fuel/${w.ownerId}(\\?.*)?$`))
    await expect(page.getByText('Imported 2 fill-ups; 1 rows were skipped')).toBeVisible()
    const rows = (await fuelOf(w.vehicleId)).sort((a, b) => a.odometer - b.odometer)
    expect(rows.map((r) => [r.odometer, r.quantityMilli, r.totalCents, r.source])).toEqual([
      [48_210, 52_500, 20_475, 'import'],
      [48_530, 48_250, 19_010, 'import'],
    ])
    // Miles per gallon between the two full fill-ups: 320 miles on 48.25 gallons.
    expect(rows[1]!.efficiencyMilli).toBe(Math.round((320 * 1e6) / 48_250))
  })
})

test.describe('without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false })

  test('a driver records a fill-up through the plain form', async ({ page }) => {
    test.setTimeout(60_000)
    const w = await world('NJS', { odometer: 21_000, operator: true })
    await signInAsUser(page, w.operator!.driver.id)
    await page.goto(`/fuelUp/${w.vehicleId}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.identifier)
    await noHorizontalScroll(page)
    await expect(page.getByLabel('Unit')).toHaveValue('gal')
    await page.getByLabel('Odometer (miles)').fill('21065')
    await page.getByLabel('Quantity').fill('38.5')
    await page.getByLabel('Total paid').fill('150.15')
    await page.getByLabel('Station or charger').fill('Pilot Travel Center')
    await page.getByRole('button', { name: 'Record the fill-up' }).click()
    await expect(page.getByTestId('fuel-recorded')).toHaveText('Fill-up recorded')
    await noHorizontalScroll(page)
    const rows = await fuelOf(w.vehicleId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ unit: 'gal', quantityMilli: 38_500, totalCents: 15_015, odometer: 21_065, station: 'Pilot Travel Center', full: true, source: 'driver', companyId: w.operator!.id })
    // The fill-up joined the odometer history.
    const [bus] = await e2eDb().read.select({ odometer: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, w.vehicleId))
    expect(bus!.odometer).toBe(21_065)
  })
})
