// The production install runs as shipped (issue 14 point 1, decision 043). The same steps as
// the Dockerfile, outside Docker (no engine here):
//
//   npm run test:prod-install                 build, install, start, check (~1–3 min)
//   node scripts/prod-install-test.mjs --no-build [--port 3261] [--keep]
//
// 1. `npm run build` (skipped with --no-build: `npm test` has just built).
// 2. A CLEAN temporary folder with only what the image copies: build/, drizzle/,
//    package.json, litestream.yml and the image's entrypoint; then `npm install --omit=dev`
//    there from the lockfile (production dependencies only, from the registry; the lockfile is
//    removed afterwards, as the image does not ship it). Install scripts are skipped: the only
//    one, better-sqlite3's native build, is the SAME version's binary taken from the dev
//    node_modules (checked by version, then loaded from the clean folder) instead of a second
//    two-minute compile (decision 047). The Dockerfile keeps the full install.
// 3. Starts it through the image's entrypoint (scripts/docker-entrypoint.sh) AS A NON-ROOT
//    USER, as the image's `USER node` does (`nobody` when this runs as root, as CI does), with
//    NODE_ENV=production, fresh secrets, a temporary database, no demo data and a Litestream
//    FILE replica. Only the variables the image sets are passed (no dev leftovers).
// 4. Checks: the server process is not root; GET /healthz 200; GET /login 200 with its form and
//    its script assets; the REST API (checkMail, register with a new company, login, the TOTP
//    second step); a real PDF from Chromium (the company QR sheet); /VERSION; Litestream
//    replicated the new user (a restore of the replica holds it); SIGTERM stops it cleanly.
// Prints each step; exits non-zero on any failure (the folder is kept then).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import { TOTP } from 'otpauth'

const argv = process.argv.slice(2)
const flag = (name) => argv.includes(`--${name}`)
const option = (name) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}
const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`
const say = (line) => console.log(`[prod install ${elapsed()}] ${line}`)
const root = process.cwd()
const isRoot = process.getuid?.() === 0
const RUN_AS = 'nobody'

/** What the image copies from the repository and the build (Dockerfile, last stage). */
const SHIPPED = ['build', 'drizzle', 'package.json', 'litestream.yml']
/**
 * Native builds the install scripts would make (`--ignore-scripts`), taken from the dev
 * node_modules when the version is the same. A new package with an install script fails the
 * test until it is listed here.
 */
const NATIVE_BUILDS = { 'node_modules/better-sqlite3': ['build/Release/better_sqlite3.node'] }
/** The unprivileged user and group the server runs as (the image's `node`; `nobody` here when started as root). */
const runAs = isRoot ? { uid: idOf('-u'), gid: idOf('-g') } : { uid: process.getuid(), gid: process.getgid() }
function idOf(flag) {
  return Number(spawnSync('id', [flag, RUN_AS], { encoding: 'utf8' }).stdout.trim())
}

let server
let serverLog = ''
const dir = mkdtempSync(join(tmpdir(), 'operon-prod-install-'))
const app = join(dir, 'app')
const data = join(dir, 'data')
const replica = join(dir, 'replica')

function fail(message) {
  throw new Error(message)
}
function expect(condition, message) {
  if (!condition) fail(message)
}

function sh(cmd, args, opts = {}) {
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8', ...opts })
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} failed (exit ${r.status})\n${r.stdout ?? ''}${r.stderr ?? ''}`)
  return { seconds: ((Date.now() - t0) / 1000).toFixed(1), stdout: r.stdout ?? '' }
}

async function freePort() {
  const wanted = option('port') ?? process.env.PROD_INSTALL_PORT
  if (wanted) return Number(wanted)
  return new Promise((res, rej) => {
    const s = createServer()
    s.once('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => res(port))
    })
  })
}

/** The processes serving from `app` (the entrypoint execs Litestream, which runs node as its child). */
function serverProcesses() {
  const found = []
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) !== app) continue
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
      found.push({ pid: Number(pid), argv: cmd, cmd: cmd.join(' '), uid })
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found
}

