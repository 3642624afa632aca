/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts) for cost per mile (issue 36,
 * decision 085): the page /costs/{companyId}, its CSV, tRPC `costsReports.*` and REST
 * /api/Costs/perMile|vehicle|summary, as each kind of actor. Then the roles apart: the owner
 * company's Owner manager sees every payer; the Operator manager of a company holding one of its
 * buses sees only the costs charged to it, under its own company; a driver, a mechanic, the repair
 * shop's manager and an unrelated company's Owner manager get 403 for the company (404 for a bus).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments } from '#db/schema/index.ts'
import { addMonthCost } from '#server/rollups/month-rollups.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as costsPage from '#app/routes/_app+/costs.$companyId.tsx'
import * as costsCsv from '#app/routes/costs.$companyId.export[.]csv.ts'
import { describeMatrix, managerOnly, OK, type UseCase } from '#tests/helpers/authorization-matrix.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'

const COSTS_REPORT_USE_CASES: UseCase[] = [
  {
    name: 'costPerMileForMonth',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Costs/perMile/${w.here.id}?month=2026-02&sort=costPerMile` },
      trpc: { path: 'costsReports.perMile', type: 'query', input: { companyId: w.here.id, month: '2026-02' } },
      page: { handler: costsPage.loader, path: `/costs/${w.here.id}?month=2026-02`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'exportCostPerMileCsv',
    call: (w) => ({ page: { handler: costsCsv.loader, path: `/costs/${w.here.id}/export.csv?month=2026-02`, params: { companyId: String(w.here.id) } } }),
    expect: managerOnly(),
  },
  {
    name: 'companyCostSummary',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Costs/summary/${w.here.id}?months=12` },
      trpc: { path: 'costsReports.summary', type: 'query', input: { companyId: w.here.id } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'vehicleCostHistory',
    call: async (w) => {
      const v = await w.newVehicle()
      return {
        rest: { method: 'GET', path: `/api/Costs/vehicle/${v.id}?months=60` },
        trpc: { path: 'costsReports.vehicle', type: 'query', input: { vehicleId: v.id } },
      }
    },
    // A bus is a record: whoever may not see it gets 404, as for one that does not exist.
    expect: { ...managerOnly(OK, 404) },
  },
]

describeMatrix(COSTS_REPORT_USE_CASES)

type Who = 'owner' | 'operator' | 'driver' | 'mechanic' | 'shop' | 'unrelated'

