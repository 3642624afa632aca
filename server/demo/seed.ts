/**
 * Demo data: a small US bus sector. Five companies (one of them Owner + Operator + RepairShop
 * at once), 40 buses, managers, drivers and mechanics, join and vehicle requests in every
 * status, a year of pre-inspections, inspections, repair actions and documents.
 *
 * Deterministic: a seeded PRNG and dates relative to `opts.now`. Reference data (roles,
 * license types) comes from the migrations, not from here. Idempotent: when the demo
 * accounts already exist nothing is written.
 */
import { eq, sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database, Tx } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { hashPassword } from '../auth/password.server.ts'
import {
  INSPECTION_ITEMS,
  INSPECTION_ITEM_STATUS,
  PRE_INSPECTION_ITEMS,
  DAMAGE_SIDES,
  type DamageSideKey,
  type InspectionItemKey,
  type InspectionItemStatus,
  type PreInspectionItemKey,
} from '#catalog/checklists.ts'
import { ROLE_IDS, type CompanyType, type RoleName } from '#catalog/roles.ts'
import { VEHICLE_REQUEST_RESPONSE_MESSAGES, type VehicleRequestStatus } from '#catalog/statuses.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, type DemoLogin } from './logins.ts'
import { busPng, photoPng, signaturePng, simplePdf } from './assets.ts'
import {
  BUS_MODELS,
  DAMAGE_NOTES,
  FLEET,
  INSPECTION_DEFECT_COMMENTS,
  PRE_INSPECTION_COMMENTS,
  modelYearCode,
  type BusKind,
  type BusModel,
} from './data.ts'

export interface SeedResult {
  logins: { email: string; password: string; description: string }[]
}

const DAY = 86_400_000
const HOUR = 3_600_000
const MINUTE = 60_000

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

class Random {
  readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }
  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items]
    const out: T[] = []
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!)
    return out
  }
  code(length: number, alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'): string {
    let s = ''
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)]!
    return s
  }
  digits(length: number): string {
    let s = ''
    for (let i = 0; i < length; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
}

function get<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key)
  if (value === undefined) throw new Error(`seed: missing ${String(key)}`)
  return value
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>()
/** Offset (ms) of a time zone at an instant: local wall time minus UTC. */
function tzOffset(instant: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    offsetFormatters.set(timeZone, f)
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return local - (instant - (instant % 1000))
}

/** The instant of a wall-clock time on a calendar date in a time zone. */
function zoned(date: string, minutesOfDay: number, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutesOfDay * MINUTE
  let result = guess - tzOffset(guess, timeZone)
  result = guess - tzOffset(result, timeZone)
  return new Date(result)
}

async function insertMany<T extends SQLiteTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size = 300): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // The generic table type is too wide for drizzle's overloads; the rows are typed above.
    await tx.insert(table as SQLiteTable).values(rows.slice(i, i + size) as never)
  }
}

// ---------------------------------------------------------------------------------------
// The cast
// ---------------------------------------------------------------------------------------

type CompanyKey = 'cascade' | 'summit' | 'evergreen' | 'pacific' | 'keystone'

interface CompanySpec {
  key: CompanyKey
  name: string
  code: string
  types: CompanyType[]
  timeZone: string
  manager: string
  createdDaysAgo: number
  repairShop: CompanyKey | null
}

const COMPANIES: CompanySpec[] = [
  {
    key: 'cascade',
    name: 'Cascade Coach Lines',
    code: 'OPR-7H2K9Q',
    types: ['Owner', 'Operator', 'RepairShop'],
    timeZone: 'America/Los_Angeles',
    manager: 'cascade',
    createdDaysAgo: 820,
    repairShop: 'cascade',
  },
  {
    key: 'summit',
    name: 'Summit Bus Leasing',
    code: 'OPR-4MX8RW',
    types: ['Owner'],
    timeZone: 'America/Boise',
    manager: 'owner',
    createdDaysAgo: 790,
    repairShop: 'keystone',
  },
  {
    key: 'evergreen',
    name: 'Evergreen Student Transportation',
    code: 'OPR-K3T9VP',
    types: ['Operator'],
    timeZone: 'America/Los_Angeles',
    manager: 'operator',
    createdDaysAgo: 760,
    repairShop: null,
  },
  {
    key: 'pacific',
    name: 'Pacific Crest Charters',
    code: 'OPR-2WQ6HN',
    types: ['Operator'],
    timeZone: 'America/Los_Angeles',
    manager: 'charter',
    createdDaysAgo: 740,
    repairShop: null,
  },
  {
    key: 'keystone',
    name: 'Keystone Fleet Repair',
    code: 'OPR-9RB5JC',
    types: ['RepairShop'],
    timeZone: 'America/Los_Angeles',
    manager: 'repairshop',
    createdDaysAgo: 770,
    repairShop: null,
  },
]

interface PersonSpec {
  key: string
  first: string
  last: string
  gender: 0 | 1 | 2 | 3
  state: string
  born: string
}

