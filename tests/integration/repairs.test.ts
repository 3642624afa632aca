/**
 * Repair jobs after they exist (issue 10): task completion and certification, who may do it,
 * the race of the last two tasks, a certified action kept, routing to the owner's chosen shop,
 * the paged list, out of service in the fleet, and the REST / tRPC doors. On both drivers.
 */
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, companies, mailOutbox, repairActions, repairTasks, users } from '#db/schema/index.ts'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { listFleetVehicles } from '#server/fleet/list-vehicles.server.ts'
import { addVehicle, getAllOwnerVehicles } from '#server/fleet/vehicles.server.ts'
import { listRepairsByCompany, listRepairsByVehicle, pageRepairsByCompany } from '#server/repairs/list-repairs.server.ts'
import { updateTaskStatus } from '#server/repairs/update-task-status.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, actorFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as repairActionsPage from '#app/routes/_app+/repairActions.$companyId.tsx'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

let vinSeq = 0
let actionSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(200000 + vinSeq++).slice(-6)}`)

describe.each(DRIVERS)('repair jobs on %s', (driver) => {
  let db: Database
  const ids = {} as {
    owner: number
    shop: number
    otherShop: number
    operator: number
    ownerManager: number
    ownerEmail: string
    shopManager: number
    mech1: number
    mech2: number
    inactiveMech: number
    otherMech: number
    driver: number
    stranger: number
    vehicle: number
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Repairs Owner Co', ['Owner'])).id
    ids.shop = (await createCompany(db, 'Main Street Garage', ['RepairShop'])).id
    ids.otherShop = (await createCompany(db, 'Other Garage', ['RepairShop'])).id
    ids.operator = (await createCompany(db, 'Repairs Operator', ['Operator'])).id
    const ownerManager = await createUser(db, { firstName: 'Olive', lastName: 'Owner' })
    ids.ownerManager = ownerManager.id
    ids.ownerEmail = ownerManager.email!
    ids.shopManager = (await createUser(db, { firstName: 'Sam', lastName: 'Shop' })).id
    ids.mech1 = (await createUser(db, { firstName: 'Maria', lastName: 'Mechanic' })).id
    ids.mech2 = (await createUser(db, { firstName: 'Mo', lastName: 'Wrench' })).id
    ids.inactiveMech = (await createUser(db, { firstName: 'Ina', lastName: 'Inactive' })).id
    ids.otherMech = (await createUser(db, { firstName: 'Otto', lastName: 'Other' })).id
    ids.driver = (await createUser(db, { firstName: 'Dee', lastName: 'Driver' })).id
    ids.stranger = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.shopManager, ids.shop, 'RepairShop')
    await grantRole(db, ids.mech1, ids.shop, 'Mechanic')
    await grantRole(db, ids.mech2, ids.shop, 'Mechanic')
    await grantRole(db, ids.inactiveMech, ids.shop, 'Mechanic', false)
    await grantRole(db, ids.otherMech, ids.otherShop, 'Mechanic')
    await grantRole(db, ids.driver, ids.operator, 'Driver')
    ids.vehicle = (await newVehicle()).id
  })
  afterAll(() => db.close())

  const ctx = (userId: number) => ctxFor(db, userId)
  async function newVehicle() {
    return addVehicle(await ctx(ids.ownerManager), { ownerId: ids.owner, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: `RP-${vinSeq}`, odometer: 1000 })
  }

  /** A repair action as the driver's pre-trip creates it (i10a), inserted directly. */
  async function newAction(opts: { shop?: number | null; tasks?: number; outOfService?: boolean; vehicleId?: number } = {}) {
    return db.transaction(async (tx) => {
      const [a] = await tx
        .insert(repairActions)
        .values({
          repairIdentifier: `RA-T-${driver}-${++actionSeq}`,
          vehicleId: opts.vehicleId ?? ids.vehicle,
          ownerCompanyId: ids.owner,
          repairCompanyId: opts.shop === undefined ? ids.shop : opts.shop,
          comments: 'Defects reported on the pre-trip',
          outOfService: opts.outOfService ?? false,
        })
        .returning()
      const tasks = await tx
        .insert(repairTasks)
        .values(Array.from({ length: opts.tasks ?? 2 }, (_, i) => ({ repairActionId: a!.id, name: `Task ${i + 1}`, description: `Fix item ${i + 1}` })))
        .returning()
      return { id: a!.id, tasks: tasks.map((t) => t.id) }
    })
  }

  const certifyAudits = async (actionId: number) =>
    (await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'repairAction.certify'), eq(auditLog.entityId, String(actionId))))).length
  const certifiedMails = async (repairIdentifier: string) =>
    (await db.read.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, ids.ownerEmail.toLowerCase()), like(mailOutbox.subject, `%${repairIdentifier}%`)))).length

  describe('who may change a task', () => {
    it('refuses everyone but the active mechanics and managers of the shop with 404 (never revealed)', async () => {
      const a = await newAction()
      for (const who of [ids.otherMech, ids.driver, ids.ownerManager, ids.inactiveMech, ids.stranger]) {
        await expect(updateTaskStatus(await ctx(who), { taskId: a.tasks[0], status: 'Completed' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: REPAIR_TEXT.taskNotFound })
      }
      await expect(updateTaskStatus(anon(db), { taskId: a.tasks[0], status: 'Completed' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
      // An unknown task reads the same as another shop's.
      await expect(updateTaskStatus(await ctx(ids.mech1), { taskId: 99_999_999, status: 'Completed' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: REPAIR_TEXT.taskNotFound })
      const [t] = await db.read.select().from(repairTasks).where(eq(repairTasks.id, a.tasks[0]!))
      expect(t!.status).toBe('Pending')
      // The shop's manager may.
      const row = await updateTaskStatus(await ctx(ids.shopManager), { taskId: a.tasks[0], status: 'Completed' })
      expect(row.tasks[0]).toMatchObject({ id: a.tasks[0], status: 'Completed' })
    })

    it('a waiting action (no shop) cannot be changed by any shop', async () => {
      const a = await newAction({ shop: null })
      await expect(updateTaskStatus(await ctx(ids.mech1), { taskId: a.tasks[0], status: 'Completed' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    })

    it('names the field of a bad status or task id (400)', async () => {
      const a = await newAction()
      for (const status of ['Done', 'completed', 2, null, undefined]) {
        await expect(updateTaskStatus(await ctx(ids.mech1), { taskId: a.tasks[0], status })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          fieldErrors: { status: REPAIR_TEXT.statusInvalid },
        })
      }
      const err = await updateTaskStatus(await ctx(ids.mech1), { taskId: 'x', status: 'Nope' }).catch((e) => e)
      expect(Object.keys(err.fieldErrors).sort()).toEqual(['status', 'taskId'])
    })
  })

  describe('certification', () => {
    it('the last Completed task makes the action Repaired with the time and the mechanic, audited and mailed once', async () => {
      const a = await newAction({ tasks: 3 })
      const [{ repairIdentifier }] = (await db.read.select({ repairIdentifier: repairActions.repairIdentifier }).from(repairActions).where(eq(repairActions.id, a.id))) as [{ repairIdentifier: string }]
      const at = new Date('2026-03-04T05:06:07.000Z')
      let row = await updateTaskStatus(await ctx(ids.mech2), { taskId: a.tasks[0], status: 'Completed' })
      expect(row.repairedAt).toBeNull()
      row = await updateTaskStatus(await ctx(ids.mech2), { taskId: a.tasks[1], status: 'Completed' })
      // Back to Pending before the certification is fine.
      row = await updateTaskStatus(await ctx(ids.mech2), { taskId: a.tasks[1], status: 'Pending' })
      expect(row.tasks.map((t) => t.status)).toEqual(['Completed', 'Pending', 'Pending'])
      await updateTaskStatus(await ctx(ids.mech2), { taskId: a.tasks[1], status: 'Completed' })
      row = await updateTaskStatus({ ...(await ctx(ids.mech1)), now: at }, { taskId: a.tasks[2], status: 'Completed' })
      expect(row).toMatchObject({ id: a.id, repairedAt: at.toISOString(), repairedByName: 'Maria Mechanic', repairCompanyName: 'Main Street Garage' })
      expect(row.tasks.every((t) => t.status === 'Completed')).toBe(true)
      const [stored] = await db.read.select().from(repairActions).where(eq(repairActions.id, a.id))
      expect(stored).toMatchObject({ repairedByUserId: ids.mech1, repairedByName: 'Maria Mechanic' })
      expect(await certifyAudits(a.id)).toBe(1)
      expect(await certifiedMails(repairIdentifier)).toBe(1)
      const mail = (await db.read.select().from(mailOutbox).where(like(mailOutbox.subject, `%${repairIdentifier}%`)))[0]!
      expect(mail.textBody).toContain('Maria Mechanic')
      // Completing an already Completed task again (a retry) changes nothing and answers the action.
      const again = await updateTaskStatus(await ctx(ids.mech2), { taskId: a.tasks[2], status: 'Completed' })
      expect(again).toMatchObject({ repairedAt: at.toISOString(), repairedByName: 'Maria Mechanic' })
      expect(await certifyAudits(a.id)).toBe(1)
    })

    it('two mechanics completing the last two tasks at once: exactly one Repaired transition, one audit row, one mail', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await newAction({ tasks: 2 })
        const [{ repairIdentifier }] = (await db.read.select({ repairIdentifier: repairActions.repairIdentifier }).from(repairActions).where(eq(repairActions.id, a.id))) as [{ repairIdentifier: string }]
        const [c1, c2] = [await ctx(ids.mech1), await ctx(ids.mech2)]
        const [r1, r2] = await Promise.all([
          updateTaskStatus(c1, { taskId: a.tasks[0], status: 'Completed' }),
          updateTaskStatus(c2, { taskId: a.tasks[1], status: 'Completed' }),
        ])
        // Whichever finished last saw the certification; both answer the same action.
        expect([r1.id, r2.id]).toEqual([a.id, a.id])
        const [stored] = await db.read.select().from(repairActions).where(eq(repairActions.id, a.id))
        expect(stored!.repairedAt).not.toBeNull()
        expect(['Maria Mechanic', 'Mo Wrench']).toContain(stored!.repairedByName)
        expect(await certifyAudits(a.id)).toBe(1)
        expect(await certifiedMails(repairIdentifier)).toBe(1)
      }
    })

    it('a certified action is kept: reopening one of its tasks is 409 with a clear message', async () => {
      const a = await newAction({ tasks: 1 })
      await updateTaskStatus(await ctx(ids.mech1), { taskId: a.tasks[0], status: 'Completed' })
      const err = await updateTaskStatus(await ctx(ids.shopManager), { taskId: a.tasks[0], status: 'Pending' }).catch((e) => e)
      expect(err).toMatchObject({ code: 'CONFLICT', message: REPAIR_TEXT.certifiedLocked })
      const [t] = await db.read.select().from(repairTasks).where(eq(repairTasks.id, a.tasks[0]!))
      expect(t!.status).toBe('Completed')
      const [stored] = await db.read.select().from(repairActions).where(eq(repairActions.id, a.id))
      expect(stored!.repairedAt).not.toBeNull()
    })
  })

  describe('routing to the owner company\'s shop', () => {
    it('actions waiting for a shop go to the shop the owner chooses, in the same change; those at the old shop stay', async () => {
      const waiting = await newAction({ shop: null })
      const atOld = await newAction({ shop: ids.otherShop })
      // The owner sees it waiting (repairCompanyName null) on the vehicle's tab.
      const before = (await listRepairsByVehicle(await ctx(ids.ownerManager), ids.vehicle)).find((r) => r.id === waiting.id)
      expect(before).toMatchObject({ repairCompanyName: null, repairedAt: null })
      const [shop] = (await db.read.select({ code: companies.code }).from(companies).where(eq(companies.id, ids.shop))) as [{ code: string }]

      // A company that is not a repair shop is refused, and nothing moves.
      const [operatorCo] = (await db.read.select({ code: companies.code }).from(companies).where(eq(companies.id, ids.operator))) as [{ code: string }]
      await expect(updateCompanySettings(await ctx(ids.ownerManager), { companyId: ids.owner, repairShopCode: operatorCo.code })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { repairShopCode: expect.any(String) } })
      expect((await db.read.select().from(repairActions).where(eq(repairActions.id, waiting.id)))[0]!.repairCompanyId).toBeNull()

      await updateCompanySettings(await ctx(ids.ownerManager), { companyId: ids.owner, repairShopCode: shop.code })
      const rows = await db.read.select({ id: repairActions.id, shop: repairActions.repairCompanyId }).from(repairActions)
      expect(rows.find((r) => r.id === waiting.id)!.shop).toBe(ids.shop)
      expect(rows.find((r) => r.id === atOld.id)!.shop).toBe(ids.otherShop)
      expect(rows.every((r) => r.shop !== null)).toBe(true)
      // The new shop's mechanic now sees and completes it.
      expect((await listRepairsByCompany(await ctx(ids.mech1), ids.shop)).some((r) => r.id === waiting.id)).toBe(true)
      await updateTaskStatus(await ctx(ids.mech1), { taskId: waiting.tasks[0], status: 'Completed' })
      const [audit] = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'company.settings'), eq(auditLog.companyId, ids.owner)))
      expect(audit!.details).toMatchObject({ routedRepairs: expect.any(Number) })
    })
  })

  describe('the shop\'s list', () => {
    it('is paged in SQL and filtered by status; only the shop\'s people read it', async () => {
      const shop = (await createCompany(db, 'Paging Garage', ['RepairShop'])).id
      const mech = (await createUser(db, { firstName: 'Pat', lastName: 'Pager' })).id
      await grantRole(db, mech, shop, 'Mechanic')
      const made = []
      for (let i = 0; i < 12; i++) made.push(await newAction({ shop, tasks: 1 }))
      for (const a of made.slice(0, 5)) await updateTaskStatus(await ctx(mech), { taskId: a.tasks[0], status: 'Completed' })
      const pending = await pageRepairsByCompany(await ctx(mech), { repairCompanyId: shop, status: 'pending', pageSize: 10 })
      expect(pending).toMatchObject({ total: 7, page: 1, pageSize: 10, pageCount: 1 })
      expect(pending.items.every((r) => r.repairedAt === null)).toBe(true)
      const repaired = await pageRepairsByCompany(await ctx(mech), { repairCompanyId: shop, status: 'repaired' })
      expect(repaired.total).toBe(5)
      expect(repaired.items.every((r) => r.repairedByName === 'Pat Pager')).toBe(true)
      const all2 = await pageRepairsByCompany(await ctx(mech), { repairCompanyId: shop, status: 'all', page: 2, pageSize: 10 })
      expect(all2).toMatchObject({ total: 12, page: 2, pageCount: 2 })
      expect(all2.items).toHaveLength(2)
      await expect(pageRepairsByCompany(await ctx(mech), { repairCompanyId: shop, pageSize: 7 })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { pageSize: expect.any(String) } })
      for (const who of [ids.mech1, ids.ownerManager, ids.driver]) {
        await expect(pageRepairsByCompany(await ctx(who), { repairCompanyId: shop })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      }
    })
  })

  describe('out of service', () => {
    it('a vehicle with an open safety-critical repair is out of service in the fleet lists until repaired', async () => {
      const bus = await newVehicle()
      const flag = async () => (await listFleetVehicles(await ctx(ids.ownerManager), { companyId: ids.owner, pageSize: 30, vehicleIdentifier: bus.vehicleIdentifier })).items.find((v) => v.id === bus.id)!.outOfService
      const rest = async () => (await getAllOwnerVehicles(await ctx(ids.ownerManager), ids.owner)).find((v) => v.id === bus.id) as { outOfService?: boolean }
      expect(await flag()).toBe(false)
      await newAction({ vehicleId: bus.id, outOfService: false })
      expect(await flag()).toBe(false)
      const a = await newAction({ vehicleId: bus.id, outOfService: true, tasks: 1 })
      expect(await flag()).toBe(true)
      expect((await rest()).outOfService).toBe(true)
      // The fleet's "Service" filter keeps only the vehicles out of service.
      const onlyOut = async () => (await listFleetVehicles(await ctx(ids.ownerManager), { companyId: ids.owner, pageSize: 30, service: ['outOfService'] })).items.map((v) => v.id)
      expect(await onlyOut()).toEqual([bus.id])
      await updateTaskStatus(await ctx(ids.mech1), { taskId: a.tasks[0], status: 'Completed' })
      expect(await flag()).toBe(false)
      expect((await rest()).outOfService).toBe(false)
      expect(await onlyOut()).toEqual([])
    })
  })

  describe('doors', () => {
    it('tRPC: repairs.updateTaskStatus and repairs.byCompany call the same use cases', async () => {
      const a = await newAction({ tasks: 1 })
      const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.mech1) })
      await expect(caller.repairs.updateTaskStatus({ taskId: a.tasks[0]!, status: 'Done' as 'Completed' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
      const other = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.otherMech) })
      await expect(other.repairs.updateTaskStatus({ taskId: a.tasks[0]!, status: 'Completed' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
      const row = await caller.repairs.updateTaskStatus({ taskId: a.tasks[0]!, status: 'Completed' })
      expect(row.repairedByName).toBe('Maria Mechanic')
      const page = await caller.repairs.byCompany({ repairCompanyId: ids.shop, status: 'repaired', page: 1, pageSize: 10 })
      expect(page.items.some((r) => r.id === a.id)).toBe(true)
    })

    describe('REST over HTTP', () => {
      let app: RunningApp
      beforeAll(async () => {
        app = await startApp(db)
      }, 120_000)
      afterAll(() => app?.close())

      it('PUT /api/RepairAction/updateTaskStatus answers the repair action in the shape of API.md', async () => {
        const a = await newAction({ tasks: 2 })
        const token = await apiTokenFor(db, ids.mech2)
        const put = (body: unknown, t = token) =>
          raw(app.base, 'PUT', '/api/repairaction/UPDATETASKSTATUS', { headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        let res = await put({ TaskId: a.tasks[0], Status: 'Completed' })
        expect(res.status).toBe(200)
        let body = JSON.parse(res.body)
        expect(Object.keys(body).sort()).toEqual(
          ['comments', 'createdAt', 'id', 'outOfService', 'preInspectionFormId', 'repairCompanyName', 'repairIdentifier', 'repairedAt', 'repairedByName', 'tasks', 'vehicleInfo'].sort(),
        )
        expect(body).toMatchObject({ id: a.id, repairedAt: null, repairCompanyName: 'Main Street Garage', vehicleInfo: { make: 'Blue Bird', model: 'Vision', odometer: 1000 } })
        expect(Object.keys(body.vehicleInfo).sort()).toEqual(['licensePlate', 'make', 'model', 'odometer', 'vehicleIdentifier'])
        expect(body.tasks).toEqual([
          { id: a.tasks[0], name: 'Task 1', description: 'Fix item 1', status: 'Completed' },
          { id: a.tasks[1], name: 'Task 2', description: 'Fix item 2', status: 'Pending' },
        ])
        res = await put({ taskId: a.tasks[1], status: 'Completed' })
        body = JSON.parse(res.body)
        expect(body.repairedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
        expect(body.repairedByName).toBe('Mo Wrench')

        res = await put({ taskId: a.tasks[1], status: 'Pending' })
        expect(res.status).toBe(409)
        expect(JSON.parse(res.body)).toMatchObject({ message: REPAIR_TEXT.certifiedLocked })
        res = await put({ taskId: a.tasks[1], status: 'Done' })
        expect(res.status).toBe(400)
        expect(JSON.parse(res.body)).toEqual({ message: `status: ${REPAIR_TEXT.statusInvalid}`, errors: { status: REPAIR_TEXT.statusInvalid } })
        res = await put({ taskId: a.tasks[1], status: 'Completed' }, await apiTokenFor(db, ids.otherMech))
        expect(res.status).toBe(404)
        expect(JSON.parse(res.body)).toEqual({ message: REPAIR_TEXT.taskNotFound })
        res = await raw(app.base, 'PUT', '/api/RepairAction/updateTaskStatus', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taskId: a.tasks[1], status: 'Completed' }) })
        expect(res.status).toBe(401)

        const list = await raw(app.base, 'GET', `/api/RepairAction/getRepairsByCompany?repairCompanyId=${ids.shop}`, { headers: { authorization: `Bearer ${token}` } })
        expect(list.status).toBe(200)
        expect(JSON.parse(list.body).find((r: { id: number }) => r.id === a.id)).toMatchObject({ repairedByName: 'Mo Wrench' })
      })
    })
  })

  describe('the page door (no JavaScript)', () => {
    // The page's loader and action read the process database.
    beforeAll(() => useAsAppDb(db))
    async function post(userId: number, search: string, form: Record<string, string>) {
      const cookie = `operon_session=${await webSessionFor(db, userId)}`
      const request = new Request(`http://localhost/repairActions/${ids.shop}${search}`, { method: 'POST', headers: { cookie }, body: new URLSearchParams(form) })
      try {
        return await repairActionsPage.action({ request, params: { companyId: String(ids.shop) }, context: { cspNonce: '', clientIp: '127.0.0.1' } } as never)
      } catch (thrown) {
        return thrown
      }
    }
    async function load(userId: number, search: string) {
      const cookie = `operon_session=${await webSessionFor(db, userId)}`
      const request = new Request(`http://localhost/repairActions/${ids.shop}${search}`, { headers: { cookie } })
      return repairActionsPage.loader({ request, params: { companyId: String(ids.shop) }, context: { cspNonce: '', clientIp: '127.0.0.1' } } as never)
    }

    it('lists, marks a task and, once certified, goes back to the action under "Repaired"; a refusal is shown with its status', async () => {
      const a = await newAction({ tasks: 2 })
      const page = await load(ids.mech1, '?status=pending&pageSize=30&open=' + a.id)
      const view = page.list.items.find((i) => i.id === a.id)!
      expect(view).toMatchObject({ isRepaired: false, statusLabel: 'Pending repair', completedCount: 0, repairedAtLabel: null })
      expect(page.openId).toBe(a.id)
      // A hand-edited URL falls back to the defaults.
      expect((await load(ids.mech1, '?status=bogus&pageSize=7&page=-2')).list).toMatchObject({ status: 'pending', pageSize: 10, page: 1 })

      let res = (await post(ids.mech1, '?status=pending', { intent: 'updateTaskStatus', taskId: String(a.tasks[0]), status: 'Completed' })) as Response
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`/repairActions/${ids.shop}?status=pending&open=${a.id}#repair-${a.id}`)
      res = (await post(ids.mech1, '?status=pending&page=2', { intent: 'updateTaskStatus', taskId: String(a.tasks[1]), status: 'Completed' })) as Response
      expect(res.headers.get('location')).toBe(`/repairActions/${ids.shop}?status=repaired&open=${a.id}#repair-${a.id}`)
      const repaired = await load(ids.mech1, `?status=repaired&open=${a.id}`)
      expect(repaired.list.items[0]).toMatchObject({ id: a.id, isRepaired: true, statusLabel: 'Repaired', repairedByName: 'Maria Mechanic', completedCount: 2 })
      expect(repaired.list.items[0]!.repairedAtLabel).toEqual(expect.any(String))

      const refused = (await post(ids.mech1, '', { intent: 'updateTaskStatus', taskId: String(a.tasks[1]), status: 'Pending' })) as { data: { formError: string }; init: { status: number } }
      expect(refused.init.status).toBe(409)
      expect(refused.data.formError).toBe(REPAIR_TEXT.certifiedLocked)
      // Another shop's mechanic never reaches the page.
      const away = (await post(ids.otherMech, '', { intent: 'updateTaskStatus', taskId: String(a.tasks[0]), status: 'Pending' })) as Response
      expect(away.headers.get('location')).toBe('/')
    })
  })

  it('keeps the names of users as signed (a deleted account leaves the certification)', async () => {
    const a = await newAction({ tasks: 1 })
    const temp = (await createUser(db, { firstName: 'Tess', lastName: 'Temp' })).id
    await grantRole(db, temp, ids.shop, 'Mechanic')
    await updateTaskStatus(await ctx(temp), { taskId: a.tasks[0], status: 'Completed' })
    await db.transaction((tx) => tx.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, temp)))
    const [row] = (await listRepairsByCompany(await ctx(ids.mech1), ids.shop)).filter((r) => r.id === a.id)
    expect(row!.repairedByName).toBe('Tess Temp')
  })
})
