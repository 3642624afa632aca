/**
 * The restore drill (issue 14 point 2, decision 044): proves that Litestream's replica of the
 * database can be restored into a database that holds every committed record.
 *
 *   npm run db:restore-drill            (CI runs it: `npm test`, step "restore drill")
 *
 * 1. A temporary database, migrated by the app's own code (`openDatabase(…).migrate()`).
 * 2. `litestream replicate` with the shipped `litestream.yml`, to a FILE replica (the same
 *    binary and configuration replicate to S3 in production).
 * 3. Writes real rows through the app's code while replication runs: the demo data (users,
 *    companies, memberships, vehicles, assignments, repairs…), then many small transactions
 *    of pre-trip inspections with their answers and photos (blobs, enough to make SQLite
 *    checkpoint its WAL while Litestream follows), users, and last a marker user.
 * 4. Waits until the replica holds the marker (each probe is a real `litestream restore`; no
 *    fixed sleep decides anything), stops Litestream (SIGTERM, as a deploy would).
 * 5. Restores into a NEW file (`litestream restore -o …`) and proves it: `PRAGMA
 *    integrity_check` is ok, no foreign key is broken, every table has the same row count and
 *    the same SHA-256 over every column of every row (ordered by key) as the source, and the
 *    app opens it (migrations already applied, the marker user found by a query).
 *
 * Prints what it did; exits non-zero on any failure (the temporary folder is kept then).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { PRE_INSPECTION_ITEM_KEYS } from '#catalog/checklists.ts'
import { openDatabase } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { seedDemoData } from '#server/demo/seed.ts'

const started = Date.now()
const BATCHES = 40
const PHOTO_BYTES = 160 * 1024
const CATCH_UP_MS = 60_000
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`
const say = (line: string) => console.log(`[restore drill ${elapsed()}] ${line}`)

/** The binary shipped by @flydotio/litestream for this platform (its `litestream` wrapper drops exit codes). */
export function litestreamBinary(): string {
  const require = createRequire(import.meta.url)
  const pkg = `@flydotio/litestream-${process.platform}-${process.arch}/package.json`
  return join(dirname(require.resolve(pkg)), 'litestream')
}

const dir = mkdtempSync(join(tmpdir(), 'operon-restore-drill-'))
const dbPath = join(dir, 'live', 'operon.db')
const replicaDir = join(dir, 'replica')
const config = resolve('litestream.yml')
const ltEnv = {
  ...process.env,
  LITESTREAM_DB_PATH: dbPath,
  LITESTREAM_REPLICA_URL: `file://${replicaDir}`,
  LITESTREAM_ENDPOINT: '',
  LITESTREAM_REGION: '',
}
const bin = litestreamBinary()
let replicator: ChildProcess | undefined
let replicatorLog = ''