/** better-sqlite3's binary from the dev node_modules, when it is the same version (then loaded from the clean folder). */
function reuseNativeBuilds() {
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/.package-lock.json'), 'utf8')).packages
  for (const [path, pkg] of Object.entries(installed)) {
    if (!pkg.hasInstallScript) continue
    const files = NATIVE_BUILDS[path]
    expect(files, `${path} has an install script this test does not reuse: add it to NATIVE_BUILDS (or drop --ignore-scripts)`)
    const dev = JSON.parse(readFileSync(resolve(root, path, 'package.json'), 'utf8')).version
    expect(dev === pkg.version, `${path}: the lockfile installs ${pkg.version}, the dev node_modules has ${dev} (run npm install)`)
    for (const f of files) {
      expect(existsSync(resolve(root, path, f)), `${path}/${f} is missing in the dev node_modules (run npm rebuild ${path.split('node_modules/').pop()})`)
      cpSync(resolve(root, path, f), join(app, path, f))
    }
    say(`${path} ${pkg.version}: its native build reused from the dev node_modules (same version)`)
  }
  // It loads from the clean folder, with this Node (the same ABI the server runs with).
  const probe = sh(process.execPath, ['--input-type=module', '-e', "import D from 'better-sqlite3'; console.log(new D(':memory:').prepare('select sqlite_version() v').get().v)"], { cwd: app, quiet: true })
  say(`better-sqlite3 loads from the clean folder (SQLite ${probe.stdout.trim()})`)
}

