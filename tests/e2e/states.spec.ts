/**
 * States that read right (issue 12 points 6, 7, 8; decisions 059 and 060): a future assignment
 * reads "Starts on {date}", the request form warns of an overlap, a failed request is said once,
 * the employees page shows every role, the owner sees answered requests, a refused page says
 * why; without JavaScript the password rules, the terms box, the company fields and the filter
 * URLs behave; the VIN lookup says which fields it filled.
 */
import { eq } from 'drizzle-orm'
import { vehicles } from '#db/schema/index.ts'
import { createVehicleRequest, respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createUser, grantRole } from '#tests/helpers/factory.ts'
import { e2eDb, expect, signInAs, test } from './fixtures.ts'

let seq = 0
const tag = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase()
const vinOf = (t: string) => withVinCheckDigit(`4DRBUAAN0NB${t.replace(/[^0-9]/g, '').padStart(6, '0').slice(-6)}`)

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** One manager of an owner company and of an operator company, a bus, and the bus approved for the operator from `startIn` days on. */
async function assignedLater(page: Parameters<typeof signInAs>[0], startIn: number, endIn: number | null) {
  const t = tag()
  const { user, companies } = await signInAs(page, {
    firstName: 'Stella',
    companies: [
      { name: `States Owner ${t}`, types: ['Owner'], roles: ['Owner'] },
      { name: `States Operator ${t}`, types: ['Operator'], roles: ['Operator'] },
    ],
  })
  const [owner, operator] = companies
  const ctx = await ctxFor(e2eDb(), user.id)
  const bus = await addVehicle(ctx, { ownerId: owner!.id, make: 'Thomas', model: 'Saf-T-Liner', vin: vinOf(`${Date.now()}${seq++}`), licensePlate: `ST-${t.slice(-5)}` })
  const today = todayIn('UTC')
  const start = addDays(today, startIn)
  const request = await createVehicleRequest(ctx, { vehicleIdentifier: bus.vehicleIdentifier, operatorCompanyId: operator!.id, startDate: start, endDate: endIn === null ? null : addDays(today, endIn) })
  await respondToVehicleRequest(ctx, { requestId: request.id, approved: true })
  return { owner: owner!, operator: operator!, bus, start, today, ctx }
}

