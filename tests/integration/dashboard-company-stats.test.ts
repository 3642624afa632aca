/**
 * The owner's and the operator's statistics (issue 11, PRODUCT.md section 6, decision 038) on
 * hand-made data, on both drivers: archived vehicles, deleted documents, deactivated roles, a
 * user with both roles, ended / ended-early / future assignments, last month in a time zone
 * where UTC is already the next month, a pre-trip without its end odometer. The doors (REST
 * shapes and statuses, tRPC) give the same figures; EXPLAIN QUERY PLAN shows every figure
 * reads an index and scans no table of records.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, joinRequests, operatorAssignments, preInspections, users, vehicleDocuments, vehicles } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { getOperatorActivity, getOperatorStatsByCompanyId, operatorActivityQuery, operatorStatsQueries, shiftMonth } from '#server/dashboards/operator-stats.server.ts'
import { getOwnerExpiryTimeline, getOwnerStatsByCompanyId, ownerStatsQueries } from '#server/dashboards/owner-stats.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { newVehicle } from '#tests/helpers/inspection-records.ts'

/** 05:00 UTC on 1 March: still 28 February (20:00 or 21:00) in Los Angeles. */
const NOW = new Date('2026-03-01T05:00:00.000Z')
const TZ = 'America/Los_Angeles'

