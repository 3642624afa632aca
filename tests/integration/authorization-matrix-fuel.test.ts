/**
 * The authorization matrix of the fuel and energy log (issue 36 point 2, decision 085): every
 * door (REST with a bearer token, tRPC and the pages with a session cookie) of recording a fill-up,
 * the company's log, a bus's records and the driver's /fuelUp screen, as the owner's manager, the
 * operator's manager (active assignment), the driver of the bus, a driver of another bus, the
 * operator's mechanic, a manager of an unrelated company and nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { assign } from '#tests/helpers/inspection-records.ts'
import { viaRest, viaTrpc, viaPage, type ActorKind, type Call, type MatrixWorld, type PageCall, type World } from '#tests/helpers/authorization-matrix.ts'
import * as fuelUpPage from '#app/routes/_app+/fuelUp.$vehicleId.tsx'
import * as fuelLogPage from '#app/routes/_app+/fuel.$companyId.tsx'

const PEOPLE = ['owner', 'operator', 'driver', 'otherDriver', 'mechanic', 'unrelated', 'anonymous'] as const
type Person = (typeof PEOPLE)[number]
/** `dashboard`: the vehicle page sends a refused caller back to the dashboard with the reason (as the pre-trip does). */
type Answer = number | 'login' | 'home' | 'dashboard'

interface Row {
  name: string
  call: (p: Person) => Promise<Call>
  rest?: Record<Person, number>
  trpc?: Record<Person, number>
  page?: Record<Person, Answer>
}

let db: Database
let m: MatrixWorld
const ids = {} as { owner: number; operator: number; otherOperator: number; unrelated: number }
const companyOf = (p: Person) =>
  ({ owner: ids.owner, operator: ids.operator, driver: ids.operator, otherDriver: ids.otherOperator, mechanic: ids.operator, unrelated: ids.unrelated, anonymous: ids.owner })[p]

let odometer = 20_000
/** A diesel bus of the owner assigned to the operator (the other operator holds another bus). */
async function newBus() {
  const v = await insertVehicle(db, ids.owner, { odometer: 10_000, fuelUnit: 'gal', fuelCapacityMilli: 150_000 })
  await assign(db, v.id, ids.operator)
  const other = await insertVehicle(db, ids.owner, { odometer: 10_000 })
  await assign(db, other.id, ids.otherOperator)
  return v.id
}
const fillUp = (vehicleId: number) => ({ vehicleId, odometer: odometer++, quantity: '42.5', total: '150.25', station: 'Yard' })
const asForm = (input: ReturnType<typeof fillUp>) => ({ odometer: String(input.odometer), quantity: input.quantity, total: input.total, station: input.station })

