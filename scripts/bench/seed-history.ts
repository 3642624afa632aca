/**
 * Five years of records for one busy company, for `npm run bench:dashboards` (decision 040).
 *
 * One owner company (300 vehicles) operated by one operator company through assignments;
 * 60 drivers, 10 mechanics, ~200,000 pre-trips with their 29 answers, ~20,000 inspections with
 * their 48 items, ~10,000 repair actions with ~30,000 tasks (certified ones acknowledged by the
 * vehicle's next pre-trip), documents, odometer readings, join
 * requests and vehicle dates spread around today so that alerts exist.
 *
 * Written with better-sqlite3 directly (prepared multi-row statements in big transactions) into a
 * file migrated like the app's; deterministic (a seeded PRNG). The result is cached under
 * `data/bench/` keyed by SEED_VERSION, the migrations and the month of the seed, so a second run
 * reuses it; callers copy it before using it (the server writes sessions).
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { PRE_INSPECTION_ITEMS, SAFETY_CRITICAL_PRE_INSPECTION_KEYS } from '#catalog/checklists.ts'
import { INSPECTION_ITEMS } from '#catalog/inspection-checklist.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { MIGRATIONS_FOLDER, openDatabase } from '#db/client.ts'
import { hashPassword } from '#server/auth/password.server.ts'

/** Bump when the data set changes shape: the cached file is then seeded again. */
export const SEED_VERSION = 3
/** Decision 070's chunk size (server/blobs/blob-store.server.ts). */
const BLOB_CHUNK_BYTES = 512 * 1024

export const BENCH_PASSWORD = 'Bench-Dashboards-2026!'
export const TIME_ZONE = 'America/Chicago'

const DAY = 86_400_000
const HOUR = 3_600_000

export const SIZES = {
  /** Days of history before today: five years. */
  days: 5 * 365,
  vehicles: 300,
  /** Vehicles whose assignment ended 180 days ago (the last `archived` of them are archived too). */
  endedAssignments: 15,
  archived: 5,
  drivers: 60,
  /** Drivers whose role was deactivated (they drove during the first two years). */
  formerDrivers: 4,
  mechanics: 10,
  /** Pre-trips per weekday / weekend day: ~200,000 over five years. */
  preTripsWeekday: 125,
  preTripsWeekend: 70,
  /** Inspections per weekday / weekend day: ~20,000 over five years. */
  inspectionsWeekday: 13,
  inspectionsWeekend: 6,
  /** Share of pre-trips with Defective items (each makes a repair action with 1–5 tasks). */
  defectiveShare: 0.05,
  /** Share of pre-trips filed without an end odometer (and time out). */
  withoutEndShare: 0.02,
  /** Chance of an Unsatisfactory / NotApplicable status per inspection item. */
  unsatisfactoryItem: 0.006,
  notApplicableItem: 0.05,
  /** Share of inspections with 1–2 photos (tiny blobs). */
  inspectionPhotoShare: 0.02,
  joinRequests: 150,
}

export type Sizes = typeof SIZES

export interface BenchUser {
  id: number
  email: string
  name: string
}

export interface SeedManifest {
  version: number
  seededAt: string
  /** The UTC calendar date the history ends on (today when seeded). */
  lastDay: string
  ownerCompanyId: number
  operatorCompanyId: number
  repairShopCompanyId: number
  password: string
  users: { ownerManager: BenchUser; operatorManager: BenchUser; busiestDriver: BenchUser; busiestMechanic: BenchUser }
  counts: Record<string, number>
  seedMs: number
}

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Where the cached seed lives and its key (version, migrations, month). */
export function cacheLocation(now = new Date()): { dir: string; file: string; manifest: string; key: string } {
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'))
  const migrations = createHash('sha256').update(journal).digest('hex').slice(0, 8)
  const key = `v${SEED_VERSION}-${migrations}-${now.toISOString().slice(0, 7)}`
  const dir = resolve('data/bench')
  return { dir, key, file: join(dir, `dashboards-${key}.db`), manifest: join(dir, `dashboards-${key}.json`) }
}

