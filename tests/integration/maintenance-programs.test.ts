/**
 * Service programs (issue 35, decision 084): tasks' interval rules (0, negative, no unit, a
 * threshold not smaller than its interval or without its unit, over-long names) refused with
 * each field's message and nothing saved; rules over the fleet table's filters that keep matching
 * buses added, edited or imported later; a bus in several programs; picked rows never downgraded;
 * per-company caps; another company's bus and program refused; the version check (409); the
 * templates; the audit rows; the REST and tRPC doors.
 */
import { and, count, eq, isNull } from 'drizzle-orm'
import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StaticI18nProvider } from '#app/utils/i18n.tsx'
import { messagesFor } from '#server/i18n/messages.server.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import type { Database } from '#db/client.ts'
import { auditLog, repairActions, repairTasks, serviceProgramVehicles, servicePrograms, serviceRecords, serviceTasks, vehicles } from '#db/schema/index.ts'
import { addVehicle, archiveVehicle, getVehicle, updateVehicle } from '#server/fleet/vehicles.server.ts'
import { commitFleetImport, previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import type { VinDecodeResult } from '#server/fleet/vin-decode.server.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { syncRuleMemberships } from '#server/fleet/program-membership.server.ts'
import {
  addServiceTask,
  copyServiceTemplate,
  createServiceProgram,
  deleteServiceProgram,
  deleteServiceTask,
  getServiceProgram,
  listServicePrograms,
  listServiceTemplates,
  setServiceProgramVehicles,
  updateServiceProgram,
  updateServiceTask,
} from '#server/maintenance/programs.server.ts'
import { AppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage } from '#tests/helpers/remix.ts'
import { requestScope, runInRequestScope } from '#server/context/request-scope.server.ts'
import * as programsPage from '#app/routes/_app+/maintenance.$companyId_.programs.tsx'
import * as programPage from '#app/routes/_app+/maintenance.$companyId_.programs_.$programId.tsx'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(500000 + vinSeq++).slice(-6)}`)

async function refused(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected a refusal')
}

let db: Database
let owner: number
let ownerCo: number
let otherOwner: number
let otherCo: number
let otherBus: number
const ctx = (now?: Date) => ctxFor(db, owner, now)

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'PM Owner', ['Owner'])).id
  otherCo = (await createCompany(db, 'PM Other', ['Owner'])).id
  owner = (await createUser(db, { firstName: 'Olive' })).id
  otherOwner = (await createUser(db, { firstName: 'Otto' })).id
  await grantRole(db, owner, ownerCo, 'Owner')
  await grantRole(db, otherOwner, otherCo, 'Owner')
  otherBus = (await insertVehicle(db, otherCo, { make: 'Prevost' })).id
})
afterAll(async () => {
  await db.close()
})

const newProgram = async (name = 'PM test') => createServiceProgram(await ctx(), { companyId: ownerCo, name })
const taskCount = async (programId: number) => Number((await db.read.select({ n: count() }).from(serviceTasks).where(eq(serviceTasks.programId, programId)))[0]!.n)
const members = async (programId: number) =>
  (await db.read.select({ vehicleId: serviceProgramVehicles.vehicleId, kind: serviceProgramVehicles.kind }).from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, programId))).sort(
    (a, b) => a.vehicleId - b.vehicleId,
  )

describe('tasks: the interval rules', () => {
  it('saves a task with intervals in days, miles and hours and thresholds smaller than each', async () => {
    const p = await newProgram()
    const task = await addServiceTask(await ctx(), {
      programId: p.id,
      name: 'PM-A',
      intervalDays: '45',
      intervalMiles: '6000',
      intervalHours: '250',
      soonDays: '7',
      soonMiles: '500',
      soonHours: '',
      checklist: 'Oil\nTires',
    })
    expect(task).toMatchObject({ name: 'PM-A', intervalDays: 45, intervalMiles: 6000, intervalHours: 250, soonDays: 7, soonMiles: 500, soonHours: null, checklist: 'Oil\nTires', position: 0 })
    const second = await addServiceTask(await ctx(), { programId: p.id, name: 'Brakes', intervalMiles: 12000 })
    expect(second.position).toBe(1)
  })

  it.each([
    ['an interval of 0', { intervalDays: 0 }, 'intervalDays', 'An interval must be greater than 0'],
    ['a negative interval', { intervalMiles: -5 }, 'intervalMiles', 'An interval must be greater than 0'],
    ['no interval at all', { soonDays: '' }, 'intervalDays', 'Give at least one interval: days, miles or engine hours'],
    ['a threshold equal to its interval', { intervalDays: 45, soonDays: 45 }, 'soonDays', 'The due-soon threshold must be smaller than its interval'],
    ['a threshold above its interval', { intervalMiles: 3000, soonMiles: 3500 }, 'soonMiles', 'The due-soon threshold must be smaller than its interval'],
    ['a threshold without that unit', { intervalDays: 45, soonHours: 10 }, 'soonHours', 'A due-soon threshold needs an interval in the same unit'],
    ['a negative threshold', { intervalDays: 45, soonDays: -1 }, 'soonDays', 'Cannot be negative'],
    ['a fractional interval', { intervalDays: 4.5 }, 'intervalDays', 'Enter a whole number'],
    ['an interval over the bound', { intervalDays: MAINTENANCE_LIMITS.maxIntervalDays + 1 }, 'intervalDays', `At most ${MAINTENANCE_LIMITS.maxIntervalDays}`],
    ['an over-long name', { intervalDays: 45, name: 'x'.repeat(MAINTENANCE_LIMITS.taskName + 1) }, 'name', `At most ${MAINTENANCE_LIMITS.taskName} characters`],
    ['a blank name', { intervalDays: 45, name: '  ' }, 'name', 'Give the task a name'],
    ['a first due date that is not a date', { intervalDays: 45, firstDueDate: '2026-02-30' }, 'firstDueDate', 'Enter a real date'],
  ])('refuses %s, naming the field, and saves nothing', async (_label, fields, field, message) => {
    const p = await newProgram()
    const e = await refused(addServiceTask(await ctx(), { programId: p.id, name: 'Task', ...fields }))
    expect(e.status).toBe(400)
    expect(e.fieldErrors?.[field]).toBe(message)
    expect(await taskCount(p.id)).toBe(0)
  })

  it('checks an edit with the same rules; a valid edit replaces every field', async () => {
    const p = await newProgram()
    const task = await addServiceTask(await ctx(), { programId: p.id, name: 'Oil', intervalDays: 180, soonDays: 14 })
    const e = await refused(updateServiceTask(await ctx(), { taskId: task.id, name: 'Oil', intervalDays: 10, soonDays: 14 }))
    expect(e.fieldErrors?.soonDays).toBe('The due-soon threshold must be smaller than its interval')
    expect((await getServiceProgram(await ctx(), { programId: p.id })).tasks[0]!.intervalDays).toBe(180)
    const saved = await updateServiceTask(await ctx(), { taskId: task.id, name: 'Oil and filter', intervalMiles: 10000, soonMiles: 1000 })
    expect(saved).toMatchObject({ name: 'Oil and filter', intervalDays: null, soonDays: null, intervalMiles: 10000, soonMiles: 1000 })
  })

  it('refuses an over-long program name and description', async () => {
    const e = await refused(createServiceProgram(await ctx(), { companyId: ownerCo, name: 'p'.repeat(MAINTENANCE_LIMITS.programName + 1) }))
    expect(e.fieldErrors?.name).toBe(`At most ${MAINTENANCE_LIMITS.programName} characters`)
    const d = await refused(createServiceProgram(await ctx(), { companyId: ownerCo, name: 'ok', description: 'd'.repeat(MAINTENANCE_LIMITS.programDescription + 1) }))
    expect(d.fieldErrors?.description).toBeDefined()
  })
})

describe('buses: picked, and matched by a rule', () => {
  it('a rule matching no bus is allowed and says so; a bus added later that matches joins; an edit that stops matching drops it', async () => {
    const p = await newProgram('Rule later')
    const set = await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { make: ['Gillig'], tag: [] } })
    expect(set.matchedVehicles).toBe(0)
    expect(set.message).toBe('The rule matches no bus yet: buses that match it later join the program.')
    expect(set.program.rule).toEqual({ make: ['Gillig'] })

    const bus = await addVehicle(await ctx(), { ownerId: ownerCo, make: 'Gillig', model: 'Low Floor', vin: nextVin(), licensePlate: 'GL-1', odometer: 12000 })
    const [row] = await db.read.select().from(serviceProgramVehicles).where(and(eq(serviceProgramVehicles.programId, p.id), eq(serviceProgramVehicles.vehicleId, bus.id)))
    expect(row).toMatchObject({ kind: 'rule', joinLifeMiles: 12000, ownerCompanyId: ownerCo })
    expect(row!.joinedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect((await getServiceProgram(await ctx(), { programId: p.id })).matchedVehicles).toBe(1)

    await updateVehicle(await ctx(), { ...(await getVehicle(await ctx(), bus.id)), id: bus.id, make: 'New Flyer', imageData: undefined })
    expect(await members(p.id)).toEqual([])
  })

  it('tags match identifier, make, model, plate, VIN or colour (every tag); years and fuel types narrow it; archived buses never match', async () => {
    const a = await insertVehicle(db, ownerCo, { make: 'Thomas', model: 'Saf-T-Liner C2', color: 'Yellow', yearBuild: 2018, fuelType: 1 })
    const b = await insertVehicle(db, ownerCo, { make: 'Thomas', model: 'Saf-T-Liner HDX', color: 'White', yearBuild: 2012, fuelType: 1 })
    const c = await insertVehicle(db, ownerCo, { make: 'Thomas', model: 'Saf-T-Liner C2', color: 'Yellow', yearBuild: 2020, fuelType: 2 })
    const p = await newProgram('Tags')
    const r1 = await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { tag: ['saf-t', 'yellow'] } })
    expect(r1.matchedVehicles).toBe(2)
    expect((await members(p.id)).map((m) => m.vehicleId)).toEqual([a.id, c.id])
    const r2 = await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { tag: ['Saf-T'], yearFrom: 2015, fuelType: [1] } })
    expect(r2.matchedVehicles).toBe(1)
    expect((await members(p.id)).map((m) => m.vehicleId)).toEqual([a.id])
    const r3 = await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { tag: ['HDX'], yearTo: 2015 } })
    expect((await members(p.id)).map((m) => m.vehicleId)).toEqual([b.id])
    expect(r3.message).toBeNull()
    // A LIKE wildcard in a tag is a plain character.
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { tag: ['%'] } })
    expect(await members(p.id)).toEqual([])
    // Archived: out at the next sync.
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { tag: ['HDX'] } })
    await db.transaction((tx) => tx.update(vehicles).set({ archivedAt: new Date() }).where(eq(vehicles.id, b.id)))
    await db.transaction((tx) => syncRuleMemberships(tx, ownerCo))
    expect(await members(p.id)).toEqual([])
  })

  it('archiving a bus takes it out of the programs it was in by a rule', async () => {
    const bus = await addVehicle(await ctx(), { ownerId: ownerCo, make: 'Eldorado', model: 'Aero Elite', vin: nextVin(), licensePlate: 'EL-1' })
    const p = await newProgram('Archive')
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { make: ['Eldorado'] } })
    expect(await members(p.id)).toEqual([{ vehicleId: bus.id, kind: 'rule' }])
    await archiveVehicle(await ctx(), bus.id)
    expect(await members(p.id)).toEqual([])
  })

  it('a rule with a year range backwards is refused under the field', async () => {
    const p = await newProgram()
    const e = await refused(setServiceProgramVehicles(await ctx(), { programId: p.id, rule: { yearFrom: 2020, yearTo: 2010 } }))
    expect(e.fieldErrors?.['rule.yearTo']).toBe('"Year from" cannot be after "Year to"')
  })

  it('a bus may be in several programs', async () => {
    const bus = await insertVehicle(db, ownerCo, { make: 'MCI', model: 'J4500' })
    const p1 = await newProgram('One')
    const p2 = await newProgram('Two')
    await setServiceProgramVehicles(await ctx(), { programId: p1.id, vehicleIds: [bus.id] })
    await setServiceProgramVehicles(await ctx(), { programId: p2.id, vehicleIds: [], rule: { make: ['MCI'] } })
    expect(await members(p1.id)).toEqual([{ vehicleId: bus.id, kind: 'pick' }])
    expect((await members(p2.id)).map((m) => m.vehicleId)).toContain(bus.id)
  })

  it('a picked bus is never downgraded by the rule; unpicked, it stays while the rule matches it, with the day it joined', async () => {
    const bus = await insertVehicle(db, ownerCo, { make: 'Setra', model: 'S 417' })
    const other = await insertVehicle(db, ownerCo, { make: 'Van Hool', model: 'CX45' })
    const p = await newProgram('Picks')
    const when = new Date('2026-03-10T18:00:00Z')
    await setServiceProgramVehicles(await ctxFor(db, owner, when), { programId: p.id, vehicleIds: [bus.id, other.id], rule: { make: ['Setra'] } })
    expect(await members(p.id)).toEqual([
      { vehicleId: bus.id, kind: 'pick' },
      { vehicleId: other.id, kind: 'pick' },
    ])
    // The rule sync (a vehicle edit) leaves picked rows as they are.
    await db.transaction((tx) => syncRuleMemberships(tx, ownerCo, [bus.id, other.id]))
    expect((await members(p.id)).every((m) => m.kind === 'pick')).toBe(true)
    // Unpicked: the Setra still matches (now by the rule, same joining day); the Van Hool leaves.
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { make: ['Setra'] } })
    expect(await members(p.id)).toEqual([{ vehicleId: bus.id, kind: 'rule' }])
    const [row] = await db.read.select({ joinedOn: serviceProgramVehicles.joinedOn }).from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, p.id))
    expect(row!.joinedOn).toBe('2026-03-10')
    // The rule removed: the bus goes.
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: null })
    expect(await members(p.id)).toEqual([])
  })

  it("refuses another company's bus (404 naming vehicleIds) and an archived one, saving nothing", async () => {
    const mine = await insertVehicle(db, ownerCo)
    const p = await newProgram('Foreign')
    const e = await refused(setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [mine.id, otherBus], rule: { make: ['Prevost'] } }))
    expect(e.status).toBe(404)
    expect(e.fieldErrors?.vehicleIds).toBe(`Bus ${otherBus} is not one of this company’s buses`)
    expect(await members(p.id)).toEqual([])
    const [after] = await db.read.select({ rule: servicePrograms.rule, version: servicePrograms.version }).from(servicePrograms).where(eq(servicePrograms.id, p.id))
    expect(after).toEqual({ rule: null, version: 1 })
    const archived = await insertVehicle(db, ownerCo, { archivedAt: new Date() })
    expect((await refused(setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [archived.id] }))).status).toBe(404)
  })

  it('the fleet import brings matching buses into a rule', async () => {
    const p = await newProgram('Imported')
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { make: ['Temsa'] } })
    const csv = `make,model,vin,licensePlate,yearBuild,fuelType\r\nTemsa,TS 45,${nextVin()},IMP 1,2019,Diesel\r\nTemsa,TS 35,${nextVin()},IMP 2,2020,Diesel\r\n`
    const decode = async (vin: string) => ({ found: false, vin, checkDigitValid: true, errorCodes: [], source: 'offline' }) as unknown as VinDecodeResult
    const preview = await previewFleetImport(await ctx(), { companyId: ownerCo, fileName: 'fleet.csv', csv }, { decode })
    expect(preview.validRows).toBe(2)
    await commitFleetImport(await ctx(), { companyId: ownerCo, importId: preview.id })
    expect(await members(p.id)).toHaveLength(2)
  })

  it('removing a bus from a program, a task or the program keeps the service history', async () => {
    const bus = await insertVehicle(db, ownerCo)
    const p = await newProgram('History')
    const task = await addServiceTask(await ctx(), { programId: p.id, name: 'Oil', intervalDays: 90 })
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [bus.id] })
    const [rec] = await db.transaction((tx) =>
      tx
        .insert(serviceRecords)
        .values({ ownerCompanyId: ownerCo, vehicleId: bus.id, taskId: task.id, taskName: 'Oil', programName: 'History', kind: 'done', performedOn: '2026-01-05', readingSource: 'none' })
        .returning({ id: serviceRecords.id }),
    )
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [] })
    await deleteServiceTask(await ctx(), { taskId: task.id })
    await deleteServiceProgram(await ctx(), { programId: p.id })
    const [kept] = await db.read.select().from(serviceRecords).where(eq(serviceRecords.id, rec!.id))
    expect(kept).toMatchObject({ taskId: null, taskName: 'Oil', programName: 'History' })
  })

  it('a task or program sent to a repair shop can still be removed: the repair task keeps its name and loses the link', async () => {
    const bus = await insertVehicle(db, ownerCo)
    const p = await newProgram('Sent')
    const a = await addServiceTask(await ctx(), { programId: p.id, name: 'Oil', intervalDays: 90 })
    const b = await addServiceTask(await ctx(), { programId: p.id, name: 'Brakes', intervalDays: 90 })
    const [action] = await db.transaction((tx) =>
      tx.insert(repairActions).values({ repairIdentifier: `RA-T-${bus.id}`, vehicleId: bus.id, ownerCompanyId: ownerCo, openedForService: true }).returning({ id: repairActions.id }),
    )
    await db.transaction((tx) =>
      tx.insert(repairTasks).values([
        { repairActionId: action!.id, name: 'Oil', serviceTaskId: a.id },
        { repairActionId: action!.id, name: 'Brakes', serviceTaskId: b.id },
      ]),
    )
    await deleteServiceTask(await ctx(), { taskId: a.id })
    await deleteServiceProgram(await ctx(), { programId: p.id })
    const tasks = await db.read.select({ name: repairTasks.name, serviceTaskId: repairTasks.serviceTaskId }).from(repairTasks).where(eq(repairTasks.repairActionId, action!.id)).orderBy(repairTasks.id)
    expect(tasks).toEqual([
      { name: 'Oil', serviceTaskId: null },
      { name: 'Brakes', serviceTaskId: null },
    ])
  })
})

describe('who, versions, caps, templates', () => {
  it("another company's program or task is not found; another company's list is forbidden", async () => {
    const p = await newProgram('Private')
    const task = await addServiceTask(await ctx(), { programId: p.id, name: 'Oil', intervalDays: 90 })
    const stranger = await ctxFor(db, otherOwner)
    expect((await refused(getServiceProgram(stranger, { programId: p.id }))).status).toBe(404)
    expect((await refused(updateServiceTask(stranger, { taskId: task.id, name: 'x', intervalDays: 1 }))).status).toBe(404)
    expect((await refused(deleteServiceProgram(stranger, { programId: p.id }))).status).toBe(404)
    expect((await refused(listServicePrograms(stranger, { companyId: ownerCo }))).status).toBe(403)
    expect((await refused(createServiceProgram(stranger, { companyId: ownerCo, name: 'x' }))).status).toBe(403)
  })

  it('an edit from an older version is refused with 409 and saves nothing', async () => {
    const p = await newProgram('Versioned')
    const first = await updateServiceProgram(await ctx(), { programId: p.id, version: p.version, name: 'Versioned A' })
    expect(first.version).toBe(p.version + 1)
    const e = await refused(updateServiceProgram(await ctx(), { programId: p.id, version: p.version, name: 'Versioned B' }))
    expect(e.status).toBe(409)
    expect(e.fieldErrors?.version).toBeDefined()
    expect((await getServiceProgram(await ctx(), { programId: p.id })).name).toBe('Versioned A')
    expect((await refused(setServiceProgramVehicles(await ctx(), { programId: p.id, version: p.version, vehicleIds: [] }))).status).toBe(409)
  })

  it('caps programs per company and tasks per program', async () => {
    const cap = await createCompany(db, 'PM Capped', ['Owner'])
    await grantRole(db, owner, cap.id, 'Owner')
    await db.transaction((tx) =>
      tx.insert(servicePrograms).values(Array.from({ length: MAINTENANCE_LIMITS.programsPerCompany }, (_, i) => ({ ownerCompanyId: cap.id, name: `P${i}` }))),
    )
    const e = await refused(createServiceProgram(await ctx(), { companyId: cap.id, name: 'One too many' }))
    expect(e.status).toBe(409)
    expect(e.message).toBe(`A company can have at most ${MAINTENANCE_LIMITS.programsPerCompany} service programs`)
    expect((await refused(copyServiceTemplate(await ctx(), { companyId: cap.id, templateKey: 'pm-a' }))).status).toBe(409)

    const p = await newProgram('Many tasks')
    await db.transaction((tx) =>
      tx.insert(serviceTasks).values(Array.from({ length: MAINTENANCE_LIMITS.tasksPerProgram }, (_, i) => ({ programId: p.id, ownerCompanyId: ownerCo, name: `T${i}`, intervalDays: 30, position: i }))),
    )
    const t = await refused(addServiceTask(await ctx(), { programId: p.id, name: 'One too many', intervalDays: 30 }))
    expect(t.message).toBe(`A program can have at most ${MAINTENANCE_LIMITS.tasksPerProgram} tasks`)
    expect(await taskCount(p.id)).toBe(MAINTENANCE_LIMITS.tasksPerProgram)
  })

  it('copies a template with its intervals and cited sections, in the copier’s language', async () => {
    const templates = await listServiceTemplates(await ctx())
    expect(templates.map((t) => t.key)).toEqual(['pm-a', 'pm-b', 'pm-c', 'oil-filter', 'brakes', 'ca-school-bus', 'ca-tour-bus'])
    const school = await copyServiceTemplate(await ctx(), { companyId: ownerCo, templateKey: 'ca-school-bus' })
    expect(school).toMatchObject({ name: 'California school bus inspection', templateKey: 'ca-school-bus' })
    expect(school.description).toContain('section 1232')
    expect(school.tasks).toHaveLength(1)
    expect(school.tasks[0]).toMatchObject({ intervalDays: 45, intervalMiles: 3000, soonDays: 7, soonMiles: 300 })
    const tour = await copyServiceTemplate(await ctx(), { companyId: ownerCo, templateKey: 'ca-tour-bus' })
    expect(tour.description).toContain('34505')
    expect(tour.tasks[0]).toMatchObject({ intervalDays: 45, intervalMiles: null })
    const es = await copyServiceTemplate({ ...(await ctx()), locale: 'es' }, { companyId: ownerCo, templateKey: 'pm-a' })
    expect(es.tasks[0]!.name).toBe('Servicio PM-A')
    expect((await refused(copyServiceTemplate(await ctx(), { companyId: ownerCo, templateKey: 'nope' }))).fieldErrors?.templateKey).toBe('Unknown template')
  })

  it('audits every change', async () => {
    const p = await newProgram('Audited')
    const task = await addServiceTask(await ctx(), { programId: p.id, name: 'Oil', intervalDays: 90 })
    await updateServiceTask(await ctx(), { taskId: task.id, name: 'Oil', intervalDays: 60 })
    await updateServiceProgram(await ctx(), { programId: p.id, version: 1, name: 'Audited 2' })
    await setServiceProgramVehicles(await ctx(), { programId: p.id, rule: { make: ['X'] } })
    await deleteServiceTask(await ctx(), { taskId: task.id })
    await deleteServiceProgram(await ctx(), { programId: p.id })
    const rows = await db.read.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.companyId, ownerCo), eq(auditLog.entityId, String(p.id))))
    expect(rows.map((r) => r.action).sort()).toEqual(['serviceProgram.create', 'serviceProgram.delete', 'serviceProgram.update', 'serviceProgram.vehicles'])
    const taskRows = await db.read.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'serviceTask'), eq(auditLog.entityId, String(task.id))))
    expect(taskRows.map((r) => r.action).sort()).toEqual(['serviceTask.create', 'serviceTask.delete', 'serviceTask.update'])
  })
})

describe('the REST and tRPC doors', () => {
  it('REST: create, add a task (field messages on 400), set buses, read; listed in the OpenAPI document', async () => {
    const token = await apiTokenFor(db, owner)
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        db,
        '127.0.0.1',
      )
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    const created = await call('POST', '/api/Maintenance/createServiceProgram', { companyId: ownerCo, name: 'REST program' })
    expect(created.status).toBe(201)
    const programId = created.body.id as number
    const bad = await call('POST', '/api/maintenance/addservicetask', { programId, name: 'Bad', intervalDays: 0 })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('An interval must be greater than 0')
    expect((await call('POST', '/api/Maintenance/addServiceTask', { programId, name: 'Good', intervalDays: 30, soonDays: 5 })).status).toBe(201)
    const set = await call('PUT', '/api/Maintenance/setServiceProgramVehicles', { programId, vehicleIds: [], rule: { make: ['Nobody'] } })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ matchedVehicles: 0, message: 'The rule matches no bus yet: buses that match it later join the program.' })
    const got = await call('GET', `/api/Maintenance/getServiceProgram?programId=${programId}`)
    expect(got.body).toMatchObject({ name: 'REST program', rule: { make: ['Nobody'] } })
    expect((await call('GET', `/api/Maintenance/getServicePrograms?companyId=${ownerCo}`)).status).toBe(200)
    expect((await call('GET', '/api/Maintenance/getServiceTemplates')).status).toBe(200)
    expect((await call('DELETE', `/api/Maintenance/deleteServiceProgram?programId=${programId}`)).status).toBe(200)
    const doc = await call('GET', '/api/openapi.json')
    const paths = Object.keys(doc.body.paths as Record<string, unknown>)
    for (const p of ['getServicePrograms', 'getServiceProgram', 'getServiceTemplates', 'copyServiceTemplate', 'createServiceProgram', 'updateServiceProgram', 'deleteServiceProgram', 'addServiceTask', 'updateServiceTask', 'deleteServiceTask', 'setServiceProgramVehicles']) {
      expect(paths).toContain(`/api/Maintenance/${p}`)
    }
  })

  it('tRPC: maintenance.programs.list and copyTemplate', async () => {
    const cookie = `operon_session=${await webSessionFor(db, owner)}`
    const list = await handleTrpcRequest(
      new Request(`http://localhost/trpc/maintenance.programs.list?input=${encodeURIComponent(JSON.stringify({ companyId: ownerCo }))}`, { headers: { cookie } }),
      db,
      '127.0.0.1',
    )
    expect(list.status).toBe(200)
    const copy = await handleTrpcRequest(
      new Request('http://localhost/trpc/maintenance.programs.copyTemplate', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: ownerCo, templateKey: 'brakes' }),
      }),
      db,
      '127.0.0.1',
    )
    expect(copy.status).toBe(200)
    const forbidden = await handleTrpcRequest(
      new Request(`http://localhost/trpc/maintenance.programs.list?input=${encodeURIComponent(JSON.stringify({ companyId: otherCo }))}`, { headers: { cookie } }),
      db,
      '127.0.0.1',
    )
    expect(forbidden.status).toBe(403)
  })
})


