/**
 * Cost per mile (issue 36 points 3, 4 and 7, decision 085): the first reading of a bus is its
 * baseline, a month without miles has no cost per mile, totals per payer, an operator sees only
 * the costs charged to it, and the same sums through the page's loader, REST, tRPC and the CSV,
 * to the cent. The records are written with their rollups in one transaction, as the writes do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database, Tx } from '#db/client.ts'
import { fuelEntries, operatorAssignments, vehicleMonthCosts, vehicleMonthFuel } from '#db/schema/index.ts'
import { parseCents } from '#catalog/money.ts'
import { recordOdometerReading } from '#server/fleet/odometer.server.ts'
import { addMonthCost, addMonthFuel, type CostColumn } from '#server/rollups/month-rollups.server.ts'
import { insertFuelEntry } from '#server/costs/fuel-entries.server.ts'
import { companyCostSummary, costPerMileForMonth, vehicleCostHistory, type CostPerMileResult } from '#server/costs/cost-per-mile.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as costsPage from '#app/routes/_app+/costs.$companyId.tsx'
import * as costsCsv from '#app/routes/costs.$companyId.export[.]csv.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'

let db: Database
let ownerCo: number
let operatorCo: number
let bus: { id: number; vehicleIdentifier: string }
let other: { id: number; vehicleIdentifier: string }
let owner: { userId: number; token: string; cookie: string }
let operator: { userId: number; token: string; cookie: string }
// A "now" inside the data's year, so the 60-month and 12-month windows hold it.
const NOW = new Date('2026-06-15T12:00:00Z')

const reading = (tx: Tx, vehicleId: number, value: number, at: string) =>
  recordOdometerReading(tx, { vehicleId, reading: value, source: 'fuel', field: 'odometer', at: new Date(at), userId: null, userName: null })
const cost = (tx: Tx, vehicleId: number, payerCompanyId: number, date: string, column: CostColumn, cents: number) =>
  addMonthCost(tx, { vehicleId, ownerCompanyId: ownerCo, payerCompanyId, date, column, cents })

/** A fill-up written as the fuel log writes it: the record and its rollups in one transaction (`measured`: miles over thousandths, or not measured). */
async function fuel(vehicleId: number, companyId: number, on: string, cents: number, measured: [number, number] | null, unit: 'gal' | 'kWh' = 'gal') {
  const efficiencyMilli = measured ? Math.round((measured[0] * 1e6) / measured[1]) : null
  await db.transaction(async (tx) => {
    await tx.insert(fuelEntries).values({
      vehicleId,
      ownerCompanyId: ownerCo,
      companyId,
      source: 'manual',
      fueledAt: new Date(`${on}T10:00:00Z`),
      fueledOn: on,
      odometer: 1,
      lifeMiles: 1,
      quantityMilli: 50_000,
      unit,
      totalCents: cents,
      full: true,
      efficiencyMilli,
      measuredMiles: measured?.[0] ?? null,
      measuredMilli: measured?.[1] ?? null,
    })
    await cost(tx, vehicleId, companyId, on, 'fuel', cents)
    if (measured) {
      await addMonthFuel(tx, [
        { vehicleId, ownerCompanyId: ownerCo, payerCompanyId: companyId, date: on, energy: unit === 'kWh' ? 'electric' : 'fuel', miles: measured[0], milli: measured[1] },
      ])
    }
  })
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'CPM Owner', ['Owner'])).id
  operatorCo = (await createCompany(db, 'CPM Operator', ['Operator'])).id
  const mk = async (companyId: number, role: 'Owner' | 'Operator') => {
    const userId = (await createUser(db, { firstName: role })).id
    await grantRole(db, userId, companyId, role)
    return { userId, token: await apiTokenFor(db, userId), cookie: await webSessionFor(db, userId) }
  }
  owner = await mk(ownerCo, 'Owner')
  operator = await mk(operatorCo, 'Operator')
  bus = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'CPM-1' })
  other = await insertVehicle(db, ownerCo, { vehicleIdentifier: 'CPM-2' })
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo, startDate: '2026-01-01' }))
  await db.transaction(async (tx) => {
    // CPM-1: the first reading (10,000) is the baseline: January drives 500, not 10,500.
    await reading(tx, bus.id, 10_000, '2026-01-10T12:00:00Z')
    await reading(tx, bus.id, 10_500, '2026-01-20T12:00:00Z')
    // February: 500 more. March: no reading. April: 300 (the step since February's reading counts in April).
    await reading(tx, bus.id, 11_000, '2026-02-05T12:00:00Z')
    await reading(tx, bus.id, 11_300, '2026-04-02T12:00:00Z')
    // CPM-2: one reading only (a baseline, no miles), in February.
    await reading(tx, other.id, 50_000, '2026-02-03T12:00:00Z')
    // February costs of CPM-1: the owner pays a service, the operator a repair.
    await cost(tx, bus.id, ownerCo, '2026-02-11', 'service', 12_345)
    await cost(tx, bus.id, operatorCo, '2026-02-12', 'repair', 5_001)
    // March: a service, and no miles.
    await cost(tx, bus.id, ownerCo, '2026-03-03', 'service', 2_000)
    // CPM-2 (owner only) in February.
    await cost(tx, other.id, ownerCo, '2026-02-20', 'repair', 99_999)
  })
  await fuel(bus.id, ownerCo, '2026-01-21', 10_000, [290, 40_000]) // 7.25 mpg
  await fuel(bus.id, operatorCo, '2026-02-06', 4_433, [270, 40_000]) // 6.75 mpg
  await fuel(bus.id, operatorCo, '2026-02-25', 4_434, null)
})
afterAll(async () => {
  await db.close()
})

