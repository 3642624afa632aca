/**
 * Decision 077: the pre-trips, inspections, repair actions and (decision 085) fuel and energy records of a date range as CSV, through the
 * resource routes and REST, on both drivers: columns, inclusive range edges, range validation,
 * tenant boundaries (unrelated company 403 as API.md says, driver 403), formula injection neutralised, and a
 * stream that reads the next batch only when the reader asks.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, fuelEntries, repairActions, repairTasks } from '#db/schema/index.ts'
import { CSV_BATCH } from '#server/exports/common.server.ts'
import { exportPreTripsCsv } from '#server/exports/pre-trips.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import * as preTripsRoute from '#app/routes/company.$companyId.export.pre-trips[.]csv.ts'
import * as inspectionsRoute from '#app/routes/company.$companyId.export.inspections[.]csv.ts'
import * as repairsRoute from '#app/routes/company.$companyId.export.repair-actions[.]csv.ts'
import * as fuelRoute from '#app/routes/company.$companyId.export.fuel-records[.]csv.ts'
import { exportFuelRecordsCsv } from '#server/exports/fuel-records.server.ts'
import * as activityPage from '#app/routes/_app+/company.$companyId.activity.tsx'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { assign, insertInspection, insertPreInspection } from '#tests/helpers/inspection-records.ts'
import { callPage } from '#tests/helpers/remix.ts'

/** RFC 4180 rows of a CSV body (BOM stripped). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const s = text.replace(/^\uFEFF/, '')
  const endRow = () => {
    row.push(cell)
    rows.push(row)
    row = []
    cell = ''
  }
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && s[i + 1] === '\n') {
      endRow()
      i++
    } else cell += c
  }
  if (cell || row.length) endRow()
  return rows
}

const INJECTIONS = ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn']

describe.each(DRIVERS)('record exports (%s)', (driver) => {
  let db: Database
  let owner: { id: number }
  let operator: { id: number }
  let shop: { id: number }
  let other: { id: number }
  const u = {} as Record<'owner' | 'operator' | 'shop' | 'driver' | 'stranger', number>
  const cookie = {} as Record<keyof typeof u, string>
  const token = {} as Record<keyof typeof u, string>
  let busId: number

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    owner = await createCompany(db, 'Export Owner', ['Owner'])
    operator = await createCompany(db, 'Export Operator', ['Operator'])
    shop = await createCompany(db, 'Export Shop', ['RepairShop'])
    other = await createCompany(db, 'Unrelated Owner', ['Owner'])
    for (const k of Object.keys({ owner: 1, operator: 1, shop: 1, driver: 1, stranger: 1 }) as (keyof typeof u)[]) u[k] = (await createUser(db, { firstName: k })).id
    await grantRole(db, u.owner, owner.id, 'Owner')
    await grantRole(db, u.operator, operator.id, 'Operator')
    await grantRole(db, u.shop, shop.id, 'RepairShop')
    await grantRole(db, u.driver, operator.id, 'Driver')
    await grantRole(db, u.stranger, other.id, 'Owner')
    for (const k of Object.keys(u) as (keyof typeof u)[]) {
      cookie[k] = await webSessionFor(db, u[k])
      token[k] = await apiTokenFor(db, u[k])
    }
    busId = (await insertVehicle(db, owner.id, { vehicleIdentifier: 'EXP-001' })).id
    await assign(db, busId, operator.id, { startDate: '2026-01-01', endDate: null })
    // Range edges: 2026-02-28 (before), 2026-03-01 and 2026-03-31 (inside), 2026-04-01 (after).
    for (const date of ['2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01']) {
      await insertPreInspection(db, { vehicleId: busId, operatorCompanyId: operator.id, driverUserId: u.driver, date, defective: date === '2026-03-01' ? ['oilLevel'] : [], repairCompanyId: date === '2026-03-01' ? shop.id : undefined })
      await insertInspection(db, { vehicleId: busId, inspectorUserId: null, inspectorName: 'Ivy Inspector', date })
    }
    // Typed comments that a spreadsheet would run as formulas.
    for (const [n, text] of INJECTIONS.entries()) {
      await insertPreInspection(db, { vehicleId: busId, operatorCompanyId: operator.id, date: '2026-03-15', driverName: `Injector ${n}`, text: { comments: text } })
    }
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, owner.id))
      const [a] = await tx
        .insert(repairActions)
        .values({ repairIdentifier: 'RA-EXP-1', vehicleId: busId, ownerCompanyId: owner.id, repairCompanyId: shop.id, comments: '=cmd|calc', createdAt: new Date('2026-03-01T05:59:00Z') })
        .returning({ id: repairActions.id })
      await tx.insert(repairTasks).values({ repairActionId: a!.id, name: 'Replace mirror' })
      // 2026-03-01 00:00 in Chicago is 06:00 UTC: 05:59 UTC is still February there.
      await tx.insert(repairActions).values({ repairIdentifier: 'RA-EXP-2', vehicleId: busId, ownerCompanyId: owner.id, repairCompanyId: shop.id, createdAt: new Date('2026-03-01T06:00:00Z') })
    })
  })
  afterAll(() => db.close())

  const viaRoute = (route: { loader: (a: never) => unknown }, who: keyof typeof u | null, companyId: number, query: string, path: string) =>
    callPage(route.loader as never, `/company/${companyId}/export/${path}.csv?${query}`, { cookie: who ? cookie[who] : undefined, params: { companyId: String(companyId) } })
  const viaRest = (who: keyof typeof u, path: string) => handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token[who]}` } }), db, '127.0.0.1')

  it('pre-trips: the columns, the range with both edges included, oldest first', async () => {
    const out = await viaRoute(preTripsRoute, 'owner', owner.id, 'from=2026-03-01&to=2026-03-31', 'pre-trips')
    expect(out.status).toBe(200)
    expect(out.response!.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(out.response!.headers.get('content-disposition')).toBe(`attachment; filename="pre-trips-${owner.id}-2026-03-01-2026-03-31.csv"`)
    const rows = parseCsv(await out.response!.text())
    expect(rows[0]).toEqual([
      'Pre-trip ID', 'Date', 'Vehicle identifier', 'License plate', 'Driver', 'Operator company', 'Time in', 'Time out', 'Odometer start', 'Odometer end', 'Result', 'Defects',
      'Damage front', 'Damage rear', 'Damage right side', 'Damage left side', 'Defects corrected', 'Defects need correction', 'Comments', 'Repair action',
    ])
    const dates = rows.slice(1).map((r) => r[1])
    expect(dates).toEqual(['2026-03-01', ...INJECTIONS.map(() => '2026-03-15'), '2026-03-31'])
    const first = rows[1]!
    expect(first.slice(2, 6)).toEqual(['EXP-001', expect.any(String), 'Dana Driver', 'Export Operator'])
    expect(first[10]).toBe('Defects found')
    expect(first[11]).toBe('Engine oil level')
    expect(first[19]).toMatch(/^RA-T-/)
    // The operator's managers get the same filings (they filed them); the owner's time zone is not theirs.
    const asOperator = parseCsv(await (await viaRoute(preTripsRoute, 'operator', operator.id, 'from=2026-03-01&to=2026-03-31', 'pre-trips')).response!.text())
    expect(asOperator.length).toBe(rows.length)
  })

  it('neutralises formula injection in typed text (=, +, -, @, tab, CR)', async () => {
    const text = await (await viaRoute(preTripsRoute, 'owner', owner.id, 'from=2026-03-15&to=2026-03-15', 'pre-trips')).response!.text()
    const comments = parseCsv(text).slice(1).map((r) => r[18])
    expect(comments).toEqual(INJECTIONS.map((s) => `'${s}`))
    const repairs = parseCsv(await (await viaRoute(repairsRoute, 'owner', owner.id, 'from=2026-02-01&to=2026-03-31', 'repair-actions')).response!.text())
    expect(repairs.find((r) => r[0] === 'RA-EXP-1')![12]).toBe("'=cmd|calc")
  })

  it('inspections: owner and operator, range edges', async () => {
    const rows = parseCsv(await (await viaRoute(inspectionsRoute, 'owner', owner.id, 'from=2026-03-01&to=2026-03-31', 'inspections')).response!.text())
    expect(rows[0]![0]).toBe('Inspection ID')
    expect(rows.slice(1).map((r) => r[1])).toEqual(['2026-03-01', '2026-03-31'])
    expect(rows[1]![4]).toBe('Ivy Inspector')
    const op = parseCsv(await (await viaRoute(inspectionsRoute, 'operator', operator.id, 'from=2026-02-01&to=2026-04-30', 'inspections')).response!.text())
    expect(op.slice(1).map((r) => r[1])).toEqual(['2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01'])
  })

  it("repair actions: the range is the company's calendar days (its time zone), with tasks; the shop sees its repairs", async () => {
    const march = parseCsv(await (await viaRoute(repairsRoute, 'owner', owner.id, 'from=2026-03-01&to=2026-03-31', 'repair-actions')).response!.text())
    const ids = march.slice(1).map((r) => r[0])
    expect(ids).toContain('RA-EXP-2')
    expect(ids).not.toContain('RA-EXP-1')
    const feb = parseCsv(await (await viaRoute(repairsRoute, 'owner', owner.id, 'from=2026-02-28&to=2026-02-28', 'repair-actions')).response!.text())
    expect(feb.slice(1).map((r) => r[0])).toEqual(['RA-EXP-1'])
    expect(feb[1]![1]).toBe('2026-02-28 23:59')
    expect(feb[1]![11]).toBe('Replace mirror (Pending)')
    // The shop's own time zone (UTC): both fall on its 2026-03-01; the pre-trip's repair action too.
    const shopDay = parseCsv(await (await viaRoute(repairsRoute, 'shop', shop.id, 'from=2026-03-01&to=2026-03-01', 'repair-actions')).response!.text())
    expect(shopDay.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['RA-EXP-1', 'RA-EXP-2']))
  })

  it('refuses a bad range with a clear message (from after to, more than 366 days, not a date)', async () => {
    for (const [q, message] of [
      ['from=2026-03-02&to=2026-03-01', 'The end date must be on or after the start date'],
      ['from=2025-01-01&to=2026-01-02', 'Choose a range of at most 366 days'],
      ['from=2026-02-30&to=2026-03-01', 'Enter a real date (YYYY-MM-DD)'],
    ] as const) {
      const res = await viaRest('owner', `/api/Export/PreTrips/${owner.id}?${q}`)
      expect(res.status, q).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(message)
      const page = await viaRoute(preTripsRoute, 'owner', owner.id, q, 'pre-trips')
      expect(page.status).toBe(400)
    }
    // 366 days exactly is fine.
    expect((await viaRest('owner', `/api/Export/PreTrips/${owner.id}?from=2025-03-01&to=2026-03-01`)).status).toBe(200)
  })

  it('tenant boundaries on every door: unrelated company 403 (API.md, issue 38), driver 403, the wrong manager role 403, anonymous to /login', async () => {
    for (const path of ['PreTrips', 'Inspections', 'RepairActions']) {
      expect((await viaRest('stranger', `/api/Export/${path}/${owner.id}?from=2026-03-01&to=2026-03-31`)).status, path).toBe(403)
      expect((await viaRest('driver', `/api/Export/${path}/${operator.id}?from=2026-03-01&to=2026-03-31`)).status, path).toBe(403)
    }
    expect((await viaRest('shop', `/api/Export/PreTrips/${shop.id}?from=2026-03-01&to=2026-03-31`)).status).toBe(403)
    expect((await viaRest('operator', `/api/Export/RepairActions/${operator.id}?from=2026-03-01&to=2026-03-31`)).status).toBe(403)
    expect((await viaRoute(preTripsRoute, 'stranger', owner.id, 'from=2026-03-01&to=2026-03-31', 'pre-trips')).status).toBe(403)
    expect((await viaRoute(inspectionsRoute, 'driver', operator.id, 'from=2026-03-01&to=2026-03-31', 'inspections')).status).toBe(403)
    expect((await viaRoute(repairsRoute, null, owner.id, 'from=2026-03-01&to=2026-03-31', 'repair-actions')).location).toMatch(/^\/login\?redirectTo=/)
    // The stranger's own company has no records of the owner's bus.
    const own = parseCsv(await (await viaRest('stranger', `/api/Export/PreTrips/${other.id}?from=2026-01-01&to=2026-12-31`)).text())
    expect(own).toHaveLength(1)
  })

  it('streams: a batch is read only when the reader asks for it', async () => {
    const big = await insertVehicle(db, owner.id, { vehicleIdentifier: 'EXP-BIG' })
    await assign(db, big.id, operator.id, { startDate: '2026-01-01', endDate: null })
    for (let i = 0; i < CSV_BATCH + 5; i++) await insertPreInspection(db, { vehicleId: big.id, operatorCompanyId: operator.id, date: '2026-06-10', signature: false, sideImages: false, photos: 0 })
    const res = await viaRest('owner', `/api/Export/PreTrips/${owner.id}?from=2026-06-01&to=2026-06-30`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBeNull()
    const reader = res.body!.getReader()
    const decode = (v: Uint8Array | undefined) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(v)
    let text = decode((await reader.read()).value)
    expect(text.startsWith('\uFEFFPre-trip ID,')).toBe(true)
    text += decode((await reader.read()).value)
    // Filed after the first batch was read, sorted last: the stream finds it, so it had not read ahead.
    await insertPreInspection(db, { vehicleId: big.id, operatorCompanyId: operator.id, date: '2026-06-30', driverName: 'Late Filer', signature: false, sideImages: false, photos: 0 })
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decode(r.value)
    const rows = parseCsv(text)
    expect(rows).toHaveLength(1 + CSV_BATCH + 6)
    expect(rows.at(-1)![4]).toBe('Late Filer')
    // The use case hands back an iterator: nothing is read until it is pulled.
    const csv = await exportPreTripsCsv(await ctxFor(db, u.owner), { companyId: owner.id, from: '2026-06-01', to: '2026-06-30' })
    const it = csv.lines[Symbol.asyncIterator]()
    expect((await it.next()).done).toBe(false)
    await it.return?.(undefined)
  })

  it('the export form on the activity page: a valid range goes on to the CSV, a bad one shows the field error', async () => {
    const ok = await callPage(activityPage.loader as never, `/company/${owner.id}/activity?export=pre-trips&exportFrom=2026-03-01&exportTo=2026-03-31`, { cookie: cookie.owner, params: { companyId: String(owner.id) } })
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/company/${owner.id}/export/pre-trips.csv?from=2026-03-01&to=2026-03-31`)
    const bad = await callPage(activityPage.loader as never, `/company/${owner.id}/activity?export=pre-trips&exportFrom=2026-03-31&exportTo=2026-03-01`, { cookie: cookie.owner, params: { companyId: String(owner.id) } })
    expect(bad.status).toBe(200)
    expect((bad.body as { exportForm: { errors: Record<string, string> } }).exportForm.errors).toEqual({ to: 'The end date must be on or after the start date' })
    // A kind the company's roles do not export: refused in the form.
    const shopOnly = await callPage(activityPage.loader as never, `/company/${owner.id}/activity?export=nope&exportFrom=2026-03-01&exportTo=2026-03-31`, { cookie: cookie.owner, params: { companyId: String(owner.id) } })
    expect((shopOnly.body as { exportForm: { errors: Record<string, string> } }).exportForm.errors.export).toBe('Choose which records to export')
  })

  it("fuel and energy records: each payer exports only its own, by the company's calendar days, exact decimals", async () => {
    // The owner (America/Chicago, CAD) and the operator (UTC, USD) both record on the owner's bus.
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ currency: 'CAD' }).where(eq(companies.id, owner.id))
      const base = { vehicleId: busId, ownerCompanyId: owner.id, odometer: 1000, lifeMiles: 1000, unit: 'gal' as const, source: 'manual' as const }
      await tx.insert(fuelEntries).values([
        // Chicago 2026-02-28 23:59: before the owner's March.
        { ...base, companyId: owner.id, fueledAt: new Date('2026-03-01T05:59:00Z'), fueledOn: '2026-02-28', quantityMilli: 1000, totalCents: 100, station: 'Before' },
        // Chicago 2026-03-01 00:00: the owner's first March record.
        { ...base, companyId: owner.id, fueledAt: new Date('2026-03-01T06:00:00Z'), fueledOn: '2026-03-01', quantityMilli: 48237, totalCents: 10005, station: '=Station', card: '0042', full: true, efficiencyMilli: 8500, flags: ['overCapacity', 'efficiencyOutlier'], recordedByName: 'Olive Owner' },
        // Chicago 2026-03-31 23:59 (daylight time): the owner's last March record; an electric charge.
        { ...base, companyId: owner.id, fueledAt: new Date('2026-04-01T04:59:00Z'), fueledOn: '2026-03-31', unit: 'kWh', quantityMilli: 150001, totalCents: 3, full: false, socBeforePct: 20, socAfterPct: 80, efficiencyMilli: 1999, source: 'driver' },
        // Chicago 2026-04-01 00:00: after.
        { ...base, companyId: owner.id, fueledAt: new Date('2026-04-01T05:00:00Z'), fueledOn: '2026-04-01', quantityMilli: 1000, totalCents: 100, station: 'After' },
        // The operator's, paid by it: in March in UTC (the operator's days) and the owner's.
        { ...base, companyId: operator.id, fueledAt: new Date('2026-03-15T12:00:00Z'), fueledOn: '2026-03-15', quantityMilli: 12345, totalCents: 4567, station: 'Operator pump', unit: 'L', source: 'import', recordedByName: 'Opal Operator' },
        // 2026-04-01 02:00 UTC: April for the operator, though still March 31 in the owner's zone.
        { ...base, companyId: operator.id, fueledAt: new Date('2026-04-01T02:00:00Z'), fueledOn: '2026-03-31', quantityMilli: 1, totalCents: 1, station: 'Operator April' },
      ])
    })
    const range = 'from=2026-03-01&to=2026-03-31'
    const res = await viaRoute(fuelRoute, 'owner', owner.id, range, 'fuel-records')
    expect(res.status).toBe(200)
    expect(res.response!.headers.get('content-disposition')).toBe(`attachment; filename="fuel-records-${owner.id}-2026-03-01-2026-03-31.csv"`)
    const rows = parseCsv(await res.response!.text())
    expect(rows[0]).toEqual([
      'Fuel record ID', 'Date and time', 'Vehicle identifier', 'Source', 'Odometer', 'Quantity', 'Unit', 'Total', 'Currency', 'Station', 'Fuel card', 'Full',
      'State of charge before (%)', 'State of charge after (%)', 'Efficiency (mpg or mi/kWh)', 'Flags', 'Recorded by',
    ])
    // Only the owner's own two March records: never the operator's costs, nor the days outside.
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      ['2026-03-01 00:00', 'EXP-001', 'Entered by hand', '1000', '48.237', 'gal', '100.05', 'CAD', "'=Station", '0042', 'Yes', '', '', '8.5', 'More than the tank or battery holds; Efficiency far outside this bus’s own range', 'Olive Owner'],
      ['2026-03-31 23:59', 'EXP-001', 'Driver', '1000', '150.001', 'kWh', '0.03', 'CAD', '', '', 'No', '20', '80', '1.999', '', ''],
    ])
    // The operator: its own record only (the range in its own days: UTC), in its currency, through REST.
    const op = await viaRest('operator', `/api/Export/FuelRecords/${operator.id}?${range}`)
    expect(op.status).toBe(200)
    const opRows = parseCsv(await op.text())
    expect(opRows.slice(1).map((r) => [r[1], r[3], r[5], r[6], r[7], r[8], r[9], r[16]])).toEqual([['2026-03-15 12:00', 'Fuel card import', '12.345', 'L', '45.67', 'USD', 'Operator pump', 'Opal Operator']])
    const april = parseCsv(await (await viaRest('operator', `/api/Export/FuelRecords/${operator.id}?from=2026-04-01&to=2026-04-01`)).text())
    expect(april.slice(1).map((r) => r[9])).toEqual(['Operator April'])
    // The owner's edges: the day before and the day after are where they belong.
    const edges = parseCsv(await (await viaRest('owner', `/api/Export/FuelRecords/${owner.id}?from=2026-02-28&to=2026-04-01`)).text())
    expect(edges.slice(1).map((r) => r[1])).toEqual(['2026-02-28 23:59', '2026-03-01 00:00', '2026-03-31 23:59', '2026-04-01 00:00'])
    // Nobody else's: an unrelated owner 403, the operator's driver 403, the stranger's own company empty.
    expect((await viaRest('stranger', `/api/Export/FuelRecords/${owner.id}?${range}`)).status).toBe(403)
    expect((await viaRest('driver', `/api/Export/FuelRecords/${operator.id}?${range}`)).status).toBe(403)
    expect((await viaRest('shop', `/api/Export/FuelRecords/${shop.id}?${range}`)).status).toBe(403)
    expect(parseCsv(await (await viaRest('stranger', `/api/Export/FuelRecords/${other.id}?from=2026-01-01&to=2026-12-31`)).text())).toHaveLength(1)
    expect((await viaRest('owner', `/api/Export/FuelRecords/${owner.id}?from=2026-03-02&to=2026-03-01`)).status).toBe(400)
    // The download beside the others on the activity page.
    const form = await callPage(activityPage.loader as never, `/company/${owner.id}/activity?export=fuel-records&exportFrom=2026-03-01&exportTo=2026-03-31`, { cookie: cookie.owner, params: { companyId: String(owner.id) } })
    expect(form.location).toBe(`/company/${owner.id}/export/fuel-records.csv?from=2026-03-01&to=2026-03-31`)
  })

  it('fuel and energy records stream in keyset batches past a batch boundary, in order', async () => {
    const big = await insertVehicle(db, owner.id, { vehicleIdentifier: 'EXP-FUEL' })
    const t0 = Date.parse('2026-07-01T12:00:00Z')
    // Many records at one instant and across days: the key (owner's date, instant, id) never skips or repeats one.
    const values = Array.from({ length: CSV_BATCH * 2 + 7 }, (_, i) => {
      const at = new Date(t0 + Math.floor(i / 150) * 86_400_000)
      return { vehicleId: big.id, ownerCompanyId: owner.id, companyId: owner.id, source: 'manual' as const, fueledAt: at, fueledOn: at.toISOString().slice(0, 10), odometer: i, lifeMiles: i, quantityMilli: 1000 + i, unit: 'gal' as const, totalCents: i }
    })
    await db.transaction(async (tx) => {
      await tx.insert(fuelEntries).values(values)
    })
    const csv = await exportFuelRecordsCsv(await ctxFor(db, u.owner), { companyId: owner.id, from: '2026-07-01', to: '2026-07-31' })
    const totals: string[] = []
    for await (const line of csv.lines) totals.push(String(line[7]))
    expect(totals).toEqual(values.map((v) => (v.totalCents / 100).toFixed(2)))
  })
})
