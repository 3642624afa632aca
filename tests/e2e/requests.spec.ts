import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { vehicles } from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { apiTokenFor } from '#tests/helpers/factory.ts'
import { e2eDb, expect, signInAs, test } from './fixtures.ts'

/** The spec's colours (section 9) as the browser computes them. */
const COLOURS = {
  Pending: 'rgb(255, 165, 0)', // orange
  Approved: 'rgb(152, 251, 152)', // palegreen
  Rejected: 'rgb(240, 128, 128)', // lightcoral
  Cancelled: 'rgb(173, 216, 230)', // lightblue
} as const

let seq = 0
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase()

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** An owner company with a manager (in their own browser) and one bus, and an operator company with a manager (in `page`). */
async function setUp(page: Page, browser: Browser, opts: { javaScriptEnabled?: boolean } = {}) {
  const tag = unique()
  const operator = await signInAs(page, { firstName: 'Olga', companies: [{ name: `Metro Lines ${tag}`, types: ['Operator'], roles: ['Operator'] }] })
  const ownerContext = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled ?? true })
  const ownerPage = await ownerContext.newPage()
  const owner = await signInAs(ownerPage, { firstName: 'Otto', companies: [{ name: `Coach Owners ${tag}`, types: ['Owner'], roles: ['Owner'] }] })
  const vehicleIdentifier = `BUS-${tag}`
  const vin = `1BAKG${tag.padStart(12, '0').slice(-12)}`.replace(/[IOQ]/g, '0')
  await e2eDb().transaction((tx) =>
    tx.insert(vehicles).values({ ownerCompanyId: owner.companies[0]!.id, make: 'Blue Bird', model: 'Vision', vin, vehicleIdentifier, licensePlate: `PL-${tag}` }),
  )
  return {
    operatorId: operator.companies[0]!.id,
    operatorName: operator.companies[0]!.name,
    operatorUserId: operator.user.id,
    ownerId: owner.companies[0]!.id,
    ownerName: owner.companies[0]!.name,
    ownerPage,
    vehicleIdentifier,
  }
}

async function expectStatus(row: Locator, status: keyof typeof COLOURS) {
  const pill = row.locator('[data-slot="status-pill"]')
  await expect(pill).toHaveText(status)
  await expect(pill).toHaveCSS('background-color', COLOURS[status])
}

/** The bus is on the operator's read-only fleet page (Vehicle Management). */
async function expectOnOperatorFleet(page: Page, operatorId: number, vehicleIdentifier: string) {
  await page.goto(`/fleetOperator/${operatorId}`)
  await expect(page.getByRole('row').filter({ hasText: vehicleIdentifier })).toBeVisible()
}

