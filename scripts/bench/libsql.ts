/**
 * `npm run bench:libsql` (`npx tsx scripts/bench.ts --libsql`; issue 24 point 5, decision 073):
 * the production build on a libSQL server (sqld) primary on this machine, beside one
 * better-sqlite3 process on the same data.
 *
 * 1. The bench data set (scripts/bench/dataset.ts; `--data short` by default: three weeks of
 *    history and the 2,000-vehicle fleet, which is all the measured paths read) gets its sign-ins,
 *    then is loaded into a fresh sqld primary through its protocol (scripts/bench/sqld.ts), so that
 *    embedded replicas see it.
 * 2. Servers, all started before any measurement and left running (idle ones cost little): one on
 *    the better-sqlite3 file; three embedded replicas of the primary (`DATABASE_URL=file:…`,
 *    `DATABASE_SYNC_URL`, `DATABASE_SYNC_INTERVAL=1`, one public APP_URL as behind a load
 *    balancer); one remote client of it (`DATABASE_URL=http://…`); and with `--rtt MS` (20 by
 *    default, 0: none) a replica and a remote client whose primary is behind a relay that holds
 *    every chunk MS/2 each way (scripts/bench/sqld.ts `delayRelay`).
 * 3. Throughput: the small REST read, the fleet page and the pre-trip submission (scripts/bench/
 *    requests.ts, as `npm run bench` sends them), with autocannon on better-sqlite3, on 1, 2 and 3
 *    replicas (the path's connections per instance, spread over them), on the remote client and
 *    (not with --short) on the far replica and remote client, interleaved in rounds (path by path,
 *    setup by setup) so that a change in the machine's other load falls on every setup alike:
 *    total req/s, p50, p99.
 * 4. Latency of one request at a time on one instance of each kind, interleaved request by
 *    request (the same paths, p50 and p95): what a replica's local reads and a remote primary's
 *    round trips cost a single user. The relays count the HTTP requests each far instance makes
 *    to the primary per request (its replica's sync aside): its round trips, whatever the RTT.
 *
 *   npx tsx scripts/bench.ts --libsql [--short] [--rounds 2] [--seconds 8] [--requests 30]
 *                                     [--rtt 20] [--data short|full] [--port 3341] [--build]
 *
 * --short: one round of 2 requests per connection, 3 requests per setup one at a time: for CI,
 * so that the bench cannot rot; it asserts that every path answers 2xx (the pre-trip "filed") on
 * every server, never a timing. The figures are printed as tables and written to
 * data/bench/bench-libsql.json. Exit code 1 when something failed, 0 whatever the timings.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '#db/client.ts'
import { cannon, median, type Run } from './cannon.ts'
import { benchDataset } from './dataset.ts'
import type { Recorded } from './floor.ts'
import { stats, type Stats } from './harness.ts'
import { appEnv, deployment, startProcess, type Started } from './process.ts'
import { answered, benchPaths, preTripForm, signIns, type Path } from './requests.ts'
import { delayRelay, loadIntoPrimary, requestsBetween, startPrimary, type LoadReport, type Relay } from './sqld.ts'

/** The paths of issue 24 point 5, by their keys in scripts/bench/requests.ts. */
const MEASURED = ['rest-small', 'fleet-page', 'pre-trip'] as const
const SHORT_LABEL: Record<(typeof MEASURED)[number], string> = { 'rest-small': 'REST small read', 'fleet-page': 'fleet page', 'pre-trip': 'pre-trip POST' }

type Kind = 'better-sqlite3' | 'replica' | 'remote' | 'replica-far' | 'remote-far'

interface Instance {
  name: string
  kind: Kind
  port: number
  databaseUrl: string
  syncUrl?: string
  /** The public URL (the Origin writes must carry). */
  appUrl: string
  /** Its own relay to the primary (the far ones). */
  relay?: Relay
  server?: Started
}

