// `npm test`: typecheck, lint, migrations check, build, Vitest on better-sqlite3 then on libSQL,
// the restore drill, the production install test, Playwright on better-sqlite3 then on libSQL.
// Prints each runner's summary (`vitest (libsql): …`) and, last, the totals of all runners as
// `N passed, N failed`. Exits non-zero if anything failed. What runs on libSQL and why:
// decision 047.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'

/** The browser specs run a second time on libSQL (decision 047). */
const LIBSQL_SPECS = ['tests/e2e/csp.spec.ts', 'tests/e2e/smoke.spec.ts', 'tests/e2e/accounts.spec.ts']

const t0 = Date.now()
mkdirSync('tests/.tmp', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }
const summaries = []

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  return { ok: r.status === 0, seconds }
}

/** A check that is one pass or one fail (typecheck, lint, migrations, build). */
function check(name, cmd, args, env) {
  const { ok, seconds } = run(name, cmd, args, env)
  totals[ok ? 'passed' : 'failed'] += 1
  summaries.push(`${name}: ${ok ? 'passed' : 'FAILED'} (${seconds}s)`)
  return ok
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit'])
check('lint', 'npx', ['eslint', '.', '--max-warnings=0'])
check('migrations', 'node', ['scripts/check-migrations.mjs'])

// The production build first: Playwright, the production install and the shutdown test
// (tests/integration/ops-shutdown.test.ts starts build/server) run it.
const built = check('build', 'npm', ['run', 'build', '--silent'])
// npm run bench, short: every benchmarked path answers on the app and the floor (no timing asserted).
if (built) check('bench (short)', 'npx', ['tsx', 'scripts/bench.ts', '--short'])

/** One Vitest run; its summary line is named `name`. */
function vitest(name, files = [], env = {}) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const vt = run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files], env)
  const v = readJson(out)
  if (v) {
    const passed = v.numPassedTests
    const failed = v.numFailedTests + (vt.ok || v.numFailedTests ? 0 : 1)
    totals.passed += passed
    totals.failed += failed
    totals.skipped += v.numPendingTests + v.numTodoTests
    summaries.push(`${name}: ${passed} passed, ${failed} failed, ${v.numPendingTests} skipped, ${v.testResults.length} files (${vt.seconds}s)`)
  } else {
    totals.failed += 1
    summaries.push(`${name}: FAILED to run (${vt.seconds}s)`)
  }
}

// Vitest: unit and integration tests on the real database. The files that loop over
// DRIVERS run on both drivers here.
vitest('vitest (better-sqlite3)')
// The whole suite on libSQL (issue 14 point 3): every other file that touches the database
// again with DB_DRIVER=libsql (@libsql/client in local-file mode: createTestDb, startApp's
// process database). Unit tests without a database would only repeat themselves.
const libsqlFiles = readdirSync('tests/integration')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/integration/${f}`)
  .filter((f) => !/\bDRIVERS\b/.test(readFileSync(f, 'utf8')))
vitest('vitest (libsql)', libsqlFiles, { DB_DRIVER: 'libsql' })

// Operations (issue 14, decisions 043 and 044) -------------------------------------------
// The restore drill: Litestream replicates a database being written to a file replica; the
// restore holds every committed row and passes integrity_check.
check('restore drill', 'npx', ['tsx', 'scripts/db-restore-drill.ts'])
// -----------------------------------------------------------------------------------------

// Playwright: the production build in Debian's Chromium.
if (built) {
  const chromium = run('chromium', 'node', ['scripts/ensure-chromium.mjs'])
  // Operations (issue 14, decision 043) ----------------------------------------------------
  // The production install: the build just made, production dependencies only in a clean
  // folder, started through the image's entrypoint as a non-root user; health, login page,
  // REST, a PDF, the Litestream replica, SIGTERM.
  check('production install', 'node', ['scripts/prod-install-test.mjs', '--no-build'])
  // ---------------------------------------------------------------------------------------
  const playwright = (name, args, env) => {
    const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
    rmSync(out, { force: true })
    const pw = chromium.ok
      ? run(name, 'npx', ['playwright', 'test', ...args], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: out, ...env })
      : { ok: false, seconds: '0' }
    const p = existsSync(out) ? readJson(out) : undefined
    if (p?.stats) {
      const passed = p.stats.expected + p.stats.flaky
      const failed = p.stats.unexpected + (pw.ok || p.stats.unexpected ? 0 : 1)
      totals.passed += passed
      totals.failed += failed
      totals.skipped += p.stats.skipped
      summaries.push(`${name}: ${passed} passed, ${failed} failed, ${p.stats.skipped} skipped, ${p.stats.flaky} flaky (${pw.seconds}s)`)
    } else {
      totals.failed += 1
      summaries.push(`${name}: FAILED to run (${pw.seconds}s)`)
    }
  }
  playwright('playwright (better-sqlite3)', [])
  // The libSQL stack (server and fixtures on @libsql/client): the specs that visit every page,
  // the print pages, the captcha and the dialogs, and sign up and sign in for real (decision 047).
  playwright('playwright (libsql)', LIBSQL_SPECS, { DB_DRIVER: 'libsql', E2E_PORT: '3211' })
} else {
  totals.failed += 3
  summaries.push('production install: not run (build failed)')
  summaries.push('playwright (better-sqlite3): not run (build failed)')
  summaries.push('playwright (libsql): not run (build failed)')
}

console.log('\n=== summary')
for (const s of summaries) console.log(s)
console.log(`total time: ${((Date.now() - t0) / 1000).toFixed(0)}s`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed ? 1 : 0)
