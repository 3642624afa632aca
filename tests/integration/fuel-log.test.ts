/**
 * The fuel and energy log (issue 36 point 2, decision 085): efficiency across partial fill-ups
 * and charges, the flags, the odometer that never goes back (an older record fitting between the
 * readings around it), idempotency, bad input saving nothing, who sees what, and the monthly
 * rollup equal to the records. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, fuelEntries, odometerReadings, vehicleMonthCosts, vehicles } from '#db/schema/index.ts'
import { fuelOdometerProblem, insertFuelEntry } from '#server/costs/fuel-entries.server.ts'
import { listFuelEntries, listVehicleFuelEntries, recordFuelEntry } from '#server/costs/fuel.server.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { useAsAppDb } from '#tests/helpers/db.ts'

/** (Not a React hook: makes `db` the process database, for the pages.) */
const setAppDb = useAsAppDb
import * as fuelUpPage from '#app/routes/_app+/fuelUp.$vehicleId.tsx'
import * as fuelLogPage from '#app/routes/_app+/fuel.$companyId.tsx'
import { assign } from '#tests/helpers/inspection-records.ts'

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const HOUR = 3600_000
/** An instant `h` hours after a fixed start 20 days ago (all records are in the past). */
const start = Date.now() - 20 * 24 * HOUR
const at = (h: number) => new Date(start + h * HOUR).toISOString()