describe('the pages, without JavaScript', () => {
  it('copies a template, adds a task (a bad one comes back under its field), sets a rule matching nothing (a warning), a stale edit (409)', async () => {
    const cookie = await webSessionFor(db, owner)
    const params = { companyId: String(ownerCo) }
    const copied = await callPage(programsPage.action, `/maintenance/${ownerCo}/programs`, { cookie, params, form: { intent: 'copyTemplate', templateKey: 'oil-filter' } })
    expect(copied.status).toBe(302)
    expect(copied.location).toMatch(new RegExp(`^/maintenance/${ownerCo}/programs/\\d+$`))
    const programId = copied.location!.split('/').pop()!
    const at = `/maintenance/${ownerCo}/programs/${programId}`
    const pparams = { ...params, programId }

    const loaded = await callPage(programPage.loader, at, { cookie, params: pparams })
    const data = loaded.body as { program: { name: string; version: number; tasks: unknown[] }; choices: { items: unknown[] } }
    expect(data.program.name).toBe('Oil and filter')
    expect(data.program.tasks).toHaveLength(1)

    const bad = await callPage(programPage.action, at, { cookie, params: pparams, form: { intent: 'addTask', name: 'Tires', intervalMiles: '5000', soonMiles: '5000' } })
    expect(bad.status).toBe(400)
    expect((bad.body as { fieldErrors: Record<string, string>; formError: string | null }).fieldErrors.soonMiles).toBe('The due-soon threshold must be smaller than its interval')
    expect((bad.body as { formError: string | null }).formError).toBeNull()

    const good = await callPage(programPage.action, at, { cookie, params: pparams, form: { intent: 'addTask', name: 'Tires', intervalMiles: '5000', soonMiles: '500', intervalDays: '', soonDays: '' } })
    expect(good.status).toBe(302)
    expect(good.toast).toMatchObject({ type: 'success', message: 'Task added' })

    const form = new URLSearchParams({ intent: 'setVehicles', version: String(data.program.version), tag: 'no-such-bus-tag', yearFrom: '', yearTo: '' })
    form.append('fuelType', '1')
    const none = await callPage(programPage.action, at, { cookie, params: pparams, form: Object.fromEntries(form) })
    expect(none.toast).toMatchObject({ type: 'warning', message: 'The rule matches no bus yet: buses that match it later join the program.' })

    const blank = await callPage(programPage.action, at, { cookie, params: pparams, form: { intent: 'updateProgram', name: '', description: '', version: '1' } })
    expect(blank.status).toBe(400)
    const stale = await callPage(programPage.action, at, { cookie, params: pparams, form: { intent: 'updateProgram', name: 'Oil', description: '', version: '1' } })
    expect(stale.status).toBe(409)
  })

  it('says a refusal in Spanish on a Spanish page', async () => {
    const cookie = await webSessionFor(db, owner)
    const params = { companyId: String(ownerCo) }
    // The request's language is in its scope, as the HTTP layer sets it (decision 074).
    const res = await runInRequestScope(() => {
      requestScope()!.locale = 'es'
      return programsPage.action({
      request: new Request(`http://localhost/maintenance/${ownerCo}/programs`, {
        method: 'POST',
        headers: { cookie: `operon_session=${cookie}`, 'accept-language': 'es' },
        body: new URLSearchParams({ intent: 'createProgram', name: '' }),
      }),
      params,
      context: { cspNonce: '', clientIp: '127.0.0.1' },
    } as never)
    }).result
    const body = (res as unknown as { data: { fieldErrors: Record<string, string> } }).data
    expect(body.fieldErrors.name).toBe('Dé un nombre al programa')
  })
})