export async function libsqlBench(argv: string[]): Promise<number> {
  const t0 = performance.now()
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? Number(argv[i + 1]) : fallback
  }
  const SHORT = argv.includes('--short')
  const ROUNDS = arg('rounds', SHORT ? 1 : 2)
  const SECONDS = arg('seconds', 8)
  const SEQUENTIAL = arg('requests', SHORT ? 3 : 30)
  const RTT = arg('rtt', 20)
  const PORT = arg('port', 3341)
  const dataIndex = argv.indexOf('--data')
  const FULL_DATA = dataIndex >= 0 && argv[dataIndex + 1] === 'full'
  const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
  const loadBefore = load()
  let failed = false
  const fail = (message: string) => {
    failed = true
    console.error(`FAILED: ${message}`)
  }

  // ---- build, data, sign-ins ----------------------------------------------------------------
  if (argv.includes('--build') || !existsSync('build/main.js')) {
    console.log('building (npm run build, under /tmp/operon-build.lock)…')
    const flock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0
    // Another build under the lock may be making it: built once that one is done, unless --build.
    const build = `${argv.includes('--build') ? '' : 'test -f build/main.js || '}npm run build --silent`
    const b = flock ? spawnSync('flock', ['/tmp/operon-build.lock', 'sh', '-c', build], { stdio: 'inherit' }) : spawnSync('sh', ['-c', build], { stdio: 'inherit' })
    if (b.status !== 0) throw new Error('npm run build failed')
  }
  const seed = await benchDataset({ short: !FULL_DATA })
  const m = seed.manifest
  console.log(
    `${seed.reused ? 'reused' : 'seeded'} ${seed.file}: ${m.history.counts.pre_inspections} pre-trips of ${m.history.counts.vehicles} vehicles, ` +
      `and a fleet of ${m.fleet.vehicles} vehicles (${m.fleet.pictureShare * 100} % with a 60 KB picture)`,
  )
  const dir = mkdtempSync(join(tmpdir(), 'operon-bench-libsql-'))
  const dbFile = join(dir, 'bench.db')
  copyFileSync(seed.file, dbFile)
  const db = openDatabase({ url: `file:${dbFile}` })
  const who = await signIns(db, m)
  await db.close()
  const all = benchPaths(m, who, await preTripForm(m), { short: SHORT })
  const paths = MEASURED.map((key) => all.find((p) => p.key === key)!)

  const deploy = deployment()
  for (const note of deploy.notes) console.log(note)
  const instances: Instance[] = []
  const relays: Relay[] = []
  let primary: Awaited<ReturnType<typeof startPrimary>> | undefined
  try {
    // ---- the primary, loaded through its protocol ------------------------------------------------
    primary = await startPrimary(join(dir, 'primary'))
    console.log(`sqld primary on ${primary.url}`)
    const loaded: LoadReport = await loadIntoPrimary(dbFile, primary.url, console.log)

    // ---- what better-sqlite3 runs for each path (statement counts: the round trips a remote primary may cost) --
    const statements = await recordStatements(dbFile, PORT, deploy, paths, fail)

    // ---- the servers ---------------------------------------------------------------------------------
    const replicaOrigin = `http://127.0.0.1:${PORT + 1}`
    instances.push({ name: 'better-sqlite3', kind: 'better-sqlite3', port: PORT, databaseUrl: `file:${dbFile}`, appUrl: `http://127.0.0.1:${PORT}` })
    for (let i = 1; i <= 3; i++)
      instances.push({ name: `replica ${i}`, kind: 'replica', port: PORT + i, databaseUrl: `file:${join(dir, `replica-${i}.db`)}`, syncUrl: primary.url, appUrl: replicaOrigin })
    instances.push({ name: 'remote', kind: 'remote', port: PORT + 4, databaseUrl: primary.url, appUrl: `http://127.0.0.1:${PORT + 4}` })
    if (RTT > 0) {
      // One relay each: what passes through it is that instance's.
      const [toReplica, toRemote] = [await delayRelay(primary.port, RTT), await delayRelay(primary.port, RTT)]
      relays.push(toReplica, toRemote)
      instances.push({ name: `replica, +${RTT} ms RTT`, kind: 'replica-far', port: PORT + 5, databaseUrl: `file:${join(dir, 'replica-far.db')}`, syncUrl: toReplica.url, appUrl: `http://127.0.0.1:${PORT + 5}`, relay: toReplica })
      instances.push({ name: `remote, +${RTT} ms RTT`, kind: 'remote-far', port: PORT + 6, databaseUrl: toRemote.url, appUrl: `http://127.0.0.1:${PORT + 6}`, relay: toRemote })
    }
    const start = async (inst: Instance) => {
      const sync: Record<string, string> = inst.syncUrl ? { DATABASE_SYNC_URL: inst.syncUrl, DATABASE_SYNC_INTERVAL: '1' } : {}
      // DB_DRIVER (the tests' choice of driver) is not the deployment's: the URL chooses.
      inst.server = await startProcess(['build/main.js'], inst.port, { ...appEnv(deploy, inst.port, inst.databaseUrl), APP_URL: inst.appUrl, ...sync, DB_DRIVER: '' })
    }
    // One at a time, so that each start is timed alone (a replica's includes its first sync of the
    // whole data set); --short starts them all at once (its times are not figures).
    if (SHORT) await Promise.all(instances.map(start))
    else for (const inst of instances) await start(inst)
    for (const inst of instances)
      console.log(`${inst.name.padEnd(24)} first 200 of /healthz ${inst.server!.startMs.toFixed(0).padStart(6)} ms after spawn${inst.syncUrl ? ' (includes the first sync of the data set)' : ''}${SHORT ? ', all at once' : ''}`)
    const byKind = (kind: Kind) => instances.filter((i) => i.kind === kind)

    // ---- every path answers on every server --------------------------------------------------------
    for (const inst of instances)
      for (const p of paths) {
        const r = await timedRequest(inst, p)
        if (!r.ok) fail(`${p.label} on ${inst.name}: HTTP ${r.status} ${r.body.slice(0, 300)}`)
      }

    // ---- throughput, interleaved rounds ------------------------------------------------------------
    const replicas = byKind('replica')
    const setups: { key: string; label: string; instances: Instance[] }[] = [
      { key: 'better-sqlite3', label: 'better-sqlite3, 1 process', instances: byKind('better-sqlite3') },
      ...[1, 2, 3].map((n) => ({ key: `replica-${n}`, label: `embedded replica × ${n}`, instances: replicas.slice(0, n) })),
      { key: 'remote-1', label: 'remote client × 1', instances: byKind('remote') },
      // A primary RTT away holds its write lock for a whole transaction's round trips (--short: not timed, already checked).
      ...(SHORT || RTT <= 0
        ? []
        : [
            { key: 'replica-far-1', label: `embedded replica × 1, +${RTT} ms`, instances: byKind('replica-far') },
            { key: 'remote-far-1', label: `remote client × 1, +${RTT} ms`, instances: byKind('remote-far') },
          ]),
    ]
    const runs = new Map<string, Run[]>()
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(`throughput round ${round}/${ROUNDS}:`)
      for (const p of paths) {
        for (const s of setups) {
          const run = await cannon(
            s.instances.map((i) => i.server!.base),
            p,
            { seconds: SECONDS, short: SHORT, connections: p.connections * s.instances.length, origin: s.instances[0]!.appUrl },
          )
          const key = `${p.key}/${s.key}`
          runs.set(key, [...(runs.get(key) ?? []), run])
        }
        process.stdout.write(` ${p.key}`)
      }
      process.stdout.write(` (load ${load()})\n`)
    }

    // ---- one request at a time, interleaved ----------------------------------------------------------
    const single = [byKind('better-sqlite3')[0]!, replicas[0]!, byKind('remote')[0]!, ...byKind('replica-far'), ...byKind('remote-far')]
    const latency = new Map<string, number[]>()
    /** Per request of a far instance: the HTTP requests its statements made to the primary, and all it made (its pulls too) by path. */
    const primaryRequests = new Map<string, number[]>()
    const primaryPaths = new Map<string, Record<string, number>>()
    process.stdout.write(`one request at a time (${SEQUENTIAL} per path and server):`)
    for (const p of paths) {
      for (const inst of single) for (let w = 0; w < 2; w++) await timedRequest(inst, p)
      for (let i = 0; i < SEQUENTIAL; i++)
        for (const inst of single) {
          const before = inst.relay?.requests()
          const r = await timedRequest(inst, p)
          if (!r.ok) fail(`${p.label} on ${inst.name}, one at a time: HTTP ${r.status} ${r.body.slice(0, 300)}`)
          const key = `${p.key}/${inst.kind}`
          latency.set(key, [...(latency.get(key) ?? []), r.ms])
          if (inst.relay && before) {
            // The replica's pulls (its sync once a second, and after its own writes) are counted
            // apart, by path; the count is the statements' requests.
            const all = Object.entries(requestsBetween(before, inst.relay.requests()))
            const sent = all.filter(([path]) => !path.startsWith('/wal_log.'))
            primaryRequests.set(key, [...(primaryRequests.get(key) ?? []), sent.reduce((k, [, c]) => k + c, 0)])
            const paths = primaryPaths.get(key) ?? {}
            for (const [path, c] of all) paths[path] = (paths[path] ?? 0) + c
            primaryPaths.set(key, paths)
          }
        }
      process.stdout.write(` ${p.key}`)
    }
    process.stdout.write(` (load ${load()})\n`)

    for (const inst of instances) if (inst.server && (inst.server.child.exitCode !== null || inst.server.child.signalCode !== null)) fail(`${inst.name} died during the run`)

    // ---- the tables ------------------------------------------------------------------------------------
    const n = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-')
    const print = (rows: string[][]) => {
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((l) => l[i]!.length)))
      for (const [i, l] of rows.entries()) {
        console.log(l.map((c, j) => (j < 2 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '))
        if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
      }
    }
    const throughput: Record<string, unknown> = {}
    const tRows: string[][] = [['path', 'setup', 'conns', 'req/s', 'p50 ms', 'p99 ms', '× b-s3', 'non-2xx']]
    for (const p of paths) {
      const base = median((runs.get(`${p.key}/better-sqlite3`) ?? []).map((r) => r.rps))
      for (const s of setups) {
        const rs = runs.get(`${p.key}/${s.key}`) ?? []
        const a = { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) }
        const bad = rs.reduce((k, r) => k + r.bad, 0)
        if (bad) fail(`${p.label} on ${s.label}: ${bad} answers other than 2xx or errors under load`)
        const conns = p.connections * s.instances.length
        throughput[`${p.key}/${s.key}`] = { path: p.label, setup: s.label, instances: s.instances.length, connections: conns, ...a, vsBetterSqlite3: a.rps / base, runs: rs }
        tRows.push([s.key === 'better-sqlite3' ? SHORT_LABEL[p.key as (typeof MEASURED)[number]] : '', s.label, String(conns), n(a.rps, a.rps < 10 ? 1 : 0), n(a.p50), n(a.p99), `${n(a.rps / base, 2)}×`, String(bad)])
      }
    }
    console.log(`\nthroughput: ${SHORT ? `${ROUNDS} round of 2 requests per connection (--short: no timing)` : `${ROUNDS} round(s) of ${SECONDS} s per path and setup, medians over the rounds`}; the path's connections per instance`)
    print(tRows)

    const sequential: Record<string, unknown> = {}
    const head = ['server (one request at a time)', '']
    for (const p of paths) head.push(`${SHORT_LABEL[p.key as (typeof MEASURED)[number]]} p50`, 'p95', 'to primary')
    head.push('pre-trip +ms')
    const lRows: string[][] = [head]
    const p50Of = (key: string, kind: Kind) => stats(latency.get(`${key}/${kind}`) ?? [NaN]).median
    const breakdown: string[] = []
    for (const inst of single) {
      const row = [inst.name, inst.kind === 'better-sqlite3' ? 'local file' : inst.kind.startsWith('replica') ? 'reads local, writes to primary' : 'every statement over HTTP']
      const perPath: Record<string, Stats & { primaryRequests?: number; primaryRequestsByPath?: Record<string, number> }> = {}
      for (const p of paths) {
        const key = `${p.key}/${inst.kind}`
        const st = stats(latency.get(key) ?? [NaN])
        const counted = primaryRequests.get(key)
        const sent = counted ? median(counted) : undefined
        // Per request, on average, by path.
        const byPath = counted ? Object.fromEntries(Object.entries(primaryPaths.get(key) ?? {}).map(([path, c]) => [path, c / counted.length])) : undefined
        perPath[p.key] = { ...st, ...(sent === undefined ? {} : { primaryRequests: sent, primaryRequestsByPath: byPath }) }
        row.push(n(st.median, 1), n(st.p95, 1), sent === undefined ? '' : n(sent))
        if (byPath && Object.keys(byPath).length)
          breakdown.push(`  ${inst.name}, ${SHORT_LABEL[p.key as (typeof MEASURED)[number]]}: ${Object.entries(byPath).map(([path, c]) => `${path} ${n(c, 1)}`).join(', ')}`)
      }
      row.push(inst.kind === 'better-sqlite3' ? '' : `+${n(perPath['pre-trip']!.median - p50Of('pre-trip', 'better-sqlite3'), 1)}`)
      lRows.push(row)
      sequential[inst.kind] = { name: inst.name, startMs: Math.round(inst.server!.startMs), paths: perPath }
    }
    console.log(
      `\none request at a time on one instance, ${SEQUENTIAL} per path (interleaved across the servers), ms from the call to the last byte; ` +
        `"to primary": HTTP requests its statements made to the primary (median; a replica's pulls aside; counted by the relay); "pre-trip +ms": p50 over better-sqlite3's`,
    )
    print(lRows)
    if (breakdown.length) console.log(`requests to the primary per request, on average, by path (/wal_log.…: the replica's pulls):\n${breakdown.join('\n')}`)
    console.log(`SQL statements per request on better-sqlite3 (BEGIN and COMMIT aside): ${paths.map((p) => `${SHORT_LABEL[p.key as (typeof MEASURED)[number]]} ${statements[p.key] ?? '?'}`).join(', ')}`)
    const loadAfter = load()
    const seconds = Math.round((performance.now() - t0) / 1000)
    console.log(`load average before ${loadBefore}, after ${loadAfter} on ${availableParallelism()} cores; ${seconds} s in all`)

    const report = {
      at: new Date().toISOString(),
      short: SHORT,
      data: FULL_DATA ? 'full' : 'short',
      rounds: ROUNDS,
      secondsPerRun: SECONDS,
      requestsOneAtATime: SEQUENTIAL,
      rttMs: RTT,
      nodeOptions: deploy.nodeOptions,
      load: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
      loadIntoPrimary: loaded,
      startMs: Object.fromEntries(instances.map((i) => [i.name, Math.round(i.server?.startMs ?? NaN)])),
      statements,
      throughput,
      oneAtATime: sequential,
      seconds,
      failed,
    }
    mkdirSync('data/bench', { recursive: true })
    writeFileSync('data/bench/bench-libsql.json', JSON.stringify(report, null, 2))
    console.log(`written to data/bench/bench-libsql.json${failed ? '; SOMETHING FAILED (see above)' : ''}`)
  } finally {
    keepAlive.destroy()
    await Promise.all(instances.map((i) => i.server?.stop()))
    await Promise.all(relays.map((r) => r.close()))
    await primary?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return failed ? 1 : 0
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 })