describe.each(DRIVERS)('company statistics on %s', (driver) => {
  let db: Database
  const ids = {} as {
    owner: number
    operator: number
    otherOperator: number
    ownerManager: number
    operatorManager: number
    inactiveOperator: number
    stranger: number
    v: Record<'v1' | 'v2' | 'v3' | 'v4' | 'v5', number>
  }

  const setTz = (companyId: number, timeZone: string) => db.transaction((tx) => tx.update(companies).set({ timeZone }).where(eq(companies.id, companyId)))
  const assignment = (vehicleId: number, operatorCompanyId: number, startDate: string, endDate: string | null, endedAt: Date | null = null) =>
    db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId, startDate, endDate, endedAt }))
  const document = (vehicleId: number, isActive = true) =>
    db.transaction((tx) => tx.insert(vehicleDocuments).values({ vehicleId, fileName: 'registration.pdf', contentType: 'application/pdf', sizeBytes: 1000, uploadedByName: 'Olga Owner', isActive }))
  const preTrip = (vehicleId: number, operatorCompanyId: number, date: string, odometerStart: number, odometerEnd: number | null) =>
    db.transaction((tx) =>
      tx.insert(preInspections).values({ vehicleId, operatorCompanyId, driverName: 'Dana Driver', date, timeIn: new Date(`${date}T07:00:00Z`), odometerStart, odometerEnd, isSatisfactory: true }),
    )
  const joinRequest = (companyId: number, role: keyof typeof ROLE_IDS, status: 'Pending' | 'Accepted' | 'Rejected') =>
    createUser(db).then((u) => db.transaction((tx) => tx.insert(joinRequests).values({ userId: u.id, companyId, roleId: ROLE_IDS[role], status })))

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Stats Owner', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Stats Operator', ['Operator', 'Owner'])).id
    ids.otherOperator = (await createCompany(db, 'Stats Other Operator', ['Operator'])).id
    await setTz(ids.owner, TZ)
    await setTz(ids.operator, TZ)
    ids.ownerManager = (await createUser(db, { firstName: 'Olga', lastName: 'Owner' })).id
    ids.operatorManager = (await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })).id
    ids.inactiveOperator = (await createUser(db)).id
    ids.stranger = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.operatorManager, ids.operator, 'Operator')
    await grantRole(db, ids.inactiveOperator, ids.operator, 'Operator', false)

    // The owner's fleet (today is 2026-02-28 in its time zone).
    const v1 = (await newVehicle(db, ids.ownerManager, ids.owner)).id
    const v2 = (await newVehicle(db, ids.ownerManager, ids.owner)).id
    const v3 = (await newVehicle(db, ids.ownerManager, ids.owner)).id
    const v4 = (await newVehicle(db, ids.ownerManager, ids.owner)).id
    const v5 = (await newVehicle(db, ids.ownerManager, ids.owner)).id
    await assignment(v1, ids.operator, '2026-01-01', null) // active
    await assignment(v1, ids.otherOperator, '2026-02-01', '2026-03-31') // active too: v1 counts once for the owner
    await assignment(v2, ids.operator, '2026-01-01', '2026-02-27') // ended yesterday
    await assignment(v2, ids.operator, '2026-01-01', null, new Date('2026-02-20T10:00:00Z')) // ended early
    await assignment(v4, ids.operator, '2026-03-01', null) // starts tomorrow (already today in UTC)
    await assignment(v5, ids.operator, '2026-02-01', '2026-02-28') // its last day is today
    await assignment(v3, ids.operator, '2026-01-01', null) // active, but the vehicle is archived below
    await document(v1)
    await document(v1)
    await document(v1, false) // deleted
    await document(v5)
    await document(v3) // of an archived vehicle
    await db.transaction((tx) => tx.update(vehicles).set({ archivedAt: new Date('2026-02-25T00:00:00Z') }).where(eq(vehicles.id, v3)))
    ids.v = { v1, v2, v3, v4, v5 }

    // The operator's people.
    const person = async (roles: ['Driver' | 'Mechanic', boolean][], deleted = false) => {
      const u = (await createUser(db)).id
      for (const [role, active] of roles) await grantRole(db, u, ids.operator, role, active)
      if (deleted) await db.transaction((tx) => tx.update(users).set({ deletedAt: new Date('2026-02-01T00:00:00Z'), email: null }).where(eq(users.id, u)))
    }
    await person([['Driver', true]])
    await person([['Driver', false]]) // deactivated
    await person([['Driver', true]], true) // account deleted
    await person([['Driver', true], ['Mechanic', true]]) // both roles: once in each
    await person([['Mechanic', true]])
    await person([['Mechanic', false]])
    await grantRole(db, (await createUser(db)).id, ids.otherOperator, 'Driver') // another company

    // Join requests: the Operator manager answers Driver, Operator and (no RepairShop type) Mechanic.
    await joinRequest(ids.operator, 'Driver', 'Pending')
    await joinRequest(ids.operator, 'Driver', 'Accepted')
    await joinRequest(ids.operator, 'Driver', 'Rejected')
    await joinRequest(ids.operator, 'Operator', 'Accepted')
    await joinRequest(ids.operator, 'Mechanic', 'Rejected')
    await joinRequest(ids.operator, 'Owner', 'Accepted') // answered by the Owner manager
    await joinRequest(ids.otherOperator, 'Driver', 'Accepted')

    // Pre-trips (missions). Last month in Los Angeles is January 2026.
    await preTrip(v1, ids.operator, '2025-02-28', 100, 110) // before the chart's 12 months
    await preTrip(v1, ids.operator, '2025-03-01', 200, 220) // the chart's first month
    await preTrip(v1, ids.operator, '2025-12-31', 1000, 1030)
    await preTrip(v1, ids.operator, '2026-01-01', 2000, 2100)
    await preTrip(v1, ids.operator, '2026-01-20', 2100, null) // no end odometer
    await preTrip(v1, ids.operator, '2026-01-31', 2200, 2250)
    await preTrip(v1, ids.operator, '2026-02-10', 2300, 2370) // this month
    await preTrip(v1, ids.otherOperator, '2026-01-10', 5000, 5500) // another operator
  })
  afterAll(() => db.close())

  const ctx = (userId: number) => ctxFor(db, userId, NOW)

  it("counts the owner's non-archived vehicles, those assigned today in its time zone, and their active documents", async () => {
    expect(await getOwnerStatsByCompanyId(await ctx(ids.ownerManager), { companyId: ids.owner })).toEqual({
      vehiclesRegistered: 4,
      assignedVehicles: 2,
      documentsUploaded: 3,
    })
    // In UTC it is already 1 March: v5's assignment has ended and v4's has begun.
    await setTz(ids.owner, 'UTC')
    try {
      expect(await getOwnerStatsByCompanyId(await ctx(ids.ownerManager), { companyId: ids.owner })).toMatchObject({ assignedVehicles: 2 })
      const stats = await getOwnerStatsByCompanyId(await ctxFor(db, ids.ownerManager, new Date('2026-03-01T12:00:00Z')), { companyId: ids.owner })
      expect(stats.assignedVehicles).toBe(2) // v1 and v4 (v5 ended on 28 February)
    } finally {
      await setTz(ids.owner, TZ)
    }
  })

  it("counts the operator's vehicles, missions, active drivers and mechanics, answered requests and last month's miles", async () => {
    expect(await getOperatorStatsByCompanyId(await ctx(ids.operatorManager), { companyId: ids.operator })).toEqual({
      totalVehicles: 2, // v1 and v5 (v3 archived, v2 ended, v4 in the future)
      totalMissions: 7,
      numberOfDrivers: 2,
      numberOfMechanics: 2,
      respondedJoinRequests: 4,
      totalMilesDrivenLastMonth: 150, // January: 100 + 50; the pre-trip without end odometer adds nothing
    })
  })

  it('takes "last month" from the company time zone, not UTC', async () => {
    await setTz(ids.operator, 'UTC')
    try {
      const stats = await getOperatorStatsByCompanyId(await ctx(ids.operatorManager), { companyId: ids.operator })
      expect(stats.totalMilesDrivenLastMonth).toBe(70) // February in UTC
      expect(stats.totalVehicles).toBe(2) // 1 March in UTC: v1 and v4 (its first day), no longer v5
    } finally {
      await setTz(ids.operator, TZ)
    }
  })

  it('gives the last 12 months of miles and missions, zero months included, the current month last', async () => {
    const months = await getOperatorActivity(await ctx(ids.operatorManager), { companyId: ids.operator })
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({ month: '2025-03', missions: 1, miles: 20 })
    expect(months.slice(1, 9).every((m) => m.missions === 0 && m.miles === 0)).toBe(true)
    expect(months.slice(1, 9).map((m) => m.month)).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11'])
    expect(months.slice(9)).toEqual([
      { month: '2025-12', missions: 1, miles: 30 },
      { month: '2026-01', missions: 3, miles: 150 },
      { month: '2026-02', missions: 1, miles: 70 },
    ])
  })

  it("puts the fleet's dates of the next 90 days (company calendar) in 13 weeks starting today", async () => {
    const dates = (id: number, d: Partial<Record<'licenseExpiry' | 'insuranceExpiry' | 'nextInspection', string>>) =>
      db.transaction((tx) => tx.update(vehicles).set(d).where(eq(vehicles.id, id)))
    await dates(ids.v.v1, { licenseExpiry: '2026-02-28', insuranceExpiry: '2026-02-27' }) // today; yesterday (the alert list's)
    await dates(ids.v.v5, { nextInspection: '2026-03-06', licenseExpiry: '2026-03-07' }) // last day of week 1; first of week 2
    await dates(ids.v.v4, { insuranceExpiry: '2026-05-29', licenseExpiry: '2026-05-30' }) // today + 90; one day too far
    await dates(ids.v.v3, { licenseExpiry: '2026-03-10' }) // archived
    try {
      const t = await getOwnerExpiryTimeline(await ctx(ids.ownerManager), { companyId: ids.owner })
      expect(t).toMatchObject({ today: '2026-02-28', until: '2026-05-29' })
      expect(t.weeks).toHaveLength(13)
      expect(t.weeks[0]).toMatchObject({ start: '2026-02-28', end: '2026-03-06' })
      expect(t.weeks[12]).toMatchObject({ start: '2026-05-23', end: '2026-05-29' })
      const lines = (w: number) => t.weeks[w]!.items.map((i) => `${i.date} ${i.alertType} ${i.vehicleId}`)
      expect(lines(0)).toEqual([`2026-02-28 License expiry ${ids.v.v1}`, `2026-03-06 Next inspection ${ids.v.v5}`])
      expect(lines(1)).toEqual([`2026-03-07 License expiry ${ids.v.v5}`])
      expect(lines(12)).toEqual([`2026-05-29 Insurance expiry ${ids.v.v4}`])
      expect(t.weeks.slice(2, 12).every((w) => w.items.length === 0)).toBe(true)
      await expect(getOwnerExpiryTimeline(await ctx(ids.operatorManager), { companyId: ids.owner })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(getOwnerExpiryTimeline(await ctx(ids.ownerManager), { companyId: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    } finally {
      await db.transaction((tx) => tx.update(vehicles).set({ licenseExpiry: null, insuranceExpiry: null, nextInspection: null }))
    }
  })

  it('shifts months across year ends', () => {
    expect(shiftMonth('2026-01-15', -1)).toBe('2025-12')
    expect(shiftMonth('2026-02-28', -11)).toBe('2025-03')
    expect(shiftMonth('2025-12-31', 1)).toBe('2026-01')
    expect(shiftMonth('2026-03-01', -26)).toBe('2024-01')
  })

  it('refuses without the role in that company (403), anonymously (401), and names a bad companyId (400)', async () => {
    await expect(getOwnerStatsByCompanyId(await ctx(ids.operatorManager), { companyId: ids.owner })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getOperatorStatsByCompanyId(await ctx(ids.ownerManager), { companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getOperatorStatsByCompanyId(await ctx(ids.inactiveOperator), { companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getOperatorActivity(await ctx(ids.stranger), { companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getOwnerStatsByCompanyId(anon(db), { companyId: ids.owner })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    for (const input of [{}, { companyId: 'abc' }, { companyId: -1 }, null]) {
      const err = await getOperatorStatsByCompanyId(await ctx(ids.operatorManager), input).catch((e) => e)
      expect(err).toMatchObject({ code: 'BAD_REQUEST' })
      if (input) expect(err.fieldErrors).toHaveProperty('companyId')
    }
  })

  it('REST answers the shapes of API.md with the same figures, 401, 403 and 400', async () => {
    const call = async (path: string, token?: string) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
      const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers }), db, '127.0.0.1')
      return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null }
    }
    const ownerToken = await apiTokenFor(db, ids.ownerManager)
    const operatorToken = await apiTokenFor(db, ids.operatorManager)
    // The REST door runs on the real clock: the same figures as the use case then.
    let res = await call(`/api/Dashboard/getOwnerStatsByCompanyId?companyId=${ids.owner}`, ownerToken)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(await getOwnerStatsByCompanyId(await ctxFor(db, ids.ownerManager), { companyId: ids.owner }))
    expect(Object.keys(res.body!).sort()).toEqual(['assignedVehicles', 'documentsUploaded', 'vehiclesRegistered'])
    res = await call(`/api/dashboard/GETOPERATORSTATSBYCOMPANYID?CompanyId=${ids.operator}`, operatorToken)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(await getOperatorStatsByCompanyId(await ctxFor(db, ids.operatorManager), { companyId: ids.operator }))
    expect(Object.keys(res.body!).sort()).toEqual(['numberOfDrivers', 'numberOfMechanics', 'respondedJoinRequests', 'totalMilesDrivenLastMonth', 'totalMissions', 'totalVehicles'])
    expect(Object.values(res.body!).every((v) => Number.isInteger(v))).toBe(true)

    expect((await call(`/api/Dashboard/getOwnerStatsByCompanyId?companyId=${ids.owner}`)).status).toBe(401)
    expect((await call(`/api/Dashboard/getOwnerStatsByCompanyId?companyId=${ids.owner}`, operatorToken)).status).toBe(403)
    expect((await call(`/api/Dashboard/getOperatorStatsByCompanyId?companyId=${ids.operator}`, ownerToken)).status).toBe(403)
    expect((await call(`/api/Dashboard/getOperatorStatsByCompanyId?companyId=${ids.otherOperator}`, operatorToken)).status).toBe(403)
    expect((await call('/api/Dashboard/getOperatorStatsByCompanyId', operatorToken)).status).toBe(400)
    expect((await call('/api/Dashboard/getOwnerStatsByCompanyId?companyId=abc', ownerToken)).status).toBe(400)
    // Hostile values: never a 500, never another company's figures.
    for (const bad of ['1e400', '%00', '1.5', '0', '-3', 'x'.repeat(5000), `${ids.owner}%20OR%201=1`]) {
      expect((await call(`/api/Dashboard/getOwnerStatsByCompanyId?companyId=${bad}`, ownerToken)).status, bad.slice(0, 20)).toBe(400)
    }
    expect((await call('/api/Dashboard/getOwnerStatsByCompanyId?companyId=2147483647', ownerToken)).status).toBe(403)
  })

  it('tRPC gives the same figures and the same refusals', async () => {
    const caller = async (userId: number) => createCallerFactory(appRouter)({ db, actor: await actorFor(db, userId), now: NOW })
    const owner = await caller(ids.ownerManager)
    const operator = await caller(ids.operatorManager)
    expect(await owner.dashboards.ownerStats({ companyId: ids.owner })).toEqual({ vehiclesRegistered: 4, assignedVehicles: 2, documentsUploaded: 3 })
    expect(await operator.dashboards.operatorStats({ companyId: ids.operator })).toMatchObject({ totalMissions: 7, totalMilesDrivenLastMonth: 150, numberOfDrivers: 2 })
    expect((await operator.dashboards.operatorActivity({ companyId: ids.operator })).at(-2)).toEqual({ month: '2026-01', missions: 3, miles: 150 })
    await expect(owner.dashboards.operatorStats({ companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(operator.dashboards.ownerStats({ companyId: ids.owner })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(operator.dashboards.operatorActivity({ companyId: 'x' as unknown as number })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('reads every figure through an index and scans no table of records (EXPLAIN QUERY PLAN)', async () => {
    const plan = async (q: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = q.toSQL()
      let i = 0
      const inlined = text.replace(/\?/g, () => {
        const p = params[i++]
        return typeof p === 'string' ? `'${p.replaceAll("'", "''")}'` : String(p)
      })
      const rows = (await db.read.all(sql.raw(`EXPLAIN QUERY PLAN ${inlined}`))) as { detail: string }[]
      return rows.map((r) => r.detail)
    }
    const queries = {
      ...ownerStatsQueries(db, ids.owner, '2026-02-28'),
      ...operatorStatsQueries(db, ids.operator, '2026-02-28', [ROLE_IDS.Driver, ROLE_IDS.Operator]),
      activity: operatorActivityQuery(db, ids.operator, '2025-03', '2026-03'),
    }
    const expected: Record<string, RegExp[]> = {
      vehiclesRegistered: [/vehicles USING COVERING INDEX vehicles_owner_archived_idx/],
      assignedVehicles: [/vehicles USING COVERING INDEX vehicles_owner_archived_idx/, /operator_assignments USING INDEX operator_assignments_vehicle_start_idx/],
      documentsUploaded: [/vehicles USING COVERING INDEX vehicles_owner_archived_idx/, /vehicle_documents USING COVERING INDEX vehicle_documents_vehicle_active_idx/],
      totalVehicles: [/operator_assignments USING INDEX operator_assignments_operator_idx/],
      // The monthly rollup kept by triggers (migration 0006), by its primary key.
      totalMissions: [/SEARCH operator_monthly_activity USING INDEX sqlite_autoindex_operator_monthly_activity_1 \(operator_company_id=\?\)/],
      numberOfDrivers: [/memberships USING INDEX memberships_company_role_idx/],
      numberOfMechanics: [/memberships USING INDEX memberships_company_role_idx/],
      respondedJoinRequests: [/join_requests USING INDEX join_requests_company_status_idx/],
      totalMilesDrivenLastMonth: [/SEARCH operator_monthly_activity USING INDEX sqlite_autoindex_operator_monthly_activity_1 \(operator_company_id=\? AND month=\?\)/],
      activity: [/SEARCH operator_monthly_activity USING INDEX sqlite_autoindex_operator_monthly_activity_1 \(operator_company_id=\? AND month>\? AND month<\?\)/],
    }
    for (const [name, q] of Object.entries(queries)) {
      const details = await plan(q)
      for (const re of expected[name]!) expect(details.some((d) => re.test(d)), `${name}: ${details.join(' | ')}`).toBe(true)
      // No sort of the rows (the chart groups in index order), and no full scan of any table.
      expect(details.filter((d) => /TEMP B-TREE FOR (GROUP|ORDER) BY/.test(d)), `${name}: ${details.join(' | ')}`).toEqual([])
      expect(details.filter((d) => /^SCAN /.test(d) && !/USING .*INDEX .* \(/.test(d)), `${name}: ${details.join(' | ')}`).toEqual([])
    }
  })
})
