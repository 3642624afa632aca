// `npm test`: typecheck, lint, migrations check, Vitest, the restore drill, build, the
// production install test, Playwright.
// Prints each runner's summary and, last, the totals of all runners as
// `N passed, N failed`. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

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

// Vitest: unit and integration tests on the real database (both drivers).
rmSync('tests/.tmp/vitest.json', { force: true })
const vt = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=tests/.tmp/vitest.json'])
const v = readJson('tests/.tmp/vitest.json')
if (v) {
  const passed = v.numPassedTests
  const failed = v.numFailedTests + (vt.ok || v.numFailedTests ? 0 : 1)
  totals.passed += passed
  totals.failed += failed
  totals.skipped += v.numPendingTests + v.numTodoTests
  summaries.push(`vitest: ${passed} passed, ${failed} failed, ${v.numPendingTests} skipped (${vt.seconds}s)`)
} else {
  totals.failed += 1
  summaries.push(`vitest: FAILED to run (${vt.seconds}s)`)
}

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
  rmSync('tests/.tmp/playwright.json', { force: true })
  const pw = chromium.ok
    ? run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' })
    : { ok: false, seconds: '0' }
  const p = existsSync('tests/.tmp/playwright.json') ? readJson('tests/.tmp/playwright.json') : undefined
  if (p?.stats) {
    const passed = p.stats.expected + p.stats.flaky
    const failed = p.stats.unexpected + (pw.ok || p.stats.unexpected ? 0 : 1)
    totals.passed += passed
    totals.failed += failed
    totals.skipped += p.stats.skipped
    summaries.push(`playwright: ${passed} passed, ${failed} failed, ${p.stats.skipped} skipped, ${p.stats.flaky} flaky (${pw.seconds}s)`)
  } else {
    totals.failed += 1
    summaries.push(`playwright: FAILED to run (${pw.seconds}s)`)
  }
} else {
  totals.failed += 2
  summaries.push('production install: not run (build failed)')
  summaries.push('playwright: not run (build failed)')
}

console.log('\n=== summary')
for (const s of summaries) console.log(s)
console.log(`total time: ${((Date.now() - t0) / 1000).toFixed(0)}s`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed ? 1 : 0)
