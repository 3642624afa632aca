/**
 * Cost per mile at scale (issue 36 point 7, decision 085): 2,000 buses with five years of daily
 * fuel entries (≈ 3.65 million fill-ups, each with its odometer reading), a repair every 45–75
 * days with its cost lines (parts, labour, tax), a service every 90 days with its cost, half the
 * fleet held by an operator that pays its own fuel and some repairs; the monthly rollups filled
 * as the writes fill them (each record adds its cents to its bus × month × payer; each reading
 * adds its step since the bus's previous reading to its month, the first reading adding 0; each
 * measured fill-up adds its measured miles and gallons to `vehicle_month_fuel`).
 * Times, on an embedded SQLite file (better-sqlite3; `--libsql` for the libSQL client):
 * - cost per mile for one month across the fleet (`costPerMileForMonth`, page 1 of 25 rows,
 *   sorted by total, with the month's totals and the totals per payer): target ≤ 100 ms;
 * - the same sorted by cost per mile, page 40; the same as the operator (its own rows);
 * - 60 months of one bus (`vehicleCostHistory`): target ≤ 100 ms;
 * - the dashboard summary (`companyCostSummary`, 12 months, with the exact fuel efficiency per
 *   month from `vehicle_month_fuel` and the ten costliest buses);
 * - every page of the month as CSV (`exportCostPerMileCsv`).
 *
 *   npm run bench:costs [-- --runs 20 --buses 2000 --days 1826 --reseed --libsql]
 *
 * The data set is seeded once (one transaction, prepared statements through better-sqlite3
 * directly) and cached under data/bench/ (git-ignored). A cache seeded before migration 0017 is
 * brought up to date in place once (migrated, then each measured fill-up's miles and gallons and
 * the `vehicle_month_fuel` rollup computed from its rows: see upgradeCache), so it need not be
 * seeded again. Exit code 0 whatever the timings.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { addDays } from '#catalog/expiry.ts'
import { milliTimesCents, hundredthsTimesCents } from '#catalog/money.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import type { UserActor } from '#server/context/actor.ts'
import { companyCostSummary, costPerMileForMonth, exportCostPerMileCsv, vehicleCostHistory } from '#server/costs/cost-per-mile.server.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const RUNS = arg('runs', 20)
const BUSES = arg('buses', 2000)
const DAYS = arg('days', 1826)
const TARGET_MS = 100
if (process.argv.includes('--libsql')) process.env.DB_DRIVER = 'libsql'

/** The last day of the history: the "today" of every measure (fixed, so runs compare). */
const TODAY = '2026-11-27'
const NOW = new Date(`${TODAY}T20:00:00Z`)
const FIRST_DAY = addDays(TODAY, -(DAYS - 1))
const MONTH = '2026-10'

const cacheDir = resolve('data/bench')
const cacheFile = join(cacheDir, `costs-${BUSES}x${DAYS}.db`)
if (process.argv.includes('--reseed')) rmSync(cacheFile, { force: true })

function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
const dayMs = (day: string) => Date.parse(`${day}T18:00:00Z`)

