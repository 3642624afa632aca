/**
 * Issue 11: the personal statistics of /dashboard (PRODUCT.md section 6) — driver stats per
 * company and over all companies, the weekly activity, mechanic stats, the monthly activity and
 * defects by section — on hand-made data, through the use cases, REST and tRPC, on both drivers.
 * Also: every query uses an index (EXPLAIN QUERY PLAN) and stays fast on years of data.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSPECTION_ITEMS } from '#catalog/inspection-checklist.ts'
import type { Database } from '#db/client.ts'
import { companies, preInspections, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { getDriverActivity, getDriverDashboardStats, getDriverStatsByCompany } from '#server/dashboards/driver-stats.server.ts'
import { getMechanicActivity, getMechanicStats } from '#server/dashboards/mechanic-stats.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as dashboardPage from '#app/routes/_app+/dashboard.tsx'
import { daysSince } from '#app/routes/_app+/dashboard.server.ts'
import { insertInspection, newVehicle } from '#tests/helpers/inspection-records.ts'

/** "Now": Wednesday 18 March 2026, noon UTC (all companies in UTC unless said). */
const NOW = new Date('2026-03-18T12:00:00Z')
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`)

const interior = INSPECTION_ITEMS.find((i) => i.section === 'Interior')!.key
const brakes = INSPECTION_ITEMS.filter((i) => i.section === 'Brakes').map((i) => i.key)

describe.each(DRIVERS)('personal statistics on %s', (driver) => {
  let db: Database
  const id = {} as Record<'owner' | 'opA' | 'opB' | 'opC' | 'shop' | 'ownerUser' | 'driver' | 'otherDriver' | 'mechanic' | 'otherMechanic' | 'nobody' | 'exDriver' | 'exMechanic' | 'v1' | 'v2' | 'v3', number>

  async function preTrip(o: { vehicle: number; company: number; user: number; date: string; start: number; end: number | null; timeIn: string; timeOut: string | null }) {
    await db.transaction((tx) =>
      tx.insert(preInspections).values({
        vehicleId: o.vehicle,
        operatorCompanyId: o.company,
        driverUserId: o.user,
        driverName: 'Dana Driver',
        date: o.date,
        timeIn: at(o.date, o.timeIn),
        timeOut: o.timeOut ? at(o.date, o.timeOut) : null,
        odometerStart: o.start,
        odometerEnd: o.end,
        isSatisfactory: true,
      }),
    )
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    id.owner = (await createCompany(db, 'Stats Owner Co', ['Owner'])).id
    id.opA = (await createCompany(db, 'Stats Operator A', ['Operator'])).id
    id.opB = (await createCompany(db, 'Stats Operator B', ['Operator'])).id
    id.opC = (await createCompany(db, 'Stats Operator C', ['Operator'])).id
    id.shop = (await createCompany(db, 'Stats Repair Shop', ['RepairShop'])).id
    for (const k of ['ownerUser', 'driver', 'otherDriver', 'mechanic', 'otherMechanic', 'nobody', 'exDriver', 'exMechanic'] as const) id[k] = (await createUser(db)).id
    await grantRole(db, id.ownerUser, id.owner, 'Owner')
    await grantRole(db, id.driver, id.opA, 'Driver')
    await grantRole(db, id.driver, id.opB, 'Driver')
    await grantRole(db, id.driver, id.opC, 'Driver', false) // deactivated: C's drives do not count
    await grantRole(db, id.otherDriver, id.opA, 'Driver')
    await grantRole(db, id.mechanic, id.shop, 'Mechanic')
    await grantRole(db, id.otherMechanic, id.shop, 'Mechanic')
    await grantRole(db, id.exDriver, id.opA, 'Driver', false)
    await grantRole(db, id.exMechanic, id.shop, 'Mechanic', false)
    await grantRole(db, id.nobody, id.opA, 'Operator')
    id.v1 = (await newVehicle(db, id.ownerUser, id.owner)).id
    id.v2 = (await newVehicle(db, id.ownerUser, id.owner)).id
    id.v3 = (await newVehicle(db, id.ownerUser, id.owner)).id
    const d = id.driver
    // Company A: a streak 30 Jan → 2 Feb across the month end, a pre-trip without end odometer / timeOut.
    await preTrip({ vehicle: id.v1, company: id.opA, user: d, date: '2026-01-30', start: 1000, end: 1100, timeIn: '08:00', timeOut: '10:30' })
    await preTrip({ vehicle: id.v1, company: id.opA, user: d, date: '2026-01-31', start: 1100, end: 1150, timeIn: '08:00', timeOut: '09:00' })
    await preTrip({ vehicle: id.v2, company: id.opA, user: d, date: '2026-02-01', start: 500, end: 800, timeIn: '07:00', timeOut: '10:00' })
    await preTrip({ vehicle: id.v1, company: id.opA, user: d, date: '2026-02-01', start: 1150, end: null, timeIn: '12:00', timeOut: null })
    await preTrip({ vehicle: id.v3, company: id.opA, user: d, date: '2026-02-02', start: 10, end: 60, timeIn: '08:00', timeOut: '08:20' })
    await preTrip({ vehicle: id.v1, company: id.opA, user: d, date: '2026-02-10', start: 1200, end: 1210, timeIn: '08:00', timeOut: '09:00' })
    // Company B: 3 Feb extends the streak over all companies to 5; 16 Mar is this week.
    await preTrip({ vehicle: id.v2, company: id.opB, user: d, date: '2026-02-03', start: 800, end: 1200, timeIn: '06:00', timeOut: '10:00' })
    await preTrip({ vehicle: id.v2, company: id.opB, user: d, date: '2026-03-16', start: 1200, end: 1230, timeIn: '06:00', timeOut: '07:00' })
    // Company C (role deactivated) and another driver: never counted for the driver.
    await preTrip({ vehicle: id.v1, company: id.opC, user: d, date: '2026-02-04', start: 1300, end: 9000, timeIn: '06:00', timeOut: '20:00' })
    await preTrip({ vehicle: id.v1, company: id.opA, user: id.otherDriver, date: '2026-02-05', start: 1300, end: 1400, timeIn: '06:00', timeOut: '07:00' })
    // v3 is archived since: the driver's history still counts it (decision 034).
    await db.transaction((tx) => tx.update(vehicles).set({ archivedAt: new Date('2026-03-01T00:00:00Z') }).where(eq(vehicles.id, id.v3)))

    const m = id.mechanic
    await insertInspection(db, { vehicleId: id.v1, inspectorUserId: m, date: '2026-03-02', unsatisfactory: [interior, brakes[0]!], photos: 2 })
    await insertInspection(db, { vehicleId: id.v1, inspectorUserId: m, date: '2026-02-10', photos: 0 })
    await insertInspection(db, { vehicleId: id.v2, inspectorUserId: m, date: '2025-04-15', unsatisfactory: [brakes[1]!], photos: 1 })
    await insertInspection(db, { vehicleId: id.v3, inspectorUserId: m, date: '2025-03-31', photos: 1 }) // before the 12 months
    await insertInspection(db, { vehicleId: id.v2, inspectorUserId: id.otherMechanic, date: '2026-03-03', unsatisfactory: brakes, photos: 3 })
  })
  afterAll(() => db.close())

  const ctx = async (userId: number) => ctxFor(db, userId, NOW)

  const A = { totalDrives: 6, milesDriven: 510, hoursDriven: 7.8, numberOfCars: 3, longestDriveStreak: 4, longestDriveMiles: 300 }
  const B = { totalDrives: 2, milesDriven: 430, hoursDriven: 5, numberOfCars: 1, longestDriveStreak: 1, longestDriveMiles: 400 }
  const MECHANIC = { totalInspections: 4, vehiclesInspected: 3, satisfactoryInspections: 2, unsatisfactoryInspections: 2, defectsFound: 3, photosTaken: 4 }

  describe('driver', () => {
    it('counts per company where the Driver role is active: streak across a month end, no end odometer, archived vehicle', async () => {
      const stats = await getDriverStatsByCompany(await ctx(id.driver))
      expect(stats).toHaveLength(2)
      expect(stats).toEqual(
        expect.arrayContaining([
          { companyId: id.opA, driverStats: A },
          { companyId: id.opB, driverStats: B },
        ]),
      )
    })

    it('"All Companies" is computed over the union: distinct cars and the streak are not sums or maxima', async () => {
      const stats = await getDriverDashboardStats(await ctx(id.driver))
      // Cars: v1, v2, v3 (not 3 + 1); streak 30 Jan → 3 Feb spans both companies (not max(4, 1)); hours 12.83 → 12.8.
      expect(stats?.all).toEqual({ totalDrives: 8, milesDriven: 940, hoursDriven: 12.8, numberOfCars: 3, longestDriveStreak: 5, longestDriveMiles: 400 })
    })

    it('a company with a Driver role but no drives answers zeros', async () => {
      const fresh = (await createUser(db)).id
      await grantRole(db, fresh, id.opB, 'Driver')
      expect(await getDriverStatsByCompany(await ctx(fresh))).toEqual([
        { companyId: id.opB, driverStats: { totalDrives: 0, milesDriven: 0, hoursDriven: 0, numberOfCars: 0, longestDriveStreak: 0, longestDriveMiles: 0 } },
      ])
      expect((await getDriverActivity(await ctx(fresh), {}))?.drives).toEqual(Array(12).fill(0))
    })

    it('is null without an active Driver role (deactivated, other roles, none)', async () => {
      for (const who of [id.exDriver, id.nobody, id.mechanic]) {
        expect(await getDriverStatsByCompany(await ctx(who))).toBeNull()
        expect(await getDriverActivity(await ctx(who), {})).toBeNull()
      }
      await expect(getDriverStatsByCompany(anon(db))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    })

    it('weekly activity: 12 Monday weeks, zero weeks present, per company and over all', async () => {
      const a = await getDriverActivity(await ctx(id.driver), { companyId: id.opA })
      expect(a?.weeks[0]).toBe('2025-12-29')
      expect(a?.weeks[11]).toBe('2026-03-16')
      expect(a?.weeks.every((w) => new Date(`${w}T00:00:00Z`).getUTCDay() === 1)).toBe(true)
      expect(a?.drives).toEqual([0, 0, 0, 0, 4, 1, 1, 0, 0, 0, 0, 0])
      expect(a?.miles).toEqual([0, 0, 0, 0, 450, 50, 10, 0, 0, 0, 0, 0])
      const all = await getDriverActivity(await ctx(id.driver), {})
      expect(all?.drives).toEqual([0, 0, 0, 0, 4, 2, 1, 0, 0, 0, 0, 1])
      expect(all?.miles).toEqual([0, 0, 0, 0, 450, 450, 10, 0, 0, 0, 0, 30])
    })

    it('weekly activity: the company time zone decides the current week', async () => {
      // Sunday 22 March 23:30 UTC is already Monday 23 March in Auckland: a new week starts there.
      const late = new Date('2026-03-22T23:30:00Z')
      await db.transaction((tx) => tx.update(companies).set({ timeZone: 'Pacific/Auckland' }).where(eq(companies.id, id.opB)))
      try {
        const b = await getDriverActivity(await ctxFor(db, id.driver, late), { companyId: id.opB })
        expect(b?.weeks[11]).toBe('2026-03-23')
        expect(b?.drives[10]).toBe(1) // the 16 March drive is last week now
        const a = await getDriverActivity(await ctxFor(db, id.driver, late), { companyId: id.opA })
        expect(a?.weeks[11]).toBe('2026-03-16')
      } finally {
        await db.transaction((tx) => tx.update(companies).set({ timeZone: 'UTC' }).where(eq(companies.id, id.opB)))
      }
    })

    it('weekly activity: 403 for a company without an active Driver role, 400 for a bad id', async () => {
      await expect(getDriverActivity(await ctx(id.driver), { companyId: id.opC })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(getDriverActivity(await ctx(id.driver), { companyId: id.shop })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(getDriverActivity(await ctx(id.driver), { companyId: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { companyId: expect.any(String) } })
      await expect(getDriverActivity(await ctx(id.driver), { companyId: id.opA, extra: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    })
  })

  describe('mechanic', () => {
    it('counts the inspections the caller signed: defects = Unsatisfactory items, photos attached', async () => {
      expect(await getMechanicStats(await ctx(id.mechanic))).toEqual(MECHANIC)
    })

    it('monthly activity (12 months, zero months present) and defects by section', async () => {
      const act = await getMechanicActivity(await ctx(id.mechanic))
      expect(act?.months).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'])
      expect(act?.satisfactory).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0])
      expect(act?.unsatisfactory).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
      expect(act?.defectsBySection).toEqual([
        { section: 'Interior', defects: 1 },
        { section: 'Exterior', defects: 0 },
        { section: 'Engine', defects: 0 },
        { section: 'Electrical', defects: 0 },
        { section: 'Brakes', defects: 2 },
        { section: 'Chassis', defects: 0 },
      ])
    })

    it('is null without an active Mechanic role', async () => {
      for (const who of [id.exMechanic, id.nobody, id.driver]) {
        expect(await getMechanicStats(await ctx(who))).toBeNull()
        expect(await getMechanicActivity(await ctx(who))).toBeNull()
      }
      await expect(getMechanicStats(anon(db))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    })
  })

  describe('doors', () => {
    async function rest(path: string, userId?: number) {
      const headers: Record<string, string> = userId ? { authorization: `Bearer ${await apiTokenFor(db, userId)}` } : {}
      const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers }), db, '127.0.0.1')
      return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
    }

    it('REST getDriverStatsByCompany: the exact shape, 204 with an empty body, 401 anonymous, case-insensitive path', async () => {
      const ok = await rest('/api/Dashboard/getDriverStatsByCompany', id.driver)
      expect(ok.status).toBe(200)
      const body = JSON.parse(ok.text) as { companyId: number; driverStats: Record<string, number> }[]
      expect(body.map((e) => Object.keys(e).sort())).toEqual([['companyId', 'driverStats'], ['companyId', 'driverStats']])
      expect(Object.keys(body[0]!.driverStats).sort()).toEqual(['hoursDriven', 'longestDriveMiles', 'longestDriveStreak', 'milesDriven', 'numberOfCars', 'totalDrives'])
      // Real "now" here (no injected clock): the figures do not depend on today.
      expect(body.find((e) => e.companyId === id.opA)?.driverStats).toEqual(A)
      const none = await rest('/api/dashboard/GETDRIVERSTATSBYCOMPANY', id.exDriver)
      expect(none).toMatchObject({ status: 204, text: '' })
      expect((await rest('/api/Dashboard/getDriverStatsByCompany')).status).toBe(401)
    })

    it('REST getMechanicStats: the exact shape, 204 with an empty body, 401 anonymous', async () => {
      const ok = await rest('/api/Dashboard/getMechanicStats', id.mechanic)
      expect(ok.status).toBe(200)
      expect(JSON.parse(ok.text)).toEqual(MECHANIC)
      expect(await rest('/api/Dashboard/getMechanicStats', id.driver)).toMatchObject({ status: 204, text: '' })
      expect((await rest('/api/Dashboard/getMechanicStats')).status).toBe(401)
    })

    it('tRPC dashboards.*: the same figures, null without the role, 403/400 for the company', async () => {
      const caller = async (userId: number) => createCallerFactory(appRouter)({ db, actor: await actorFor(db, userId), now: NOW })
      const driverCaller = await caller(id.driver)
      expect(await driverCaller.dashboards.driverStats()).toEqual(await getDriverStatsByCompany(await ctx(id.driver)))
      expect(await driverCaller.dashboards.driverActivity({ companyId: id.opA })).toEqual(await getDriverActivity(await ctx(id.driver), { companyId: id.opA }))
      expect((await driverCaller.dashboards.driverActivity())?.drives).toEqual([0, 0, 0, 0, 4, 2, 1, 0, 0, 0, 0, 1])
      await expect(driverCaller.dashboards.driverActivity({ companyId: id.opC })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(driverCaller.dashboards.driverActivity({ companyId: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
      expect(await driverCaller.dashboards.mechanicStats()).toBeNull()
      const mechCaller = await caller(id.mechanic)
      expect(await mechCaller.dashboards.mechanicStats()).toEqual(MECHANIC)
      expect((await mechCaller.dashboards.mechanicActivity())?.defectsBySection.find((s) => s.section === 'Brakes')?.defects).toBe(2)
      expect(await mechCaller.dashboards.driverStats()).toBeNull()
      const anonCaller = createCallerFactory(appRouter)({ db, actor: { kind: 'anonymous' } })
      await expect(anonCaller.dashboards.driverStats()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    })
  })

  describe('the page door (/dashboard loader)', () => {
    // The page reads the process database (getDb()): this driver's, for these tests.
    beforeAll(() => useAsAppDb(db))

    async function load(userId: number, query = '') {
      const request = new Request(`http://localhost/dashboard${query}`, { headers: { cookie: `operon_session=${await webSessionFor(db, userId)}` } })
      return (await dashboardPage.loader({ request, params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Awaited<ReturnType<typeof dashboardPage.loader>>
    }

    it('a driver: the driver view, All Companies by default, one company by ?company=', async () => {
      const all = await load(id.driver)
      expect(all).toMatchObject({ view: 'driver', isDriver: true, isMechanic: false, mechanic: null })
      expect(all.driver?.companyId).toBeNull()
      expect(all.driver?.stats).toEqual({ totalDrives: 8, milesDriven: 940, hoursDriven: 12.8, numberOfCars: 3, longestDriveStreak: 5, longestDriveMiles: 400 })
      expect(all.driverCompanies.map((c) => c.id).sort()).toEqual([id.opA, id.opB].sort())
      expect(all.driver?.activity.weeks).toHaveLength(12)
      const one = await load(id.driver, `?view=driver&company=${id.opA}`)
      expect(one.driver).toMatchObject({ companyId: id.opA, stats: A })
    })

    it('hand-edited addresses fall back: a company without the role, garbage, an unheld view', async () => {
      for (const query of [`?company=${id.opC}`, `?company=${id.shop}`, '?company=abc', '?company=1e3', '?view=mechanic', '?view=%3Cscript%3E']) {
        const data = await load(id.driver, query)
        expect(data.view, query).toBe('driver')
        expect(data.driver?.companyId, query).toBeNull()
        expect(data.driver?.stats.totalDrives, query).toBe(8)
      }
      // An empty field (a GET form sent without JavaScript) is dropped from the address (decision 060).
      const empty = (await load(id.driver, '?company=').catch((thrown: unknown) => thrown)) as Response
      expect(empty.status).toBe(302)
      expect(empty.headers.get('Location')).toBe('/dashboard')
    })

    it('a mechanic: the mechanic view; neither role: no view; whole days since joining', async () => {
      const m = await load(id.mechanic, '?view=driver')
      expect(m).toMatchObject({ view: 'mechanic', isDriver: false, isMechanic: true, driver: null, mechanic: { stats: MECHANIC } })
      expect(m.buses).toEqual([])
      const n = await load(id.nobody)
      expect(n).toMatchObject({ view: null, driver: null, mechanic: null, daysOnOperon: 0 })
    })
  })

  describe('query plans and speed', () => {
    /** Runs `fn` with a database whose reads record every statement, then EXPLAINs each. */
    async function plansOf(fn: (c: UseCaseContext) => Promise<unknown>, userId: number) {
      const seen: SQL[] = []
      const read = new Proxy(db.read, {
        get(target, prop, receiver) {
          if (prop === 'all') return (q: SQL) => (seen.push(q), target.all(q))
          const v = Reflect.get(target, prop, receiver) as unknown
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
        },
      })
      const base = await ctx(userId)
      await fn({ ...base, db: { ...db, read } })
      const plans: string[] = []
      for (const q of seen) {
        const rows = await db.read.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${q}`)
        plans.push(rows.map((r) => r.detail).join('\n'))
      }
      return plans
    }

    it('every statistics query searches an index: no SCAN of pre_inspections, inspections or inspection_items', async () => {
      const plans = [
        ...(await plansOf((c) => getDriverDashboardStats(c), id.driver)),
        ...(await plansOf((c) => getDriverActivity(c, {}), id.driver)),
        ...(await plansOf((c) => getDriverActivity(c, { companyId: id.opA }), id.driver)),
        ...(await plansOf((c) => getMechanicStats(c), id.mechanic)),
        ...(await plansOf((c) => getMechanicActivity(c), id.mechanic)),
      ]
      // Driver dashboard (two companies): per company, over both, streaks; activity ×2; mechanic 3.
      expect(plans.length).toBe(8)
      for (const plan of plans) {
        expect(plan).not.toMatch(/SCAN (pre_inspections|inspections|inspection_items|inspection_photos)\b(?! USING)/)
        expect(plan).toMatch(/USING (COVERING )?INDEX/)
      }
      const all = plans.join('\n')
      expect(all).toMatch(/COVERING INDEX pre_inspections_driver_stats_idx/)
      expect(all).toMatch(/inspection_items_unsatisfactory_idx/)
      expect(all).toMatch(/inspections_inspector_date_idx/)
    })

    it('counts right with ~3,000 pre-trips per driver and ~2,000 inspections per mechanic among others', async () => {
      const heavyDriver = (await createUser(db)).id
      const heavyMechanic = (await createUser(db)).id
      await grantRole(db, heavyDriver, id.opA, 'Driver')
      await grantRole(db, heavyDriver, id.opB, 'Driver')
      await grantRole(db, heavyMechanic, id.shop, 'Mechanic')
      const created = NOW.getTime()
      await db.transaction(async (tx) => {
        // 3,000 for the driver (two companies, 8 years) and 20,000 for others.
        await tx.run(sql`
          INSERT INTO pre_inspections (vehicle_id, operator_company_id, driver_user_id, driver_name, date, time_in, time_out,
                                       odometer_start, odometer_end, is_satisfactory, defects_corrected, defects_need_correction, created_at)
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 23000)
          SELECT CASE i % 3 WHEN 0 THEN ${id.v1} WHEN 1 THEN ${id.v2} ELSE ${id.v3} END,
                 CASE WHEN i % 2 = 0 THEN ${id.opA} ELSE ${id.opB} END,
                 CASE WHEN i <= 3000 THEN ${heavyDriver} ELSE ${id.otherDriver} END,
                 'Perf', date('2018-03-01', '+' || (i % 3000) || ' days'), ${created}, ${created} + 3600000,
                 i * 10, CASE WHEN i % 10 = 0 THEN NULL ELSE i * 10 + 42 END, 1, 0, 0, ${created}
          FROM n`)
        await tx.run(sql`
          INSERT INTO inspections (vehicle_id, inspector_user_id, inspector_name, inspection_date, is_satisfactory, created_at)
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
          SELECT CASE i % 3 WHEN 0 THEN ${id.v1} WHEN 1 THEN ${id.v2} ELSE ${id.v3} END,
                 CASE WHEN i <= 2000 THEN ${heavyMechanic} ELSE ${id.otherMechanic} END,
                 'Perf', date('2020-01-01', '+' || (i % 2000) || ' days'), i % 4 <> 0, ${created}
          FROM n`)
        const keys = sql.join(INSPECTION_ITEMS.map((it, n) => sql`(${it.key}, ${n})`), sql`, `)
        await tx.run(sql`
          INSERT INTO inspection_items (inspection_id, item_key, status)
          WITH k(item_key, n) AS (VALUES ${keys})
          SELECT i.id, k.item_key, CASE WHEN (i.id + k.n) % 25 = 0 THEN 1 ELSE 0 END
          FROM inspections i CROSS JOIN k WHERE i.inspector_name = 'Perf'`)
      })
      await db.transaction((tx) => tx.run(sql`ANALYZE`))
      const c = await ctx(heavyDriver)
      const m = await ctx(heavyMechanic)
      const stats = await getDriverDashboardStats(c)
      expect(stats?.all.totalDrives).toBe(3000)
      expect(stats?.all.longestDriveStreak).toBe(3000)
      expect((await getMechanicStats(m))?.totalInspections).toBe(2000)
      // Their speed is measured by `npm run bench:dashboards` (decision 040), not asserted here:
      // a timed test on a shared machine fails for the machine's reasons.
      expect((await getDriverStatsByCompany(c))?.map((x) => x.driverStats.totalDrives).sort()).toEqual([1500, 1500])
    })
  })
})

describe('days on Operon', () => {
  it('counts whole days since joinDate', () => {
    const joined = '2026-03-01T18:00:00.000Z'
    expect(daysSince(joined, new Date('2026-03-01T23:59:00Z'))).toBe(0)
    expect(daysSince(joined, new Date('2026-03-02T17:59:59Z'))).toBe(0)
    expect(daysSince(joined, new Date('2026-03-02T18:00:00Z'))).toBe(1)
    expect(daysSince(joined, new Date('2027-03-01T18:00:00Z'))).toBe(365)
  })
})
