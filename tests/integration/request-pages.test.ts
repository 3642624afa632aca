/**
 * The vehicle request pages through their Remix loaders and actions, as a
 * browser without JavaScript uses them: a session cookie, form posts, answers
 * with the form's values and messages, redirects carrying a toast cookie.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments, vehicleRequests, vehicles } from '#db/schema/index.ts'
import * as operatorPage from '#app/routes/_app+/operatorRequestPage.$companyId.tsx'
import * as ownerPage from '#app/routes/_app+/ownerRequestPage.$companyId.tsx'
import { VEHICLE_REQUEST_INTENT } from '#app/components/requests/intents.ts'
import { validateRequestForm } from '#app/components/requests/request-form.ts'
import { takeToast } from '#app/utils/toast.server.ts'
import type { CompanyType, RoleName } from '#catalog/roles.ts'
import { isAppError } from '#server/errors.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { REQUEST_TEXT, respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callRoute, type Handler } from '#tests/helpers/remix.ts'

let db: Database

type LoaderFn = (args: ActionFunctionArgs) => unknown

/** A route's loader or action called for /{page}/{companyId}, with the route's params. */
async function call(fn: LoaderFn, page: string, companyId: number, cookie: string | undefined, form?: Record<string, string>, search = '') {
  const handler: Handler = (args) => fn({ ...args, params: { companyId: String(companyId) } })
  let body: FormData | undefined
  if (form) {
    body = new FormData()
    for (const [k, v] of Object.entries(form)) body.set(k, v)
  }
  const out = await callRoute(handler, `/${page}/${companyId}${search}`, cookie, body)
  const cookieLine = out.setCookies.find((c) => c.startsWith('operon_toast='))
  const toast = cookieLine
    ? (await takeToast(new Request('http://localhost/', { headers: { cookie: cookieLine.split(';')[0]! } }))).toast
    : null
  return { ...out, toast }
}

const operatorCall = (companyId: number, cookie: string | undefined, form?: Record<string, string>, search?: string) =>
  call(form ? (operatorPage.action as LoaderFn) : (operatorPage.loader as LoaderFn), 'operatorRequestPage', companyId, cookie, form, search)
const ownerCall = (companyId: number, cookie: string | undefined, form?: Record<string, string>) =>
  call(form ? (ownerPage.action as LoaderFn) : (ownerPage.loader as LoaderFn), 'ownerRequestPage', companyId, cookie, form)

type OperatorData = Awaited<ReturnType<typeof operatorPage.loader>>
type OwnerData = Awaited<ReturnType<typeof ownerPage.loader>>

async function manager(companyId: number, role: RoleName, firstName = 'Morgan') {
  const user = await createUser(db, { firstName })
  await grantRole(db, user.id, companyId, role)
  return { user, cookie: await webSessionFor(db, user.id) }
}

async function company(name: string, types: CompanyType[]) {
  return (await createCompany(db, name, types)).id
}

let vinSeq = 0
/** A bus of the owner company, inserted directly. */
async function insertBus(ownerCompanyId: number, vehicleIdentifier: string) {
  const vin = `1BAKGCPA${String(100000000 + vinSeq++).slice(-9)}`
  const [v] = await db.transaction((tx) =>
    tx
      .insert(vehicles)
      .values({ ownerCompanyId, make: 'Blue Bird', model: 'Vision', vin, vehicleIdentifier, licensePlate: `PL-${vehicleIdentifier}` })
      .returning(),
  )
  return v!
}

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

async function requestRow(id: number) {
  const [r] = await db.read.select().from(vehicleRequests).where(eq(vehicleRequests.id, id))
  return r!
}

async function requestIdFor(vehicleId: number, operatorCompanyId: number) {
  const rows = await db.read
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.vehicleId, vehicleId), eq(vehicleRequests.operatorCompanyId, operatorCompanyId)))
  return rows[rows.length - 1]!.id
}

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(async () => {
  await db.close()
})

describe('browser rules', () => {

  it('checks the three rules; an empty end date is fine', () => {
    const today = '2030-05-10'
    expect(validateRequestForm({ vehicleIdentifier: 'BUS-1', startDate: today, endDate: '' }, today)).toEqual({ formError: null, fieldErrors: {} })
    expect(validateRequestForm({ vehicleIdentifier: ' ', startDate: '', endDate: '' }, today)).toEqual({
      formError: REQUEST_TEXT.required,
      fieldErrors: { vehicleIdentifier: REQUEST_TEXT.required, startDate: REQUEST_TEXT.required },
    })
    expect(validateRequestForm({ vehicleIdentifier: 'BUS-1', startDate: '2030-05-09', endDate: '2030-05-08' }, today).fieldErrors).toEqual({
      startDate: REQUEST_TEXT.startBeforeToday,
      endDate: REQUEST_TEXT.endBeforeStart,
    })
  })
})

