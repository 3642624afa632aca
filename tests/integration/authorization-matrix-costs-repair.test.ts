/**
 * The authorization matrix of costs on repair actions (issue 36 point 1, decision 085): every door
 * (REST with a bearer token, tRPC and the pages with a session cookie) of reading a repair's
 * costs, adding, changing, re-charging and deleting a line, the invoice (upload and download), an
 * operator's charged repairs and the cost settings, as the owner's manager, the operator charged
 * (its manager and a driver), the repair shop (manager and mechanic), a manager of an unrelated
 * company and nobody. The shop writes its lines; the owner changes the payer; the operator reads
 * only what is charged to it.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, repairActions } from '#db/schema/index.ts'
import { addRepairCostLine } from '#server/costs/repair-costs.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { assign } from '#tests/helpers/inspection-records.ts'
import { viaPage, viaRest, viaTrpc, type ActorKind, type Call, type MatrixWorld, type World } from '#tests/helpers/authorization-matrix.ts'
import * as costsPage from '#app/routes/_app+/repairActions.$companyId_.costs.$repairActionId.tsx'
import * as chargedPage from '#app/routes/_app+/repairActions.$companyId_.charged.tsx'
import * as invoiceRoute from '#app/routes/repairActions.$companyId.costs.$repairActionId.invoice.ts'
import * as settingsPage from '#app/routes/_app+/company.$companyId.settings.tsx'

const PEOPLE = ['owner', 'operator', 'driver', 'shop', 'mechanic', 'unrelated', 'anonymous'] as const
type Person = (typeof PEOPLE)[number]
type Answer = number | 'login' | 'home'

interface Row {
  name: string
  call: (p: Person) => Promise<Call>
  rest?: Record<Person, number>
  trpc?: Record<Person, number>
  page?: Record<Person, Answer>
}

const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')

let db: Database
let m: MatrixWorld
const ids = {} as { owner: number; operator: number; shop: number; unrelated: number; bus: number; mechanicUser: number }
const companyOf = (p: Person) => ({ owner: ids.owner, operator: ids.operator, driver: ids.operator, shop: ids.shop, mechanic: ids.shop, unrelated: ids.unrelated, anonymous: ids.owner })[p]

/** A repair action of the owner's bus at the shop, opened while the operator held the bus (rule: the operator pays). */
async function newRepair() {
  const [row] = await db.transaction((tx) =>
    tx
      .insert(repairActions)
      .values({ repairIdentifier: `RA-M-${randomUUID().slice(0, 8)}`, vehicleId: ids.bus, ownerCompanyId: ids.owner, repairCompanyId: ids.shop })
      .returning({ id: repairActions.id }),
  )
  return row!.id
}
/** A line charged to the operator, added by the shop's mechanic. */
async function newLine(repairActionId?: number) {
  const ra = repairActionId ?? (await newRepair())
  const { line } = await addRepairCostLine(await ctxFor(db, ids.mechanicUser), { repairActionId: ra, kind: 'tax', description: 'Tax', amount: '5.00' })
  return { repairActionId: ra, lineId: line.id }
}

const costsPath = (p: Person, ra: number) => `/repairActions/${companyOf(p)}/costs/${ra}`
const costsPageCall = (p: Person, ra: number, form?: Record<string, string>, file?: { field: string; name: string; type: string; content: string }) => ({
  handler: form ? costsPage.action : costsPage.loader,
  path: costsPath(p, ra),
  params: { companyId: String(companyOf(p)), repairActionId: String(ra) },
  form,
  file,
})

// The shop's writes: its managers and mechanics; the owner sees the action (403); anyone else 404.
const SHOP_WRITE: Record<Person, number> = { owner: 403, operator: 404, driver: 404, shop: 200, mechanic: 200, unrelated: 404, anonymous: 401 }
const SHOP_WRITE_PAGE: Record<Person, Answer> = { owner: 403, operator: 404, driver: 'home', shop: 200, mechanic: 200, unrelated: 404, anonymous: 'login' }

