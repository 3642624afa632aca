/**
 * Record retention (issue 23 point 5, decision 067): with a controlled clock, the daily run
 * removes only what has expired, never a record younger than its legal minimum (including the
 * vehicle archived 5 months ago, 7 months ago, today, and archived then restored); the settings
 * refuse a period below the minimum on every door; removals go in batches and are logged.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import {
  blobChunks,
  driverDocuments,
  driverFileItems,
  driverFiles,
  driverTests,
  dutyPeriods,
  emergencyExitChecks,
  inspections,
  leaseAgreements,
  leaseSignatures,
  operatorAssignments,
  preInspections,
  repairActions,
  retentionRemovals,
  retentionSettings,
  vehicles,
} from '#db/schema/index.ts'
import { RETENTION_RULES } from '#catalog/compliance.ts'
import {
  getRetentionOverview,
  removeExpiredRecords,
  runRetention,
  startRetentionScheduler,
  updateRetentionSettings,
} from '#server/compliance/retention.server.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { logger } from '#server/log.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { insertInspection, insertPreInspection } from '#tests/helpers/inspection-records.ts'
import { callPage } from '#tests/helpers/remix.ts'
import { newRequestScope, runWithRequestScope } from '#server/context/request-scope.server.ts'
import * as retentionPage from '#app/routes/_app+/retention.$companyId.tsx'

/** The controlled clock: "today" is 2026-11-27 (UTC companies). */
const NOW = new Date('2026-11-27T12:00:00Z')
const monthsAgo = (n: number) => {
  const d = new Date(NOW)
  d.setUTCMonth(d.getUTCMonth() - n)
  return d
}

let db: Database
let owner: { id: number }
let operator: { id: number }
let ownerManager: number
let operatorManager: number
let driver: number

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  owner = await createCompany(db, 'Retention Owner', ['Owner'])
  operator = await createCompany(db, 'Retention Operator', ['Operator'])
  ownerManager = (await createUser(db)).id
  operatorManager = (await createUser(db)).id
  driver = (await createUser(db)).id
  await grantRole(db, ownerManager, owner.id, 'Owner')
  await grantRole(db, operatorManager, operator.id, 'Operator')
  await grantRole(db, driver, operator.id, 'Driver')
})
afterAll(async () => {
  await db.close()
})

// ------------------------------------------------------------------ rows, inserted directly

async function repairFor(o: { vehicleId: number; repairedAt: Date | null; preInspectionId?: number; inspectionId?: number; emergencyExitCheckId?: number }) {
  const [r] = await db.transaction((tx) =>
    tx
      .insert(repairActions)
      .values({ repairIdentifier: `RA-RT-${randomUUID().slice(0, 8)}`, vehicleId: o.vehicleId, ownerCompanyId: owner.id, createdAt: o.repairedAt ?? new Date('2024-06-02T08:00:00Z'), repairedAt: o.repairedAt, preInspectionId: o.preInspectionId, inspectionId: o.inspectionId, emergencyExitCheckId: o.emergencyExitCheckId })
      .returning(),
  )
  return r!
}

async function inspectionOn(vehicleId: number, date: string, annual = false) {
  const row = await insertInspection(db, { vehicleId, date, photos: 0 })
  if (annual) await db.transaction((tx) => tx.update(inspections).set({ isAnnual: true }).where(eq(inspections.id, row.id)))
  return row.id
}

async function exitCheckOn(vehicleId: number, checkDate: string) {
  const [row] = await db.transaction((tx) =>
    tx.insert(emergencyExitChecks).values({ vehicleId, companyId: operator.id, filerRole: 'Driver', inspectorName: 'Dana Driver', checkDate, isSatisfactory: true }).returning(),
  )
  return row!.id
}