/** The operator's vehicles of active assignments, as a legacy client reads them. */
async function assignedIdentifiers(request: APIRequestContext, operatorUserId: number, operatorId: number) {
  const token = await apiTokenFor(e2eDb(), operatorUserId)
  const res = await request.get(`/api/Fleet/getVehiclesAssignedToOperator?companyId=${operatorId}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { vehicleIdentifier: string }[]).map((v) => v.vehicleIdentifier)
}

test('an operator requests a bus, the owner approves it in another browser, the bus is the operator’s', async ({ page, browser, request }) => {
  test.setTimeout(60_000)
  const s = await setUp(page, browser)
  const today = todayIn('UTC')

  await page.goto(`/operatorRequestPage/${s.operatorId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request vehicle')
  await expect(page.getByText('No vehicle requests yet')).toBeVisible()

  // Once hydrated, Create request opens the dialog (before, it is a link to ?dialog=create).
  await page.getByRole('button', { name: 'Create request' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add vehicle request' })
  await expect(dialog).toBeVisible()
  const start = dialog.getByLabel('Start date')
  const end = dialog.getByLabel(/End date/)
  await expect(start).toHaveAttribute('min', today)
  await expect(end).toHaveAttribute('min', today)

  // The three rules, in the browser, with the spec's texts.
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('All fields except the end date are required.')
  await dialog.getByLabel('Vehicle identifier').fill(s.vehicleIdentifier)
  await start.fill(addDays(today, -1))
  await expect(dialog.getByText('Start date cannot be before today.')).toBeVisible()
  await start.fill(addDays(today, 3))
  await expect(end).toHaveAttribute('min', addDays(today, 3))
  await end.fill(addDays(today, 2))
  await expect(dialog.getByText('End date cannot be before start date.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog).toBeVisible()

  // An unknown vehicle: the server's answer, said once in the form (decision 059), the field marked.
  await end.fill('')
  await dialog.getByLabel('Vehicle identifier').fill('NO-SUCH-BUS')
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The vehicle does not exist or there is already a request for that vehicle.')
  await expect(dialog.getByLabel('Vehicle identifier')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('The vehicle does not exist or there is already a request for that vehicle.')).toHaveCount(1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)

  // From today, open-ended (empty end date).
  await dialog.getByLabel('Vehicle identifier').fill(s.vehicleIdentifier)
  await start.fill(today)
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Vehicle request sent.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: s.vehicleIdentifier })
  await expect(row).toContainText(s.ownerName)
  await expect(row).toContainText('Open-ended')
  await expectStatus(row, 'Pending')
  await expect(row.getByRole('button', { name: `Cancel request for ${s.vehicleIdentifier}` })).toBeVisible()

  // The owner, in their own browser, accepts after a confirmation.
  const owner = s.ownerPage
  await owner.goto(`/ownerRequestPage/${s.ownerId}`)
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Pending Vehicle Requests')
  const pending = owner.getByRole('row').filter({ hasText: s.vehicleIdentifier })
  await expect(pending).toContainText(s.operatorName)
  await expect(pending).toContainText('Open-ended')
  const accept = pending.getByRole('button', { name: `Accept request for ${s.vehicleIdentifier} from ${s.operatorName}` })
  await expect(accept).toHaveAttribute('type', 'button') // hydrated: opens the confirmation
  await accept.click()
  const confirm = owner.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to accept this request?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(pending).toBeVisible()
  await accept.click()
  await confirm.getByRole('button', { name: 'Accept' }).click()
  await expect(owner.getByText('Request approved.')).toBeVisible()
  await expect(owner.getByText('No pending vehicle requests')).toBeVisible()
  // The Owner join requests sit below.
  await expect(owner.getByTestId('owner-join-requests')).toBeVisible()

  // The operator sees Approved (palegreen), no Cancel, and has the bus.
  await page.reload()
  await expectStatus(row, 'Approved')
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0)
  expect(await assignedIdentifiers(request, s.operatorUserId, s.operatorId)).toContain(s.vehicleIdentifier)
  await expectOnOperatorFleet(page, s.operatorId, s.vehicleIdentifier)
  await owner.context().close()
})

test('the same approval with JavaScript disabled', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const s = await setUp(page, browser, { javaScriptEnabled: false })
  const today = todayIn('UTC')

  await page.goto(`/operatorRequestPage/${s.operatorId}`)
  await page.getByRole('link', { name: 'Create request' }).click()
  await expect(page).toHaveURL(/\?dialog=create$/)
  const form = page.getByRole('form', { name: 'Add vehicle request' })
  await form.getByLabel('Vehicle identifier').fill(s.vehicleIdentifier)
  await form.getByLabel('Start date').fill(addDays(today, 5))
  await form.getByLabel(/End date/).fill(addDays(today, 2))
  await form.getByRole('button', { name: 'Send request' }).click()
  // The server's check, with the values kept.
  await expect(page.getByText('End date cannot be before start date.')).toBeVisible()
  await expect(form.getByLabel('Vehicle identifier')).toHaveValue(s.vehicleIdentifier)
  await expect(form.getByLabel('Start date')).toHaveValue(addDays(today, 5))
  await form.getByLabel('Start date').fill(today)
  await form.getByLabel(/End date/).fill(addDays(today, 9))
  await form.getByRole('button', { name: 'Send request' }).click()
  await expect(page).toHaveURL(new RegExp(`/operatorRequestPage/${s.operatorId}$`))
  await expect(page.getByRole('status').filter({ hasText: 'Vehicle request sent.' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: s.vehicleIdentifier })
  await expectStatus(row, 'Pending')

  // The owner's Accept posts at once (no confirmation without JavaScript).
  const owner = s.ownerPage
  await owner.goto(`/ownerRequestPage/${s.ownerId}`)
  const pending = owner.getByRole('row').filter({ hasText: s.vehicleIdentifier })
  await expect(pending).toContainText(s.operatorName)
  await pending.getByRole('button', { name: `Accept request for ${s.vehicleIdentifier} from ${s.operatorName}` }).click()
  await expect(owner.getByRole('status').filter({ hasText: 'Request approved.' })).toBeVisible()
  await expect(owner.getByText('No pending vehicle requests')).toBeVisible()

  await page.reload()
  await expectStatus(row, 'Approved')
  expect(await assignedIdentifiers(request, s.operatorUserId, s.operatorId)).toContain(s.vehicleIdentifier)
  await owner.context().close()
  await context.close()
})

test('an operator cancels a Pending request after a confirmation; an owner rejects another', async ({ page, browser }) => {
  test.setTimeout(60_000)
  const s = await setUp(page, browser)
  const today = todayIn('UTC')
  const send = async (startDate: string) => {
    await page.getByRole('button', { name: 'Create request' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add vehicle request' })
    await dialog.getByLabel('Vehicle identifier').fill(s.vehicleIdentifier)
    await dialog.getByLabel('Start date').fill(startDate)
    await dialog.getByRole('button', { name: 'Send request' }).click()
    await expect(dialog).toBeHidden()
  }

  await page.goto(`/operatorRequestPage/${s.operatorId}`)
  await send(addDays(today, 1))
  const row = page.getByRole('row').filter({ hasText: s.vehicleIdentifier })
  await row.getByRole('button', { name: `Cancel request for ${s.vehicleIdentifier}` }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to cancel this request?')
  await confirm.getByRole('button', { name: 'Cancel request' }).click()
  await expect(page.getByText('Request cancelled.')).toBeVisible()
  await expectStatus(row, 'Cancelled')

  // A new request for the same bus, rejected by the owner.
  await send(addDays(today, 2))
  const owner = s.ownerPage
  await owner.goto(`/ownerRequestPage/${s.ownerId}`)
  const reject = owner.getByRole('button', { name: `Reject request for ${s.vehicleIdentifier} from ${s.operatorName}` })
  await expect(reject).toHaveAttribute('type', 'button')
  await reject.click()
  const ownerConfirm = owner.getByRole('alertdialog')
  await expect(ownerConfirm).toContainText('Are you sure you want to reject this request?')
  await ownerConfirm.getByRole('button', { name: 'Reject' }).click()
  await expect(owner.getByText('Request rejected.')).toBeVisible()

  await page.reload()
  const statuses = page.getByRole('row').filter({ hasText: s.vehicleIdentifier }).locator('[data-slot="status-pill"]')
  await expect(statuses).toHaveText(['Rejected', 'Cancelled'])
  await expect(statuses.first()).toHaveCSS('background-color', COLOURS.Rejected)
  await owner.context().close()
})
