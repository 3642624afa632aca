/**
 * The owner's compliance view (issue 23 point 6, decision 068): per vehicle the lease in force,
 * the 90-day exit check, the annual inspection, open defects and out-of-service state; the
 * search and "needs attention" filters in SQL (agreeing with the row's own flag); one statement
 * per page on indexes; the CSV streamed with formula injection neutralised; owner managers only.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { emergencyExitChecks, inspections, leaseAgreements, leaseSignatures, operatorAssignments, repairActions, vehicles } from '#db/schema/index.ts'
import { addDays } from '#catalog/expiry.ts'
import { lastDateDueBy, nextAnnualInspectionDue, plusMonths } from '#catalog/compliance.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { getComplianceView } from '#server/compliance/compliance-view.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { insertInspection } from '#tests/helpers/inspection-records.ts'
import { callPage } from '#tests/helpers/remix.ts'
import { captureSql, describeOffences, explainAll } from '#tests/helpers/sql-capture.ts'
import * as compliancePage from '#app/routes/_app+/compliance.$companyId.tsx'
import * as complianceCsv from '#app/routes/compliance.$companyId.export[.]csv.ts'

const NOW = new Date('2026-11-27T12:00:00Z')
const TODAY = '2026-11-27'

let db: Database
let owner: { id: number }
let otherOwner: { id: number }
let operator: { id: number }
let manager: number
let operatorManager: number
let otherManager: number
const ids: Record<string, number> = {}

async function assignment(vehicleId: number, startDate: string, endDate: string | null) {
  const [a] = await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operator.id, startDate, endDate }).returning())
  return a!.id
}
async function lease(vehicleId: number, startDate: string, endDate: string | null, sides: ('Owner' | 'Operator')[]) {
  const assignmentId = await assignment(vehicleId, startDate, endDate)
  return db.transaction(async (tx) => {
    const [v] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId))
    const [l] = await tx
      .insert(leaseAgreements)
      .values({ assignmentId, vehicleId, ownerCompanyId: owner.id, operatorCompanyId: operator.id, textVersion: '1', ownerName: 'Owner Co', operatorName: 'Coach Operator', vehicleIdentifier: v!.vehicleIdentifier, vin: v!.vin, licensePlate: v!.licensePlate, startDate, endDate })
      .returning()
    for (const side of sides) await tx.insert(leaseSignatures).values({ leaseId: l!.id, side, signerName: side, blobId: (await writeBlob(tx, Buffer.from('png'))).blobId, contentType: 'image/png' })
    return l!.id
  })
}
async function exitCheck(vehicleId: number, checkDate: string) {
  await db.transaction((tx) => tx.insert(emergencyExitChecks).values({ vehicleId, companyId: operator.id, filerRole: 'Driver', inspectorName: 'Dana', checkDate, isSatisfactory: true }))
}
async function annual(vehicleId: number, date: string, reviewStatus: 'Applied' | 'Pending' = 'Applied') {
  const row = await insertInspection(db, { vehicleId, date, photos: 0 })
  await db.transaction((tx) => tx.update(inspections).set({ isAnnual: true, reviewStatus }).where(eq(inspections.id, row.id)))
}
async function openRepair(vehicleId: number, outOfService: boolean) {
  await db.transaction((tx) => tx.insert(repairActions).values({ repairIdentifier: `RA-CV-${randomUUID().slice(0, 8)}`, vehicleId, ownerCompanyId: owner.id, outOfService }))
}

beforeAll(async () => {
  // The doors (REST, tRPC, pages) read the clock themselves: the file's clock is NOW, so the
  // CSV's file name, the states and the due dates never depend on the day the suite runs.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  // The capture wraps the drivers' prototypes: installed before the connection opens (libSQL).
  await captureSql(async () => undefined)
  db = createTestDb()
  useAsAppDb(db)
  owner = await createCompany(db, 'Compliance Owner', ['Owner'])
  otherOwner = await createCompany(db, 'Other Owner', ['Owner'])
  operator = await createCompany(db, 'Coach Operator', ['Operator'])
  manager = (await createUser(db)).id
  operatorManager = (await createUser(db)).id
  otherManager = (await createUser(db)).id
  await grantRole(db, manager, owner.id, 'Owner')
  await grantRole(db, operatorManager, operator.id, 'Operator')
  await grantRole(db, otherManager, otherOwner.id, 'Owner')

  // A: in order (signed lease in force, check 30 days ago, annual 2 months ago).
  ids.A = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-A', licensePlate: 'PLATE-A' })).id
  await lease(ids.A, '2026-01-01', null, ['Owner', 'Operator'])
  await exitCheck(ids.A, addDays(TODAY, -30))
  await annual(ids.A, '2026-09-20')
  // B: check due in 10 days, annual due in 10 days, lease awaiting the operator's signature.
  ids.B = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-B', licensePlate: 'PLATE-B' })).id
  await lease(ids.B, '2026-06-01', '2027-06-01', ['Owner'])
  await exitCheck(ids.B, addDays(TODAY, -80))
  await annual(ids.B, plusMonths(addDays(TODAY, 10), -12))
  // C: nothing on record, not operated; its annual comes from the vehicle's next inspection date.
  ids.C = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-C', licensePlate: 'PLATE-C', nextInspection: '2027-05-01' })).id
  await annual(ids.C, '2026-10-01', 'Pending') // not applied: does not count
  // D: overdue check, out of service (an open safety-critical repair) and another open defect;
  // a make that a spreadsheet would run as a formula.
  ids.D = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-D', licensePlate: 'PLATE-D', make: '=HYPERLINK("http://evil.example","x")', model: '+Model' })).id
  await exitCheck(ids.D, '2026-01-01')
  await annual(ids.D, '2026-06-01')
  await openRepair(ids.D, true)
  await openRepair(ids.D, false)
  // G: operated (an active assignment) without a lease; its expired lease does not count.
  ids.G = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-G', licensePlate: 'PLATE-G' })).id
  await assignment(ids.G, '2026-11-01', null)
  await lease(ids.G, '2025-01-01', '2025-12-31', ['Owner', 'Operator'])
  await exitCheck(ids.G, addDays(TODAY, -10))
  await annual(ids.G, '2026-08-01')
  // Not listed: archived, and another owner's.
  ids.E = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'CV-E', archivedAt: NOW })).id
  ids.F = (await insertVehicle(db, otherOwner.id, { vehicleIdentifier: 'CV-F' })).id
})
afterAll(async () => {
  await db.close()
  vi.useRealTimers()
})

const view = async (input: Record<string, unknown> = {}) => getComplianceView(await ctxFor(db, manager, NOW), { companyId: owner.id, ...input })

describe('compliance view', () => {
  it('shows each vehicle with its lease, 90-day check, annual inspection, defects and state', async () => {
    const v = await view()
    expect(v.today).toBe(TODAY)
    expect(v.items.map((r) => r.vehicleIdentifier)).toEqual(['CV-A', 'CV-B', 'CV-C', 'CV-D', 'CV-G'])
    expect(v.total).toBe(5)
    const row = Object.fromEntries(v.items.map((r) => [r.vehicleIdentifier, r]))
    expect(row['CV-A']).toMatchObject({
      lease: { operatorName: 'Coach Operator', startDate: '2026-01-01', endDate: null, status: 'Signed' },
      operated: true,
      emergencyExitCheck: { last: '2026-10-28', next: '2027-01-26', state: 'ok' },
      annualInspection: { last: '2026-09-20', next: '2027-09-20', state: 'ok' },
      openDefects: 0,
      outOfService: false,
      needsAttention: false,
    })
    expect(row['CV-B']).toMatchObject({
      lease: { status: 'Awaiting signatures' },
      emergencyExitCheck: { next: '2026-12-07', state: 'due-soon' },
      annualInspection: { next: '2026-12-07', state: 'due-soon' },
      needsAttention: true,
    })
    expect(row['CV-C']).toMatchObject({
      lease: null,
      operated: false,
      emergencyExitCheck: { last: null, next: null, state: 'missing' },
      annualInspection: { last: null, next: '2027-05-01', state: 'ok' },
      needsAttention: true,
    })
    expect(row['CV-D']).toMatchObject({ emergencyExitCheck: { state: 'overdue' }, openDefects: 2, outOfService: true, needsAttention: true })
    expect(row['CV-G']).toMatchObject({ lease: null, operated: true, emergencyExitCheck: { state: 'ok' }, annualInspection: { state: 'ok' }, needsAttention: true })
  })

  it('an owner running its own bus needs no lease (decision 064): its own assignment is not flagged', async () => {
    const own = await createCompany(db, 'Own Operation', ['Owner', 'Operator'])
    await grantRole(db, manager, own.id, 'Owner')
    const bus = (await insertVehicle(db, own.id, { vehicleIdentifier: 'CV-OWN', licensePlate: 'PLATE-OWN' })).id
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus, operatorCompanyId: own.id, startDate: '2026-11-01', endDate: null }))
    await exitCheck(bus, addDays(TODAY, -10))
    await annual(bus, '2026-08-01')
    const v = await getComplianceView(await ctxFor(db, manager, NOW), { companyId: own.id })
    expect(v.items).toHaveLength(1)
    expect(v.items[0]).toMatchObject({ vehicleIdentifier: 'CV-OWN', lease: null, operated: false, needsAttention: false })
  })

  it('filters by vehicle search and "needs attention" in SQL, agreeing with each row', async () => {
    expect((await view({ filters: { q: 'plate-b' } })).items.map((r) => r.vehicleIdentifier)).toEqual(['CV-B'])
    expect((await view({ filters: { q: '50%_' } })).items).toEqual([])
    const all = await view()
    const attention = await view({ filters: { attention: true } })
    expect(attention.items.map((r) => r.vehicleIdentifier)).toEqual(all.items.filter((r) => r.needsAttention).map((r) => r.vehicleIdentifier))
    expect(attention.items.map((r) => r.vehicleIdentifier)).toEqual(['CV-B', 'CV-C', 'CV-D', 'CV-G'])
    expect((await view({ filters: { attention: true, q: 'CV-A' } })).items).toEqual([])
  })

  it('pages in SQL: one statement per page, on indexes; past the last page shows the last', async () => {
    for (let i = 0; i < 8; i++) await insertVehicle(db, owner.id, { vehicleIdentifier: `CV-Z${i}` })
    const ctx = await ctxFor(db, manager, NOW)
    const { result, statements } = await captureSql(() => getComplianceView(ctx, { companyId: owner.id, page: 2, pageSize: 10 }))
    expect(result).toMatchObject({ total: 13, page: 2, pageCount: 2 })
    expect(result.items.map((r) => r.vehicleIdentifier)).toEqual(['CV-Z5', 'CV-Z6', 'CV-Z7'])
    const reads = statements.filter((s) => /"vehicles"/.test(s.sql))
    expect(reads).toHaveLength(1)
    expect(describeOffences(await explainAll(db, reads))).toBe('')
    const past = await getComplianceView(ctx, { companyId: owner.id, page: 9, pageSize: 10 })
    expect(past).toMatchObject({ page: 2, total: 13 })
  })

  it('allows the owner company managers only, on every door', async () => {
    for (const user of [operatorManager, otherManager]) {
      await expect(getComplianceView(await ctxFor(db, user, NOW), { companyId: owner.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    const token = await apiTokenFor(db, otherManager)
    const rest = await handleRestRequest(new Request(`http://localhost/api/Compliance/GetComplianceView/${owner.id}`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    expect(rest.status).toBe(403)
    const csv = await handleRestRequest(new Request(`http://localhost/api/Compliance/Export/${owner.id}`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    expect(csv.status).toBe(403)
    const cookie = await webSessionFor(db, otherManager)
    const trpc = await handleTrpcRequest(
      new Request(`http://localhost/trpc/compliance.view?input=${encodeURIComponent(JSON.stringify({ companyId: owner.id }))}`, { headers: { cookie: `operon_session=${cookie}` } }),
      db,
      '127.0.0.1',
    )
    expect(trpc.status).toBe(403)
    const page = await callPage(compliancePage.loader, `/compliance/${owner.id}`, { cookie, params: { companyId: String(owner.id) } })
    expect(page).toMatchObject({ status: 302, location: '/' })
    const download = await callPage(complianceCsv.loader, `/compliance/${owner.id}/export.csv`, { cookie, params: { companyId: String(owner.id) } })
    expect(download).toMatchObject({ status: 302, location: '/' })
  })

  it('answers REST and the page with the same rows and filters', async () => {
    const token = await apiTokenFor(db, manager)
    const rest = await handleRestRequest(
      new Request(`http://localhost/api/compliance/getcomplianceview/${owner.id}?Attention=true&pageSize=10`, { headers: { authorization: `Bearer ${token}` } }),
      db,
      '127.0.0.1',
    )
    expect(rest.status).toBe(200)
    const body = (await rest.json()) as { items: { vehicleIdentifier: string }[]; total: number }
    // The paging test's eight plain vehicles have no check on record: they need attention too.
    expect(body.total).toBe(12)
    expect(body.items.map((r) => r.vehicleIdentifier).slice(0, 4)).toEqual(['CV-B', 'CV-C', 'CV-D', 'CV-G'])
    const cookie = await webSessionFor(db, manager)
    const page = await callPage(compliancePage.loader, `/compliance/${owner.id}?attention=true&q=CV-D`, { cookie, params: { companyId: String(owner.id) } })
    expect(page.body).toMatchObject({ view: { items: [{ vehicleIdentifier: 'CV-D' }] }, csvHref: `/compliance/${owner.id}/export.csv?q=CV-D&attention=true` })
  })

  it('exports CSV that spreadsheet programs open safely, streamed, on REST and the page route', async () => {
    const token = await apiTokenFor(db, manager)
    const rest = await handleRestRequest(new Request(`http://localhost/api/Compliance/Export/${owner.id}?attention=true`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    expect(rest.status).toBe(200)
    expect(rest.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(rest.headers.get('content-disposition')).toBe(`attachment; filename="compliance-${owner.id}-${TODAY}.csv"`)
    expect(rest.body).toBeInstanceOf(ReadableStream)
    const text = await rest.text()
    const lines = text.trimEnd().split('\r\n')
    expect(lines[0]).toContain('Vehicle identifier,Make,Model,License plate,VIN,Lease')
    const listed = lines.slice(1).map((l) => l.split(',')[0])
    expect(listed).toHaveLength(12)
    expect(listed.filter((id) => !id!.startsWith('CV-Z'))).toEqual(['CV-B', 'CV-C', 'CV-D', 'CV-G'])
    const d = lines.find((l) => l.startsWith('CV-D'))!
    expect(d).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'+Model`)
    expect(d).toMatch(/,2,Yes,Yes$/)

    const cookie = await webSessionFor(db, manager)
    const download = await callPage(complianceCsv.loader, `/compliance/${owner.id}/export.csv?q=CV-A`, { cookie, params: { companyId: String(owner.id) } })
    expect(download.status).toBe(200)
    const csv = await download.response!.text()
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2)
    expect(csv).toContain('CV-A,Blue Bird,Vision,PLATE-A')
  })

  it('lists the new paths in the OpenAPI document', async () => {
    const res = await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/Compliance/GetComplianceView/{companyId}']!)).toEqual(['get'])
    expect(Object.keys(doc.paths['/api/Compliance/Export/{companyId}']!)).toEqual(['get'])
    expect(Object.keys(doc.paths['/api/Compliance/Retention/{companyId}']!).sort()).toEqual(['get', 'put'])
  })
})

describe('lastDateDueBy', () => {
  it('finds the latest last date whose next annual date falls by the limit, across month ends and leap days', () => {
    const limit = '2025-02-28'
    const d = lastDateDueBy(limit, nextAnnualInspectionDue, plusMonths(limit, -12))
    // 2024-02-29 + 12 months = 2025-02-28 (clamped): due by the limit; 2024-03-01 is not.
    expect(d).toBe('2024-02-29')
    expect(lastDateDueBy('2025-03-01', nextAnnualInspectionDue, '2024-03-01')).toBe('2024-03-01')
  })
})
