/**
 * The authorization matrix of the fuel card import (issue 36, decision 085): every door (REST
 * with a bearer token, tRPC and the pages with a session cookie) of uploading a card's CSV,
 * reading an upload, importing it and the template, as the owner's manager, the operator's
 * manager (its bus assigned), a driver and a mechanic of the owner company, a manager of an
 * unrelated company and nobody. Owner and Operator managers import for their own company; a
 * member without a manager role, or a company where the caller holds no role: 403 (pages: home);
 * another company's upload asked under one's own company: 404.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { fuelImports } from '#db/schema/index.ts'
import { previewFuelImport } from '#server/costs/fuel-import.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { assign } from '#tests/helpers/inspection-records.ts'
import { viaPage, viaRest, viaTrpc, type ActorKind, type Call, type MatrixWorld, type World } from '#tests/helpers/authorization-matrix.ts'
import * as uploadPage from '#app/routes/_app+/fuel.$companyId_.import.tsx'
import * as previewPage from '#app/routes/_app+/fuel.$companyId_.import_.$importId.tsx'
import * as templateRoute from '#app/routes/fuel.$companyId.import-template[.]csv.ts'

const PEOPLE = ['owner', 'operator', 'driver', 'mechanic', 'unrelated', 'anonymous'] as const
type Person = (typeof PEOPLE)[number]
type Answer = number | 'login' | 'home'

interface Row {
  name: string
  call: (p: Person) => Promise<Call>
  rest?: Record<Person, number>
  trpc?: Record<Person, number>
  page?: Record<Person, Answer>
}

let db: Database
let m: MatrixWorld
const ids = {} as { owner: number; operator: number; unrelated: number; ownerUser: number; operatorUser: number; ownerBus: string; operatorBus: string }
/** The company each person works in (and names in the path); the driver, the mechanic and the unrelated manager try the owner's. */
const companyOf = (p: Person) => ({ owner: ids.owner, operator: ids.operator, driver: ids.owner, mechanic: ids.owner, unrelated: ids.owner, anonymous: ids.owner })[p]

let minute = 0
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
/** A one-row card file for the company's bus: a new time and a higher odometer each call. */
function csvFor(companyId: number) {
  const n = minute++
  const time = `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`
  const plate = companyId === ids.operator ? ids.operatorBus : ids.ownerBus
  return `date,time,plate,odometer,gallons,total\r\n${yesterday()},${time},${plate},${1000 + n},20,80.00\r\n`
}
/** An upload staged by the company's own manager. */
async function staged(companyId: number) {
  const user = companyId === ids.operator ? ids.operatorUser : ids.ownerUser
  const id = (await previewFuelImport(await ctxFor(db, user), { companyId, fileName: 'm.csv', csv: csvFor(companyId) })).id
  // Counted out of the company's 10 waiting uploads (as a week-old one is), still readable and importable.
  await db.transaction((tx) => tx.update(fuelImports).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(fuelImports.id, id)))
  return id
}

const uploadCall = (p: Person): Call => {
  const companyId = companyOf(p)
  const csv = csvFor(companyId)
  return {
    rest: { method: 'POST', path: `/api/Fuel/import/${companyId}`, body: { csv, fileName: 'm.csv' } },
    trpc: { path: 'fuelImport.preview', type: 'mutation', input: { companyId, csv } },
    page: {
      handler: uploadPage.action,
      path: `/fuel/${companyId}/import`,
      params: { companyId: String(companyId) },
      form: {},
      file: { field: 'file', content: csvFor(companyId), name: 'm.csv', type: 'text/csv' },
    },
  }
}

const WRITE_REST: Record<Person, number> = { owner: 201, operator: 201, driver: 403, mechanic: 403, unrelated: 403, anonymous: 401 }
const READ: Record<Person, number> = { owner: 200, operator: 200, driver: 403, mechanic: 403, unrelated: 403, anonymous: 401 }
const PAGE: Record<Person, Answer> = { owner: 200, operator: 200, driver: 'home', mechanic: 'home', unrelated: 'home', anonymous: 'login' }