/** Everyone except the demo logins' own names (which come from logins.ts). */
const PEOPLE: PersonSpec[] = [
  // demo logins (names from DEMO_LOGINS)
  { key: 'cascade', first: '', last: '', gender: 1, state: 'WA', born: '1976-03-14' },
  { key: 'owner', first: '', last: '', gender: 0, state: 'ID', born: '1969-11-02' },
  { key: 'operator', first: '', last: '', gender: 1, state: 'WA', born: '1983-06-21' },
  { key: 'charter', first: '', last: '', gender: 0, state: 'OR', born: '1979-09-09' },
  { key: 'repairshop', first: '', last: '', gender: 1, state: 'WA', born: '1985-01-30' },
  { key: 'driver', first: '', last: '', gender: 0, state: 'WA', born: '1988-04-17' },
  { key: 'mechanic', first: '', last: '', gender: 0, state: 'WA', born: '1981-12-05' },
  // staff
  { key: 'maria', first: 'Maria', last: 'Gonzalez', gender: 1, state: 'WA', born: '1974-08-23' },
  { key: 'tyler', first: 'Tyler', last: 'Brooks', gender: 0, state: 'WA', born: '1992-02-11' },
  { key: 'aisha', first: 'Aisha', last: 'Johnson', gender: 1, state: 'WA', born: '1987-10-03' },
  { key: 'kevin', first: 'Kevin', last: 'Nguyen', gender: 0, state: 'OR', born: '1980-05-28' },
  { key: 'rosa', first: 'Rosa', last: 'Martinez', gender: 1, state: 'OR', born: '1990-07-19' },
  { key: 'ethan', first: 'Ethan', last: 'Walker', gender: 0, state: 'WA', born: '1978-01-08' },
  { key: 'brianna', first: 'Brianna', last: 'Scott', gender: 1, state: 'WA', born: '1995-03-27' },
  { key: 'derek', first: 'Derek', last: 'Foster', gender: 0, state: 'WA', born: '1977-12-15' },
  { key: 'olivia', first: 'Olivia', last: 'Chen', gender: 1, state: 'WA', born: '1993-09-12' },
  { key: 'nina', first: 'Nina', last: 'Patel', gender: 1, state: 'WA', born: '1986-04-04' },
  // applicants (join requests only)
  { key: 'carlos', first: 'Carlos', last: 'Diaz', gender: 0, state: 'WA', born: '1991-11-20' },
  { key: 'frank', first: 'Frank', last: 'Miller', gender: 0, state: 'OR', born: '1968-06-30' },
  { key: 'sofia', first: 'Sofia', last: 'Alvarez', gender: 1, state: 'WA', born: '1997-02-14' },
  { key: 'grace', first: 'Grace', last: 'Lee', gender: 1, state: 'WA', born: '1994-10-10' },
  { key: 'victor', first: 'Victor', last: 'Huang', gender: 0, state: 'WA', born: '1989-08-08' },
  { key: 'owen', first: 'Owen', last: 'Murphy', gender: 0, state: 'ID', born: '1972-03-03' },
  { key: 'rachel', first: 'Rachel', last: 'Adams', gender: 3, state: 'OR', born: '1984-12-24' },
]

interface MembershipSpec {
  person: string
  company: CompanyKey
  role: RoleName
  daysAgo: number
  /** Days ago the role was deactivated. */
  deactivatedDaysAgo?: number
  /** Added by the manager directly (no join request). */
  direct?: boolean
}

const STAFF: MembershipSpec[] = [
  { person: 'driver', company: 'evergreen', role: 'Driver', daysAgo: 610 },
  { person: 'driver', company: 'pacific', role: 'Driver', daysAgo: 420 },
  { person: 'maria', company: 'evergreen', role: 'Driver', daysAgo: 700 },
  { person: 'tyler', company: 'evergreen', role: 'Driver', daysAgo: 540 },
  { person: 'aisha', company: 'evergreen', role: 'Driver', daysAgo: 650, deactivatedDaysAgo: 30 },
  { person: 'kevin', company: 'pacific', role: 'Driver', daysAgo: 690 },
  { person: 'rosa', company: 'pacific', role: 'Driver', daysAgo: 480 },
  { person: 'ethan', company: 'cascade', role: 'Driver', daysAgo: 760 },
  { person: 'brianna', company: 'cascade', role: 'Driver', daysAgo: 520 },
  { person: 'derek', company: 'cascade', role: 'Mechanic', daysAgo: 780 },
  { person: 'derek', company: 'cascade', role: 'Driver', daysAgo: 600 },
  { person: 'mechanic', company: 'keystone', role: 'Mechanic', daysAgo: 720 },
  { person: 'olivia', company: 'keystone', role: 'Mechanic', daysAgo: 560 },
  { person: 'nina', company: 'evergreen', role: 'Mechanic', daysAgo: 500, direct: true },
]

interface JoinRequestSpec {
  person: string
  company: CompanyKey
  role: RoleName
  status: 'Pending' | 'Rejected'
  daysAgo: number
}

const OPEN_AND_REJECTED_REQUESTS: JoinRequestSpec[] = [
  { person: 'carlos', company: 'evergreen', role: 'Driver', status: 'Pending', daysAgo: 3 },
  { person: 'frank', company: 'evergreen', role: 'Driver', status: 'Rejected', daysAgo: 45 },
  { person: 'frank', company: 'pacific', role: 'Driver', status: 'Pending', daysAgo: 6 },
  { person: 'sofia', company: 'cascade', role: 'Driver', status: 'Pending', daysAgo: 2 },
  { person: 'sofia', company: 'pacific', role: 'Driver', status: 'Rejected', daysAgo: 80 },
  { person: 'grace', company: 'keystone', role: 'Mechanic', status: 'Pending', daysAgo: 4 },
  { person: 'victor', company: 'cascade', role: 'Mechanic', status: 'Pending', daysAgo: 1 },
  { person: 'victor', company: 'keystone', role: 'Mechanic', status: 'Rejected', daysAgo: 120 },
  { person: 'owen', company: 'summit', role: 'Owner', status: 'Pending', daysAgo: 5 },
  { person: 'rachel', company: 'cascade', role: 'Owner', status: 'Rejected', daysAgo: 60 },
  { person: 'rachel', company: 'pacific', role: 'Operator', status: 'Pending', daysAgo: 7 },
]

/** [licenseTypeId, days from today to expiry] */
const LICENSES: Record<string, [number, number][]> = {
  driver: [[7, 410], [5, 410], [10, 410]],
  maria: [[7, 220], [5, 220], [10, 220]],
  tyler: [[7, 505], [5, 505], [10, 12]],
  aisha: [[7, -15], [5, -15], [10, -15]],
  kevin: [[2, 300], [5, 300]],
  rosa: [[2, 25], [5, 25]],
  ethan: [[7, 610], [5, 610]],
  brianna: [[7, 90], [5, 90]],
  derek: [[2, 365], [5, 365], [1, 365]],
  mechanic: [[4, 700]],
  olivia: [[7, 150]],
  carlos: [[7, 800], [5, 800]],
}

/** Operator company → its drivers, their preferred vehicle (FLEET index) and rhythm. */
const DRIVING: { person: string; company: CompanyKey; preferred: number; rhythm: 'school' | 'charter' | 'weekendCharter' | 'transit' | 'occasional' }[] = [
  { person: 'driver', company: 'evergreen', preferred: 0, rhythm: 'school' },
  { person: 'maria', company: 'evergreen', preferred: 1, rhythm: 'school' },
  { person: 'tyler', company: 'evergreen', preferred: 4, rhythm: 'school' },
  { person: 'aisha', company: 'evergreen', preferred: 6, rhythm: 'school' },
  { person: 'driver', company: 'pacific', preferred: 18, rhythm: 'weekendCharter' },
  { person: 'kevin', company: 'pacific', preferred: 15, rhythm: 'charter' },
  { person: 'rosa', company: 'pacific', preferred: 16, rhythm: 'charter' },
  { person: 'ethan', company: 'cascade', preferred: 22, rhythm: 'transit' },
  { person: 'brianna', company: 'cascade', preferred: 23, rhythm: 'transit' },
  { person: 'derek', company: 'cascade', preferred: 32, rhythm: 'occasional' },
]

