/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts) for the meters' doors (issue 35
 * point 2): the engine-hours history, the owner's entry and correction / reset, through REST, tRPC
 * and the fleet page's action; then the same doors as the owner company, the operator company of an
 * active assignment (reads, never writes), the owner's repair shop and an unrelated company.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import { describeMatrix, managerOnly, OK, type UseCase } from '#tests/helpers/authorization-matrix.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

const METER_USE_CASES: UseCase[] = [
  {
    name: 'getEngineHoursHistory',
    call: async (w) => {
      const v = await w.newVehicle()
      return {
        rest: { method: 'GET', path: `/api/Fleet/getEngineHoursHistory?vehicleId=${v.id}` },
        trpc: { path: 'fleet.engineHoursHistory', type: 'query', input: { vehicleId: v.id } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'recordEngineHours',
    call: async (w) => {
      const v = await w.newVehicle()
      const body = { vehicleId: v.id, reading: 12.5 }
      return {
        rest: { method: 'POST', path: '/api/Fleet/recordEngineHours', body },
        trpc: { path: 'fleet.recordEngineHours', type: 'mutation', input: body },
        page: {
          handler: fleetPage.action,
          path: `/fleet/${w.here.id}?open=${v.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'recordEngineHours', vehicleId: String(v.id), reading: '12.5' },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'correctEngineHours',
    call: async (w) => {
      const v = await w.newVehicle()
      const body = { vehicleId: v.id, reading: 0, reason: 'Matrix engine replaced', reset: true }
      return {
        rest: { method: 'POST', path: '/api/Fleet/correctEngineHours', body },
        trpc: { path: 'fleet.correctEngineHours', type: 'mutation', input: body },
        page: {
          handler: fleetPage.action,
          path: `/fleet/${w.here.id}?open=${v.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'correctEngineHours', vehicleId: String(v.id), reading: '0', reason: 'Matrix engine replaced', reset: 'on' },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
]

describeMatrix(METER_USE_CASES)

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`4DRBUAAN0NB${String(800000 + vinSeq++).slice(-6)}`)

describe('engine hours: owner, operator, repair shop, unrelated company', () => {
  let db: Database
  const u = {} as Record<'owner' | 'operator' | 'shop' | 'unrelated', number>
  let vehicleId = 0

  beforeAll(async () => {
    db = createTestDb()
    const owner = await createCompany(db, 'Meters Owner', ['Owner'])
    const operator = await createCompany(db, 'Meters Operator', ['Operator'])
    const shop = await createCompany(db, 'Meters Shop', ['RepairShop'])
    const unrelated = await createCompany(db, 'Meters Unrelated', ['Owner', 'Operator', 'RepairShop'])
    for (const k of ['owner', 'operator', 'shop', 'unrelated'] as const) u[k] = (await createUser(db, { firstName: k })).id
    await grantRole(db, u.owner, owner.id, 'Owner')
    await grantRole(db, u.operator, operator.id, 'Operator')
    await grantRole(db, u.shop, shop.id, 'RepairShop')
    for (const r of ['Owner', 'Operator', 'RepairShop'] as const) await grantRole(db, u.unrelated, unrelated.id, r)
    await db.transaction((tx) => tx.update(t.companies).set({ repairShopCompanyId: shop.id }).where(eq(t.companies.id, owner.id)))
    const v = await addVehicle(await ctxFor(db, u.owner), { ownerId: owner.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'MTR-1' })
    vehicleId = v.id
    await db.transaction((tx) => tx.insert(t.operatorAssignments).values({ vehicleId, operatorCompanyId: operator.id, startDate: '2020-01-01', endDate: null }))
  })
  afterAll(() => db.close())

  const rest = async (who: number, method: string, path: string, body?: unknown) => {
    const res = await handleRestRequest(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${await apiTokenFor(db, who)}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      db,
      '127.0.0.1',
    )
    return res.status
  }
  const callerOf = async (who: number) => createCallerFactory(appRouter)({ db, actor: await actorFor(db, who) })
  const trpc = async (who: number, run: (c: Awaited<ReturnType<typeof callerOf>>) => Promise<unknown>) => {
    const caller = await callerOf(who)
    return run(caller).then(
      () => 'OK',
      (e: { code: string }) => e.code,
    )
  }

  const expected = {
    owner: { read: [200, 'OK'], write: [200, 'OK'] },
    operator: { read: [200, 'OK'], write: [403, 'FORBIDDEN'] },
    shop: { read: [404, 'NOT_FOUND'], write: [404, 'NOT_FOUND'] },
    unrelated: { read: [404, 'NOT_FOUND'], write: [404, 'NOT_FOUND'] },
  } as const

  for (const who of ['owner', 'operator', 'shop', 'unrelated'] as const) {
    it(`${who}: history ${expected[who].read.join('/')}, entry and correction ${expected[who].write.join('/')}`, async () => {
      expect(await rest(u[who], 'GET', `/api/Fleet/getEngineHoursHistory?vehicleId=${vehicleId}`)).toBe(expected[who].read[0])
      expect(await trpc(u[who], (c) => c.fleet.engineHoursHistory({ vehicleId }))).toBe(expected[who].read[1])
      expect(await rest(u[who], 'POST', '/api/Fleet/recordEngineHours', { vehicleId, reading: 100 })).toBe(expected[who].write[0])
      expect(await trpc(u[who], (c) => c.fleet.recordEngineHours({ vehicleId, reading: 101 }))).toBe(expected[who].write[1])
      expect(await rest(u[who], 'POST', '/api/Fleet/correctEngineHours', { vehicleId, reading: 50, reason: 'Misread' })).toBe(expected[who].write[0])
      expect(await trpc(u[who], (c) => c.fleet.correctEngineHours({ vehicleId, reading: 49, reason: 'Misread', reset: true }))).toBe(expected[who].write[1])
    })
  }

  it('only the owner wrote: four readings, all by the owner', async () => {
    const rows = await db.read.select().from(t.engineHourReadings).where(eq(t.engineHourReadings.vehicleId, vehicleId))
    expect(rows.map((r) => [r.reading, r.source, r.recordedByUserId])).toEqual([
      [100, 'owner', u.owner],
      [101, 'owner', u.owner],
      [50, 'correction', u.owner],
      [49, 'reset', u.owner],
    ])
  })
})