describe('the demo', () => {
  it('gives Summit PM-A by rule on every bus and the California school-bus inspection on four picked school buses, joined on staggered days', async () => {
    const demo = createTestDb()
    try {
      await seedDemoData(demo, { now: new Date('2026-11-20T18:00:00Z') })
      const programs = await demo.read.select().from(servicePrograms)
      expect(programs.map((p) => p.templateKey).sort()).toEqual(['ca-school-bus', 'pm-a'])
      const pmA = programs.find((p) => p.templateKey === 'pm-a')!
      expect(pmA.rule).toEqual({ yearFrom: 1990 })
      const rows = await demo.read.select().from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, pmA.id))
      const buses = await demo.read.select({ n: count() }).from(vehicles).where(and(eq(vehicles.ownerCompanyId, pmA.ownerCompanyId), isNull(vehicles.archivedAt)))
      expect(rows.length).toBe(Number(buses[0]!.n))
      expect(rows.every((r) => r.kind === 'rule')).toBe(true)
      // Some joined more than 45 days ago (overdue), some within the last week of the interval (due soon).
      expect(rows.some((r) => r.joinedOn <= '2026-10-06')).toBe(true)
      expect(rows.some((r) => r.joinedOn > '2026-10-06' && r.joinedOn <= '2026-10-13')).toBe(true)
      // The rule sync agrees with the seeded rows (nothing added or dropped).
      await demo.transaction((tx) => syncRuleMemberships(tx, pmA.ownerCompanyId))
      expect((await demo.read.select().from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, pmA.id))).length).toBe(rows.length)
      const school = programs.find((p) => p.templateKey === 'ca-school-bus')!
      const picked = await demo.read.select().from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, school.id))
      expect(picked).toHaveLength(4)
      expect(picked.every((r) => r.kind === 'pick')).toBe(true)
    } finally {
      await demo.close()
    }
  }, 120_000)
})