interface AssignmentPlan {
  vehicle: number
  operator: CompanyKey
  start: number
  end?: number
  /** Ended early on this day (endDate set to it, endedAt recorded). */
  endedEarly?: number
}

interface RequestPlan {
  vehicle: number
  operator: CompanyKey
  status: Exclude<VehicleRequestStatus, 'Approved'>
  requestedDaysAgo: number
  start: number
  end?: number
}

const ASSIGNMENTS: AssignmentPlan[] = [
  // Summit school buses → Evergreen
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((vehicle) => ({ vehicle, operator: 'evergreen' as const, start: -400 + vehicle })),
  { vehicle: 10, operator: 'evergreen', start: -395, end: 75 },
  { vehicle: 11, operator: 'evergreen', start: -395, end: 75 },
  { vehicle: 12, operator: 'evergreen', start: -400, end: -160 },
  { vehicle: 14, operator: 'evergreen', start: -200 },
  // Summit coaches → Pacific Crest (17 was with Cascade before)
  { vehicle: 15, operator: 'pacific', start: -390 },
  { vehicle: 16, operator: 'pacific', start: -390 },
  { vehicle: 17, operator: 'cascade', start: -380, end: -100 },
  { vehicle: 17, operator: 'pacific', start: -90 },
  { vehicle: 18, operator: 'pacific', start: -388 },
  { vehicle: 19, operator: 'pacific', start: -388 },
  { vehicle: 21, operator: 'pacific', start: -300, end: 45 },
  // Cascade runs its own transit buses and three coaches
  ...[22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 35].map((vehicle) => ({
    vehicle,
    operator: 'cascade' as const,
    start: -420,
  })),
  // Cascade coaches chartered out to Pacific Crest
  { vehicle: 34, operator: 'pacific', start: -150, end: 30 },
  { vehicle: 36, operator: 'pacific', start: -330 },
  // The retired Blue Bird, ended early before it was archived
  { vehicle: 39, operator: 'evergreen', start: -420, endedEarly: -70 },
]

const OTHER_REQUESTS: RequestPlan[] = [
  { vehicle: 12, operator: 'evergreen', status: 'Pending', requestedDaysAgo: 1, start: 7, end: 200 },
  { vehicle: 13, operator: 'pacific', status: 'Rejected', requestedDaysAgo: 50, start: -40, end: -10 },
  { vehicle: 20, operator: 'pacific', status: 'Pending', requestedDaysAgo: 2, start: 5 },
  { vehicle: 21, operator: 'evergreen', status: 'Cancelled', requestedDaysAgo: 30, start: -20, end: 60 },
  { vehicle: 37, operator: 'pacific', status: 'Pending', requestedDaysAgo: 1, start: 14, end: 44 },
  { vehicle: 38, operator: 'evergreen', status: 'Cancelled', requestedDaysAgo: 20, start: -10 },
  { vehicle: 38, operator: 'evergreen', status: 'Rejected', requestedDaysAgo: 200, start: -190, end: -100 },
]

const ARCHIVED_DAYS_AGO = 60

/** FLEET indexes whose dates are expired / within 30 days (the rest are fine). */
const LICENSE_EXPIRY: Record<number, number> = { 3: -5, 27: -18, 8: 4, 19: 12, 33: 26 }
const INSURANCE_EXPIRY: Record<number, number> = { 12: -2, 5: 9, 22: 20 }
/** Day of the last satisfactory inspection (nextInspection = one year later). */
const LAST_INSPECTION: Record<number, number> = { 15: -385, 1: -345, 30: -355 }
/** Vehicles whose latest inspection found problems (still open). */
const RECENT_FAILED_INSPECTION = new Set([9, 24, 35])

// ---------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------

export async function seedDemoData(db: Database, opts?: { now?: Date }): Promise<SeedResult> {
  const logins = DEMO_LOGINS.map(({ email, password, description }) => ({ email, password, description }))
  const first = DEMO_LOGINS[0]!
  const existing = await db.read.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, first.email)).limit(1)
  if (existing.length > 0) return { logins }

  const now = opts?.now ?? new Date()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction((tx) => writeDemoData(tx, now, passwordHash))
  return { logins }
}