describe('operator request page', () => {
  let owner: number
  let operator: number
  let operatorManager: Awaited<ReturnType<typeof manager>>
  let today: string
  let bus: Awaited<ReturnType<typeof insertBus>>

  beforeAll(async () => {
    owner = await company('Pages Owner Coaches', ['Owner'])
    operator = await company('Pages Operator Lines', ['Operator'])
    operatorManager = await manager(operator, 'Operator', 'Olga')
    bus = await insertBus(owner, 'PAGE-BUS-1')
    today = todayIn('UTC')
  })

  it('shows the title, the company today and an empty list; ?dialog=create opens the form inline', async () => {
    const r = await operatorCall(operator, operatorManager.cookie)
    const body = r.data as unknown as OperatorData
    expect(body).toMatchObject({ title: 'Request vehicle', companyId: operator, createInline: false, list: { requests: [], error: null } })
    expect(body.today).toBe(today)
    const inline = await operatorCall(operator, operatorManager.cookie, undefined, '?dialog=create')
    expect((inline.data as unknown as OperatorData).createInline).toBe(true)
  })

  it('refuses Owner managers and people without a session', async () => {
    const ownerManager = await manager(owner, 'Owner')
    expect(await operatorCall(operator, ownerManager.cookie)).toMatchObject({ status: 302, location: '/' })
    expect((await operatorCall(operator, undefined)).location).toMatch(/^\/login/)
    const form = { intent: VEHICLE_REQUEST_INTENT.create, vehicleIdentifier: bus.vehicleIdentifier, startDate: today, endDate: '' }
    expect(await operatorCall(operator, ownerManager.cookie, form)).toMatchObject({ status: 302, location: '/' })
  })

  it('answers each rule with the spec text, keeping the values', async () => {
    const create = (vehicleIdentifier: string, startDate: string, endDate: string) =>
      operatorCall(operator, operatorManager.cookie, { intent: VEHICLE_REQUEST_INTENT.create, vehicleIdentifier, startDate, endDate }, '?dialog=create')

    const missing = await create('', '', '2031-01-01')
    expect(missing.status).toBe(400)
    expect(missing.data).toMatchObject({
      intent: VEHICLE_REQUEST_INTENT.create,
      formError: 'All fields except the end date are required.',
      fieldErrors: { vehicleIdentifier: 'All fields except the end date are required.', startDate: 'All fields except the end date are required.' },
      values: { vehicleIdentifier: '', startDate: '', endDate: '2031-01-01' },
    })

    const past = await create(bus.vehicleIdentifier, addDays(today, -1), '')
    expect(past.status).toBe(400)
    expect(past.data).toMatchObject({ formError: null, fieldErrors: { startDate: 'Start date cannot be before today.' } })
    expect(past.data!.values).toEqual({ vehicleIdentifier: bus.vehicleIdentifier, startDate: addDays(today, -1), endDate: '' })

    const backwards = await create(bus.vehicleIdentifier, addDays(today, 5), addDays(today, 4))
    expect(backwards.status).toBe(400)
    expect(backwards.data).toMatchObject({ formError: null, fieldErrors: { endDate: 'End date cannot be before start date.' } })

    const unknown = await create('NO-SUCH-BUS', today, '')
    expect(unknown.status).toBe(404)
    expect(unknown.data).toMatchObject({ formError: 'The vehicle does not exist or there is already a request for that vehicle.' })

    const rows = await db.read.select().from(vehicleRequests).where(eq(vehicleRequests.operatorCompanyId, operator))
    expect(rows).toHaveLength(0)
  })

  it('creates an open-ended request (empty end date → null), lists it; a second Pending one is refused', async () => {
    const form = { intent: VEHICLE_REQUEST_INTENT.create, vehicleIdentifier: bus.vehicleIdentifier.toLowerCase(), startDate: today, endDate: '' }
    const r = await operatorCall(operator, operatorManager.cookie, form, '?dialog=create')
    expect(r).toMatchObject({ status: 302, location: `/operatorRequestPage/${operator}`, toast: { type: 'success', message: 'Vehicle request sent.' } })
    const row = await requestRow(await requestIdFor(bus.id, operator))
    expect(row).toMatchObject({ status: 'Pending', startDate: today, endDate: null, ownerCompanyId: owner })

    const list = (await operatorCall(operator, operatorManager.cookie)).data as unknown as OperatorData
    expect(list.list.requests).toHaveLength(1)
    expect(list.list.requests[0]).toMatchObject({
      vehicleIdentifier: 'PAGE-BUS-1',
      ownerCompanyName: 'Pages Owner Coaches',
      status: 'Pending',
      endDate: null,
      endDateLabel: 'Open-ended',
    })
    expect(list.list.requests[0]!.requestedAtLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M [A-Z][A-Za-z0-9+:-]+$/)

    const again = await operatorCall(operator, operatorManager.cookie, form)
    expect(again.status).toBe(409)
    expect(again.data).toMatchObject({ formError: 'The vehicle does not exist or there is already a request for that vehicle.' })
  })

  it('cancels a Pending request; cancelling again changes nothing and shows no toast (only logged)', async () => {
    const id = await requestIdFor(bus.id, operator)
    const form = { intent: VEHICLE_REQUEST_INTENT.cancel, requestId: String(id) }
    const r = await operatorCall(operator, operatorManager.cookie, form)
    expect(r).toMatchObject({ status: 302, location: `/operatorRequestPage/${operator}`, toast: { type: 'success', message: 'Request cancelled.' } })
    expect((await requestRow(id)).status).toBe('Cancelled')
    const again = await operatorCall(operator, operatorManager.cookie, form)
    expect(again).toMatchObject({ status: 302, location: `/operatorRequestPage/${operator}`, toast: null })
    expect((await requestRow(id)).status).toBe('Cancelled')
  })

  it("cannot cancel another operator's request", async () => {
    const other = await company('Pages Other Operator', ['Operator'])
    const otherManager = await manager(other, 'Operator')
    const otherBus = await insertBus(owner, 'PAGE-BUS-X')
    await operatorCall(other, otherManager.cookie, { intent: VEHICLE_REQUEST_INTENT.create, vehicleIdentifier: otherBus.vehicleIdentifier, startDate: today, endDate: '' })
    const id = await requestIdFor(otherBus.id, other)
    const r = await operatorCall(operator, operatorManager.cookie, { intent: VEHICLE_REQUEST_INTENT.cancel, requestId: String(id) })
    expect(r.toast).toBeNull()
    expect((await requestRow(id)).status).toBe('Pending')
  })
})

