/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts) for the service programs
 * (issue 35, decision 084): every door (page loader/action, tRPC, REST) of every program use case,
 * as each kind of actor. Then the roles apart: the owner company's Owner manager writes and reads;
 * the manager of an operator company running one of its buses, the manager of its repair shop and
 * an unrelated company's Owner manager get nothing (403 for the company, 404 for its programs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, operatorAssignments, servicePrograms, serviceTasks } from '#db/schema/index.ts'
import { eq } from 'drizzle-orm'
import { addServiceTask, createServiceProgram } from '#server/maintenance/programs.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as programsPage from '#app/routes/_app+/maintenance.$companyId_.programs.tsx'
import * as programPage from '#app/routes/_app+/maintenance.$companyId_.programs_.$programId.tsx'
import { ctxFor } from '#tests/helpers/auth.ts'
import { allUsers, describeMatrix, managerOnly, OK, type UseCase, type World } from '#tests/helpers/authorization-matrix.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'

/** A fresh program of `here`, made by its manager (stateful doors get one each). */
async function newProgram(w: World): Promise<{ id: number; version: number }> {
  // Straight in the table: the matrix makes more programs than the per-company cap allows the doors to.
  const [p] = await w.db.transaction((tx) =>
    tx.insert(servicePrograms).values({ ownerCompanyId: w.here.id, name: 'Matrix PM' }).returning({ id: servicePrograms.id, version: servicePrograms.version }),
  )
  return p!
}
async function newTask(w: World): Promise<number> {
  const p = await newProgram(w)
  return (await addServiceTask(await ctxFor(w.db, w.users.managerHere), { programId: p.id, name: 'Matrix task', intervalDays: 30 })).id
}
const pageParams = (w: World, programId?: number): Record<string, string> => (programId ? { companyId: String(w.here.id), programId: String(programId) } : { companyId: String(w.here.id) })
const listPath = (w: World) => `/maintenance/${w.here.id}/programs`

