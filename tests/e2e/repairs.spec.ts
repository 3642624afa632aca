import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { repairActions, repairTasks } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { e2eDb, expect, seriousAxeViolations, signInAs, test } from './fixtures.ts'

const run = Date.now().toString(36).toUpperCase().slice(-5)
const uniqueVin = () => withVinCheckDigit(`1BAKGCPA0EF${randomInt(100_000, 1_000_000)}`)

/**
 * An owner company with a bus, and repair actions (as a driver's defective pre-trip leaves them)
 * at `shopId`. Returns the actions with their task ids.
 */
async function repairsAt(shopId: number, actions: { tasks: string[]; comments?: string; outOfService?: boolean }[]) {
  const db = e2eDb()
  const owner = await createCompany(db, `Owner ${run}`, ['Owner'])
  const ownerUser = await createUser(db, { firstName: 'Olive' })
  await grantRole(db, ownerUser.id, owner.id, 'Owner')
  const out: { id: number; repairIdentifier: string; tasks: number[]; vehicleIdentifier: string }[] = []
  for (const [i, a] of actions.entries()) {
    const v = await addVehicle(await ctxFor(db, ownerUser.id), {
      ownerId: owner.id,
      vehicleIdentifier: `${run}-R${shopId}-${i}`,
      make: 'Blue Bird',
      model: 'Vision',
      vin: uniqueVin(),
      licensePlate: `RP-${i}`,
      odometer: 48_200 + i,
    })
    const repairIdentifier = `RA-E2E-${run}-${shopId}-${i}`
    out.push(
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(repairActions)
          .values({ repairIdentifier, vehicleId: v.id, ownerCompanyId: owner.id, repairCompanyId: shopId, comments: a.comments ?? 'Defects reported on the pre-trip', outOfService: a.outOfService ?? false })
          .returning({ id: repairActions.id })
        const tasks = await tx
          .insert(repairTasks)
          .values(a.tasks.map((name) => ({ repairActionId: row!.id, name, description: `Reported defective: ${name.toLowerCase()}. Inspect and repair.` })))
          .returning({ id: repairTasks.id })
        return { id: row!.id, repairIdentifier, tasks: tasks.map((t) => t.id), vehicleIdentifier: v.vehicleIdentifier }
      }),
    )
  }
  return out
}

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
}

