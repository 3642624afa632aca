/**
 * The authorization matrix of service records (issue 35 point 4, decision 084): every door
 * (REST with a bearer token, tRPC and the pages with a session cookie) of recording a service
 * done outside Operon, skipping an occurrence, "Send to repair shop", the service history, the
 * bus page and the printable work checklist, as the owner's manager, the operator of an active
 * assignment, the repair shop (manager and mechanic), a manager of an unrelated company and
 * nobody. Writes are the owner's; the operator reads; the shop opens only the work checklist of
 * the jobs sent to it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, servicePrograms, serviceProgramVehicles, serviceTasks } from '#db/schema/index.ts'
import { sendToRepairShop } from '#server/repairs/send-to-repair-shop.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { assign } from '#tests/helpers/inspection-records.ts'
import { viaPage, viaRest, viaTrpc, type ActorKind, type Call, type MatrixWorld, type World } from '#tests/helpers/authorization-matrix.ts'
import * as vehiclePage from '#app/routes/_app+/maintenance.$companyId_.vehicles.$vehicleId.tsx'
import * as workOrderPage from '#app/routes/maintenance.$companyId_.work-order.$repairActionId.tsx'
import * as workOrderPdf from '#app/routes/maintenance.$companyId_.work-order.$repairActionId_.pdf.ts'

const PEOPLE = ['owner', 'operator', 'shop', 'mechanic', 'unrelated', 'anonymous'] as const
type Person = (typeof PEOPLE)[number]
type Answer = number | 'login' | 'home'

interface Row {
  name: string
  /** Each person's doors; the person's own company is in the page path. */
  call: (p: Person) => Promise<Call>
  rest?: Record<Person, number>
  trpc?: Record<Person, number>
  page?: Record<Person, Answer>
}

const today = () => new Date().toISOString().slice(0, 10)

let db: Database
let m: MatrixWorld
const ids = {} as { owner: number; operator: number; shop: number; unrelated: number; program: number; task: number; ownerUser: number }
const companyOf = (p: Person) => ({ owner: ids.owner, operator: ids.operator, shop: ids.shop, mechanic: ids.shop, unrelated: ids.unrelated, anonymous: ids.owner })[p]

/** A bus of the owner in the program, assigned to the operator. */
async function newBus() {
  const v = await insertVehicle(db, ids.owner, { odometer: 10_000 })
  await db.transaction((tx) =>
    tx.insert(serviceProgramVehicles).values({ programId: ids.program, vehicleId: v.id, ownerCompanyId: ids.owner, kind: 'pick', joinedOn: '2026-01-01', joinLifeMiles: 5_000 }),
  )
  await assign(db, v.id, ids.operator)
  return v.id
}

const pagePath = (p: Person, vehicleId: number) => `/maintenance/${companyOf(p)}/vehicles/${vehicleId}`
const vehiclePageCall = (p: Person, vehicleId: number, form?: Record<string, string>) => ({
  handler: form ? vehiclePage.action : vehiclePage.loader,
  path: pagePath(p, vehicleId),
  params: { companyId: String(companyOf(p)), vehicleId: String(vehicleId) },
  form,
})

// Writes: the owner's managers; the operator of the bus 403 (its page has no form: home); everyone else 404.
const WRITE_REST: Record<Person, number> = { owner: 201, operator: 403, shop: 404, mechanic: 404, unrelated: 404, anonymous: 401 }
const WRITE_TRPC: Record<Person, number> = { ...WRITE_REST, owner: 200 }
const WRITE_PAGE: Record<Person, Answer> = { owner: 200, operator: 'home', shop: 'home', mechanic: 'home', unrelated: 'home', anonymous: 'login' }
// Reads: the owner and the operator of an active assignment.
const READ: Record<Person, number> = { owner: 200, operator: 200, shop: 404, mechanic: 404, unrelated: 404, anonymous: 401 }
const READ_PAGE: Record<Person, Answer> = { owner: 200, operator: 200, shop: 'home', mechanic: 'home', unrelated: 'home', anonymous: 'login' }

