/**
 * States that read right (issue 12, decisions 059 and 060), through the use cases and their
 * doors: an upcoming assignment, the overlap warning, the owner's answered requests, every role
 * of a person, the role refusal's toast, filter URLs without empty fields, the VIN fill.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as fleetOperatorPage from '#app/routes/_app+/fleetOperator.$companyId.tsx'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import * as operatorPage from '#app/routes/_app+/operatorRequestPage.$companyId.tsx'
import * as ownerPage from '#app/routes/_app+/ownerRequestPage.$companyId.tsx'
import { VEHICLE_REQUEST_INTENT } from '#app/components/requests/intents.ts'
import { overlapWarning } from '#app/components/requests/request-form.ts'
import { emptyVehicleValues } from '#app/components/fleet/vehicle-fields.ts'
import { fillFromVin } from '#app/components/fleet/vin.ts'
import { formatInstant } from '#app/utils/dates.ts'
import { roleRefusalText } from '#app/utils/auth.server.ts'
import { omitEmptySearchParams } from '#app/utils/search-params.server.ts'
import { takeToast } from '#app/utils/toast.server.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { listEmployees } from '#server/companies/employees.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import {
  createVehicleRequest,
  endOperatorAssignment,
  getVehicleOperatorAssignments,
  listAnsweredRequestsByOwner,
  listUpcomingAssignmentsByOperator,
  respondToVehicleRequest,
  vehicleRequestOverlaps,
} from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callRoute, type Handler } from '#tests/helpers/remix.ts'

let db: Database
let owner: number
let operator: number
let managerId: number
let cookie: string
let token: string
let today: string
let seq = 0
const nextVin = () => withVinCheckDigit(`4DRBUAAN0NB${String(200000 + seq++).slice(-6)}`)

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

type Fn = (args: ActionFunctionArgs) => unknown
async function page(fn: Fn, path: string, companyId: number, form?: Record<string, string>) {
  const handler: Handler = (args) => fn({ ...args, params: { companyId: String(companyId) } })
  let body: FormData | undefined
  if (form) {
    body = new FormData()
    for (const [k, v] of Object.entries(form)) body.set(k, v)
  }
  const out = await callRoute(handler, path, cookie, body)
  const line = out.setCookies.find((c) => c.startsWith('operon_toast='))
  const toast = line ? (await takeToast(new Request('http://localhost/', { headers: { cookie: line.split(';')[0]! } }))).toast : null
  return { ...out, toast }
}

async function rest(path: string) {
  const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
  return { status: res.status, body: (await res.json()) as unknown }
}

/** A bus of `owner` approved for `operator` from today + `from` to today + `to` (null: open-ended). */
async function assigned(from: number, to: number | null) {
  const ctx = await ctxFor(db, managerId)
  const bus = await addVehicle(ctx, { ownerId: owner, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: `ST-${seq}` })
  const r = await createVehicleRequest(ctx, { vehicleIdentifier: bus.vehicleIdentifier, operatorCompanyId: operator, startDate: addDays(today, from), endDate: to === null ? null : addDays(today, to) })
  await respondToVehicleRequest(ctx, { requestId: r.id, approved: true })
  return { bus, requestId: r.id }
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  owner = (await createCompany(db, 'States Owner', ['Owner'])).id
  operator = (await createCompany(db, 'States Operator', ['Operator'])).id
  const manager = await createUser(db, { firstName: 'Stella' })
  managerId = manager.id
  await grantRole(db, managerId, owner, 'Owner')
  await grantRole(db, managerId, operator, 'Operator')
  cookie = await webSessionFor(db, managerId)
  token = await apiTokenFor(db, managerId)
  today = todayIn('UTC')
})
afterAll(async () => {
  await db.close()
})

describe('an approved request that starts later', () => {
  it('is Upcoming for the owner (not Inactive), upcoming on the operator fleet, and Ended once ended', async () => {
    const ctx = await ctxFor(db, managerId)
    const { bus } = await assigned(4, 9)
    const [a] = await getVehicleOperatorAssignments(ctx, bus.id)
    expect(a).toMatchObject({ isActive: false, state: 'Upcoming', startDate: addDays(today, 4) })
    // REST keeps the documented shape.
    const r = await rest(`/api/VehicleOperator/getVehicleOperatorAssignments?vehicleId=${bus.id}`)
    expect(r.body).toEqual([{ operatorName: 'States Operator', startDate: addDays(today, 4), endDate: addDays(today, 9), isActive: false }])

    const upcoming = await listUpcomingAssignmentsByOperator(ctx, operator)
    expect(upcoming.map((u) => u.vehicleIdentifier)).toContain(bus.vehicleIdentifier)
    const fleet = await page(fleetOperatorPage.loader as Fn, `/fleetOperator/${operator}`, operator)
    const data = fleet.data as { upcoming: { vehicleIdentifier: string; startDate: string }[] }
    expect(data.upcoming.find((u) => u.vehicleIdentifier === bus.vehicleIdentifier)).toMatchObject({ startDate: addDays(today, 4) })

    await endOperatorAssignment(ctx, { assignmentId: a!.id })
    expect((await getVehicleOperatorAssignments(ctx, bus.id))[0]).toMatchObject({ state: 'Ended' })
    expect((await listUpcomingAssignmentsByOperator(ctx, operator)).map((u) => u.vehicleIdentifier)).not.toContain(bus.vehicleIdentifier)
  })

  it('is Active from its start date', async () => {
    const ctx = await ctxFor(db, managerId)
    const { bus } = await assigned(0, null)
    expect((await getVehicleOperatorAssignments(ctx, bus.id))[0]).toMatchObject({ isActive: true, state: 'Active' })
  })
})

