/**
 * A connection spike against the production build (issue 22 point 3, decision 061): 100
 * connections at once for ~10 s, on a page and on a REST read, with the load shedding on (the
 * defaults, or MAX_* given in the environment) and off (no queue bound, a limit no spike
 * reaches), each on a fresh server. Printed per run: p50 / p99 / max latency of every answer and
 * of the served (2xx) answers alone, the counts of 2xx, 503 and anything else, and /healthz asked
 * once every 100 ms during the spike (its worst time and failures). Loopback only; bounded in time
 * (2 paths × 2 modes × --seconds, plus starting the servers).
 *
 *   npm run build && npx tsx scripts/bench-spike.ts [--seconds 10] [--connections 100] [--port 3341] [--only on|off]
 *
 * Needs build/main.js (it does not build). The data is `npm run bench`'s short data set
 * (data/bench/, seeded on first use). The figures are also written to
 * data/bench/bench-spike-last.json. Exit code 1 when an answer was neither 2xx nor 503, a
 * request failed, or /healthz failed during a spike; never for a timing (a bench, not a test).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { openDatabase } from '#db/client.ts'
import { apiTokenFor, webSessionFor } from '#tests/helpers/factory.ts'
import { benchDataset } from './bench/dataset.ts'
import { startBuiltServer, type BuiltServer } from './bench/harness.ts'

const argv = process.argv.slice(2)
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
const SECONDS = arg('seconds', 10)
const CONNECTIONS = arg('connections', 100)
const PORT = arg('port', 3341)
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined

if (!existsSync('build/main.js')) {
  console.error('build/main.js is missing: run `npm run build` first')
  process.exit(1)
}

// ---- data and sign-ins --------------------------------------------------------------------------
const seed = await benchDataset({ short: true })
const m = seed.manifest
const dir = mkdtempSync(join(tmpdir(), 'operon-spike-'))
const dbFile = join(dir, 'spike.db')
copyFileSync(seed.file, dbFile)
const url = `file:${dbFile}`
const db = openDatabase({ url })
const bearer = `Bearer ${await apiTokenFor(db, m.fleet.ownerUserId)}`
const cookie = `operon_session=${await webSessionFor(db, m.fleet.ownerUserId)}`
await db.close()

interface Target {
  key: string
  label: string
  path: string
  headers: Record<string, string>
}
const targets: Target[] = [
  { key: 'page', label: `page /fleet/${m.fleet.companyId}`, path: `/fleet/${m.fleet.companyId}`, headers: { cookie } },
  {
    key: 'rest',
    label: 'REST getPendingRequestsByOwner',
    path: `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${m.fleet.companyId}`,
    headers: { authorization: bearer },
  },
]

/** The deployment's Node flags (fly.toml's NODE_OPTIONS), as `npm run bench` runs the app. */
const flyNodeOptions = existsSync('fly.toml') ? /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(readFileSync('fly.toml', 'utf8'))?.[1] : undefined
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS ?? flyNodeOptions ?? ''

interface Mode {
  key: 'on' | 'off'
  label: string
  env: Record<string, string>
}
const shedEnv = Object.fromEntries(
  (['MAX_CONCURRENT_REQUESTS', 'MAX_QUEUED_REQUESTS', 'MAX_QUEUE_WAIT_MS'] as const).flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
)
const modes: Mode[] = (
  [
    { key: 'on', label: `shedding on (${Object.entries(shedEnv).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults'})`, env: shedEnv },
    // Off: a limit no spike reaches, nothing ever waits.
    { key: 'off', label: 'shedding off', env: { MAX_CONCURRENT_REQUESTS: '10000', MAX_QUEUED_REQUESTS: '0' } },
  ] satisfies Mode[]
).filter((mode) => !ONLY || mode.key === ONLY)

