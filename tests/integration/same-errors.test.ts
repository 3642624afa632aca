/**
 * One rule, every door (decision 014): the page action, tRPC and REST refuse
 * the same bad input of the vehicle request and the vehicle forms with the
 * same field errors, all of them at once. Real database, real route modules
 * and handlers; only the transport (a Request object) is made up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import * as operatorPage from '#app/routes/_app+/operatorRequestPage.$companyId.tsx'
import { doors } from '#app/doors.server.ts'
import type { VehicleFormResult } from '#app/components/fleet/vehicle-fields.ts'
import type { CreateRequestResult } from '#app/components/requests/request-form.ts'
import { VEHICLE_REQUEST_TEXT } from '#catalog/texts.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

let db: Database
let ownerCo: number
let operatorCo: number
let owner: { id: number; cookie: string; token: string }
let operator: { id: number; cookie: string; token: string }

const context = { cspNonce: '', clientIp: '127.0.0.1' }
const day = (offset: number) => new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)

async function person(companyId: number, role: 'Owner' | 'Operator') {
  const user = await createUser(db)
  await grantRole(db, user.id, companyId, role)
  return { id: user.id, cookie: await webSessionFor(db, user.id), token: await apiTokenFor(db, user.id) }
}

/** REST (bearer token): the `errors` of the `{ message, errors }` body. */
async function rest(method: string, path: string, token: string, body: unknown) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const res = await doors.rest(request, context)
  return { status: res.status, errors: ((await res.json()) as { errors?: Record<string, string> }).errors }
}

/** tRPC (session cookie, as the widgets call it): the error's `data.fieldErrors`. */
async function trpc(procedure: string, cookie: string, input: unknown) {
  const request = new Request(`http://localhost/trpc/${procedure}`, {
    method: 'POST',
    headers: { cookie: `operon_session=${cookie}`, 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify(input),
  })
  const res = await doors.trpc(request, context)
  const body = (await res.json()) as { error?: { data?: { fieldErrors?: Record<string, string> | null } } }
  return { status: res.status, errors: body.error?.data?.fieldErrors ?? undefined }
}

/** The page action (session cookie, a plain form post): the form's `fieldErrors`. */
async function page<T extends { fieldErrors: object }>(action: unknown, path: string, companyId: number, cookie: string, form: Record<string, string>) {
  const r = await callPage(action as PageHandler, path, { cookie, params: { companyId: String(companyId) }, form })
  return { status: r.status, errors: (r.body as T).fieldErrors }
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'Same Errors Leasing', ['Owner'])).id
  operatorCo = (await createCompany(db, 'Same Errors Transit', ['Operator'])).id
  owner = await person(ownerCo, 'Owner')
  operator = await person(operatorCo, 'Operator')
})
afterAll(async () => {
  await db.close()
})

describe('the vehicle request: the same field errors at every door', () => {
  /** "Send request" through the page, tRPC vehicleRequests.create and REST createRequest. */
  const atEveryDoor = async (bad: Record<string, string>) => [
    await page<CreateRequestResult>(operatorPage.action, `/operatorRequestPage/${operatorCo}`, operatorCo, operator.cookie, { intent: 'createVehicleRequest', ...bad }),
    await trpc('vehicleRequests.create', operator.cookie, { ...bad, operatorCompanyId: operatorCo }),
    await rest('POST', '/api/VehicleOperator/createRequest', operator.token, { ...bad, operatorCompanyId: operatorCo }),
  ]

  it('names every broken rule at once (required, start before today, end before start)', async () => {
    const bad = { vehicleIdentifier: '', startDate: day(-1), endDate: day(-2) }
    const expected = {
      vehicleIdentifier: VEHICLE_REQUEST_TEXT.required,
      startDate: VEHICLE_REQUEST_TEXT.startBeforeToday,
      endDate: VEHICLE_REQUEST_TEXT.endBeforeStart,
    }
    for (const door of await atEveryDoor(bad)) expect(door).toEqual({ status: 400, errors: expected })
  })

  it('a missing start date is "required" at every door, the open end is fine', async () => {
    const bad = { vehicleIdentifier: 'BUS-1', startDate: '', endDate: '' }
    const expected = { startDate: VEHICLE_REQUEST_TEXT.required }
    for (const door of await atEveryDoor(bad)) expect(door).toEqual({ status: 400, errors: expected })
  })
})

describe('the vehicle form: the same field errors at every door', () => {
  const bad = { make: '', model: ' ', vin: 'ABC', licensePlate: '', yearBuild: '1800', manufactureDate: '2021-02-30', odometer: '-5' }
  const expected = {
    make: 'Make is required',
    model: 'Model is required',
    vin: 'A VIN has 17 letters and digits (no I, O or Q)',
    licensePlate: 'License plate is required',
    yearBuild: expect.stringMatching(/^At least /),
    manufactureDate: 'Enter a real date',
    odometer: 'At least 0',
  }

  it('adding: page action, tRPC fleet.add and REST addVehicle agree', async () => {
    const byPage = await page<VehicleFormResult>(fleetPage.action, `/fleet/${ownerCo}?dialog=add`, ownerCo, owner.cookie, { intent: 'addVehicle', ...bad })
    const byTrpc = await trpc('fleet.add', owner.cookie, { ...bad, ownerId: ownerCo })
    const byRest = await rest('POST', '/api/Fleet/addVehicle', owner.token, { ...bad, ownerId: ownerCo })
    for (const door of [byPage, byTrpc, byRest]) expect(door).toEqual({ status: 400, errors: expected })
    expect(byPage.errors).toEqual(byRest.errors)
    expect(byTrpc.errors).toEqual(byRest.errors)
  })

  it('editing: page action, tRPC fleet.update and REST updateVehicle agree', async () => {
    const vehicle = await addVehicle(await ctxFor(db, owner.id), {
      ownerId: ownerCo,
      make: 'Blue Bird',
      model: 'Vision',
      vin: withVinCheckDigit('1BAKGCPA0NF300001'),
      licensePlate: 'SAME-1',
    })
    const id = String(vehicle.id)
    const byPage = await page<VehicleFormResult>(fleetPage.action, `/fleet/${ownerCo}?dialog=edit&id=${id}`, ownerCo, owner.cookie, { intent: 'updateVehicle', id, ...bad })
    const byTrpc = await trpc('fleet.update', owner.cookie, { ...bad, id: vehicle.id })
    const byRest = await rest('PUT', '/api/Fleet/updateVehicle', owner.token, { ...bad, id: vehicle.id })
    for (const door of [byPage, byTrpc, byRest]) expect(door).toEqual({ status: 400, errors: expected })
  })
})
