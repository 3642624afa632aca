/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts) for the due list (issue 35,
 * decision 084): the page, its CSV, tRPC `maintenance.due.list` and REST
 * GET /api/Maintenance/getDueItems, as each kind of actor. Then the roles apart: the owner
 * company's Owner manager sees every bus; the Operator manager of a company running one of its
 * buses sees that bus only, read-only, under its own company; the repair shop's manager and an
 * unrelated company's Owner manager get 403 for the owner company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companies, operatorAssignments, serviceProgramVehicles, servicePrograms, serviceTasks } from '#db/schema/index.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as duePage from '#app/routes/_app+/maintenance.$companyId.tsx'
import * as dueCsvRoute from '#app/routes/maintenance.$companyId.export[.]csv.ts'
import { describeMatrix, managerOnly, type UseCase } from '#tests/helpers/authorization-matrix.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'

const MAINTENANCE_DUE_USE_CASES: UseCase[] = [
  {
    name: 'listDueItems',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Maintenance/getDueItems?companyId=${w.here.id}&state=Overdue,DueSoon&sort=vehicle` },
      trpc: { path: 'maintenance.due.list', type: 'query', input: { companyId: w.here.id } },
      page: { handler: duePage.loader, path: `/maintenance/${w.here.id}?state=Overdue`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'exportDueItemsCsv',
    call: (w) => ({
      page: { handler: dueCsvRoute.loader, path: `/maintenance/${w.here.id}/export.csv`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
]

describeMatrix(MAINTENANCE_DUE_USE_CASES)

describe('the due list: owner, operator, repair shop, unrelated company', () => {
  let db: Database
  const who = {} as Record<'owner' | 'operator' | 'shop' | 'unrelated', { userId: number; token: string; cookie: string; companyId: number }>
  let ownerCo: number
  let assigned: { id: number; vehicleIdentifier: string }
  let notAssigned: { id: number; vehicleIdentifier: string }

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    ownerCo = (await createCompany(db, 'Due Owner', ['Owner'])).id
    const operatorCo = (await createCompany(db, 'Due Operator', ['Operator'])).id
    const shopCo = (await createCompany(db, 'Due Shop', ['RepairShop'])).id
    const unrelatedCo = (await createCompany(db, 'Due Unrelated', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shopCo }).where(eq(companies.id, ownerCo)))
    const grants = { owner: [ownerCo, 'Owner'], operator: [operatorCo, 'Operator'], shop: [shopCo, 'RepairShop'], unrelated: [unrelatedCo, 'Owner'] } as const
    for (const [key, [companyId, role]] of Object.entries(grants) as [keyof typeof who, readonly [number, 'Owner' | 'Operator' | 'RepairShop']][]) {
      const userId = (await createUser(db, { firstName: key })).id
      await grantRole(db, userId, companyId, role)
      who[key] = { userId, token: await apiTokenFor(db, userId), cookie: await webSessionFor(db, userId), companyId }
    }
    assigned = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'DUE-ASSIGNED' })
    notAssigned = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'DUE-OWNER-ONLY' })
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: assigned.id, operatorCompanyId: operatorCo, startDate: '2020-01-01' }))
    const [p] = await db.transaction((tx) => tx.insert(servicePrograms).values({ ownerCompanyId: ownerCo, name: 'Due PM' }).returning())
    await db.transaction((tx) => tx.insert(serviceTasks).values({ programId: p!.id, ownerCompanyId: ownerCo, name: 'Due oil', intervalDays: 30 }))
    await db.transaction((tx) =>
      tx.insert(serviceProgramVehicles).values([assigned, notAssigned].map((v) => ({ programId: p!.id, vehicleId: v.id, ownerCompanyId: ownerCo, kind: 'pick' as const, joinedOn: '2020-01-01' }))),
    )
  })
  afterAll(async () => {
    await db.close()
  })

  const rest = async (actor: keyof typeof who, path: string) => {
    const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${who[actor].token}` } }), db, '127.0.0.1')
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as { scope: string; readOnly: boolean; items: { vehicleId: number; kind: string; state: string }[] }) : null }
  }
  const trpc = async (actor: keyof typeof who, input: unknown) =>
    (
      await handleTrpcRequest(
        new Request(`http://localhost/trpc/maintenance.due.list?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: `operon_session=${who[actor].cookie}` } }),
        db,
        '127.0.0.1',
      )
    ).status

  it('the owner sees every bus of its company, with the built-in items; the task is overdue a year after joining', async () => {
    const r = await rest('owner', `/api/Maintenance/getDueItems?companyId=${ownerCo}&pageSize=100`)
    expect(r.status).toBe(200)
    expect(r.body!.scope).toBe('owner')
    expect(r.body!.readOnly).toBe(false)
    expect(new Set(r.body!.items.map((i) => i.vehicleId))).toEqual(new Set([assigned.id, notAssigned.id]))
    expect(r.body!.items.filter((i) => i.kind === 'task').every((i) => i.state === 'Overdue')).toBe(true)
    expect(r.body!.items.some((i) => i.kind === 'emergencyExitCheck')).toBe(true)
    expect(await trpc('owner', { companyId: ownerCo })).toBe(200)
  })

  it('an operator manager sees the buses assigned to its company, read-only, and nothing under the owner company', async () => {
    const mine = await rest('operator', `/api/Maintenance/getDueItems?companyId=${who.operator.companyId}&pageSize=100`)
    expect(mine.status).toBe(200)
    expect(mine.body!.scope).toBe('operator')
    expect(mine.body!.readOnly).toBe(true)
    expect(new Set(mine.body!.items.map((i) => i.vehicleId))).toEqual(new Set([assigned.id]))
    // Asking for the other bus of the owner: nothing (never another company's bus).
    expect((await rest('operator', `/api/Maintenance/getDueItems?companyId=${who.operator.companyId}&vehicleId=${notAssigned.id}`)).body!.items).toEqual([])
    expect((await rest('operator', `/api/Maintenance/getDueItems?companyId=${ownerCo}`)).status).toBe(403)
    expect(await trpc('operator', { companyId: ownerCo })).toBe(403)
    const page = await callPage(duePage.loader, `/maintenance/${who.operator.companyId}`, { cookie: who.operator.cookie, params: { companyId: String(who.operator.companyId) } })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ scope: 'operator', readOnly: true })
  })

  it.each(['shop', 'unrelated'] as const)('%s: 403 for the owner company, the page sends them home', async (actor) => {
    expect((await rest(actor, `/api/Maintenance/getDueItems?companyId=${ownerCo}`)).status).toBe(403)
    expect(await trpc(actor, { companyId: ownerCo })).toBe(403)
    const page = await callPage(duePage.loader, `/maintenance/${ownerCo}`, { cookie: who[actor].cookie, params: { companyId: String(ownerCo) } })
    expect(page.location).toBe('/')
    const csv = await callPage(dueCsvRoute.loader, `/maintenance/${ownerCo}/export.csv`, { cookie: who[actor].cookie, params: { companyId: String(ownerCo) } })
    expect(csv.location).toBe('/')
  })

  it('the OpenAPI document describes the path, its filters and its answer', async () => {
    const res = await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')
    const doc = (await res.json()) as { paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }> }
    const path = Object.entries(doc.paths).find(([p]) => p.toLowerCase() === '/api/maintenance/getdueitems')?.[1]
    expect(path?.get).toBeDefined()
    expect(path!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['companyId', 'state', 'programId', 'taskId', 'vehicleId', 'tag', 'sort', 'dir', 'page', 'pageSize']))
    expect(Object.keys(path!.get!.responses)).toEqual(expect.arrayContaining(['200', '403']))
    // Case-insensitive like every legacy path; a bad state is a 400 naming the field.
    expect((await rest('owner', `/api/maintenance/GETDUEITEMS?companyId=${ownerCo}`)).status).toBe(200)
    expect((await rest('owner', `/api/Maintenance/getDueItems?companyId=${ownerCo}&state=Late`)).status).toBe(400)
  })

  it('the repair shop manager gets 403 for its own company too (no Owner or Operator role there)', async () => {
    expect((await rest('shop', `/api/Maintenance/getDueItems?companyId=${who.shop.companyId}`)).status).toBe(403)
  })

  it('the CSV has the filters of the page and the company’s date in its name', async () => {
    const csv = await callPage(dueCsvRoute.loader, `/maintenance/${ownerCo}/export.csv?state=Overdue&vehicle=ASSIGNED`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo) } })
    expect(csv.status).toBe(200)
    expect(csv.response!.headers.get('content-disposition')).toMatch(new RegExp(`maintenance-${ownerCo}-\\d{8}\\.csv`))
    const text = (await csv.response!.text()).replace(/^\uFEFF/, '')
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('vehicleIdentifier,kind,programName,taskName,state,lastServiceOn,lastOdometer,lastEngineHours,nextDueDate,nextDueOdometer,nextDueEngineHours,projectedDueDate,sentToShop')
    expect(lines.slice(1).every((l) => l.startsWith('DUE-ASSIGNED,') && l.includes(',Overdue,'))).toBe(true)
    expect(lines.length).toBeGreaterThan(1)
  })
})
