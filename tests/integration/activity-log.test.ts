/**
 * Decision 079: a company's activity log through its four doors (page, tRPC, REST, CSV), on both
 * drivers: who/what/which record/when, the filters, paging, only safe details, no sign-ins,
 * "Deleted user", authorization (unrelated company 403 as API.md says, driver 403), and query plans on the index.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, companies, users, vehicles } from '#db/schema/index.ts'
import { LOCALE_COOKIE } from '#catalog/i18n.ts'
import { listCompanyActivity } from '#server/activity/list-activity.server.ts'
import { createCompany as createCompanyUseCase } from '#server/companies/create-company.ts'
import { commitFleetImport, previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { translator } from '#server/i18n/messages.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as activityPage from '#app/routes/_app+/company.$companyId.activity.tsx'
import * as activityCsv from '#app/routes/company.$companyId.activity[.]csv.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { nextVin } from '#tests/helpers/inspection-records.ts'
import { callPage } from '#tests/helpers/remix.ts'
import { captureSql, explainAll } from '#tests/helpers/sql-capture.ts'

describe.each(DRIVERS)('activity log (%s)', (driver) => {
  let db: Database
  let here: { id: number }
  let other: { id: number }
  const u = {} as Record<'manager' | 'driver' | 'stranger' | 'gone', number>
  const cookie = {} as Record<keyof typeof u, string>
  const token = {} as Record<keyof typeof u, string>
  let vehicleId: number

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    here = await createCompany(db, 'Activity Here', ['Owner', 'Operator'])
    other = await createCompany(db, 'Activity Other', ['Owner'])
    for (const k of ['manager', 'driver', 'stranger', 'gone'] as const) u[k] = (await createUser(db, { firstName: k, lastName: 'Person', email: `${k}-${driver}@activity.test` })).id
    await grantRole(db, u.manager, here.id, 'Owner')
    await grantRole(db, u.gone, here.id, 'Owner')
    await grantRole(db, u.driver, here.id, 'Driver')
    await grantRole(db, u.stranger, other.id, 'Owner')
    for (const k of Object.keys(u) as (keyof typeof u)[]) {
      cookie[k] = await webSessionFor(db, u[k])
      token[k] = await apiTokenFor(db, u[k])
    }
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'America/New_York' }).where(eq(companies.id, here.id)))
    vehicleId = (await addVehicle(await ctxFor(db, u.manager), { ownerId: here.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'ACT-1' })).id
    await addVehicle(await ctxFor(db, u.gone), { ownerId: here.id, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: 'ACT-2' })
    await addVehicle(await ctxFor(db, u.stranger), { ownerId: other.id, make: 'Thomas', model: 'C2', vin: nextVin(), licensePlate: 'OTH-1' })
    await db.transaction(async (tx) => {
      // Details with what must never show: the address and a typed email (and a secret-looking key).
      await tx.insert(auditLog).values({ actorUserId: u.manager, companyId: here.id, action: 'vehicle.odometerCorrection', entityType: 'vehicle', entityId: String(vehicleId), details: { reading: 1200, reason: 'Replaced', ip: '203.0.113.9', email: 'x@y.z', token: 's3cret' }, at: new Date('2026-03-01T04:30:00Z') })
      // A sign-in (no company) and a personal action stored with the company by mistake: neither shows.
      await tx.insert(auditLog).values({ actorUserId: null, companyId: null, action: 'auth.signIn', entityType: 'user', entityId: String(u.manager), details: { ip: '203.0.113.9' } })
      await tx.insert(auditLog).values({ actorUserId: u.manager, companyId: here.id, action: 'user.profile', entityType: 'user', entityId: String(u.manager) })
      // The server's own work.
      await tx.insert(auditLog).values({ actorUserId: null, companyId: here.id, action: 'alertDigest.run', entityType: 'alertDigest', entityId: '2026-03-02', details: { localDate: '2026-03-02', alerts: 2, recipients: 1 }, at: new Date('2026-03-02T12:00:00Z') })
      // Enough rows for a second page.
      await tx.insert(auditLog).values(Array.from({ length: 55 }, (_, i) => ({ actorUserId: u.manager, companyId: here.id, action: 'vehicle.update', entityType: 'vehicle', entityId: String(vehicleId), at: new Date(Date.UTC(2026, 0, 10, 0, i)) })))
      await tx.update(users).set({ deletedAt: new Date(), email: null }).where(eq(users.id, u.gone))
    })
  })
  afterAll(() => db.close())

  const rest = (who: keyof typeof u, path: string) => handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token[who]}` } }), db, '127.0.0.1')
  const trpc = (who: keyof typeof u, input: unknown) =>
    handleTrpcRequest(new Request(`http://localhost/trpc/activity.list?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: `operon_session=${cookie[who]}` } }), db, '127.0.0.1')

  it('lists who did what to which record and when, newest first, 50 a page, without sign-ins or unsafe details', async () => {
    const page = await listCompanyActivity(await ctxFor(db, u.manager), { companyId: here.id })
    expect(page.pageSize).toBe(50)
    expect(page.total).toBe(2 + 1 + 1 + 55)
    expect(page.pageCount).toBe(2)
    expect(page.items.map((i) => i.action)).not.toContain('auth.signIn')
    expect(page.items.map((i) => i.action)).not.toContain('user.profile')
    const created = page.items.filter((i) => i.action === 'vehicle.create')
    expect(created.map((i) => i.whoLabel).sort()).toEqual(['Deleted user', 'manager Person'])
    expect(created.find((i) => i.who.kind === 'user')).toMatchObject({ actionLabel: 'Added a vehicle', recordTypeLabel: 'Vehicle', href: `/vehicles/${vehicleId}`, who: { email: `manager-${driver}@activity.test` } })
    const digest = page.items.find((i) => i.action === 'alertDigest.run')!
    expect(digest).toMatchObject({ whoLabel: 'System', when: '2026-03-02 07:00', details: { localDate: '2026-03-02', alerts: 2, recipients: 1 } })
    const odo = page.items.find((i) => i.action === 'vehicle.odometerCorrection')!
    // 04:30 UTC is the evening before in New York.
    expect(odo.when).toBe('2026-02-28 23:30')
    expect(odo.details).toEqual({ reading: 1200, reason: 'Replaced' })
    const second = await listCompanyActivity(await ctxFor(db, u.manager), { companyId: here.id, page: 2 })
    expect(second.items).toHaveLength(page.total - 50)
    expect(new Set([...page.items, ...second.items].map((i) => i.id)).size).toBe(page.total)
  })

  it('filters by person, record type and date range (company days, inclusive)', async () => {
    const ctx = await ctxFor(db, u.manager)
    const byGone = await listCompanyActivity(ctx, { companyId: here.id, filters: { userId: u.gone } })
    expect(byGone.items.map((i) => i.action)).toEqual(['vehicle.create'])
    const digests = await listCompanyActivity(ctx, { companyId: here.id, filters: { recordType: 'alertDigest' } })
    expect(digests.total).toBe(1)
    const feb28 = await listCompanyActivity(ctx, { companyId: here.id, filters: { from: '2026-02-28', to: '2026-02-28' } })
    expect(feb28.items.map((i) => i.action)).toEqual(['vehicle.odometerCorrection'])
    const bad = await rest('manager', `/api/Company/${here.id}/activity?from=2026-03-02&to=2026-03-01`)
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('The end date must be on or after the start date')
  })

  it('authorizes the same on every door: manager 200, driver 403, unrelated company 403 (API.md, issue 38)', async () => {
    expect((await rest('manager', `/api/Company/${here.id}/activity`)).status).toBe(200)
    expect((await rest('driver', `/api/Company/${here.id}/activity`)).status).toBe(403)
    expect((await rest('stranger', `/api/Company/${here.id}/activity`)).status).toBe(403)
    expect((await rest('stranger', `/api/Company/${here.id}/activity/export`)).status).toBe(403)
    expect((await trpc('manager', { companyId: here.id })).status).toBe(200)
    expect((await trpc('driver', { companyId: here.id })).status).toBe(403)
    expect((await trpc('stranger', { companyId: here.id })).status).toBe(403)
    const page = (who: keyof typeof u) => callPage(activityPage.loader as never, `/company/${here.id}/activity`, { cookie: cookie[who], params: { companyId: String(here.id) } })
    expect((await page('manager')).status).toBe(200)
    expect((await page('driver')).location).toBe('/')
    expect((await page('stranger')).location).toBe('/')
    const csv = (who: keyof typeof u) => callPage(activityCsv.loader as never, `/company/${here.id}/activity.csv`, { cookie: cookie[who], params: { companyId: String(here.id) } })
    expect((await csv('driver')).status).toBe(403)
    expect((await csv('stranger')).status).toBe(403)
    // The stranger's own log has none of this company's rows.
    const own = await listCompanyActivity(await ctxFor(db, u.stranger), { companyId: other.id })
    expect(own.items.map((i) => i.action)).toEqual(['vehicle.create'])
  })

  it('exports the filtered log as a streamed CSV with safe details only', async () => {
    const out = await callPage(activityCsv.loader as never, `/company/${here.id}/activity.csv?recordType=vehicle&from=2026-02-28&to=2026-02-28`, { cookie: cookie.manager, params: { companyId: String(here.id) } })
    expect(out.status).toBe(200)
    const bytes = new Uint8Array(await out.response!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text).toBe('When,Person,Email,Action,Record type,Record,Details\r\n' + `2026-02-28 23:30,manager Person,manager-${driver}@activity.test,Corrected the odometer,Vehicle,${vehicleId},reading=1200; reason=Replaced\r\n`)
    expect(text).not.toContain('203.0.113.9')
    const all = await (await rest('manager', `/api/Company/${here.id}/activity/export`)).text()
    expect(all.trim().split('\r\n')).toHaveLength(1 + 59)
  })

  it('reads audit_log through its (company_id, at) index', async () => {
    const ctx = await ctxFor(db, u.manager)
    const { statements } = await captureSql(async () => {
      await listCompanyActivity(ctx, { companyId: here.id, filters: { from: '2026-01-01', to: '2026-03-31', recordType: 'vehicle' } })
      await listCompanyActivity(ctx, { companyId: here.id, page: 2 })
    })
    const verdicts = await explainAll(db, statements.filter((s) => /"audit_log"/.test(s.sql)))
    expect(verdicts.length).toBeGreaterThan(0)
    for (const v of verdicts) {
      const reads = v.plan.filter((r) => /\baudit_log\b/.test(r.detail))
      expect(reads.length, v.statement.sql).toBeGreaterThan(0)
      for (const r of reads) expect(r.detail, v.statement.sql).toMatch(/^SEARCH audit_log USING (COVERING )?INDEX audit_log_company_at_idx/)
      expect(v.plan.some((r) => /TEMP B-TREE FOR ORDER BY/.test(r.detail)), v.statement.sql).toBe(false)
    }
  })
})

/**
 * Issue 39: every action a company's log can show has a label and every record a name, in both
 * languages; a bus is named by its identifier whichever door added it (the fleet import too); the
 * details are worded in the page's language (roles, company types, yes/no).
 */