async function seed(file: string): Promise<void> {
  const t0 = performance.now()
  const migrated = openDatabase({ url: `file:${file}` })
  await migrated.migrate()
  const random = rng(36)
  const ids = await migrated.transaction(async (tx) => {
    const company = async (name: string, code: string, type: 'Owner' | 'Operator' | 'RepairShop') => {
      const [c] = await tx.insert(t.companies).values({ name, code, timeZone: 'UTC' }).returning()
      await tx.insert(t.companyTypes).values({ companyId: c!.id, type })
      return c!.id
    }
    const owner = await company('Bench Costs Coaches', 'CO-BENCH-COST', 'Owner')
    const operator = await company('Bench Costs Transit', 'CO-BENCH-COSTOP', 'Operator')
    const shop = await company('Bench Costs Garage', 'CO-BENCH-COSTRS', 'RepairShop')
    const vehicles: { id: number; milesPerDay: number }[] = []
    for (let from = 0; from < BUSES; from += 100) {
      const chunk = Array.from({ length: Math.min(100, BUSES - from) }, (_, j) => {
        const b = from + j
        return {
          ownerCompanyId: owner,
          make: 'Blue Bird',
          model: 'Vision',
          vin: `1BAKGCPA0NF${String(300000 + b).padStart(6, '0')}`,
          licensePlate: `CO ${b}`,
          vehicleIdentifier: `CO-${String(b).padStart(4, '0')}`,
          fuelUnit: 'gal' as const,
          fuelCapacityMilli: 100_000,
          createdAt: new Date(dayMs(FIRST_DAY)),
          milesPerDay: 80 + Math.floor(random() * 220),
        }
      })
      const rows = await tx.insert(t.vehicles).values(chunk).returning({ id: t.vehicles.id })
      rows.forEach((r, j) => vehicles.push({ id: r.id, milesPerDay: chunk[j]!.milesPerDay }))
    }
    return { owner, operator, shop, vehicles }
  })
  await migrated.close()

  const conn = new BetterSqlite3(file)
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = OFF')
  conn.pragma('foreign_keys = ON')
  const counts = { readings: 0, fuel: 0, actions: 0, lines: 0, services: 0 }
  /** The rollups, as the writes would add to them. */
  const costs = new Map<string, { vehicleId: number; month: string; payer: number; repair: number; service: number; fuel: number }>()
  const miles = new Map<string, { vehicleId: number; month: string; miles: number }>()
  const measured = new Map<string, { vehicleId: number; month: string; payer: number; miles: number; milli: number }>()
  const addCost = (vehicleId: number, payer: number, date: string, column: 'repair' | 'service' | 'fuel', cents: number) => {
    const month = date.slice(0, 7)
    const key = `${vehicleId}|${month}|${payer}`
    const row = costs.get(key) ?? { vehicleId, month, payer, repair: 0, service: 0, fuel: 0 }
    row[column] += cents
    costs.set(key, row)
  }
  conn.transaction(() => {
    const insAssignment = conn.prepare(`INSERT INTO operator_assignments (vehicle_id, operator_company_id, start_date, created_at) VALUES (?, ?, ?, ?)`)
    const insReading = conn.prepare(`INSERT INTO odometer_readings (vehicle_id, reading, source, recorded_at) VALUES (?, ?, 'fuel', ?)`)
    const insFuel = conn.prepare(
      `INSERT INTO fuel_entries (vehicle_id, owner_company_id, company_id, source, fueled_at, fueled_on, odometer, life_miles, quantity_milli, unit, total_cents, station, full, efficiency_milli, measured_miles, measured_milli, created_at)
       VALUES (?, ?, ?, 'driver', ?, ?, ?, ?, ?, 'gal', ?, 'Yard pump', 1, ?, ?, ?, ?)`,
    )
    const insAction = conn.prepare(`INSERT INTO repair_actions (repair_identifier, vehicle_id, owner_company_id, repair_company_id, repaired_at, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`)
    const insLine = conn.prepare(
      `INSERT INTO repair_cost_lines (repair_action_id, vehicle_id, owner_company_id, shop_company_id, kind, description, part_number, quantity_milli, unit_cost_cents, hours_hundredths, rate_cents, mechanic_name, amount_cents, payer, payer_company_id, charged_on, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const insService = conn.prepare(
      `INSERT INTO service_records (owner_company_id, vehicle_id, task_name, program_name, kind, performed_on, odometer, life_miles, reading_source, performed_by, cost_cents, created_at)
       VALUES (?, ?, 'PM-A', 'Fleet PM', 'done', ?, ?, ?, 'entered', 'Outside garage', ?, ?)`,
    )
    const setOdometer = conn.prepare(`UPDATE vehicles SET odometer = ? WHERE id = ?`)
    for (let b = 0; b < BUSES; b++) {
      const { id, milesPerDay } = ids.vehicles[b]!
      // Even buses are held by the operator for the whole period: it pays their fuel and some repairs.
      const held = b % 2 === 0
      if (held) insAssignment.run(id, ids.operator, FIRST_DAY, dayMs(FIRST_DAY))
      const fuelPayer = held ? ids.operator : ids.owner
      let odometer = Math.floor(random() * 50_000)
      let previous: number | null = null
      let nextRepair = 45 + Math.floor(random() * 30)
      for (let d = 0; d < DAYS; d++) {
        const day = addDays(FIRST_DAY, d)
        const driven = Math.round(milesPerDay * (0.7 + random() * 0.6))
        odometer += driven
        const at = dayMs(day)
        insReading.run(id, odometer, at)
        counts.readings++
        // The first reading is the baseline: it adds no miles.
        if (previous !== null) {
          const key = `${id}|${day.slice(0, 7)}`
          const m = miles.get(key) ?? { vehicleId: id, month: day.slice(0, 7), miles: 0 }
          m.miles += odometer - previous
          miles.set(key, m)
        }
        // A full fill-up at the day's end: the day's miles at 6–8 mpg, $3.50–$4.50 a gallon.
        const gallonsMilli = Math.max(1000, Math.round((driven / (6 + random() * 2)) * 1000))
        const total = milliTimesCents(gallonsMilli, 350 + Math.floor(random() * 100))
        // Measured from the previous full fill-up (the day before): its miles over this one's gallons.
        const measuredMiles = previous === null ? null : odometer - previous
        const eff = measuredMiles === null ? null : Math.round((measuredMiles * 1_000_000) / gallonsMilli)
        insFuel.run(id, ids.owner, fuelPayer, at, day, odometer, odometer, gallonsMilli, total, eff, measuredMiles, measuredMiles === null ? null : gallonsMilli, at)
        addCost(id, fuelPayer, day, 'fuel', total)
        if (measuredMiles !== null) {
          const key = `${id}|${day.slice(0, 7)}|${fuelPayer}`
          const m = measured.get(key) ?? { vehicleId: id, month: day.slice(0, 7), payer: fuelPayer, miles: 0, milli: 0 }
          m.miles += measuredMiles
          m.milli += gallonsMilli
          measured.set(key, m)
        }
        counts.fuel++
        previous = odometer
        // A repair every 45–75 days: parts, labour and tax lines, charged on the day it was opened.
        if (d === nextRepair) {
          nextRepair += 45 + Math.floor(random() * 30)
          const ra = (insAction.get(`RA-CO-${b}-${d}`, id, ids.owner, ids.shop, at + 86_400_000, at) as { id: number }).id
          counts.actions++
          const operatorPays = held && random() < 0.5
          const payer = operatorPays ? ids.operator : ids.owner
          const qty = 1000 + Math.floor(random() * 4) * 1000
          const unit = 1500 + Math.floor(random() * 30000)
          const parts = milliTimesCents(qty, unit)
          const hours = 50 + Math.floor(random() * 400)
          const labour = hundredthsTimesCents(hours, 9500)
          const tax = Math.round(parts * 0.0825)
          for (const [kind, desc, pn, q, u, h, r, mech, amount] of [
            ['part', 'Brake pads', 'BP-220', qty, unit, null, null, null, parts],
            ['labour', 'Replace brake pads', null, null, null, hours, 9500, 'Bench Mechanic', labour],
            ['tax', 'Sales tax', null, null, null, null, null, null, tax],
          ] as const) {
            insLine.run(ra, id, ids.owner, ids.shop, kind, desc, pn, q, u, h, r, mech, amount, operatorPays ? 'operator' : 'owner', payer, day, at, at)
            addCost(id, payer, day, 'repair', amount)
            counts.lines++
          }
        }
        // A service done outside Operon every 90 days, paid by the owner.
        if (d % 90 === 89) {
          const c = 15_000 + Math.floor(random() * 20_000)
          insService.run(ids.owner, id, day, odometer, odometer, c, at)
          addCost(id, ids.owner, day, 'service', c)
          counts.services++
        }
      }
      setOdometer.run(odometer, id)
    }
    const insCost = conn.prepare(`INSERT INTO vehicle_month_costs (vehicle_id, month, payer_company_id, owner_company_id, repair_cents, service_cents, fuel_cents) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    for (const c of costs.values()) insCost.run(c.vehicleId, c.month, c.payer, ids.owner, c.repair, c.service, c.fuel)
    const insMiles = conn.prepare(`INSERT INTO vehicle_month_miles (vehicle_id, month, owner_company_id, miles) VALUES (?, ?, ?, ?)`)
    for (const m of miles.values()) insMiles.run(m.vehicleId, m.month, ids.owner, m.miles)
    const insMeasured = conn.prepare(
      `INSERT INTO vehicle_month_fuel (vehicle_id, month, payer_company_id, owner_company_id, energy, measured_miles, measured_milli) VALUES (?, ?, ?, ?, 'fuel', ?, ?)`,
    )
    for (const m of measured.values()) insMeasured.run(m.vehicleId, m.month, m.payer, ids.owner, m.miles, m.milli)
  })()
  conn.pragma('optimize')
  conn.exec('ANALYZE')
  conn.close()
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${BUSES} buses, ${counts.fuel} fuel entries, ${counts.readings} odometer readings, ${counts.actions} repair actions with ${counts.lines} cost lines, ${counts.services} services; ${costs.size} + ${miles.size} + ${measured.size} rollup rows`,
  )
}

/**
 * A cache seeded before migration 0017 (fuel records without their measured miles and gallons,
 * no `vehicle_month_fuel`): migrated, then filled in place from its own rows as seed() now writes
 * them. Every record of this data set is a full fill-up in gallons, so a measured record measured
 * the step from the bus's previous record over its own gallons (checked below against its
 * efficiency). Done once: the upgraded cache is reused as it is.
 */
async function upgradeCache(file: string): Promise<void> {
  const migrated = openDatabase({ url: `file:${file}` })
  await migrated.migrate()
  await migrated.close()
  const conn = new BetterSqlite3(file)
  const pending = conn.prepare(`SELECT EXISTS (SELECT 1 FROM fuel_entries WHERE efficiency_milli IS NOT NULL AND measured_miles IS NULL) AS n`).get() as { n: number }
  if (pending.n) {
    const t0 = performance.now()
    conn.pragma('journal_mode = WAL')
    conn.pragma('synchronous = OFF')
    conn.transaction(() => {
      conn.exec(`UPDATE fuel_entries SET measured_miles = p.miles, measured_milli = fuel_entries.quantity_milli
        FROM (SELECT id, life_miles - LAG(life_miles) OVER (PARTITION BY vehicle_id ORDER BY fueled_at, id) AS miles FROM fuel_entries) AS p
        WHERE p.id = fuel_entries.id AND fuel_entries.efficiency_milli IS NOT NULL`)
      conn.exec(`DELETE FROM vehicle_month_fuel`)
      conn.exec(`INSERT INTO vehicle_month_fuel (vehicle_id, month, payer_company_id, owner_company_id, energy, measured_miles, measured_milli)
        SELECT vehicle_id, substr(fueled_on, 1, 7), company_id, MAX(owner_company_id), CASE WHEN unit = 'kWh' THEN 'electric' ELSE 'fuel' END, SUM(measured_miles), SUM(measured_milli)
        FROM fuel_entries WHERE measured_miles IS NOT NULL GROUP BY vehicle_id, substr(fueled_on, 1, 7), company_id, CASE WHEN unit = 'kWh' THEN 'electric' ELSE 'fuel' END`)
    })()
    conn.exec('ANALYZE')
    conn.pragma('wal_checkpoint(TRUNCATE)')
    console.log(`upgraded ${file} to migration 0017 in ${((performance.now() - t0) / 1000).toFixed(1)} s (measured miles and gallons, vehicle_month_fuel)`)
  }
  conn.close()
}

if (!existsSync(cacheFile)) {
  mkdirSync(cacheDir, { recursive: true })
  await seed(cacheFile)
} else {
  console.log(`reused ${cacheFile}`)
  await upgradeCache(cacheFile)
}

const dir = mkdtempSync(join(tmpdir(), 'operon-bench-costs-'))
const dbFile = join(dir, 'bench.db')
copyFileSync(cacheFile, dbFile)
const db = openDatabase({ url: `file:${dbFile}` })
const [co] = await db.read.all<{ owner: number; operator: number }>(
  sql`SELECT (SELECT id FROM companies WHERE code = 'CO-BENCH-COST') AS owner, (SELECT id FROM companies WHERE code = 'CO-BENCH-COSTOP') AS operator`,
)
const owner = Number(co!.owner)
const operator = Number(co!.operator)
// The rollups equal the records (what every write keeps true): checked once.
const [check] = await db.read.all<{
  fuelRecords: number
  fuelRollup: number
  repairRecords: number
  repairRollup: number
  serviceRecords: number
  serviceRollup: number
  rollupRows: number
  measuredRecords: string
  measuredRollup: string
  measuredRows: number
  effMismatch: number
}>(
  sql`SELECT (SELECT SUM(total_cents) FROM fuel_entries) AS fuelRecords, (SELECT SUM(fuel_cents) FROM vehicle_month_costs) AS fuelRollup,
    (SELECT SUM(measured_miles) || '/' || SUM(measured_milli) FROM fuel_entries) AS measuredRecords,
    (SELECT SUM(measured_miles) || '/' || SUM(measured_milli) FROM vehicle_month_fuel) AS measuredRollup, (SELECT COUNT(*) FROM vehicle_month_fuel) AS measuredRows,
    (SELECT COUNT(*) FROM fuel_entries WHERE (efficiency_milli IS NULL) <> (measured_miles IS NULL)
       OR efficiency_milli <> (measured_miles * 2000000 + measured_milli) / (2 * measured_milli)) AS effMismatch,
    (SELECT SUM(amount_cents) FROM repair_cost_lines) AS repairRecords, (SELECT SUM(repair_cents) FROM vehicle_month_costs) AS repairRollup,
    (SELECT SUM(cost_cents) FROM service_records) AS serviceRecords, (SELECT SUM(service_cents) FROM vehicle_month_costs) AS serviceRollup,
    (SELECT COUNT(*) FROM vehicle_month_costs) AS rollupRows`,
)
const consistent =
  check!.fuelRecords === check!.fuelRollup &&
  check!.repairRecords === check!.repairRollup &&
  check!.serviceRecords === check!.serviceRollup &&
  check!.measuredRecords === check!.measuredRollup &&
  Number(check!.effMismatch) === 0

const actor = (companyId: number, role: 'Owner' | 'Operator'): UserActor => ({
  kind: 'user',
  userId: 1,
  email: 'bench@operon.test',
  firstName: 'Bench',
  lastName: 'Costs',
  sessionId: 'bench',
  via: 'web',
  memberships: [{ companyId, companyName: 'Bench', companyCode: 'CO-BENCH', companyTypes: [role], roles: [{ id: 1, name: role }] }],
})
const ownerCtx: UseCaseContext = { db, actor: actor(owner, 'Owner'), now: NOW }
const operatorCtx: UseCaseContext = { db, actor: actor(operator, 'Operator'), now: NOW }

async function time(label: string, fn: () => Promise<unknown>, runs = RUNS): Promise<{ label: string; median: number; p95: number; cpu: number }> {
  for (let i = 0; i < 3; i++) await fn()
  const ms: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await fn()
    ms.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!
  ms.sort((a, b) => a - b)
  return { label, median: median(ms), p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!, cpu: median(cpu) }
}

const month = await costPerMileForMonth(ownerCtx, { companyId: owner, month: MONTH })
const busId = month.rows[0]!.vehicleId
const heldBusId = (await costPerMileForMonth(operatorCtx, { companyId: operator, month: MONTH })).rows[0]!.vehicleId
const history = await vehicleCostHistory(ownerCtx, { vehicleId: busId, months: 60 })
const drain = async () => {
  const csv = await exportCostPerMileCsv(ownerCtx, { companyId: owner, month: MONTH })
  let n = 0
  for await (const _ of csv.lines) n++
  return n
}
const rows = [
  await time(`one month across the fleet (${MONTH}, page 1, by total)`, () => costPerMileForMonth(ownerCtx, { companyId: owner, month: MONTH })),
  await time('one month, by cost per mile, page 40', () => costPerMileForMonth(ownerCtx, { companyId: owner, month: MONTH, sort: 'costPerMile', page: 40 })),
  await time('one month as the operator (its own rows)', () => costPerMileForMonth(operatorCtx, { companyId: operator, month: MONTH })),
  await time('60 months of one bus (owner)', () => vehicleCostHistory(ownerCtx, { vehicleId: busId, months: 60 })),
  await time('60 months of one bus (operator)', () => vehicleCostHistory(operatorCtx, { vehicleId: heldBusId, months: 60 })),
  await time('dashboard summary, 12 months (owner)', () => companyCostSummary(ownerCtx, { companyId: owner, months: 12 }), Math.min(RUNS, 10)),
  await time('dashboard summary, 12 months (operator)', () => companyCostSummary(operatorCtx, { companyId: operator, months: 12 }), Math.min(RUNS, 10)),
  await time('CSV of the month (every row, totals, payers)', drain, Math.min(RUNS, 10)),
]

const size = statSync(dbFile).size
const [n] = await db.read.all<{ fuel: number; readings: number; lines: number; services: number; miles: number }>(
  sql`SELECT (SELECT COUNT(*) FROM fuel_entries) AS fuel, (SELECT COUNT(*) FROM odometer_readings) AS readings, (SELECT COUNT(*) FROM repair_cost_lines) AS lines,
    (SELECT COUNT(*) FROM service_records) AS services, (SELECT COUNT(*) FROM vehicle_month_miles) AS miles`,
)
console.log(`\nCost per mile on ${db.driver} (embedded SQLite file, ${(size / 1024 / 1024).toFixed(0)} MB), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
console.log(
  `  ${BUSES} buses; ${n!.fuel} fuel entries, ${n!.readings} odometer readings, ${n!.lines} repair cost lines, ${n!.services} services; ${check!.rollupRows} + ${n!.miles} + ${check!.measuredRows} rollup rows`,
)
console.log(`  rollups equal the records: ${consistent ? 'yes' : 'NO'}; ${MONTH}: ${month.total} buses, ${month.totals.miles} mi, ${month.totals.totalCents} cents, ${month.payers.length} payers; one bus: ${history.months.length} months\n`)
console.log(['what'.padEnd(56), 'median ms'.padStart(11), 'p95 ms'.padStart(9), 'CPU ms'.padStart(9)].join(''))
for (const r of rows) console.log([r.label.padEnd(56), r.median.toFixed(1).padStart(11), r.p95.toFixed(1).padStart(9), r.cpu.toFixed(1).padStart(9)].join(''))
const fleet = rows[0]!
const bus = rows[3]!
console.log(
  `\none month across the fleet: ${fleet.median.toFixed(1)} ms median (CPU ${fleet.cpu.toFixed(1)} ms); 60 months of one bus: ${bus.median.toFixed(1)} ms (CPU ${bus.cpu.toFixed(1)} ms); target ≤ ${TARGET_MS} ms: ${fleet.median <= TARGET_MS && bus.median <= TARGET_MS ? 'met' : 'MISSED'}`,
)
const summary = await companyCostSummary(ownerCtx, { companyId: owner, months: 12 })
const effMonth = summary.series.find((m) => m.month === MONTH)
console.log(
  `dashboard summary (12 months, exact fuel efficiency from vehicle_month_fuel): owner ${rows[5]!.median.toFixed(1)} ms (CPU ${rows[5]!.cpu.toFixed(1)} ms), operator ${rows[6]!.median.toFixed(1)} ms; ${MONTH}: ${effMonth?.mpgMilli === null || effMonth === undefined ? '—' : (effMonth.mpgMilli / 1000).toFixed(3)} mpg`,
)
await db.close()
rmSync(dir, { recursive: true, force: true })