const MAINTENANCE_PROGRAM_USE_CASES: UseCase[] = [
  {
    name: 'listServicePrograms',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Maintenance/getServicePrograms?companyId=${w.here.id}` },
      trpc: { path: 'maintenance.programs.list', type: 'query', input: { companyId: w.here.id } },
      page: { handler: programsPage.loader, path: listPath(w), params: pageParams(w) },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getServiceProgram',
    call: async (w) => {
      const p = await newProgram(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/getServiceProgram?programId=${p.id}` },
        trpc: { path: 'maintenance.programs.get', type: 'query', input: { programId: p.id } },
        page: { handler: programPage.loader, path: `${listPath(w)}/${p.id}`, params: pageParams(w, p.id) },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'listServiceTemplates',
    call: () => ({
      rest: { method: 'GET', path: '/api/Maintenance/getServiceTemplates' },
      trpc: { path: 'maintenance.programs.templates', type: 'query' },
    }),
    expect: allUsers(OK),
  },
  {
    name: 'copyServiceTemplate',
    call: (w) => ({
      rest: { method: 'POST', path: '/api/Maintenance/copyServiceTemplate', body: { companyId: w.here.id, templateKey: 'pm-a' } },
      trpc: { path: 'maintenance.programs.copyTemplate', type: 'mutation', input: { companyId: w.here.id, templateKey: 'ca-school-bus' } },
      page: { handler: programsPage.action, path: listPath(w), params: pageParams(w), form: { intent: 'copyTemplate', templateKey: 'ca-tour-bus' } },
    }),
    expect: managerOnly(201),
  },
  {
    name: 'createServiceProgram',
    call: (w) => ({
      rest: { method: 'POST', path: '/api/Maintenance/createServiceProgram', body: { companyId: w.here.id, name: 'Matrix REST' } },
      trpc: { path: 'maintenance.programs.create', type: 'mutation', input: { companyId: w.here.id, name: 'Matrix tRPC' } },
      page: { handler: programsPage.action, path: listPath(w), params: pageParams(w), form: { intent: 'createProgram', name: 'Matrix page', description: '' } },
    }),
    expect: managerOnly(201),
  },
  {
    name: 'updateServiceProgram',
    call: async (w) => {
      const [a, b, c] = [await newProgram(w), await newProgram(w), await newProgram(w)]
      return {
        rest: { method: 'PUT', path: '/api/Maintenance/updateServiceProgram', body: { programId: a.id, version: a.version, name: 'Renamed' } },
        trpc: { path: 'maintenance.programs.update', type: 'mutation', input: { programId: b.id, version: b.version, name: 'Renamed' } },
        page: { handler: programPage.action, path: `${listPath(w)}/${c.id}`, params: pageParams(w, c.id), form: { intent: 'updateProgram', name: 'Renamed', description: '', version: String(c.version) } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'deleteServiceProgram',
    call: async (w) => {
      const [a, b, c] = [await newProgram(w), await newProgram(w), await newProgram(w)]
      return {
        rest: { method: 'DELETE', path: `/api/Maintenance/deleteServiceProgram?programId=${a.id}` },
        trpc: { path: 'maintenance.programs.delete', type: 'mutation', input: { programId: b.id } },
        page: { handler: programPage.action, path: `${listPath(w)}/${c.id}`, params: pageParams(w, c.id), form: { intent: 'deleteProgram' } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'addServiceTask',
    call: async (w) => {
      const [a, b, c] = [await newProgram(w), await newProgram(w), await newProgram(w)]
      return {
        rest: { method: 'POST', path: '/api/Maintenance/addServiceTask', body: { programId: a.id, name: 'Oil', intervalDays: 90 } },
        trpc: { path: 'maintenance.programs.addTask', type: 'mutation', input: { programId: b.id, name: 'Oil', intervalMiles: 10000 } },
        page: { handler: programPage.action, path: `${listPath(w)}/${c.id}`, params: pageParams(w, c.id), form: { intent: 'addTask', name: 'Oil', intervalDays: '90' } },
      }
    },
    expect: managerOnly(201, 404),
  },
  {
    name: 'updateServiceTask',
    call: async (w) => {
      const [a, b, c] = [await newTask(w), await newTask(w), await newTask(w)]
      return {
        rest: { method: 'PUT', path: '/api/Maintenance/updateServiceTask', body: { taskId: a, name: 'Oil', intervalDays: 60 } },
        trpc: { path: 'maintenance.programs.updateTask', type: 'mutation', input: { taskId: b, name: 'Oil', intervalDays: 60 } },
        page: { handler: programPage.action, path: `${listPath(w)}/${await programIdOfTask(w, c)}`, params: pageParams(w, await programIdOfTask(w, c)), form: { intent: 'updateTask', taskId: String(c), name: 'Oil', intervalDays: '60' } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'deleteServiceTask',
    call: async (w) => {
      const [a, b, c] = [await newTask(w), await newTask(w), await newTask(w)]
      return {
        rest: { method: 'DELETE', path: `/api/Maintenance/deleteServiceTask?taskId=${a}` },
        trpc: { path: 'maintenance.programs.deleteTask', type: 'mutation', input: { taskId: b } },
        page: { handler: programPage.action, path: `${listPath(w)}/${await programIdOfTask(w, c)}`, params: pageParams(w, await programIdOfTask(w, c)), form: { intent: 'deleteTask', taskId: String(c) } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'setServiceProgramVehicles',
    call: async (w) => {
      const [a, b, c] = [await newProgram(w), await newProgram(w), await newProgram(w)]
      const bus = (await w.newVehicle()).id
      return {
        rest: { method: 'PUT', path: '/api/Maintenance/setServiceProgramVehicles', body: { programId: a.id, vehicleIds: [bus], rule: { make: ['Blue Bird'] } } },
        trpc: { path: 'maintenance.programs.setVehicles', type: 'mutation', input: { programId: b.id, vehicleIds: [bus], rule: null } },
        page: {
          handler: programPage.action,
          path: `${listPath(w)}/${c.id}`,
          params: pageParams(w, c.id),
          form: { intent: 'setVehicles', version: String(c.version), vehicleIds: String(bus), tag: 'Vision', yearFrom: '', yearTo: '' },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
]

async function programIdOfTask(w: World, taskId: number): Promise<number> {
  const [row] = await w.db.read.select({ programId: serviceTasks.programId }).from(serviceTasks).where(eq(serviceTasks.id, taskId))
  return row!.programId
}

describeMatrix(MAINTENANCE_PROGRAM_USE_CASES)

describe('service programs: owner, operator, repair shop, unrelated company', () => {
  let db: Database
  const who = {} as Record<'owner' | 'operator' | 'shop' | 'unrelated', { userId: number; token: string; cookie: string }>
  let ownerCo: number
  let programId: number

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    ownerCo = (await createCompany(db, 'Roles Owner', ['Owner'])).id
    const operatorCo = (await createCompany(db, 'Roles Operator', ['Operator'])).id
    const shopCo = (await createCompany(db, 'Roles Shop', ['RepairShop'])).id
    const unrelatedCo = (await createCompany(db, 'Roles Unrelated', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shopCo }).where(eq(companies.id, ownerCo)))
    const grants = { owner: [ownerCo, 'Owner'], operator: [operatorCo, 'Operator'], shop: [shopCo, 'RepairShop'], unrelated: [unrelatedCo, 'Owner'] } as const
    for (const [key, [companyId, role]] of Object.entries(grants) as [keyof typeof who, readonly [number, 'Owner' | 'Operator' | 'RepairShop']][]) {
      const userId = (await createUser(db, { firstName: key })).id
      await grantRole(db, userId, companyId, role)
      who[key] = { userId, token: await apiTokenFor(db, userId), cookie: await webSessionFor(db, userId) }
    }
    // The operator runs one of the owner's buses today: it still has no say in the owner's programs.
    const bus = await insertVehicle(db, ownerCo)
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo, startDate: '2020-01-01' }))
    const p = await createServiceProgram(await ctxFor(db, who.owner.userId), { companyId: ownerCo, name: 'Roles PM' })
    programId = p.id
  })
  afterAll(async () => {
    await db.close()
  })

  const rest = async (actor: keyof typeof who, method: string, path: string, body?: unknown) =>
    (
      await handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${who[actor].token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        db,
        '127.0.0.1',
      )
    ).status
  const trpc = async (actor: keyof typeof who, path: string, input: unknown) =>
    (
      await handleTrpcRequest(
        new Request(`http://localhost/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: `operon_session=${who[actor].cookie}` } }),
        db,
        '127.0.0.1',
      )
    ).status

  it.each([
    ['owner', 200, 200, 201],
    ['operator', 403, 404, 403],
    ['shop', 403, 404, 403],
    ['unrelated', 403, 404, 403],
  ] as const)('%s: REST list %i, program %i, create %i', async (actor, list, one, create) => {
    expect(await rest(actor, 'GET', `/api/Maintenance/getServicePrograms?companyId=${ownerCo}`)).toBe(list)
    expect(await rest(actor, 'GET', `/api/Maintenance/getServiceProgram?programId=${programId}`)).toBe(one)
    expect(await rest(actor, 'POST', '/api/Maintenance/createServiceProgram', { companyId: ownerCo, name: `By ${actor}` })).toBe(create)
    expect(await rest(actor, 'PUT', '/api/Maintenance/setServiceProgramVehicles', { programId, vehicleIds: [], rule: null })).toBe(one)
    expect(await trpc(actor, 'maintenance.programs.list', { companyId: ownerCo })).toBe(list)
    expect(await trpc(actor, 'maintenance.programs.get', { programId })).toBe(one)
  })

  it.each(['operator', 'shop', 'unrelated'] as const)('%s: the pages send them home', async (actor) => {
    const list = await callPage(programsPage.loader, `/maintenance/${ownerCo}/programs`, { cookie: who[actor].cookie, params: { companyId: String(ownerCo) } })
    expect(list.location).toBe('/')
    const one = await callPage(programPage.loader, `/maintenance/${ownerCo}/programs/${programId}`, { cookie: who[actor].cookie, params: { companyId: String(ownerCo), programId: String(programId) } })
    expect(one.location).toBe('/')
    const post = await callPage(programPage.action, `/maintenance/${ownerCo}/programs/${programId}`, {
      cookie: who[actor].cookie,
      params: { companyId: String(ownerCo), programId: String(programId) },
      form: { intent: 'deleteProgram' },
    })
    expect(post.location).toBe('/')
  })

  it('owner: the pages load and a program of another company is not shown under this one', async () => {
    const list = await callPage(programsPage.loader, `/maintenance/${ownerCo}/programs`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo) } })
    expect(list.status).toBe(200)
    expect((list.body as { programs: { id: number }[] }).programs.map((p) => p.id)).toContain(programId)
    const one = await callPage(programPage.loader, `/maintenance/${ownerCo}/programs/${programId}`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo), programId: String(programId) } })
    expect(one.status).toBe(200)
    const foreign = await createServiceProgram(await ctxFor(db, who.unrelated.userId), { companyId: (await db.read.select().from(companies).where(eq(companies.name, 'Roles Unrelated')))[0]!.id, name: 'Theirs' })
    const refused = await callPage(programPage.loader, `/maintenance/${ownerCo}/programs/${foreign.id}`, { cookie: who.owner.cookie, params: { companyId: String(ownerCo), programId: String(foreign.id) } })
    expect(refused.location).toBe(`/maintenance/${ownerCo}/programs`)
    expect(refused.toast?.type).toBe('error')
  })
})