async function leaseOn(vehicleId: number, startDate: string, endDate: string | null) {
  return db.transaction(async (tx) => {
    const [a] = await tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operator.id, startDate, endDate }).returning()
    const [v] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId))
    const [l] = await tx
      .insert(leaseAgreements)
      .values({
        assignmentId: a!.id,
        vehicleId,
        ownerCompanyId: owner.id,
        operatorCompanyId: operator.id,
        textVersion: '1',
        ownerName: 'Retention Owner',
        operatorName: 'Retention Operator',
        vehicleIdentifier: v!.vehicleIdentifier,
        vin: v!.vin,
        licensePlate: v!.licensePlate,
        startDate,
        endDate,
      })
      .returning()
    await tx.insert(leaseSignatures).values({ leaseId: l!.id, side: 'Owner', signerName: 'O', blobId: (await writeBlob(tx, Buffer.from('png'))).blobId, contentType: 'image/png' })
    return l!.id
  })
}

const exists = async (
  table: typeof preInspections | typeof inspections | typeof emergencyExitChecks | typeof repairActions | typeof leaseAgreements | typeof driverFiles | typeof driverFileItems | typeof driverTests | typeof driverDocuments | typeof dutyPeriods,
  id: number,
) =>
  (await db.read.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.id, id)))[0]!.n === 1

// ------------------------------------------------------------------ settings on every door