// ---- measuring ------------------------------------------------------------------------------------
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN)
interface Latency {
  n: number
  p50: number
  p99: number
  max: number
}
const latencyOf = (ms: number[]): Latency => {
  const s = [...ms].sort((a, b) => a - b)
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.length ? s[s.length - 1]! : NaN }
}

/** /healthz once every 100 ms until stopped: its worst time and how often it failed. */
function watchHealth(port: number) {
  const times: number[] = []
  let failures = 0
  let running = true
  const once = () =>
    new Promise<void>((done) => {
      const started = performance.now()
      const req = request({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 30_000 }, (res) => {
        res.resume()
        res.on('end', () => {
          times.push(performance.now() - started)
          if (res.statusCode !== 200) failures++
          done()
        })
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        failures++
        done()
      })
      req.end()
    })
  const loop = (async () => {
    while (running) {
      await once()
      await sleep(100)
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return { ...latencyOf(times), failures }
    },
  }
}

interface Run {
  mode: string
  target: string
  all: Latency
  served: Latency
  ok: number
  busy: number
  other: number
  errors: number
  rps: number
  healthz: Latency & { failures: number }
}

type Cannon = Promise<autocannon.Result> & { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void }

async function spike(server: BuiltServer, mode: Mode, target: Target): Promise<Run> {
  const all: number[] = []
  const served: number[] = []
  let ok = 0
  let busy = 0
  let other = 0
  const health = watchHealth(PORT)
  const run = autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    // A slow answer is slow, not an error: the point is to see how slow.
    timeout: 60,
    requests: [{ method: 'GET', path: target.path, headers: target.headers }],
  }) as unknown as Cannon
  run.on('response', (_client, status, _bytes, ms) => {
    all.push(ms)
    if (status >= 200 && status < 300) {
      ok++
      served.push(ms)
    } else if (status === 503) busy++
    else other++
  })
  const result = await run
  return {
    mode: mode.label,
    target: target.label,
    all: latencyOf(all),
    served: latencyOf(served),
    ok,
    busy,
    other,
    errors: result.errors,
    rps: all.length / SECONDS,
    healthz: await health.stop(),
  }
}

// ---- the runs -------------------------------------------------------------------------------------
const runs: Run[] = []
let failed = false
try {
  for (const mode of modes) {
    for (const target of targets) {
      // A fresh server per run: nothing left over from the previous spike.
      const server = await startBuiltServer(url, PORT, { NODE_OPTIONS, APP_URL: `http://127.0.0.1:${PORT}`, ...mode.env })
      try {
        // Warm: the build loaded, the route's modules and statements ready.
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${server.base}${target.path}`, { headers: target.headers })
          await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`${target.label}: HTTP ${res.status} before the spike`)
        }
        console.log(`${mode.label}: ${target.label}, ${CONNECTIONS} connections for ${SECONDS} s…`)
        const r = await spike(server, mode, target)
        runs.push(r)
        if (r.other > 0 || r.errors > 0 || r.healthz.failures > 0) failed = true
      } finally {
        await server.stop()
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–')
const rows = runs.map((r) => ({
  mode: r.mode,
  path: r.target,
  'req/s': f(r.rps),
  '2xx': r.ok,
  '503': r.busy,
  other: r.other,
  errors: r.errors,
  'p50 ms': f(r.all.p50),
  'p99 ms': f(r.all.p99),
  'max ms': f(r.all.max),
  '2xx p50': f(r.served.p50),
  '2xx p99': f(r.served.p99),
  '2xx max': f(r.served.max),
  'healthz max': f(r.healthz.max),
  'healthz failed': r.healthz.failures,
}))
console.table(rows)
mkdirSync('data/bench', { recursive: true })
writeFileSync('data/bench/bench-spike-last.json', JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, runs }, null, 2))
console.log('written to data/bench/bench-spike-last.json')
if (failed) console.error('FAILED: an answer was neither 2xx nor 503, a request failed, or /healthz failed during a spike')
process.exit(failed ? 1 : 0)