/**
 * One request of `p` to `inst` on a kept-alive connection, timed from the call to the last byte.
 * Origin and Host are the instance's public URL's, as a load balancer in front passes them on.
 */
function timedRequest(inst: Instance, p: Path, body = p.body?.(randomUUID()), retried = false): Promise<{ ms: number; ok: boolean; status: number; body: string }> {
  const target = new URL(p.path, inst.server!.base)
  const headers = { ...p.headers, origin: inst.appUrl, host: new URL(inst.appUrl).host, ...(body ? { 'content-length': String(body.byteLength) } : {}) }
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request({ agent: keepAlive, host: target.hostname, port: target.port, path: target.pathname + target.search, method: p.method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const ms = performance.now() - started
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ ms, ok: answered(p, res.statusCode ?? 0, text), status: res.statusCode ?? 0, body: text })
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle (its keep-alive timeout, 5 s, while
      // the other servers had their turn) just as this request went out: once more, on a new
      // one, with the same body (the same idempotency key), timed afresh.
      if (req.reusedSocket && !retried && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve(timedRequest(inst, p, body, true))
      else reject(error)
    })
    req.end(body)
  })
}

/**
 * The SQL statements better-sqlite3 runs for one request of each path (the second, warm), by
 * scripts/bench/sql-recorder.mjs in a server of its own on a copy of the file (BEGIN and COMMIT
 * are not recorded).
 */