describe('the overlap warning', () => {
  it('names the overlapping dates only, and the page still sends the request, with the warning', async () => {
    const ctx = await ctxFor(db, managerId)
    const { bus } = await assigned(3, 10)
    const input = { operatorCompanyId: operator, vehicleIdentifier: bus.vehicleIdentifier.toLowerCase(), startDate: today }
    expect((await vehicleRequestOverlaps(ctx, { ...input, endDate: addDays(today, 2) })).overlaps).toEqual([])
    const found = await vehicleRequestOverlaps(ctx, { ...input, endDate: addDays(today, 3) })
    expect(found.overlaps).toEqual([{ startDate: addDays(today, 3), endDate: addDays(today, 10) }])
    expect((await vehicleRequestOverlaps(ctx, { ...input, endDate: '' })).overlaps).toHaveLength(1)
    expect((await vehicleRequestOverlaps(ctx, { ...input, vehicleIdentifier: 'NO-SUCH-BUS', endDate: null })).overlaps).toEqual([])
    expect(overlapWarning(found.overlaps)).toMatch(/^This vehicle is already assigned for part of these dates \(.+ – .+\)\. You can still send the request; the owner decides\.$/)

    const sent = await page(operatorPage.action as Fn, `/operatorRequestPage/${operator}`, operator, {
      intent: VEHICLE_REQUEST_INTENT.create,
      vehicleIdentifier: bus.vehicleIdentifier,
      startDate: today,
      endDate: addDays(today, 5),
    })
    expect(sent.status).toBe(302)
    expect(sent.toast).toEqual({ type: 'warning', message: `Vehicle request sent. ${overlapWarning(found.overlaps)}` })
  })

  it('a refused request is said once: the form message, the field pointing to it', async () => {
    const r = await page(operatorPage.action as Fn, `/operatorRequestPage/${operator}`, operator, {
      intent: VEHICLE_REQUEST_INTENT.create,
      vehicleIdentifier: 'NO-SUCH-BUS',
      startDate: today,
      endDate: '',
    })
    expect(r.status).toBe(404)
    const text = 'The vehicle does not exist or there is already a request for that vehicle.'
    expect(r.data).toMatchObject({ formError: text, fieldErrors: { vehicleIdentifier: text } })
  })
})

describe("the owner's answered requests", () => {
  it('lists Approved, Rejected and Cancelled, never Pending, on every door', async () => {
    const ctx = await ctxFor(db, managerId)
    const { requestId: approved } = await assigned(20, 21)
    const bus = await addVehicle(ctx, { ownerId: owner, make: 'Gillig', model: 'Low Floor', vin: nextVin(), licensePlate: 'ST-R' })
    const rejected = await createVehicleRequest(ctx, { vehicleIdentifier: bus.vehicleIdentifier, operatorCompanyId: operator, startDate: today, endDate: null })
    await respondToVehicleRequest(ctx, { requestId: rejected.id, approved: false })
    const pending = await createVehicleRequest(ctx, { vehicleIdentifier: bus.vehicleIdentifier, operatorCompanyId: operator, startDate: today, endDate: null })

    const ids = (await listAnsweredRequestsByOwner(ctx, owner)).map((r) => r.id)
    expect(ids).toEqual(expect.arrayContaining([approved, rejected.id]))
    expect(ids).not.toContain(pending.id)
    const viaRest = await rest(`/api/VehicleOperator/getAnsweredRequestsByOwner?ownerCompanyId=${owner}`)
    expect(viaRest.status).toBe(200)
    expect((viaRest.body as { id: number; status: string }[]).map((r) => r.id)).toEqual(ids)
    const loaded = await page(ownerPage.loader as Fn, `/ownerRequestPage/${owner}`, owner)
    const data = loaded.data as { answered: { requests: { id: number; status: string; requestedAtLabel: string }[] }; list: { requests: { id: number }[] } }
    expect(data.answered.requests.map((r) => r.id)).toEqual(ids)
    expect(data.list.requests.map((r) => r.id)).toContain(pending.id)
    expect(data.answered.requests[0]!.requestedAtLabel).toMatch(/ UTC$/)
  })
})