const rest = async (who: { token: string }, path: string) => {
  const res = await handleRestRequest(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${who.token}` } }), db, '127.0.0.1')
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as CostPerMileResult) : null }
}
const trpc = async (who: { cookie: string }, path: string, input: unknown) => {
  const res = await handleTrpcRequest(
    new Request(`http://localhost/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: `operon_session=${who.cookie}` } }),
    db,
    '127.0.0.1',
  )
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { result: { data: CostPerMileResult } }).result.data : null }
}

describe('cost per mile of a month', () => {
  it('counts miles from the first reading: January is 500 miles, not 10,500', async () => {
    const ctx = await ctxFor(db, owner.userId, NOW)
    const jan = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-01' })
    expect(jan.rows).toEqual([expect.objectContaining({ vehicleIdentifier: 'CPM-1', miles: 500, fuelCents: 10_000, totalCents: 10_000, costPerMileMilli: 200 })])
    expect(jan.totals).toMatchObject({ miles: 500, totalCents: 10_000, costPerMileMilli: 200 })
    expect(jan.currency).toBe('USD')
  })

  it('a month without miles has no cost per mile (never a division by zero); a baseline-only bus drives 0', async () => {
    const ctx = await ctxFor(db, owner.userId, NOW)
    const mar = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-03' })
    expect(mar.rows).toEqual([expect.objectContaining({ vehicleId: bus.id, miles: 0, serviceCents: 2_000, costPerMileMilli: null })])
    expect(mar.totals.costPerMileMilli).toBeNull()
    // April: the miles since February's reading, no cost: 0 a mile.
    const apr = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-04' })
    expect(apr.rows).toEqual([expect.objectContaining({ vehicleId: bus.id, miles: 300, totalCents: 0, costPerMileMilli: 0 })])
    const feb = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-02', sort: 'vehicle', dir: 'asc' })
    expect(feb.rows.find((r) => r.vehicleId === other.id)).toMatchObject({ miles: 0, repairCents: 99_999, costPerMileMilli: null })
  })

  it('the owner sees every payer, with totals per payer that add up to the month', async () => {
    const ctx = await ctxFor(db, owner.userId, NOW)
    const feb = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-02', sort: 'vehicle', dir: 'asc' })
    expect(feb.scope).toBe('owner')
    const one = feb.rows.find((r) => r.vehicleId === bus.id)!
    expect(one).toMatchObject({ miles: 500, repairCents: 5_001, serviceCents: 12_345, fuelCents: 8_867, totalCents: 26_213, costPerMileMilli: 524 }) // 262.13 / 500 = 0.52426
    expect(feb.totals).toMatchObject({ miles: 500, totalCents: 26_213 + 99_999 })
    expect(feb.payers.map((p) => [p.payerName, p.isOwner, p.totalCents, p.miles])).toEqual([
      ['CPM Owner', true, 12_345 + 99_999, 500],
      ['CPM Operator', false, 5_001 + 8_867, 500],
    ])
    expect(feb.payers.reduce((a, p) => a + p.totalCents, 0)).toBe(feb.totals.totalCents)
  })

  it('an operator sees only the costs charged to it, with those buses’ miles; nothing under the owner company', async () => {
    const ctx = await ctxFor(db, operator.userId, NOW)
    const feb = await costPerMileForMonth(ctx, { companyId: operatorCo, month: '2026-02' })
    expect(feb.scope).toBe('operator')
    expect(feb.rows).toEqual([expect.objectContaining({ vehicleId: bus.id, miles: 500, repairCents: 5_001, serviceCents: 0, fuelCents: 8_867, totalCents: 13_868, costPerMileMilli: 277 })])
    expect(feb.payers.map((p) => p.payerCompanyId)).toEqual([operatorCo])
    // January's fuel was the owner's: the operator has nothing that month.
    expect((await costPerMileForMonth(ctx, { companyId: operatorCo, month: '2026-01' })).rows).toEqual([])
    await expect(costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-02' })).rejects.toMatchObject({ status: 403 })
    // Its bus's history: its own months only.
    const h = await vehicleCostHistory(ctx, { vehicleId: bus.id })
    expect(h.scope).toBe('operator')
    expect(h.months.map((m) => [m.month, m.totalCents, m.miles])).toEqual([['2026-02', 13_868, 500]])
    // The other bus: never charged to it, not held by it: 404.
    await expect(vehicleCostHistory(ctx, { vehicleId: other.id })).rejects.toMatchObject({ status: 404 })
  })

  it('a bus’s history: the owner sees every month with costs or miles, newest first', async () => {
    const h = await vehicleCostHistory(await ctxFor(db, owner.userId, NOW), { vehicleId: bus.id, months: 60 })
    expect(h.to).toBe('2026-06')
    expect(h.from).toBe('2021-07')
    expect(h.months.map((m) => [m.month, m.miles, m.totalCents, m.costPerMileMilli])).toEqual([
      ['2026-04', 300, 0, 0],
      ['2026-03', 0, 2_000, null],
      ['2026-02', 500, 26_213, 524],
      ['2026-01', 500, 10_000, 200],
    ])
    expect(h.totals).toMatchObject({ miles: 1_300, totalCents: 38_213, costPerMileMilli: 294 })
    await expect(vehicleCostHistory(await ctxFor(db, owner.userId, NOW), { vehicleId: bus.id, months: 61 })).rejects.toMatchObject({ status: 400 })
  })

  it('the dashboard summary: a series per month, efficiency, the costliest buses', async () => {
    const s = await companyCostSummary(await ctxFor(db, owner.userId, NOW), { companyId: ownerCo, months: 12 })
    expect(s.series).toHaveLength(12)
    expect(s.series.at(-1)!.month).toBe('2026-06')
    const jan = s.series.find((m) => m.month === '2026-01')!
    expect(jan).toMatchObject({ miles: 500, totalCents: 10_000, costPerMileMilli: 200, mpgMilli: 7_250, miPerKwhMilli: null })
    expect(s.series.find((m) => m.month === '2026-02')).toMatchObject({ mpgMilli: 6_750, costPerMileMilli: 2_524 }) // (262.13 + 999.99) / 500 mi = 2.52424 a mile
    expect(s.series.find((m) => m.month === '2026-05')).toMatchObject({ miles: 0, totalCents: 0, costPerMileMilli: null })
    expect(s.costliest.map((c) => c.vehicleIdentifier)).toEqual(['CPM-2', 'CPM-1'])
    expect(s.totals.totalCents).toBe(38_213 + 99_999)
    const op = await companyCostSummary(await ctxFor(db, operator.userId, NOW), { companyId: operatorCo })
    expect(op.totals).toMatchObject({ totalCents: 13_868, miles: 500 })
    expect(op.costliest.map((c) => c.vehicleId)).toEqual([bus.id])
    expect(op.series.find((m) => m.month === '2026-01')!.mpgMilli).toBeNull()
  })
})

describe('the same sums through every door', () => {
  it('page loader, REST, tRPC and CSV give the same rows and totals, to the cent', async () => {
    const month = '2026-02'
    const r = await rest(owner, `/api/Costs/perMile/${ownerCo}?month=${month}&sort=vehicle&dir=asc`)
    expect(r.status).toBe(200)
    const t = await trpc(owner, 'costsReports.perMile', { companyId: ownerCo, month, sort: 'vehicle', dir: 'asc' })
    expect(t.status).toBe(200)
    const page = await callPage(costsPage.loader, `/costs/${ownerCo}?month=${month}&sort=vehicle&dir=asc`, { cookie: owner.cookie, params: { companyId: String(ownerCo) } })
    expect(page.status).toBe(200)
    const fromPage = (page.body as { report: CostPerMileResult }).report
    expect(t.body).toEqual(r.body)
    expect(fromPage).toEqual(r.body)

    const csv = await callPage(costsCsv.loader, `/costs/${ownerCo}/export.csv?month=${month}`, { cookie: owner.cookie, params: { companyId: String(ownerCo) } })
    expect(csv.status).toBe(200)
    expect(csv.response!.headers.get('content-disposition')).toContain(`costs-${ownerCo}-2026-02.csv`)
    const lines = (await csv.response!.text()).replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','))
    expect(lines[0]).toEqual(['month', 'rowType', 'vehicleIdentifier', 'payer', 'miles', 'repairs', 'services', 'fuel', 'total', 'costPerMile', 'currency'])
    const buses = lines.filter((l) => l[1] === 'vehicle')
    const total = lines.find((l) => l[1] === 'total')!
    const payers = lines.filter((l) => l[1] === 'payer')
    expect(buses.find((l) => l[2] === 'CPM-1')).toEqual([month, 'vehicle', 'CPM-1', '', '500', '50.01', '123.45', '88.67', '262.13', '0.524', 'USD'])
    // The CSV's decimals, read back as cents, add up to the API's totals exactly.
    const cents = (rows: string[][], col: number) => rows.reduce((a, l) => a + parseCents(l[col]!)!, 0)
    expect(cents(buses, 8)).toBe(r.body!.totals.totalCents)
    expect(parseCents(total[8]!)).toBe(r.body!.totals.totalCents)
    expect(cents(payers, 8)).toBe(r.body!.totals.totalCents)
    for (const [col, key] of [[5, 'repairCents'], [6, 'serviceCents'], [7, 'fuelCents']] as const) expect(cents(buses, col)).toBe(r.body!.totals[key])
  })

  it('the CSV of several months: each month’s rows, total and payers, named with the months asked for', async () => {
    const csv = await callPage(costsCsv.loader, `/costs/${ownerCo}/export.csv?month=2026-03&months=3`, { cookie: owner.cookie, params: { companyId: String(ownerCo) } })
    expect(csv.response!.headers.get('content-disposition')).toContain(`costs-${ownerCo}-2026-01_2026-03.csv`)
    const lines = (await csv.response!.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((l) => l.split(','))
    expect(lines.filter((l) => l[1] === 'total').map((l) => [l[0], l[8], l[9]])).toEqual([
      ['2026-01', '100.00', '0.200'],
      ['2026-02', '1262.12', '2.524'],
      ['2026-03', '20.00', ''],
    ])
    expect([...new Set(lines.map((l) => l[0]))]).toEqual(['2026-01', '2026-02', '2026-03'])
  })

  it('cents are never lost: 997 odd amounts on 40 buses add up exactly in every view', async () => {
    const co = (await createCompany(db, 'CPM Cents', ['Owner'])).id
    const u = (await createUser(db, { firstName: 'Cents' })).id
    await grantRole(db, u, co, 'Owner')
    const token = await apiTokenFor(db, u)
    const buses: { id: number }[] = []
    for (let i = 0; i < 40; i++) buses.push(await insertVehicle(db, co, { vehicleIdentifier: `CENT-${String(i).padStart(2, '0')}` }))
    let expected = 0
    const perBus = new Map<number, number>()
    await db.transaction(async (tx) => {
      for (const b of buses) {
        await reading(tx, b.id, 1_000, '2026-05-01T08:00:00Z')
        await reading(tx, b.id, 1_000 + 7 + (b.id % 13), '2026-05-28T08:00:00Z')
      }
      for (let i = 0; i < 997; i++) {
        const b = buses[(i * 7) % buses.length]!
        const c = 1 + ((i * 7919) % 100_003) // odd amounts: 0.01 … 1000.03
        const column = (['repair', 'service', 'fuel'] as const)[i % 3]!
        await addMonthCost(tx, { vehicleId: b.id, ownerCompanyId: co, payerCompanyId: co, date: `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`, column, cents: c })
        expected += c
        perBus.set(b.id, (perBus.get(b.id) ?? 0) + c)
      }
      // A changed amount: the old taken away, the new added (the rollup stays equal to the records).
      await addMonthCost(tx, { vehicleId: buses[0]!.id, ownerCompanyId: co, payerCompanyId: co, date: '2026-05-02', column: 'fuel', cents: -1 })
      await addMonthCost(tx, { vehicleId: buses[0]!.id, ownerCompanyId: co, payerCompanyId: co, date: '2026-05-02', column: 'fuel', cents: 3 })
    })
    expected += 2
    perBus.set(buses[0]!.id, perBus.get(buses[0]!.id)! + 2)
    const [sumRow] = await db.read.all<{ s: number }>(sql`SELECT SUM(repair_cents + service_cents + fuel_cents) AS s FROM vehicle_month_costs WHERE owner_company_id = ${co}`)
    expect(Number(sumRow!.s)).toBe(expected)
    // Paged by 7: the pages' rows add up to the totals.
    let pagesSum = 0
    let totals = 0
    for (let page = 1; page <= 6; page++) {
      const r = await rest({ token }, `/api/Costs/perMile/${co}?month=2026-05&pageSize=7&page=${page}&sort=costPerMile`)
      pagesSum += r.body!.rows.reduce((a, x) => a + x.totalCents, 0)
      totals = r.body!.totals.totalCents
      for (const x of r.body!.rows) expect(x.totalCents).toBe(perBus.get(x.vehicleId) ?? 0)
    }
    expect(pagesSum).toBe(expected)
    expect(totals).toBe(expected)
    const csv = await callPage(costsCsv.loader, `/costs/${co}/export.csv?month=2026-05`, { cookie: await webSessionFor(db, u), params: { companyId: String(co) } })
    const rows = (await csv.response!.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((l) => l.split(','))
    expect(rows.filter((l) => l[1] === 'vehicle').reduce((a, l) => a + parseCents(l[8]!)!, 0)).toBe(expected)
    expect(rows.filter((l) => l[1] === 'vehicle')).toHaveLength(40)
  })

  it('refuses a month in the wrong format (400) and asks for a company role (403)', async () => {
    expect((await rest(owner, `/api/Costs/perMile/${ownerCo}?month=2026-13`)).status).toBe(400)
    expect((await rest(owner, `/api/Costs/perMile/${ownerCo}?sort=price`)).status).toBe(400)
    expect((await rest(operator, `/api/Costs/perMile/${ownerCo}`)).status).toBe(403)
    // The page reads a broken month leniently (the current month), never an error page.
    const page = await callPage(costsPage.loader, `/costs/${ownerCo}?month=nope`, { cookie: owner.cookie, params: { companyId: String(ownerCo) } })
    expect(page.status).toBe(200)
    expect((page.body as { report: CostPerMileResult }).report.month).toMatch(/^\d{4}-\d{2}$/)
  })
})

describe('the rollup is the only source', () => {
  it('reads vehicle_month_costs, not the records: a row there shows, a record without its rollup does not', async () => {
    const ctx = await ctxFor(db, owner.userId, NOW)
    const before = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-06' })
    await db.transaction((tx) => tx.insert(vehicleMonthCosts).values({ vehicleId: other.id, month: '2026-06', payerCompanyId: ownerCo, ownerCompanyId: ownerCo, repairCents: 7 }))
    const after = await costPerMileForMonth(ctx, { companyId: ownerCo, month: '2026-06' })
    expect(after.totals.totalCents - before.totals.totalCents).toBe(7)
  })
})

describe('through the fuel log’s own write', () => {
  it('fill-ups recorded by insertFuelEntry move the month’s miles (first reading as baseline), fuel cents and efficiency', async () => {
    const co = (await createCompany(db, 'CPM Fuel', ['Owner'])).id
    const u = (await createUser(db, { firstName: 'Fuel' })).id
    await grantRole(db, u, co, 'Owner')
    const v = await insertVehicle(db, co, { vehicleIdentifier: 'CPM-FUEL', fuelUnit: 'gal', fuelCapacityMilli: 100_000 })
    const fill = (at: string, odometer: number, quantityMilli: number, totalCents: number) =>
      db.transaction((tx) =>
        insertFuelEntry(tx, {
          vehicleId: v.id,
          companyId: co,
          source: 'manual',
          fueledAt: new Date(at),
          odometer,
          quantityMilli,
          unit: 'gal',
          totalCents,
          station: null,
          card: null,
          full: true,
          socBeforePct: null,
          socAfterPct: null,
          importId: null,
          idempotencyKey: null,
          userId: u,
          userName: 'Fuel',
        }),
      )
    await fill('2026-05-02T15:00:00Z', 20_000, 40_000, 16_001)
    await fill('2026-05-10T15:00:00Z', 20_350, 50_000, 20_003)
    await fill('2026-05-20T15:00:00Z', 20_700, 50_000, 19_999)
    const ctx = await ctxFor(db, u, NOW)
    const may = await costPerMileForMonth(ctx, { companyId: co, month: '2026-05' })
    // 700 miles from the first fill-up's reading (not 20,700); $560.03 of fuel: $0.800 a mile.
    expect(may.rows).toEqual([expect.objectContaining({ vehicleId: v.id, miles: 700, fuelCents: 56_003, totalCents: 56_003, costPerMileMilli: 800 })])
    const s = await companyCostSummary(ctx, { companyId: co, months: 12 })
    expect(s.series.find((m) => m.month === '2026-05')!.mpgMilli).toBe(7_000) // 350 mi ÷ 50 gal, twice
  })
})

describe('the dashboards’ fuel efficiency per month is exact', () => {
  it('miles ÷ quantity of every measured record of the month (not a mean of records), also after a late record measures the next one again', async () => {
    const co = (await createCompany(db, 'CPM Efficiency', ['Owner'])).id
    const u = (await createUser(db, { firstName: 'Eff' })).id
    await grantRole(db, u, co, 'Owner')
    const d = await insertVehicle(db, co, { vehicleIdentifier: 'CPM-EFF-D', fuelUnit: 'gal', fuelCapacityMilli: 100_000 })
    const e = await insertVehicle(db, co, { vehicleIdentifier: 'CPM-EFF-E', fuelUnit: 'kWh', fuelCapacityMilli: 300_000, fuelType: 2 })
    const fill = (vehicleId: number, at: string, odometer: number, quantity: number, o: { full?: boolean; unit?: 'gal' | 'kWh'; soc?: [number | null, number | null] } = {}) =>
      db.transaction((tx) =>
        insertFuelEntry(tx, {
          vehicleId,
          companyId: co,
          source: 'manual',
          fueledAt: new Date(at),
          odometer,
          quantityMilli: quantity * 1000,
          unit: o.unit ?? 'gal',
          totalCents: quantity * 400,
          station: null,
          card: null,
          full: o.full ?? true,
          socBeforePct: o.soc?.[0] ?? null,
          socAfterPct: o.soc?.[1] ?? null,
          importId: null,
          idempotencyKey: null,
          userId: u,
          userName: 'Eff',
        }),
      )
    const ctx = await ctxFor(db, u, NOW)
    const may = async () => (await companyCostSummary(ctx, { companyId: co, months: 12 })).series.find((m) => m.month === '2026-05')!
    /** The month's measured miles ÷ measured quantity, from the records themselves (thousandths, half up). */
    const fromRecords = async (unit: 'gal' | 'kWh') => {
      const [r] = await db.read.all<{ miles: number; milli: number }>(
        sql`SELECT SUM("measured_miles") AS "miles", SUM("measured_milli") AS "milli" FROM "fuel_entries" WHERE "owner_company_id" = ${co} AND "fueled_on" LIKE '2026-05-%' AND "unit" = ${unit}`,
      )
      return { miles: Number(r!.miles), milli: Number(r!.milli), eff: Math.round((Number(r!.miles) * 1e6) / Number(r!.milli)) }
    }
    // Gallons: a baseline, 300 mi on 50 gal, a partial, 500 mi on 10 + 60 gal.
    await fill(d.id, '2026-05-01T15:00:00Z', 10_000, 40)
    await fill(d.id, '2026-05-05T15:00:00Z', 10_300, 50)
    await fill(d.id, '2026-05-10T15:00:00Z', 10_700, 10, { full: false })
    await fill(d.id, '2026-05-12T15:00:00Z', 10_800, 60)
    // kWh: a baseline charge, 150 mi on 90 kWh used (300 kWh × (80 − 50) %), 100 mi on the 40 kWh delivered.
    await fill(e.id, '2026-05-02T15:00:00Z', 2_000, 100, { unit: 'kWh', soc: [20, 80] })
    await fill(e.id, '2026-05-06T15:00:00Z', 2_150, 60, { unit: 'kWh', soc: [50, 90] })
    await fill(e.id, '2026-05-09T15:00:00Z', 2_250, 40, { unit: 'kWh', soc: [null, 95] })
    let m = await may()
    // 800 mi ÷ 120 gal = 6.667 mpg (the mean of the two records would be 6.571); 250 mi ÷ 130 kWh = 1.923.
    expect(await fromRecords('gal')).toEqual({ miles: 800, milli: 120_000, eff: 6_667 })
    expect(m.mpgMilli).toBe(6_667)
    expect(await fromRecords('kWh')).toEqual({ miles: 250, milli: 130_000, eff: 1_923 })
    expect(m.miPerKwhMilli).toBe(1_923)
    // A receipt typed late (May 3, 10,100 mi, full, 20 gal): measured itself (100 mi on 20 gal) and the
    // May 5 record measured again from it (200 mi on 50 gal): 800 mi ÷ 140 gal = 5.714 mpg.
    const late = await fill(d.id, '2026-05-03T15:00:00Z', 10_100, 20)
    expect(late.efficiencyMilli).toBe(5_000)
    const [may5] = await db.read.all<{ eff: number; miles: number; milli: number }>(
      sql`SELECT "efficiency_milli" AS "eff", "measured_miles" AS "miles", "measured_milli" AS "milli" FROM "fuel_entries" WHERE "vehicle_id" = ${d.id} AND "odometer" = 10300`,
    )
    expect(may5).toEqual({ eff: 4_000, miles: 200, milli: 50_000 })
    m = await may()
    expect(await fromRecords('gal')).toEqual({ miles: 800, milli: 140_000, eff: 5_714 })
    expect(m.mpgMilli).toBe(5_714)
    expect(m.miPerKwhMilli).toBe(1_923)
    // The rollup holds exactly the records' sums, one row per bus × month × payer × kind.
    const rolled = await db.read.select().from(vehicleMonthFuel).where(sql`${vehicleMonthFuel.ownerCompanyId} = ${co}`)
    expect(rolled.map((r) => [r.vehicleId, r.month, r.payerCompanyId, r.energy, r.measuredMiles, r.measuredMilli]).sort()).toEqual(
      [
        [d.id, '2026-05', co, 'fuel', 800, 140_000],
        [e.id, '2026-05', co, 'electric', 250, 130_000],
      ].sort(),
    )
  })
})