test.describe('the shop mechanic, JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })

  test('completes the tasks on /repairActions and the action shows Repaired with the name', async ({ page }) => {
    const { companies } = await signInAs(page, { firstName: 'Maria', companies: [{ name: `Main Street Garage ${run}`, types: ['RepairShop'], roles: ['Mechanic'] }] })
    const shopId = companies[0]!.id
    const [action] = await repairsAt(shopId, [
      { tasks: ['Brake hoses and tubing', 'Headlights and tail lights'], outOfService: true },
      { tasks: ['Wipers'], comments: 'Wiper blades smear the windshield at speed and the washer pump is noisy; '.repeat(5) },
    ])
    await page.goto(`/repairActions/${shopId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle repairs' })).toBeVisible()
    const row = page.getByTestId(`repair-row-${action!.id}`)
    await expect(row).toContainText('Blue Bird Vision')
    await expect(row).toContainText('Pending repair')
    await expect(row).toContainText('Out of service')
    await expect(row).toContainText('48,200')
    await expect(row).toContainText('0 / 2 completed')
    // At 1366 px the table fits (long comments wrap in their column).
    const fits = await page.getByRole('region', { name: 'Repair actions' }).evaluate((el) => el.scrollWidth <= el.clientWidth)
    expect(fits).toBe(true)
    await noHorizontalScroll(page)
    await page.getByTestId(`expand-repair-${action!.id}`).click()
    const panel = page.getByTestId(`repair-panel-${action!.id}`)
    await expect(panel).toContainText('Brake hoses and tubing')
    await page.screenshot({ path: 'tests/.tmp/repairs-1366-open.png', fullPage: true })

    await panel.getByTestId(`task-button-${action!.tasks[0]}`).click()
    await expect(page.getByTestId(`repair-row-${action!.id}`)).toContainText('1 / 2 completed')
    await expect(page.getByTestId(`repair-panel-${action!.id}`).getByTestId(`task-${action!.tasks[0]}`)).toContainText('Completed')
    await page.getByTestId(`repair-panel-${action!.id}`).getByTestId(`task-button-${action!.tasks[1]}`).click()

    // Certified: it moved to "Repaired", open, with when and by whom; the tasks are kept as they are.
    await expect(page).toHaveURL(/status=repaired/)
    const done = page.getByTestId(`repair-row-${action!.id}`)
    await expect(done.getByTestId('repair-status')).toHaveText('Repaired')
    await expect(done).not.toContainText('Out of service')
    const certification = page.getByTestId(`repair-panel-${action!.id}`).getByTestId('certification')
    await expect(certification).toContainText(/Repaired on .+ by Maria User/)
    await expect(page.getByTestId(`repair-panel-${action!.id}`).getByRole('button')).toHaveCount(0)
    await page.screenshot({ path: 'tests/.tmp/repairs-1366-repaired.png', fullPage: true })

    // The filter lives in the URL: "Pending repair" no longer lists it.
    await page.getByTestId('filter-pending').click()
    await expect(page.getByTestId(`repair-row-${action!.id}`)).toHaveCount(0)
  })
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } })

  test('each repair action is a card with its status and buttons in view, without horizontal scrolling', async ({ page }) => {
    const { companies } = await signInAs(page, { firstName: 'Sam', companies: [{ name: `Narrow Garage ${run}`, types: ['RepairShop'], roles: ['RepairShop'] }] })
    const shopId = companies[0]!.id
    const long = 'Driver reports the rear emergency exit handle sticks and the buzzer does not sound; '.repeat(4)
    const actions = await repairsAt(shopId, [
      { tasks: ['Emergency exits, handles and labels', `Damage: ${'scratched-panel-'.repeat(8)}`], comments: long, outOfService: true },
      { tasks: ['Dome and reading lights'] },
    ])
    await page.goto(`/repairActions/${shopId}`)
    const card = page.getByTestId(`repair-card-${actions[0]!.id}`)
    await expect(card).toBeVisible()
    await expect(page.getByTestId('repairs-table')).toBeHidden()
    await expect(card.getByTestId('repair-status')).toBeInViewport()
    await expect(card).toContainText('Out of service')
    await noHorizontalScroll(page)
    await page.screenshot({ path: 'tests/.tmp/repairs-360.png', fullPage: true })
    expect(await seriousAxeViolations(page)).toEqual([])

    await card.getByTestId(`task-button-${actions[0]!.tasks[0]}`).click()
    await expect(page.getByTestId(`repair-card-${actions[0]!.id}`).getByTestId(`task-${actions[0]!.tasks[0]}`)).toContainText('Completed')
    await expect(page.getByTestId(`repair-card-${actions[0]!.id}`)).toContainText('1 / 2 completed')
    await noHorizontalScroll(page)
  })
})

test.describe('the owner, JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })

  test('sees "Out of service" in the fleet table and records an odometer correction in the history', async ({ page }) => {
    const { user, companies } = await signInAs(page, { firstName: 'Olive', companies: [{ name: `Owner OOS ${run}`, types: ['Owner'], roles: ['Owner'] }] })
    const ownerId = companies[0]!.id
    const db = e2eDb()
    const shop = await createCompany(db, `Some Garage ${run}`, ['RepairShop'])
    const v = await addVehicle(await ctxFor(db, user.id), { ownerId, vehicleIdentifier: `${run}-OOS`, make: 'Thomas', model: 'C2', vin: uniqueVin(), licensePlate: 'OOS-1', odometer: 90_000 })
    await db.transaction((tx) => tx.insert(repairActions).values({ repairIdentifier: `RA-OOS-${run}`, vehicleId: v.id, ownerCompanyId: ownerId, repairCompanyId: shop.id, outOfService: true }))

    await page.goto(`/fleet/${ownerId}`)
    await expect(page.getByTestId(`vehicle-row-${v.id}`).getByTestId('out-of-service')).toHaveText('Out of service')
    // The "Service" filter, in the URL like the others.
    await page.goto(`/fleet/${ownerId}?service=outOfService`)
    await expect(page.getByTestId('fleet-count')).toHaveText('Showing 1–1 of 1')
    await expect(page.getByTestId(`vehicle-row-${v.id}`)).toBeVisible()
    await page.goto(`/fleet/${ownerId}?open=${v.id}`)
    const history = page.getByTestId('odometer-history')
    await expect(history.getByTestId('odometer-reading')).toHaveCount(1)
    await expect(history).toContainText('90,000 mi')
    await expect(history).toContainText('Owner edit')

    // Lower than the latest reading: allowed as a correction, with its reason.
    await history.getByLabel('Corrected reading (miles)').fill('12')
    await history.getByLabel('Reason').fill('Instrument cluster replaced')
    await history.getByRole('button', { name: 'Record a correction' }).click()
    const after = page.getByTestId('odometer-history')
    await expect(after.getByTestId('odometer-reading')).toHaveCount(2)
    await expect(after.getByTestId('odometer-reading').first()).toContainText('12 mi')
    await expect(after.getByTestId('odometer-reading').first()).toContainText('New baseline')
    await expect(after.getByTestId('odometer-reading').first()).toContainText('Instrument cluster replaced')
    await page.screenshot({ path: 'tests/.tmp/odometer-1366.png', fullPage: true })
  })
})
