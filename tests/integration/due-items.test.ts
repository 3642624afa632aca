import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import {
  companies,
  emergencyExitChecks,
  repairActions,
  repairTasks,
  servicePrograms,
  serviceProgramVehicles,
  serviceRecords,
  serviceTasks,
  vehicleServiceLast,
  vehicles,
} from '#db/schema/index.ts'
import { addDays } from '#catalog/expiry.ts'
import { dueItemsStatement, selectDueItems, type DueItem, type DueQuery } from '#server/alerts/due-items.server.ts'
import { getVehicleAlerts, maintenanceAlertsOf, ownerAlertsOf } from '#server/alerts/alerts.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { alertKey } from '#server/alerts/alert-digest.server.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { listDueItems } from '#server/maintenance/due-list.server.ts'
import { createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'

/**
 * The due list's rules (issue 35, decision 084): day, mile and hour edges, whichever comes first,
 * projections, month ends, the restart from the job's own reading, corrections, first due points,
 * the joining baseline and the built-in items; on both drivers.
 */
describe.each(DRIVERS)('the due list on %s', (driver) => {
  let db: Database
  let company: number
  let other: number
  let program: number
  const task: Record<string, number> = {}

  type TaskRow = Partial<typeof serviceTasks.$inferInsert> & { name: string }
  const addTask = async (key: string, over: TaskRow) => {
    const [t] = await db.transaction((tx) => tx.insert(serviceTasks).values({ programId: program, ownerCompanyId: company, ...over }).returning())
    task[key] = t!.id
  }
  const bus = async (over: Partial<typeof vehicles.$inferInsert> = {}, join: { joinedOn?: string; joinLifeMiles?: number; joinLifeHours?: number } = {}) => {
    const v = await insertVehicle(db, company, { createdAt: new Date('2026-01-01T12:00:00Z'), nextInspection: '2027-01-01', ...over })
    await db.transaction((tx) =>
      tx.insert(serviceProgramVehicles).values({ programId: program, vehicleId: v.id, ownerCompanyId: company, kind: 'pick', joinedOn: join.joinedOn ?? '2026-01-01', joinLifeMiles: join.joinLifeMiles ?? null, joinLifeHours: join.joinLifeHours ?? null }),
    )
    return v.id
  }
  /** A service record and the bus × task's last service, as the service-record writer keeps them. */
  const serviced = async (vehicleId: number, taskKey: string, r: { on: string; odometer?: number; lifeMiles?: number; hours?: number; lifeHours?: number }) =>
    db.transaction(async (tx) => {
      const [rec] = await tx
        .insert(serviceRecords)
        .values({
          ownerCompanyId: company,
          vehicleId,
          taskId: task[taskKey]!,
          taskName: taskKey,
          programName: 'PM',
          kind: 'done',
          performedOn: r.on,
          odometer: r.odometer ?? null,
          lifeMiles: r.lifeMiles ?? r.odometer ?? null,
          engineHours: r.hours ?? null,
          lifeHours: r.lifeHours ?? r.hours ?? null,
          readingSource: 'entered',
        })
        .returning()
      await tx
        .insert(vehicleServiceLast)
        .values({ vehicleId, taskId: task[taskKey]!, recordId: rec!.id, performedOn: r.on, lifeMiles: rec!.lifeMiles, lifeHours: rec!.lifeHours })
        .onConflictDoUpdate({
          target: [vehicleServiceLast.vehicleId, vehicleServiceLast.taskId],
          set: { recordId: rec!.id, performedOn: r.on, lifeMiles: rec!.lifeMiles, lifeHours: rec!.lifeHours },
        })
    })
  const setBus = (vehicleId: number, set: Partial<typeof vehicles.$inferInsert>) => db.transaction((tx) => tx.update(vehicles).set(set).where(eq(vehicles.id, vehicleId)))
  const item = async (vehicleId: number, taskKey: string, today: string): Promise<DueItem> => {
    const r = await selectDueItems(db.read, { ownerCompanyId: company, today, vehicleId, taskId: task[taskKey]! })
    expect(r.items).toHaveLength(1)
    return r.items[0]!
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    company = (await createCompany(db, 'Due Coaches', ['Owner'])).id
    other = (await createCompany(db, 'Other Coaches', ['Owner'])).id
    const [p] = await db.transaction((tx) => tx.insert(servicePrograms).values({ ownerCompanyId: company, name: 'PM' }).returning())
    program = p!.id
    await addTask('days', { name: 'Days', intervalDays: 30, soonDays: 7 })
    await addTask('miles', { name: 'Miles', intervalMiles: 6000, soonMiles: 500 })
    await addTask('hours', { name: 'Hours', intervalHours: 250, soonHours: 25 })
    await addTask('combo', { name: 'Combo', intervalDays: 45, intervalMiles: 3000, soonDays: 7, soonMiles: 300 })
    await addTask('first', { name: 'First', intervalDays: 90, intervalMiles: 10000, firstDueDate: '2026-02-01', firstDueMiles: 20000 })
  })
  afterAll(() => db.close())

  it('day edges: due soon exactly at the threshold, overdue exactly at the interval', async () => {
    const v = await bus()
    await serviced(v, 'days', { on: '2026-01-01' })
    expect((await item(v, 'days', '2026-01-23')).state).toBe('OK')
    const soon = await item(v, 'days', '2026-01-24')
    expect(soon).toMatchObject({ state: 'DueSoon', nextDueDate: '2026-01-31', lastServiceOn: '2026-01-01', projectedDueDate: '2026-01-31', kind: 'task', programName: 'PM', taskName: 'Days' })
    expect((await item(v, 'days', '2026-01-30')).state).toBe('DueSoon')
    expect((await item(v, 'days', '2026-01-31')).state).toBe('Overdue')
  })

  it('month ends: Jan 31 + 30 days is Mar 2 (Mar 1 in a leap year)', async () => {
    const v = await bus()
    await serviced(v, 'days', { on: '2026-01-31' })
    expect((await item(v, 'days', '2026-02-01')).nextDueDate).toBe('2026-03-02')
    const w = await bus()
    await serviced(w, 'days', { on: '2028-01-31' })
    expect((await item(w, 'days', '2028-02-01')).nextDueDate).toBe('2028-03-01')
  })

  it('clock changes: "today" is the company’s calendar date across the spring and autumn changes (America/Los_Angeles)', async () => {
    const v = await bus()
    await serviced(v, 'days', { on: '2026-02-06' }) // due 2026-03-08, the day clocks go forward
    const owner = (await createUser(db, { firstName: 'Tess' })).id
    await grantRole(db, owner, company, 'Owner')
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'America/Los_Angeles' }).where(eq(companies.id, company)))
    const stateAt = async (iso: string) => {
      const r = await listDueItems({ ...(await ctxFor(db, owner)), now: new Date(iso) }, { companyId: company, vehicleId: v, taskId: task['days']! })
      expect(r.items).toHaveLength(1)
      return r.items[0]!.state
    }
    try {
      // 2026-03-08 07:59Z is 23:59 on the 7th in Los Angeles (PST); 08:30Z is 01:30 on the 8th; 10:30Z is 03:30 PDT.
      expect(await stateAt('2026-03-08T07:59:00Z')).toBe('DueSoon')
      expect(await stateAt('2026-03-08T08:30:00Z')).toBe('Overdue')
      expect(await stateAt('2026-03-08T10:30:00Z')).toBe('Overdue')
      // Autumn: serviced 2026-10-02, due 2026-11-01 (clocks go back at 09:00Z); the day starts at 07:00Z (PDT).
      await serviced(v, 'days', { on: '2026-10-02' })
      expect(await stateAt('2026-11-01T06:59:00Z')).toBe('DueSoon')
      expect(await stateAt('2026-11-01T07:00:00Z')).toBe('Overdue')
      expect(await stateAt('2026-11-02T07:59:00Z')).toBe('Overdue')
    } finally {
      await db.transaction((tx) => tx.update(companies).set({ timeZone: 'UTC' }).where(eq(companies.id, company)))
    }
  })

  it('mile edges, from the job’s own reading: a later reading does not move the due point', async () => {
    const v = await bus({ odometer: 12000 })
    await serviced(v, 'miles', { on: '2026-01-01', odometer: 10000 })
    const at = async (odometer: number) => {
      await setBus(v, { odometer })
      return item(v, 'miles', '2026-01-10')
    }
    expect(await at(15499)).toMatchObject({ state: 'OK', nextDueOdometer: 16000, lastOdometer: 10000, nextDueDate: null })
    expect((await at(15500)).state).toBe('DueSoon')
    expect((await at(15999)).state).toBe('DueSoon')
    expect((await at(16000)).state).toBe('Overdue')
  })

  it('hour edges', async () => {
    const v = await bus({ engineHours: 1000 })
    await serviced(v, 'hours', { on: '2026-01-01', hours: 1000 })
    const at = async (engineHours: number) => {
      await setBus(v, { engineHours })
      return item(v, 'hours', '2026-01-10')
    }
    expect(await at(1224)).toMatchObject({ state: 'OK', nextDueEngineHours: 1250, lastEngineHours: 1000 })
    expect((await at(1225)).state).toBe('DueSoon')
    expect((await at(1250)).state).toBe('Overdue')
  })

  it('whichever comes first: miles before the date, the date before the miles', async () => {
    const v = await bus({ odometer: 13000 })
    await serviced(v, 'combo', { on: '2026-01-01', odometer: 10000 })
    expect(await item(v, 'combo', '2026-01-20')).toMatchObject({ state: 'Overdue', nextDueDate: '2026-02-15', nextDueOdometer: 13000 })
    await setBus(v, { odometer: 10100 })
    expect((await item(v, 'combo', '2026-02-07')).state).toBe('OK')
    expect((await item(v, 'combo', '2026-02-08')).state).toBe('DueSoon')
    expect((await item(v, 'combo', '2026-02-15')).state).toBe('Overdue')
    await setBus(v, { odometer: 12700 })
    expect((await item(v, 'combo', '2026-01-05')).state).toBe('DueSoon')
  })

  it('projected dates: remaining miles / miles a day, rounded up, the earliest of all', async () => {
    const v = await bus({ odometer: 14000, milesPerDay: 300 })
    await serviced(v, 'miles', { on: '2026-01-01', odometer: 10000 })
    // 2,000 miles at 300 a day: 6.67 → 7 days.
    expect((await item(v, 'miles', '2026-01-10')).projectedDueDate).toBe('2026-01-17')
    await setBus(v, { milesPerDay: 200 })
    expect((await item(v, 'miles', '2026-01-10')).projectedDueDate).toBe('2026-01-20')
    await setBus(v, { milesPerDay: null })
    expect((await item(v, 'miles', '2026-01-10')).projectedDueDate).toBeNull()
    // The combo task: 45 days or 3,000 miles; 100 miles a day from 10,500 reaches 13,000 in 25 days, before the date.
    const w = await bus({ odometer: 10500, milesPerDay: 100 })
    await serviced(w, 'combo', { on: '2026-01-01', odometer: 10000 })
    expect((await item(w, 'combo', '2026-01-05')).projectedDueDate).toBe('2026-01-30')
    await setBus(w, { milesPerDay: 10 })
    expect((await item(w, 'combo', '2026-01-05')).projectedDueDate).toBe('2026-02-15')
    // Hours: 50 left at 8 a day → 7 days.
    const h = await bus({ engineHours: 1200, hoursPerDay: 8 })
    await serviced(h, 'hours', { on: '2026-01-01', hours: 1000 })
    expect((await item(h, 'hours', '2026-01-10')).projectedDueDate).toBe('2026-01-17')
  })

  it('a correction in between: the interval counts the miles really driven (life miles)', async () => {
    const v = await bus({ odometer: 10000 })
    await serviced(v, 'miles', { on: '2026-01-01', odometer: 10000, lifeMiles: 10000 })
    // Corrected from 12,000 to 1,000 (a new odometer): the offset adds back 11,000.
    await setBus(v, { odometer: 3000, odometerOffset: 11000 })
    expect(await item(v, 'miles', '2026-01-10')).toMatchObject({ state: 'OK', nextDueOdometer: 5000 })
    await setBus(v, { odometer: 4500 })
    expect((await item(v, 'miles', '2026-01-10')).state).toBe('DueSoon')
    await setBus(v, { odometer: 5000 })
    expect((await item(v, 'miles', '2026-01-10')).state).toBe('Overdue')
  })

  it('the first due point of a bus with no history, its odometer read with the current offset', async () => {
    const v = await bus({ odometer: 15000 })
    expect(await item(v, 'first', '2026-01-10')).toMatchObject({ state: 'OK', nextDueDate: '2026-02-01', nextDueOdometer: 20000, lastServiceOn: null, lastOdometer: null })
    expect((await item(v, 'first', '2026-02-01')).state).toBe('Overdue')
    await setBus(v, { odometer: 1000, odometerOffset: 20000 })
    expect((await item(v, 'first', '2026-01-10')).nextDueOdometer).toBe(20000)
    // After its first service the interval takes over.
    await serviced(v, 'first', { on: '2026-01-20', odometer: 2000, lifeMiles: 22000 })
    expect(await item(v, 'first', '2026-01-21')).toMatchObject({ nextDueDate: '2026-04-20', nextDueOdometer: 12000 })
  })

  it('the joining baseline: one interval after the bus joined', async () => {
    const v = await bus({ odometer: 5200, engineHours: 300 }, { joinedOn: '2026-01-10', joinLifeMiles: 5000, joinLifeHours: 300 })
    expect(await item(v, 'combo', '2026-01-11')).toMatchObject({ nextDueDate: '2026-02-24', nextDueOdometer: 8000, state: 'OK' })
    expect(await item(v, 'hours', '2026-01-11')).toMatchObject({ nextDueEngineHours: 550, state: 'OK' })
    expect((await item(v, 'days', '2026-02-09')).state).toBe('Overdue')
  })

  it('sent to the shop: an open repair action has a task for the service task', async () => {
    const v = await bus()
    expect((await item(v, 'days', '2026-01-10')).sentToShop).toBe(false)
    const [ra] = await db.transaction((tx) =>
      tx.insert(repairActions).values({ repairIdentifier: `RA-T-${v}`, vehicleId: v, ownerCompanyId: company, openedForService: true }).returning(),
    )
    await db.transaction((tx) => tx.insert(repairTasks).values({ repairActionId: ra!.id, name: 'Days', serviceTaskId: task['days']! }))
    expect((await item(v, 'days', '2026-01-10')).sentToShop).toBe(true)
    expect((await item(v, 'miles', '2026-01-10')).sentToShop).toBe(false)
    await db.transaction((tx) => tx.update(repairActions).set({ repairedAt: new Date() }).where(eq(repairActions.id, ra!.id)))
    expect((await item(v, 'days', '2026-01-10')).sentToShop).toBe(false)
  })

  it('the built-in items are listed with the tasks, from their own records', async () => {
    const v = await bus({ nextInspection: '2026-03-01', odometer: 100 })
    const w = await bus({ nextInspection: null })
    await db.transaction((tx) =>
      tx.insert(emergencyExitChecks).values({ vehicleId: v, companyId: company, filerRole: 'Mechanic', inspectorName: 'M. Test', checkDate: '2026-01-05', isSatisfactory: true }),
    )
    const { items } = await selectDueItems(db.read, { ownerCompanyId: company, today: '2026-01-10', vehicleId: v })
    expect(items.filter((i) => i.kind === 'task')).toHaveLength(5)
    const annual = items.find((i) => i.kind === 'annualInspection')
    expect(annual).toMatchObject({ programId: null, taskId: null, nextDueDate: '2026-03-01', state: 'OK', taskName: 'Annual inspection' })
    const dueOn = async (today: string, vehicleId = v) => (await selectDueItems(db.read, { ownerCompanyId: company, today, vehicleId })).items
    expect((await dueOn(addDays('2026-03-01', -31))).find((i) => i.kind === 'annualInspection')?.state).toBe('OK')
    expect((await dueOn(addDays('2026-03-01', -30))).find((i) => i.kind === 'annualInspection')?.state).toBe('DueSoon')
    expect((await dueOn('2026-03-01')).find((i) => i.kind === 'annualInspection')?.state).toBe('Overdue')
    // Checked on Jan 5: due 90 days later (Apr 5), due soon from 14 days before.
    expect(items.find((i) => i.kind === 'emergencyExitCheck')).toMatchObject({ programId: null, lastServiceOn: '2026-01-05', nextDueDate: '2026-04-05', state: 'OK' })
    expect((await dueOn('2026-03-21')).find((i) => i.kind === 'emergencyExitCheck')?.state).toBe('OK')
    expect((await dueOn('2026-03-22')).find((i) => i.kind === 'emergencyExitCheck')?.state).toBe('DueSoon')
    expect((await dueOn('2026-04-05')).find((i) => i.kind === 'emergencyExitCheck')?.state).toBe('Overdue')
    // Never checked: due the day the bus was added; no annual inspection date at all: overdue (a compliance gap).
    const never = await dueOn('2026-01-10', w)
    expect(never.find((i) => i.kind === 'emergencyExitCheck')).toMatchObject({ nextDueDate: '2026-01-01', state: 'Overdue', lastServiceOn: null })
    expect(never.find((i) => i.kind === 'annualInspection')).toMatchObject({ nextDueDate: null, state: 'Overdue' })
    // Left out on request, and when a program or task is filtered.
    expect((await selectDueItems(db.read, { ownerCompanyId: company, today: '2026-01-10', vehicleId: v, builtIns: false })).items.every((i) => i.kind === 'task')).toBe(true)
    expect((await selectDueItems(db.read, { ownerCompanyId: company, today: '2026-01-10', vehicleId: v, programId: program })).items.every((i) => i.kind === 'task')).toBe(true)
  })

  it('filters, counts per state, sort and pages in SQL; another company and archived buses never appear', async () => {
    const archived = await bus({ archivedAt: new Date('2026-01-02T00:00:00Z') })
    const foreign = await insertVehicle(db, other)
    const q: DueQuery = { ownerCompanyId: company, today: '2026-01-10' }
    const all = await selectDueItems(db.read, { ...q, pageSize: 500 })
    expect(all.total).toBe(all.items.length)
    expect(all.counts.Overdue + all.counts.DueSoon + all.counts.OK).toBe(all.total)
    expect(all.items.some((i) => i.vehicleId === archived || i.vehicleId === foreign.id)).toBe(false)
    // Default sort: Overdue, then due soon, then OK; within a state the earliest projected date first.
    const rank = { Overdue: 0, DueSoon: 1, OK: 2 }
    for (let i = 1; i < all.items.length; i++) expect(rank[all.items[i - 1]!.state]).toBeLessThanOrEqual(rank[all.items[i]!.state])
    const overdue = await selectDueItems(db.read, { ...q, states: ['Overdue'], pageSize: 3, page: 2 })
    expect(overdue.total).toBe(all.counts.Overdue)
    expect(overdue.counts).toEqual(all.counts)
    expect(overdue.items.every((i) => i.state === 'Overdue')).toBe(true)
    expect(overdue.items).toEqual(all.items.filter((i) => i.state === 'Overdue').slice(3, 6))
    // A page past the end still counts.
    const past = await selectDueItems(db.read, { ...q, page: 1000 })
    expect(past).toMatchObject({ items: [], total: all.total, counts: all.counts })
    // Sort by task name, descending.
    const byTask = await selectDueItems(db.read, { ...q, sort: 'task', dir: 'desc', pageSize: 500, builtIns: false })
    expect(byTask.items[0]!.taskName).toBe('Miles')
    // Only some buses (an operator's): an empty list is nothing.
    expect((await selectDueItems(db.read, { ...q, vehicleIds: [] })).total).toBe(0)
    const one = all.items[0]!.vehicleId
    expect((await selectDueItems(db.read, { ...q, vehicleIds: [one], pageSize: 500 })).items.every((i) => i.vehicleId === one)).toBe(true)
    // Tag and identifier filters.
    const [v] = await db.read.select({ identifier: vehicles.vehicleIdentifier }).from(vehicles).where(eq(vehicles.id, one))
    const byTag = await selectDueItems(db.read, { ...q, tag: [v!.identifier], pageSize: 500 })
    expect(byTag.items.length).toBeGreaterThan(0)
    expect(byTag.items.every((i) => i.vehicleId === one)).toBe(true)
    expect((await selectDueItems(db.read, { ...q, vehicleIdentifier: 'no-such-bus-%' })).total).toBe(0)
  })

  it('overdue items are Alerts and due-soon items Warnings (built-ins left to their own lines), with a stable identity', async () => {
    const v = await bus({ odometer: 15600 })
    await serviced(v, 'miles', { on: '2026-01-01', odometer: 10000 })
    await serviced(v, 'days', { on: '2025-12-01' })
    const alerts = (await maintenanceAlertsOf(db.read, company, '2026-01-10')).filter((a) => a.vehicleId === v)
    expect(alerts.find((a) => a.taskId === task['days'])).toMatchObject({ level: 1, alertType: 'Maintenance due', taskName: 'Days', dueDate: '2025-12-31' })
    const miles = alerts.find((a) => a.taskId === task['miles'])!
    expect(miles).toMatchObject({ level: 0, alertType: 'Maintenance due', taskName: 'Miles', programName: 'PM' })
    // Due by miles with no rate: dated today, but its identity is its due point (not a date that moves).
    const later = (await maintenanceAlertsOf(db.read, company, '2026-01-11')).find((a) => a.vehicleId === v && a.taskId === task['miles'])!
    expect(later.dueDate).not.toBe(miles.dueDate)
    expect(alertKey(later)).toBe(alertKey(miles))
    expect(alerts.every((a) => a.taskId !== undefined)).toBe(true)
    // The owner dashboard's list (and so the digest) has them; the legacy REST answer keeps its three types.
    const now = new Date('2026-01-10T12:00:00Z')
    expect((await ownerAlertsOf(db.read, company, now)).alerts.some((a) => a.alertType === 'Maintenance due' && a.vehicleId === v)).toBe(true)
    const owner = (await createUser(db)).id
    await grantRole(db, owner, company, 'Owner')
    const legacy = await getVehicleAlerts(await ctxFor(db, owner, now), { companyId: company })
    expect(legacy.every((a) => ['License expiry', 'Insurance expiry', 'Next inspection'].includes(a.alertType))).toBe(true)
  })

  it.runIf(driver === 'better-sqlite3')('the query plan reads through indexes (no full scan of a big table)', async () => {
    const { SQLiteSyncDialect } = await import('drizzle-orm/sqlite-core')
    const query = new SQLiteSyncDialect().sqlToQuery(dueItemsStatement({ ownerCompanyId: company, today: '2026-01-10', states: ['Overdue'] }))
    const plan = await db.read.all<{ detail: string }>(sql.raw(`EXPLAIN QUERY PLAN ${inline(query.sql, query.params)}`))
    const details = plan.map((p) => p.detail)
    const scans = details.filter((d) => /^SCAN (pv|v|t|l|sr|ra|rt|eec|ain|vehicles|service_\w+|repair_\w+)\b/.test(d) && !/USING/.test(d))
    expect(scans, details.join('\n')).toEqual([])
  })
})

/** The statement with its parameters written in (EXPLAIN takes no bound list through drizzle's raw SQL). */
function inline(text: string, params: unknown[]): string {
  let i = 0
  return text.replace(/\?/g, () => {
    const p = params[i++]
    return typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`
  })
}