/** A page rendered on the server as Remix would, with its loader's data, in `locale`. */
async function renderPage(path: string, pattern: string, data: unknown, Page: ComponentType, locale: 'en' | 'es' = 'en'): Promise<string> {
  const routes = [{ id: 'page', path: pattern, loader: () => data as Record<string, unknown>, Component: Page }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error('unexpected redirect')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    createElement(StaticI18nProvider, { locale, messages: messagesFor(locale, ['common', 'maintenance']), children: createElement(StaticRouterProvider, { router, context }) }),
  )
}

describe('the pages render', () => {
  it('the list (templates with their cited sections) and the editor (tasks, picker, rule), in English and Spanish', async () => {
    const cookie = await webSessionFor(db, owner)
    const params = { companyId: String(ownerCo) }
    await insertVehicle(db, ownerCo, { make: 'Collins', model: 'Type A', yearBuild: 2021 })
    const list = await callPage(programsPage.loader, `/maintenance/${ownerCo}/programs`, { cookie, params })
    const listHtml = await renderPage(`/maintenance/${ownerCo}/programs`, '/maintenance/:companyId/programs', list.body, programsPage.default)
    expect(listHtml).toContain('California school bus inspection')
    expect(listHtml).toContain('section 1232')
    expect(listHtml).toContain('34505')
    expect(listHtml).toContain('name="templateKey" value="pm-a"')
    const listEs = await renderPage(`/maintenance/${ownerCo}/programs`, '/maintenance/:companyId/programs', list.body, programsPage.default, 'es')
    expect(listEs).toContain('Inspección de autobús escolar de California')

    const p = await copyServiceTemplate(await ctx(), { companyId: ownerCo, templateKey: 'pm-b' })
    await setServiceProgramVehicles(await ctx(), { programId: p.id, vehicleIds: [], rule: { make: ['Collins'] } })
    const at = `/maintenance/${ownerCo}/programs/${p.id}`
    const one = await callPage(programPage.loader, at, { cookie, params: { ...params, programId: String(p.id) } })
    const html = await renderPage(at, '/maintenance/:companyId/programs/:programId', one.body, programPage.default)
    expect(html).toContain('PM-B service')
    expect(html).toContain('12,000 miles')
    expect(html).toMatch(/The rule matches \d+ bus/)
    expect(html).toContain('name="vehicleIds"')
    expect(html).toContain('Matched by the rule')
    const es = await renderPage(at, '/maintenance/:companyId/programs/:programId', one.body, programPage.default, 'es')
    expect(es).toContain('Guardar autobuses y regla')
  })
})