test.describe('states that read right', () => {
  test('an approved request that starts later reads "Starts on {date}" for the owner and is upcoming on the operator fleet', async ({ page }) => {
    const { owner, operator, bus, start } = await assignedLater(page, 5, 12)
    await page.goto(`/fleet/${owner.id}?open=${bus.id}&tab=operators`)
    const upcoming = page.locator('section[aria-label="Upcoming operators"]')
    await expect(upcoming.getByText(`Starts on ${formatDateOnly(start)}`)).toBeVisible()
    await expect(page.getByText(`No operator until ${formatDateOnly(start)}.`)).toBeVisible()
    await expect(page.getByText('No operator is using this vehicle now.')).toHaveCount(0)
    await expect(page.getByText('Inactive', { exact: true })).toHaveCount(0)

    await page.goto(`/fleetOperator/${operator.id}`)
    const list = page.getByTestId('upcoming-assignments')
    await expect(list.getByTestId(`upcoming-${bus.vehicleIdentifier}`)).toContainText(`Starts on ${formatDateOnly(start)}`)
  })

  test('the request form warns of an overlapping assignment and still sends; a failed request is said once', async ({ page }) => {
    const { operator, bus, today } = await assignedLater(page, 3, 10)
    await page.goto(`/operatorRequestPage/${operator.id}`)
    await page.getByRole('button', { name: 'Create request' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Vehicle identifier').fill(bus.vehicleIdentifier)
    await dialog.getByLabel('Start date').fill(today)
    await dialog.getByLabel('End date').fill(addDays(today, 1))
    // Before the assignment: no warning.
    await page.waitForTimeout(800)
    await expect(dialog.getByTestId('request-overlap-warning')).toHaveCount(0)
    await dialog.getByLabel('End date').fill(addDays(today, 4))
    await expect(dialog.getByTestId('request-overlap-warning')).toContainText('already assigned for part of these dates')
    await dialog.getByRole('button', { name: 'Send request' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(/Vehicle request sent\./)).toBeVisible()

    // The same again: refused (a Pending one exists), said once, in the form, no toast.
    await page.getByRole('button', { name: 'Create request' }).click()
    await dialog.getByLabel('Vehicle identifier').fill(bus.vehicleIdentifier)
    await dialog.getByLabel('Start date').fill(today)
    await dialog.getByRole('button', { name: 'Send request' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The vehicle does not exist or there is already a request for that vehicle.')
    await expect(page.getByText('The vehicle does not exist or there is already a request for that vehicle.')).toHaveCount(1)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  })

  test('the owner sees answered requests; date-times name their zone', async ({ page }) => {
    const { owner, bus } = await assignedLater(page, 2, null)
    await page.goto(`/ownerRequestPage/${owner.id}`)
    const answered = page.getByTestId('answered-requests-table')
    const row = answered.getByRole('row').filter({ hasText: bus.vehicleIdentifier })
    await expect(row).toContainText('Approved')
    await expect(row).toContainText(/\d{1,2}:\d{2} [AP]M UTC/)
  })

  test('the employees page shows every role a person holds in the company', async ({ page }) => {
    const t = tag()
    const { companies } = await signInAs(page, { firstName: 'Rhea', companies: [{ name: `Roles Co ${t}`, types: ['Owner', 'Operator'], roles: ['Operator'] }] })
    const co = companies[0]!
    const db = e2eDb()
    const person = await createUser(db, { firstName: 'Multi', lastName: `Role ${t}` })
    await grantRole(db, person.id, co.id, 'Driver')
    await grantRole(db, person.id, co.id, 'Owner')
    await grantRole(db, person.id, co.id, 'Mechanic', false)
    await page.goto(`/employees/${co.id}`)
    const roles = page.getByTestId(`employee-roles-list-${person.id}`)
    await expect(roles).toContainText('Owner')
    await expect(roles).toContainText('Driver')
    await expect(roles).toContainText('Mechanic (inactive)')
  })

  test('a page refused for lack of a role says so after the redirect', async ({ page }) => {
    const { companies } = await signInAs(page, { firstName: 'Dee', companies: [{ name: `Refused ${tag()}`, types: ['Operator'], roles: ['Driver'] }] })
    await page.goto(`/fleet/${companies[0]!.id}`)
    await expect(page).toHaveURL(/\/dashboard/)
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'You need the Owner role in this company to open that page.' })).toBeVisible()
  })

  test('the VIN lookup says which fields it filled', async ({ page }) => {
    const { companies } = await signInAs(page, { firstName: 'Vic', companies: [{ name: `Vin Co ${tag()}`, types: ['Owner'], roles: ['Owner'] }] })
    await page.goto(`/fleet/${companies[0]!.id}`)
    await page.getByTestId('add-vehicle').first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('VIN').fill('1BAKGCPA1EF296813')
    await dialog.getByTestId('vin-lookup').click()
    await expect(dialog.getByLabel('Make')).toHaveValue('Blue Bird')
    const note = dialog.getByTestId('vin-lookup-note')
    await expect(note).toContainText('Found: Blue Bird')
    await expect(note).toContainText(/Filled: Make, Model, Year built/)
    await expect(dialog.getByTestId('vin-filled-make')).toBeVisible()
    await expect(dialog.getByTestId('vin-filled-yearBuild')).toBeVisible()
    // The outcome is said once: no toast over the dialog.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    // A field changed by hand is no longer marked.
    await dialog.getByLabel('Make').fill('Bluebird')
    await expect(dialog.getByTestId('vin-filled-make')).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('register: rules listed not failed, the terms box survives a refusal, one company field at a time', async ({ page }) => {
    await page.goto('/register')
    const rules = page.locator('#password-rules')
    await expect(rules).toHaveAttribute('data-live', 'false')
    await expect(rules.getByLabel('not met')).toHaveCount(0)
    await expect(rules).toContainText('At least one uppercase letter')

    // One field at a time, by the checked radio.
    await expect(page.getByTestId('company-code-field')).toBeVisible()
    await expect(page.getByTestId('company-name-field')).toBeHidden()
    await page.getByLabel('Create a new company').check()
    await expect(page.getByTestId('company-name-field')).toBeVisible()
    await expect(page.getByTestId('company-code-field')).toBeHidden()
    await page.getByLabel('Join with a company code').check()
    await expect(page.getByTestId('company-code-field')).toBeVisible()

    // A refusal (no captcha answer) keeps the ticked box.
    const t = tag()
    await page.getByLabel('First name').fill('Nojs')
    await page.getByLabel('Last name').fill('Person')
    await page.locator('#email').fill(`nojs-${t.toLowerCase()}@example.com`)
    await page.locator('#password').fill('Valid-password-2026')
    await page.locator('#confirmPassword').fill('Valid-password-2026')
    await page.locator('#terms').check()
    const driver = page.getByRole('checkbox', { name: 'Driver', exact: true })
    await driver.check()
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.locator('#terms')).toBeChecked()
    await expect(driver).toBeChecked()
  })

  test('filter URLs omit empty fields', async ({ page }) => {
    const t = tag()
    const { user, companies } = await signInAs(page, { firstName: 'Fil', companies: [{ name: `Filters ${t}`, types: ['Owner'], roles: ['Owner'] }] })
    const ctx = await ctxFor(e2eDb(), user.id)
    const bus = await addVehicle(ctx, { ownerId: companies[0]!.id, make: 'Gillig', model: 'Low Floor', vin: vinOf(`${Date.now()}${seq++}`), licensePlate: `FL-${t.slice(-5)}` })
    await page.goto(`/fleet/${companies[0]!.id}`)
    const search = page.getByRole('search', { name: 'Filter vehicles' })
    await search.locator('summary').first().click()
    await search.getByLabel('Vehicle identifier').fill(bus.vehicleIdentifier)
    await search.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?vehicleIdentifier=${bus.vehicleIdentifier}$`))
    const [row] = await e2eDb().read.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, bus.id))
    expect(row).toBeTruthy()
    await expect(page.getByRole('row').filter({ hasText: bus.vehicleIdentifier })).toBeVisible()
  })
})