describe('the employees page', () => {
  it("shows every role of a person in the company (the REST answer keeps its documented shape)", async () => {
    const co = (await createCompany(db, 'States Both', ['Owner', 'Operator'])).id
    await grantRole(db, managerId, co, 'Operator')
    const person = await createUser(db, { firstName: 'Multi' })
    await grantRole(db, person.id, co, 'Driver')
    await grantRole(db, person.id, co, 'Owner')
    await grantRole(db, person.id, co, 'Mechanic', false)
    const { items } = await listEmployees(await ctxFor(db, managerId), { companyId: co, manager: 'Operator' })
    const row = items.find((e) => e.id === person.id)!
    expect(row.roles).toEqual(['Driver'])
    expect(row.companyRoles.map((r) => [r.name, r.isActive])).toEqual([
      ['Owner', true],
      ['Driver', true],
      ['Mechanic', false],
    ])
    const viaRest = await rest(`/api/Employee/getEmployees?companyId=${co}`)
    const restRow = (viaRest.body as Record<string, unknown>[]).find((e) => e.id === person.id)!
    expect(restRow).not.toHaveProperty('companyRoles')
    expect(restRow.roles).toEqual(['Driver'])
  })
})

describe('shared helpers', () => {
  it('a page refused for lack of a role redirects to / with a toast that says why', async () => {
    const driver = await createUser(db, { firstName: 'Dee' })
    await grantRole(db, driver.id, owner, 'Driver')
    const saved = cookie
    cookie = await webSessionFor(db, driver.id)
    try {
      const r = await page(fleetPage.loader as Fn, `/fleet/${owner}`, owner)
      expect(r).toMatchObject({ status: 302, location: '/', toast: { type: 'error', message: 'You need the Owner role in this company to open that page.' } })
    } finally {
      cookie = saved
    }
    expect(roleRefusalText(['Operator', 'RepairShop'])).toBe('You need the Operator or Repair shop role to open that page.')
  })

  it('filter URLs omit empty fields', async () => {
    const thrown = (url: string) => {
      try {
        omitEmptySearchParams(new Request(url))
        return null
      } catch (r) {
        return (r as Response).headers.get('location')
      }
    }
    expect(thrown('http://localhost/fleet/1?make=&model=Vision&vin=&tag=a&tag=')).toBe('/fleet/1?model=Vision&tag=a')
    expect(thrown('http://localhost/fleet/1?make=&vin=')).toBe('/fleet/1')
    expect(thrown('http://localhost/fleet/1?model=Vision')).toBeNull()
    const r = await page(fleetPage.loader as Fn, `/fleet/${owner}?make=&pageSize=20`, owner)
    expect(r).toMatchObject({ status: 302, location: `/fleet/${owner}?pageSize=20` })
  })

  it('date-times name their zone', () => {
    expect(formatInstant('2026-01-15T18:30:00Z', 'America/Los_Angeles')).toBe('Jan 15, 2026, 10:30 AM PST')
    expect(formatInstant('2026-07-15T18:30:00Z', 'UTC')).toBe('Jul 15, 2026, 6:30 PM UTC')
    expect(formatInstant('2026-07-15T18:30:00Z', 'Not/AZone')).toBe('Jul 15, 2026, 6:30 PM UTC')
  })

  it('the VIN fill says which fields it filled, and never fills "Unknown"', () => {
    const found = { make: 'Blue Bird', model: 'All American', modelYear: 2014, numberOfSeats: 72, fuelType: 1, transmissionType: 0, powertrainType: 1, bodyClass: 'Bus - School Bus', weightClass: 'Class 7 (26,001–33,000 lb)' }
    const r = fillFromVin({ ...emptyVehicleValues(), licensePlate: 'KEEP' }, '1BAKGCPA1EF296813', found)
    expect(r.values).toMatchObject({ make: 'Blue Bird', model: 'All American', yearBuild: '2014', fuelType: '1', transmissionType: '0', powertrainType: '1', numberOfSeats: '72', weightClass: 'Class 7 (26,001–33,000 lb)', licensePlate: 'KEEP' })
    expect(r.filled).toEqual(['make', 'model', 'yearBuild', 'fuelType', 'transmissionType', 'powertrainType', 'numberOfSeats', 'weightClass'])
    expect(r.message).toBe(
      'Found: Blue Bird All American 2014 (Bus - School Bus). Filled: Make, Model, Year built, Fuel type, Transmission, Drive type (powertrain), Number of seats, Weight class.',
    )
    const sparse = fillFromVin(emptyVehicleValues(), 'X', { make: 'IC', model: '', modelYear: null, numberOfSeats: null, fuelType: 99, transmissionType: null, powertrainType: null })
    expect(sparse.filled).toEqual(['make'])
    expect(sparse.values.fuelType).toBe(emptyVehicleValues().fuelType)
  })
})