/**
 * The seeded file for this version, migrations and month: reused when present, else seeded
 * (older cached seeds are removed).
 */
export async function cachedHistory(log: (line: string) => void = console.log): Promise<{ file: string; manifest: SeedManifest; reused: boolean }> {
  const loc = cacheLocation()
  if (existsSync(loc.file) && existsSync(loc.manifest)) {
    return { file: loc.file, manifest: JSON.parse(readFileSync(loc.manifest, 'utf8')) as SeedManifest, reused: true }
  }
  mkdirSync(loc.dir, { recursive: true })
  const { readdirSync } = await import('node:fs')
  for (const name of readdirSync(loc.dir)) if (name.startsWith('dashboards-')) rmSync(join(loc.dir, name), { force: true })
  const partial = `${loc.file}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })
  const manifest = await seedHistory(partial, { log })
  renameSync(partial, loc.file)
  writeFileSync(loc.manifest, JSON.stringify(manifest, null, 2))
  return { file: loc.file, manifest, reused: false }
}

export interface SeedOptions {
  log?: (line: string) => void
  now?: Date
  /** Smaller data sets of the same shape (the query-plan test). */
  sizes?: Partial<Sizes>
}

/** Seeds five years of records (or `sizes`) into a new file at `path` (migrated like the app's). */
export async function seedHistory(path: string, opts: SeedOptions = {}): Promise<SeedManifest> {
  const { log = console.log, now = new Date() } = opts
  const S: Sizes = { ...SIZES, ...opts.sizes }
  const started = performance.now()
  const app = openDatabase({ url: `file:${path}` })
  await app.migrate()
  await app.close()

  const passwordHash = await hashPassword(BENCH_PASSWORD)
  const db = new BetterSqlite3(path)
  // A throw-away file being built: no journal, no fsync. The app's settings come back at the end.
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  db.pragma('foreign_keys = OFF')
  db.pragma('cache_size = -200000')

  const rand = prng(20261123)
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))

  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const firstMs = todayMs - S.days * DAY
  const firstDay = isoDay(firstMs)
  const lastDay = isoDay(todayMs)
  const endedMs = todayMs - Math.min(180, Math.floor(S.days / 3)) * DAY
  const counts: Record<string, number> = {}
  const bump = (table: string, n = 1) => (counts[table] = (counts[table] ?? 0) + n)

  /** A prepared INSERT of `rows` rows at once. */
  const insert = (table: string, columns: string[], rows = 1) => {
    const one = `(${columns.map(() => '?').join(', ')})`
    const stmt = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => one).join(', ')}`)
    return (...values: unknown[]) => {
      bump(table, rows)
      return stmt.run(...values)
    }
  }

  /**
   * A file's bytes for `table`: its `content` column before migration 0009, else (decision 070)
   * pieces of 512 KiB in `blob_chunks` and the row's `blob_id`. Returns the column and its value.
   */
  const hasContent = (table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === 'content')
  const insertChunk = hasContent('inspection_photos') ? null : db.prepare('INSERT INTO blob_chunks (blob_id, seq, data) VALUES (?, ?, ?)')
  const fileColumn = insertChunk ? 'blob_id' : 'content'
  const stored = (bytes: Buffer): Buffer | string => {
    if (!insertChunk) return bytes
    const blobId = randomBytes(16).toString('hex')
    for (let seq = 0; seq * BLOB_CHUNK_BYTES < bytes.byteLength; seq++) insertChunk.run(blobId, seq, bytes.subarray(seq * BLOB_CHUNK_BYTES, (seq + 1) * BLOB_CHUNK_BYTES))
    bump('blob_chunks', Math.ceil(bytes.byteLength / BLOB_CHUNK_BYTES))
    return blobId
  }

  // ---- companies, users, roles ------------------------------------------------------------
  const insertCompany = insert('companies', ['name', 'code', 'time_zone', 'created_at'])
  const insertType = insert('company_types', ['company_id', 'type'])
  const company = (name: string, code: string, type: string) => {
    const id = Number(insertCompany(name, code, TIME_ZONE, firstMs - 30 * DAY).lastInsertRowid)
    insertType(id, type)
    return id
  }
  const insertUser = insert('users', ['email', 'password_hash', 'first_name', 'last_name', 'personal_identifier', 'first_login_completed_at', 'created_at', 'updated_at', 'country_code', 'comes_from_state'])
  const insertMembership = insert('memberships', ['user_id', 'company_id', 'role_id', 'is_active', 'created_at', 'updated_at'])
  const firstNames = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Drew', 'Parker']
  const lastNames = ['Miller', 'Garcia', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Walker', 'Young', 'King', 'Wright', 'Scott', 'Hill', 'Adams']
  let userSeq = 0
  const user = (email: string | null, first: string, last: string, withPassword: boolean): BenchUser => {
    userSeq++
    const mail = email ?? `bench-user-${userSeq}@bench.operon.app`
    const id = Number(
      insertUser(mail, withPassword ? passwordHash : null, first, last, `BENCH-${String(userSeq).padStart(5, '0')}`, firstMs, firstMs - 20 * DAY, firstMs, 'US', 'IL').lastInsertRowid,
    )
    return { id, email: mail, name: `${first} ${last}` }
  }
  const role = (userId: number, companyId: number, r: keyof typeof ROLE_IDS, active = true) => insertMembership(userId, companyId, ROLE_IDS[r], active ? 1 : 0, firstMs - 10 * DAY, firstMs)

  const ownerCompanyId = company('Prairie Coach Leasing', 'BENCH-OWNER', 'Owner')
  const operatorCompanyId = company('Prairie Coach Lines', 'BENCH-OPERATOR', 'Operator')
  const repairShopCompanyId = company('Prairie Diesel Repair', 'BENCH-SHOP', 'RepairShop')
  db.prepare('UPDATE companies SET repair_shop_company_id = ? WHERE id = ?').run(repairShopCompanyId, ownerCompanyId)

  const ownerManager = user('bench.owner@bench.operon.app', 'Olivia', 'Owner', true)
  const operatorManager = user('bench.operator@bench.operon.app', 'Oscar', 'Operator', true)
  const shopManager = user(null, 'Sid', 'Shop', false)
  role(ownerManager.id, ownerCompanyId, 'Owner')
  role(operatorManager.id, operatorCompanyId, 'Operator')
  role(shopManager.id, repairShopCompanyId, 'RepairShop')

  /** Weighted picks: the first person has weight `busiest`, the others `weight(i)`. */
  const weighted = <T,>(people: T[], busiest: number, weight: (i: number) => number) => {
    const cumulative: number[] = []
    let total = 0
    for (let i = 0; i < people.length; i++) cumulative.push((total += i === 0 ? busiest : weight(i)))
    return () => {
      const r = rand() * total
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (cumulative[mid]! < r) lo = mid + 1
        else hi = mid
      }
      return people[lo]!
    }
  }
  const drivers: BenchUser[] = []
  for (let i = 0; i < S.drivers; i++) {
    const d = i === 0 ? user('bench.driver@bench.operon.app', 'Dana', 'Driver', true) : user(null, pick(firstNames), `${pick(lastNames)} ${i}`, false)
    role(d.id, operatorCompanyId, 'Driver')
    drivers.push(d)
  }
  const formerDrivers: BenchUser[] = []
  for (let i = 0; i < S.formerDrivers; i++) {
    const d = user(null, pick(firstNames), `${pick(lastNames)} (former)`, false)
    role(d.id, operatorCompanyId, 'Driver', false)
    formerDrivers.push(d)
  }
  const mechanics: BenchUser[] = []
  for (let i = 0; i < S.mechanics; i++) {
    const m = i === 0 ? user('bench.mechanic@bench.operon.app', 'Max', 'Mechanic', true) : user(null, pick(firstNames), `${pick(lastNames)} ${i}`, false)
    role(m.id, operatorCompanyId, 'Mechanic')
    if (i < 3) role(m.id, repairShopCompanyId, 'Mechanic')
    mechanics.push(m)
  }
  // Drivers: 1.5 for the busiest (≈ 3.5 pre-trips a day, two shifts), then from 1 down to 0.5
  // (≈ 1.2–2.4 a day). Mechanics: 2, then 1 / (1 + i / 12) (the busiest ≈ 2.5 inspections a day).
  const driverWeight = (i: number) => 1 - (0.5 * i) / Math.max(1, S.drivers + S.formerDrivers)
  const nextDriver = weighted(drivers, 1.5, driverWeight)
  const nextEarlyDriver = weighted([...drivers, ...formerDrivers], 1.5, driverWeight)
  const nextMechanic = weighted(mechanics, 2, (i) => 1 / (1 + i / 12))

  // Join requests to the operator company: answered mostly, a few pending.
  const insertJoin = insert('join_requests', ['user_id', 'company_id', 'role_id', 'status', 'requested_at', 'answered_at', 'answered_by_user_id'])
  for (let i = 0; i < S.joinRequests; i++) {
    const status = i % 10 === 0 ? 'Pending' : i % 3 === 0 ? 'Rejected' : 'Accepted'
    const applicant = i < S.drivers && status === 'Accepted' ? drivers[i]!.id : user(null, pick(firstNames), `${pick(lastNames)} applicant`, false).id
    const at = firstMs + Math.floor(rand() * (todayMs - firstMs))
    insertJoin(applicant, operatorCompanyId, i % 7 === 0 ? ROLE_IDS.Mechanic : ROLE_IDS.Driver, status, at, status === 'Pending' ? null : at + 2 * DAY, status === 'Pending' ? null : operatorManager.id)
  }

  // ---- vehicles, assignments, documents ----------------------------------------------------
  const insertVehicle = insert('vehicles', [
    'key', 'owner_company_id', 'make', 'model', 'vin', 'year_build', 'fuel_type', 'transmission_type', 'color', 'gps', 'number_of_seats',
    'vehicle_identifier', 'license_plate', 'license_expiry', 'insurance_expiry', 'next_inspection', 'odometer', 'created_at', 'updated_at', 'archived_at',
  ])
  const insertAssignment = insert('operator_assignments', ['vehicle_id', 'operator_company_id', 'start_date', 'end_date', 'ended_at', 'created_at'])
  const insertDocument = insert('vehicle_documents', ['vehicle_id', 'file_name', 'content_type', 'size_bytes', 'uploaded_by_user_id', 'uploaded_by_name', 'is_active', 'uploaded_at'])
  const insertDocumentContent = insert('document_contents', ['document_id', fileColumn])
  const makes = [
    ['Blue Bird', 'Vision'],
    ['Thomas Built', 'Saf-T-Liner C2'],
    ['IC Bus', 'CE Series'],
    ['MCI', 'J4500'],
    ['Prevost', 'H3-45'],
    ['New Flyer', 'Xcelsior XD40'],
  ] as const
  /** A date around today: mostly months ahead, some within the 30-day warning, some past. */
  const dueDate = () => isoDay(todayMs + int(-25, 420) * DAY)
  const vehicleIds: number[] = []
  const odometer: number[] = []
  /** The last day a vehicle may be driven (its assignment's end). */
  const drivenUntil: number[] = []
  const pdf = Buffer.from('%PDF-1.4\n% bench document\n%%EOF\n')
  db.transaction(() => {
    for (let n = 0; n < S.vehicles; n++) {
      const [make, model] = makes[n % makes.length]!
      const ended = n >= S.vehicles - S.endedAssignments
      const archived = n >= S.vehicles - S.archived
      const id = Number(
        insertVehicle(
          `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, ownerCompanyId, make, model,
          withVinCheckDigit(`1BAKGCPA0PF${String(300000 + n).slice(-6)}`), 2012 + (n % 13), n % 4, n % 4, pick(['Yellow', 'White', 'Blue']), n % 2, 40 + (n % 20),
          `BUS-${String(n + 1).padStart(4, '0')}`, `IL-${10000 + n}`, dueDate(), dueDate(), dueDate(), null, firstMs - 60 * DAY, firstMs, archived ? todayMs - 100 * DAY : null,
        ).lastInsertRowid,
      )
      vehicleIds.push(id)
      odometer.push(int(20_000, 200_000))
      drivenUntil.push(ended ? endedMs : todayMs)
      insertAssignment(id, operatorCompanyId, firstDay, ended ? isoDay(endedMs) : null, ended ? endedMs : null, firstMs - DAY)
      for (let d = int(0, 6); d > 0; d--) {
        const docId = Number(insertDocument(id, `registration-${n}-${d}.pdf`, 'application/pdf', pdf.length, ownerManager.id, ownerManager.name, rand() < 0.85 ? 1 : 0, firstMs + Math.floor(rand() * (todayMs - firstMs))).lastInsertRowid)
        insertDocumentContent(docId, stored(pdf))
      }
    }
  })()

  // ---- five years of days: pre-trips, inspections, repairs, odometer readings --------------
  const answerCount = PRE_INSPECTION_ITEMS.length
  const itemCount = INSPECTION_ITEMS.length
  const insertPreTrip = insert('pre_inspections', [
    'vehicle_id', 'operator_company_id', 'driver_user_id', 'driver_name', 'date', 'time_in', 'time_out', 'odometer_start', 'odometer_end', 'comments',
    'is_satisfactory', 'defects_corrected', 'defects_need_correction', 'damage_rear', 'signature_name', 'created_at',
  ])
  const insertAnswers = insert('pre_inspection_answers', ['pre_inspection_id', 'item_key', 'defective'], answerCount)
  const insertInspection = insert('inspections', ['vehicle_id', 'inspector_user_id', 'inspector_name', 'inspection_date', 'is_satisfactory', 'odometer', 'signature_name', 'created_at'])
  const insertItems = insert('inspection_items', ['inspection_id', 'item_key', 'status', 'comments'], itemCount)
  const insertPhoto = insert('inspection_photos', ['inspection_id', 'name', fileColumn, 'content_type'])
  const insertReading = insert('odometer_readings', ['vehicle_id', 'reading', 'source', 'recorded_at', 'recorded_by_user_id', 'recorded_by_name', 'pre_inspection_id', 'inspection_id'])
  const insertRepair = insert('repair_actions', [
    'repair_identifier', 'pre_inspection_id', 'vehicle_id', 'owner_company_id', 'repair_company_id', 'comments', 'created_at', 'repaired_at', 'repaired_by_user_id', 'repaired_by_name', 'out_of_service',
  ])
  const insertAck = insert('repair_acknowledgements', ['repair_action_id', 'pre_inspection_id', 'acknowledged_at'])
  /** Certified repair actions per vehicle that its next pre-trip acknowledges. */
  const toAcknowledge: { id: number; repairedAt: number }[][] = vehicleIds.map(() => [])
  const insertTask = insert('repair_tasks', ['repair_action_id', 'source_key', 'name', 'description', 'status', 'completed_at', 'completed_by_user_id'])
  const photo = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
  const safety = new Set<string>(SAFETY_CRITICAL_PRE_INSPECTION_KEYS)
  const repairSeqByYear = new Map<number, number>()
  const answers: unknown[] = new Array(answerCount * 3)
  const items: unknown[] = new Array(itemCount * 4)
  const vehicleOrder = vehicleIds.map((_, i) => i)

  const day = (ms: number) => {
    const date = isoDay(ms)
    const weekend = [0, 6].includes(new Date(ms).getUTCDay())
    const recent = todayMs - ms < 20 * DAY
    const eligible = vehicleOrder.filter((v) => drivenUntil[v]! >= ms)
    // A partial shuffle: the first `n` of `eligible` are the day's vehicles (one pre-trip each).
    const shuffle = (n: number) => {
      for (let i = 0; i < n && i < eligible.length; i++) {
        const j = i + Math.floor(rand() * (eligible.length - i))
        ;[eligible[i], eligible[j]] = [eligible[j]!, eligible[i]!]
      }
      return eligible.slice(0, n)
    }
    const early = ms < firstMs + Math.floor(S.days * 0.4) * DAY

    for (const v of shuffle(Math.round((weekend ? S.preTripsWeekend : S.preTripsWeekday) * (0.9 + rand() * 0.2)))) {
      const vehicleId = vehicleIds[v]!
      const driver = early ? nextEarlyDriver() : nextDriver()
      const timeIn = ms + 11 * HOUR + Math.floor(rand() * 10 * HOUR)
      const start = odometer[v]! + (rand() < 0.1 ? int(1, 30) : 0)
      const miles = int(15, 290)
      // Today's drives may still be under way; a few older ones were never closed.
      const open = ms === todayMs ? rand() < 0.5 : rand() < S.withoutEndShare
      odometer[v] = start + miles
      const defective = rand() < S.defectiveShare ? new Set(Array.from({ length: int(1, 5) }, () => pick(PRE_INSPECTION_ITEMS).key)) : null
      const id = Number(
        insertPreTrip(
          vehicleId, operatorCompanyId, driver.id, driver.name, date, timeIn, open ? null : timeIn + HOUR + Math.floor(rand() * 9 * HOUR), start, open ? null : start + miles,
          defective ? 'See defects.' : rand() < 0.1 ? 'All good.' : null, defective ? 0 : 1, 0, defective ? 1 : 0, rand() < 0.03 ? 'Scratch on the bumper' : null, driver.name, timeIn,
        ).lastInsertRowid,
      )
      for (let i = 0; i < answerCount; i++) {
        const key = PRE_INSPECTION_ITEMS[i]!.key
        answers[i * 3] = id
        answers[i * 3 + 1] = key
        answers[i * 3 + 2] = defective?.has(key) ? 1 : 0
      }
      insertAnswers(...answers)
      const pending = toAcknowledge[v]!
      if (pending.length && pending.some((p) => p.repairedAt < timeIn)) {
        for (const p of pending.filter((p) => p.repairedAt < timeIn)) insertAck(p.id, id, timeIn)
        toAcknowledge[v] = pending.filter((p) => p.repairedAt >= timeIn)
      }
      insertReading(vehicleId, start, 'preTripStart', timeIn, driver.id, driver.name, id, null)
      if (!open) insertReading(vehicleId, start + miles, 'preTripEnd', timeIn + 8 * HOUR, driver.id, driver.name, id, null)

      if (defective) {
        const year = new Date(ms).getUTCFullYear()
        const seq = (repairSeqByYear.get(year) ?? 0) + 1
        repairSeqByYear.set(year, seq)
        const createdAt = timeIn + HOUR
        // Recent ones are often still open; a few old ones were forgotten.
        const stillOpen = recent ? rand() < 0.6 : rand() < 0.005
        const mechanic = nextMechanic()
        const repairedAt = stillOpen ? null : createdAt + 2 * HOUR + Math.floor(rand() * 10 * DAY)
        const repairId = Number(
          insertRepair(
            `RA-${year}-${String(seq).padStart(6, '0')}`, id, vehicleId, ownerCompanyId, rand() < 0.9 ? repairShopCompanyId : null, null, createdAt, repairedAt,
            repairedAt ? mechanic.id : null, repairedAt ? mechanic.name : null, [...defective].some((k) => safety.has(k)) ? 1 : 0,
          ).lastInsertRowid,
        )
        if (repairedAt !== null) toAcknowledge[v]!.push({ id: repairId, repairedAt })
        for (const key of defective) {
          const done = repairedAt !== null || rand() < 0.3
          insertTask(repairId, key, PRE_INSPECTION_ITEMS.find((i) => i.key === key)!.label, 'Reported defective on the pre-trip.', done ? 'Completed' : 'Pending', done ? (repairedAt ?? createdAt + HOUR) : null, done ? mechanic.id : null)
        }
        // Extra work found by the mechanic: ~1 more task per 2 actions (≈ 3 tasks per action in all).
        for (let extra = int(0, 1); extra > 0; extra--) {
          insertTask(repairId, null, 'Road test', 'Road test after the repair.', repairedAt ? 'Completed' : 'Pending', repairedAt, repairedAt ? mechanic.id : null)
        }
      }
    }

    for (const v of shuffle(Math.round((weekend ? S.inspectionsWeekend : S.inspectionsWeekday) * (0.8 + rand() * 0.4)))) {
      const vehicleId = vehicleIds[v]!
      const mechanic = nextMechanic()
      let satisfactory = 1
      for (let i = 0; i < itemCount; i++) {
        const r = rand()
        const status = r < S.unsatisfactoryItem ? 1 : r < S.unsatisfactoryItem + S.notApplicableItem ? 2 : 0
        if (status === 1) satisfactory = 0
        items[i * 4 + 1] = INSPECTION_ITEMS[i]!.key
        items[i * 4 + 2] = status
        items[i * 4 + 3] = status === 1 ? 'Worn, replace' : null
      }
      const at = ms + 13 * HOUR + Math.floor(rand() * 6 * HOUR)
      const id = Number(insertInspection(vehicleId, mechanic.id, mechanic.name, date, satisfactory, odometer[v]!, mechanic.name, at).lastInsertRowid)
      for (let i = 0; i < itemCount; i++) items[i * 4] = id
      insertItems(...items)
      insertReading(vehicleId, odometer[v]!, 'inspection', at, mechanic.id, mechanic.name, null, id)
      if (rand() < S.inspectionPhotoShare) for (let p = int(1, 2); p > 0; p--) insertPhoto(id, `photo-${p}.png`, stored(photo), 'image/png')
    }
  }

  let batchStart = performance.now()
  for (let ms = firstMs, n = 0; ms <= todayMs; ms += DAY, n++) {
    // One transaction per month of days keeps memory flat and commits cheap.
    if (n % 30 === 0) {
      if (db.inTransaction) db.exec('COMMIT')
      db.exec('BEGIN')
      if (n % 365 === 0 && n > 0) {
        log(`  seeded ${isoDay(ms)} (${counts.pre_inspections ?? 0} pre-trips, ${Math.round(performance.now() - batchStart)} ms for the last year)`)
        batchStart = performance.now()
      }
    }
    day(ms)
  }
  if (db.inTransaction) db.exec('COMMIT')

  const setOdometer = db.prepare('UPDATE vehicles SET odometer = ? WHERE id = ?')
  db.transaction(() => vehicleIds.forEach((id, v) => setOdometer.run(odometer[v], id)))()

  // Back to the app's settings (WAL is stored in the file).
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  const violations = db.prepare('PRAGMA foreign_key_check').all()
  if (violations.length) throw new Error(`the seed breaks ${violations.length} foreign keys, e.g. ${JSON.stringify(violations[0])}`)
  // The users signed in by the bench must be the busiest ones (small test sets need not be).
  const top = (sql: string) => (db.prepare(sql).get() as { id: number }).id
  if (!opts.sizes && top('SELECT driver_user_id AS id FROM pre_inspections GROUP BY 1 ORDER BY count(*) DESC LIMIT 1') !== drivers[0]!.id) throw new Error('the bench driver is not the busiest')
  if (!opts.sizes && top('SELECT inspector_user_id AS id FROM inspections GROUP BY 1 ORDER BY count(*) DESC LIMIT 1') !== mechanics[0]!.id) throw new Error('the bench mechanic is not the busiest')
  db.close()

  const busiest = (rows: BenchUser[]) => rows[0]!
  return {
    version: SEED_VERSION,
    seededAt: now.toISOString(),
    lastDay,
    ownerCompanyId,
    operatorCompanyId,
    repairShopCompanyId,
    password: BENCH_PASSWORD,
    users: { ownerManager, operatorManager, busiestDriver: busiest(drivers), busiestMechanic: busiest(mechanics) },
    counts,
    seedMs: Math.round(performance.now() - started),
  }
}