describe('cost per mile: owner, operator, driver, mechanic, repair shop, unrelated company', () => {
  let db: Database
  const who = {} as Record<Who, { userId: number; token: string; cookie: string; companyId: number }>
  let ownerCo: number
  let held: { id: number }
  let ownerOnly: { id: number }

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    ownerCo = (await createCompany(db, 'Costs Owner', ['Owner'])).id
    const operatorCo = (await createCompany(db, 'Costs Operator', ['Operator'])).id
    const shopCo = (await createCompany(db, 'Costs Shop', ['RepairShop'])).id
    const unrelatedCo = (await createCompany(db, 'Costs Unrelated', ['Owner'])).id
    const grants = {
      owner: [ownerCo, 'Owner'],
      operator: [operatorCo, 'Operator'],
      driver: [operatorCo, 'Driver'],
      mechanic: [ownerCo, 'Mechanic'],
      shop: [shopCo, 'RepairShop'],
      unrelated: [unrelatedCo, 'Owner'],
    } as const
    for (const [key, [companyId, role]] of Object.entries(grants) as [Who, readonly [number, 'Owner' | 'Operator' | 'Driver' | 'Mechanic' | 'RepairShop']][]) {
      const userId = (await createUser(db, { firstName: key })).id
      await grantRole(db, userId, companyId, role)
      who[key] = { userId, token: await apiTokenFor(db, userId), cookie: await webSessionFor(db, userId), companyId }
    }
    held = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'COST-HELD' })
    ownerOnly = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'COST-OWNER' })
    await db.transaction(async (tx) => {
      await tx.insert(operatorAssignments).values({ vehicleId: held.id, operatorCompanyId: operatorCo, startDate: '2020-01-01' })
      const add = (vehicleId: number, payerCompanyId: number, cents: number) =>
        addMonthCost(tx, { vehicleId, ownerCompanyId: ownerCo, payerCompanyId, date: '2026-02-10', column: 'repair', cents })
      await add(held.id, ownerCo, 1_000)
      await add(held.id, operatorCo, 2_500)
      await add(ownerOnly.id, ownerCo, 4_000)
    })
  })
  afterAll(async () => {
    await db.close()
  })

  const rest = async (actor: Who, path: string) => {
    const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${who[actor].token}` } }), db, '127.0.0.1')
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as { scope: string; totals: { totalCents: number }; rows: { vehicleId: number }[] }) : null }
  }
  const trpc = async (actor: Who, path: string, input: unknown) =>
    (
      await handleTrpcRequest(
        new Request(`http://localhost/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: `operon_session=${who[actor].cookie}` } }),
        db,
        '127.0.0.1',
      )
    ).status

  it('the owner sees every payer of its buses, on every door', async () => {
    const r = await rest('owner', `/api/Costs/perMile/${ownerCo}?month=2026-02`)
    expect(r.status).toBe(200)
    expect(r.body!.scope).toBe('owner')
    expect(r.body!.totals.totalCents).toBe(7_500)
    expect(await trpc('owner', 'costsReports.perMile', { companyId: ownerCo, month: '2026-02' })).toBe(200)
    expect((await rest('owner', `/api/Costs/vehicle/${held.id}`)).status).toBe(200)
    const page = await callPage(costsPage.loader, `/costs/${ownerCo}?month=2026-02`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo) } })
    expect(page.status).toBe(200)
    const csv = await callPage(costsCsv.loader, `/costs/${ownerCo}/export.csv?month=2026-02`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo) } })
    expect(csv.status).toBe(200)
  })

  it('an operator manager sees only the costs charged to it, under its own company; the owner company is 403', async () => {
    const mine = await rest('operator', `/api/Costs/perMile/${who.operator.companyId}?month=2026-02`)
    expect(mine.status).toBe(200)
    expect(mine.body!.scope).toBe('operator')
    expect(mine.body!.totals.totalCents).toBe(2_500)
    expect(mine.body!.rows.map((r) => r.vehicleId)).toEqual([held.id])
    expect((await rest('operator', `/api/Costs/perMile/${ownerCo}?month=2026-02`)).status).toBe(403)
    expect(await trpc('operator', 'costsReports.perMile', { companyId: ownerCo })).toBe(403)
    expect((await rest('operator', `/api/Costs/summary/${ownerCo}`)).status).toBe(403)
    // The bus it holds: its own months; the owner's other bus: 404.
    const h = await rest('operator', `/api/Costs/vehicle/${held.id}`)
    expect(h.status).toBe(200)
    expect(h.body!.totals.totalCents).toBe(2_500)
    expect((await rest('operator', `/api/Costs/vehicle/${ownerOnly.id}`)).status).toBe(404)
    const csv = await callPage(costsCsv.loader, `/costs/${who.operator.companyId}/export.csv?month=2026-02`, { cookie: who.operator.cookie, params: { companyId: String(who.operator.companyId) } })
    const text = await csv.response!.text()
    expect(text).toContain('COST-HELD')
    expect(text).not.toContain('COST-OWNER')
    expect(text).not.toContain('Costs Owner')
  })

  it.each(['driver', 'mechanic', 'shop', 'unrelated'] as const)('%s: 403 for the companies, 404 for the buses, the page and the CSV send them home', async (actor) => {
    for (const companyId of [ownerCo, who.operator.companyId]) {
      expect((await rest(actor, `/api/Costs/perMile/${companyId}`)).status).toBe(403)
      expect((await rest(actor, `/api/Costs/summary/${companyId}`)).status).toBe(403)
      expect(await trpc(actor, 'costsReports.perMile', { companyId })).toBe(403)
      const page = await callPage(costsPage.loader, `/costs/${companyId}`, { cookie: who[actor].cookie, params: { companyId: String(companyId) } })
      expect(page.location).toBe('/')
      const csv = await callPage(costsCsv.loader, `/costs/${companyId}/export.csv`, { cookie: who[actor].cookie, params: { companyId: String(companyId) } })
      expect(csv.location).toBe('/')
    }
    for (const v of [held, ownerOnly]) {
      expect((await rest(actor, `/api/Costs/vehicle/${v.id}`)).status).toBe(404)
      expect(await trpc(actor, 'costsReports.vehicle', { vehicleId: v.id })).toBe(404)
    }
  })

  it('the OpenAPI document describes the three paths; they are case-insensitive', async () => {
    const res = await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')
    const doc = (await res.json()) as { paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }> }
    const find = (p: string) => Object.entries(doc.paths).find(([k]) => k.toLowerCase() === p.toLowerCase())?.[1]
    expect(find('/api/Costs/perMile/{companyId}')!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['companyId', 'month', 'page', 'pageSize', 'sort', 'dir']))
    expect(Object.keys(find('/api/Costs/perMile/{companyId}')!.get!.responses)).toEqual(expect.arrayContaining(['200', '403']))
    expect(find('/api/Costs/vehicle/{vehicleId}')!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['vehicleId', 'months']))
    expect(find('/api/Costs/summary/{companyId}')).toBeDefined()
    expect((await rest('owner', `/api/costs/PERMILE/${ownerCo}?month=2026-02`)).status).toBe(200)
  })
})