function litestream(args: string[]) {
  const r = spawnSync(bin, args, { env: ltEnv, encoding: 'utf8' })
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` }
}

/** Restores the newest state of the replica into `out` (a new file). */
function restoreTo(out: string) {
  rmSync(out, { force: true })
  const r = litestream(['restore', '-config', config, '-o', out, dbPath])
  if (!r.ok) throw new Error(`litestream restore failed:\n${r.out}`)
}

interface TableSum {
  rows: number
  sha256: string
}

/** Row count and SHA-256 of every column of every row, ordered by primary key (or rowid), per table. */
function tableSums(path: string): Map<string, TableSum> {
  const conn = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
  try {
    const tables = conn
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_litestream_%' ORDER BY name",
      )
      .all() as { name: string; sql: string }[]
    const sums = new Map<string, TableSum>()
    for (const { name, sql } of tables) {
      const cols = conn.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(name) as { name: string; pk: number }[]
      const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
      const withoutRowid = /WITHOUT\s+ROWID/i.test(sql)
      const order = pk.length ? pk.map((c) => `"${c.name}"`).join(', ') : withoutRowid ? '1' : 'rowid'
      const hash = createHash('sha256')
      let rows = 0
      for (const row of conn.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).raw().iterate() as Iterable<unknown[]>) {
        rows += 1
        for (const v of row) {
          hash.update(Buffer.isBuffer(v) ? `b:${v.toString('hex')}` : `${typeof v}:${String(v)}`)
          hash.update('\u0000')
        }
        hash.update('\u0001')
      }
      sums.set(name, { rows, sha256: hash.digest('hex') })
    }
    return sums
  } finally {
    conn.close()
  }
}

function hasMarker(path: string, email: string): boolean {
  const conn = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
  try {
    return conn.prepare('SELECT 1 FROM users WHERE email = ?').get(email) !== undefined
  } finally {
    conn.close()
  }
}

async function drill() {
  say(`litestream ${litestream(['version']).out.trim()} (${bin})`)
  say(`temporary folder ${dir}`)

  // 1. The database, migrated like the app does at boot.
  const url = `file:${dbPath}`
  const db = openDatabase({ url })
  await db.migrate()
  say('database created and migrated')

  // 2. Replication to a file replica, with the shipped configuration.
  mkdirSync(replicaDir, { recursive: true })
  replicator = spawn(bin, ['replicate', '-config', config], { env: ltEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  replicator.stdout?.on('data', (b: Buffer) => (replicatorLog += b.toString()))
  replicator.stderr?.on('data', (b: Buffer) => (replicatorLog += b.toString()))
  const exited = new Promise<number | null>((res) => replicator!.once('exit', (code) => res(code)))
  replicator.once('exit', () => (replicator = undefined))
  say(`litestream replicate started (pid ${replicator.pid}) to file://${replicaDir}`)

  // 3. Real rows, in many transactions, while replication runs.
  const seed = await seedDemoData(db)
  say(`demo data written (${seed.logins.length} logins)`)
  const [vehicle] = await db.read.select({ id: t.vehicles.id }).from(t.vehicles).limit(1)
  const [company] = await db.read.select({ id: t.companies.id }).from(t.companies).limit(1)
  const [driver] = await db.read.select({ id: t.users.id }).from(t.users).limit(1)
  if (!vehicle || !company || !driver) throw new Error('the demo data has no vehicle, company or user')
  let photoBytes = 0
  for (let i = 0; i < BATCHES; i++) {
    await db.transaction(async (tx) => {
      const [pre] = await tx
        .insert(t.preInspections)
        .values({
          vehicleId: vehicle.id,
          operatorCompanyId: company.id,
          driverUserId: driver.id,
          driverName: `Drill Driver ${i}`,
          date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
          timeIn: new Date(Date.UTC(2026, 0, (i % 28) + 1, 6, 0)),
          timeOut: new Date(Date.UTC(2026, 0, (i % 28) + 1, 15, 30)),
          odometerStart: 100_000 + i * 200,
          odometerEnd: 100_000 + i * 200 + 150,
          comments: `Restore drill filing ${i}`,
          isSatisfactory: i % 5 !== 0,
          idempotencyKey: randomUUID(),
        })
        .returning({ id: t.preInspections.id })
      await tx
        .insert(t.preInspectionAnswers)
        .values(PRE_INSPECTION_ITEM_KEYS.map((itemKey, k) => ({ preInspectionId: pre!.id, itemKey, defective: i % 5 === 0 && k === 0 })))
      const content = randomBytes(PHOTO_BYTES)
      photoBytes += content.length
      const { blobId } = await writeBlob(tx, content)
      await tx.insert(t.preInspectionPhotos).values({ preInspectionId: pre!.id, name: `drill-${i}.jpg`, blobId, contentType: 'image/jpeg' })
      await tx.insert(t.users).values({
        email: `drill-${i}-${randomUUID()}@drill.operon.app`,
        firstName: 'Drill',
        lastName: `User ${i}`,
        personalIdentifier: `DRILL-${i}-${randomUUID().slice(0, 8)}`,
      })
    })
  }
  say(`${BATCHES} more transactions: pre-trip inspections with answers and a photo each (${(photoBytes / 1048576).toFixed(1)} MiB of blobs), users`)
  const marker = `drill-marker-${randomUUID()}@drill.operon.app`
  await db.transaction((tx) =>
    tx.insert(t.users).values({ email: marker, firstName: 'Drill', lastName: 'Marker', personalIdentifier: `MARK-${randomUUID().slice(0, 8)}` }),
  )
  say(`last committed write: the marker user ${marker}`)
  await db.close()
  const source = tableSums(dbPath)

  // 4. Catch-up: the replica holds the last commit when a restore of it holds the marker.
  const probe = join(dir, 'probe.db')
  const deadline = Date.now() + CATCH_UP_MS
  let probes = 0
  for (;;) {
    if (!replicator) throw new Error(`litestream replicate exited early:\n${replicatorLog}`)
    probes += 1
    let caught = false
    let lastError = ''
    try {
      restoreTo(probe)
      caught = hasMarker(probe, marker)
    } catch (error) {
      lastError = (error as Error).message // no generation yet: the first snapshot is still being written
    }
    if (caught) break
    if (Date.now() > deadline) throw new Error(`the replica did not catch up within ${CATCH_UP_MS / 1000}s ${lastError}\n${replicatorLog}`)
    await sleep(250)
  }
  say(`replica caught up with the last commit (${probes} restore probe${probes === 1 ? '' : 's'})`)
  replicator.kill('SIGTERM')
  const code = await exited
  say(`litestream replicate stopped (exit ${code})`)
  say(litestream(['generations', '-config', config, dbPath]).out.trim().split('\n').join('\n    '))

  // 5. The restore, into a new file, and the proof.
  const restored = join(dir, 'restored', 'operon.db')
  mkdirSync(dirname(restored), { recursive: true })
  if (existsSync(restored)) throw new Error('the restore target exists already')
  restoreTo(restored)
  say(`restored into ${restored}`)

  const failures: string[] = []
  const check = new BetterSqlite3(restored, { readonly: true, fileMustExist: true })
  const integrity = check.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]
  const fk = check.pragma('foreign_key_check') as unknown[]
  check.close()
  const integrityText = integrity.map((r) => r.integrity_check).join('; ')
  if (integrityText !== 'ok') failures.push(`PRAGMA integrity_check: ${integrityText}`)
  if (fk.length) failures.push(`PRAGMA foreign_key_check: ${fk.length} broken reference(s)`)
  say(`PRAGMA integrity_check: ${integrityText}; foreign_key_check: ${fk.length} problem(s)`)

  const copy = tableSums(restored)
  let totalRows = 0
  const lines: string[] = []
  for (const [name, s] of source) {
    const r = copy.get(name)
    totalRows += s.rows
    const same = r !== undefined && r.rows === s.rows && r.sha256 === s.sha256
    if (!same) failures.push(`table ${name}: source ${s.rows} rows ${s.sha256.slice(0, 12)}, restored ${r ? `${r.rows} rows ${r.sha256.slice(0, 12)}` : 'missing'}`)
    lines.push(`${same ? 'ok  ' : 'DIFF'} ${name.padEnd(28)} ${String(s.rows).padStart(6)} rows  sha256 ${s.sha256.slice(0, 16)}`)
  }
  for (const name of copy.keys()) if (!source.has(name)) failures.push(`table ${name} is only in the restored database`)
  console.log(lines.map((l) => `    ${l}`).join('\n'))
  for (const name of ['users', 'companies', 'vehicles', 'operator_assignments', 'pre_inspections', 'pre_inspection_photos']) {
    if (!source.get(name)?.rows) failures.push(`table ${name} has no rows: the drill did not write what it should`)
  }

  // The app opens the restored file: migrations already applied, the marker found.
  const reopened = openDatabase({ url: `file:${restored}` })
  try {
    await reopened.migrate()
    const found = await reopened.read.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, marker))
    if (found.length !== 1) failures.push('the app does not find the marker user in the restored database')
  } finally {
    await reopened.close()
  }
  say(`the app opens the restored database and finds the marker user`)

  // A control: the comparison must notice one missing record (else it proves nothing).
  const tampered = join(dir, 'tampered.db')
  restoreTo(tampered)
  const conn = new BetterSqlite3(tampered)
  conn.prepare('DELETE FROM users WHERE email = ?').run(marker)
  conn.close()
  const users = tableSums(tampered).get('users')
  if (!users || users.sha256 === source.get('users')?.sha256) failures.push('control: deleting one user went unnoticed by the comparison')
  else say('control: a copy missing the marker user is told apart (users table differs)')

  if (failures.length) {
    console.error(`\nrestore drill FAILED:\n  ${failures.join('\n  ')}`)
    console.error(`kept ${dir} for inspection`)
    process.exitCode = 1
    return
  }
  say(`restore drill passed: ${source.size} tables, ${totalRows} rows, every one identical in the restored copy`)
  rmSync(dir, { recursive: true, force: true })
}

drill().catch((error: unknown) => {
  console.error(`\nrestore drill FAILED: ${error instanceof Error ? error.message : String(error)}`)
  console.error(`kept ${dir} for inspection`)
  process.exitCode = 1
}).finally(() => {
  replicator?.kill('SIGTERM')
})