const ROWS: Row[] = [
  {
    name: 'getRepairCosts',
    call: async (p) => {
      const { repairActionId } = await newLine()
      return {
        rest: { method: 'GET', path: `/api/Costs/repairAction/${repairActionId}` },
        trpc: { path: 'costsRepair.get', type: 'query', input: { repairActionId } },
        page: costsPageCall(p, repairActionId),
      }
    },
    // The owner, the shop and the operator charged (its manager); a driver of the operator and everyone else: 404.
    rest: { owner: 200, operator: 200, driver: 404, shop: 200, mechanic: 200, unrelated: 404, anonymous: 401 },
    trpc: { owner: 200, operator: 200, driver: 404, shop: 200, mechanic: 200, unrelated: 404, anonymous: 401 },
    page: { owner: 200, operator: 200, driver: 'home', shop: 200, mechanic: 200, unrelated: 'home', anonymous: 'login' },
  },
  {
    name: 'addLine',
    call: async (p) => {
      const input = { repairActionId: await newRepair(), kind: 'part', description: 'Filter', partNumber: 'F-1', quantity: '2', unitCost: '9.99' }
      const form = { intent: 'addLine', kind: 'part', description: 'Filter', quantity: '2', unitCost: '9.99', idempotencyKey: randomUUID() }
      return {
        rest: { method: 'POST', path: '/api/Costs/addLine', body: input },
        trpc: { path: 'costsRepair.addLine', type: 'mutation', input: { ...input, repairActionId: await newRepair() } },
        page: costsPageCall(p, await newRepair(), form),
      }
    },
    rest: { ...SHOP_WRITE, shop: 201, mechanic: 201 },
    trpc: SHOP_WRITE,
    page: SHOP_WRITE_PAGE,
  },
  {
    name: 'updateLine',
    call: async (p) => {
      const a = await newLine()
      const b = await newLine()
      const c = await newLine()
      const fields = { kind: 'outside', description: 'Machining', vendor: 'Shop X', amount: '12.30' }
      return {
        rest: { method: 'POST', path: '/api/Costs/updateLine', body: { lineId: a.lineId, ...fields } },
        trpc: { path: 'costsRepair.updateLine', type: 'mutation', input: { lineId: b.lineId, ...fields } },
        page: costsPageCall(p, c.repairActionId, { intent: 'updateLine', lineId: String(c.lineId), ...fields }),
      }
    },
    rest: SHOP_WRITE,
    trpc: SHOP_WRITE,
    page: SHOP_WRITE_PAGE,
  },
  {
    name: 'setLinePayer',
    call: async (p) => {
      const a = await newLine()
      const b = await newLine()
      const c = await newLine()
      return {
        rest: { method: 'POST', path: '/api/Costs/setLinePayer', body: { lineId: a.lineId, payer: 'owner' } },
        trpc: { path: 'costsRepair.setLinePayer', type: 'mutation', input: { lineId: b.lineId, payer: 'owner' } },
        page: costsPageCall(p, c.repairActionId, { intent: 'setPayer', lineId: String(c.lineId), payer: 'owner' }),
      }
    },
    // The owner only; the shop and the operator charged see the line (403); anyone else 404.
    rest: { owner: 200, operator: 403, driver: 404, shop: 403, mechanic: 403, unrelated: 404, anonymous: 401 },
    trpc: { owner: 200, operator: 403, driver: 404, shop: 403, mechanic: 403, unrelated: 404, anonymous: 401 },
    page: { owner: 200, operator: 403, driver: 'home', shop: 403, mechanic: 403, unrelated: 404, anonymous: 'login' },
  },
  {
    name: 'deleteLine',
    call: async (p) => {
      const a = await newLine()
      const b = await newLine()
      const c = await newLine()
      return {
        rest: { method: 'POST', path: '/api/Costs/deleteLine', body: { lineId: a.lineId } },
        trpc: { path: 'costsRepair.deleteLine', type: 'mutation', input: { lineId: b.lineId } },
        page: costsPageCall(p, c.repairActionId, { intent: 'deleteLine', lineId: String(c.lineId) }),
      }
    },
    rest: SHOP_WRITE,
    trpc: SHOP_WRITE,
    page: SHOP_WRITE_PAGE,
  },
  {
    name: 'uploadInvoice',
    call: async (p) => ({
      rest: { method: 'POST', path: `/api/Costs/repairAction/${await newRepair()}/invoice`, body: { fileName: 'invoice.pdf', fileContent: PDF_BASE64 } },
      page: costsPageCall(p, await newRepair(), { intent: 'uploadInvoice' }, { field: 'invoice', name: 'invoice.pdf', type: 'application/pdf', content: '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n' }),
    }),
    rest: { ...SHOP_WRITE, shop: 201, mechanic: 201 },
    page: SHOP_WRITE_PAGE,
  },
  {
    name: 'downloadInvoice',
    call: async (p) => {
      const ra = await newRepair()
      const token = await apiTokenFor(db, ids.mechanicUser)
      const { handleRestRequest } = await import('#server/rest/handler.server.ts')
      const up = await handleRestRequest(
        new Request(`http://localhost/api/Costs/repairAction/${ra}/invoice`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ fileName: 'invoice.pdf', fileContent: PDF_BASE64 }),
        }),
        db,
        '127.0.0.1',
      )
      expect(up.status).toBe(201)
      return {
        rest: { method: 'GET', path: `/api/Costs/repairAction/${ra}/invoice` },
        page: { handler: invoiceRoute.loader, path: `${costsPath(p, ra)}/invoice`, params: { companyId: String(companyOf(p)), repairActionId: String(ra) }, resource: true as const },
      }
    },
    // The owner and the shop; the operator charged does not see the shop's invoice.
    rest: { owner: 200, operator: 404, driver: 404, shop: 200, mechanic: 200, unrelated: 404, anonymous: 401 },
    page: { owner: 200, operator: 404, driver: 404, shop: 200, mechanic: 200, unrelated: 404, anonymous: 'login' },
  },
  {
    name: 'chargedRepairs',
    call: async (p) => {
      await newLine()
      return {
        trpc: { path: 'costsRepair.charged', type: 'query', input: { companyId: companyOf(p) } },
        page: { handler: chargedPage.loader, path: `/repairActions/${companyOf(p)}/charged`, params: { companyId: String(companyOf(p)) } },
      }
    },
    // An operator company's Operator managers (the unrelated company is an operator too: its own, empty list).
    trpc: { owner: 403, operator: 200, driver: 403, shop: 403, mechanic: 403, unrelated: 200, anonymous: 401 },
    page: { owner: 'home', operator: 200, driver: 'home', shop: 'home', mechanic: 'home', unrelated: 200, anonymous: 'login' },
  },
  {
    name: 'costSettings (currency)',
    call: async (p) => ({
      rest: { method: 'PUT', path: '/api/Company/settings', body: { companyId: companyOf(p), currency: 'USD' } },
      trpc: { path: 'company.settings', type: 'mutation', input: { companyId: companyOf(p), currency: 'USD' } },
      page: { handler: settingsPage.action, path: `/company/${companyOf(p)}/settings`, params: { companyId: String(companyOf(p)) }, form: { name: `Matrix Cost ${p}`, timeZone: 'America/Chicago', currency: 'USD' } },
    }),
    // Any manager of the company; a driver or a mechanic: 403 (the page: home).
    rest: { owner: 200, operator: 200, driver: 403, shop: 200, mechanic: 403, unrelated: 200, anonymous: 401 },
    trpc: { owner: 200, operator: 200, driver: 403, shop: 200, mechanic: 403, unrelated: 200, anonymous: 401 },
    page: { owner: 200, operator: 200, driver: 'home', shop: 200, mechanic: 'home', unrelated: 200, anonymous: 'login' },
  },
  {
    name: 'costSettings (who pays repairs)',
    call: async (p) => ({
      rest: { method: 'PUT', path: '/api/Company/settings', body: { companyId: companyOf(p), repairCostPayer: 'operator' } },
      trpc: { path: 'company.settings', type: 'mutation', input: { companyId: companyOf(p), repairCostPayer: 'operator' } },
    }),
    // The owner company's Owner managers only.
    rest: { owner: 200, operator: 403, driver: 403, shop: 403, mechanic: 403, unrelated: 200, anonymous: 401 },
    trpc: { owner: 200, operator: 403, driver: 403, shop: 403, mechanic: 403, unrelated: 200, anonymous: 401 },
  },
]

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ids.owner = (await createCompany(db, 'Matrix Cost Owner', ['Owner'])).id
  ids.operator = (await createCompany(db, 'Matrix Cost Operator', ['Operator'])).id
  ids.shop = (await createCompany(db, 'Matrix Cost Garage', ['RepairShop'])).id
  ids.unrelated = (await createCompany(db, 'Matrix Cost Unrelated', ['Owner', 'Operator', 'RepairShop'])).id
  const users = {} as Record<Exclude<Person, 'anonymous'>, number>
  for (const p of PEOPLE) if (p !== 'anonymous') users[p] = (await createUser(db, { firstName: p })).id
  ids.mechanicUser = users.mechanic
  await grantRole(db, users.owner, ids.owner, 'Owner')
  await grantRole(db, users.operator, ids.operator, 'Operator')
  await grantRole(db, users.driver, ids.operator, 'Driver')
  await grantRole(db, users.shop, ids.shop, 'RepairShop')
  await grantRole(db, users.mechanic, ids.shop, 'Mechanic')
  for (const r of ['Owner', 'Operator', 'RepairShop'] as const) await grantRole(db, users.unrelated, ids.unrelated, r)
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: ids.shop, repairCostPayer: 'operator' }).where(eq(companies.id, ids.owner)))
  ids.bus = (await insertVehicle(db, ids.owner)).id
  await assign(db, ids.bus, ids.operator)
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

describe('authorization matrix: costs on repair actions', () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      for (const p of PEOPLE) {
        const actor = p as unknown as ActorKind
        it(`${p}`, async () => {
          const call = await row.call(p)
          if (row.rest) expect(await viaRest(m, call, actor), 'REST').toBe(row.rest[p])
          if (row.trpc) expect(await viaTrpc(m, call, actor), 'tRPC').toBe(row.trpc[p])
          if (row.page) expect(await viaPage(m, call.page!, actor), 'page').toBe(row.page[p])
        })
      }
    })
  }
})
