/**
 * The fuel card import's bulk write (insertFuelEntries) gives exactly what insertFuelEntry gives
 * one record at a time: two identical fresh companies, the same records written one way in each,
 * then every row they leave compared (fuel records with their efficiency, measured miles and
 * quantity and flags, odometer history, monthly costs, miles and measured fuel, the buses'
 * odometer and miles a day) minus ids, the measured-fuel rollup checked against the records, and each
 * record's outcome (its efficiency and flags, or the same refusal). Named cases (partial fills, an
 * electric bus with its state of charge, a late record between readings, a correction after it,
 * over capacity, an odometer going back, a wrong unit, bad values), seeded random files in time
 * order and shuffled, and a fuel card CSV committed both ways (results, counts, audit rows).
 * Then the 12,000-row bound, timed. On both drivers.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FuelUnit } from '#catalog/costs.ts'
import { FUEL_CSV_MAX_ROWS } from '#catalog/fuel-csv.ts'
import type { Database } from '#db/client.ts'
import { auditLog, fuelEntries, odometerReadings, vehicleMonthCosts, vehicleMonthFuel, vehicleMonthMiles, vehicles } from '#db/schema/index.ts'
import { insertFuelEntries, insertFuelEntry, type FuelEntryInput, type FuelEntryOutcome } from '#server/costs/fuel-entries.server.ts'
import { commitFuelImport, previewFuelImport } from '#server/costs/fuel-import.server.ts'
import { isAppError } from '#server/errors.ts'
import { recordOdometerCorrection, recordOdometerReading } from '#server/fleet/odometer.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'

const DAY = 86_400_000
const BASE = Date.parse('2026-09-01T00:00:00Z')
const NOW = new Date('2026-11-27T12:00:00Z')
const day = (d: number, hour = 8) => new Date(BASE + d * DAY + hour * 3_600_000)

/** mulberry32: the same "random" files in both companies and on every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The buses of one company: fuel in gallons (60 gal tank), litres (200 L), electric (300 kWh), a bus with a correction, a bus without history. */
const BUS_KINDS = [
  { key: 'D', fuelUnit: 'gal', fuelCapacityMilli: 60_000, fuelType: 1 },
  { key: 'L', fuelUnit: 'L', fuelCapacityMilli: 200_000, fuelType: 1 },
  { key: 'E', fuelUnit: 'kWh', fuelCapacityMilli: 300_000, fuelType: 2 },
  { key: 'C', fuelUnit: 'gal', fuelCapacityMilli: null, fuelType: 1 },
  { key: 'N', fuelUnit: null, fuelCapacityMilli: null, fuelType: 1 },
] as const

interface World {
  company: number
  buses: number[]
  plates: string[]
}

/** A short record for the helpers: bus index, time, odometer, quantity (units), unit, full, state of charge. */
interface Fill {
  bus: number
  at: Date
  odometer: number
  quantity: number
  unit?: FuelUnit
  full?: boolean
  soc?: [number | null, number | null]
  total?: number
}

