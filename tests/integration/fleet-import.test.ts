/**
 * The fleet CSV import (issue 26, decision 076): each row's problems named by row and column,
 * file checks (size, binary, UTF-8, 5,000 rows), BOM/semicolon/quotes, one transaction or none,
 * once only, and who may do it through the use case, REST, tRPC and the pages; the page says the
 * problems in the reader's language, REST in English. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, fleetImports, vehicles } from '#db/schema/index.ts'
import { FLEET_CSV_MAX_ROWS } from '#catalog/fleet-csv.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { runRetention } from '#server/compliance/retention.server.ts'
import { purgeStaleFleetImports } from '#server/fleet/import/fleet-import-cleanup.server.ts'
import { commitFleetImport, getFleetImport, previewFleetImport, type FleetImportPreview } from '#server/fleet/import/fleet-import.server.ts'
import type { VinDecodeResult } from '#server/fleet/vin-decode.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import * as uploadPage from '#app/routes/_app+/fleet.$companyId_.import.tsx'
import * as previewPage from '#app/routes/_app+/fleet.$companyId_.import_.$importId.tsx'
import * as progressRoute from '#app/routes/fleet.$companyId.import.$importId.progress.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1HVBTAFM0NH${String(300000 + vinSeq++).slice(-6)}`)
const HEADER = 'vehicleIdentifier,make,model,vin,licensePlate,yearBuild,fuelType,licenseExpiry,odometer,gps'
const row = (o: Partial<Record<string, string>> = {}) => {
  const v = { vehicleIdentifier: '', make: 'IC Bus', model: 'CE', vin: nextVin(), licensePlate: `IMP ${vinSeq}`, yearBuild: '2019', fuelType: 'Diesel', licenseExpiry: '2031-01-31', odometer: '1200', gps: 'Yes', ...o }
  return [v.vehicleIdentifier, v.make, v.model, v.vin, v.licensePlate, v.yearBuild, v.fuelType, v.licenseExpiry, v.odometer, v.gps].join(',')
}
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n'
const NOW = new Date('2026-11-27T12:00:00Z')

const stubDecode = async (vin: string): Promise<VinDecodeResult> =>
  ({ found: true, make: 'BLUE BIRD', model: 'Vision', modelYear: 2014, numberOfSeats: null, fuelType: 1, transmissionType: null, powertrainType: null, checkDigitValid: true, errorCodes: ['0'], source: 'offline', vin }) as unknown as VinDecodeResult

describe.each(DRIVERS)('fleet CSV import on %s', (driver) => {
  let db: Database
  const ids = {} as { owner: number; other: number; manager: number; otherManager: number; driver: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Import Owner Co', ['Owner', 'Operator'])).id
    ids.other = (await createCompany(db, 'Unrelated Owner Co', ['Owner'])).id
    ids.manager = (await createUser(db, { firstName: 'Iris', lastName: 'Importer' })).id
    ids.otherManager = (await createUser(db)).id
    ids.driver = (await createUser(db)).id
    await grantRole(db, ids.manager, ids.owner, 'Owner')
    await grantRole(db, ids.otherManager, ids.other, 'Owner')
    await grantRole(db, ids.driver, ids.owner, 'Driver')
  })
  afterAll(() => db.close())

  const ctx = (userId = ids.manager) => ctxFor(db, userId, NOW)
  const preview = async (csv: string, userId = ids.manager) => previewFleetImport(await ctx(userId), { companyId: ids.owner, fileName: 'buses.csv', csv }, { decode: stubDecode })
  const fleetCount = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(vehicles).where(eq(vehicles.ownerCompanyId, ids.owner)))[0]!.n)
  const problemsOf = (view: Awaited<ReturnType<typeof preview>>, rowNo: number) => view.problems.filter((p) => p.row === rowNo)

  it('names every row problem with its row and column; warnings do not block', async () => {
    const taken = await insertVehicle(db, ids.owner, { vin: nextVin(), vehicleIdentifier: 'TAKEN-1' })
    const dupVin = nextVin()
    const badDigit = nextVin()
    const wrongDigit = badDigit.slice(0, 8) + (badDigit[8] === '0' ? '1' : '0') + badDigit.slice(9)
    const view = await preview(
      csvOf(
        row({ vehicleIdentifier: 'OK-1' }), // 2 ok
        row({ vin: wrongDigit }), // 3 warning: check digit
        row({ vin: dupVin }), // 4 duplicate VIN in the file
        row({ vin: dupVin }), // 5 duplicate VIN in the file
        row({ vehicleIdentifier: 'TAKEN-1' }), // 6 identifier already in the fleet
        row({ vin: taken.vin }), // 7 VIN already registered
        row({ fuelType: 'Petrol' }), // 8 unknown fuel type
        row({ licenseExpiry: '2027-02-30' }), // 9 not a real date
        row({ licenseExpiry: '2020-01-31' }), // 10 warning: past
        row({ licensePlate: '' }), // 11 required field missing
        row({ make: '', model: '', yearBuild: '' }), // 12 filled from the VIN
        row({ gps: 'maybe' }), // 13 not Yes/No
        row({ vin: 'NOTAVIN' }), // 14 VIN format
      ),
    )
    expect(view.totalRows).toBe(13)
    expect(problemsOf(view, 2)).toEqual([])
    expect(problemsOf(view, 3)).toEqual([])
    expect(view.warnings.find((w) => w.row === 3)).toMatchObject({ column: 'vin', message: expect.stringContaining('check digit') })
    expect(problemsOf(view, 4)).toEqual([expect.objectContaining({ column: 'vin', message: 'The same VIN is on row 5' })])
    expect(problemsOf(view, 5)).toEqual([expect.objectContaining({ column: 'vin', message: 'The same VIN is on row 4' })])
    expect(problemsOf(view, 6)).toEqual([expect.objectContaining({ column: 'vehicleIdentifier', message: 'This vehicle identifier is already in use' })])
    expect(problemsOf(view, 7)).toEqual([expect.objectContaining({ column: 'vin', message: 'A vehicle with this VIN is already registered' })])
    expect(problemsOf(view, 8)[0]).toMatchObject({ column: 'fuelType', message: expect.stringMatching(/^Unknown fuel type "Petrol": use one of .*Diesel/) })
    expect(problemsOf(view, 9)).toEqual([expect.objectContaining({ column: 'licenseExpiry', message: 'Enter a real date' })])
    expect(problemsOf(view, 10)).toEqual([])
    expect(view.warnings.find((w) => w.row === 10)).toMatchObject({ column: 'licenseExpiry', message: 'This date has passed (2020-01-31)' })
    expect(problemsOf(view, 11)).toEqual([expect.objectContaining({ column: 'licensePlate', message: 'License plate is required' })])
    expect(problemsOf(view, 12)).toEqual([])
    expect(view.filled).toEqual([expect.objectContaining({ row: 12, fields: { make: 'BLUE BIRD', model: 'Vision', yearBuild: 2014 } })])
    expect(problemsOf(view, 13)).toEqual([expect.objectContaining({ column: 'gps', message: '"maybe" is not Yes or No' })])
    expect(problemsOf(view, 14)[0]).toMatchObject({ column: 'vin', message: 'A VIN has 17 letters and digits (no I, O or Q)' })
    expect(view).toMatchObject({ validRows: 4, problemRows: 9, canImport: true, status: 'staged' })
    // Staged, readable again (a reload of the preview).
    expect(await getFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })).toEqual(view)
  })

  it('refuses unknown, repeated and missing columns for the whole file', async () => {
    const view = await preview(`make,model,vin,colour,Make\r\nA,B,${nextVin()},red,C\r\n`)
    expect(view.fileProblems.map((p) => p.message)).toEqual(['Unknown column "colour"', 'The column make appears twice', 'The column licensePlate is missing'])
    expect(view.canImport).toBe(false)
    await expect(commitFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('reads a BOM, semicolons, quoted fields with doubled quotes and line breaks, decimal commas', async () => {
    const vin = nextVin()
    const other = nextVin()
    const text =
      `\uFEFFvin;licensePlate;make;model;seatConfiguration;length;color\r\n` +
      `${other};"SEMI 0";M;X;"2+2\nrear bench";;\r\n` + // rows 2–3: a line break inside quotes (a one-line field refuses it)
      `${vin};"SEMI 1";"Blue ""Bird""";Vision;"2+2";"12,5";" Yellow "\r\n` // row 4
    const view = await preview(text)
    expect(view).toMatchObject({ totalRows: 2, validRows: 1, fileProblems: [] })
    expect(view.problems).toEqual([expect.objectContaining({ row: 2, column: 'seatConfiguration', messageId: expect.stringContaining('control') })])
    const done = await commitFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })
    expect(done).toMatchObject({ imported: 1, skipped: 1 })
    const [v] = await db.read.select().from(vehicles).where(and(eq(vehicles.vin, vin), eq(vehicles.ownerCompanyId, ids.owner)))
    expect(v).toMatchObject({ make: 'Blue "Bird"', licensePlate: 'SEMI 1', length: 12.5, color: 'Yellow', seatConfiguration: '2+2' })
  })

  it('refuses more than 5,000 rows, binary files and other encodings, and stores nothing', async () => {
    const before = (await db.read.select({ n: sql<number>`count(*)` }).from(fleetImports))[0]!.n
    const many = [HEADER, ...Array.from({ length: FLEET_CSV_MAX_ROWS + 1 }, (_, i) => `,M,X,${withVinCheckDigit(`1HVBTAFM0NH${String(600000 + i)}`)},P ${i},,,,,`)].join('\n')
    await expect(preview(many)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('more than 5000 rows') })
    const c = await ctx()
    await expect(previewFleetImport(c, { companyId: ids.owner, bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('binary') })
    await expect(previewFleetImport(c, { companyId: ids.owner, bytes: new Uint8Array([0x76, 0x69, 0x6e, 0x0a, 0xe9, 0x0a]) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('UTF-8') })
    await expect(previewFleetImport(c, { companyId: ids.owner, bytes: new Uint8Array(4 * 1024 * 1024 + 1).fill(0x41) })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    await expect(preview('vin,licensePlate\r\n"open quote,x\r\n')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('line 2') })
    expect((await db.read.select({ n: sql<number>`count(*)` }).from(fleetImports))[0]!.n).toBe(before)
  })

  it('imports the valid rows once, with the audit; a second click (or a parallel one) writes nothing', async () => {
    const view = await preview(csvOf(row(), row(), row({ fuelType: 'Steam' })))
    const before = await fleetCount()
    const c = await ctx()
    const [a, b] = await Promise.allSettled([
      commitFleetImport(c, { companyId: ids.owner, importId: view.id }),
      commitFleetImport(c, { companyId: ids.owner, importId: view.id }),
    ])
    const results = [a, b]
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['CONFLICT'])
    expect(await fleetCount()).toBe(before + 2)
    await expect(commitFleetImport(c, { companyId: ids.owner, importId: view.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This file has already been imported' })
    expect(await fleetCount()).toBe(before + 2)
    const audits = await db.read.select().from(auditLog).where(eq(auditLog.action, 'fleet.import'))
    expect(audits.find((x) => x.entityId === String(view.id))?.details).toMatchObject({ imported: 2, skipped: 1, rows: 3 })
    const perVehicle = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'vehicle.create'), sql`json_extract(${auditLog.details}, '$.importId') = ${view.id}`))
    expect(perVehicle).toHaveLength(2)
    expect((await getFleetImport(c, { companyId: ids.owner, importId: view.id })).status).toBe('imported')
  })

  it('writes all rows or none: a write failing midway leaves no vehicle and the import staged', async () => {
    const view = await preview(csvOf(row(), row(), row(), row()))
    // A row that passed the checks but breaks a database rule (the fuel type CHECK) as the 4th write.
    const [stored] = await db.read.select().from(fleetImports).where(eq(fleetImports.id, view.id))
    const staged = JSON.parse(stored!.preview) as FleetImportPreview
    staged.rows[3]!.input!.fuelType = 42 as never
    await db.transaction((tx) => tx.update(fleetImports).set({ preview: JSON.stringify(staged) }).where(eq(fleetImports.id, view.id)))
    const before = await fleetCount()
    await expect(commitFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })).rejects.toThrow()
    expect(await fleetCount()).toBe(before)
    expect((await getFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })).status).toBe('staged')
  })

  it('refuses the import when the fleet took a VIN since the preview (nothing written)', async () => {
    const vin = nextVin()
    const view = await preview(csvOf(row(), row({ vin })))
    await insertVehicle(db, ids.other, { vin })
    const before = await fleetCount()
    await expect(commitFleetImport(await ctx(), { companyId: ids.owner, importId: view.id })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('rows 3') })
    expect(await fleetCount()).toBe(before)
  })

  it('lets only the Owner managers of the company: unrelated company → FORBIDDEN (API.md, issue 38), another company\'s import → NOT_FOUND, a driver → FORBIDDEN', async () => {
    const view = await preview(csvOf(row()))
    await expect(preview(csvOf(row()), ids.otherManager)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(preview(csvOf(row()), ids.driver)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(previewFleetImport(anon(db), { companyId: ids.owner, csv: csvOf(row()) })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(getFleetImport(await ctx(ids.otherManager), { importId: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(commitFleetImport(await ctx(ids.otherManager), { importId: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(commitFleetImport(await ctx(ids.driver), { importId: view.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    // Another company's id in the path: this manager holds no role there (403); the import of the
    // manager's own company named under it stays unfound.
    await expect(commitFleetImport(await ctx(), { companyId: ids.other, importId: view.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(commitFleetImport(await ctx(ids.otherManager), { companyId: ids.other, importId: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('REST: text/csv or JSON upload, then import; 403 unrelated company and driver, 409 twice', async () => {
    const [token, otherToken, driverToken] = await Promise.all([apiTokenFor(db, ids.manager), apiTokenFor(db, ids.otherManager), apiTokenFor(db, ids.driver)])
    const post = (path: string, t: string, body?: string, type = 'text/csv') =>
      handleRestRequest(new Request(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': type }, body }), db, '127.0.0.1')
    const staged = await post(`/api/Fleet/${ids.owner}/import?fileName=rest.csv`, token, csvOf(row(), row({ fuelType: 'Coal' })))
    expect(staged.status).toBe(201)
    const view = (await staged.json()) as { id: number; validRows: number; problems: { row: number; column: string }[]; fileName: string }
    expect(view).toMatchObject({ validRows: 1, fileName: 'rest.csv', problems: [{ row: 3, column: 'fuelType' }] })
    const json = await post(`/api/Fleet/${ids.owner}/import`, token, JSON.stringify({ csv: csvOf(row()), fileName: 'j.csv' }), 'application/json')
    expect(json.status).toBe(201)
    expect((await post(`/api/Fleet/${ids.owner}/import`, otherToken, csvOf(row()))).status).toBe(403)
    expect((await post(`/api/Fleet/${ids.owner}/import`, driverToken, csvOf(row()))).status).toBe(403)
    expect((await post(`/api/Fleet/${ids.owner}/import/${view.id}`, otherToken)).status).toBe(403)
    expect((await post(`/api/Fleet/${ids.owner}/import/${view.id}`, driverToken)).status).toBe(403)
    const done = await post(`/api/Fleet/${ids.owner}/import/${view.id}`, token)
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ imported: 1, skipped: 1 })
    expect((await post(`/api/Fleet/${ids.owner}/import/${view.id}`, token)).status).toBe(409)
    const template = await handleRestRequest(new Request('http://localhost/api/Fleet/importTemplate', { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    expect((await template.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('vehicleIdentifier,make,model,vin,licensePlate,yearBuild,manufactureDate,color,bodyManufacturer,fuelType,transmissionType,powertrainType,tireSize,odometer,lengthUnit,length,width,height,weightClass,turningRadius,adaCompliant,gps,driveCam,backupCam,emergencyExits,fireExtinguishers,firstAidKit,seatConfiguration,numberOfSeats,seatbelts,copilotSeat,luggageOption,destinationSigns,entertainmentSystem,usbChargingPorts,airConditioning,titleHire,insuranceValue,insuranceExpiry,sellValue,licenseExpiry,nextInspection')
  })

  it('tRPC: fleet.import.preview and commit, with the same refusals', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.manager) })
    const view = await caller.fleet.import.preview({ companyId: ids.owner, csv: csvOf(row()), fileName: 't.csv' })
    const other = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.otherManager) })
    await expect(other.fleet.import.commit({ importId: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const drv = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.driver) })
    await expect(drv.fleet.import.preview({ companyId: ids.owner, csv: csvOf(row()) })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await caller.fleet.import.commit({ importId: view.id })).toMatchObject({ imported: 1, skipped: 0 })
    await expect(caller.fleet.import.commit({ importId: view.id })).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  describe('clean-up by the daily retention run', () => {
    beforeAll(() => useAsAppDb(db))

    it('deletes staged uploads a week old (page, REST and tRPC say so), keeps younger ones, drops old imports\' rows but not their counts', async () => {
      const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000)
      const stageAt = async (d: number, csv: string) => previewFleetImport(await ctxFor(db, ids.manager, daysAgo(d)), { companyId: ids.owner, fileName: `d${d}.csv`, csv }, { decode: stubDecode })
      const stale = await stageAt(8, csvOf(row()))
      const young = await stageAt(6, csvOf(row(), row({ fuelType: 'Hay' })))
      const oldImport = await stageAt(9, csvOf(row(), row({ gps: 'perhaps' })))
      await commitFleetImport(await ctxFor(db, ids.manager, daysAgo(8)), { companyId: ids.owner, importId: oldImport.id })
      const newImport = await stageAt(3, csvOf(row()))
      await commitFleetImport(await ctxFor(db, ids.manager, daysAgo(2)), { companyId: ids.owner, importId: newImport.id })
      const payload = async (id: number) => (await db.read.select({ p: fleetImports.preview }).from(fleetImports).where(eq(fleetImports.id, id)))[0]?.p

      await runRetention(db, NOW)

      // The stale upload is gone, with a message that says why, on every door.
      expect(await payload(stale.id)).toBeUndefined()
      const gone = { code: 'NOT_FOUND', message: 'This upload does not exist or has expired (uploads not imported are kept 7 days); upload the file again' }
      await expect(getFleetImport(await ctx(), { companyId: ids.owner, importId: stale.id })).rejects.toMatchObject(gone)
      await expect(commitFleetImport(await ctx(), { companyId: ids.owner, importId: stale.id })).rejects.toMatchObject(gone)
      const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.manager) })
      await expect(caller.fleet.import.get({ companyId: ids.owner, importId: stale.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: gone.message })
      const token = await apiTokenFor(db, ids.manager)
      const rest = await handleRestRequest(new Request(`http://localhost/api/Fleet/${ids.owner}/import/${stale.id}`, { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
      expect(rest.status).toBe(404)
      expect(JSON.stringify(await rest.json())).toContain('has expired')
      const cookie = await webSessionFor(db, ids.manager)
      const params = { companyId: String(ids.owner), importId: String(stale.id) }
      const page = await callPage(previewPage.loader, `/fleet/${ids.owner}/import/${stale.id}`, { cookie, params })
      expect(page).toMatchObject({ status: 404, body: { view: null, gone: gone.message } })
      const post = await callPage(previewPage.action, `/fleet/${ids.owner}/import/${stale.id}`, { cookie, params, form: {} })
      expect(post).toMatchObject({ status: 404, body: { formError: gone.message } })

      // Six days old: kept whole, still importable.
      expect(await getFleetImport(await ctx(), { companyId: ids.owner, importId: young.id })).toEqual(young)

      // Imported eight days ago: the counts, who and when stay; the rows and problems are dropped; the audit row stays.
      expect(await payload(oldImport.id)).toBe('')
      const kept = await getFleetImport(await ctx(), { companyId: ids.owner, importId: oldImport.id })
      expect(kept).toMatchObject({ status: 'imported', totalRows: 2, validRows: 1, problemRows: 1, importedCount: 1, fileName: 'd9.csv', rowsRemoved: true, problems: [], sample: [], canImport: false })
      expect(kept.importedAt).toBe(daysAgo(8).toISOString())
      const [stored] = await db.read.select().from(fleetImports).where(eq(fleetImports.id, oldImport.id))
      expect(stored).toMatchObject({ userId: ids.manager, createdAt: daysAgo(9) })
      const audits = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'fleet.import'), eq(auditLog.entityId, String(oldImport.id))))
      expect(audits).toHaveLength(1)
      const shown = await callPage(previewPage.loader, `/fleet/${ids.owner}/import/${oldImport.id}`, { cookie, params: { ...params, importId: String(oldImport.id) } })
      expect(shown).toMatchObject({ status: 200, body: { gone: null, view: { rowsRemoved: true, importedCount: 1 } } })
      await expect(commitFleetImport(await ctx(), { companyId: ids.owner, importId: oldImport.id })).rejects.toMatchObject({ code: 'CONFLICT' })

      // Imported two days ago: kept whole.
      expect((await getFleetImport(await ctx(), { companyId: ids.owner, importId: newImport.id })).rowsRemoved).toBe(false)
      expect(await payload(newImport.id)).not.toBe('')

      // A second run the same day finds nothing more.
      expect(await purgeStaleFleetImports(db, NOW)).toEqual({ deleted: 0, trimmed: 0 })
      // Two days later the six-day-old upload goes too.
      expect(await purgeStaleFleetImports(db, new Date(NOW.getTime() + 2 * 86_400_000))).toEqual({ deleted: 1, trimmed: 0 })
    })
  })

  describe('pages', () => {
    beforeAll(() => useAsAppDb(db))

    it('upload form → preview → Import button → the fleet with a toast; without JavaScript', async () => {
      const cookie = await webSessionFor(db, ids.manager)
      const params = { companyId: String(ids.owner) }
      const form = new FormData()
      form.set('file', new File([csvOf(row(), row({ fuelType: 'Wood' }))], 'page.csv', { type: 'text/csv' }))
      const uploaded = await callPage(uploadPage.action, `/fleet/${ids.owner}/import`, { cookie, params, form })
      expect(uploaded.status).toBe(302)
      const importId = /\/import\/(\d+)$/.exec(uploaded.location ?? '')![1]!
      const shown = await callPage(previewPage.loader, `/fleet/${ids.owner}/import/${importId}`, { cookie, params: { ...params, importId } })
      expect(shown.body).toMatchObject({ view: { fileName: 'page.csv', validRows: 1, problemRows: 1, problems: [{ row: 3, column: 'fuelType' }] } })
      const before = await fleetCount()
      const committed = await callPage(previewPage.action, `/fleet/${ids.owner}/import/${importId}`, { cookie, params: { ...params, importId }, form: {} })
      expect(committed).toMatchObject({ status: 302, location: `/fleet/${ids.owner}`, toast: { type: 'success', message: 'Imported 1 vehicles; 1 rows with problems were skipped' } })
      expect(await fleetCount()).toBe(before + 1)
      const again = await callPage(previewPage.action, `/fleet/${ids.owner}/import/${importId}`, { cookie, params: { ...params, importId }, form: {} })
      expect(again).toMatchObject({ status: 409, body: { formError: 'This file has already been imported' } })
      // No file chosen: the field says so.
      const empty = await callPage(uploadPage.action, `/fleet/${ids.owner}/import`, { cookie, params, form: new FormData() })
      expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { file: 'Choose a CSV file' } } })
    })

    it("a Spanish page shows each problem in Spanish (the schema's own sentences too); REST keeps English", async () => {
      const cookie = await webSessionFor(db, ids.manager)
      const params = { companyId: String(ids.owner) }
      const form = new FormData()
      const csv = csvOf(
        row({ model: 'M'.repeat(101) }), // 2
        row({ make: '', vin: 'NOTAVIN' }), // 3: no VIN to fill the make from
        row({ vehicleIdentifier: 'ES-DUP-1' }), // 4
        row({ vehicleIdentifier: 'ES-DUP-1' }), // 5
        row({ licenseExpiry: '2020-01-31' }), // 6: a warning
      )
      form.set('file', new File([csv], 'es.csv', { type: 'text/csv' }))
      const uploaded = await callPage(uploadPage.action, `/fleet/${ids.owner}/import`, { cookie, params, form })
      const importId = /\/import\/(\d+)$/.exec(uploaded.location ?? '')![1]!
      const read = async (lng: 'en' | 'es') => {
        const page = await callPage(previewPage.loader, `/fleet/${ids.owner}/import/${importId}`, { cookie: `${cookie}; operon_lng=${lng}`, params: { ...params, importId } })
        const view = (page.body as { view: Awaited<ReturnType<typeof preview>> }).view
        return { problems: view.problems.map((p) => [p.row, p.column, p.message]), warnings: view.warnings.map((p) => [p.row, p.column, p.message]) }
      }
      expect(await read('es')).toEqual({
        problems: [
          [2, 'model', 'Como máximo 100 caracteres'],
          [3, 'make', 'El campo «Marca» es obligatorio'],
          [3, 'vin', 'Un VIN tiene 17 letras y dígitos (sin I, O ni Q)'],
          [4, 'vehicleIdentifier', 'El mismo identificador del vehículo está en la fila 5'],
          [5, 'vehicleIdentifier', 'El mismo identificador del vehículo está en la fila 4'],
        ],
        warnings: [[6, 'licenseExpiry', `Esta fecha ya pasó (${formatDateOnly('2020-01-31', 'es')})`]],
      })
      const english = {
        problems: [
          [2, 'model', 'At most 100 characters'],
          [3, 'make', 'Make is required'],
          [3, 'vin', 'A VIN has 17 letters and digits (no I, O or Q)'],
          [4, 'vehicleIdentifier', 'The same vehicle identifier is on row 5'],
          [5, 'vehicleIdentifier', 'The same vehicle identifier is on row 4'],
        ],
        warnings: [[6, 'licenseExpiry', `This date has passed (${formatDateOnly('2020-01-31', 'en')})`]],
      }
      expect(await read('en')).toEqual(english)
      // REST, asked in Spanish: the contract's English, the date as the file wrote it.
      const res = await handleRestRequest(
        new Request(`http://localhost/api/Fleet/${ids.owner}/import/${importId}`, {
          headers: { authorization: `Bearer ${await apiTokenFor(db, ids.manager)}`, cookie: 'operon_lng=es', 'accept-language': 'es-US,es;q=0.9' },
        }),
        db,
        '127.0.0.1',
      )
      expect(res.status).toBe(200)
      const rest = (await res.json()) as Awaited<ReturnType<typeof preview>>
      expect({ problems: rest.problems.map((p) => [p.row, p.column, p.message]), warnings: rest.warnings.map((p) => [p.row, p.column, p.message]) }).toEqual({
        ...english,
        warnings: [[6, 'licenseExpiry', 'This date has passed (2020-01-31)']],
      })
    })

    it('the progress route streams NDJSON lines and ends with the count', async () => {
      const cookie = await webSessionFor(db, ids.manager)
      const view = await preview(csvOf(...Array.from({ length: 250 }, () => row())))
      const res = await callPage(progressRoute.action, `/fleet/${ids.owner}/import/${view.id}/progress`, { cookie, params: { companyId: String(ids.owner), importId: String(view.id) }, form: {} })
      const lines = (await res.response!.text()).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(lines[0]).toEqual({ done: 0, total: 250 })
      expect(lines).toContainEqual({ done: 100, total: 250 })
      expect(lines.at(-1)).toEqual({ ok: true, imported: 250, skipped: 0 })
    })

    it('an unrelated manager and a driver are turned away by the pages', async () => {
      const view = await preview(csvOf(row()))
      for (const user of [ids.otherManager, ids.driver]) {
        const cookie = await webSessionFor(db, user)
        const params = { companyId: String(ids.owner), importId: String(view.id) }
        const page = await callPage(previewPage.loader, `/fleet/${ids.owner}/import/${view.id}`, { cookie, params })
        expect(page.status).toBe(302)
        const post = await callPage(previewPage.action, `/fleet/${ids.owner}/import/${view.id}`, { cookie, params, form: {} })
        expect(post.status).toBe(302)
      }
      expect((await getFleetImport(await ctx(), { importId: view.id })).status).toBe('staged')
    })
  })
})
