/**
 * Doing the work (issue 35 point 4, decision 084): a service done outside Operon restarts the
 * interval from its own date and reading (not the latest reading), a skipped occurrence with its
 * reason, "Send to repair shop" (once per task), a certified repair recording its services in
 * the same transaction (a typed reading: `entered`; none: the latest on that date, `latest`), a
 * removed pre-trip keeping the records, the history kept when a bus leaves a program, and the
 * REST door's Idempotency-Key. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import {
  auditLog,
  companies,
  odometerReadings,
  preInspections,
  repairActions,
  repairTasks,
  servicePrograms,
  serviceProgramVehicles,
  serviceRecords,
  serviceTasks,
  vehicleDocuments,
  vehicleServiceLast,
} from '#db/schema/index.ts'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { selectDueItems } from '#server/alerts/due-items.server.ts'
import { listServiceHistory, recordOutsideService, skipServiceOccurrence } from '#server/maintenance/service-records.server.ts'
import { pageRepairsByCompany } from '#server/repairs/list-repairs.server.ts'
import { sendToRepairShop } from '#server/repairs/send-to-repair-shop.server.ts'
import { updateTaskStatus } from '#server/repairs/update-task-status.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { isAppError } from '#server/errors.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { insertServiceRecord } from '#server/maintenance/service-records.server.ts'
import { removeExpiredRecords, retentionCutoffFor } from '#server/compliance/retention.server.ts'
import * as vehiclePage from '#app/routes/_app+/maintenance.$companyId_.vehicles.$vehicleId.tsx'
import * as repairActionsPage from '#app/routes/_app+/repairActions.$companyId.tsx'
import { createElement } from 'react'
import { WorkOrderDocument } from '#app/components/maintenance/work-order-document.tsx'
import { printDocumentHtml } from '#app/routes/print-page.server.ts'
import { getWorkOrder } from '#server/repairs/work-order.server.ts'
import { assign, insertPreInspection } from '#tests/helpers/inspection-records.ts'

/** (Not a React hook: makes `db` the process database, for the pages.) */
const setAppDb = useAsAppDb
const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10)

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

