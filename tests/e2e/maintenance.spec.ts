import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { and, asc, eq } from 'drizzle-orm'
import { companies, repairActions, repairTasks, serviceTasks } from '#db/schema/index.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { copyServiceTemplate, setServiceProgramVehicles } from '#server/maintenance/programs.server.ts'
import { recordOutsideService } from '#server/maintenance/service-records.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, e2eDb, expect, test } from './fixtures.ts'

/**
 * Preventive maintenance in the browser (issue 35, decision 084): an owner copies a template,
 * applies it by tag, sees a bus due soon and sends it to the repair shop; the shop's mechanic
 * completes the work with the odometer read then; the item is OK again with its new due point.
 * An outside service recorded without JavaScript; the due list at 360 px and 1366 px.
 */

const run = Date.now().toString(36).toUpperCase().slice(-5)
const uniqueVin = () => withVinCheckDigit(`1BAKGCPA0EF${randomInt(100_000, 1_000_000)}`)

/** 'YYYY-MM-DD' `days` from today (UTC: the companies of these tests keep the default time zone). */
function dayFromToday(days: number): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
const label = (days: number) => formatDateOnly(dayFromToday(days))

/** Hands the browser a session of `userId` (the previous one, if any, is dropped). */
async function signInAsUser(page: Page, userId: number) {
  const token = await webSessionFor(e2eDb(), userId)
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
}

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
}

let worlds = 0

/** An owner company (type Owner) with its manager (role Owner), and its buses. */
async function ownerWorld(name: string, buses: { id: string; make: string; model: string; color?: string; odometer: number }[]) {
  const db = e2eDb()
  // Identifiers are unique across companies: each world's own prefix (per worker process and world).
  const key = `${(process.pid % 1296).toString(36).toUpperCase()}${++worlds}`
  const owner = await createCompany(db, `${name} ${run}`, ['Owner'])
  const user = await createUser(db, { firstName: 'Olive' })
  await grantRole(db, user.id, owner.id, 'Owner')
  const ctx = await ctxFor(db, user.id)
  const vehicles = []
  for (const [i, b] of buses.entries()) {
    vehicles.push(
      await addVehicle(ctx, {
        ownerId: owner.id,
        vehicleIdentifier: `${run}${key}-${b.id}`,
        make: b.make,
        model: b.model,
        color: b.color,
        vin: uniqueVin(),
        licensePlate: `PM-${key}-${i}`,
        odometer: b.odometer,
      }),
    )
  }
  return { db, ownerId: owner.id, user, ctx, vehicles }
}

/** PM-A copied by the use case, with the given buses picked: what the page tests below start from. */
async function pmAFor(world: Awaited<ReturnType<typeof ownerWorld>>, vehicleIds: number[]) {
  const program = await copyServiceTemplate(world.ctx, { companyId: world.ownerId, templateKey: 'pm-a' })
  await setServiceProgramVehicles(world.ctx, { programId: program.id, version: program.version, vehicleIds })
  return { programId: program.id, taskId: program.tasks[0]!.id }
}