describe.each(DRIVERS)('the fuel and energy log on %s', (driver) => {
  let db: Database
  const ids = {} as {
    owner: number
    operator: number
    otherOperator: number
    ownerManager: number
    ownerMechanic: number
    operatorManager: number
    driver: number
    otherDriver: number
    ownerDriver: number
    operatorMechanic: number
    stranger: number
    strangerCompany: number
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Fuel Owner Co', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Fuel Operator Co', ['Operator'])).id
    ids.otherOperator = (await createCompany(db, 'Other Operator Co', ['Operator'])).id
    ids.strangerCompany = (await createCompany(db, 'Stranger Co', ['Owner'])).id
    const user = async (company: number, role: 'Owner' | 'Operator' | 'Driver' | 'Mechanic') => {
      const u = await createUser(db)
      await grantRole(db, u.id, company, role)
      return u.id
    }
    ids.ownerManager = await user(ids.owner, 'Owner')
    ids.ownerMechanic = await user(ids.owner, 'Mechanic')
    ids.ownerDriver = await user(ids.owner, 'Driver')
    ids.operatorManager = await user(ids.operator, 'Operator')
    ids.driver = await user(ids.operator, 'Driver')
    ids.operatorMechanic = await user(ids.operator, 'Mechanic')
    ids.otherDriver = await user(ids.otherOperator, 'Driver')
    ids.stranger = await user(ids.strangerCompany, 'Owner')
  })
  afterAll(() => db.close())

  const ctx = (userId: number) => ctxFor(db, userId)
  /** A diesel bus of the owner (100-gallon tank) assigned to the operator, last read at 10,000 mi before `start`. */
  async function dieselBus(over: Partial<typeof vehicles.$inferInsert> = {}) {
    const v = await insertVehicle(db, ids.owner, { odometer: 10_000, fuelType: 1, fuelUnit: 'gal', fuelCapacityMilli: 100_000, ...over })
    await db.transaction((tx) => tx.insert(odometerReadings).values({ vehicleId: v.id, reading: v.odometer ?? 10_000, source: 'owner', recordedAt: new Date(start - HOUR) }))
    await assign(db, v.id, ids.operator)
    return v
  }
  const record = async (userId: number, input: Record<string, unknown>) => recordFuelEntry(await ctx(userId), input)
  const countOf = async (vehicleId: number) => Number((await db.read.select({ n: sql<number>`count(*)` }).from(fuelEntries).where(eq(fuelEntries.vehicleId, vehicleId)))[0]!.n)
  const rollupOf = async (vehicleId: number) =>
    Number((await db.read.select({ c: sql<number>`coalesce(sum(${vehicleMonthCosts.fuelCents}), 0)` }).from(vehicleMonthCosts).where(eq(vehicleMonthCosts.vehicleId, vehicleId)))[0]!.c)

  it('measures miles per gallon between full fill-ups, counting the partial ones, and keeps the odometer history', async () => {
    const bus = await dieselBus()
    const first = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(0), odometer: 10_100, quantity: '40', total: '160.00' })
    expect(first).toMatchObject({ efficiencyMilli: null, flags: [], companyId: ids.operator, replayed: false })
    const partial = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(24), odometer: 10_250, quantity: '20.5', total: '82.00', full: false })
    expect(partial.efficiencyMilli).toBeNull()
    // 400 miles since the full fill-up on 20.5 + 29.5 = 50 gallons: 8 mpg.
    const full = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(48), odometer: 10_500, quantity: 29.5, total: 118.01, full: true, station: 'Yard pump' })
    expect(full.efficiencyMilli).toBe(8000)
    const [row] = await db.read.select().from(fuelEntries).where(eq(fuelEntries.id, full.id))
    expect(row).toMatchObject({ quantityMilli: 29_500, totalCents: 11_801, unit: 'gal', lifeMiles: 10_500, source: 'driver', station: 'Yard pump', companyId: ids.operator, ownerCompanyId: ids.owner })
    const readings = await db.read.select().from(odometerReadings).where(and(eq(odometerReadings.vehicleId, bus.id), eq(odometerReadings.source, 'fuel')))
    expect(readings.map((r) => r.reading).sort()).toEqual([10_100, 10_250, 10_500])
    expect((await db.read.select({ o: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, bus.id)))[0]!.o).toBe(10_500)
    // The rollup equals the records, charged to the operator that paid.
    expect(await rollupOf(bus.id)).toBe(16_000 + 8_200 + 11_801)
    const [audited] = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'fuel.record'), eq(auditLog.entityId, String(bus.id)))).orderBy(sql`${auditLog.id} desc`).limit(1)
    expect(audited?.details).toMatchObject({ totalCents: 11_801, fuelEntryId: full.id })
  })

  it('measures miles per kWh at every charge, partial charges too, from the state of charge when the battery size is known', async () => {
    const bus = await dieselBus({ fuelType: 2, fuelUnit: 'kWh', fuelCapacityMilli: 300_000 })
    await record(ids.driver, { vehicleId: bus.id, fueledAt: at(0), odometer: 10_050, quantity: '240', total: '36.00', socBefore: 10, socAfter: 90 })
    // A partial charge: from 90% down to 70% is 60 kWh for 120 miles: 2 mi/kWh.
    const partial = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(10), odometer: 10_170, quantity: '31', total: '4.65', socBefore: 70, socAfter: 80, full: false })
    expect(partial.efficiencyMilli).toBe(2000)
    // From 80% down to 40% is 120 kWh for 300 miles: 2.5 mi/kWh.
    const next = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(20), odometer: 10_470, quantity: '160', total: '24.00', socBefore: 40, socAfter: 95 })
    expect(next.efficiencyMilli).toBe(2500)
    // An electric bus takes kWh, not gallons.
    const wrongUnit = await refusal(record(ids.driver, { vehicleId: bus.id, fueledAt: at(30), odometer: 10_500, quantity: '10', unit: 'gal', total: '1' }))
    expect(wrongUnit).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { unit: expect.any(String) } })
  })

  it('flags a quantity above the tank and an efficiency far outside the bus’s own range', async () => {
    const bus = await dieselBus()
    const over = await record(ids.ownerManager, { vehicleId: bus.id, fueledAt: at(0), odometer: 10_100, quantity: '120', total: '400' })
    expect(over.flags).toEqual(['overCapacity'])
    let odo = 10_100
    for (let i = 1; i <= 3; i++) {
      odo += 600
      const r = await record(ids.ownerManager, { vehicleId: bus.id, fueledAt: at(i * 24), odometer: odo, quantity: '100', total: '300' })
      expect(r).toMatchObject({ efficiencyMilli: 6000, flags: [] })
    }
    // 6 mpg three times; then 50 gallons for 700 miles = 14 mpg: more than twice the median.
    const outlier = await record(ids.ownerManager, { vehicleId: bus.id, fueledAt: at(100), odometer: odo + 700, quantity: '50', total: '150' })
    expect(outlier).toMatchObject({ efficiencyMilli: 14_000, flags: ['efficiencyOutlier'] })
    const [row] = await db.read.select({ flags: fuelEntries.flags, source: fuelEntries.source, companyId: fuelEntries.companyId }).from(fuelEntries).where(eq(fuelEntries.id, outlier.id))
    expect(row).toEqual({ flags: ['efficiencyOutlier'], source: 'manual', companyId: ids.owner })
  })

  it('refuses an odometer going back, and keeps an older record that fits between the readings around it', async () => {
    const bus = await dieselBus()
    await record(ids.driver, { vehicleId: bus.id, fueledAt: at(0), odometer: 10_100, quantity: '30', total: '90' })
    const later = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(48), odometer: 10_500, quantity: '30', total: '90' })
    // 400 miles on 30 gallons.
    expect(later.efficiencyMilli).toBe(13_333)
    const before = { count: await countOf(bus.id), rollup: await rollupOf(bus.id) }
    // Newer than the latest reading, but lower.
    const back = await refusal(record(ids.driver, { vehicleId: bus.id, fueledAt: at(50), odometer: 10_400, quantity: '30', total: '90' }))
    expect(back.code).toBe('BAD_REQUEST')
    expect(back.fieldErrors?.odometer).toContain('10,500')
    // Older than the latest reading: it must fit between 10,100 (at 0 h) and 10,500 (at 48 h).
    const tooHigh = await refusal(record(ids.driver, { vehicleId: bus.id, fueledAt: at(24), odometer: 10_600, quantity: '30', total: '90' }))
    expect(tooHigh.fieldErrors?.odometer).toContain('10,500')
    const tooLow = await refusal(record(ids.driver, { vehicleId: bus.id, fueledAt: at(24), odometer: 10_050, quantity: '30', total: '90' }))
    expect(tooLow.fieldErrors?.odometer).toContain('10,100')
    expect(await countOf(bus.id)).toBe(before.count)
    expect(await rollupOf(bus.id)).toBe(before.rollup)
    expect(await fuelOdometerProblem(db.read, bus.id, new Date(at(24)), 10_600)).toContain('10,500')
    expect(await fuelOdometerProblem(db.read, bus.id, new Date(at(24)), 10_300)).toBeNull()

    const readingsBefore = (await db.read.select().from(odometerReadings).where(eq(odometerReadings.vehicleId, bus.id))).length
    const past = await record(ids.operatorManager, { vehicleId: bus.id, fueledAt: at(24), odometer: 10_300, quantity: '30', total: '90.5', full: false })
    expect(past.replayed).toBe(false)
    // Not added to the odometer history; the bus's odometer stays at the latest.
    expect((await db.read.select().from(odometerReadings).where(eq(odometerReadings.vehicleId, bus.id))).length).toBe(readingsBefore)
    expect((await db.read.select({ o: vehicles.odometer }).from(vehicles).where(eq(vehicles.id, bus.id)))[0]!.o).toBe(10_500)
    expect(await rollupOf(bus.id)).toBe(before.rollup + 9_050)
    // The next full fill-up is measured again: 400 miles on the 30 partial gallons typed late + its own 30.
    const [again] = await db.read.select({ e: fuelEntries.efficiencyMilli }).from(fuelEntries).where(eq(fuelEntries.id, later.id))
    expect(again?.e).toBe(6_667)
  })

  it('insertFuelEntry checks everything before writing, so an import can skip a row inside its transaction', async () => {
    const bus = await dieselBus()
    const base = {
      vehicleId: bus.id,
      companyId: ids.owner,
      source: 'import' as const,
      quantityMilli: 20_000,
      unit: 'gal' as const,
      totalCents: 5000,
      station: null,
      card: 'CARD-1',
      full: true,
      socBeforePct: null,
      socAfterPct: null,
      importId: null,
      idempotencyKey: null,
      userId: ids.ownerManager,
      userName: 'Importer',
      field: 'row 2',
    }
    const done = await db.transaction(async (tx) => {
      const a = await insertFuelEntry(tx, { ...base, fueledAt: new Date(at(1)), odometer: 10_200 })
      const bad = await insertFuelEntry(tx, { ...base, fueledAt: new Date(at(2)), odometer: 10_100 }).catch((e: unknown) => e)
      const b = await insertFuelEntry(tx, { ...base, fueledAt: new Date(at(3)), odometer: 10_400 })
      return { a, bad, b }
    })
    expect(isAppError(done.bad) && done.bad.fieldErrors?.['row 2']).toBeTruthy()
    // 200 miles on 20 gallons.
    expect(done.b.efficiencyMilli).toBe(10_000)
    expect(await countOf(bus.id)).toBe(2)
    expect(await rollupOf(bus.id)).toBe(10_000)
  })

  it('answers the first record for a repeated idempotency key, on every door', async () => {
    const bus = await dieselBus()
    const input = { vehicleId: bus.id, fueledAt: at(5), odometer: 10_111, quantity: '10', total: '30', idempotencyKey: 'phone-outbox-1' }
    const first = await record(ids.driver, input)
    const again = await record(ids.driver, { ...input, quantity: '99' })
    expect(again).toMatchObject({ id: first.id, replayed: true })
    expect(await countOf(bus.id)).toBe(1)
    // The same key for another bus: 409.
    const other = await dieselBus()
    expect((await refusal(record(ids.driver, { ...input, vehicleId: other.id }))).code).toBe('CONFLICT')
    // Through REST, with the header.
    const token = await apiTokenFor(db, ids.driver)
    const post = () =>
      handleRestRequest(
        new Request('http://localhost/api/Fuel/record', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'rest-key-1' },
          body: JSON.stringify({ vehicleId: other.id, fueledAt: at(6), odometer: 10_120, quantity: 12.5, total: '40.10' }),
        }),
        db,
        '127.0.0.1',
      )
    const r1 = await post()
    expect(r1.status).toBe(201)
    const body1 = (await r1.json()) as { id: number }
    const r2 = await post()
    expect(r2.status).toBe(201)
    expect(r2.headers.get('idempotent-replayed')).toBe('true')
    expect(((await r2.json()) as { id: number }).id).toBe(body1.id)
    expect(await countOf(other.id)).toBe(1)
  })

  it('refuses bad input with a field error and saves nothing', async () => {
    const bus = await dieselBus()
    const ok = { vehicleId: bus.id, fueledAt: at(1), odometer: 10_100, quantity: '10', total: '30' }
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: '-5' }, 'quantity'],
      [{ quantity: '0' }, 'quantity'],
      [{ quantity: '1.2345' }, 'quantity'],
      [{ total: '-1.00' }, 'total'],
      [{ total: '10.123' }, 'total'],
      [{ total: -3 }, 'total'],
      [{ socBefore: 101 }, 'socBefore'],
      [{ socAfter: -1 }, 'socAfter'],
      [{ odometer: -1 }, 'odometer'],
      [{ odometer: '12.5' }, 'odometer'],
      [{ fueledAt: new Date(Date.now() + 3 * HOUR).toISOString() }, 'fueledAt'],
      [{ fueledAt: 'yesterday' }, 'fueledAt'],
      [{ unit: 'barrels' }, 'unit'],
    ]
    for (const [change, field] of cases) {
      const r = await refusal(record(ids.driver, { ...ok, ...change }))
      expect(r.code, JSON.stringify(change)).toBe('BAD_REQUEST')
      expect(Object.keys(r.fieldErrors ?? {}), JSON.stringify(change)).toContain(field)
    }
    expect(await countOf(bus.id)).toBe(0)
    expect(await rollupOf(bus.id)).toBe(0)
  })

  it('bounds the records a company types in a day (imports have their own caps)', async () => {
    const company = (await createCompany(db, 'Busy Fuel Co', ['Owner'])).id
    const manager = (await createUser(db)).id
    await grantRole(db, manager, company, 'Owner')
    const bus = await insertVehicle(db, company, { odometer: 1, fuelUnit: 'gal' })
    const fill = (n: number, source: string) =>
      db.transaction((tx) => tx.run(sql`
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
        INSERT INTO fuel_entries (vehicle_id, owner_company_id, company_id, source, fueled_at, fueled_on, odometer, life_miles, quantity_milli, unit, total_cents, full, created_at)
        SELECT ${bus.id}, ${company}, ${company}, ${source}, ${start}, '2000-01-01', 1, 1, 1000, 'gal', 0, 1, ${Date.now()} FROM n`))
    await fill(4_999, 'manual')
    await fill(100, 'import')
    const input = { vehicleId: bus.id, fueledAt: at(1), odometer: 10, quantity: '1', total: '1' }
    await record(manager, input)
    const capped = await refusal(record(manager, { ...input, odometer: 11 }))
    expect(capped.code).toBe('TOO_MANY_REQUESTS')
  })

  it('lets only the bus’s drivers and managers record: 404 for a bus the driver is not assigned to, 403 for who sees it', async () => {
    const bus = await dieselBus()
    const input = { vehicleId: bus.id, fueledAt: at(1), odometer: 10_100, quantity: '10', total: '30' }
    expect((await refusal(record(ids.otherDriver, input))).code).toBe('NOT_FOUND')
    expect((await refusal(record(ids.stranger, input))).code).toBe('NOT_FOUND')
    expect((await refusal(record(ids.ownerMechanic, input))).code).toBe('FORBIDDEN')
    expect((await refusal(record(ids.operatorMechanic, input))).code).toBe('FORBIDDEN')
    // The owner's own driver records for the owner.
    const own = await record(ids.ownerDriver, input)
    expect(own.companyId).toBe(ids.owner)
    // An assignment ended: the operator's driver may no longer record.
    const ended = await insertVehicle(db, ids.owner, { odometer: 5 })
    await assign(db, ended.id, ids.operator, { startDate: '2020-01-01', endDate: '2020-12-31' })
    expect((await refusal(record(ids.driver, { ...input, vehicleId: ended.id }))).code).toBe('NOT_FOUND')
    expect(await countOf(bus.id)).toBe(1)
  })

  it('shows the owner every record of its buses, an operator its own records, a driver theirs', async () => {
    const bus = await dieselBus()
    const byDriver = await record(ids.driver, { vehicleId: bus.id, fueledAt: at(1), odometer: 10_100, quantity: '10', total: '30' })
    const byOperator = await record(ids.operatorManager, { vehicleId: bus.id, fueledAt: at(2), odometer: 10_200, quantity: '10', total: '30' })
    const byOwner = await record(ids.ownerManager, { vehicleId: bus.id, fueledAt: at(3), odometer: 10_300, quantity: '10', total: '30' })
    const idsOf = (page: { entries: { id: number }[] }) => page.entries.map((e) => e.id).sort((a, b) => a - b)
    const list = async (userId: number, companyId: number) => listFuelEntries(await ctx(userId), { companyId, vehicleId: bus.id, pageSize: 100 })
    expect(idsOf(await list(ids.ownerManager, ids.owner))).toEqual([byDriver.id, byOperator.id, byOwner.id])
    expect(idsOf(await list(ids.operatorManager, ids.operator))).toEqual([byDriver.id, byOperator.id])
    expect(idsOf(await list(ids.driver, ids.operator))).toEqual([byDriver.id])
    expect((await refusal(list(ids.stranger, ids.owner))).code).toBe('FORBIDDEN')
    expect((await refusal(list(ids.otherDriver, ids.operator))).code).toBe('FORBIDDEN')
    const vehicleIds = async (userId: number) => idsOf(await listVehicleFuelEntries(await ctx(userId), bus.id))
    expect(await vehicleIds(ids.ownerManager)).toEqual([byDriver.id, byOperator.id, byOwner.id])
    expect(await vehicleIds(ids.operatorManager)).toEqual([byDriver.id, byOperator.id])
    expect(await vehicleIds(ids.driver)).toEqual([byDriver.id])
    expect((await refusal(listVehicleFuelEntries(await ctx(ids.stranger), bus.id))).code).toBe('NOT_FOUND')
    // Month filter and pagination in SQL.
    const month = new Date(at(1)).toISOString().slice(0, 7)
    const paged = await listFuelEntries(await ctx(ids.ownerManager), { companyId: ids.owner, vehicleId: bus.id, page: 2, pageSize: 2 })
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(paged.entries).toHaveLength(1)
    expect(paged.entries[0]).toMatchObject({ id: byDriver.id, totalCents: 3000, currency: 'USD', quantityMilli: 10_000 })
    const noMonth = await listFuelEntries(await ctx(ids.ownerManager), { companyId: ids.owner, vehicleId: bus.id, month: '1999-01' })
    expect(noMonth.total).toBe(0)
    expect(month).toMatch(/^\d{4}-\d{2}$/)
  })

  async function page(
    handler: (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; clientIp: string } }) => unknown,
    path: string,
    params: Record<string, string>,
    userId: number,
    form?: Record<string, string>,
  ) {
    setAppDb(db)
    const body = form ? new URLSearchParams(form) : undefined
    const request = new Request(`http://localhost${path}`, { method: body ? 'POST' : 'GET', headers: { cookie: `operon_session=${await webSessionFor(db, userId)}` }, body })
    try {
      return await handler({ request, params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    } catch (thrown) {
      return thrown
    }
  }
  const dataOf = (out: unknown) => ((out as { type?: string })?.type === 'DataWithResponseInit' ? (out as { data: unknown; init: ResponseInit | null }) : { data: out, init: null })

  it('records through the pages without JavaScript: the phone screen and the log’s form; a refusal keeps what was typed', async () => {
    const bus = await dieselBus({ fuelType: 2, fuelUnit: 'kWh', fuelCapacityMilli: 300_000 })
    const params = { vehicleId: String(bus.id) }
    const loaded = (await page(fuelUpPage.loader, `/fuelUp/${bus.id}`, params, ids.driver)) as { context: { electric: boolean; unit: string; companyId: number }; idempotencyKey: string }
    expect(loaded.context).toMatchObject({ electric: true, unit: 'kWh', companyId: ids.operator })
    const form = { idempotencyKey: loaded.idempotencyKey, fueledAt: new Date(start).toISOString().slice(0, 16), odometer: '10100', quantity: '120.5', total: '18.07', full: 'false', socBefore: '20', socAfter: '60' }
    const ok = dataOf(await page(fuelUpPage.action, `/fuelUp/${bus.id}`, params, ids.driver, form))
    expect(ok.data).toMatchObject({ ok: true })
    // The same rendered form posted twice records once.
    expect(dataOf(await page(fuelUpPage.action, `/fuelUp/${bus.id}`, params, ids.driver, form)).data).toMatchObject({ ok: true })
    expect(await countOf(bus.id)).toBe(1)
    const [row] = await db.read.select().from(fuelEntries).where(eq(fuelEntries.vehicleId, bus.id))
    expect(row).toMatchObject({ unit: 'kWh', quantityMilli: 120_500, totalCents: 1807, full: false, socBeforePct: 20, socAfterPct: 60, source: 'driver' })

    const refused = dataOf(await page(fuelUpPage.action, `/fuelUp/${bus.id}`, params, ids.driver, { ...form, idempotencyKey: 'other', total: '1.999', socAfter: '140' }))
    expect(refused.init?.status).toBe(400)
    expect(refused.data).toMatchObject({ ok: false, values: { total: '1.999', socAfter: '140' }, fieldErrors: { total: expect.any(String) } })
    expect(await countOf(bus.id)).toBe(1)

    // The log: the owner's manager records by hand, then sees it with its efficiency column.
    const diesel = await dieselBus()
    const logParams = { companyId: String(ids.owner) }
    const posted = await page(fuelLogPage.action, `/fuel/${ids.owner}`, logParams, ids.ownerManager, { vehicleId: String(diesel.id), odometer: '10050', quantity: '30', total: '99.99' })
    expect(posted instanceof Response && posted.status).toBe(302)
    const log = (await page(fuelLogPage.loader, `/fuel/${ids.owner}?vehicleId=${diesel.id}`, logParams, ids.ownerManager)) as { list: { total: number; canRecord: boolean; entries: { totalCents: number; source: string }[] } }
    expect(log.list).toMatchObject({ total: 1, canRecord: true, entries: [{ totalCents: 9999, source: 'manual' }] })
  })

  it('keeps the monthly rollup equal to the records, per bus, month and payer', async () => {
    const rows = await db.read
      .select({ vehicleId: fuelEntries.vehicleId, month: sql<string>`substr(${fuelEntries.fueledOn}, 1, 7)`, payer: fuelEntries.companyId, cents: sql<number>`sum(${fuelEntries.totalCents})` })
      .from(fuelEntries)
      .groupBy(fuelEntries.vehicleId, sql`substr(${fuelEntries.fueledOn}, 1, 7)`, fuelEntries.companyId)
    expect(rows.length).toBeGreaterThan(5)
    for (const r of rows) {
      const [c] = await db.read
        .select({ fuel: vehicleMonthCosts.fuelCents })
        .from(vehicleMonthCosts)
        .where(and(eq(vehicleMonthCosts.vehicleId, r.vehicleId), eq(vehicleMonthCosts.month, r.month), eq(vehicleMonthCosts.payerCompanyId, r.payer)))
      expect(c?.fuel ?? 0, JSON.stringify(r)).toBe(Number(r.cents))
    }
  })
})