async function recordStatements(
  dbFile: string,
  port: number,
  deploy: ReturnType<typeof deployment>,
  paths: Path[],
  fail: (message: string) => void,
): Promise<Record<string, number>> {
  const file = `${dbFile}.recorded.db`
  copyFileSync(dbFile, file)
  const log = `${dbFile}.sql.jsonl`
  const recorder = await startProcess(['build/main.js'], port, {
    ...appEnv(deploy, port, `file:${file}`),
    DB_DRIVER: '',
    NODE_OPTIONS: `${deploy.nodeOptions} --import=${pathToFileURL(resolve('scripts/bench/sql-recorder.mjs')).href}`,
    BENCH_SQL_LOG: log,
  })
  const out: Record<string, number> = {}
  try {
    for (const p of paths)
      for (let i = 0; i < 2; i++) {
        const body = p.body ? new Uint8Array(p.body(randomUUID())) : undefined
        const res = await fetch(`${recorder.base}${p.path}`, { method: p.method, headers: { ...p.headers, origin: recorder.base, 'x-bench-id': `${p.key}#${i}` }, body })
        const text = await res.text()
        if (!answered(p, res.status, text)) fail(`${p.label} on better-sqlite3 (recording): HTTP ${res.status} ${text.slice(0, 300)}`)
      }
  } finally {
    await recorder.stop()
  }
  const lines = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Recorded)
    : []
  for (const p of paths) out[p.key] = lines.filter((l) => l.id === `${p.key}#1`).length
  return out
}
