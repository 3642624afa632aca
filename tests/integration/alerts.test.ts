import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, repairActions, vehicles } from '#db/schema/index.ts'
import { addDays, expiryState } from '#catalog/expiry.ts'
import { getVehicleAlerts, listOwnerAlerts, vehicleExpiries } from '#server/alerts/alerts.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { listFleetVehicles } from '#server/fleet/list-vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'

/**
 * 20:00 UTC on 10 March is 09:00 on 11 March in Auckland (UTC+13): the company's "today" is
 * already the next day, so a rule computed on the UTC date would shift every boundary by one.
 */
const NOW = new Date('2026-03-10T20:00:00Z')
const TODAY = '2026-03-11'

describe.each(DRIVERS)('vehicle alerts on %s', (driver) => {
  let db: Database
  let company: number
  let owner: number
  let operator: number
  let other: number
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    db = createTestDb(driver)
    company = (await createCompany(db, 'Kiwi Coaches', ['Owner', 'Operator'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'Pacific/Auckland' }).where(eq(companies.id, company)))
    owner = (await createUser(db)).id
    operator = (await createUser(db)).id
    other = (await createUser(db)).id
    await grantRole(db, owner, company, 'Owner')
    await grantRole(db, operator, company, 'Operator')
    await grantRole(db, other, (await createCompany(db, 'Other Owner', ['Owner'])).id, 'Owner')
    const add = async (id: string, over: Partial<typeof vehicles.$inferInsert>) => {
      ids[id] = (await insertVehicle(db, company, { vehicleIdentifier: id, ...over })).id
    }
    await add('K-DAY0', { licenseExpiry: TODAY }) // today: Alert
    await add('K-DAY30', { insuranceExpiry: addDays(TODAY, 30) }) // day 30: Warning
    await add('K-DAY31', { nextInspection: addDays(TODAY, 31), licenseExpiry: addDays(TODAY, 400) }) // nothing
    await add('K-PAST', { nextInspection: addDays(TODAY, -5), insuranceExpiry: addDays(TODAY, 1) }) // Alert + Warning
    await add('K-ALL', { licenseExpiry: addDays(TODAY, -5), insuranceExpiry: addDays(TODAY, -5), nextInspection: addDays(TODAY, 10) })
    await add('K-NONE', {})
    await add('K-ARCH', { licenseExpiry: addDays(TODAY, -1), archivedAt: new Date('2026-01-01T00:00:00Z') })
  })
  afterAll(() => db.close())

  it('levels the boundary days in the company time zone, most urgent first', async () => {
    const alerts = await getVehicleAlerts(await ctxFor(db, owner, NOW), { companyId: company })
    expect(alerts).toEqual([
      { level: 1, vehicleIdentifier: 'K-ALL', alertType: 'Insurance expiry', dueDate: addDays(TODAY, -5) },
      { level: 1, vehicleIdentifier: 'K-ALL', alertType: 'License expiry', dueDate: addDays(TODAY, -5) },
      { level: 1, vehicleIdentifier: 'K-PAST', alertType: 'Next inspection', dueDate: addDays(TODAY, -5) },
      { level: 1, vehicleIdentifier: 'K-DAY0', alertType: 'License expiry', dueDate: TODAY },
      { level: 0, vehicleIdentifier: 'K-PAST', alertType: 'Insurance expiry', dueDate: addDays(TODAY, 1) },
      { level: 0, vehicleIdentifier: 'K-ALL', alertType: 'Next inspection', dueDate: addDays(TODAY, 10) },
      { level: 0, vehicleIdentifier: 'K-DAY30', alertType: 'Insurance expiry', dueDate: addDays(TODAY, 30) },
    ])
    // The UTC date (10 March) would have made day 0 a Warning and day 30 nothing.
    expect(todayIn('UTC', NOW)).toBe('2026-03-10')
  })

  it('a day later, day 31 has become day 30 and day 0 is past', async () => {
    const alerts = await getVehicleAlerts(await ctxFor(db, owner, new Date(NOW.getTime() + 86_400_000)), { companyId: company })
    expect(alerts.find((a) => a.vehicleIdentifier === 'K-DAY31')).toEqual({ level: 0, vehicleIdentifier: 'K-DAY31', alertType: 'Next inspection', dueDate: addDays(TODAY, 31) })
    expect(alerts.find((a) => a.vehicleIdentifier === 'K-DAY0')?.level).toBe(1)
    expect(alerts.some((a) => a.vehicleIdentifier === 'K-ARCH' || a.vehicleIdentifier === 'K-NONE')).toBe(false)
  })

  it('the badge and the fleet filter follow the same rule', async () => {
    expect(expiryState(TODAY, TODAY)).toBe('expired')
    expect(expiryState(addDays(TODAY, 1), TODAY)).toBe('expiring')
    expect(expiryState(addDays(TODAY, 30), TODAY)).toBe('expiring')
    expect(expiryState(addDays(TODAY, 31), TODAY)).toBe('valid')
    const ctx = await ctxFor(db, owner, NOW)
    const byStatus = async (s: 'expired' | 'expiring' | 'valid') =>
      (await listFleetVehicles(ctx, { companyId: company, licenseStatus: [s] })).items.map((v) => v.vehicleIdentifier).sort()
    // listFleetVehicles reads the real clock: compare with the rule on the company's real today.
    const realToday = todayIn('Pacific/Auckland')
    const rows = await db.read.select({ id: vehicles.vehicleIdentifier, d: vehicles.licenseExpiry, a: vehicles.archivedAt }).from(vehicles).where(eq(vehicles.ownerCompanyId, company))
    for (const s of ['expired', 'expiring', 'valid'] as const) {
      expect(await byStatus(s)).toEqual(rows.filter((r) => !r.a && r.d && expiryState(r.d, realToday) === s).map((r) => r.id).sort())
    }
  })

  it('the fleet "license status" filter puts day 30 in expiring and day 31 in valid (the company\'s real today)', async () => {
    const fleet = (await createCompany(db, 'Kiwi Boundary Fleet', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'Pacific/Auckland' }).where(eq(companies.id, fleet)))
    await grantRole(db, owner, fleet, 'Owner')
    const realToday = todayIn('Pacific/Auckland')
    for (const d of [-1, 0, 1, 30, 31]) await insertVehicle(db, fleet, { vehicleIdentifier: `KB-${driver}-${d}`, licenseExpiry: addDays(realToday, d) })
    const ctx = await ctxFor(db, owner)
    const ids = async (s: 'expired' | 'expiring' | 'valid') =>
      (await listFleetVehicles(ctx, { companyId: fleet, licenseStatus: [s] })).items.map((v) => v.vehicleIdentifier).sort()
    expect(await ids('expired')).toEqual([`KB-${driver}--1`, `KB-${driver}-0`])
    expect(await ids('expiring')).toEqual([`KB-${driver}-1`, `KB-${driver}-30`])
    expect(await ids('valid')).toEqual([`KB-${driver}-31`])
  })

  it('the owner list adds out-of-service and open-repair lines with the vehicle id', async () => {
    const opened = new Date('2026-03-09T12:30:00Z') // 10 March 01:30 in Auckland
    await db.transaction(async (tx) => {
      await tx.insert(repairActions).values([
        { repairIdentifier: `RA-AL-${driver}-1`, vehicleId: ids['K-NONE']!, ownerCompanyId: company, outOfService: true, createdAt: opened },
        { repairIdentifier: `RA-AL-${driver}-2`, vehicleId: ids['K-NONE']!, ownerCompanyId: company, createdAt: opened },
        { repairIdentifier: `RA-AL-${driver}-3`, vehicleId: ids['K-DAY31']!, ownerCompanyId: company, createdAt: opened },
        { repairIdentifier: `RA-AL-${driver}-4`, vehicleId: ids['K-DAY31']!, ownerCompanyId: company, createdAt: NOW },
        { repairIdentifier: `RA-AL-${driver}-5`, vehicleId: ids['K-DAY0']!, ownerCompanyId: company, createdAt: opened, repairedAt: NOW },
        { repairIdentifier: `RA-AL-${driver}-6`, vehicleId: ids['K-ARCH']!, ownerCompanyId: company, outOfService: true, createdAt: opened },
      ])
    })
    const { today, alerts } = await listOwnerAlerts(await ctxFor(db, owner, NOW), { companyId: company })
    expect(today).toBe(TODAY)
    const repairLines = alerts.filter((a) => a.alertType === 'Out of service' || a.alertType === 'Open repair')
    expect(repairLines).toEqual([
      { level: 1, vehicleId: ids['K-NONE'], vehicleIdentifier: 'K-NONE', alertType: 'Out of service', dueDate: '2026-03-10', count: 1 },
      { level: 0, vehicleId: ids['K-DAY31'], vehicleIdentifier: 'K-DAY31', alertType: 'Open repair', dueDate: '2026-03-10', count: 2 },
      { level: 0, vehicleId: ids['K-NONE'], vehicleIdentifier: 'K-NONE', alertType: 'Open repair', dueDate: '2026-03-10', count: 1 },
    ])
    // Same order rule over the whole list; REST's answer keeps its three types.
    const levels = alerts.map((a) => a.level)
    expect(levels).toEqual([...levels].sort((a, b) => b - a))
    // Out of service (10 March) sits between the Alerts of 6 March and the one due today.
    expect(alerts.slice(2, 5).map((a) => `${a.vehicleIdentifier}:${a.alertType}`)).toEqual(['K-PAST:Next inspection', 'K-NONE:Out of service', 'K-DAY0:License expiry'])
    expect(alerts.every((a) => a.vehicleId > 0)).toBe(true)
    const rest = await getVehicleAlerts(await ctxFor(db, owner, NOW), { companyId: company })
    expect(rest.every((a) => ['License expiry', 'Insurance expiry', 'Next inspection'].includes(a.alertType))).toBe(true)
  })

  it('lists the timeline dates between two days', async () => {
    const r = await vehicleExpiries(await ctxFor(db, owner, NOW), { companyId: company, until: addDays(TODAY, 31) })
    expect(r.from).toBe(addDays(TODAY, -30))
    expect(r.items.map((i) => `${i.vehicleIdentifier}:${i.date}`)).toEqual([
      `K-ALL:${addDays(TODAY, -5)}`,
      `K-ALL:${addDays(TODAY, -5)}`,
      `K-PAST:${addDays(TODAY, -5)}`,
      `K-DAY0:${TODAY}`,
      `K-PAST:${addDays(TODAY, 1)}`,
      `K-ALL:${addDays(TODAY, 10)}`,
      `K-DAY30:${addDays(TODAY, 30)}`,
      `K-DAY31:${addDays(TODAY, 31)}`,
    ])
    await expect(vehicleExpiries(await ctxFor(db, owner, NOW), { companyId: company, until: addDays(TODAY, 401) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(vehicleExpiries(await ctxFor(db, owner, NOW), { companyId: company, until: 'soon' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { until: expect.any(String) } })
  })

  it('refuses callers without the Owner role there: 403; a bad company id: 400; anonymous: 401', async () => {
    for (const fn of [getVehicleAlerts, listOwnerAlerts]) {
      await expect(fn(await ctxFor(db, operator, NOW), { companyId: company })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(fn(await ctxFor(db, other, NOW), { companyId: company })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(fn(await ctxFor(db, owner, NOW), {})).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { companyId: expect.any(String) } })
      await expect(fn(await ctxFor(db, owner, NOW), { companyId: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
      await expect(fn(anon(db, NOW), { companyId: company })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    }
  })

  it('REST: GET /api/Alerts/getVehicleAlerts answers the shape, 400, 401 and 403', async () => {
    const call = async (token: string | null, path: string) => {
      const res = await handleRestRequest(
        new Request(`http://localhost${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
        db,
        '127.0.0.1',
      )
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null }
    }
    const t = await apiTokenFor(db, owner)
    const ok = await call(t, `/api/alerts/GETVEHICLEALERTS?companyid=${company}`)
    expect(ok.status).toBe(200)
    const realToday = todayIn('Pacific/Auckland')
    expect(ok.body.length).toBeGreaterThan(0)
    for (const a of ok.body) {
      expect(Object.keys(a).sort()).toEqual(['alertType', 'dueDate', 'level', 'vehicleIdentifier'])
      expect(a.level).toBe(expiryState(a.dueDate, realToday) === 'expired' ? 1 : 0)
    }
    expect((await call(t, '/api/Alerts/getVehicleAlerts')).status).toBe(400)
    expect((await call(t, '/api/Alerts/getVehicleAlerts?companyId=abc')).status).toBe(400)
    expect((await call(null, `/api/Alerts/getVehicleAlerts?companyId=${company}`)).status).toBe(401)
    expect((await call(await apiTokenFor(db, operator), `/api/Alerts/getVehicleAlerts?companyId=${company}`)).status).toBe(403)
    expect((await call(await apiTokenFor(db, other), `/api/Alerts/getVehicleAlerts?companyId=${company}`)).status).toBe(403)
  })

  it('tRPC: dashboards.vehicleAlerts and dashboards.ownerAlerts', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: (await ctxFor(db, owner)).actor })
    expect(Array.isArray(await caller.dashboards.vehicleAlerts({ companyId: company }))).toBe(true)
    expect((await caller.dashboards.ownerAlerts({ companyId: company })).alerts.some((a) => a.alertType === 'Out of service')).toBe(true)
    const stranger = createCallerFactory(appRouter)({ db, actor: (await ctxFor(db, other)).actor })
    await expect(stranger.dashboards.ownerAlerts({ companyId: company })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})
