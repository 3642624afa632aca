/**
 * The owner dashboard's alert list is bounded: the 20 most urgent, a "Show all" address
 * (`?alerts=all`) for the rest, and the counts of every alert (decision 045).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as ownerDashboard from '#app/routes/_app+/OwnerDashboard.$companyId.tsx'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

describe.each(DRIVERS)('owner dashboard page on %s', (driver) => {
  let db: Database
  let companyId: number
  let cookie: string

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    companyId = (await createCompany(db, 'Many Buses', ['Owner'])).id
    const owner = await createUser(db)
    await grantRole(db, owner.id, companyId, 'Owner')
    cookie = await webSessionFor(db, owner.id)
    // 25 expired licenses (Alerts) and 3 insurances due soon (Warnings).
    for (let i = 0; i < 25; i++) await insertVehicle(db, companyId, { licenseExpiry: '2020-01-01', insuranceExpiry: i < 3 ? '2999-01-01' : null })
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    for (let i = 0; i < 3; i++) await insertVehicle(db, companyId, { insuranceExpiry: soon })
  })
  afterAll(() => db.close())

  type Body = { alerts: { alerts: { level: number }[]; total: number; levels: { alerts: number; warnings: number } } }
  const load = async (path: string) => (await callPage(ownerDashboard.loader as PageHandler, path, { cookie, params: { companyId: String(companyId) } })).body as Body

  it('lists the 20 most urgent, counts them all, and shows all on ?alerts=all', async () => {
    const short = await load(`/OwnerDashboard/${companyId}`)
    // 28 expiry lines, plus each of the 28 buses never had its 90-day emergency-exit check: overdue (decision 065).
    expect(short.alerts.total).toBe(56)
    expect(short.alerts.levels).toEqual({ alerts: 53, warnings: 3 })
    expect(short.alerts.alerts).toHaveLength(20)
    expect(short.alerts.alerts.every((a) => a.level === 1)).toBe(true)
    const all = await load(`/OwnerDashboard/${companyId}?alerts=all`)
    expect(all.alerts.alerts).toHaveLength(56)
    expect(all.alerts.alerts.slice(53).every((a) => a.level === 0)).toBe(true)
  })
})