describe('owner request page', () => {
  let owner: number
  let operatorA: number
  let operatorB: number
  let ownerManager: Awaited<ReturnType<typeof manager>>
  let managerA: Awaited<ReturnType<typeof manager>>
  let managerB: Awaited<ReturnType<typeof manager>>
  let today: string

  beforeAll(async () => {
    owner = await company('Answer Owner Coaches', ['Owner'])
    operatorA = await company('Answer Lines A', ['Operator'])
    operatorB = await company('Answer Lines B', ['Operator'])
    ownerManager = await manager(owner, 'Owner', 'Otto')
    managerA = await manager(operatorA, 'Operator', 'Ann')
    managerB = await manager(operatorB, 'Operator', 'Ben')
    today = todayIn('UTC')
  })

  async function ask(companyId: number, cookie: string, vehicleIdentifier: string, startDate: string, endDate = '') {
    const r = await operatorCall(companyId, cookie, { intent: VEHICLE_REQUEST_INTENT.create, vehicleIdentifier, startDate, endDate })
    expect(r.status).toBe(302)
  }

  it('lists Pending requests and the Owner join requests; refuses Operator managers', async () => {
    const bus = await insertBus(owner, 'ANS-BUS-0')
    await ask(operatorA, managerA.cookie, bus.vehicleIdentifier, addDays(today, 1), addDays(today, 3))
    const r = await ownerCall(owner, ownerManager.cookie)
    const body = r.data as unknown as OwnerData
    expect(body.title).toBe('Pending Vehicle Requests')
    expect(body.list.requests.find((x) => x.vehicleIdentifier === 'ANS-BUS-0')).toMatchObject({
      operatorCompanyName: 'Answer Lines A',
      status: 'Pending',
      startDate: addDays(today, 1),
      endDate: addDays(today, 3),
    })
    expect(body.joinRequests).toMatchObject({ companyId: owner, error: null })
    expect(await ownerCall(owner, managerA.cookie)).toMatchObject({ status: 302, location: '/' })
  })

  it('approves through the action: "Request approved." and an operator assignment', async () => {
    const bus = await insertBus(owner, 'ANS-BUS-1')
    await ask(operatorA, managerA.cookie, bus.vehicleIdentifier, today, '')
    const id = await requestIdFor(bus.id, operatorA)
    const r = await ownerCall(owner, ownerManager.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(id) })
    expect(r).toMatchObject({ status: 302, location: `/ownerRequestPage/${owner}`, toast: { type: 'success', message: 'Request approved.' } })
    expect(await requestRow(id)).toMatchObject({ status: 'Approved', message: 'Request approved.' })
    const assignments = await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.requestId, id))
    expect(assignments).toEqual([expect.objectContaining({ vehicleId: bus.id, operatorCompanyId: operatorA, startDate: today, endDate: null })])

    // The operator sees it Approved.
    const mine = (await operatorCall(operatorA, managerA.cookie)).data as unknown as OperatorData
    expect(mine.list.requests.find((x) => x.id === id)?.status).toBe('Approved')

    // A double click: the second answer is a 409 with its message, nothing changes.
    const again = await ownerCall(owner, ownerManager.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(id) })
    expect(again.toast).toEqual({ type: 'error', message: 'Failed to respond to request. This request was already answered' })
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.vehicleId, bus.id))).toHaveLength(1)
  })

  it('refuses an overlapping second approval with the reason; the request stays Pending', async () => {
    const bus = await insertBus(owner, 'ANS-BUS-2')
    await ask(operatorA, managerA.cookie, bus.vehicleIdentifier, addDays(today, 2), addDays(today, 10))
    await ask(operatorB, managerB.cookie, bus.vehicleIdentifier, addDays(today, 8), '')
    const first = await requestIdFor(bus.id, operatorA)
    const second = await requestIdFor(bus.id, operatorB)
    expect((await ownerCall(owner, ownerManager.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(first) })).toast).toMatchObject({
      type: 'success',
    })
    const r = await ownerCall(owner, ownerManager.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(second) })
    expect(r).toMatchObject({
      status: 302,
      location: `/ownerRequestPage/${owner}`,
      toast: { type: 'error', message: `Failed to respond to request. ${REQUEST_TEXT.overlap}` },
    })
    expect((await requestRow(second)).status).toBe('Pending')
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.vehicleId, bus.id))).toHaveLength(1)
    // Still on the list, to be rejected.
    const list = (await ownerCall(owner, ownerManager.cookie)).data as unknown as OwnerData
    expect(list.list.requests.map((x) => x.id)).toContain(second)
  })

  it('rejects through the action: "Request rejected.", no assignment', async () => {
    const bus = await insertBus(owner, 'ANS-BUS-3')
    await ask(operatorB, managerB.cookie, bus.vehicleIdentifier, today, addDays(today, 1))
    const id = await requestIdFor(bus.id, operatorB)
    const r = await ownerCall(owner, ownerManager.cookie, { intent: VEHICLE_REQUEST_INTENT.reject, requestId: String(id) })
    expect(r).toMatchObject({ status: 302, toast: { type: 'success', message: 'Request rejected.' } })
    expect(await requestRow(id)).toMatchObject({ status: 'Rejected', message: 'Request rejected.' })
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.requestId, id))).toHaveLength(0)
  })

  it("another company's owner cannot approve (404), the request stays Pending", async () => {
    const bus = await insertBus(owner, 'ANS-BUS-4')
    await ask(operatorA, managerA.cookie, bus.vehicleIdentifier, today, '')
    const id = await requestIdFor(bus.id, operatorA)
    const otherOwner = await company('Answer Other Owner', ['Owner'])
    const stranger = await manager(otherOwner, 'Owner', 'Sam')

    const r = await ownerCall(otherOwner, stranger.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(id) })
    expect(r).toMatchObject({ status: 302, location: `/ownerRequestPage/${otherOwner}`, toast: { type: 'error', message: 'Failed to respond to request. Request not found' } })
    // Nor through the page of the right company, without its role.
    expect(await ownerCall(owner, stranger.cookie, { intent: VEHICLE_REQUEST_INTENT.approve, requestId: String(id) })).toMatchObject({ status: 302, location: '/' })
    // The use case answers 404.
    const err = await respondToVehicleRequest(await ctxFor(db, stranger.user.id), { requestId: id, approved: true }).catch((e: unknown) => e)
    expect(isAppError(err) && err.status).toBe(404)
    expect((await requestRow(id)).status).toBe('Pending')
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.requestId, id))).toHaveLength(0)
  })
})
