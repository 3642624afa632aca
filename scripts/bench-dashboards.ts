/**
 * Dashboards benchmark (issue 11, decision 040): five years of records for one busy company
 * (scripts/bench/seed-history.ts, cached under data/bench/), the production build started on a
 * copy of them, then every statistic and the alerts over REST and each dashboard page, signed
 * in as the busiest driver, the busiest mechanic, an owner manager and an operator manager.
 * Prints median and p95 server time (Server-Timing `total` when sent, else the loopback round
 * trip) against the targets: each statistic and the alerts ≤ 20 ms median, each page ≤ 60 ms.
 *
 *   npm run bench:dashboards      (builds first)
 *   npx tsx scripts/bench-dashboards.ts [--runs 200] [--page-runs 100] [--port 3292] [--reseed]
 *
 * Exit code 0 whatever the timings (a bench, not a test); 1 when something errored (the server,
 * the sign-in, an answer other than 200/204/404). A path that answers 404 is reported as
 * missing (not built yet) and not measured.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/client.ts'
import { apiTokenFor, webSessionFor } from '#tests/helpers/factory.ts'
import { closeConnections, get, startBuiltServer, stats, type Answer, type Stats } from './bench/harness.ts'
import { cacheLocation, cachedHistory } from './bench/seed-history.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const RUNS = arg('runs', 200)
const PAGE_RUNS = arg('page-runs', 100)
const WARM_UP = arg('warm-up', 10)
const PORT = arg('port', 3292)
const STAT_TARGET_MS = 20
const PAGE_TARGET_MS = 60

if (process.argv.includes('--reseed')) {
  const loc = cacheLocation()
  for (const f of [loc.file, loc.manifest]) rmSync(f, { force: true })
}

const t0 = performance.now()
const seed = await cachedHistory((line) => console.log(line))
const c = seed.manifest.counts
console.log(
  `${seed.reused ? 'reused' : `seeded in ${(seed.manifest.seedMs / 1000).toFixed(1)} s`} ${seed.file}\n` +
    `  ${c.vehicles} vehicles, ${c.pre_inspections} pre-trips (${c.pre_inspection_answers} answers), ${c.inspections} inspections (${c.inspection_items} items, ` +
    `${c.inspection_photos} photos), ${c.repair_actions} repair actions, ${c.repair_tasks} repair tasks, ${c.odometer_readings} odometer readings, ` +
    `${c.vehicle_documents} documents; history ${seed.manifest.lastDay} and the 5 years before`,
)

const dir = mkdtempSync(join(tmpdir(), 'operon-bench-dashboards-'))
const dbFile = join(dir, 'bench.db')
copyFileSync(seed.file, dbFile)
const url = `file:${dbFile}`

const { users, ownerCompanyId, operatorCompanyId } = seed.manifest
const db = openDatabase({ url })
const as = async (userId: number) => ({ cookie: `operon_session=${await webSessionFor(db, userId)}`, bearer: `Bearer ${await apiTokenFor(db, userId)}` })
const driver = await as(users.busiestDriver.id)
const mechanic = await as(users.busiestMechanic.id)
const owner = await as(users.ownerManager.id)
const operator = await as(users.operatorManager.id)
await db.close()
console.log(`signed in (sessions and bearer tokens) as ${users.busiestDriver.email}, ${users.busiestMechanic.email}, ${users.ownerManager.email}, ${users.operatorManager.email} (password "${seed.manifest.password}")`)

interface Target {
  label: string
  path: string
  headers: Record<string, string>
  kind: 'statistic' | 'page' | 'reference'
}
const targets: Target[] = [
  { kind: 'statistic', label: 'getDriverStatsByCompany (busiest driver)', path: '/api/Dashboard/getDriverStatsByCompany', headers: { authorization: driver.bearer } },
  { kind: 'statistic', label: 'getMechanicStats (busiest mechanic)', path: '/api/Dashboard/getMechanicStats', headers: { authorization: mechanic.bearer } },
  { kind: 'statistic', label: 'getOwnerStatsByCompanyId', path: `/api/Dashboard/getOwnerStatsByCompanyId?companyId=${ownerCompanyId}`, headers: { authorization: owner.bearer } },
  { kind: 'statistic', label: 'getOperatorStatsByCompanyId', path: `/api/Dashboard/getOperatorStatsByCompanyId?companyId=${operatorCompanyId}`, headers: { authorization: operator.bearer } },
  { kind: 'statistic', label: 'getVehicleAlerts', path: `/api/Alerts/getVehicleAlerts?companyId=${ownerCompanyId}`, headers: { authorization: owner.bearer } },
  { kind: 'page', label: '/dashboard?view=driver', path: '/dashboard?view=driver', headers: { cookie: driver.cookie } },
  { kind: 'page', label: '/dashboard?view=mechanic', path: '/dashboard?view=mechanic', headers: { cookie: mechanic.cookie } },
  { kind: 'page', label: '/OwnerDashboard/{id}', path: `/OwnerDashboard/${ownerCompanyId}`, headers: { cookie: owner.cookie } },
  { kind: 'page', label: '/OperatorDashboard/{id}', path: `/OperatorDashboard/${operatorCompanyId}`, headers: { cookie: operator.cookie } },
  // Without a target: the floor (a request that reads nothing) and existing paths on the same
  // data; they show the harness works before the dashboards exist, and what a plain list costs.
  { kind: 'reference', label: 'ref: /healthz (floor)', path: '/healthz', headers: {} },
  { kind: 'reference', label: 'ref: getAllVehicles (300)', path: `/api/Fleet/getAllVehicles?companyId=${ownerCompanyId}`, headers: { authorization: owner.bearer } },
  { kind: 'reference', label: 'ref: /fleet/{id}', path: `/fleet/${ownerCompanyId}`, headers: { cookie: owner.cookie } },
]

interface Row {
  target: Target
  status: number
  server?: Stats
  rtt?: Stats
  source?: 'Server-Timing' | 'round trip'
  bytes?: number
  error?: string
}
const rows: Row[] = []
let errored = false
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
const loadBefore = load()

const server = await startBuiltServer(url, PORT).catch((e: unknown) => {
  console.error(`could not start the production build: ${(e as Error).message}`)
  rmSync(dir, { recursive: true, force: true })
  process.exit(1)
})
try {
  for (const target of targets) {
    const runs = target.kind === 'page' ? PAGE_RUNS : RUNS
    let first: Answer
    try {
      first = await get(server.base, target.path, target.headers)
    } catch (e) {
      rows.push({ target, status: 0, error: (e as Error).message })
      errored = true
      continue
    }
    if (first.status === 404) {
      rows.push({ target, status: 404, error: 'missing (404): not built on this branch yet' })
      continue
    }
    if (first.status !== 200 && first.status !== 204) {
      const why = first.location ? ` → ${first.location}` : ` ${first.body.slice(0, 200)}`
      rows.push({ target, status: first.status, error: `HTTP ${first.status}${why}` })
      errored = true
      continue
    }
    process.stdout.write(`  ${target.label}: `)
    for (let i = 1; i < WARM_UP; i++) await get(server.base, target.path, target.headers)
    const rtt: number[] = []
    const serverTimes: number[] = []
    let bytes = 0
    let status = first.status
    for (let i = 0; i < runs; i++) {
      const a = await get(server.base, target.path, target.headers)
      if (a.status !== first.status) {
        status = a.status
        break
      }
      rtt.push(a.rtt)
      if (a.serverTotal !== undefined) serverTimes.push(a.serverTotal)
      bytes = a.bytes
    }
    if (status !== first.status) {
      rows.push({ target, status, error: `answered ${first.status} then ${status}` })
      errored = true
      process.stdout.write('error\n')
      continue
    }
    const fromHeader = serverTimes.length === rtt.length
    rows.push({ target, status, rtt: stats(rtt), server: stats(fromHeader ? serverTimes : rtt), source: fromHeader ? 'Server-Timing' : 'round trip', bytes })
    process.stdout.write(`${rtt.length} requests\n`)
  }
} finally {
  closeConnections()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}

// ---- the table ------------------------------------------------------------------------------
const ms = (n: number | undefined) => (n === undefined ? '' : n.toFixed(1))
const header = ['', 'status', 'median ms', 'p95 ms', 'rtt median', 'n', 'time from', 'KB', 'target', 'result']
const lines: string[][] = [header]
let fails = 0
let missing = 0
for (const r of rows) {
  const target = r.target.kind === 'statistic' ? STAT_TARGET_MS : r.target.kind === 'page' ? PAGE_TARGET_MS : undefined
  let result: string
  if (r.error) {
    result = r.status === 404 ? 'MISSING' : 'ERROR'
    if (r.status === 404) missing++
  } else if (target === undefined) result = '-'
  else if (r.server!.median <= target) result = 'PASS'
  else {
    result = 'FAIL'
    fails++
  }
  lines.push([
    r.target.label,
    String(r.status || '-'),
    ms(r.server?.median),
    ms(r.server?.p95),
    ms(r.rtt?.median),
    String(r.server?.n ?? ''),
    r.source ?? '',
    r.bytes === undefined ? '' : (r.bytes / 1024).toFixed(1),
    target === undefined ? '' : `≤ ${target}`,
    result,
  ])
}
const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)))
console.log('')
for (const [n, l] of lines.entries()) {
  console.log(l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
  if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}
for (const r of rows) if (r.error && r.status !== 404) console.log(`ERROR ${r.target.label}: ${r.error}`)
const sources = new Set(rows.map((r) => r.source).filter(Boolean))
console.log(
  `\nserver time: ${sources.has('Server-Timing') ? 'the Server-Timing "total" metric' : ''}${sources.size > 1 ? ' where sent, else ' : ''}${sources.has('round trip') ? 'the loopback round trip (no Server-Timing "total" header)' : ''}; ` +
    `${WARM_UP} warm-up requests, then sequential on one keep-alive connection`,
)
const busy = loadavg()[0]! > availableParallelism() / 2
console.log(`load average before ${loadBefore}, after ${load()} on ${availableParallelism()} cores${busy ? ': a busy machine, timings are high and noisy' : ''}`)
if (missing) console.log(`${missing} path(s) answered 404: not built on this branch yet, not measured.`)
console.log(`${fails ? `${fails} over target` : 'no timing over target'}; ${Math.round((performance.now() - t0) / 1000)} s in all`)
process.exitCode = errored ? 1 : 0