describe('retention settings', () => {
  it('refuse a period below the legal minimum, naming it and its rule, on the use case, REST, tRPC and the page', async () => {
    const ctx = await ctxFor(db, operatorManager, NOW)
    await expect(updateRetentionSettings(ctx, { companyId: operator.id, periods: { preTrips: 2 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Driver pre-trip inspections and their certifications must be kept at least 3 months (49 CFR 396.11(a)(4))',
      fieldErrors: { preTrips: expect.stringContaining('at least 3 months') },
    })

    const token = await apiTokenFor(db, operatorManager)
    const rest = await handleRestRequest(
      new Request(`http://localhost/api/compliance/retention/${operator.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Periods: { preTrips: 1 } }),
      }),
      db,
      '127.0.0.1',
    )
    expect(rest.status).toBe(400)
    expect(((await rest.json()) as { message: string }).message).toContain('49 CFR 396.11(a)(4)')

    const cookie = await webSessionFor(db, operatorManager)
    const trpc = await handleTrpcRequest(
      new Request('http://localhost/trpc/compliance.updateRetention', {
        method: 'POST',
        headers: { cookie: `operon_session=${cookie}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: operator.id, periods: { preTrips: 0 } }),
      }),
      db,
      '127.0.0.1',
    )
    expect(trpc.status).toBe(400)

    const page = await callPage(retentionPage.action, `/retention/${operator.id}`, { cookie, params: { companyId: String(operator.id) }, form: { preTrips: '2' } })
    expect(page.status).toBe(400)
    expect(page.body).toMatchObject({ fieldErrors: { preTrips: expect.stringContaining('at least 3 months (49 CFR 396.11(a)(4))') } })

    // Owner side: each minimum with its own rule.
    const ownerCtx = await ctxFor(db, ownerManager, NOW)
    await expect(updateRetentionSettings(ownerCtx, { companyId: owner.id, periods: { maintenance: 11, annualInspections: 13, leases: 6 } })).rejects.toMatchObject({
      fieldErrors: {
        maintenance: 'Inspection, repair and maintenance records must be kept at least 12 months (49 CFR 396.3(c))',
        annualInspections: 'Annual inspection reports must be kept at least 14 months (49 CFR 396.21(b))',
        leases: 'Leases must be kept at least 12 months (49 CFR 390.403)',
      },
    })
    // Nothing was saved by any refused door.
    expect(await db.read.select().from(retentionSettings)).toEqual([])
  })

  it('say the refusal in the reader\'s language on the page and over tRPC (decision 074); REST keeps the English byte for byte', async () => {
    const english = 'Driver pre-trip inspections and their certifications must be kept at least 3 months (49 CFR 396.11(a)(4))'
    const spanish = 'Inspecciones previas al viaje de los conductores y sus certificaciones: deben conservarse como mínimo 3 meses (49 CFR 396.11(a)(4))'
    const cookie = await webSessionFor(db, operatorManager)
    const inSpanish = <T,>(fn: () => Promise<T>) => runWithRequestScope({ ...newRequestScope(), locale: 'es' }, fn)

    const page = await inSpanish(() => callPage(retentionPage.action, `/retention/${operator.id}`, { cookie, params: { companyId: String(operator.id) }, form: { preTrips: '2' } }))
    expect(page.status).toBe(400)
    expect(page.body).toMatchObject({ formError: spanish, fieldErrors: { preTrips: spanish } })

    const trpc = await inSpanish(() =>
      handleTrpcRequest(
        new Request('http://localhost/trpc/compliance.updateRetention', {
          method: 'POST',
          headers: { cookie: `operon_session=${cookie}; operon_lng=es`, 'content-type': 'application/json' },
          body: JSON.stringify({ companyId: operator.id, periods: { preTrips: 1 } }),
        }),
        db,
        '127.0.0.1',
      ),
    )
    expect(JSON.stringify(await trpc.json())).toContain(spanish)

    const token = await apiTokenFor(db, operatorManager)
    const rest = await inSpanish(() =>
      handleRestRequest(
        new Request(`http://localhost/api/compliance/retention/${operator.id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=es' },
          body: JSON.stringify({ Periods: { preTrips: 1 } }),
        }),
        db,
        '127.0.0.1',
      ),
    )
    expect(rest.status).toBe(400)
    expect(await rest.json()).toEqual({ message: english, errors: { preTrips: english } })
  })

  it('are set by the governing role only: the operator for pre-trips, the owner for the rest', async () => {
    const ownerCtx = await ctxFor(db, ownerManager, NOW)
    await expect(updateRetentionSettings(ownerCtx, { companyId: owner.id, periods: { preTrips: 6 } })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(updateRetentionSettings(await ctxFor(db, driver, NOW), { companyId: operator.id, periods: { preTrips: 6 } })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(getRetentionOverview(ownerCtx, operator.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })

    const overview = await getRetentionOverview(ownerCtx, owner.id)
    expect(overview.types.map((t) => t.type)).toEqual(['maintenance', 'annualInspections', 'leases'])
    expect(overview.types.every((t) => t.isDefault)).toBe(true)

    // The page's form saves and comes back with a toast.
    const cookie = await webSessionFor(db, operatorManager)
    const saved = await callPage(retentionPage.action, `/retention/${operator.id}`, { cookie, params: { companyId: String(operator.id) }, form: { preTrips: '3' } })
    expect(saved).toMatchObject({ status: 302, location: `/retention/${operator.id}`, toast: { type: 'success', message: 'Retention periods saved' } })
    const loaded = await callPage(retentionPage.loader, `/retention/${operator.id}`, { cookie, params: { companyId: String(operator.id) } })
    // The operator's types: its pre-trips and (issue 37) its driver records.
    const types = (loaded.body as { overview: { types: { type: string }[] } }).overview.types
    expect(types.map((t) => t.type)).toEqual(['preTrips', 'driverFiles', 'drugTestsNegative', 'drugTestsPositive', 'hoursOfService'])
    expect(types[0]).toMatchObject({ type: 'preTrips', months: 3, minimumMonths: 3, cite: '49 CFR 396.11(a)(4)', isDefault: false })
    expect(types.slice(1).every((t) => (t as { isDefault?: boolean }).isDefault)).toBe(true)
    await updateRetentionSettings(ownerCtx, { companyId: owner.id, periods: { maintenance: 12, annualInspections: 14, leases: 12 } })
  })
})

// ------------------------------------------------------------------ the deletion function

describe('removeExpiredRecords', () => {
  it('refuses a cut-off younger than the legal minimum, whoever calls it', async () => {
    const v = await insertVehicle(db, owner.id)
    const young = await insertPreInspection(db, { vehicleId: v.id, operatorCompanyId: operator.id, date: '2026-09-01' })
    // The legal cut-off for pre-trips on 2026-11-27 is 2026-08-27 (three months).
    await expect(removeExpiredRecords(db, { companyId: operator.id, recordType: 'preTrips', before: '2026-09-02', now: NOW })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('at least 3 months (49 CFR 396.11(a)(4))'),
    })
    await expect(removeExpiredRecords(db, { companyId: owner.id, recordType: 'maintenance', before: '2026-01-01', now: NOW })).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(removeExpiredRecords(db, { companyId: owner.id, recordType: 'annualInspections', before: '2025-11-27', now: NOW })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await exists(preInspections, young.id)).toBe(true)
    // At the legal cut-off itself it runs (and this record is younger: kept).
    expect(await removeExpiredRecords(db, { companyId: operator.id, recordType: 'preTrips', before: '2026-08-27', now: NOW })).toBe(0)
    expect(await exists(preInspections, young.id)).toBe(true)
  })

  it('removes in batches of the given size, one log row for the run, and a log line', async () => {
    const v = await insertVehicle(db, owner.id)
    const batchCompany = await createCompany(db, 'Batch Operator', ['Operator'])
    for (let i = 0; i < 7; i++) await insertPreInspection(db, { vehicleId: v.id, operatorCompanyId: batchCompany.id, date: `2025-0${i + 1}-15` })
    const transaction = vi.spyOn(db, 'transaction')
    const info = vi.spyOn(logger(), 'info')
    const removed = await removeExpiredRecords(db, { companyId: batchCompany.id, recordType: 'preTrips', before: '2026-08-27', now: NOW, batchSize: 3 })
    expect(removed).toBe(7)
    // 3 + 3 + 1, then an empty batch that ends the loop.
    expect(transaction).toHaveBeenCalledTimes(4)
    const logs = await db.read.select().from(retentionRemovals).where(eq(retentionRemovals.companyId, batchCompany.id))
    expect(logs).toMatchObject([{ recordType: 'preTrips', removed: 7, before: '2026-08-27' }])
    expect(logs[0]!.ranAt.toISOString()).toBe(NOW.toISOString())
    expect(info).toHaveBeenCalledWith({ companyId: batchCompany.id, recordType: 'preTrips', removed: 7, before: '2026-08-27' }, 'retention: expired records removed')
    transaction.mockRestore()
    info.mockRestore()
  })
})

// ------------------------------------------------------------------ the daily run

describe('the daily run', () => {
  it('keeps what is younger than its period, follows the vehicle out of the fleet, and respects the repair links', async () => {
    const active = await insertVehicle(db, owner.id)
    const archived5 = await insertVehicle(db, owner.id, { archivedAt: monthsAgo(5) })
    const archived7 = await insertVehicle(db, owner.id, { archivedAt: monthsAgo(7) })
    const archivedToday = await insertVehicle(db, owner.id, { archivedAt: NOW })
    // Archived eight months ago, then restored: back in the fleet.
    const restored = await insertVehicle(db, owner.id, { archivedAt: monthsAgo(8) })
    await db.transaction((tx) => tx.update(vehicles).set({ archivedAt: null }).where(eq(vehicles.id, restored.id)))

    const old: Record<string, number> = {}
    const recent: Record<string, number> = {}
    for (const [name, v] of Object.entries({ active, archived5, archived7, archivedToday, restored })) {
      old[name] = await inspectionOn(v.id, '2025-06-01') // 18 months ago
      recent[name] = await inspectionOn(v.id, '2026-03-01') // 9 months ago
    }
    const oldCheck = await exitCheckOn(active.id, '2025-05-01')
    const recentCheck = await exitCheckOn(active.id, '2026-01-10')
    const oldCheckArchived5 = await exitCheckOn(archived5.id, '2025-05-01')
    // On the cut-off day (2025-11-27) a record is kept; the day before goes.
    const onCutoff = await inspectionOn(active.id, '2025-11-27')
    const dayBefore = await inspectionOn(active.id, '2025-11-26')

    // Annual inspections: 14 months.
    const annualOld = await inspectionOn(active.id, '2025-09-20', true) // 14 months and a week
    const annualYoung = await inspectionOn(active.id, '2025-10-01', true) // under 14 months
    const annualArchived5 = await inspectionOn(archived5.id, '2024-01-01', true)

    // Pre-trips (operator, 3 months) and their repair actions (owner, 12 months).
    const preOld = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2026-08-26' })
    const preAtCutoff = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2026-08-27' })
    const preYoung = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2026-10-01' })
    const preWithOldRepair = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2025-01-01', defective: ['horn'] })
    const oldRepair = await repairFor({ vehicleId: active.id, repairedAt: new Date('2025-02-01T10:00:00Z'), preInspectionId: preWithOldRepair.id })
    const preWithYoungRepair = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2025-06-01', defective: ['horn'] })
    const youngRepair = await repairFor({ vehicleId: active.id, repairedAt: new Date('2026-01-10T10:00:00Z'), preInspectionId: preWithYoungRepair.id })
    const preWithOpenRepair = await insertPreInspection(db, { vehicleId: active.id, operatorCompanyId: operator.id, date: '2024-06-01', defective: ['horn'] })
    const openRepair = await repairFor({ vehicleId: active.id, repairedAt: null, preInspectionId: preWithOpenRepair.id })
    // An old inspection whose (old, certified) repair action is removed first, in the same run.
    const inspWithRepair = await inspectionOn(active.id, '2024-12-01')
    const inspRepair = await repairFor({ vehicleId: active.id, repairedAt: new Date('2025-01-05T10:00:00Z'), inspectionId: inspWithRepair })

    // Leases: term plus one year; open-ended ones are in force.
    const leaseEndedLongAgo = await leaseOn(active.id, '2024-01-01', '2025-10-01')
    const leaseEndedRecently = await leaseOn(active.id, '2025-10-02', '2026-01-01')
    const leaseOpen = await leaseOn(restored.id, '2020-01-01', null)

    const results = await runRetention(db, NOW)
    const of = (type: string, company = owner.id) => results.find((r) => r.recordType === type && r.companyId === company)
    expect(of('maintenance')).toMatchObject({ before: '2025-11-27' })
    expect(of('annualInspections')).toMatchObject({ before: '2025-09-27' })
    expect(of('leases')).toMatchObject({ before: '2025-11-27' })
    expect(of('preTrips', operator.id)).toMatchObject({ before: '2026-08-27' })

    // Maintenance: in the fleet → older than 12 months goes; archived 5 months ago or today → all kept;
    // archived 7 months ago → what is older than 12 months goes, the rest stays; restored = in the fleet.
    expect(await exists(inspections, old.active!)).toBe(false)
    expect(await exists(inspections, old.restored!)).toBe(false)
    expect(await exists(inspections, old.archived7!)).toBe(false)
    expect(await exists(inspections, old.archived5!)).toBe(true)
    expect(await exists(inspections, old.archivedToday!)).toBe(true)
    for (const id of Object.values(recent)) expect(await exists(inspections, id)).toBe(true)
    expect(await exists(emergencyExitChecks, oldCheck)).toBe(false)
    expect(await exists(emergencyExitChecks, recentCheck)).toBe(true)
    expect(await exists(emergencyExitChecks, oldCheckArchived5)).toBe(true)
    expect(await exists(inspections, onCutoff)).toBe(true)
    expect(await exists(inspections, dayBefore)).toBe(false)

    // Annual inspections: 14 months; an archived vehicle's are kept too.
    expect(await exists(inspections, annualOld)).toBe(false)
    expect(await exists(inspections, annualYoung)).toBe(true)
    expect(await exists(inspections, annualArchived5)).toBe(true)

    // Pre-trips: three months; one stays while its repair action is kept, and goes with it.
    expect(await exists(preInspections, preOld.id)).toBe(false)
    expect(await exists(preInspections, preAtCutoff.id)).toBe(true)
    expect(await exists(preInspections, preYoung.id)).toBe(true)
    expect(await exists(repairActions, oldRepair.id)).toBe(false)
    expect(await exists(preInspections, preWithOldRepair.id)).toBe(false)
    expect(await exists(repairActions, youngRepair.id)).toBe(true)
    expect(await exists(preInspections, preWithYoungRepair.id)).toBe(true)
    expect(await exists(repairActions, openRepair.id)).toBe(true)
    expect(await exists(preInspections, preWithOpenRepair.id)).toBe(true)
    expect(await exists(repairActions, inspRepair.id)).toBe(false)
    expect(await exists(inspections, inspWithRepair)).toBe(false)

    // Leases.
    expect(await exists(leaseAgreements, leaseEndedLongAgo)).toBe(false)
    expect(await exists(leaseAgreements, leaseEndedRecently)).toBe(true)
    expect(await exists(leaseAgreements, leaseOpen)).toBe(true)

    // A second run the same day finds nothing more.
    const again = await runRetention(db, NOW)
    expect(again.filter((r) => r.companyId === owner.id || r.companyId === operator.id).every((r) => r.removed === 0)).toBe(true)

    // The overview: the oldest record kept (SQL MIN) and the removals logged per company and type.
    const overview = await getRetentionOverview(await ctxFor(db, ownerManager, NOW), owner.id)
    const byType = Object.fromEntries(overview.types.map((t) => [t.type, t]))
    expect(byType.annualInspections!.oldestKept).toBe('2024-01-01')
    // The open repair action (created 2024-06-02) is the oldest maintenance record kept.
    expect(byType.maintenance!.oldestKept).toBe('2024-06-02')
    expect(overview.removals.map((r) => r.recordType).sort()).toEqual(['annualInspections', 'leases', 'maintenance'])
    const [maint] = await db.read
      .select({ removed: retentionRemovals.removed })
      .from(retentionRemovals)
      .where(and(eq(retentionRemovals.companyId, owner.id), eq(retentionRemovals.recordType, 'maintenance')))
    // 3 old inspections (active, restored, archived 7), the day before the cut-off, the old exit check,
    // 2 certified repair actions, the inspection of one of them.
    expect(maint!.removed).toBe(8)
  })

  it('is scheduled once a day under the retention lease', async () => {
    const company = await createCompany(db, 'Scheduled Operator', ['Operator'])
    const v = await insertVehicle(db, owner.id)
    await insertPreInspection(db, { vehicleId: v.id, operatorCompanyId: company.id, date: '2020-01-01' })
    let clock = NOW
    const scheduler = startRetentionScheduler(db, { firstDelayMs: 3_600_000, intervalMs: 3_600_000, now: () => clock })
    await scheduler.tick()
    const count = async () => (await db.read.select().from(retentionRemovals).where(eq(retentionRemovals.companyId, company.id))).length
    expect(await count()).toBe(1)
    await insertPreInspection(db, { vehicleId: v.id, operatorCompanyId: company.id, date: '2020-01-02' })
    await scheduler.tick() // the same day: not again
    expect(await count()).toBe(1)
    clock = new Date(NOW.getTime() + 86_400_000)
    await scheduler.tick() // the next day
    expect(await count()).toBe(2)
    await scheduler.stop()
  })

  it('has one catalogue row per record type, with its minimum and cite', () => {
    expect(RETENTION_RULES.map((r) => [r.type, r.minimumMonths, r.cite])).toEqual([
      ['preTrips', 3, '49 CFR 396.11(a)(4)'],
      ['maintenance', 12, '49 CFR 396.3(c)'],
      ['annualInspections', 14, '49 CFR 396.21(b)'],
      ['leases', 12, '49 CFR 390.403'],
      ['driverFiles', 36, '49 CFR 391.51(c)'],
      ['drugTestsNegative', 12, '49 CFR 382.401(b)(2)'],
      ['drugTestsPositive', 60, '49 CFR 382.401(b)(1)'],
      ['hoursOfService', 6, '49 CFR 395.1(e)(1)(v)'],
    ])
  })
})

// ------------------------------------------------------------------ the operator's driver records (issue 37)

describe('the driver records', () => {
  async function fileOf(company: number, ended: Date | null) {
    const person = (await createUser(db)).id
    const [f] = await db.transaction((tx) => tx.insert(driverFiles).values({ companyId: company, driverUserId: person, hiredOn: '2018-01-01', employmentEndedAt: ended }).returning())
    return { id: f!.id, person }
  }
  async function documentOf(company: number, fileId: number) {
    return db.transaction(async (tx) => {
      const { blobId } = await writeBlob(tx, Buffer.from(`%PDF-1.4 ${randomUUID()}`))
      const [d] = await tx.insert(driverDocuments).values({ companyId: company, driverFileId: fileId, blobId, fileName: 'x.pdf', contentType: 'application/pdf', sizeBytes: 20 }).returning()
      return { id: d!.id, blobId }
    })
  }
  async function itemOf(company: number, fileId: number, documentId: number | null = null) {
    const [i] = await db.transaction((tx) => tx.insert(driverFileItems).values({ companyId: company, driverFileId: fileId, kind: 'application', itemDate: '2018-01-01', documentId }).returning())
    return i!.id
  }
  async function testOf(company: number, fileId: number, result: 'negative' | 'positive' | 'refusal', testDate: string, documentId: number | null = null) {
    const [t] = await db.transaction((tx) =>
      tx.insert(driverTests).values({ companyId: company, driverFileId: fileId, substance: 'drug', testType: 'random', testDate, result, documentId }).returning(),
    )
    return t!.id
  }
  async function periodOf(company: number, driverUserId: number, startedAt: Date, endedAt: Date | null) {
    const [p] = await db.transaction((tx) => tx.insert(dutyPeriods).values({ companyId: company, driverUserId, status: 'onDuty', startedAt, endedAt, source: 'manager' }).returning())
    return p!.id
  }
  const blobKept = async (blobId: string) => (await db.read.select({ n: sql<number>`count(*)` }).from(blobChunks).where(eq(blobChunks.blobId, blobId)))[0]!.n > 0

  it('erase a file 36 months after the employment ended, with its items and documents, never while a test of it is kept its own period', async () => {
    const company = await createCompany(db, 'Files Operator', ['Operator'])
    // Ended 37 months ago: goes, with its item, document and the document's bytes.
    const gone = await fileOf(company.id, monthsAgo(37))
    const goneDoc = await documentOf(company.id, gone.id)
    const goneItem = await itemOf(company.id, gone.id, goneDoc.id)
    // Ended 35 months ago: kept. A current driver's file (never ended, hired long ago): kept.
    const recent = await fileOf(company.id, monthsAgo(35))
    const current = await fileOf(company.id, null)
    const currentItem = await itemOf(company.id, current.id)
    // Ended 40 months ago, but a positive test of 4 years ago is kept five years: the file is kept with it.
    const positive = await fileOf(company.id, monthsAgo(40))
    const positiveTest = await testOf(company.id, positive.id, 'positive', '2022-11-01')
    // Ended 40 months ago, its only test a negative of 2023: that test goes first in the same run, then the file.
    const negative = await fileOf(company.id, monthsAgo(40))
    const negativeTest = await testOf(company.id, negative.id, 'negative', '2023-06-01')

    const results = await runRetention(db, NOW)
    const of = (type: string) => results.find((r) => r.recordType === type && r.companyId === company.id)
    expect(of('driverFiles')).toMatchObject({ before: '2023-11-27', removed: 2 })
    expect(of('drugTestsNegative')).toMatchObject({ before: '2025-11-27', removed: 1 })
    expect(of('drugTestsPositive')).toMatchObject({ before: '2021-11-27', removed: 0 })

    expect(await exists(driverFiles, gone.id)).toBe(false)
    expect(await exists(driverFileItems, goneItem)).toBe(false)
    expect(await exists(driverDocuments, goneDoc.id)).toBe(false)
    expect(await blobKept(goneDoc.blobId)).toBe(false)
    expect(await exists(driverFiles, recent.id)).toBe(true)
    expect(await exists(driverFiles, current.id)).toBe(true)
    expect(await exists(driverFileItems, currentItem)).toBe(true)
    expect(await exists(driverFiles, positive.id)).toBe(true)
    expect(await exists(driverTests, positiveTest)).toBe(true)
    expect(await exists(driverTests, negativeTest)).toBe(false)
    expect(await exists(driverFiles, negative.id)).toBe(false)

    // The overview: the oldest kept file counts from its employment's end.
    const manager = (await createUser(db)).id
    await grantRole(db, manager, company.id, 'Operator')
    const overview = await getRetentionOverview(await ctxFor(db, manager, NOW), company.id)
    const byType = Object.fromEntries(overview.types.map((t) => [t.type, t]))
    expect(byType.driverFiles!.oldestKept).toBe(monthsAgo(40).toISOString().slice(0, 10))
    expect(byType.drugTestsPositive!.oldestKept).toBe('2022-11-01')
    expect(byType.drugTestsNegative!.oldestKept).toBeNull()
  })

  it('erase drug and alcohol tests by result and date, with their documents: negatives after a year, positives and refusals after five', async () => {
    const company = await createCompany(db, 'Tests Operator', ['Operator'])
    const file = await fileOf(company.id, null)
    const doc = await documentOf(company.id, file.id)
    const negOld = await testOf(company.id, file.id, 'negative', '2025-11-26', doc.id)
    const negAtCutoff = await testOf(company.id, file.id, 'negative', '2025-11-27')
    const posOld = await testOf(company.id, file.id, 'positive', '2021-11-26')
    const posYoung = await testOf(company.id, file.id, 'positive', '2021-11-27')
    const refusalOld = await testOf(company.id, file.id, 'refusal', '2021-01-01')
    // A refusal of 3 years ago: a negative's period would have removed it; a positive's keeps it.
    const refusalYoung = await testOf(company.id, file.id, 'refusal', '2023-11-01')

    // The legal minimums hold whoever calls: a negative may not go before a year, a positive before five.
    await expect(removeExpiredRecords(db, { companyId: company.id, recordType: 'drugTestsNegative', before: '2025-12-01', now: NOW })).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(removeExpiredRecords(db, { companyId: company.id, recordType: 'drugTestsPositive', before: '2023-12-01', now: NOW })).rejects.toMatchObject({ code: 'CONFLICT' })

    await runRetention(db, NOW)
    expect(await exists(driverTests, negOld)).toBe(false)
    expect(await exists(driverDocuments, doc.id)).toBe(false)
    expect(await blobKept(doc.blobId)).toBe(false)
    expect(await exists(driverTests, negAtCutoff)).toBe(true)
    expect(await exists(driverTests, posOld)).toBe(false)
    expect(await exists(driverTests, posYoung)).toBe(true)
    expect(await exists(driverTests, refusalOld)).toBe(false)
    expect(await exists(driverTests, refusalYoung)).toBe(true)
    // The file of a current driver stays.
    expect(await exists(driverFiles, file.id)).toBe(true)
  })

  it('erase closed duty periods six months after they started; an open one is kept', async () => {
    const company = await createCompany(db, 'Hours Operator', ['Operator'])
    const person = (await createUser(db)).id
    const old = await periodOf(company.id, person, new Date('2026-05-20T08:00:00Z'), new Date('2026-05-20T16:00:00Z'))
    // Within the day's margin of the cut-off (2026-05-27): kept.
    const nearCutoff = await periodOf(company.id, person, new Date('2026-05-26T08:00:00Z'), new Date('2026-05-26T09:00:00Z'))
    const young = await periodOf(company.id, person, new Date('2026-10-01T08:00:00Z'), new Date('2026-10-01T12:00:00Z'))
    const open = await periodOf(company.id, person, new Date('2026-05-01T08:00:00Z'), null)
    const results = await runRetention(db, NOW)
    expect(results.find((r) => r.recordType === 'hoursOfService' && r.companyId === company.id)).toMatchObject({ before: '2026-05-27', removed: 1 })
    expect(await exists(dutyPeriods, old)).toBe(false)
    expect(await exists(dutyPeriods, nearCutoff)).toBe(true)
    expect(await exists(dutyPeriods, young)).toBe(true)
    expect(await exists(dutyPeriods, open)).toBe(true)
  })
})