describe.each(DRIVERS)('activity log words (%s)', (driver) => {
  let db: Database
  let manager: number
  let companyId: number
  let cookie: string

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    manager = (await createUser(db, { firstName: 'Ana', lastName: 'Words' })).id
    companyId = (await createCompanyUseCase(await ctxFor(db, manager), { name: 'Words Co', types: ['Owner', 'Operator'] })).companyId
    cookie = await webSessionFor(db, manager)
    const ctx = await ctxFor(db, manager)
    const csv = ['vehicleIdentifier,make,model,vin,licensePlate', `IMP-A,IC Bus,CE,${nextVin()},IMP 1`, `IMP-B,IC Bus,CE,${nextVin()},IMP 2`].join('\r\n') + '\r\n'
    const staged = await previewFleetImport(ctx, { companyId, fileName: 'buses.csv', csv }, { decode: (async () => ({ found: false })) as never })
    await commitFleetImport(ctx, { companyId, importId: staged.id })
    // The webhooks' audit rows as their use cases write them (endpoints.server.ts).
    const rows = [
      { action: 'webhook.create', entityType: 'webhookEndpoint', details: { url: 'https://hooks.example.com/x?token=s3cret', events: ['pre_trip.filed', 'defect.found'] } },
      { action: 'webhook.rotateSecret', entityType: 'webhookEndpoint', details: null },
      { action: 'webhook.test', entityType: 'webhookEndpoint', details: { deliveryId: 7 } },
      { action: 'webhook.delete', entityType: 'webhookEndpoint', details: { url: 'https://hooks.example.com/x?token=s3cret' } },
      { action: 'webhookDelivery.replay', entityType: 'webhookDelivery', details: { endpointId: 1 } },
    ]
    await db.transaction((tx) => tx.insert(auditLog).values(rows.map((r) => ({ ...r, actorUserId: manager, companyId, entityId: '1' }))))
  })
  afterAll(() => db.close())

  it('labels every action and names every record, in English and in Spanish', async () => {
    const { items } = await listCompanyActivity(await ctxFor(db, manager), { companyId })
    expect(new Set(items.map((i) => i.action))).toEqual(new Set(['company.create', 'vehicle.create', 'fleet.import', 'webhook.create', 'webhook.rotateSecret', 'webhook.test', 'webhook.delete', 'webhookDelivery.replay']))
    const es = translator('es')
    for (const i of items) {
      expect(i.actionLabel, i.action).not.toBe(i.action)
      expect(i.recordTypeLabel, i.action).not.toBe(i.recordType)
      expect(es(i.actionLabel), i.action).not.toBe(i.actionLabel)
      expect(es(i.recordTypeLabel!), i.action).not.toBe(i.recordTypeLabel)
    }
    expect(items.find((i) => i.action === 'fleet.import')).toMatchObject({
      actionLabel: 'Imported vehicles from a file',
      recordTypeLabel: 'Fleet import',
      details: { fileName: 'buses.csv', imported: 2, skipped: 0, rows: 2 },
    })
    // The endpoint's URL (it may carry the receiver's token) is never shown.
    expect(JSON.stringify(items)).not.toContain('s3cret')
  })

  it('names the imported buses by their identifier', async () => {
    const { items } = await listCompanyActivity(await ctxFor(db, manager), { companyId })
    const created = items.filter((i) => i.action === 'vehicle.create')
    expect(created.map((i) => i.recordName).sort()).toEqual(['IMP-A', 'IMP-B'])
    const [bus] = await db.read.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vehicleIdentifier, 'IMP-A'))
    expect(created.find((i) => i.recordName === 'IMP-A')).toMatchObject({ recordId: String(bus!.id), href: `/vehicles/${bus!.id}` })
    expect(items.filter((i) => i.recordType !== 'vehicle').every((i) => i.recordName === null)).toBe(true)
  })

  it("words the details in the page's language: roles, company types, counts", async () => {
    const request = new Request(`http://localhost/company/${companyId}/activity`, { headers: { cookie: `operon_session=${cookie}; ${LOCALE_COOKIE}=es` } })
    const page = (await activityPage.loader({ request, params: { companyId: String(companyId) }, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Awaited<ReturnType<typeof activityPage.loader>>
    const rowsOf = (action: string) => page.view.items.find((i) => i.action === action)!.detailRows
    expect(rowsOf('company.create')).toContainEqual({ key: 'types', label: 'Tipos de empresa', value: 'Propietario, Operador' })
    expect(rowsOf('fleet.import')).toContainEqual({ key: 'imported', label: 'Importados', value: '2' })
    expect(rowsOf('webhook.create')).toEqual([{ key: 'events', label: 'Eventos', value: 'Inspección previa al viaje presentada, Defecto encontrado' }])
    // What a person reads: no key, role or event id left in English.
    const read = page.view.items.flatMap((i) => i.detailRows.flatMap((r) => [r.label, ...r.value.split(', ')]))
    expect(read.filter((w) => /^(Owner|Operator|types|imported|events|pre_trip\.filed)$/.test(w))).toEqual([])
  })
})
