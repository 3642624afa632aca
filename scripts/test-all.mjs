// `npm test`: typecheck, lint, migrations check, build, Vitest on better-sqlite3 then on libSQL,
// the restore drill, the production install test, the short bench, Playwright on
// better-sqlite3 then on libSQL. Prints each runner's summary (`vitest (libsql): …`) and, last,
// the totals of all runners as `N passed, N failed`. Exits non-zero if anything failed.
// What runs on libSQL and why, and which steps share the machine: decision 047.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'

/** The browser specs run a second time on libSQL (decision 047): every page, the print pages, the captcha and the dialogs. */
const LIBSQL_SPECS = ['tests/e2e/csp.spec.ts', 'tests/e2e/smoke.spec.ts']

const t0 = Date.now()
mkdirSync('tests/.tmp', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }

/**
 * Runs one step. A step that shares the machine with another (`buffered`) keeps its output
 * and prints it whole when it ends, so that the log reads one step at a time.
 */
function run(name, cmd, args, env = {}, { buffered = false } = {}) {
  const header = `\n=== ${name}: ${cmd} ${args.join(' ')}`
  if (!buffered) console.log(header)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } })
    const chunks = []
    child.stdout?.on('data', (c) => chunks.push(c))
    child.stderr?.on('data', (c) => chunks.push(c))
    child.on('close', (code) => {
      if (buffered) console.log(`${header}\n${Buffer.concat(chunks).toString()}`)
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) })
    })
  })
}

/** A check that is one pass or one fail (typecheck, lint, migrations, build…); returns its summary line. */
async function check(name, cmd, args, env, options) {
  const { ok, seconds } = await run(name, cmd, args, env, options)
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
async function vitest(name, files = [], env = {}, options) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const vt = await run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files], env, options)
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

// Two cores: steps that mostly wait (on the disk, the registry, servers and timers) share the
// machine; the browser tests, which keep both cores busy, run alone (decision 047).
const steps = []
// Debian's Chromium, for the PDFs of Vitest and for Playwright: installed first when missing.
const chromium = await run('chromium', 'node', ['scripts/ensure-chromium.mjs'])
const buffered = { buffered: true }
steps.push(
  ...(await Promise.all([
    check('typecheck', 'npx', ['tsc', '--noEmit'], {}, buffered),
    check('lint', 'npx', ['eslint', '.', '--max-warnings=0'], {}, buffered),
    check('migrations', 'node', ['scripts/check-migrations.mjs'], {}, buffered),
  ])),
)
// The production build first: Playwright, the production install, the bench and the shutdown
// test (tests/integration/ops-shutdown.test.ts starts build/server) run it.
const build = await check('build', 'npm', ['run', 'build', '--silent'])
steps.push(build)

// Vitest: unit and integration tests on the real database; the files that loop over DRIVERS
// run on both drivers here. Beside it, the operations checks of issue 14 (decisions 043, 044):
// the restore drill (Litestream replicates a database being written to a file replica; the
// restore holds every committed row and passes integrity_check) and the production install
// (the build just made, production dependencies only in a clean folder, started through the
// image's entrypoint as a non-root user; health, login page, REST, a PDF, the replica, SIGTERM).
steps.push(
  ...(await Promise.all([
    vitest('vitest (better-sqlite3)'),
    check('restore drill', 'npx', ['tsx', 'scripts/db-restore-drill.ts'], {}, buffered),
    build.ok && chromium.ok ? check('production install', 'node', ['scripts/prod-install-test.mjs', '--no-build'], {}, buffered) : notRun('production install', 'no build or no Chromium'),
  ])),
)

// The whole suite on libSQL (issue 14 point 3): every other file that touches the database
// again with DB_DRIVER=libsql (@libsql/client in local-file mode: createTestDb, startApp's
// process database). Unit tests without a database would only repeat themselves. Beside it,
// npm run bench --short: every benchmarked path answers on the app and the floor (no timing asserted).
const libsqlFiles = readdirSync('tests/integration')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/integration/${f}`)
  .filter((f) => !/\bDRIVERS\b/.test(readFileSync(f, 'utf8')))
steps.push(
  ...(await Promise.all([
    vitest('vitest (libsql)', libsqlFiles, { DB_DRIVER: 'libsql' }),
    build.ok ? check('bench (short)', 'npx', ['tsx', 'scripts/bench.ts', '--short'], {}, buffered) : notRun('bench (short)', 'build failed'),
  ])),
)

// Playwright: the production build in Debian's Chromium, then the libSQL stack (server and
// fixtures on @libsql/client) for the specs of LIBSQL_SPECS.
if (build.ok && chromium.ok) {
  steps.push(await playwright('playwright (better-sqlite3)', []))
  steps.push(await playwright('playwright (libsql)', LIBSQL_SPECS, { DB_DRIVER: 'libsql', E2E_PORT: '3211' }))
} else {
  steps.push(notRun('playwright (better-sqlite3)', 'no build or no Chromium'), notRun('playwright (libsql)', 'no build or no Chromium'))
}

console.log('\n=== summary')
for (const s of steps) console.log(s.summary)
console.log(`total time: ${((Date.now() - t0) / 1000).toFixed(0)}s; ${totals.skipped} skipped`)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