async function writeDemoData(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  const rnd = new Random(20260101)
  const nowMs = now.getTime()
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  /** Calendar date `offset` days from today (UTC), 'YYYY-MM-DD'. */
  const day = (offset: number) => new Date(todayMs + offset * DAY).toISOString().slice(0, 10)
  const weekday = (offset: number) => new Date(todayMs + offset * DAY).getUTCDay()
  /** An instant `days` days ago (fractional allowed), never in the future. */
  const ago = (days: number) => new Date(Math.min(nowMs, nowMs - days * DAY))
  const LA = 'America/Los_Angeles'

  // --- users -----------------------------------------------------------------------------
  const demoByKey = new Map<string, DemoLogin>(DEMO_LOGINS.map((l) => [l.key, l]))
  const personIds = new Map<string, number>()
  const personNames = new Map<string, string>()
  const usedIdentifiers = new Set<string>()

  /** Join date: a little before the person's first membership or request. */
  const joinDaysAgo = new Map<string, number>()
  const noteJoin = (person: string, daysAgo: number) =>
    joinDaysAgo.set(person, Math.max(joinDaysAgo.get(person) ?? 0, daysAgo + 1 + (person.length % 3)))
  for (const c of COMPANIES) noteJoin(c.manager, c.createdDaysAgo)
  for (const m of STAFF) noteJoin(m.person, m.daysAgo + 2)
  for (const r of OPEN_AND_REJECTED_REQUESTS) noteJoin(r.person, r.daysAgo)

  for (const [index, p] of PEOPLE.entries()) {
    const demo = demoByKey.get(p.key)
    const firstName = demo?.firstName ?? p.first
    const lastName = demo?.lastName ?? p.last
    const email = demo?.email ?? `${firstName}.${lastName}@demo.operon.app`.toLowerCase()
    let personalIdentifier: string
    do personalIdentifier = `USR-${rnd.code(6)}`
    while (usedIdentifiers.has(personalIdentifier))
    usedIdentifiers.add(personalIdentifier)
    const joined = ago(get(joinDaysAgo, p.key) + rnd.next() * 0.5)
    const area = p.state === 'OR' ? '503' : p.state === 'ID' ? '208' : rnd.pick(['206', '253', '360', '425'])
    const [row] = await tx
      .insert(t.users)
      .values({
        email,
        passwordHash,
        firstName,
        lastName,
        dateOfBirth: p.born,
        gender: p.gender,
        phoneNumber: `+1 ${area} 555 ${String(100 + index * 37).padStart(4, '0').slice(-4)}`,
        countryCode: 'US',
        comesFromState: p.state,
        personalIdentifier,
        twoFactorType: 1,
        firstLoginCompletedAt: new Date(joined.getTime() + 20 * MINUTE),
        createdAt: joined,
        updatedAt: joined,
      })
      .returning({ id: t.users.id })
    personIds.set(p.key, row!.id)
    personNames.set(p.key, `${firstName} ${lastName}`)
  }
  const uid = (person: string) => get(personIds, person)
  const nameOf = (person: string) => get(personNames, person)

  // --- licenses --------------------------------------------------------------------------
  const licenseRows: (typeof t.userLicenses.$inferInsert)[] = []
  for (const [person, list] of Object.entries(LICENSES)) {
    const p = PEOPLE.find((x) => x.key === person)!
    for (const [licenseTypeId, expiresIn] of list) {
      licenseRows.push({
        userId: uid(person),
        licenseTypeId,
        licenseNumber:
          p.state === 'OR' ? rnd.digits(7) : p.state === 'ID' ? `${rnd.code(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(6)}${rnd.code(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}` : `WDL${rnd.code(9)}`,
        state: p.state,
        expiryDate: day(expiresIn),
      })
    }
  }
  await insertMany(tx, t.userLicenses, licenseRows)

  // --- companies, types, managers ---------------------------------------------------------
  const companyIds = new Map<CompanyKey, number>()
  for (const c of COMPANIES) {
    const createdAt = ago(c.createdDaysAgo)
    const [row] = await tx
      .insert(t.companies)
      .values({ name: c.name, code: c.code, timeZone: c.timeZone, createdAt, createdByUserId: uid(c.manager) })
      .returning({ id: t.companies.id })
    companyIds.set(c.key, row!.id)
    await insertMany(
      tx,
      t.companyTypes,
      c.types.map((type) => ({ companyId: row!.id, type })),
    )
    await insertMany(
      tx,
      t.memberships,
      c.types.map((type) => ({
        userId: uid(c.manager),
        companyId: row!.id,
        roleId: ROLE_IDS[type],
        isActive: true,
        createdAt,
        updatedAt: createdAt,
      })),
    )
  }
  const cid = (key: CompanyKey) => get(companyIds, key)
  const companySpec = (key: CompanyKey) => COMPANIES.find((c) => c.key === key)!
  for (const c of COMPANIES) {
    if (c.repairShop) {
      await tx
        .update(t.companies)
        .set({ repairShopCompanyId: cid(c.repairShop) })
        .where(eq(t.companies.id, cid(c.key)))
    }
  }

  // --- staff memberships and join requests ------------------------------------------------
  const membershipRows: (typeof t.memberships.$inferInsert)[] = []
  const joinRows: (typeof t.joinRequests.$inferInsert)[] = []
  for (const m of STAFF) {
    const createdAt = ago(m.daysAgo)
    const manager = uid(companySpec(m.company).manager)
    membershipRows.push({
      userId: uid(m.person),
      companyId: cid(m.company),
      roleId: ROLE_IDS[m.role],
      isActive: m.deactivatedDaysAgo === undefined,
      createdAt,
      updatedAt: m.deactivatedDaysAgo === undefined ? createdAt : ago(m.deactivatedDaysAgo),
    })
    if (!m.direct) {
      joinRows.push({
        userId: uid(m.person),
        companyId: cid(m.company),
        roleId: ROLE_IDS[m.role],
        status: 'Accepted',
        requestedAt: ago(m.daysAgo + 1 + rnd.next()),
        answeredAt: createdAt,
        answeredByUserId: manager,
      })
    }
  }
  for (const r of OPEN_AND_REJECTED_REQUESTS) {
    const requestedAt = ago(r.daysAgo + rnd.next() * 0.5)
    joinRows.push({
      userId: uid(r.person),
      companyId: cid(r.company),
      roleId: ROLE_IDS[r.role],
      status: r.status,
      requestedAt,
      answeredAt: r.status === 'Pending' ? null : ago(r.daysAgo - 1.2),
      answeredByUserId: r.status === 'Pending' ? null : uid(companySpec(r.company).manager),
    })
  }
  joinRows.sort((a, b) => (a.requestedAt as Date).getTime() - (b.requestedAt as Date).getTime())
  await insertMany(tx, t.memberships, membershipRows)
  await insertMany(tx, t.joinRequests, joinRows)

  // --- vehicles ---------------------------------------------------------------------------
  interface SeedVehicle {
    index: number
    id: number
    model: BusModel
    kind: BusKind
    owner: CompanyKey
    identifier: string
    plate: string
    vin: string
    ada: boolean
    odometer: number
    archived: boolean
    createdAt: Date
  }
  const vehicles: SeedVehicle[] = []
  const usedSerials = new Set<string>()
  for (const [index, entry] of FLEET.entries()) {
    const model: BusModel = BUS_MODELS[entry.model]
    const age = now.getUTCFullYear() - entry.year
    let serial: string
    do serial = rnd.digits(6)
    while (usedSerials.has(serial))
    usedSerials.add(serial)
    const vin = withVinCheckDigit(`${model.wmi}${model.vds}0${modelYearCode(entry.year)}${model.plant}${serial}`)
    const identifier = `BUS-${String(index + 1).padStart(4, '0')}`
    const plate =
      entry.owner === 'summit'
        ? `${rnd.int(1, 9)}${rnd.code(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(5)}`
        : `${rnd.code(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(4)}`
    const perYear = model.kind === 'school' ? 11_000 : model.kind === 'coach' ? 52_000 : 36_000
    const odometer = Math.max(800, Math.round(Math.max(0.4, age - 1) * perYear * (0.85 + rnd.next() * 0.3)))
    const depreciation = Math.pow(0.88, Math.max(0, age))
    const insuranceValue = Math.round((model.price * depreciation) / 500) * 500
    const ada = entry.ada ?? false
    const createdDaysAgo = entry.owner === 'summit' ? 700 - index * 3 : 760 - index * 2
    const createdAt = ago(createdDaysAgo)
    const [row] = await tx
      .insert(t.vehicles)
      .values({
        key: uuidFrom(rnd),
        ownerCompanyId: cid(entry.owner),
        make: model.make,
        model: model.model,
        vin,
        yearBuild: entry.year,
        manufactureDate: `${entry.year - 1}-${String(rnd.int(3, 11)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
        insuranceValue,
        insuranceExpiry: day(INSURANCE_EXPIRY[index] ?? rnd.int(60, 360)),
        sellValue: Math.round((insuranceValue * 0.9) / 500) * 500,
        titleHire: entry.owner === 'summit' ? 'Lease fleet (hire)' : 'Owned (clear title)',
        fuelType: model.fuelType,
        powertrainType: model.powertrainType,
        tireSize: model.tireSize,
        transmissionType: model.transmissionType,
        lengthUnit: model.lengthUnit,
        length: model.length,
        width: model.width,
        height: model.height,
        weightClass: model.weightClass,
        color: entry.color,
        bodyManufacturer: model.bodyManufacturer,
        adaCompliant: ada,
        turningRadius: model.turningRadius,
        gps: entry.year >= 2017,
        driveCam: entry.year >= 2019 || model.kind === 'coach',
        backupCam: entry.year >= 2020 || model.kind !== 'school',
        emergencyExits: model.emergencyExits,
        fireExtinguishers: model.kind === 'coach' ? 2 : 1,
        firstAidKit: true,
        seatConfiguration: model.seatConfiguration,
        numberOfSeats: ada && model.kind === 'school' ? model.numberOfSeats - 6 : model.numberOfSeats,
        seatbelts: model.seatbelts || (model.kind === 'school' && entry.year >= 2021),
        copilotSeat: model.kind === 'coach',
        luggageOption: model.luggageOption,
        destinationSigns: model.kind !== 'school',
        entertainmentSystem: model.entertainmentSystem,
        usbChargingPorts: model.usbChargingPorts,
        airConditioning: model.airConditioning,
        vehicleIdentifier: identifier,
        licensePlate: plate,
        licenseExpiry: day(LICENSE_EXPIRY[index] ?? rnd.int(45, 330)),
        nextInspection: null,
        odometer,
        createdAt,
        updatedAt: entry.archived ? ago(ARCHIVED_DAYS_AGO) : createdAt,
        archivedAt: entry.archived ? ago(ARCHIVED_DAYS_AGO) : null,
      })
      .returning({ id: t.vehicles.id })
    vehicles.push({
      index,
      id: row!.id,
      model,
      kind: model.kind,
      owner: entry.owner,
      identifier,
      plate,
      vin,
      ada,
      odometer,
      archived: entry.archived ?? false,
      createdAt,
    })
  }
  const vehicleAt = (index: number) => vehicles[index]!

  // Two pictures (the rest show the placeholder).
  await insertMany(tx, t.vehicleImages, [
    { vehicleId: vehicleAt(0).id, content: busPng([247, 181, 0]), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(300) },
    { vehicleId: vehicleAt(15).id, content: busPng([235, 240, 245], 1), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(280) },
    { vehicleId: vehicleAt(22).id, content: busPng([22, 122, 80]), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(350) },
  ])

  // --- documents --------------------------------------------------------------------------
  for (const v of vehicles) {
    if (v.archived) continue
    const manager = companySpec(v.owner).manager
    const docs: { fileName: string; title: string; lines: string[]; daysAgo: number; active: boolean }[] = [
      {
        fileName: `Registration ${v.plate}.pdf`,
        title: `Vehicle registration - ${v.plate}`,
        lines: [`Vehicle: ${v.model.make} ${v.model.model}`, `VIN: ${v.vin}`, `Identifier: ${v.identifier}`, `Registered owner: ${companySpec(v.owner).name}`],
        daysAgo: rnd.int(40, 320),
        active: true,
      },
      {
        fileName: `Insurance certificate ${now.getUTCFullYear()}.pdf`,
        title: 'Certificate of liability insurance',
        lines: [`Insured: ${companySpec(v.owner).name}`, `Vehicle: ${v.identifier} (${v.vin})`, 'Combined single limit: $5,000,000'],
        daysAgo: rnd.int(10, 200),
        active: true,
      },
    ]
    if (v.index % 4 === 0) {
      docs.push({
        fileName: 'Maintenance log.pdf',
        title: `Maintenance log - ${v.identifier}`,
        lines: ['Oil and filter: every 10,000 mi', 'Brake adjustment: every 90 days', 'Annual DOT inspection: see Inspections tab'],
        daysAgo: rnd.int(5, 90),
        active: true,
      })
    }
    if (v.index === 0 || v.index === 22) {
      docs.push({
        fileName: `Insurance certificate ${now.getUTCFullYear() - 1}.pdf`,
        title: 'Certificate of liability insurance (expired policy)',
        lines: [`Insured: ${companySpec(v.owner).name}`, `Vehicle: ${v.identifier}`],
        daysAgo: 420,
        active: false,
      })
    }
    for (const d of docs) {
      const content = simplePdf(d.title, d.lines)
      const [doc] = await tx
        .insert(t.vehicleDocuments)
        .values({
          vehicleId: v.id,
          fileName: d.fileName,
          contentType: 'application/pdf',
          sizeBytes: content.length,
          uploadedByUserId: uid(manager),
          uploadedByName: nameOf(manager),
          isActive: d.active,
          uploadedAt: ago(d.daysAgo + rnd.next()),
        })
        .returning({ id: t.vehicleDocuments.id })
      await tx.insert(t.documentContents).values({ documentId: doc!.id, content })
    }
  }
  {
    const v = vehicleAt(22)
    const content = busPng([22, 122, 80], 1)
    const [doc] = await tx
      .insert(t.vehicleDocuments)
      .values({
        vehicleId: v.id,
        fileName: 'Livery proof.png',
        contentType: 'image/png',
        sizeBytes: content.length,
        uploadedByUserId: uid('cascade'),
        uploadedByName: nameOf('cascade'),
        isActive: true,
        uploadedAt: ago(330),
      })
      .returning({ id: t.vehicleDocuments.id })
    await tx.insert(t.documentContents).values({ documentId: doc!.id, content })
  }

  // --- vehicle requests and operator assignments ------------------------------------------
  interface LiveAssignment {
    vehicle: number
    operator: CompanyKey
    start: number
    /** Last day (inclusive) it is active. */
    last: number
  }
  const live: LiveAssignment[] = []
  const requestRows: { plan: RequestPlan | AssignmentPlan; status: VehicleRequestStatus; requestedDaysAgo: number }[] = []
  for (const a of ASSIGNMENTS) requestRows.push({ plan: a, status: 'Approved', requestedDaysAgo: -a.start + rnd.int(3, 12) })
  for (const r of OTHER_REQUESTS) requestRows.push({ plan: r, status: r.status, requestedDaysAgo: r.requestedDaysAgo })
  requestRows.sort((a, b) => b.requestedDaysAgo - a.requestedDaysAgo)

  for (const { plan, status, requestedDaysAgo } of requestRows) {
    const v = vehicleAt(plan.vehicle)
    const ownerManager = companySpec(v.owner).manager
    const operatorManager = companySpec(plan.operator).manager
    const requestedAt = ago(requestedDaysAgo - rnd.next() * 0.3)
    const answered = status === 'Pending' ? null : ago(Math.max(0.01, requestedDaysAgo - 0.6 - rnd.next()))
    const endedEarly = 'endedEarly' in plan ? plan.endedEarly : undefined
    const endOffset = plan.end ?? endedEarly
    const [req] = await tx
      .insert(t.vehicleRequests)
      .values({
        vehicleId: v.id,
        ownerCompanyId: cid(v.owner),
        operatorCompanyId: cid(plan.operator),
        requestedByUserId: uid(operatorManager),
        status,
        startDate: day(plan.start),
        endDate: plan.end === undefined ? null : day(plan.end),
        message:
          status === 'Approved'
            ? VEHICLE_REQUEST_RESPONSE_MESSAGES.approved
            : status === 'Rejected'
              ? VEHICLE_REQUEST_RESPONSE_MESSAGES.rejected
              : null,
        requestedAt,
        respondedAt: answered,
        respondedByUserId: status === 'Approved' || status === 'Rejected' ? uid(ownerManager) : status === 'Cancelled' ? uid(operatorManager) : null,
      })
      .returning({ id: t.vehicleRequests.id })
    if (status === 'Approved') {
      await tx.insert(t.operatorAssignments).values({
        vehicleId: v.id,
        operatorCompanyId: cid(plan.operator),
        requestId: req!.id,
        startDate: day(plan.start),
        endDate: endOffset === undefined ? null : day(endOffset),
        endedAt: endedEarly === undefined ? null : ago(-endedEarly),
        createdAt: answered ?? requestedAt,
      })
      live.push({ vehicle: plan.vehicle, operator: plan.operator, start: plan.start, last: endOffset ?? 100_000 })
    }
  }

  // --- pre-inspections (a year of drives) ------------------------------------------------
  interface Drive {
    vehicle: SeedVehicle
    operator: CompanyKey
    driver: string
    date: string
    timeIn: Date
    timeOut: Date
    odometerStart: number
    odometerEnd: number
    defects: PreInspectionItemKey[]
    damage: Partial<Record<DamageSideKey, string>>
    comments: string | null
  }
  const drives: Drive[] = []
  const odometer = new Map<number, number>(vehicles.map((v) => [v.index, v.odometer]))
  const activeVehicles = (operator: CompanyKey, offset: number) =>
    live.filter((a) => a.operator === operator && a.start <= offset && offset <= a.last).map((a) => a.vehicle)
  const deactivated = new Map(STAFF.filter((m) => m.deactivatedDaysAgo !== undefined).map((m) => [`${m.person}@${m.company}`, -m.deactivatedDaysAgo!]))

  for (let offset = -365; offset <= -1; offset++) {
    const date = day(offset)
    const month = Number(date.slice(5, 7))
    const dom = Number(date.slice(8, 10))
    const wd = weekday(offset)
    const weekend = wd === 0 || wd === 6
    const summer = (month === 6 && dom > 18) || month === 7 || (month === 8 && dom < 26)
    const winterBreak = (month === 12 && dom > 20) || (month === 1 && dom < 3)
    const used = new Set<number>()
    for (const d of DRIVING) {
      const until = deactivated.get(`${d.person}@${d.company}`)
      if (until !== undefined && offset >= until) continue
      let p: number
      switch (d.rhythm) {
        case 'school':
          p = weekend || winterBreak ? 0 : summer ? 0.06 : 0.86
          break
        case 'charter':
          p = wd === 6 ? 0.7 : wd === 0 ? 0.5 : wd === 5 ? 0.55 : 0.35
          break
        case 'weekendCharter':
          p = weekend ? 0.35 : 0
          break
        case 'transit':
          p = wd === 0 ? 0 : wd === 6 ? 0.3 : 0.85
          break
        case 'occasional':
          p = weekend ? 0.05 : 0.15
          break
      }
      if (!rnd.chance(p)) continue
      const available = activeVehicles(d.company, offset).filter((i) => !used.has(i))
      if (available.length === 0) continue
      const index = available.includes(d.preferred) && rnd.chance(0.7) ? d.preferred : rnd.pick(available)
      used.add(index)
      const v = vehicleAt(index)
      const miles =
        v.kind === 'school' ? rnd.int(38, 96) : v.kind === 'coach' ? rnd.int(90, 430) : rnd.int(110, 215)
      const startMinutes =
        v.kind === 'school' ? rnd.int(5 * 60 + 50, 6 * 60 + 40) : v.kind === 'coach' ? rnd.int(6 * 60 + 30, 9 * 60) : rnd.int(4 * 60 + 50, 6 * 60 + 30)
      const durationMinutes =
        v.kind === 'school'
          ? Math.round(150 + miles * 1.6 + rnd.int(0, 40))
          : v.kind === 'coach'
            ? Math.round((miles / 48) * 60 + rnd.int(45, 180))
            : rnd.int(8 * 60, 9 * 60 + 40)
      const timeIn = zoned(date, startMinutes, companySpec(d.company).timeZone)
      const timeOut = new Date(timeIn.getTime() + durationMinutes * MINUTE)
      if (timeOut.getTime() > nowMs - 30 * MINUTE) continue
      const odometerStart = get(odometer, index) + rnd.int(0, 12)
      const odometerEnd = odometerStart + miles
      odometer.set(index, odometerEnd)

      const defects: PreInspectionItemKey[] = []
      const damage: Partial<Record<DamageSideKey, string>> = {}
      // Defects are rare; a few more in the last fortnight so that repair shops have open work.
      if (rnd.chance(offset >= -14 ? 0.15 : 0.045)) {
        defects.push(...rnd.sample(PRE_INSPECTION_ITEMS.map((i) => i.key), rnd.chance(0.8) ? 1 : 2))
        if (rnd.chance(0.35)) {
          const side = rnd.pick(DAMAGE_SIDES).key
          damage[side] = rnd.pick(DAMAGE_NOTES[side])
        }
      }
      drives.push({
        vehicle: v,
        operator: d.company,
        driver: d.person,
        date,
        timeIn,
        timeOut,
        odometerStart,
        odometerEnd,
        defects,
        damage,
        comments: defects.length > 0 ? 'Reported to dispatch before departure.' : rnd.chance(0.25) ? rnd.pick(PRE_INSPECTION_COMMENTS) : null,
      })
    }
  }

  // Signatures: one per person, reused.
  const signatureCache = new Map<string, Buffer>()
  const signatureOf = (person: string) => {
    let png = signatureCache.get(person)
    if (!png) {
      png = signaturePng(PEOPLE.findIndex((p) => p.key === person) + 3)
      signatureCache.set(person, png)
    }
    return png
  }

  const mechanicsOf = (shop: CompanyKey, offset: number): string[] =>
    STAFF.filter((m) => m.company === shop && m.role === 'Mechanic' && -m.daysAgo <= offset).map((m) => m.person)

  let repairSeq = 0
  let photoBudget = 2
  const answerRows: (typeof t.preInspectionAnswers.$inferInsert)[] = []
  const imageRows: (typeof t.preInspectionImages.$inferInsert)[] = []
  const taskRows: (typeof t.repairTasks.$inferInsert)[] = []
  for (const d of drives) {
    const filedAt = new Date(d.timeOut.getTime() + rnd.int(2, 25) * MINUTE)
    const [pre] = await tx
      .insert(t.preInspections)
      .values({
        vehicleId: d.vehicle.id,
        operatorCompanyId: cid(d.operator),
        driverUserId: uid(d.driver),
        driverName: nameOf(d.driver),
        date: d.date,
        timeIn: d.timeIn,
        timeOut: d.timeOut,
        odometerStart: d.odometerStart,
        odometerEnd: d.odometerEnd,
        comments: d.comments,
        isSatisfactory: d.defects.length === 0,
        defectsCorrected: false,
        defectsNeedCorrection: d.defects.length > 0,
        damageFront: d.damage.front ?? null,
        damageRear: d.damage.rear ?? null,
        damageRightSide: d.damage.rightSide ?? null,
        damageLeftSide: d.damage.leftSide ?? null,
        createdAt: filedAt > now ? now : filedAt,
      })
      .returning({ id: t.preInspections.id })
    const preId = pre!.id
    for (const item of PRE_INSPECTION_ITEMS)
      answerRows.push({ preInspectionId: preId, itemKey: item.key, defective: d.defects.includes(item.key) })
    imageRows.push({ preInspectionId: preId, kind: 'signature', content: signatureOf(d.driver), contentType: 'image/png' })

    if (d.defects.length === 0) continue

    // A photo of the damaged side on the first couple of damage reports.
    const damagedSides = DAMAGE_SIDES.filter((s) => d.damage[s.key])
    if (damagedSides.length > 0 && photoBudget > 0) {
      photoBudget--
      for (const s of damagedSides)
        imageRows.push({ preInspectionId: preId, kind: s.imageKind, content: photoPng(preId), contentType: 'image/png' })
      await tx.insert(t.preInspectionPhotos).values({
        preInspectionId: preId,
        name: 'damage-closeup.png',
        content: photoPng(preId + 1),
        contentType: 'image/png',
      })
    }

    // The repair action, sent to the owner's repair shop.
    const shop = companySpec(d.vehicle.owner).repairShop!
    const createdAt = filedAt
    const ageDays = (nowMs - createdAt.getTime()) / DAY
    const offset = Math.round((Date.parse(d.date) - todayMs) / DAY)
    // Older repairs are done; recent ones (and the odd one waiting for parts) are pending.
    const repaired = ageDays > 21 ? !rnd.chance(0.04) : ageDays > 4 && rnd.chance(0.4)
    const mechanic = rnd.pick(mechanicsOf(shop, offset))
    const repairedAt = repaired ? new Date(createdAt.getTime() + rnd.int(20, 96) * HOUR) : null
    repairSeq++
    const [action] = await tx
      .insert(t.repairActions)
      .values({
        repairIdentifier: `RA-${createdAt.getUTCFullYear()}-${String(repairSeq).padStart(5, '0')}`,
        preInspectionId: preId,
        vehicleId: d.vehicle.id,
        ownerCompanyId: cid(d.vehicle.owner),
        repairCompanyId: cid(shop),
        comments: `Defects reported by ${nameOf(d.driver)} on the pre-trip inspection of ${d.date} (odometer ${d.odometerStart.toLocaleString('en-US')} mi).`,
        createdAt,
        repairedAt: repairedAt && repairedAt < now ? repairedAt : null,
        repairedByUserId: repairedAt && repairedAt < now ? uid(mechanic) : null,
        repairedByName: repairedAt && repairedAt < now ? nameOf(mechanic) : null,
      })
      .returning({ id: t.repairActions.id })
    const isRepaired = repairedAt !== null && repairedAt < now
    const tasks = [
      ...d.defects.map((key) => {
        const item = PRE_INSPECTION_ITEMS.find((i) => i.key === key)!
        return { sourceKey: key as string, name: item.label, description: `Reported defective (${item.section}). Inspect and repair.` }
      }),
      ...DAMAGE_SIDES.filter((s) => d.damage[s.key]).map((s) => ({
        sourceKey: s.key as string,
        name: `Damage: ${s.label.toLowerCase()}`,
        description: d.damage[s.key] ?? '',
      })),
    ]
    tasks.forEach((task, i) => {
      const done = isRepaired || (i === 0 && tasks.length > 1 && rnd.chance(0.5))
      const completedAt = isRepaired
        ? new Date(createdAt.getTime() + ((repairedAt!.getTime() - createdAt.getTime()) * (i + 1)) / tasks.length)
        : done
          ? new Date(Math.min(nowMs, createdAt.getTime() + 6 * HOUR))
          : null
      taskRows.push({
        repairActionId: action!.id,
        sourceKey: task.sourceKey,
        name: task.name,
        description: task.description,
        status: done ? 'Completed' : 'Pending',
        completedAt,
        completedByUserId: done ? uid(mechanic) : null,
      })
    })
  }
  await insertMany(tx, t.preInspectionAnswers, answerRows, 500)
  await insertMany(tx, t.preInspectionImages, imageRows, 200)
  await insertMany(tx, t.repairTasks, taskRows)

  // Final odometers.
  for (const v of vehicles) {
    const value = get(odometer, v.index) + rnd.int(0, 40)
    await tx.update(t.vehicles).set({ odometer: value, updatedAt: v.createdAt }).where(eq(t.vehicles.id, v.id))
  }

  // --- inspections -----------------------------------------------------------------------
  interface InspectionPlan {
    vehicle: SeedVehicle
    offset: number
    satisfactory: boolean
  }
  const plans: InspectionPlan[] = []
  for (const v of vehicles) {
    if (v.archived) {
      plans.push({ vehicle: v, offset: -400, satisfactory: true })
      plans.push({ vehicle: v, offset: -75, satisfactory: false })
      continue
    }
    const main = LAST_INSPECTION[v.index] ?? rnd.int(-300, -25)
    plans.push({ vehicle: v, offset: main, satisfactory: true })
    if (rnd.chance(0.35)) plans.push({ vehicle: v, offset: main - rnd.int(2, 6), satisfactory: false })
    if (main > -200 && rnd.chance(0.6)) plans.push({ vehicle: v, offset: main - rnd.int(150, 180), satisfactory: true })
    if (RECENT_FAILED_INSPECTION.has(v.index)) plans.push({ vehicle: v, offset: rnd.int(-14, -3), satisfactory: false })
    const last = day(main + 365)
    await tx.update(t.vehicles).set({ nextInspection: last, updatedAt: v.createdAt }).where(eq(t.vehicles.id, v.id))
  }
  plans.sort((a, b) => a.offset - b.offset)

  const itemRows: (typeof t.inspectionItems.$inferInsert)[] = []
  let inspectionPhotoBudget = 2
  for (const plan of plans) {
    const v = plan.vehicle
    const shop = companySpec(v.owner).repairShop!
    const operatorNow = live.find((a) => a.vehicle === v.index && a.start <= plan.offset && plan.offset <= a.last)?.operator
    const inHouse = operatorNow === 'evergreen' && plan.offset >= -500 && rnd.chance(0.25)
    const candidates = inHouse ? ['nina'] : mechanicsOf(shop, plan.offset)
    const inspector = candidates.includes('mechanic') && rnd.chance(0.65) ? 'mechanic' : rnd.pick(candidates)
    const date = day(plan.offset)
    const createdAt = zoned(date, rnd.int(9 * 60, 16 * 60), LA)
    const [row] = await tx
      .insert(t.inspections)
      .values({
        vehicleId: v.id,
        inspectorUserId: uid(inspector),
        inspectorName: nameOf(inspector),
        inspectionDate: date,
        isSatisfactory: plan.satisfactory,
        createdAt: createdAt > now ? now : createdAt,
      })
      .returning({ id: t.inspections.id })
    const inspectionId = row!.id
    const notApplicable = (key: InspectionItemKey): boolean =>
      (key === 'wheelchairLiftSafetySwitchFunctionCondition' && !v.ada) ||
      (key === 'luggageCompartmentWallDoorLockShockFunctionCondition' && v.kind !== 'coach') ||
      (key === 'acCompressorClutchCondenserLinesHosesConditionLeaking' && !v.model.airConditioning) ||
      (key === 'highIdleSystemFunction' && v.kind === 'transit')
    const applicable = INSPECTION_ITEMS.map((i) => i.key).filter((k) => !notApplicable(k))
    const failed = plan.satisfactory ? [] : rnd.sample(applicable, v.archived ? 3 : rnd.int(1, 3))
    if (v.archived) failed[0] = 'chassisFrameCrossMembersCracksCondition'
    for (const item of INSPECTION_ITEMS) {
      const status: InspectionItemStatus = failed.includes(item.key)
        ? INSPECTION_ITEM_STATUS.Unsatisfactory
        : notApplicable(item.key)
          ? INSPECTION_ITEM_STATUS.NotApplicable
          : INSPECTION_ITEM_STATUS.Satisfactory
      itemRows.push({
        inspectionId,
        itemKey: item.key,
        status,
        comments:
          status === INSPECTION_ITEM_STATUS.Unsatisfactory
            ? v.archived && item.key === 'chassisFrameCrossMembersCracksCondition'
              ? 'Cracks in the rear cross member; not economical to repair. Vehicle retired.'
              : rnd.pick(INSPECTION_DEFECT_COMMENTS)
            : null,
      })
    }
    await tx.insert(t.inspectionSignatures).values({ inspectionId, content: signatureOf(inspector), contentType: 'image/png' })
    if (!plan.satisfactory && inspectionPhotoBudget > 0) {
      inspectionPhotoBudget--
      await tx.insert(t.inspectionPhotos).values({
        inspectionId,
        name: 'finding-1.png',
        content: photoPng(inspectionId * 13),
        contentType: 'image/png',
      })
    }
  }
  await insertMany(tx, t.inspectionItems, itemRows, 500)

  // Make sure SQLite's planner knows the new data's shape.
  await tx.run(sql`ANALYZE`)
}

/** A deterministic RFC 4122 version-4 UUID from the PRNG. */
function uuidFrom(rnd: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rnd.next() * 16).toString(16))
  hex[12] = '4'
  hex[16] = ((Math.floor(rnd.next() * 4) + 8) as number).toString(16)
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}