test.describe('a service program from copy to certified work', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the owner copies PM-A, applies it by tag, sends a bus due soon to the shop; the mechanic completes it; the item is OK again', async ({ page }) => {
    test.setTimeout(90_000)
    // A word in the colour of two buses of three: the rule's tag.
    const tag = `Saffron${run}`
    const world = await ownerWorld('Owner PM', [
      { id: 'PM1', make: 'Blue Bird', model: 'Vision', color: `${tag} yellow`, odometer: 48_200 },
      { id: 'PM2', make: 'Thomas', model: 'C2', color: `Dark ${tag}`, odometer: 31_000 },
      { id: 'PM3', make: 'IC Bus', model: 'CE', color: 'White', odometer: 12_000 },
    ])
    const [busA, busB, busC] = world.vehicles as [(typeof world.vehicles)[0], (typeof world.vehicles)[0], (typeof world.vehicles)[0]]
    const { db, ownerId } = world
    // The owner's repair shop (Settings), with its mechanic.
    const shop = await createCompany(db, `PM Garage ${run}`, ['RepairShop'])
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerId)))
    const mechanic = await createUser(db, { firstName: 'Maria' })
    await grantRole(db, mechanic.id, shop.id, 'Mechanic')

    await signInAsUser(page, world.user.id)

    let programId = 0
    await test.step('copies the PM-A template and adds a task', async () => {
      await page.goto(`/maintenance/${ownerId}/programs`)
      await expect(page.getByRole('heading', { level: 1, name: 'Service programs' })).toBeVisible()
      await expect(page.getByText('No service programs yet')).toBeVisible()
      await page.getByTestId('copy-template-pm-a').click()
      await expect(page).toHaveURL(new RegExp(`/maintenance/${ownerId}/programs/\\d+$`))
      programId = Number(new URL(page.url()).pathname.split('/').pop())
      await expect(page.getByRole('heading', { level: 1, name: 'PM-A' })).toBeVisible()
      await expect(page.getByTestId('task-list')).toContainText('PM-A service')
      await expect(page.getByTestId('task-list')).toContainText('Every 45 days · 6,000 miles')
      await expect(page.getByTestId('rule-status')).toContainText('No rule')

      const add = page.getByTestId('add-task-form')
      await page.getByText('Add a task', { exact: true }).click()
      await add.getByLabel('Task name').fill('Wheelchair lift check')
      await add.locator('#new-task-intervalDays').fill('42')
      await add.locator('#new-task-soonDays').fill('7')
      await add.getByRole('button', { name: 'Add task' }).click()
      await expect(page.getByTestId('task-list').getByRole('listitem')).toHaveCount(2)
      await expect(page.getByTestId('task-list')).toContainText('Wheelchair lift check')
      await expect(page.getByTestId('task-list')).toContainText('Every 42 days')
    })

    await test.step('applies it by tag: two buses of three', async () => {
      const form = page.getByTestId('vehicles-form')
      await form.getByLabel('Tags (comma separated)').fill(tag)
      await form.getByTestId('save-vehicles').click()
      await expect(page.getByTestId('rule-status')).toContainText('The rule matches 2 buses.')
      await expect(page.getByTestId('rule-status')).toContainText('2 buses in the program.')
      const members = page.getByTestId('program-vehicles')
      await expect(members.getByRole('listitem')).toHaveCount(2)
      await expect(members).toContainText(busA.vehicleIdentifier)
      await expect(members).toContainText(busB.vehicleIdentifier)
      await expect(members).not.toContainText(busC.vehicleIdentifier)
      await expect(members.getByText('Matched by the rule')).toHaveCount(2)
    })

    // Bus A had both tasks done at an outside garage 40 days ago: PM-A is due in 5 days, the lift
    // check in 2 (both within their 7-day threshold). Bus B joined today: both OK.
    const tasks = await db.read.select({ id: serviceTasks.id, name: serviceTasks.name }).from(serviceTasks).where(eq(serviceTasks.programId, programId)).orderBy(asc(serviceTasks.position))
    expect(tasks.map((t) => t.name)).toEqual(['PM-A service', 'Wheelchair lift check'])
    await recordOutsideService(world.ctx, { vehicleId: busA.id, taskIds: tasks.map((t) => t.id), date: dayFromToday(-40), odometer: 48_000, performedBy: 'Corner Garage' })

    await test.step('sees bus A due soon in the due list, bus B OK', async () => {
      await page.goto(`/maintenance/${ownerId}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Maintenance due' })).toBeVisible()
      const rows = page.getByTestId('due-items').locator('tbody tr[data-kind="task"]')
      await expect(rows).toHaveCount(4)
      const rowsA = rows.filter({ has: page.getByRole('link', { name: busA.vehicleIdentifier, exact: true }) })
      const rowsB = rows.filter({ has: page.getByRole('link', { name: busB.vehicleIdentifier, exact: true }) })
      await expect(rowsA).toHaveCount(2)
      for (const row of await rowsA.all()) await expect(row).toHaveAttribute('data-state', 'DueSoon')
      await expect(rowsA.filter({ hasText: 'PM-A service' })).toContainText('Due soon')
      await expect(rowsA.filter({ hasText: 'PM-A service' })).toContainText(label(5))
      await expect(rowsA.filter({ hasText: 'PM-A service' })).toContainText('54,000 mi')
      await expect(rowsA.filter({ hasText: 'Wheelchair lift check' })).toContainText(label(2))
      await expect(rowsB).toHaveCount(2)
      for (const row of await rowsB.all()) await expect(row).toHaveAttribute('data-state', 'OK')
      // The untagged bus has no task of the program (its built-in items may be listed).
      await expect(rows.filter({ hasText: busC.vehicleIdentifier })).toHaveCount(0)
      await expect(page.getByTestId('due-counts').locator('[data-state="DueSoon"]')).toHaveText(/^Due soon\s*2$/)
      // The state filter lives in the URL.
      await page.getByTestId('due-counts').locator('[data-state="DueSoon"]').click()
      await expect(page).toHaveURL(/state=DueSoon/)
      await expect(page.getByTestId('due-items').locator('tbody tr[data-kind="task"]')).toHaveCount(2)
    })

    let actionId = 0
    await test.step('ticks both items on the bus page and sends them to the repair shop', async () => {
      await page.getByRole('link', { name: busA.vehicleIdentifier, exact: true }).first().click()
      await expect(page).toHaveURL(`/maintenance/${ownerId}/vehicles/${busA.id}`)
      await expect(page.getByRole('heading', { level: 1, name: `Maintenance of ${busA.vehicleIdentifier}` })).toBeVisible()
      await expect(page.getByTestId('vehicle-programs').getByRole('listitem')).toHaveText(/^PM-A\s*·\s*2 tasks$/)
      await expect(page.getByTestId(`due-task-${tasks[0]!.id}`).getByTestId('due-state')).toHaveText('Due soon')
      await expect(page.getByTestId('service-history')).toContainText('Corner Garage')
      await page.getByRole('checkbox', { name: 'Send PM-A service to the repair shop' }).check()
      await page.getByRole('checkbox', { name: 'Send Wheelchair lift check to the repair shop' }).check()
      await page.getByTestId('send-to-shop').click()
      const open = page.getByTestId('open-service-actions')
      await expect(open).toContainText(': at the repair shop')
      await expect(page.getByTestId(`due-task-${tasks[0]!.id}`)).toContainText('At the repair shop')
      await expect(page.getByTestId(`due-task-${tasks[1]!.id}`)).toContainText('At the repair shop')
      // Sent: nothing left to tick, so no button.
      await expect(page.getByTestId('send-to-shop')).toHaveCount(0)
      const [action] = await db.read
        .select({ id: repairActions.id, code: repairActions.repairIdentifier })
        .from(repairActions)
        .where(and(eq(repairActions.vehicleId, busA.id), eq(repairActions.repairCompanyId, shop.id)))
      expect(action).toBeDefined()
      actionId = action!.id
      await expect(open).toContainText(action!.code)
    })

    await test.step('the mechanic completes the tasks, the last with the readings now', async () => {
      await signInAsUser(page, mechanic.id)
      await page.goto(`/repairActions/${shop.id}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Vehicle repairs' })).toBeVisible()
      const row = page.getByTestId(`repair-row-${actionId}`)
      await expect(row).toContainText('Pending repair')
      await expect(row).toContainText('0 / 2 completed')
      const repairTaskRows = await db.read.select({ id: repairTasks.id, name: repairTasks.name }).from(repairTasks).where(eq(repairTasks.repairActionId, actionId)).orderBy(asc(repairTasks.id))
      expect(repairTaskRows.map((t) => t.name).sort()).toEqual(['PM-A service', 'Wheelchair lift check'])
      const [first, last] = repairTaskRows as [(typeof repairTaskRows)[0], (typeof repairTaskRows)[0]]

      await page.getByTestId(`expand-repair-${actionId}`).click()
      const panel = page.getByTestId(`repair-panel-${actionId}`)
      await expect(panel.getByTestId(`work-order-link-${actionId}`)).toBeVisible()
      // Not the last pending task: no readings asked.
      await expect(panel.getByTestId(`service-readings-${first.id}`)).toHaveCount(0)
      await panel.getByTestId(`task-button-${first.id}`).click()
      await expect(page.getByTestId(`repair-row-${actionId}`)).toContainText('1 / 2 completed')

      const readings = page.getByTestId(`repair-panel-${actionId}`).getByTestId(`service-readings-${last.id}`)
      await expect(readings).toBeVisible()
      await readings.getByLabel('Odometer now').fill('48650')
      await readings.getByLabel('Engine hours now').fill('1250')
      await page.getByTestId(`repair-panel-${actionId}`).getByTestId(`task-button-${last.id}`).click()
      await expect(page).toHaveURL(/status=repaired/)
      await expect(page.getByTestId(`repair-row-${actionId}`).getByTestId('repair-status')).toHaveText('Repaired')
      await expect(page.getByTestId(`repair-panel-${actionId}`).getByTestId('certification')).toContainText(/Repaired on .+ by Maria User/)
    })

    await test.step('back as the owner, both items are OK with their new due point', async () => {
      await signInAsUser(page, world.user.id)
      await page.goto(`/maintenance/${ownerId}/vehicles/${busA.id}`)
      const pmA = page.getByTestId(`due-task-${tasks[0]!.id}`)
      await expect(pmA.getByTestId('due-state')).toHaveText('OK')
      await expect(pmA).not.toContainText('At the repair shop')
      // Restarted from the job's own date and reading: today and 48,650 mi (+45 days, +6,000 mi).
      await expect(pmA).toContainText(`${label(0)} · 48,650 mi · 1,250 h`)
      await expect(pmA).toContainText(`${label(45)} · 54,650 mi`)
      const lift = page.getByTestId(`due-task-${tasks[1]!.id}`)
      await expect(lift.getByTestId('due-state')).toHaveText('OK')
      await expect(lift).toContainText(label(42))
      await expect(page.getByTestId('open-service-actions')).toHaveCount(0)
      const history = page.getByTestId('service-history')
      await expect(history.getByText(/Done at the repair shop \(/)).toHaveCount(2)
      await expect(history).toContainText('48,650 mi')

      await page.goto(`/maintenance/${ownerId}`)
      const rowsA = page.getByTestId('due-items').locator('tbody tr[data-kind="task"]').filter({ has: page.getByRole('link', { name: busA.vehicleIdentifier, exact: true }) })
      await expect(rowsA).toHaveCount(2)
      for (const row of await rowsA.all()) await expect(row).toHaveAttribute('data-state', 'OK')
      await expect(rowsA.filter({ hasText: 'PM-A service' })).toContainText('54,650 mi')
      await page.screenshot({ path: 'tests/.tmp/maintenance-1366-after.png', fullPage: true })
    })
  })
})