describe.each(DRIVERS)('the fuel import bulk write on %s', (driver) => {
  let db: Database
  let manager: number
  let worlds = 0

  beforeAll(async () => {
    db = createTestDb(driver)
    manager = (await createUser(db, { firstName: 'Bea', lastName: 'Bulk' })).id
  })
  afterAll(() => db.close())

  const entryOf = (w: World, f: Fill, extra: Partial<FuelEntryInput> = {}): FuelEntryInput => ({
    vehicleId: w.buses[f.bus]!,
    companyId: w.company,
    source: 'import',
    fueledAt: f.at,
    odometer: f.odometer,
    quantityMilli: Math.round(f.quantity * 1000),
    unit: f.unit ?? (BUS_KINDS[f.bus]!.fuelUnit || 'gal'),
    totalCents: f.total ?? Math.round(f.quantity * 387),
    station: 'Yard',
    card: null,
    full: f.full ?? true,
    socBeforePct: f.soc?.[0] ?? null,
    socAfterPct: f.soc?.[1] ?? null,
    importId: null,
    idempotencyKey: null,
    userId: manager,
    userName: 'Bea Bulk',
    ...extra,
  })

  /** A fresh company with the five buses and the same history each time. */
  async function world(history: (w: World) => Promise<void>): Promise<World> {
    const n = worlds++
    const company = (await createCompany(db, `Bulk Co ${n}`, ['Owner'])).id
    await grantRole(db, manager, company, 'Owner')
    const buses: number[] = []
    const plates: string[] = []
    for (const k of BUS_KINDS) {
      const v = await insertVehicle(db, company, { licensePlate: `BK${n}-${k.key}`, fuelUnit: k.fuelUnit, fuelCapacityMilli: k.fuelCapacityMilli, fuelType: k.fuelType })
      buses.push(v.id)
      plates.push(v.licensePlate)
    }
    const w = { company, buses, plates }
    await history(w)
    return w
  }

  /** The named history: fuel records and readings before and after the file's times, a correction on bus C. */
  const namedHistory = async (w: World) => {
    const fill = (f: Fill) => db.transaction((tx) => insertFuelEntry(tx, entryOf(w, f, { source: 'manual' })))
    const read = (bus: number, at: Date, reading: number) =>
      db.transaction((tx) => recordOdometerReading(tx, { vehicleId: w.buses[bus]!, reading, source: 'inspection', field: 'odometer', at, userId: null, userName: null }))
    // D: full, partial, full, then an inspection reads 11,000 on day 12.
    await fill({ bus: 0, at: day(1), odometer: 10_000, quantity: 40 })
    await fill({ bus: 0, at: day(4), odometer: 10_300, quantity: 15, full: false })
    await fill({ bus: 0, at: day(7), odometer: 10_600, quantity: 30 })
    await read(0, day(12), 11_000)
    // L: one full tank in litres.
    await fill({ bus: 1, at: day(2), odometer: 50_000, quantity: 100 })
    // E: a charge with its state of charge.
    await fill({ bus: 2, at: day(1), odometer: 2_000, quantity: 100, soc: [20, 80] })
    // C: readings, a fill-up, then the odometer replaced (a correction to 100) and read again.
    await read(3, day(0), 5_000)
    await fill({ bus: 3, at: day(3), odometer: 5_300, quantity: 20 })
    await read(3, day(5), 5_500)
    await db.transaction((tx) => recordOdometerCorrection(tx, { vehicleId: w.buses[3]!, reading: 100, reason: 'odometer replaced', at: day(8), userId: manager, userName: 'Bea Bulk' }))
    await read(3, day(12), 600)
  }

  /** The records the file brings, in time order (as the import writes them). */
  const namedFile: Fill[] = [
    { bus: 0, at: day(5), odometer: 10_400, quantity: 20 }, // late, fits between day 4 (10,300) and day 7 (10,600); day 7 measured again
    { bus: 0, at: day(6), odometer: 10_700, quantity: 10 }, // above 10,600 read after it: refused
    { bus: 0, at: day(13), odometer: 10_900, quantity: 10 }, // newest, below the latest 11,000: refused (goes back)
    { bus: 0, at: day(13, 10), odometer: 11_200, quantity: 70 }, // over the 60 gal tank
    { bus: 0, at: day(15), odometer: 11_500, quantity: 10, full: false }, // partial
    { bus: 0, at: day(16), odometer: 11_800, quantity: 25 }, // full: measured across the partial
    { bus: 0, at: day(16), odometer: 11_800, quantity: 26 }, // the same time, another quantity
    { bus: 1, at: day(9), odometer: 50_400, quantity: 120 },
    { bus: 1, at: day(11), odometer: 50_800, quantity: 250 }, // over the 200 L tank
    { bus: 2, at: day(3), odometer: 2_100, quantity: 60, soc: [50, 90] },
    { bus: 2, at: day(5), odometer: 2_250, quantity: 40, soc: [60, 85] }, // a partial charge
    { bus: 2, at: day(6), odometer: 2_300, quantity: 40, unit: 'gal' }, // gallons on an electric bus: refused
    { bus: 2, at: day(8), odometer: 2_400, quantity: 350, soc: [5, 100] }, // over the 300 kWh battery
    { bus: 2, at: day(9), odometer: 2_500, quantity: 30, soc: [null, 95] },
    { bus: 3, at: day(4), odometer: 5_400, quantity: 10 }, // before the correction: its life miles take the jump off
    { bus: 3, at: day(10), odometer: 300, quantity: 20 }, // between the correction (100) and 600
    { bus: 3, at: day(14), odometer: 800, quantity: 15 }, // newest
    { bus: 4, at: day(2), odometer: 100, quantity: 10 }, // the bus's first reading
    { bus: 4, at: day(3), odometer: 50, quantity: 10 }, // goes back: refused
    { bus: 4, at: day(4), odometer: 400, quantity: 5, full: false },
    { bus: 4, at: day(5), odometer: 500, quantity: 0 }, // no quantity: refused
    { bus: 4, at: new Date(Date.now() + 3_600_000), odometer: 900, quantity: 5 }, // in the future: refused
    { bus: 4, at: day(31), odometer: 900, quantity: 12 }, // next month
    // Out of time order, the file's earliest records: measured from and checked against what was read before them.
    { bus: 0, at: day(1, 12), odometer: 10_100, quantity: 5 }, // fits between day 1 (10,000) and day 4 (10,300)
    { bus: 3, at: day(0, 9), odometer: 4_900, quantity: 5 }, // below the 5,000 read on day 0: refused
  ]

  const outcomeOf = (o: FuelEntryOutcome, ids: Map<number, number>) =>
    o.ok ? { ok: true, row: ids.get(o.entry.id), efficiencyMilli: o.entry.efficiencyMilli, flags: o.entry.flags } : { ok: false, code: o.error.code, message: o.error.message, fieldErrors: o.error.fieldErrors }

  /** Everything the records leave in one company, without ids (buses by their place, rows in id order). */
  async function dump(w: World) {
    const bus = (id: number) => w.buses.indexOf(id)
    const company = (id: number) => (id === w.company ? 'company' : id)
    const fuel = await db.read.select().from(fuelEntries).where(inArray(fuelEntries.vehicleId, w.buses)).orderBy(asc(fuelEntries.id))
    const readings = await db.read.select().from(odometerReadings).where(inArray(odometerReadings.vehicleId, w.buses)).orderBy(asc(odometerReadings.id))
    const costs = await db.read.select().from(vehicleMonthCosts).where(inArray(vehicleMonthCosts.vehicleId, w.buses))
    const miles = await db.read.select().from(vehicleMonthMiles).where(inArray(vehicleMonthMiles.vehicleId, w.buses))
    const measured = await db.read.select().from(vehicleMonthFuel).where(inArray(vehicleMonthFuel.vehicleId, w.buses))
    const buses = await db.read
      .select({ id: vehicles.id, odometer: vehicles.odometer, odometerOffset: vehicles.odometerOffset, milesPerDay: vehicles.milesPerDay })
      .from(vehicles)
      .where(inArray(vehicles.id, w.buses))
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    return {
      ids: new Map(fuel.map((f, i) => [f.id, i])),
      tables: {
        fuel: fuel.map(({ id: _id, createdAt: _c, vehicleId, ownerCompanyId, companyId, importId, ...r }) => ({ ...r, bus: bus(vehicleId), owner: company(ownerCompanyId), payer: company(companyId), imported: importId !== null })),
        readings: readings.map(({ id: _id, vehicleId, ...r }) => ({ ...r, bus: bus(vehicleId) })),
        costs: costs.map(({ vehicleId, ownerCompanyId, payerCompanyId, ...r }) => ({ ...r, bus: bus(vehicleId), owner: company(ownerCompanyId), payer: company(payerCompanyId) })).sort((a, b) => a.bus - b.bus || byKey(a.month, b.month)),
        miles: miles.map(({ vehicleId, ownerCompanyId, ...r }) => ({ ...r, bus: bus(vehicleId), owner: company(ownerCompanyId) })).sort((a, b) => a.bus - b.bus || byKey(a.month, b.month)),
        measured: measured
          .map(({ vehicleId, ownerCompanyId, payerCompanyId, ...r }) => ({ ...r, bus: bus(vehicleId), owner: company(ownerCompanyId), payer: company(payerCompanyId) }))
          .sort((a, b) => a.bus - b.bus || byKey(a.month, b.month) || byKey(a.energy, b.energy)),
        buses: buses.map(({ id, ...r }) => ({ ...r, bus: bus(id) })).sort((a, b) => a.bus - b.bus),
      },
    }
  }

  /** vehicle_month_fuel as the records give it: their measured miles and quantities summed by bus, month, payer and kind (zero sums absent). */
  function measuredFromRecords(tables: Awaited<ReturnType<typeof dump>>['tables']) {
    const keys = new Map<string, { bus: number; month: string; payer: unknown; energy: string; measuredMiles: number; measuredMilli: number }>()
    for (const f of tables.fuel) {
      // Measured together or not at all.
      expect(f.measuredMiles === null).toBe(f.measuredMilli === null)
      expect(f.measuredMiles === null).toBe(f.efficiencyMilli === null)
      if (f.measuredMiles === null) continue
      const energy = f.unit === 'kWh' ? 'electric' : 'fuel'
      const k = `${f.bus}|${f.fueledOn.slice(0, 7)}|${String(f.payer)}|${energy}`
      const row = keys.get(k) ?? { bus: f.bus, month: f.fueledOn.slice(0, 7), payer: f.payer, energy, measuredMiles: 0, measuredMilli: 0 }
      row.measuredMiles += f.measuredMiles
      row.measuredMilli += f.measuredMilli!
      keys.set(k, row)
    }
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    return [...keys.values()].sort((a, b) => a.bus - b.bus || byKey(a.month, b.month) || byKey(a.energy, b.energy))
  }

  /** One record at a time, as the import did before: each refusal caught, the transaction going on. */
  async function oneByOne(entries: FuelEntryInput[]): Promise<FuelEntryOutcome[]> {
    return db.transaction(async (tx) => {
      const out: FuelEntryOutcome[] = []
      for (const e of entries) {
        try {
          out.push({ ok: true, entry: await insertFuelEntry(tx, e) })
        } catch (err) {
          if (!isAppError(err)) throw err
          out.push({ ok: false, error: err })
        }
      }
      return out
    })
  }

  /** The same file written both ways in two identical companies: the outcomes and every row equal. */
  async function compare(history: (w: World) => Promise<void>, file: Fill[]) {
    const a = await world(history)
    const b = await world(history)
    const perRow = await oneByOne(file.map((f) => entryOf(a, f)))
    const bulk = await db.transaction((tx) => insertFuelEntries(tx, file.map((f) => entryOf(b, f))))
    const [da, dbb] = [await dump(a), await dump(b)]
    expect(dbb.tables).toEqual(da.tables)
    // The measured-fuel rollup is the sum of the records' measures (each path kept it so).
    for (const d of [da, dbb]) expect(d.tables.measured.map(({ owner: _o, ...r }) => r)).toEqual(measuredFromRecords(d.tables))
    expect(bulk.map((o) => outcomeOf(o, dbb.ids))).toEqual(perRow.map((o) => outcomeOf(o, da.ids)))
    return { perRow, bulk, tables: dbb.tables }
  }

  it('named cases: partial fills, a charge with its state of charge, a late record, a correction, over capacity, refusals', async () => {
    const { bulk, tables } = await compare(namedHistory, namedFile)
    const refused = bulk.flatMap((o, i) => (o.ok ? [] : [[i, o.error.fieldErrors ? Object.entries(o.error.fieldErrors)[0] : o.error.message]]))
    expect(refused).toEqual([
      [1, ['odometer', 'The odometer cannot be above 10,600 mi, read after this time']],
      [2, ['odometer', 'The odometer cannot go back: the latest reading of this vehicle is 11,000 mi']],
      [11, ['unit', 'This bus is electric: enter the energy in kWh']],
      [18, ['odometer', 'The odometer cannot go back: the latest reading of this vehicle is 100 mi']],
      [20, ['quantity', 'Enter a quantity above zero with at most three decimals']],
      [21, ['fueledAt', 'The date and time cannot be in the future']],
      [24, ['odometer', 'The odometer cannot be below 5,000 mi, read before this time']],
    ])
    // The cases are what they say: flags, the late record not in the history, the day-7 record measured again, the correction's jump.
    const ok = (i: number) => (bulk[i]!.ok ? bulk[i]!.entry : null)
    expect(ok(23)?.efficiencyMilli).toBe(Math.round((100 * 1e6) / 5_000))
    expect(ok(3)?.flags).toEqual(['overCapacity'])
    expect(ok(8)?.flags).toEqual(['overCapacity'])
    expect(ok(12)?.flags).toEqual(['overCapacity'])
    expect(ok(10)?.efficiencyMilli).toBe(Math.round((150 * 1e6) / ((300_000 * 30) / 100)))
    expect(ok(4)?.efficiencyMilli).toBeNull()
    expect(ok(5)?.efficiencyMilli).toBe(Math.round((600 * 1e6) / 35_000))
    const d = tables.fuel.filter((f) => f.bus === 0)
    expect(d.find((f) => f.odometer === 10_600)?.efficiencyMilli).toBe(Math.round((200 * 1e6) / 30_000))
    expect(tables.readings.filter((r) => r.bus === 0).map((r) => r.reading)).toEqual([10_000, 10_300, 10_600, 11_000, 11_200, 11_500, 11_800, 11_800])
    const c = tables.fuel.filter((f) => f.bus === 3)
    expect(c.map((f) => [f.odometer, f.lifeMiles])).toEqual([
      [5_300, 5_300],
      [5_400, 5_400],
      [300, 5_700],
      [800, 6_200],
    ])
    expect(tables.miles.filter((m) => m.bus === 4).map((m) => [m.month, m.miles])).toEqual([
      ['2026-09', 300],
      ['2026-10', 500],
    ])
  })

  it('the outlier window reaches past 60 partial fill-ups: the efficiencies of older full ones flag the record', async () => {
    const history = async (w: World) => {
      const fill = (f: Fill) => db.transaction((tx) => insertFuelEntry(tx, entryOf(w, f, { source: 'manual' })))
      const hour = (h: number) => new Date(BASE + h * 3_600_000)
      // Four full fill-ups at 10 mpg, 59 partial ones, a full one: its window holds only one measured record.
      for (let i = 0; i < 4; i++) await fill({ bus: 0, at: hour(i), odometer: 10_000 + i * 100, quantity: 10 })
      for (let i = 0; i < 59; i++) await fill({ bus: 0, at: hour(10 + i), odometer: 10_310 + i * 10, quantity: 1, full: false })
      await fill({ bus: 0, at: hour(100), odometer: 11_000, quantity: 10 })
    }
    const { bulk } = await compare(history, [{ bus: 0, at: day(10), odometer: 11_100, quantity: 1 }])
    expect(bulk[0]).toMatchObject({ ok: true, entry: { efficiencyMilli: 100_000, flags: ['efficiencyOutlier'] } })
  })

  for (const [seed, shuffled] of [
    [1, false],
    [2, false],
    [3, true],
    [4, true],
  ] as const) {
    it(`seeded random file ${seed}${shuffled ? ', in no order' : ', in time order'}`, async () => {
      const rnd = random(seed)
      const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!
      // A bus's true odometer along the days, with some noise and some rows going back.
      const rate = BUS_KINDS.map(() => 80 + Math.floor(rnd() * 120))
      const odometerAt = (bus: number, t: number) => 1_000 * (bus + 1) + Math.floor(((t - BASE) / DAY) * rate[bus]!)
      const fillAt = (bus: number, t: number): Fill => {
        const kind = BUS_KINDS[bus]!
        const energy = kind.fuelUnit === 'kWh'
        const r = rnd()
        const odometer = r < 0.07 ? Math.max(0, odometerAt(bus, t) - 400) : r < 0.1 ? odometerAt(bus, t) + 400 : odometerAt(bus, t) + Math.floor(rnd() * 3)
        const unit: FuelUnit = rnd() < 0.05 ? pick(['gal', 'L', 'kWh'] as const) : (kind.fuelUnit ?? 'gal')
        const quantity = Math.round((energy ? 20 + rnd() * 320 : 5 + rnd() * (kind.fuelUnit === 'L' ? 230 : 70)) * 1000) / 1000
        const soc: [number | null, number | null] | undefined = energy ? [rnd() < 0.2 ? null : Math.floor(rnd() * 60), rnd() < 0.2 ? null : 60 + Math.floor(rnd() * 41)] : undefined
        return { bus, at: new Date(t), odometer, quantity, unit, full: rnd() < 0.7, soc, total: Math.floor(rnd() * 40_000) }
      }
      const history = async (w: World) => {
        const h = random(seed * 1000)
        // A reading two months earlier: the miles a day (90 days back from the last reading) see it or not by the time they end at.
        for (let bus = 0; bus < BUS_KINDS.length; bus++) {
          const t = BASE - 60 * DAY
          await db.transaction((tx) => recordOdometerReading(tx, { vehicleId: w.buses[bus]!, reading: Math.max(0, odometerAt(bus, t) - 3_000), source: 'inspection', field: 'odometer', at: new Date(t), userId: null, userName: null }))
        }
        for (let i = 0; i < 40; i++) {
          const bus = Math.floor(h() * BUS_KINDS.length)
          const t = BASE + Math.floor(h() * 30 * DAY)
          if (h() < 0.3) {
            await db
              .transaction((tx) => recordOdometerReading(tx, { vehicleId: w.buses[bus]!, reading: odometerAt(bus, t), source: 'inspection', field: 'odometer', at: new Date(t), userId: null, userName: null }))
              .catch(() => undefined)
          } else {
            const kind = BUS_KINDS[bus]!
            const f: Fill = { bus, at: new Date(t), odometer: odometerAt(bus, t), quantity: 10 + Math.floor(h() * 50), unit: kind.fuelUnit ?? 'gal', full: h() < 0.7, soc: kind.fuelUnit === 'kWh' ? [20, 80] : undefined }
            await db.transaction((tx) => insertFuelEntry(tx, entryOf(w, f, { source: 'manual' }))).catch(() => undefined)
          }
        }
        // A correction on bus C on day 20 (its odometer replaced).
        await db.transaction((tx) => recordOdometerCorrection(tx, { vehicleId: w.buses[3]!, reading: 50, reason: 'replaced', at: day(20), userId: manager, userName: 'Bea Bulk' }))
      }
      const file: Fill[] = []
      for (let i = 0; i < 250; i++) {
        const bus = Math.floor(rnd() * BUS_KINDS.length)
        // Odd seeds: the file overlaps the history; even seeds: most of the history is before the file.
        const first = seed % 2 ? 5 : 25
        const t = BASE + Math.floor(((first + rnd() * (45 - first)) * DAY) / 60_000) * 60_000
        const f = fillAt(bus, t)
        // After the correction bus C reads from 50.
        if (bus === 3 && t > day(20).getTime()) f.odometer = Math.max(0, f.odometer - odometerAt(3, day(20).getTime()) + 50)
        file.push(f)
        if (rnd() < 0.05) file.push({ ...f, quantity: f.quantity + 1 }) // the same time twice
      }
      if (shuffled) file.sort(() => rnd() - 0.5)
      else file.sort((x, y) => x.at.getTime() - y.at.getTime())
      const { bulk } = await compare(history, file)
      // The file exercised both sides: records written, refused, measured and flagged.
      expect(bulk.filter((o) => o.ok).length).toBeGreaterThan(50)
      expect(bulk.filter((o) => !o.ok).length).toBeGreaterThan(5)
      expect(bulk.some((o) => o.ok && o.entry.flags.includes('overCapacity'))).toBe(true)
      expect(bulk.some((o) => o.ok && o.entry.efficiencyMilli !== null)).toBe(true)
    })
  }

  it('a fuel card CSV committed one record at a time and in bulk: the same rows, result, counts and audit row', async () => {
    const header = 'Transaction Date,Time,License Plate,Odometer,Quantity,Unit,Total Amount,Full Tank'
    const csvFor = (w: World) =>
      [
        header,
        ...namedFile
          .filter((f) => f.at.getTime() < NOW.getTime())
          .map((f) => {
            const iso = f.at.toISOString()
            return [iso.slice(0, 10), iso.slice(11, 16), w.plates[f.bus], f.odometer, f.quantity, f.unit ?? BUS_KINDS[f.bus]!.fuelUnit ?? 'gal', (Math.round(f.quantity * 387) / 100).toFixed(2), f.full === false ? 'N' : 'Y'].join(',')
          }),
      ].join('\r\n')
    const run = async (perRow: boolean) => {
      const w = await world(namedHistory)
      const ctx = await ctxFor(db, manager, NOW)
      const view = await previewFuelImport(ctx, { companyId: w.company, fileName: 'card.csv', csv: csvFor(w) })
      // Since the preview, a driver recorded bus L at 50,900 on day 10: the day-11 row (50,800) now goes back.
      await db.transaction((tx) => insertFuelEntry(tx, entryOf(w, { bus: 1, at: day(10), odometer: 50_900, quantity: 50 }, { source: 'manual' })))
      const result = await commitFuelImport(ctx, { companyId: w.company, importId: view.id }, { perRow })
      const [audit] = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'fuelImport.commit'), eq(auditLog.entityId, String(view.id))))
      return { w, view, result, audit: audit!, tables: (await dump(w)).tables }
    }
    const a = await run(true)
    const b = await run(false)
    expect(a.view.validRows).toBe(b.view.validRows)
    expect({ ...b.result, importId: 0, companyId: 0 }).toEqual({ ...a.result, importId: 0, companyId: 0 })
    expect(b.result).toMatchObject({ changed: 1 })
    expect(b.result.imported).toBeGreaterThan(10)
    expect(b.audit.details).toEqual(a.audit.details)
    expect(b.tables).toEqual(a.tables)
    expect(b.tables.measured.map(({ owner: _o, ...r }) => r)).toEqual(measuredFromRecords(b.tables))
    expect(b.tables.measured.length).toBeGreaterThan(0)
  })

  it('the 12,000-row bound of 200 buses in one commit, timed', { timeout: 240_000 }, async () => {
    const fleet = (await createCompany(db, `Big Bulk Fleet ${driver}`, ['Owner'])).id
    await grantRole(db, manager, fleet, 'Owner')
    const plates: string[] = []
    for (let i = 0; i < 200; i++) plates.push((await insertVehicle(db, fleet, { licensePlate: `BB-${driver === 'libsql' ? 'L' : 'B'}-${i}`, fuelUnit: 'gal', fuelCapacityMilli: 100_000 })).licensePlate)
    const rows = ['Transaction Date,Time,License Plate,Odometer,Gallons,Total Amount,Full Tank']
    for (let d = 0; d < 30; d++) {
      for (let k = 0; k < 2; k++) {
        for (let b = 0; b < 200; b++) rows.push([`2026-10-${String(d + 1).padStart(2, '0')}`, k ? '15:00' : '05:30', plates[b], 1000 + d * 200 + k * 100 + b, 20 + (b % 7), '80.00', (d + b) % 3 ? 'Y' : 'N'].join(','))
      }
    }
    expect(rows.length - 1).toBe(FUEL_CSV_MAX_ROWS)
    const ctx = await ctxFor(db, manager, NOW)
    const view = await previewFuelImport(ctx, { companyId: fleet, csv: rows.join('\r\n') })
    expect(view).toMatchObject({ totalRows: 12000, validRows: 12000 })
    const started = performance.now()
    const done = await commitFuelImport(ctx, { companyId: fleet, importId: view.id })
    const ms = Math.round(performance.now() - started)
    console.info(`[fuel-import-bulk] ${driver}: 12,000-row commit in ${ms} ms`)
    expect(done).toMatchObject({ imported: 12000, totalCents: 12000 * 8000 })
    const [rolled] = await db.read.select({ miles: vehicleMonthMiles.miles }).from(vehicleMonthMiles).innerJoin(vehicles, eq(vehicles.id, vehicleMonthMiles.vehicleId)).where(eq(vehicles.licensePlate, plates[0]!))
    expect(rolled?.miles).toBe(29 * 200 + 100)
  })
})