describe.each(DRIVERS)('service records on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; shop: number; operator: number; ownerManager: number; mechanic: number; operatorManager: number; stranger: number; program: number; oil: number; brakes: number; otherTask: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'PM Owner Co', ['Owner'])).id
    ids.shop = (await createCompany(db, 'PM Garage', ['RepairShop'])).id
    ids.operator = (await createCompany(db, 'PM Operator', ['Operator'])).id
    ids.ownerManager = (await createUser(db, { firstName: 'Olive', lastName: 'Owner' })).id
    ids.mechanic = (await createUser(db, { firstName: 'Maria', lastName: 'Mechanic' })).id
    ids.operatorManager = (await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })).id
    ids.stranger = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.mechanic, ids.shop, 'Mechanic')
    await grantRole(db, ids.operatorManager, ids.operator, 'Operator')
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ repairShopCompanyId: ids.shop }).where(eq(companies.id, ids.owner))
      const [p] = await tx.insert(servicePrograms).values({ ownerCompanyId: ids.owner, name: 'PM-A' }).returning()
      ids.program = p!.id
      const [oil] = await tx
        .insert(serviceTasks)
        .values({ programId: p!.id, ownerCompanyId: ids.owner, name: 'Oil and filter', checklist: 'Drain the oil\nReplace the filter', intervalDays: 45, intervalMiles: 6000, soonDays: 7, soonMiles: 500, position: 0 })
        .returning()
      const [brakes] = await tx.insert(serviceTasks).values({ programId: p!.id, ownerCompanyId: ids.owner, name: 'Brake inspection', intervalDays: 90, soonDays: 7, position: 1 }).returning()
      const [other] = await tx.insert(servicePrograms).values({ ownerCompanyId: ids.owner, name: 'PM-C' }).returning()
      const [otherTask] = await tx.insert(serviceTasks).values({ programId: other!.id, ownerCompanyId: ids.owner, name: 'Coolant', intervalDays: 365 }).returning()
      ids.oil = oil!.id
      ids.brakes = brakes!.id
      ids.otherTask = otherTask!.id
    })
  })
  afterAll(() => db.close())

  const ctx = (userId: number, now?: Date) => ctxFor(db, userId, now)

  /** A bus of the owner in PM-A since 60 days ago at 40,000 mi, its latest reading 50,000 mi. */
  async function newBus(odometer = 50_000) {
    const v = await insertVehicle(db, ids.owner, { odometer })
    await db.transaction(async (tx) => {
      await tx.insert(serviceProgramVehicles).values({ programId: ids.program, vehicleId: v.id, ownerCompanyId: ids.owner, kind: 'pick', joinedOn: day(-60), joinLifeMiles: 40_000 })
      await tx.insert(odometerReadings).values({ vehicleId: v.id, reading: odometer, source: 'owner', recordedAt: new Date(Date.now() - 3600_000) })
    })
    return v
  }
  const dueOf = async (vehicleId: number, taskId: number) =>
    (await selectDueItems(db.read, { ownerCompanyId: ids.owner, today: day(0), vehicleId, taskId })).items.find((i) => i.taskId === taskId && i.kind === 'task')
  const lastOf = async (vehicleId: number, taskId: number) =>
    (await db.read.select().from(vehicleServiceLast).where(and(eq(vehicleServiceLast.vehicleId, vehicleId), eq(vehicleServiceLast.taskId, taskId))))[0]

  it('an outside service restarts the interval from its own date and reading, not from the latest reading', async () => {
    const bus = await newBus(50_000)
    const date = day(-10)
    const done = await recordOutsideService(await ctx(ids.ownerManager), {
      vehicleId: bus.id,
      taskIds: [ids.oil, ids.brakes],
      date,
      odometer: 48_000,
      engineHours: '1200.5',
      performedBy: 'Joe’s Garage',
      notes: 'Synthetic oil',
    })
    expect(done.recordIds).toHaveLength(2)
    const [rec] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.id, done.recordIds[0]!))
    expect(rec).toMatchObject({ kind: 'done', performedOn: date, odometer: 48_000, lifeMiles: 48_000, engineHours: 1200.5, readingSource: 'entered', performedBy: 'Joe’s Garage', taskName: 'Oil and filter', programName: 'PM-A' })
    expect(await lastOf(bus.id, ids.oil)).toMatchObject({ recordId: rec!.id, performedOn: date, lifeMiles: 48_000 })
    const due = await dueOf(bus.id, ids.oil)
    expect(due).toMatchObject({ lastServiceOn: date, nextDueOdometer: 54_000, nextDueDate: day(35) })

    // An older service typed afterwards joins the history without moving the due point back.
    await recordOutsideService(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil], date: day(-30), odometer: 45_000 })
    expect(await lastOf(bus.id, ids.oil)).toMatchObject({ recordId: rec!.id })
    const history = await listServiceHistory(await ctx(ids.ownerManager), bus.id)
    expect(history.records.map((r) => r.performedOn)).toEqual([date, date, day(-30)])
    const [entry] = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'serviceRecord.record'), eq(auditLog.entityId, String(bus.id))))
    expect(entry).toBeDefined()
  })

  it('refuses bad input with a clear message and saves nothing', async () => {
    const bus = await newBus()
    const owner = await ctx(ids.ownerManager)
    const count = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(serviceRecords).where(eq(serviceRecords.vehicleId, bus.id)))[0]!.n)
    expect(await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [ids.oil], date: day(2) }))).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { date: 'The date cannot be in the future' } })
    expect(await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [ids.otherTask], date: day(0) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This bus is not in the program of every task chosen',
    })
    expect((await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [], date: day(0) }))).code).toBe('BAD_REQUEST')
    expect((await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [ids.oil], date: day(0), engineHours: 2_000_000 }))).code).toBe('BAD_REQUEST')
    expect((await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [ids.oil], date: day(0), odometer: -1 }))).code).toBe('BAD_REQUEST')
    expect((await refusal(recordOutsideService(owner, { vehicleId: bus.id, taskIds: [ids.oil], date: day(0), documentId: 999_999 }))).code).toBe('BAD_REQUEST')
    expect((await refusal(recordOutsideService(await ctx(ids.stranger), { vehicleId: bus.id, taskIds: [ids.oil], date: day(0) }))).code).toBe('NOT_FOUND')
    expect(await count()).toBe(0)
  })

  it('skips one occurrence with a reason: recorded at the skipped due point, the interval restarts from it', async () => {
    const bus = await newBus(50_000)
    const owner = await ctx(ids.ownerManager)
    expect(await refusal(skipServiceOccurrence(owner, { vehicleId: bus.id, taskId: ids.oil, reason: '  ' }))).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { reason: 'Give a reason for skipping' } })
    const before = await dueOf(bus.id, ids.oil)
    expect(before).toMatchObject({ nextDueOdometer: 46_000, state: 'Overdue' })
    const skipped = await skipServiceOccurrence(owner, { vehicleId: bus.id, taskId: ids.oil, reason: 'Engine rebuilt last week' })
    const [rec] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.id, skipped.recordIds[0]!))
    expect(rec).toMatchObject({ kind: 'skipped', reason: 'Engine rebuilt last week', performedOn: before!.nextDueDate, lifeMiles: 46_000, odometer: 46_000, readingSource: 'none' })
    expect(await dueOf(bus.id, ids.oil)).toMatchObject({ nextDueOdometer: 52_000 })
  })

  it('sends due tasks to the repair shop once; a certified repair records its services in the same transaction with the typed reading', async () => {
    const bus = await newBus(50_000)
    const sent = await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil, ids.brakes] })
    expect(sent).toMatchObject({ repairCompanyId: ids.shop, taskCount: 2, outOfService: false })
    const [action] = await db.read.select().from(repairActions).where(eq(repairActions.id, sent.id))
    expect(action!.openedForService).toBe(true)
    const tasks = await db.read.select().from(repairTasks).where(eq(repairTasks.repairActionId, sent.id)).orderBy(repairTasks.id)
    expect(tasks.map((t) => [t.name, t.serviceTaskId, t.description])).toEqual([
      ['Oil and filter', ids.oil, 'Drain the oil\nReplace the filter'],
      ['Brake inspection', ids.brakes, null],
    ])
    expect((await dueOf(bus.id, ids.oil))!.sentToShop).toBe(true)
    // Sent twice: refused, nothing opened.
    expect((await refusal(sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil] }))).code).toBe('CONFLICT')
    // The shop's list: "Scheduled maintenance".
    const page = await pageRepairsByCompany(await ctx(ids.mechanic), { repairCompanyId: ids.shop })
    expect(page.items.find((i) => i.id === sent.id)!.source).toEqual({ kind: 'service', id: sent.id })

    const mech = await ctx(ids.mechanic)
    await updateTaskStatus(mech, { taskId: tasks[0]!.id, status: 'Completed' })
    expect(await db.read.select().from(serviceRecords).where(eq(serviceRecords.repairActionId, sent.id))).toHaveLength(0)
    const certified = await updateTaskStatus(mech, { taskId: tasks[1]!.id, status: 'Completed', odometer: '50200', engineHours: '3000' })
    expect(certified.repairedAt).not.toBeNull()
    const records = await db.read.select().from(serviceRecords).where(eq(serviceRecords.repairActionId, sent.id))
    expect(records).toHaveLength(2)
    for (const r of records) expect(r).toMatchObject({ kind: 'done', performedOn: day(0), odometer: 50_200, engineHours: 3000, readingSource: 'entered', performedBy: 'Maria Mechanic' })
    expect(await dueOf(bus.id, ids.oil)).toMatchObject({ lastServiceOn: day(0), nextDueOdometer: 56_200, sentToShop: false })
    // Sent again once certified: allowed.
    expect((await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil] })).taskCount).toBe(1)
  })

  it('without a reading the latest on that date is recorded and says so; a removed pre-trip keeps the records', async () => {
    const bus = await newBus(50_000)
    const pre = await insertPreInspection(db, { vehicleId: bus.id, operatorCompanyId: ids.operator, date: day(0) })
    await db.transaction((tx) => tx.insert(odometerReadings).values({ vehicleId: bus.id, reading: 50_900, source: 'preTripEnd', preInspectionId: pre.id, recordedAt: new Date(Date.now() - 60_000) }))
    const sent = await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil] })
    const [task] = await db.read.select().from(repairTasks).where(eq(repairTasks.repairActionId, sent.id))
    await updateTaskStatus(await ctx(ids.mechanic), { taskId: task!.id, status: 'Completed' })
    const [rec] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.repairActionId, sent.id))
    expect(rec).toMatchObject({ odometer: 50_900, lifeMiles: 50_900, readingSource: 'latest', performedOn: day(0) })

    await db.transaction((tx) => tx.delete(preInspections).where(eq(preInspections.id, pre.id)))
    expect(await db.read.select().from(odometerReadings).where(eq(odometerReadings.preInspectionId, pre.id))).toHaveLength(0)
    const [kept] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.id, rec!.id))
    expect(kept).toMatchObject({ odometer: 50_900, lifeMiles: 50_900 })
    expect(await lastOf(bus.id, ids.oil)).toMatchObject({ recordId: rec!.id, lifeMiles: 50_900 })
  })

  it('certification and its service records are one transaction: a failing record leaves the action pending', async () => {
    const bus = await newBus(50_000)
    const sent = await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.brakes] })
    const [task] = await db.read.select().from(repairTasks).where(eq(repairTasks.repairActionId, sent.id))
    await db.transaction((tx) =>
      tx.run(sql.raw(`CREATE TRIGGER fail_service_record_${bus.id} BEFORE INSERT ON service_records WHEN NEW.vehicle_id = ${bus.id} BEGIN SELECT RAISE(ABORT, 'no service records'); END`)),
    )
    await expect(updateTaskStatus(await ctx(ids.mechanic), { taskId: task!.id, status: 'Completed' })).rejects.toThrow()
    await db.transaction((tx) => tx.run(sql.raw(`DROP TRIGGER fail_service_record_${bus.id}`)))
    const [action] = await db.read.select().from(repairActions).where(eq(repairActions.id, sent.id))
    expect(action!.repairedAt).toBeNull()
    const [after] = await db.read.select().from(repairTasks).where(eq(repairTasks.id, task!.id))
    expect(after!.status).toBe('Pending')
  })

  it('keeps the history when the bus leaves the program; the operator of the bus reads it and writes nothing', async () => {
    const bus = await newBus()
    await recordOutsideService(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil], date: day(-3), odometer: 49_000 })
    await assign(db, bus.id, ids.operator)
    const operator = await ctx(ids.operatorManager)
    expect(await refusal(recordOutsideService(operator, { vehicleId: bus.id, taskIds: [ids.oil], date: day(0) }))).toMatchObject({ code: 'FORBIDDEN' })
    expect((await refusal(skipServiceOccurrence(operator, { vehicleId: bus.id, taskId: ids.oil, reason: 'x' }))).code).toBe('FORBIDDEN')
    expect((await refusal(sendToRepairShop(operator, { vehicleId: bus.id, taskIds: [ids.oil] }))).code).toBe('FORBIDDEN')

    await db.transaction((tx) => tx.delete(serviceProgramVehicles).where(eq(serviceProgramVehicles.vehicleId, bus.id)))
    const asOperator = await listServiceHistory(operator, bus.id)
    expect(asOperator).toMatchObject({ readOnly: true })
    expect(asOperator.records.map((r) => [r.taskName, r.programName, r.odometer])).toEqual([['Oil and filter', 'PM-A', 49_000]])
    // Out of the program: a new record for it is refused.
    expect((await refusal(recordOutsideService(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil], date: day(0) }))).code).toBe('BAD_REQUEST')
    expect((await refusal(listServiceHistory(await ctx(ids.stranger), bus.id))).code).toBe('NOT_FOUND')
  })

  /** A page's loader or action as the browser calls it, with `userId`'s session. */
  async function page(
    handler: (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; clientIp: string } }) => unknown,
    path: string,
    params: Record<string, string>,
    userId: number,
    body?: FormData,
  ) {
    setAppDb(db)
    const request = new Request(`http://localhost${path}`, { method: body ? 'POST' : 'GET', headers: { cookie: `operon_session=${await webSessionFor(db, userId)}` }, body })
    try {
      return await handler({ request, params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    } catch (thrown) {
      return thrown
    }
  }

  it('the bus page records an outside service with its invoice through the document store (a plain multipart form)', async () => {
    const bus = await newBus()
    const form = new FormData()
    form.set('intent', 'recordService')
    form.append('taskIds', String(ids.oil))
    form.append('taskIds', String(ids.brakes))
    form.set('date', day(-2))
    form.set('odometer', '49800')
    form.set('engineHours', '')
    form.set('performedBy', 'Main Street Lube')
    form.set('notes', '')
    form.set('invoice', new File(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], 'invoice.pdf', { type: 'application/pdf' }))
    const params = { companyId: String(ids.owner), vehicleId: String(bus.id) }
    const answer = await page(vehiclePage.action, `/maintenance/${ids.owner}/vehicles/${bus.id}`, params, ids.ownerManager, form)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('location')).toBe(`/maintenance/${ids.owner}/vehicles/${bus.id}`)
    const records = await db.read.select().from(serviceRecords).where(eq(serviceRecords.vehicleId, bus.id))
    expect(records).toHaveLength(2)
    const [doc] = await db.read.select().from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, bus.id))
    expect(doc!.fileName).toBe('invoice.pdf')
    for (const r of records) expect(r).toMatchObject({ documentId: doc!.id, odometer: 49_800, engineHours: null, performedBy: 'Main Street Lube' })
    // The page shows them; the operator's page is read-only and its forms are refused.
    const loaded = (await page(vehiclePage.loader, `/maintenance/${ids.owner}/vehicles/${bus.id}`, params, ids.ownerManager)) as { history: unknown[]; readOnly: boolean }
    expect(loaded).toMatchObject({ readOnly: false })
    expect(loaded.history).toHaveLength(2)
    await assign(db, bus.id, ids.operator)
    const opParams = { companyId: String(ids.operator), vehicleId: String(bus.id) }
    expect(await page(vehiclePage.loader, `/maintenance/${ids.operator}/vehicles/${bus.id}`, opParams, ids.operatorManager)).toMatchObject({ readOnly: true })
    const skip = new FormData()
    skip.set('intent', 'skipOccurrence')
    skip.set('taskId', String(ids.oil))
    skip.set('reason', 'no')
    const refused = await page(vehiclePage.action, `/maintenance/${ids.operator}/vehicles/${bus.id}`, opParams, ids.operatorManager, skip)
    expect((refused as Response).headers.get('location')).toBe('/')
    expect(await db.read.select().from(serviceRecords).where(eq(serviceRecords.vehicleId, bus.id))).toHaveLength(2)
  })

  it('the repair shop page sends the odometer and hours typed on the last task of a service job', async () => {
    const bus = await newBus()
    const sent = await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil] })
    const [task] = await db.read.select().from(repairTasks).where(eq(repairTasks.repairActionId, sent.id))
    const form = new FormData()
    form.set('intent', 'updateTaskStatus')
    form.set('taskId', String(task!.id))
    form.set('status', 'Completed')
    form.set('odometer', '50750')
    form.set('engineHours', '2100.5')
    const answer = await page(repairActionsPage.action, `/repairActions/${ids.shop}`, { companyId: String(ids.shop) }, ids.mechanic, form)
    expect((answer as Response).status).toBe(302)
    const [rec] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.repairActionId, sent.id))
    expect(rec).toMatchObject({ odometer: 50_750, engineHours: 2100.5, readingSource: 'entered' })
  })

  it('the printable work checklist: the bus, the tasks with their checklists, blank lines; in the reader’s language; owner and shop only', async () => {
    const bus = await newBus()
    const sent = await sendToRepairShop(await ctx(ids.ownerManager), { vehicleId: bus.id, taskIds: [ids.oil, ids.brakes] })
    const order = await getWorkOrder(await ctx(ids.mechanic), { companyId: ids.shop, repairActionId: sent.id })
    expect(order.tasks.map((t) => [t.name, t.checklist])).toEqual([
      ['Oil and filter', 'Drain the oil\nReplace the filter'],
      ['Brake inspection', null],
    ])
    expect((await getWorkOrder(await ctx(ids.ownerManager), { companyId: ids.owner, repairActionId: sent.id })).repairIdentifier).toBe(sent.repairIdentifier)
    expect((await refusal(getWorkOrder(await ctx(ids.operatorManager), { companyId: ids.operator, repairActionId: sent.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(getWorkOrder(await ctx(ids.mechanic), { companyId: ids.owner, repairActionId: sent.id }))).code).toBe('NOT_FOUND')
    const es = printDocumentHtml('t', createElement(WorkOrderDocument, { order }), 'es', ['common', 'maintenance'])
    expect(es).toContain(`Lista de trabajo ${sent.repairIdentifier}`)
    expect(es).toContain('Drain the oil')
    expect(es).toContain('Nombre y firma del mecánico')
    expect(printDocumentHtml('t', createElement(WorkOrderDocument, { order }), 'en', ['common', 'maintenance'])).toContain('Odometer at completion')
  })

  it('retention removes old service records with the maintenance records, never the last service of a task', async () => {
    const bus = await newBus()
    const ids2 = await db.transaction(async (tx) => {
      const base = { ownerCompanyId: ids.owner, vehicleId: bus.id, taskId: ids.brakes, taskName: 'Brake inspection', programName: 'PM-A', kind: 'done' as const, odometer: null, engineHours: null, readingSource: 'none' as const }
      return [await insertServiceRecord(tx, { ...base, performedOn: '2015-01-10' }), await insertServiceRecord(tx, { ...base, performedOn: '2015-06-10' })]
    })
    const before = await retentionCutoffFor(db, ids.owner, 'maintenance')
    await removeExpiredRecords(db, { companyId: ids.owner, recordType: 'maintenance', before })
    const left = await db.read.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.vehicleId, bus.id))
    expect(left.map((r) => r.id)).toEqual([ids2[1]])
  })

  it('REST: recordService with an Idempotency-Key records once and replays the first answer', async () => {
    const bus = await newBus()
    const token = await apiTokenFor(db, ids.ownerManager)
    const post = () =>
      handleRestRequest(
        new Request('http://localhost/api/maintenance/recordservice', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `key-${driver}-${bus.id}` },
          body: JSON.stringify({ vehicleId: bus.id, taskIds: [ids.oil], date: day(-1), odometer: 49_500 }),
        }),
        db,
        '127.0.0.1',
      )
    const first = await post()
    expect(first.status).toBe(201)
    const body = await first.json()
    const second = await post()
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.json()).toEqual(body)
    expect(await db.read.select().from(serviceRecords).where(eq(serviceRecords.vehicleId, bus.id))).toHaveLength(1)
    const history = await handleRestRequest(
      new Request(`http://localhost/api/Maintenance/getServiceHistory?vehicleId=${bus.id}`, { headers: { authorization: `Bearer ${token}` } }),
      db,
      '127.0.0.1',
    )
    expect(history.status).toBe(200)
    expect((await history.json()).records).toHaveLength(1)
  })

  it('caps the service records a company types in a day (429, nothing saved)', async () => {
    const company = (await createCompany(db, `PM Busy Co ${driver}`, ['Owner'])).id
    const manager = (await createUser(db)).id
    await grantRole(db, manager, company, 'Owner')
    const v = await insertVehicle(db, company)
    const task = await db.transaction(async (tx) => {
      const [p] = await tx.insert(servicePrograms).values({ ownerCompanyId: company, name: 'Busy' }).returning()
      const [t] = await tx.insert(serviceTasks).values({ programId: p!.id, ownerCompanyId: company, name: 'Wash', intervalDays: 7 }).returning()
      await tx.insert(serviceProgramVehicles).values({ programId: p!.id, vehicleId: v.id, ownerCompanyId: company, kind: 'pick', joinedOn: day(-30) })
      // The day's cap, less one, already typed.
      await tx.run(
        sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAINTENANCE_LIMITS.serviceRecordsPerCompanyPerDay - 1})
            INSERT INTO service_records (owner_company_id, vehicle_id, task_id, task_name, program_name, kind, performed_on, reading_source, created_at)
            SELECT ${company}, ${v.id}, ${t!.id}, 'Wash', 'Busy', 'done', ${day(-1)}, 'none', ${Date.now()} FROM n`,
      )
      return t!.id
    })
    const owner = await ctx(manager)
    await recordOutsideService(owner, { vehicleId: v.id, taskIds: [task], date: day(0) })
    expect((await refusal(recordOutsideService(owner, { vehicleId: v.id, taskIds: [task], date: day(0) }))).code).toBe('TOO_MANY_REQUESTS')
    expect(Number((await db.read.select({ n: sql<number>`count(*)` }).from(serviceRecords).where(eq(serviceRecords.ownerCompanyId, company)))[0]!.n)).toBe(MAINTENANCE_LIMITS.serviceRecordsPerCompanyPerDay)
  })

  it('the OpenAPI document lists the four paths with their schemas', async () => {
    const res = await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')
    const doc = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>> }
    for (const path of ['/api/Maintenance/recordService', '/api/Maintenance/skipService', '/api/Maintenance/sendToRepairShop']) expect(doc.paths[path]?.post?.requestBody).toBeDefined()
    expect(doc.paths['/api/Maintenance/getServiceHistory']?.get?.parameters).toHaveLength(1)
  })
})