test.describe('the owner, JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })

  test('records a service done outside Operon with its invoice; the history shows it and the item restarts from it', async ({ page }) => {
    const world = await ownerWorld('Owner Outside', [{ id: 'OUT1', make: 'Blue Bird', model: 'All American', odometer: 70_000 }])
    const bus = world.vehicles[0]!
    const { taskId } = await pmAFor(world, [bus.id])
    await signInAsUser(page, world.user.id)

    await page.goto(`/maintenance/${world.ownerId}/vehicles/${bus.id}`)
    const item = page.getByTestId(`due-task-${taskId}`)
    // Joined today: due one interval later.
    await expect(item.getByTestId('due-state')).toHaveText('OK')
    await expect(item).toContainText(`${label(45)} · 76,000 mi`)
    await expect(page.getByText('No service recorded yet.')).toBeVisible()
    await expect(page.getByTestId('vehicle-programs').getByRole('listitem')).toHaveText(/^PM-A\s*·\s*1 task$/)

    const form = page.getByTestId('record-service-form')
    await form.getByRole('checkbox', { name: /PM-A service/ }).check()
    await form.getByLabel('Date').fill(dayFromToday(-3))
    await form.getByLabel('Odometer').fill('69850')
    await form.getByLabel('Performed by').fill(`Valley Diesel ${run}`)
    await form.getByLabel('Notes').fill('Oil, filters and a chassis lube; left rear marker lamp replaced.')
    await form.getByLabel('Invoice (optional)').setInputFiles({
      name: `invoice-${run}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    })
    await form.getByRole('button', { name: 'Record service' }).click()

    await expect(page).toHaveURL(`/maintenance/${world.ownerId}/vehicles/${bus.id}`)
    const history = page.getByTestId('service-history')
    const rows = history.locator('tbody tr')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(label(-3))
    await expect(rows.first()).toContainText('PM-A service')
    await expect(rows.first()).toContainText('Done')
    await expect(rows.first()).toContainText('69,850 mi')
    await expect(rows.first()).toContainText(`Valley Diesel ${run}`)
    await expect(rows.first()).toContainText('left rear marker lamp replaced')
    const invoice = rows.first().getByRole('link', { name: `Invoice: invoice-${run}.pdf` })
    await expect(invoice).toBeVisible()
    // The invoice is a document of the bus, served to its owner.
    const res = await page.request.get(new URL((await invoice.getAttribute('href'))!, BASE_URL).toString())
    expect(res.status()).toBe(200)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')

    // The interval restarts from the service's own date and reading: 45 days and 6,000 miles later.
    await expect(page.getByTestId(`due-task-${taskId}`)).toContainText(`${label(-3)} · 69,850 mi`)
    await expect(page.getByTestId(`due-task-${taskId}`)).toContainText(`${label(42)} · 75,850 mi`)
    await page.screenshot({ path: 'tests/.tmp/maintenance-outside-service.png', fullPage: true })
  })
})

/** A fleet of long names for the due list's fit checks: three buses in PM-A, one of them due soon. */
async function dueListWorld(name: string) {
  const world = await ownerWorld(name, [
    { id: 'FIT-NORTHSIDE-ELEMENTARY-RT12', make: 'Blue Bird', model: 'Vision', odometer: 88_000 },
    { id: 'FIT2', make: 'Thomas', model: 'Saf-T-Liner C2', odometer: 1_250_000 },
    { id: 'FIT3', make: 'IC Bus', model: 'CE', odometer: 5_000 },
  ])
  const { taskId } = await pmAFor(
    world,
    world.vehicles.map((v) => v.id),
  )
  await recordOutsideService(world.ctx, { vehicleId: world.vehicles[0]!.id, taskIds: [taskId], date: dayFromToday(-41), odometer: 87_900 })
  return world
}

test.describe('the due list at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('rows are readable cards without horizontal scrolling', async ({ page }) => {
    const world = await dueListWorld('Owner Narrow')
    await signInAsUser(page, world.user.id)
    await page.goto(`/maintenance/${world.ownerId}`)
    const rows = page.getByTestId('due-items').locator('tbody tr[data-kind="task"]')
    await expect(rows).toHaveCount(3)
    await noHorizontalScroll(page)
    // Most urgent first: the due-soon bus leads, its state and due point in words.
    const first = rows.first()
    await expect(first).toHaveAttribute('data-state', 'DueSoon')
    await expect(first).toContainText(world.vehicles[0]!.vehicleIdentifier)
    await expect(first).toContainText('Due soon')
    await expect(first).toContainText(label(4))
    await first.scrollIntoViewIfNeeded()
    // Each card and each of its cells lies within the screen's width.
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
      for (const cell of await row.locator('td').all()) {
        const c = await cell.boundingBox()
        if (c) expect(c.x + c.width).toBeLessThanOrEqual(360)
      }
    }
    await expect(first.getByRole('link', { name: world.vehicles[0]!.vehicleIdentifier })).toBeInViewport()
    await page.screenshot({ path: 'tests/.tmp/maintenance-due-360.png', fullPage: true })
  })
})

test.describe('the due list at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('is one table that fits the window', async ({ page }) => {
    const world = await dueListWorld('Owner Wide')
    await signInAsUser(page, world.user.id)
    await page.goto(`/maintenance/${world.ownerId}`)
    const table = page.getByTestId('due-items')
    await expect(table.getByRole('columnheader', { name: 'Next due' })).toBeVisible()
    await expect(table.locator('tbody tr[data-kind="task"]')).toHaveCount(3)
    await expect(table.locator('tbody tr[data-kind="task"]').first()).toContainText('Due soon')
    await noHorizontalScroll(page)
    const fits = await table.evaluate((el) => {
      const box = el.closest('[data-slot="table-container"]') ?? el.parentElement!
      return box.scrollWidth <= box.clientWidth
    })
    expect(fits).toBe(true)
    await page.screenshot({ path: 'tests/.tmp/maintenance-due-1366.png', fullPage: true })
  })
})