async function main() {
  say(`temporary folder ${dir}${isRoot ? `; running as root, the server will run as ${RUN_AS}` : ''}`)

  // 1. The build.
  if (flag('no-build')) {
    expect(existsSync('build/main.js') && existsSync('build/server/index.js'), 'no build/ (run `npm run build` or drop --no-build)')
    say('using the build just made (--no-build)')
  } else {
    const b = sh('npm', ['run', 'build', '--silent'])
    say(`npm run build (${b.seconds}s)`)
  }
  expect(existsSync('build/client/assets'), 'build/client/assets is missing: the browser assets were not built')

  // 2. A clean folder with what the image holds, production dependencies only.
  mkdirSync(app, { recursive: true })
  for (const f of SHIPPED) cpSync(resolve(root, f), join(app, f), { recursive: true })
  cpSync(resolve(root, 'package-lock.json'), join(app, 'package-lock.json'))
  cpSync(resolve(root, 'scripts/docker-entrypoint.sh'), join(app, 'entrypoint.sh'))
  chmodSync(join(app, 'entrypoint.sh'), 0o755)
  const reuse = option('reuse-install')
  if (reuse) {
    // Only for working on this test: the dependencies a previous `--keep` run installed. CI never passes it.
    sh('cp', ['-al', join(resolve(reuse), 'app', 'node_modules'), join(app, 'node_modules')])
    say(`REUSED the production dependencies of ${reuse} (--reuse-install: not a real install test)`)
  } else {
    // --prefer-offline: tarballs already in npm's cache are taken from it (checked against the
    // lockfile's integrity hashes, so the same bytes). --ignore-scripts: see NATIVE_BUILDS.
    // The registry is the one thing here outside this machine: a failed install (a dropped
    // connection, a 5xx) is tried again, twice at most, and said so; a lockfile problem fails all three.
    const install = (attempt = 1) => {
      try {
        return sh('npm', ['install', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
          cwd: app,
          env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1', NODE_ENV: 'production' },
        })
      } catch (error) {
        if (attempt === 3) throw error
        say(`npm install failed (attempt ${attempt} of 3), trying again: ${String(error.message).split('\n')[0]}`)
        rmSync(join(app, 'node_modules'), { recursive: true, force: true })
        return install(attempt + 1)
      }
    }
    say(`npm install --omit=dev --ignore-scripts in the clean folder (${install().seconds}s)`)
    reuseNativeBuilds()
  }
  rmSync(join(app, 'package-lock.json'))
  // (typescript is installed: @trpc/client and Remix name it as a peer dependency.)
  for (const dev of ['vite', '@remix-run/dev', 'vitest', 'tsx', 'drizzle-kit', '@playwright/test', 'eslint', 'esbuild']) {
    expect(!existsSync(join(app, 'node_modules', dev)), `a dev dependency was installed: ${dev}`)
  }
  for (const needed of ['better-sqlite3', 'sharp', 'puppeteer-core', '@flydotio/litestream']) {
    expect(existsSync(join(app, 'node_modules', needed)), `a production dependency is missing: ${needed}`)
  }
  mkdirSync(data, { recursive: true })
  mkdirSync(replica, { recursive: true })
  chmodSync(dir, 0o755)
  // The image's /data is owned by its user; the app files stay root's (read-only to the server).
  if (isRoot) sh('chown', ['-R', `${runAs.uid}:${runAs.gid}`, data, replica])

  // 3. Start it as the image does.
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dbFile = join(data, 'operon.db')
  const env = {
    // The image's PATH: without the node_modules/.bin folders npm adds when it runs this test.
    PATH: (process.env.PATH ?? '').split(':').filter((d) => !d.endsWith('node_modules/.bin')).join(':'),
    NODE_ENV: 'production',
    // The image's user has a home (/home/node); nobody's does not exist, so the data folder.
    HOME: isRoot ? data : (process.env.HOME ?? data),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: `file:${dbFile}`,
    VIN_DB_DIR: join(data, 'corgi'),
    CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    LITESTREAM_REPLICA_URL: `file://${replica}`,
  }
  // As the image's `USER node`: the entrypoint itself starts unprivileged (no root start, no setpriv).
  server = spawn(join(app, 'entrypoint.sh'), ['node', 'build/main.js'], { cwd: app, env, ...runAs, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout.on('data', (b) => (serverLog += b.toString()))
  server.stderr.on('data', (b) => (serverLog += b.toString()))
  const exited = new Promise((res) => server.once('exit', (code, signal) => res({ code, signal })))
  server.once('exit', () => (server = undefined))
  say(`started ${app}/entrypoint.sh node build/main.js as uid ${runAs.uid} on port ${port} (NODE_ENV=production, Litestream to file://${replica})`)

  // 4. The checks.
  const t0 = Date.now()
  for (;;) {
    if (!server) fail(`the server exited before answering /healthz`)
    const r = await fetch(`${base}/healthz`).catch(() => undefined)
    if (r?.status === 200) break
    if (Date.now() - t0 > 90_000) fail('GET /healthz did not answer 200 within 90 s')
    await sleep(200)
  }
  say(`GET /healthz 200 after ${((Date.now() - t0) / 1000).toFixed(1)}s`)

  const procs = serverProcesses()
  const node = procs.find((p) => /(^|\/)node$/.test(p.argv[0] ?? '') && p.argv[1] === 'build/main.js')
  expect(node, `no node build/main.js process found serving from ${app}: ${JSON.stringify(procs)}`)
  expect(node.uid !== 0 && node.uid === runAs.uid, `the server runs as uid ${node.uid}, not ${runAs.uid} (pid ${node.pid})`)
  const litestream = procs.find((p) => /(^|\/)litestream$/.test(p.argv[0] ?? '') && p.argv[1] === 'replicate')
  expect(litestream, `Litestream is not running beside the server: ${JSON.stringify(procs)}`)
  expect(litestream.uid !== 0, 'Litestream runs as root')
  expect(litestream.pid === server.pid, `Litestream (pid ${litestream.pid}) is not the entrypoint's process (pid ${server.pid}): SIGTERM would not reach it`)
  say(`the server (pid ${node.pid}) and Litestream (pid ${litestream.pid}) run as uid ${node.uid}, not root`)

  const login = await fetch(`${base}/login`)
  const html = await login.text()
  expect(login.status === 200, `GET /login: ${login.status}`)
  expect(/text\/html/.test(login.headers.get('content-type') ?? ''), 'GET /login is not HTML')
  expect(/<form[^>]*method="post"/i.test(html) && /type="password"/.test(html), 'the login page has no sign-in form')
  expect(login.headers.get('content-security-policy'), 'the login page has no Content-Security-Policy header')
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
  expect(assets.length > 0, 'the login page references no /assets/ script or style')
  for (const a of assets.slice(0, 5)) {
    const r = await fetch(`${base}${a}`)
    expect(r.status === 200, `GET ${a}: ${r.status}`)
  }
  say(`GET /login 200: the sign-in form, and its assets load (${assets.length} referenced, ${Math.min(assets.length, 5)} fetched)`)

  const json = async (method, path, body, token) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await r.text()
    let parsed
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: r.status, body: parsed }
  }
  const email = `prod-install-${randomUUID().slice(0, 8)}@example.com`
  const password = `Install-${randomBytes(12).toString('hex')}!`
  let r = await json('POST', `/api/Auth/checkMail?email=${encodeURIComponent(email)}`)
  expect(r.status === 200 && r.body === false, `checkMail before registering: ${r.status} ${JSON.stringify(r.body)}`)
  r = await json('POST', '/api/Auth/register', {
    Username: email,
    Password: password,
    FirstName: 'Install',
    LastName: 'Check',
    Role: 'busOwner',
    TwoFactorType: 0,
    CompanyName: 'Install Check Coaches',
  })
  expect(r.status === 200 && typeof r.body?.otpSecretKey === 'string', `register: ${r.status} ${JSON.stringify(r.body)}`)
  const secret = r.body.otpSecretKey
  r = await json('POST', `/api/Auth/checkMail?email=${encodeURIComponent(email)}`)
  expect(r.status === 200 && r.body === true, `checkMail after registering: ${r.status} ${JSON.stringify(r.body)}`)
  r = await json('POST', '/api/Auth/login', { username: email, password })
  expect(r.status === 200 && r.body?.twoFactorType === 0, `login: ${r.status} ${JSON.stringify(r.body)}`)
  const code = new TOTP({ secret, digits: 6, period: 30 }).generate()
  r = await json('POST', '/api/Auth/completeLogin', { code, username: email, type: 0 })
  expect(r.status === 200 && typeof r.body?.accessToken === 'string', `completeLogin: ${r.status} ${JSON.stringify(r.body)}`)
  const token = r.body.accessToken
  const company = r.body.userInCompanyWithRole?.[0]
  expect(company?.companyId, `completeLogin names no company: ${JSON.stringify(r.body)}`)
  say(`REST: checkMail false → register (busOwner, new company) → checkMail true → login → completeLogin (TOTP): token for company ${company.companyId}`)

  const pdf = await fetch(`${base}/company/${company.companyId}/qr.pdf`, { headers: { authorization: `Bearer ${token}` } })
  const bytes = Buffer.from(await pdf.arrayBuffer())
  expect(pdf.status === 200, `GET /company/${company.companyId}/qr.pdf: ${pdf.status} ${bytes.toString('utf8', 0, 300)}`)
  expect(pdf.headers.get('content-type') === 'application/pdf', `the QR sheet is ${pdf.headers.get('content-type')}`)
  expect(bytes.subarray(0, 5).toString() === '%PDF-' && bytes.length > 1000, `the QR sheet is not a PDF (${bytes.length} bytes)`)
  say(`GET /company/${company.companyId}/qr.pdf 200: a ${bytes.length}-byte PDF rendered by Chromium`)

  r = await json('GET', '/VERSION')
  expect(r.status === 200, `GET /VERSION: ${r.status}`)
  say(`GET /VERSION 200 ${JSON.stringify(r.body)}`)

  // Litestream replicated what the server wrote: a restore of the replica holds the new user.
  const bin = readdirSync(join(app, 'node_modules/@flydotio'))
    .filter((d) => d.startsWith(`litestream-${process.platform}-`))
    .map((d) => join(app, 'node_modules/@flydotio', d, 'litestream'))[0]
  expect(bin, 'no litestream binary in node_modules/@flydotio')
  const probe = join(dir, 'probe.db')
  const ltEnv = { PATH: process.env.PATH, LITESTREAM_DB_PATH: dbFile, LITESTREAM_REPLICA_URL: `file://${replica}` }
  const t1 = Date.now()
  for (;;) {
    rmSync(probe, { force: true })
    const restore = spawnSync(bin, ['restore', '-config', join(app, 'litestream.yml'), '-o', probe, dbFile], { env: ltEnv, encoding: 'utf8' })
    if (restore.status === 0) {
      const conn = new BetterSqlite3(probe, { readonly: true })
      const found = conn.prepare('SELECT 1 FROM users WHERE email = ?').get(email)
      conn.close()
      if (found) break
    }
    if (Date.now() - t1 > 30_000) fail(`the Litestream replica did not get the new user within 30 s\n${restore.stdout}${restore.stderr}`)
    await sleep(250)
  }
  say(`Litestream: a restore of the replica holds the user just registered (${((Date.now() - t1) / 1000).toFixed(1)}s)`)

  // SIGTERM (a deploy, a scale-to-zero): everything stops cleanly.
  const running = serverProcesses().map((p) => `${p.pid}:${(p.argv[0] ?? '').split(/[/ ]/).filter(Boolean).at(-1) ?? '?'}`)
  say(`SIGTERM to pid ${server.pid} (running: ${running.slice(0, 4).join(' ')}${running.length > 4 ? ` and ${running.length - 4} more` : ''})`)
  server.kill('SIGTERM')
  const stop = await Promise.race([exited, sleep(20_000).then(() => undefined)])
  expect(stop, 'the server did not stop within 20 s of SIGTERM')
  expect(stop.code === 0, `after SIGTERM the entrypoint exited with ${JSON.stringify(stop)}; still running: ${JSON.stringify(serverProcesses().map((p) => p.cmd.slice(0, 80)))}`)
  // Chromium's helpers end a moment after its main process: allow them 5 s, then name what is left.
  let left = serverProcesses()
  for (const until = Date.now() + 5_000; left.length > 0 && Date.now() < until; left = serverProcesses()) await sleep(100)
  expect(left.length === 0, `processes are left running after SIGTERM: ${JSON.stringify(left.map((p) => `${p.pid}: ${p.cmd.slice(0, 100)}`))}`)
  say('SIGTERM: the server and Litestream stopped, exit 0')
  const sandbox = /could not start with its sandbox/.test(serverLog) ? 'without its sandbox (the platform has none)' : 'with its sandbox'
  say(`Chromium ran ${sandbox}`)
  const errors = serverLog.split('\n').filter((l) => /"level":(50|60)/.test(l))
  expect(errors.length === 0, `the server logged errors:\n${errors.join('\n')}`)
}

main()
  .then(() => {
    say('production install test passed')
    if (!flag('keep')) rmSync(dir, { recursive: true, force: true })
  })
  .catch((error) => {
    const why = `production install test FAILED: ${error instanceof Error ? error.message : String(error)}`
    console.error(`\n${why}`)
    console.error(`--- server output ---\n${serverLog.slice(-6000)}\n---\nkept ${dir}`)
    // Again last: npm test repeats a failed step's last lines at the end of its log.
    console.error(why)
    process.exitCode = 1
  })
  .finally(() => {
    if (existsSync(dir)) writeFileSync(join(dir, 'server.log'), serverLog)
    if (server) server.kill('SIGKILL')
    for (const p of serverProcesses()) {
      try {
        process.kill(p.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
  })