const ROWS: Row[] = [
  {
    name: 'recordService',
    call: async (p) => {
      const input = { vehicleId: await newBus(), taskIds: [ids.task], date: today(), odometer: 11_000 }
      return {
        rest: { method: 'POST', path: '/api/Maintenance/recordService', body: input },
        trpc: { path: 'maintenance.service.record', type: 'mutation', input },
        page: vehiclePageCall(p, input.vehicleId, { intent: 'recordService', taskIds: String(ids.task), date: today(), odometer: '11000' }),
      }
    },
    rest: WRITE_REST,
    trpc: WRITE_TRPC,
    page: WRITE_PAGE,
  },
  {
    name: 'skipService',
    call: async (p) => {
      const input = { vehicleId: await newBus(), taskId: ids.task, reason: 'Rebuilt last week' }
      return {
        rest: { method: 'POST', path: '/api/Maintenance/skipService', body: input },
        trpc: { path: 'maintenance.service.skip', type: 'mutation', input },
        page: vehiclePageCall(p, input.vehicleId, { intent: 'skipOccurrence', taskId: String(ids.task), reason: 'Rebuilt last week' }),
      }
    },
    rest: WRITE_REST,
    trpc: WRITE_TRPC,
    page: WRITE_PAGE,
  },
  {
    name: 'sendToRepairShop',
    // A fresh bus per door: a task already at the shop is a 409.
    call: async (p) => ({
      rest: { method: 'POST', path: '/api/Maintenance/sendToRepairShop', body: { vehicleId: await newBus(), taskIds: [ids.task] } },
      trpc: { path: 'maintenance.service.sendToShop', type: 'mutation', input: { vehicleId: await newBus(), taskIds: [ids.task] } },
      page: vehiclePageCall(p, await newBus(), { intent: 'sendToShop', taskIds: String(ids.task) }),
    }),
    rest: WRITE_REST,
    trpc: WRITE_TRPC,
    page: WRITE_PAGE,
  },
  {
    name: 'getServiceHistory',
    call: async (p) => {
      const vehicleId = await newBus()
      return {
        rest: { method: 'GET', path: `/api/Maintenance/getServiceHistory?vehicleId=${vehicleId}` },
        trpc: { path: 'maintenance.service.history', type: 'query', input: { vehicleId } },
        page: vehiclePageCall(p, vehicleId),
      }
    },
    rest: READ,
    trpc: READ,
    page: READ_PAGE,
  },
  {
    name: 'getVehicleMaintenance',
    call: async () => ({ trpc: { path: 'maintenance.service.vehicle', type: 'query', input: { vehicleId: await newBus() } } }),
    trpc: READ,
  },
  {
    name: 'work checklist (print page)',
    call: async (p) => {
      const sent = await sendToRepairShop(await ctxFor(db, ids.ownerUser), { vehicleId: await newBus(), taskIds: [ids.task] })
      return {
        page: {
          handler: workOrderPage.loader,
          path: `/maintenance/${companyOf(p)}/work-order/${sent.id}`,
          params: { companyId: String(companyOf(p)), repairActionId: String(sent.id) },
        },
      }
    },
    // The owner and the shop it was sent to; the operator of the bus and everyone else: home.
    page: { owner: 200, operator: 'home', shop: 200, mechanic: 200, unrelated: 'home', anonymous: 'login' },
  },
  {
    name: 'work checklist (PDF), refused',
    call: async (p) => {
      const sent = await sendToRepairShop(await ctxFor(db, ids.ownerUser), { vehicleId: await newBus(), taskIds: [ids.task] })
      return {
        page: {
          handler: workOrderPdf.loader,
          path: `/maintenance/${companyOf(p)}/work-order/${sent.id}/pdf`,
          params: { companyId: String(companyOf(p)), repairActionId: String(sent.id) },
        },
      }
    },
    // Rendering a PDF needs Chrome: the allowed cells are the print page's above; here the refusals.
    page: { owner: 0, operator: 'home', shop: 0, mechanic: 0, unrelated: 'home', anonymous: 'login' },
  },
]

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ids.owner = (await createCompany(db, 'Matrix PM Owner', ['Owner'])).id
  ids.operator = (await createCompany(db, 'Matrix PM Operator', ['Operator'])).id
  ids.shop = (await createCompany(db, 'Matrix PM Garage', ['RepairShop'])).id
  ids.unrelated = (await createCompany(db, 'Matrix PM Unrelated', ['Owner', 'Operator', 'RepairShop'])).id
  const users = {} as Record<Exclude<Person, 'anonymous'>, number>
  for (const p of PEOPLE) if (p !== 'anonymous') users[p] = (await createUser(db, { firstName: p })).id
  ids.ownerUser = users.owner
  await grantRole(db, users.owner, ids.owner, 'Owner')
  await grantRole(db, users.operator, ids.operator, 'Operator')
  await grantRole(db, users.shop, ids.shop, 'RepairShop')
  await grantRole(db, users.mechanic, ids.shop, 'Mechanic')
  for (const r of ['Owner', 'Operator', 'RepairShop'] as const) await grantRole(db, users.unrelated, ids.unrelated, r)
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ repairShopCompanyId: ids.shop }).where(eq(companies.id, ids.owner))
    const [p] = await tx.insert(servicePrograms).values({ ownerCompanyId: ids.owner, name: 'Matrix PM-A' }).returning()
    const [t] = await tx.insert(serviceTasks).values({ programId: p!.id, ownerCompanyId: ids.owner, name: 'Oil and filter', checklist: 'Drain\nRefill', intervalDays: 45, intervalMiles: 6000 }).returning()
    ids.program = p!.id
    ids.task = t!.id
  })
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

describe('authorization matrix: service records', () => {
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
