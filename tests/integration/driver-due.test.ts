/**
 * The driver files' due items (issue 37, decision 086): per current driver of an operator
 * company, the medical certificate expiring or expired, the annual items due 12 months after the
 * last (or after the hire date), the driver's licenses expiring or expired — Warning within 30
 * days, Alert from the due day on — on the use case, REST, tRPC and the operator dashboard (its
 * managers only); the morning digest to the Operator managers (never the owners), the drivers'
 * reminders once per item and date; the employees page and the driver's own dashboard; the
 * driver settings on every door of the company settings.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as operatorDashboard from '#app/routes/_app+/OperatorDashboard.$companyId.tsx'
import * as employeesPage from '#app/routes/_app+/employees.$companyId.tsx'
import * as dashboard from '#app/routes/_app+/dashboard.tsx'
import * as settingsPage from '#app/routes/_app+/company.$companyId.settings.tsx'
import type { Database } from '#db/client.ts'
import { alertDigests, auditLog, companies, driverFileItems, driverFiles, mailOutbox, userLicenses, users } from '#db/schema/index.ts'
import { runAlertDigests } from '#server/alerts/alert-digest.server.ts'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { getDriverDueItems } from '#server/drivers/driver-due.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

/** The controlled clock of the use case and the digest: "today" is 2026-11-27 (UTC). */
const NOW = new Date('2026-11-27T12:00:00Z')
const TODAY = '2026-11-27'
const APP = 'https://operon.example'

let db: Database
let operator: number
let other: number
let manager: { id: number; email: string; cookie: string; token: string }
let owner: { id: number; email: string; cookie: string; token: string }
const drivers: Record<string, { id: number; email: string; cookie: string }> = {}

async function person(first: string, last: string) {
  const u = await createUser(db, { firstName: first, lastName: last })
  return { id: u.id, email: u.email!, cookie: await webSessionFor(db, u.id), token: await apiTokenFor(db, u.id) }
}
async function fileWith(companyId: number, userId: number, hiredOn: string | null, items: { kind: string; itemDate: string; expiryDate?: string | null }[]) {
  await db.transaction(async (tx) => {
    const [f] = await tx.insert(driverFiles).values({ companyId, driverUserId: userId, hiredOn }).returning({ id: driverFiles.id })
    for (const i of items) {
      await tx.insert(driverFileItems).values({ driverFileId: f!.id, companyId, kind: i.kind as 'application', itemDate: i.itemDate, expiryDate: i.expiryDate ?? null })
    }
  })
}
const licenseOf = (userId: number, expiryDate: string | null) =>
  db.transaction((tx) => tx.insert(userLicenses).values({ userId, licenseTypeId: 1, licenseNumber: `L-${userId}`, expiryDate }))

/** Every item of a complete, current file (nothing due within 30 days on TODAY). */
const complete = (over: Record<string, { itemDate: string; expiryDate?: string | null }> = {}) =>
  (['application', 'mvrHiring', 'previousEmployers', 'roadTest', 'medicalCertificate', 'mvrAnnual', 'annualReview', 'violationsList', 'clearinghouseQuery'] as const).map((kind) => ({
    kind,
    itemDate: '2026-06-01',
    expiryDate: kind === 'medicalCertificate' ? '2027-06-01' : null,
    ...over[kind],
  }))

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  // An operator that also owns buses: its owner managers must never get the drivers' items.
  operator = (await createCompany(db, 'Due Transit', ['Owner', 'Operator'])).id
  other = (await createCompany(db, 'Other Transit', ['Operator'])).id
  manager = await person('Mona', 'Manager')
  owner = await person('Olga', 'Owner')
  await grantRole(db, manager.id, operator, 'Operator')
  await grantRole(db, owner.id, operator, 'Owner')
  for (const [key, first, last] of [
    ['ana', 'Ana', 'Alvarez'],
    ['ben', 'Ben', 'Brown'],
    ['cy', 'Cy', 'Clark'],
    ['dee', 'Dee', 'Former'],
    ['eve', 'Eve', 'Elsewhere'],
  ] as const) {
    const p = await person(first, last)
    drivers[key] = p
  }
  // Ana: medical certificate expiring in 10 days (Warning); license expired yesterday (Alert).
  await grantRole(db, drivers.ana!.id, operator, 'Driver')
  await fileWith(operator, drivers.ana!.id, '2024-01-10', complete({ medicalCertificate: { itemDate: '2024-12-07', expiryDate: '2026-12-07' } }))
  await licenseOf(drivers.ana!.id, '2026-11-26')
  // Ben: annual review 13 months ago (Alert, due 2026-10-20); Clearinghouse query due in 30 days (Warning); license in 31 days (nothing).
  await grantRole(db, drivers.ben!.id, operator, 'Driver')
  await fileWith(operator, drivers.ben!.id, '2020-01-01', complete({ annualReview: { itemDate: '2025-10-20' }, clearinghouseQuery: { itemDate: '2025-12-27' } }))
  await licenseOf(drivers.ben!.id, '2026-12-28')
  // Cy: no file at all (hired today, nothing recorded): every required kind is missing, nothing dated.
  await grantRole(db, drivers.cy!.id, operator, 'Driver')
  // Dee: a former driver (role deactivated) with an expired certificate: not listed.
  await grantRole(db, drivers.dee!.id, operator, 'Driver', false)
  await fileWith(operator, drivers.dee!.id, '2020-01-01', complete({ medicalCertificate: { itemDate: '2024-01-01', expiryDate: '2025-01-01' } }))
  // Eve drives for the other operator only, with an expired certificate there.
  await grantRole(db, drivers.eve!.id, other, 'Driver')
  await fileWith(other, drivers.eve!.id, '2020-01-01', complete({ medicalCertificate: { itemDate: '2024-01-01', expiryDate: '2025-01-01' } }))
})
afterAll(async () => {
  await db.close()
})