const ROWS: Row[] = [
  { name: 'previewFuelImport (upload)', call: async (p) => uploadCall(p), rest: WRITE_REST, trpc: READ, page: PAGE },
  {
    name: 'upload page',
    call: async (p) => ({ page: { handler: uploadPage.loader, path: `/fuel/${companyOf(p)}/import`, params: { companyId: String(companyOf(p)) } } }),
    page: PAGE,
  },
  {
    name: 'getFuelImport',
    call: async (p) => {
      const companyId = companyOf(p)
      const importId = await staged(companyId)
      return {
        rest: { method: 'GET', path: `/api/Fuel/import/${companyId}/${importId}` },
        trpc: { path: 'fuelImport.get', type: 'query', input: { companyId, importId } },
        page: { handler: previewPage.loader, path: `/fuel/${companyId}/import/${importId}`, params: { companyId: String(companyId), importId: String(importId) } },
      }
    },
    rest: READ,
    trpc: READ,
    page: PAGE,
  },
  {
    name: "getFuelImport of the owner's upload, asked under one's own company",
    call: async (p) => {
      const importId = await staged(ids.owner)
      const companyId = p === 'unrelated' ? ids.unrelated : companyOf(p)
      return {
        rest: { method: 'GET', path: `/api/Fuel/import/${companyId}/${importId}` },
        trpc: { path: 'fuelImport.get', type: 'query', input: { companyId, importId } },
        page: { handler: previewPage.loader, path: `/fuel/${companyId}/import/${importId}`, params: { companyId: String(companyId), importId: String(importId) } },
      }
    },
    // The operator and the unrelated manager manage their own company: the owner's upload is not there (404).
    rest: { owner: 200, operator: 404, driver: 403, mechanic: 403, unrelated: 404, anonymous: 401 },
    trpc: { owner: 200, operator: 404, driver: 403, mechanic: 403, unrelated: 404, anonymous: 401 },
    page: { owner: 200, operator: 404, driver: 'home', mechanic: 'home', unrelated: 404, anonymous: 'login' },
  },
  {
    name: 'commitFuelImport',
    call: async (p) => {
      const companyId = companyOf(p)
      const [a, b, c] = [await staged(companyId), await staged(companyId), await staged(companyId)]
      return {
        rest: { method: 'POST', path: `/api/Fuel/import/${companyId}/${a}/commit` },
        trpc: { path: 'fuelImport.commit', type: 'mutation', input: { companyId, importId: b } },
        page: { handler: previewPage.action, path: `/fuel/${companyId}/import/${c}`, params: { companyId: String(companyId), importId: String(c) }, form: {} },
      }
    },
    rest: READ,
    trpc: READ,
    page: PAGE,
  },
  {
    name: 'discard (page, tRPC)',
    call: async (p) => {
      const companyId = companyOf(p)
      const [b, c] = [await staged(companyId), await staged(companyId)]
      return {
        trpc: { path: 'fuelImport.discard', type: 'mutation', input: { companyId, importId: b } },
        page: { handler: previewPage.action, path: `/fuel/${companyId}/import/${c}`, params: { companyId: String(companyId), importId: String(c) }, form: { intent: 'discard' } },
      }
    },
    trpc: READ,
    page: PAGE,
  },
  {
    name: 'template',
    call: async (p) => ({
      rest: { method: 'GET', path: '/api/Fuel/importTemplate' },
      page: { handler: templateRoute.loader, path: `/fuel/${companyOf(p)}/import-template.csv`, params: { companyId: String(companyOf(p)) } },
    }),
    rest: { owner: 200, operator: 200, driver: 200, mechanic: 200, unrelated: 200, anonymous: 401 },
    page: PAGE,
  },
]

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ids.owner = (await createCompany(db, 'Matrix Fuel Owner', ['Owner'])).id
  ids.operator = (await createCompany(db, 'Matrix Fuel Operator', ['Operator'])).id
  ids.unrelated = (await createCompany(db, 'Matrix Fuel Unrelated', ['Owner', 'Operator'])).id
  const users = {} as Record<Exclude<Person, 'anonymous'>, number>
  for (const p of PEOPLE) if (p !== 'anonymous') users[p] = (await createUser(db, { firstName: p })).id
  ids.ownerUser = users.owner
  ids.operatorUser = users.operator
  await grantRole(db, users.owner, ids.owner, 'Owner')
  await grantRole(db, users.operator, ids.operator, 'Operator')
  await grantRole(db, users.driver, ids.owner, 'Driver')
  await grantRole(db, users.mechanic, ids.owner, 'Mechanic')
  for (const r of ['Owner', 'Operator'] as const) await grantRole(db, users.unrelated, ids.unrelated, r)
  ids.ownerBus = (await insertVehicle(db, ids.owner, { licensePlate: 'MX-FUEL-1', fuelUnit: 'gal' })).licensePlate
  const held = await insertVehicle(db, ids.owner, { licensePlate: 'MX-FUEL-2', fuelUnit: 'gal' })
  ids.operatorBus = held.licensePlate
  await assign(db, held.id, ids.operator)
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

describe('authorization matrix: fuel card import', () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      for (const p of PEOPLE) {
        const actor = p as unknown as ActorKind
        it(`${p}`, async () => {
          const call = await row.call(p)
          if (row.rest) expect(await viaRest(m, call, actor), 'REST').toBe(row.rest[p])
          if (row.trpc) expect(await viaTrpc(m, call, actor), 'tRPC').toBe(row.trpc[p])
          if (row.page && row.page[p] !== 0) expect(await viaPage(m, call.page!, actor), 'page').toBe(row.page[p])
        })
      }
    })
  }
})
