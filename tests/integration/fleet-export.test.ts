/**
 * The fleet as CSV (issue 26, decision 076): the table's filters and sort, every page (keyset),
 * formula injection neutralised, who may download it, and the round trip: a fleet exported from
 * one instance and imported into an owner company of another gives the same vehicles. Both drivers.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { vehicles } from '#db/schema/index.ts'
import { FLEET_CSV_FIELDS } from '#catalog/fleet-csv.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { csvRow } from '#server/csv.ts'
import { exportFleetCsv, EXPORT_PAGE } from '#server/fleet/import/fleet-export.server.ts'
import { commitFleetImport, previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { parseCsv } from '#server/fleet/import/csv-parse.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'
import * as ownerCsv from '#app/routes/fleet.$companyId.export[.]csv.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`4DRBUAAN0NB${String(500000 + vinSeq++).slice(-6)}`)
const NOW = new Date('2026-11-27T12:00:00Z')

async function textOf(csv: Awaited<ReturnType<typeof exportFleetCsv>>): Promise<string> {
  let out = csvRow(csv.header)
  for await (const line of csv.lines) out += csvRow(line)
  return out
}

describe.each(DRIVERS)('fleet CSV export on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; manager: number; other: number; otherManager: number; driver: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Export Owner', ['Owner'])).id
    ids.other = (await createCompany(db, 'Export Other', ['Owner'])).id
    ids.manager = (await createUser(db)).id
    ids.otherManager = (await createUser(db)).id
    ids.driver = (await createUser(db)).id
    await grantRole(db, ids.manager, ids.owner, 'Owner')
    await grantRole(db, ids.otherManager, ids.other, 'Owner')
    await grantRole(db, ids.driver, ids.owner, 'Driver')
  })
  afterAll(() => db.close())

  it('neutralises cells a spreadsheet would read as a formula', async () => {
    const evil = ['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tTAB', '\rCR']
    for (const [i, color] of evil.entries()) await insertVehicle(db, ids.owner, { vin: nextVin(), vehicleIdentifier: `EVIL-${i}`, color, make: 'Evil' })
    const csv = await textOf(await exportFleetCsv(await ctxFor(db, ids.manager, NOW), { companyId: ids.owner, tag: ['Evil'] }))
    const records = parseCsv(csv).records.slice(1)
    const colorAt = FLEET_CSV_FIELDS.indexOf('color')
    expect(records.map((r) => r.cells[colorAt])).toEqual(evil.map((e) => `'${e}`))
  })

  it("keeps the table's filters and sort and reads every page", async () => {
    const n = EXPORT_PAGE + 30
    await db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await tx.insert(vehicles).values({
          ownerCompanyId: ids.owner,
          make: 'Pager',
          model: i % 2 ? 'Odd' : 'Even',
          vin: nextVin(),
          licensePlate: `PG ${i}`,
          vehicleIdentifier: `PG-${String(i).padStart(4, '0')}`,
          yearBuild: i % 3 === 0 ? null : 2000 + (i % 20),
        })
      }
    })
    const ctx = await ctxFor(db, ids.manager, NOW)
    const all = parseCsv(await textOf(await exportFleetCsv(ctx, { companyId: ids.owner, make: ['Pager'], sort: 'yearBuild', dir: 'desc' }))).records.slice(1)
    expect(all).toHaveLength(n)
    const yearAt = FLEET_CSV_FIELDS.indexOf('yearBuild')
    const idAt = FLEET_CSV_FIELDS.indexOf('vehicleIdentifier')
    const years = all.map((r) => r.cells[yearAt]!)
    const firstEmpty = years.indexOf('')
    // Years descending, then the empty ones last; no row twice.
    expect(years.slice(0, firstEmpty).map(Number)).toEqual([...years.slice(0, firstEmpty).map(Number)].sort((a, b) => b - a))
    expect(years.slice(firstEmpty).every((y) => y === '')).toBe(true)
    expect(new Set(all.map((r) => r.cells[idAt])).size).toBe(n)
    const odd = parseCsv(await textOf(await exportFleetCsv(ctx, { companyId: ids.owner, make: ['Pager'], model: ['Odd'] }))).records.slice(1)
    expect(odd).toHaveLength(Math.floor(n / 2))
  })

  it('who may download: the page and REST doors', async () => {
    useAsAppDb(db)
    const params = { companyId: String(ids.owner) }
    const ok = await callPage(ownerCsv.loader, `/fleet/${ids.owner}/export.csv?make=Evil`, { cookie: await webSessionFor(db, ids.manager), params })
    expect(ok.response?.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect((await ok.response!.text()).trim().split('\r\n')).toHaveLength(7)
    for (const user of [ids.otherManager, ids.driver]) {
      const page = await callPage(ownerCsv.loader, `/fleet/${ids.owner}/export.csv`, { cookie: await webSessionFor(db, user), params })
      expect(page.status).toBe(302)
      const rest = await handleRestRequest(new Request(`http://localhost/api/Fleet/${ids.owner}/export`, { headers: { authorization: `Bearer ${await apiTokenFor(db, user)}` } }), db, '127.0.0.1')
      expect(rest.status).toBe(403)
    }
    const rest = await handleRestRequest(new Request(`http://localhost/api/Fleet/${ids.owner}/export?make=Evil&tag=EVIL-1`, { headers: { authorization: `Bearer ${await apiTokenFor(db, ids.manager)}` } }), db, '127.0.0.1')
    expect(rest.status).toBe(200)
    expect((await rest.text()).trim().split('\r\n')).toHaveLength(2)
  })

  it('round trip: export, then import into an owner company of another instance, gives the same vehicles', async () => {
    const source = await createCompany(db, 'Round Trip Source', ['Owner'])
    await grantRole(db, ids.manager, source.id, 'Owner')
    await insertVehicle(db, source.id, {
      vin: nextVin(), vehicleIdentifier: 'RT-1', make: 'Gillig', model: 'Low Floor', licensePlate: 'RT 1', yearBuild: 2018, manufactureDate: '2017-10-02',
      color: '=red', fuelType: 4, transmissionType: 0, powertrainType: 1, odometer: 250000, lengthUnit: 'ft', length: 40.5, width: 8.5, height: 11,
      adaCompliant: true, gps: true, seatbelts: false, numberOfSeats: 38, usbChargingPorts: 12, insuranceValue: 120000.5, insuranceExpiry: '2027-05-01',
      licenseExpiry: '2025-01-31', nextInspection: '2027-02-01', titleHire: 'Leased', weightClass: 'Class 8 (33,001 lb and over)',
    })
    await insertVehicle(db, source.id, { vin: nextVin(), vehicleIdentifier: 'RT-2', make: 'Ford', model: 'E-450', licensePlate: 'RT 2' })
    const csv = await textOf(await exportFleetCsv(await ctxFor(db, ids.manager, NOW), { companyId: source.id }))

    const target = createTestDb(driver)
    try {
      const company = await createCompany(target, 'Round Trip Target', ['Owner'])
      const user = await createUser(target)
      await grantRole(target, user.id, company.id, 'Owner')
      const ctx = await ctxFor(target, user.id, NOW)
      const view = await previewFleetImport(ctx, { companyId: company.id, csv }, { decode: async () => ({ found: false, errorCodes: ['7'], message: 'Vehicle not found' }) })
      expect(view).toMatchObject({ totalRows: 2, validRows: 2, problems: [], fileProblems: [] })
      await commitFleetImport(ctx, { companyId: company.id, importId: view.id })
      const strip = (v: typeof vehicles.$inferSelect) => {
        const { id: _i, key: _k, qrToken: _q, ownerCompanyId: _o, createdAt: _c, updatedAt: _u, archivedAt: _a, version: _v, ...rest } = v
        return rest
      }
      const before = (await db.read.select().from(vehicles).where(eq(vehicles.ownerCompanyId, source.id)).orderBy(vehicles.vehicleIdentifier)).map(strip)
      const after = (await target.read.select().from(vehicles).where(eq(vehicles.ownerCompanyId, company.id)).orderBy(vehicles.vehicleIdentifier)).map(strip)
      expect(after).toEqual(before)
      expect(after[0]).toMatchObject({ color: '=red', fuelType: 4, length: 40.5 })
      expect(Number((await target.read.select({ n: sql<number>`count(*)` }).from(vehicles)).at(0)!.n)).toBe(2)
    } finally {
      await target.close()
    }
  })
})