describe('the due items', () => {
  it('list what is overdue (Alert) and due within 30 days (Warning) for the current drivers, with the counts', async () => {
    const due = await getDriverDueItems(await ctxFor(db, manager.id, NOW), { companyId: operator })
    expect(due.today).toBe(TODAY)
    const lines = due.items.map((i) => [i.driverName, i.kind, i.level, i.dueOn])
    expect(lines).toEqual([
      ['Ben Brown', 'annualReview', 'Alert', '2026-10-20'],
      ['Ana Alvarez', 'license', 'Alert', '2026-11-26'],
      ['Ana Alvarez', 'medicalCertificate', 'Warning', '2026-12-07'],
      ['Ben Brown', 'clearinghouseQuery', 'Warning', '2026-12-27'],
    ])
    expect(due.items[0]!.url).toBe(`/driverFiles/${operator}/${drivers.ben!.id}`)
    // Cy has no file: his 9 kinds are missing (none dated, so none listed); Dee and Eve are not counted.
    expect(due.counts).toEqual({ drivers: 3, missing: 9, overdue: 2, dueSoon: 2 })
    expect(due.total).toBe(4)
  })

  it('are the operator managers’ only: 403 for the owner manager, a driver, another operator’s manager, on the use case, REST and tRPC', async () => {
    for (const who of [owner.id, drivers.ana!.id]) {
      await expect(getDriverDueItems(await ctxFor(db, who, NOW), { companyId: operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    const rest = (token: string) =>
      handleRestRequest(new Request(`http://localhost/api/driverfiles/GETDUEITEMS?companyId=${operator}`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    const ok = await rest(manager.token)
    expect(ok.status).toBe(200)
    const body = (await ok.json()) as { items: { kind: string; level: string }[]; counts: unknown }
    expect(body.items.map((i) => i.kind)).toContain('license')
    expect((await rest(owner.token)).status).toBe(403)
    const trpc = (cookie: string) =>
      handleTrpcRequest(
        new Request(`http://localhost/trpc/driverDue.list?input=${encodeURIComponent(JSON.stringify({ companyId: operator }))}`, { headers: { cookie: `operon_session=${cookie}` } }),
        db,
        '127.0.0.1',
      )
    expect((await trpc(manager.cookie)).status).toBe(200)
    expect((await trpc(owner.cookie)).status).toBe(403)
    expect((await trpc(drivers.ana!.cookie)).status).toBe(403)
  })

  it('show on the operator dashboard for its managers, with links to the files', async () => {
    const page = await callPage(operatorDashboard.loader as PageHandler, `/OperatorDashboard/${operator}`, { cookie: manager.cookie, params: { companyId: String(operator) } })
    expect(page.status).toBe(200)
    const card = (page.body as { driverFiles: { counts: { missing: number }; items: { url: string; driverName: string }[] } }).driverFiles
    expect(card.counts.missing).toBe(9)
    expect(card.items.map((i) => i.url)).toContain(`/driverFiles/${operator}/${drivers.ana!.id}`)
  })
})

describe('expired means visible', () => {
  it('the employees page marks the driver whose license expired; the REST list keeps its documented shape', async () => {
    const page = await callPage(employeesPage.loader as PageHandler, `/employees/${operator}`, { cookie: manager.cookie, params: { companyId: String(operator) } })
    const items = (page.body as { employees: { items: { id: number; expired?: string[] }[] } }).employees.items
    expect(items.find((e) => e.id === drivers.ana!.id)!.expired).toEqual(['License expired'])
    expect(items.find((e) => e.id === drivers.ben!.id)!.expired).toEqual([])
    expect(items.find((e) => e.id === manager.id)!.expired).toBeUndefined()
    const rest = await handleRestRequest(new Request(`http://localhost/api/Employee/getEmployees?companyId=${operator}`, { headers: { authorization: `Bearer ${manager.token}` } }), db, '127.0.0.1')
    const list = (await rest.json()) as Record<string, unknown>[]
    for (const e of list) expect(Object.keys(e).sort()).toEqual(['dateOfBirth', 'email', 'firstName', 'id', 'lastName', 'personalIdentifier', 'phoneNumber', 'roleList', 'roles'])
  })

  it('the driver’s own dashboard says it about themself, with the links to the duty screen and the file', async () => {
    const page = await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: drivers.ana!.cookie, params: {} })
    const records = (page.body as { driverRecords: { companyId: number; expired: string[]; dutyUrl: string; fileUrl: string }[] }).driverRecords
    expect(records).toEqual([
      expect.objectContaining({ companyId: operator, expired: ['License expired'], dutyUrl: `/duty/${operator}`, fileUrl: `/driverFiles/${operator}/${drivers.ana!.id}` }),
    ])
    const eve = await callPage(dashboard.loader as PageHandler, '/dashboard', { cookie: drivers.eve!.cookie, params: {} })
    expect((eve.body as { driverRecords: { companyId: number; expired: string[] }[] }).driverRecords).toEqual([
      expect.objectContaining({ companyId: other, expired: ['Medical certificate expired'] }),
    ])
  })
})

describe('the morning digest', () => {
  const mailsTo = (emails: string[]) => db.read.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails)).orderBy(mailOutbox.id)

  it('goes to the Operator managers with the drivers’ items (never to the owners), and reminds each driver once per item and date', async () => {
    const results = await runAlertDigests(db, NOW, { hour: 7, appUrl: APP })
    expect(results.find((r) => r.companyId === operator)).toMatchObject({ localDate: TODAY, alerts: 4 })
    const toManager = await mailsTo([manager.email])
    expect(toManager).toHaveLength(1)
    expect(toManager[0]!.subject).toBe(`Operon: 4 driver file items due for Due Transit on ${TODAY}`)
    expect(toManager[0]!.textBody).toContain('Alert · Ana Alvarez · Driver’s license · 2026-11-26')
    expect(toManager[0]!.textBody).toContain('Warning · Ana Alvarez · Medical examiner’s certificate · 2026-12-07')
    expect(toManager[0]!.textBody).toContain(`${APP}/driverFiles/${operator}/${drivers.ben!.id}`)
    // The owner manager: nothing about drivers.
    for (const m of await mailsTo([owner.email])) expect(m.textBody).not.toContain('Ana Alvarez')
    // Ana: her license (expired) and her certificate (due soon); Ben's annual items are not his reminders.
    const toAna = await mailsTo([drivers.ana!.email])
    expect(toAna.map((m) => m.subject).sort()).toEqual(['Operon: your driver’s license has expired', 'Operon: your medical examiner’s certificate expires on 2026-12-07'])
    expect(await mailsTo([drivers.ben!.email])).toHaveLength(0)
    // Eve, at the other operator: her expired certificate.
    expect((await mailsTo([drivers.eve!.email])).map((m) => m.subject)).toEqual(['Operon: your medical examiner’s certificate has expired'])

    // The next morning: the managers' digest again, no second reminder for the same item and date.
    await runAlertDigests(db, new Date(NOW.getTime() + 86_400_000), { hour: 7, appUrl: APP })
    expect(await mailsTo([manager.email])).toHaveLength(2)
    expect(await mailsTo([drivers.ana!.email])).toHaveLength(2)
    // A renewed certificate with a new date that is soon due again is a new reminder.
    const [file] = await db.read.select({ id: driverFiles.id }).from(driverFiles).where(and(eq(driverFiles.companyId, operator), eq(driverFiles.driverUserId, drivers.ana!.id)))
    await db.transaction((tx) => tx.insert(driverFileItems).values({ driverFileId: file!.id, companyId: operator, kind: 'medicalCertificate', itemDate: '2026-11-28', expiryDate: '2026-12-20' }))
    await runAlertDigests(db, new Date(NOW.getTime() + 2 * 86_400_000), { hour: 7, appUrl: APP })
    expect((await mailsTo([drivers.ana!.email])).map((m) => m.subject)).toContain('Operon: your medical examiner’s certificate expires on 2026-12-20')
    expect(await mailsTo([drivers.ana!.email])).toHaveLength(3)
    const [row] = await db.read.select().from(alertDigests).where(and(eq(alertDigests.companyId, operator), eq(alertDigests.localDate, '2026-11-29')))
    expect(row!.alertKeys).toContain(`remind|${drivers.ana!.id}|medicalCertificate|2026-12-20`)
  })

  it('is written in the reader’s language', async () => {
    await db.transaction((tx) => tx.update(users).set({ locale: 'es' }).where(eq(users.id, drivers.ben!.id)))
    await db.transaction((tx) => tx.update(userLicenses).set({ expiryDate: '2026-12-15' }).where(eq(userLicenses.userId, drivers.ben!.id)))
    await runAlertDigests(db, new Date(NOW.getTime() + 3 * 86_400_000), { hour: 7, appUrl: APP })
    // His license came within 30 days on the 29th (English then); its new date is a new reminder, in Spanish now.
    const mails = await mailsTo([drivers.ben!.email])
    expect(mails.map((m) => m.subject)).toEqual(['Operon: your driver’s license expires on 2026-12-28', expect.stringContaining('Operon: su licencia de conducir vence el')])
    expect(mails[1]!.textBody).toContain('Abrir mi expediente de conductor')
  })
})

describe('the driver settings', () => {
  it('are set by the operator’s managers on the use case, REST, tRPC and the page, audited; refused to others and outside the lists', async () => {
    const ctx = await ctxFor(db, manager.id, NOW)
    const saved = await updateCompanySettings(ctx, { companyId: operator, expiredDriverPreTrip: 'refuse', hosCycle: '70/8' })
    expect(saved.drivers).toEqual({ expiredDriverPreTrip: 'refuse', hosCycle: '70/8' })
    const audits = await db.read.select().from(auditLog).where(and(eq(auditLog.companyId, operator), eq(auditLog.action, 'driverSettings.update')))
    expect(audits.map((a) => a.details)).toEqual([{ expiredDriverPreTrip: 'refuse', hosCycle: '70/8' }])

    await expect(updateCompanySettings(await ctxFor(db, owner.id, NOW), { companyId: operator, expiredDriverPreTrip: 'allow' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(updateCompanySettings(ctx, { companyId: operator, hosCycle: '80/8' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { hosCycle: expect.any(String) } })

    const rest = await handleRestRequest(
      new Request('http://localhost/api/Company/settings', {
        method: 'PUT',
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: operator, ExpiredDriverPreTrip: 'allow' }),
      }),
      db,
      '127.0.0.1',
    )
    expect(rest.status).toBe(200)
    expect(((await rest.json()) as { drivers: unknown }).drivers).toEqual({ expiredDriverPreTrip: 'allow', hosCycle: '70/8' })
    const bad = await handleRestRequest(
      new Request('http://localhost/api/Company/settings', {
        method: 'PUT',
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: operator, expiredDriverPreTrip: 'maybe' }),
      }),
      db,
      '127.0.0.1',
    )
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.expiredDriverPreTrip).toBeTruthy()

    const trpc = await handleTrpcRequest(
      new Request('http://localhost/trpc/company.settings', {
        method: 'POST',
        headers: { cookie: `operon_session=${owner.cookie}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: operator, hosCycle: '60/7' }),
      }),
      db,
      '127.0.0.1',
    )
    expect(trpc.status).toBe(403)

    // The page: the "Drivers" fields for the operator's managers only, saved by a plain form post.
    const params = { companyId: String(operator) }
    const loaded = await callPage(settingsPage.loader as PageHandler, `/company/${operator}/settings`, { cookie: manager.cookie, params })
    expect((loaded.body as { hasDriverSettings: boolean }).hasDriverSettings).toBe(true)
    const ownerView = await callPage(settingsPage.loader as PageHandler, `/company/${operator}/settings`, { cookie: owner.cookie, params })
    expect((ownerView.body as { hasDriverSettings: boolean }).hasDriverSettings).toBe(false)
    const posted = await callPage(settingsPage.action as PageHandler, `/company/${operator}/settings`, {
      cookie: manager.cookie,
      params,
      form: { name: 'Due Transit', timeZone: 'UTC', currency: 'USD', expiredDriverPreTrip: 'refuse', hosCycle: '60/7' },
    })
    expect(posted.status).toBe(302)
    const [c] = await db.read.select({ rule: companies.expiredDriverPreTrip, cycle: companies.hosCycle }).from(companies).where(eq(companies.id, operator))
    expect(c).toEqual({ rule: 'refuse', cycle: '60/7' })
  })
})
