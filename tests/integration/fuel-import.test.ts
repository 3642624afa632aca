/**
 * The fuel card CSV import (issue 36 point 2, decision 085): a card's export with its own header
 * names, each row matched to a bus by card or plate, each bad row named (unknown bus, bad or
 * future date, negative quantity, amount with three decimals, odometer going back, duplicate),
 * the rest written once in one transaction (a second commit answers the first result), rows that
 * became invalid since the preview skipped and counted, the caps, and the monthly rollup equal to
 * the records. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, fuelEntries, fuelImports, odometerReadings, operatorAssignments, vehicleMonthCosts } from '#db/schema/index.ts'
import { FUEL_CSV_MAX_ROWS, FUEL_IMPORTS_STAGED_MAX } from '#catalog/fuel-csv.ts'
import { insertFuelEntry } from '#server/costs/fuel-entries.server.ts'
import { purgeStaleFuelImports } from '#server/costs/fuel-import-cleanup.server.ts'
import { commitFuelImport, getFuelImport, previewFuelImport, readFuelDate, readFuelTime } from '#server/costs/fuel-import.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'
import * as uploadPage from '#app/routes/_app+/fuel.$companyId_.import.tsx'
import * as previewPage from '#app/routes/_app+/fuel.$companyId_.import_.$importId.tsx'

const NOW = new Date('2026-11-27T12:00:00Z')
const HEADER = 'Transaction Date,Time,Card Number,License Plate,Odometer,Gallons,Total Amount,Merchant Name,Full Tank,Driver Name'
const line = (o: Partial<Record<'date' | 'time' | 'card' | 'plate' | 'odometer' | 'gallons' | 'total' | 'station' | 'full' | 'driver', string>>) =>
  [o.date ?? '11/02/2026', o.time ?? '06:45', o.card ?? '', o.plate ?? '', o.odometer ?? '', o.gallons ?? '50', o.total ?? '200.00', o.station ?? 'Yard', o.full ?? 'Y', o.driver ?? 'Ann'].join(',')
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n'

describe.each(DRIVERS)('fuel card import on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; operator: number; other: number; manager: number; opManager: number; driverUser: number; busA: number; busB: number; busC: number; opBus: number }
  let seq = 0
  const card = () => `7083 0000 ${String(1000 + seq++)}`
  const cards = {} as { a: string; b: string; op: string }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Fuel Owner Co', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Fuel Operator Co', ['Operator'])).id
    ids.other = (await createCompany(db, 'Other Owner Co', ['Owner'])).id
    ids.manager = (await createUser(db, { firstName: 'Fran', lastName: 'Fuel' })).id
    ids.opManager = (await createUser(db)).id
    ids.driverUser = (await createUser(db)).id
    await grantRole(db, ids.manager, ids.owner, 'Owner')
    await grantRole(db, ids.opManager, ids.operator, 'Operator')
    await grantRole(db, ids.driverUser, ids.owner, 'Driver')
    cards.a = card()
    cards.b = card()
    cards.op = card()
    ids.busA = (await insertVehicle(db, ids.owner, { fuelCard: cards.a, licensePlate: 'FUEL-A1', fuelUnit: 'gal' })).id
    ids.busB = (await insertVehicle(db, ids.owner, { fuelCard: cards.b, licensePlate: 'FUEL-B1', fuelUnit: 'gal' })).id
    ids.busC = (await insertVehicle(db, ids.owner, { licensePlate: 'FUEL-C1', fuelUnit: 'gal' })).id
    ids.opBus = (await insertVehicle(db, ids.other, { fuelCard: cards.op, licensePlate: 'FUEL-OP1', fuelUnit: 'gal' })).id
    // The operator holds the other owner's bus from November 1st to 20th.
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: ids.opBus, operatorCompanyId: ids.operator, startDate: '2026-11-01', endDate: '2026-11-20' }))
  })
  afterAll(() => db.close())

  const ctx = (userId = ids.manager, now = NOW) => ctxFor(db, userId, now)
  const preview = async (csv: string, userId = ids.manager, companyId = ids.owner) => previewFuelImport(await ctx(userId), { companyId, fileName: 'card.csv', csv })
  const entriesOf = async (vehicleId: number) => db.read.select().from(fuelEntries).where(eq(fuelEntries.vehicleId, vehicleId)).orderBy(fuelEntries.fueledAt)
  const problemsOf = (view: Awaited<ReturnType<typeof preview>>, row: number) => view.problems.filter((p) => p.row === row).map((p) => [p.column, p.message])

  it('reads the dates and times card exports write', () => {
    expect(readFuelDate('2026-11-02')).toBe('2026-11-02')
    expect(readFuelDate('11/2/2026')).toBe('2026-11-02')
    expect(readFuelDate('11/02/26')).toBe('2026-11-02')
    expect(readFuelDate('2026-02-30')).toBeNull()
    expect(readFuelDate('02.11.2026')).toBeNull()
    expect(readFuelTime('06:45')).toBe(405)
    expect(readFuelTime('7:10 PM')).toBe(19 * 60 + 10)
    expect(readFuelTime('12:05 am')).toBe(5)
    expect(readFuelTime('25:00')).toBeNull()
  })

  it('names each bad row; the import writes the rest once, by card and by plate; the rollup equals the records', async () => {
    const csv = csvOf(
      line({ card: cards.a, odometer: '10000', gallons: '40.5', total: '151.88', date: '2026-11-02' }), // 2 ok by card
      line({ plate: 'fuel-b1', odometer: '20000', gallons: '30', total: '$112.50', date: '11/03/2026', time: '7:10 PM', full: 'no' }), // 3 ok by plate
      line({ card: '9999 0000 0000', odometer: '5', date: '2026-11-04' }), // 4 unknown bus
      line({ card: cards.a, odometer: '10100', date: '2026-13-01' }), // 5 bad date
      line({ card: cards.a, odometer: '10200', date: '2026-12-01' }), // 6 future date
      line({ card: cards.a, odometer: '10300', gallons: '-5', date: '2026-11-05' }), // 7 negative quantity
      line({ card: cards.a, odometer: '10400', total: '12.345', date: '2026-11-06' }), // 8 three decimals
      line({ card: cards.a, odometer: '9000', date: '2026-11-07' }), // 9 odometer going back (row 2 read 10,000 earlier)
      line({ card: cards.a, odometer: '10000', gallons: '40.5', total: '151.88', date: '2026-11-02' }), // 10 the same fill-up as row 2
      line({ card: cards.a, odometer: '10500', gallons: '45', total: '168.75', date: '2026-11-08', time: '08:00' }), // 11 ok
    )
    const view = await preview(csv)
    expect(view).toMatchObject({ totalRows: 10, validRows: 3, problemRows: 7, canImport: true, status: 'staged', currency: 'USD', totalCents: 15188 + 11250 + 16875 })
    expect(view.ignoredColumns).toEqual(['Driver Name'])
    expect(view.columns.map((c) => c.field)).toEqual(['date', 'time', 'card', 'plate', 'odometer', 'quantity', 'total', 'station', 'full'])
    expect(problemsOf(view, 2)).toEqual([])
    expect(problemsOf(view, 3)).toEqual([])
    expect(problemsOf(view, 4)).toEqual([['card', 'No bus of your company has this card, plate or identifier']])
    expect(problemsOf(view, 5)).toEqual([['date', 'Enter the date as YYYY-MM-DD or MM/DD/YYYY']])
    expect(problemsOf(view, 6)).toEqual([['date', 'The date and time cannot be in the future']])
    expect(problemsOf(view, 7)).toEqual([['quantity', 'The quantity cannot be negative']])
    expect(problemsOf(view, 8)).toEqual([['total', 'The amount has more than two decimals']])
    expect(problemsOf(view, 9)).toEqual([['odometer', 'The odometer goes back: row 2, earlier, reads 10000']])
    expect(problemsOf(view, 10)).toEqual([[null, 'The same fill-up is on row 2']])
    expect(view.problems.find((p) => p.row === 4)?.read).toBe('9999 0000 0000')
    expect(view.sample.map((s) => [s.row, s.vehicleId, s.date])).toEqual([
      [2, ids.busA, '2026-11-02'],
      [3, ids.busB, '2026-11-03'],
      [11, ids.busA, '2026-11-08'],
    ])
    // Staged: a reload reads the same preview.
    expect(await getFuelImport(await ctx(), { companyId: ids.owner, importId: view.id })).toEqual(view)

    const c = await ctx()
    const [first, second] = await Promise.all([commitFuelImport(c, { companyId: ids.owner, importId: view.id }), commitFuelImport(c, { companyId: ids.owner, importId: view.id })])
    const expected = { importId: view.id, imported: 3, skipped: 7, changed: 0, totalCents: 15188 + 11250 + 16875, currency: 'USD' }
    expect(first).toMatchObject(expected)
    expect(second).toEqual(first)
    expect(await commitFuelImport(c, { companyId: ids.owner, importId: view.id })).toEqual(first)

    const a = await entriesOf(ids.busA)
    expect(a.map((e) => [e.odometer, e.quantityMilli, e.totalCents, e.source, e.companyId, e.importId, e.fueledOn, e.card])).toEqual([
      [10000, 40500, 15188, 'import', ids.owner, view.id, '2026-11-02', cards.a],
      [10500, 45000, 16875, 'import', ids.owner, view.id, '2026-11-08', cards.a],
    ])
    expect(a[0]!.fueledAt.toISOString()).toBe('2026-11-02T06:45:00.000Z')
    const b = await entriesOf(ids.busB)
    expect(b.map((e) => [e.odometer, e.full, e.totalCents, e.unit, e.fueledAt.toISOString()])).toEqual([[20000, false, 11250, 'gal', '2026-11-03T19:10:00.000Z']])
    // The newest fill-up joined the odometer history.
    const readings = await db.read.select().from(odometerReadings).where(eq(odometerReadings.vehicleId, ids.busA))
    expect(readings.map((r) => [r.reading, r.source])).toContainEqual([10500, 'fuel'])

    // The rollup equals the records.
    const [rolled] = await db.read.select({ cents: sql<number>`sum(${vehicleMonthCosts.fuelCents})` }).from(vehicleMonthCosts).where(eq(vehicleMonthCosts.payerCompanyId, ids.owner))
    const [recorded] = await db.read.select({ cents: sql<number>`sum(${fuelEntries.totalCents})` }).from(fuelEntries).where(eq(fuelEntries.companyId, ids.owner))
    expect(Number(rolled!.cents)).toBe(Number(recorded!.cents))
    expect(Number(recorded!.cents)).toBe(expected.totalCents)

    const audits = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'fuelImport.commit'), eq(auditLog.entityId, String(view.id))))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.details).toMatchObject({ imported: 3, skipped: 7, rows: 10, totalCents: expected.totalCents })

    // The same file again: every row is now a recorded fill-up.
    const again = await preview(csvOf(line({ card: cards.a, odometer: '10000', gallons: '40.5', total: '151.88', date: '2026-11-02' })))
    expect(again).toMatchObject({ validRows: 0, canImport: false })
    expect(problemsOf(again, 2)).toEqual([[null, 'This fill-up is already recorded (same bus, time and quantity)']])
    await expect(commitFuelImport(await ctx(), { companyId: ids.owner, importId: again.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' })

    // Against the bus's odometer history (10,000 on the 2nd, 10,500 on the 8th) and the file's earlier rows.
    const history = await preview(
      csvOf(
        line({ card: cards.a, odometer: '10600', date: '2026-11-05' }), // 2 above the reading taken after it
        line({ card: cards.a, odometer: '10400', date: '2026-11-09' }), // 3 below the latest reading
        line({ card: cards.a, odometer: '10700', date: '2026-11-10' }), // 4 ok
        line({ card: cards.a, odometer: '10650', date: '2026-11-11' }), // 5 below row 4
        line({ card: cards.a, odometer: '10800', date: '2026-11-12' }), // 6 ok
      ),
    )
    expect(history.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, 'odometer', 'The odometer cannot be above 10,500 mi, read after this time'],
      [3, 'odometer', 'The odometer cannot go back: the latest reading of this vehicle is 10,500 mi'],
      [5, 'odometer', 'The odometer goes back: row 4, earlier, reads 10700'],
    ])
    expect(history.problems[0]).toMatchObject({ messageId: 'The odometer cannot be above {reading}, read after this time', values: { reading: '10,500 mi' } })
    expect(history.validRows).toBe(2)
  })

  it('skips and counts a row that became invalid since the preview (its odometer now goes back), and writes the others', async () => {
    const view = await preview(
      csvOf(
        line({ plate: 'FUEL-C1', odometer: '30000', date: '2026-11-10', time: '09:00' }),
        line({ plate: 'FUEL-C1', odometer: '30400', date: '2026-11-12', time: '09:00' }),
        line({ card: cards.b, odometer: '20300', date: '2026-11-11', time: '09:00' }),
      ),
    )
    expect(view.validRows).toBe(3)
    // Meanwhile a driver records bus C at 31,000 on November 11th: row 3 (30,400 on the 12th) now goes back.
    await db.transaction((tx) =>
      insertFuelEntry(tx, {
        vehicleId: ids.busC,
        companyId: ids.owner,
        source: 'manual',
        fueledAt: new Date('2026-11-11T09:00:00Z'),
        odometer: 31000,
        quantityMilli: 10000,
        unit: 'gal',
        totalCents: 4000,
        station: null,
        card: null,
        full: true,
        socBeforePct: null,
        socAfterPct: null,
        importId: null,
        idempotencyKey: null,
        userId: null,
        userName: null,
      }),
    )
    const done = await commitFuelImport(await ctx(), { companyId: ids.owner, importId: view.id })
    expect(done).toMatchObject({ imported: 2, skipped: 0, changed: 1 })
    expect((await entriesOf(ids.busC)).map((e) => e.odometer)).toEqual([30000, 31000])
    expect(await getFuelImport(await ctx(), { companyId: ids.owner, importId: view.id })).toMatchObject({ status: 'imported', importedCount: 2, changedRows: 1 })
  })

  it('refuses a file without the needed columns, and a semicolon file reads decimal commas', async () => {
    const bad = await preview('Date,Card,Price\r\n2026-11-01,x,1\r\n')
    expect(bad.fileProblems.map((p) => p.message)).toEqual(['The column odometer is missing', 'The column quantity is missing', 'The column total is missing'])
    expect(bad.canImport).toBe(false)
    const semi = await preview(`date;plate;odometer;litres;amount\r\n2026-11-14;FUEL-B1;20500;"151,4";1.234,56\r\n`)
    expect(semi.problems).toEqual([])
    expect(semi.sample[0]).toMatchObject({ quantityMilli: 151400, unit: 'L', totalCents: 123456 })
  })

  it('matches a masked card by the digits it shows; a row whose card and plate name two buses is a problem', async () => {
    const view = await preview(
      csvOf(
        line({ card: `XXXX XXXX ${cards.b.slice(-4)}`, odometer: '20800', date: '2026-11-15' }), // 2 bus B
        line({ card: cards.a, plate: 'FUEL-B1', odometer: '20900', date: '2026-11-16' }), // 3 two buses
        line({ odometer: '20900', date: '2026-11-16' }), // 4 nothing to find a bus by
      ),
    )
    expect(view.sample.map((r) => [r.row, r.vehicleId])).toEqual([[2, ids.busB]])
    expect(problemsOf(view, 3)).toEqual([[null, 'The card, plate and identifier of this row point to different buses']])
    expect(problemsOf(view, 4)).toEqual([[null, 'Give the card number, the plate or the bus identifier']])
  })

  it('operator managers import the buses assigned to them on the row date, as the payer', async () => {
    const view = await preview(
      csvOf(
        line({ card: cards.op, odometer: '1000', date: '2026-11-05' }), // assigned
        line({ card: cards.op, odometer: '1100', date: '2026-11-25' }), // after the assignment
        line({ plate: 'FUEL-A1', odometer: '99999', date: '2026-11-06' }), // another owner's bus, never assigned
      ),
      ids.opManager,
      ids.operator,
    )
    expect(problemsOf(view, 2)).toEqual([])
    expect(problemsOf(view, 3)).toEqual([[null, expect.stringMatching(/^Bus TV-.* was not assigned to your company on 2026-11-25$/)]])
    expect(problemsOf(view, 4)).toEqual([['plate', 'No bus of your company has this card, plate or identifier']])
    const done = await commitFuelImport(await ctx(ids.opManager), { companyId: ids.operator, importId: view.id })
    expect(done).toMatchObject({ imported: 1 })
    const [e] = await entriesOf(ids.opBus)
    expect(e).toMatchObject({ companyId: ids.operator, ownerCompanyId: ids.other, source: 'import' })
    const [rolled] = await db.read.select().from(vehicleMonthCosts).where(and(eq(vehicleMonthCosts.vehicleId, ids.opBus), eq(vehicleMonthCosts.payerCompanyId, ids.operator)))
    expect(rolled).toMatchObject({ fuelCents: 20000, month: '2026-11', ownerCompanyId: ids.other })
  })

  it('caps: 12,000 rows, 2 MB, 10 uploads waiting; nothing stored when refused', async () => {
    const count = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(fuelImports))[0]!.n)
    const before = await count()
    const many = [HEADER, ...Array.from({ length: FUEL_CSV_MAX_ROWS + 1 }, (_, i) => line({ card: cards.a, odometer: String(50000 + i) }))].join('\n')
    await expect(preview(many)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The file has more than 12000 rows; split it into files of at most 12000 rows' })
    await expect(previewFuelImport(await ctx(), { companyId: ids.owner, bytes: new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41) })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect(await count()).toBe(before)

    const company = (await createCompany(db, 'Busy Owner Co', ['Owner'])).id
    await grantRole(db, ids.manager, company, 'Owner')
    const c = await ctx()
    const one = csvOf(line({ plate: 'nothing', odometer: '1' }))
    for (let i = 0; i < FUEL_IMPORTS_STAGED_MAX; i++) await previewFuelImport(c, { companyId: company, csv: one })
    await expect(previewFuelImport(c, { companyId: company, csv: one })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Your company already has 10 uploads waiting to be imported: import or discard one of them first',
    })
    // A week later the clean-up has removed them: room again.
    const later = new Date(NOW.getTime() + 8 * 86_400_000)
    expect((await purgeStaleFuelImports(db, later)).deleted).toBeGreaterThanOrEqual(FUEL_IMPORTS_STAGED_MAX)
    await expect(previewFuelImport(c, { companyId: company, csv: one })).resolves.toMatchObject({ status: 'staged' })
  })

  // The whole bound once, on the default driver (the commit's bulk write takes ~2 s; tests/integration/fuel-import-bulk.test.ts times it on both drivers).
  it.runIf(driver === 'better-sqlite3')('a 12,000-row month of 200 buses is previewed and imported in one transaction', { timeout: 240_000 }, async () => {
    const fleet = (await createCompany(db, 'Big Fleet Co', ['Owner'])).id
    await grantRole(db, ids.manager, fleet, 'Owner')
    const plates: string[] = []
    for (let i = 0; i < 200; i++) plates.push((await insertVehicle(db, fleet, { licensePlate: `BIG-${i}`, fuelUnit: 'gal' })).licensePlate)
    const rows: string[] = []
    for (let d = 0; d < 30; d++) {
      for (let k = 0; k < 2; k++) {
        for (let b = 0; b < 200; b++) {
          const day = `2026-10-${String(d + 1).padStart(2, '0')}`
          rows.push(line({ plate: plates[b]!, date: day, time: k ? '15:00' : '05:30', odometer: String(1000 + d * 200 + k * 100), gallons: '20', total: '80.00' }))
        }
      }
    }
    const csv = csvOf(...rows)
    expect(new TextEncoder().encode(csv).byteLength).toBeLessThan(2 * 1024 * 1024)
    const view = await previewFuelImport(await ctx(), { companyId: fleet, csv })
    expect(view).toMatchObject({ totalRows: 12000, validRows: 12000, problemRows: 0 })
    const done = await commitFuelImport(await ctx(), { companyId: fleet, importId: view.id })
    expect(done).toMatchObject({ imported: 12000, totalCents: 12000 * 8000 })
    const [rolled] = await db.read.select({ cents: sql<number>`sum(${vehicleMonthCosts.fuelCents})` }).from(vehicleMonthCosts).where(eq(vehicleMonthCosts.ownerCompanyId, fleet))
    expect(Number(rolled!.cents)).toBe(12000 * 8000)
  })

  it('REST: text/csv upload, the commit twice answers the same result; tRPC the same; both in the OpenAPI document', async () => {
    const token = await apiTokenFor(db, ids.manager)
    const call = (method: string, path: string, body?: string, type = 'text/csv') =>
      handleRestRequest(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': type }, body }), db, '127.0.0.1')
    const up = await call('POST', `/api/fuel/IMPORT/${ids.owner}?fileName=rest.csv`, csvOf(line({ card: cards.b, odometer: '23000', date: '2026-11-23' }), line({ card: cards.b, odometer: '23100', total: '1.999', date: '2026-11-24' })))
    expect(up.status).toBe(201)
    const view = (await up.json()) as { id: number; fileName: string; validRows: number; problems: { row: number; column: string; message: string }[] }
    expect(view).toMatchObject({ fileName: 'rest.csv', validRows: 1, problems: [{ row: 3, column: 'total', message: 'The amount has more than two decimals' }] })
    const first = await call('POST', `/api/Fuel/import/${ids.owner}/${view.id}/commit`)
    expect(first.status).toBe(200)
    const body = await first.json()
    expect(body).toMatchObject({ imported: 1, skipped: 1, changed: 0, currency: 'USD' })
    const second = await call('POST', `/api/Fuel/import/${ids.owner}/${view.id}/commit`)
    expect([second.status, await second.json()]).toEqual([200, body])
    const got = await call('GET', `/api/Fuel/import/${ids.owner}/${view.id}`)
    expect(await got.json()).toMatchObject({ status: 'imported', importedCount: 1 })

    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.manager) })
    const t = await caller.fuelImport.preview({ companyId: ids.owner, csv: csvOf(line({ card: cards.b, odometer: '23200', date: '2026-11-25' })) })
    const a = await caller.fuelImport.commit({ companyId: ids.owner, importId: t.id })
    expect(await caller.fuelImport.commit({ importId: t.id })).toEqual(a)
    expect(a).toMatchObject({ imported: 1 })

    const doc = (await (await call('GET', '/api/openapi.json')).json()) as { paths: Record<string, unknown> }
    for (const path of ['/api/Fuel/import/{companyId}', '/api/Fuel/import/{companyId}/{importId}', '/api/Fuel/import/{companyId}/{importId}/commit', '/api/Fuel/importTemplate']) expect(doc.paths).toHaveProperty([path])
  })

  describe('pages', () => {
    beforeAll(() => useAsAppDb(db))

    it('upload form → preview naming the problems (in Spanish too) → Import → the fuel log with a toast; without JavaScript', async () => {
      const cookie = await webSessionFor(db, ids.manager)
      const params = { companyId: String(ids.owner) }
      const form = new FormData()
      form.set('file', new File([csvOf(line({ card: cards.b, odometer: '21000', date: '2026-11-20' }), line({ card: cards.b, odometer: '21500', gallons: '-1', date: '2026-11-21' }))], 'page.csv', { type: 'text/csv' }))
      const uploaded = await callPage(uploadPage.action, `/fuel/${ids.owner}/import`, { cookie, params, form })
      expect(uploaded.status).toBe(302)
      const importId = /\/import\/(\d+)$/.exec(uploaded.location ?? '')![1]!
      const p = { ...params, importId }
      const shown = await callPage(previewPage.loader, `/fuel/${ids.owner}/import/${importId}`, { cookie, params: p })
      expect(shown.body).toMatchObject({ view: { fileName: 'page.csv', validRows: 1, problemRows: 1, problems: [{ row: 3, column: 'quantity', message: 'The quantity cannot be negative' }] } })
      const spanish = await callPage(previewPage.loader, `/fuel/${ids.owner}/import/${importId}`, { cookie: `${cookie}; operon_lng=es`, params: p })
      expect(spanish.body).toMatchObject({ view: { problems: [{ row: 3, message: 'La cantidad no puede ser negativa' }] } })
      const committed = await callPage(previewPage.action, `/fuel/${ids.owner}/import/${importId}`, { cookie, params: p, form: {} })
      expect(committed).toMatchObject({ status: 302, location: `/fuel/${ids.owner}`, toast: { type: 'success', message: 'Imported 1 fill-ups; 1 rows were skipped' } })
      const again = await callPage(previewPage.action, `/fuel/${ids.owner}/import/${importId}`, { cookie, params: p, form: {} })
      expect(again).toMatchObject({ status: 302, location: `/fuel/${ids.owner}` })
      expect((await entriesOf(ids.busB)).filter((e) => e.importId === Number(importId))).toHaveLength(1)
      const empty = await callPage(uploadPage.action, `/fuel/${ids.owner}/import`, { cookie, params, form: new FormData() })
      expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { file: 'Choose a CSV file' } } })
    })

    it('Discard deletes a staged upload; its page then says it is gone', async () => {
      const cookie = await webSessionFor(db, ids.manager)
      const view = await preview(csvOf(line({ card: cards.b, odometer: '22000', date: '2026-11-22' })))
      const p = { companyId: String(ids.owner), importId: String(view.id) }
      const discarded = await callPage(previewPage.action, `/fuel/${ids.owner}/import/${view.id}`, { cookie, params: p, form: { intent: 'discard' } })
      expect(discarded).toMatchObject({ status: 302, location: `/fuel/${ids.owner}/import` })
      const page = await callPage(previewPage.loader, `/fuel/${ids.owner}/import/${view.id}`, { cookie, params: p })
      expect(page).toMatchObject({ status: 404, body: { view: null, gone: expect.stringContaining('does not exist or has expired') } })
    })
  })
})