/** The page door, with the vehicle pages' way out: a redirect to /dashboard (with the refusal as a toast). */
async function pageAnswer(page: PageCall, actor: ActorKind): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (m.cookies[actor]) headers.cookie = `operon_session=${m.cookies[actor]}`
  const request = new Request(`http://localhost${page.path}`, { method: page.form ? 'POST' : 'GET', headers, body: page.form ? new URLSearchParams(page.form) : undefined })
  try {
    const out = await page.handler({ request, params: page.params ?? {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    if (out instanceof Response && out.headers.get('location') === '/dashboard') return 'dashboard'
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get('location') === '/dashboard') return 'dashboard'
  }
  return viaPage(m, page, actor)
}

const fuelUpCall = (vehicleId: number, form?: Record<string, string>): PageCall => ({
  handler: form ? fuelUpPage.action : fuelUpPage.loader,
  path: `/fuelUp/${vehicleId}`,
  params: { vehicleId: String(vehicleId) },
  form,
})
const logCall = (p: Person, form?: Record<string, string>): PageCall => ({
  handler: form ? fuelLogPage.action : fuelLogPage.loader,
  path: `/fuel/${companyOf(p)}`,
  params: { companyId: String(companyOf(p)) },
  form,
})

// Recording: the bus's driver and the two companies' managers; the operator's mechanic sees the bus (403); anyone else 404.
const RECORD_REST: Record<Person, number> = { owner: 201, operator: 201, driver: 201, otherDriver: 404, mechanic: 403, unrelated: 404, anonymous: 401 }
const RECORD_TRPC: Record<Person, number> = { ...RECORD_REST, owner: 200, operator: 200, driver: 200 }

const ROWS: Row[] = [
  {
    name: 'record a fill-up (REST, tRPC, the phone screen)',
    call: async () => {
      const vehicleId = await newBus()
      const input = fillUp(vehicleId)
      return {
        rest: { method: 'POST', path: '/api/Fuel/record', body: input },
        trpc: { path: 'fuel.record', type: 'mutation', input: fillUp(vehicleId) },
        page: fuelUpCall(vehicleId, asForm(fillUp(vehicleId))),
      }
    },
    rest: RECORD_REST,
    trpc: RECORD_TRPC,
    page: { owner: 200, operator: 200, driver: 200, otherDriver: 'dashboard', mechanic: 'dashboard', unrelated: 'dashboard', anonymous: 'login' },
  },
  {
    name: 'record a fill-up by hand (the log’s form)',
    call: async (p) => {
      const vehicleId = await newBus()
      return { page: logCall(p, { vehicleId: String(vehicleId), ...asForm(fillUp(vehicleId)) }) }
    },
    // Managers of the log's company; a bus it neither owns nor holds: the use case's 404 on the form.
    page: { owner: 200, operator: 200, driver: 'home', otherDriver: 'home', mechanic: 'home', unrelated: 404, anonymous: 'login' },
  },
  {
    name: 'the phone screen (and tRPC fuel.context)',
    call: async () => {
      const vehicleId = await newBus()
      return { trpc: { path: 'fuel.context', type: 'query', input: { vehicleId } }, page: fuelUpCall(vehicleId) }
    },
    trpc: { owner: 200, operator: 200, driver: 200, otherDriver: 404, mechanic: 403, unrelated: 404, anonymous: 401 },
    page: { owner: 200, operator: 200, driver: 200, otherDriver: 'dashboard', mechanic: 'dashboard', unrelated: 'dashboard', anonymous: 'login' },
  },
  {
    name: 'the log of one’s own company',
    call: async (p) => ({
      rest: { method: 'GET', path: `/api/Fuel/company/${companyOf(p)}?pageSize=10` },
      trpc: { path: 'fuel.list', type: 'query', input: { companyId: companyOf(p) } },
      page: logCall(p),
    }),
    // Owner, operator and drivers read their part; a mechanic has none (403).
    rest: { owner: 200, operator: 200, driver: 200, otherDriver: 200, mechanic: 403, unrelated: 200, anonymous: 401 },
    trpc: { owner: 200, operator: 200, driver: 200, otherDriver: 200, mechanic: 403, unrelated: 200, anonymous: 401 },
    page: { owner: 200, operator: 200, driver: 200, otherDriver: 200, mechanic: 'home', unrelated: 200, anonymous: 'login' },
  },
  {
    name: 'the owner’s log, asked by others',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Fuel/company/${ids.owner}` },
      trpc: { path: 'fuel.list', type: 'query', input: { companyId: ids.owner } },
      page: { handler: fuelLogPage.loader, path: `/fuel/${ids.owner}`, params: { companyId: String(ids.owner) } },
    }),
    rest: { owner: 200, operator: 403, driver: 403, otherDriver: 403, mechanic: 403, unrelated: 403, anonymous: 401 },
    trpc: { owner: 200, operator: 403, driver: 403, otherDriver: 403, mechanic: 403, unrelated: 403, anonymous: 401 },
    page: { owner: 200, operator: 'home', driver: 'home', otherDriver: 'home', mechanic: 'home', unrelated: 'home', anonymous: 'login' },
  },
  {
    name: 'a bus’s records',
    call: async () => {
      const vehicleId = await newBus()
      return { rest: { method: 'GET', path: `/api/Fuel/vehicle/${vehicleId}` }, trpc: { path: 'fuel.vehicle', type: 'query', input: { vehicleId } } }
    },
    rest: { owner: 200, operator: 200, driver: 200, otherDriver: 404, mechanic: 404, unrelated: 404, anonymous: 401 },
    trpc: { owner: 200, operator: 200, driver: 200, otherDriver: 404, mechanic: 404, unrelated: 404, anonymous: 401 },
  },
]

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ids.owner = (await createCompany(db, 'Matrix Fuel Owner', ['Owner'])).id
  ids.operator = (await createCompany(db, 'Matrix Fuel Operator', ['Operator'])).id
  ids.otherOperator = (await createCompany(db, 'Matrix Fuel Other Operator', ['Operator'])).id
  ids.unrelated = (await createCompany(db, 'Matrix Fuel Unrelated', ['Owner', 'Operator', 'RepairShop'])).id
  const users = {} as Record<Exclude<Person, 'anonymous'>, number>
  for (const p of PEOPLE) if (p !== 'anonymous') users[p] = (await createUser(db, { firstName: p })).id
  await grantRole(db, users.owner, ids.owner, 'Owner')
  await grantRole(db, users.operator, ids.operator, 'Operator')
  await grantRole(db, users.driver, ids.operator, 'Driver')
  await grantRole(db, users.otherDriver, ids.otherOperator, 'Driver')
  await grantRole(db, users.mechanic, ids.operator, 'Mechanic')
  for (const r of ['Owner', 'Operator', 'Driver'] as const) await grantRole(db, users.unrelated, ids.unrelated, r)
  const tokens: Record<string, string> = {}
  const cookies: Record<string, string> = {}
  for (const p of PEOPLE) {
    if (p === 'anonymous') continue
    tokens[p] = await apiTokenFor(db, users[p])
    cookies[p] = await webSessionFor(db, users[p])
  }
  m = { world: { db } as World, tokens: tokens as MatrixWorld['tokens'], cookies: cookies as MatrixWorld['cookies'] }
})
afterAll(() => db.close())

describe('authorization matrix: the fuel and energy log', () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      for (const p of PEOPLE) {
        const actor = p as unknown as ActorKind
        it(`${p}`, async () => {
          const call = await row.call(p)
          if (row.rest) expect(await viaRest(m, call, actor), 'REST').toBe(row.rest[p])
          if (row.trpc) expect(await viaTrpc(m, call, actor), 'tRPC').toBe(row.trpc[p])
          if (row.page) expect(await pageAnswer(call.page!, actor), 'page').toBe(row.page[p])
        })
      }
    })
  }
})
