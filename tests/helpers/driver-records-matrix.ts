/**
 * The authorization matrix of the operator's driver records (issue 37, decision 086): one world
 * and one runner for the four files tests/integration/authorization-matrix-drivers-{files,tests,
 * hours,due}.test.ts. Every door (REST with a bearer token, tRPC and the pages with a session
 * cookie) as each person around a driver's records:
 *
 * - `manager`: the operator company's manager (role Operator at the Operator company `operator`);
 * - `driver`: the driver whose records they are (role Driver there);
 * - `otherDriver`: another driver of the same operator;
 * - `owner`: the manager of the company owning the buses the operator runs (an active assignment);
 * - `shop`: the manager of the owner's repair shop;
 * - `mechanic`: a mechanic of the operator company (a role there, but not this right);
 * - `unrelated`: the manager of an unrelated operator company (with its own driver);
 * - `anonymous`: nobody.
 *
 * The page doors are found by their URL among the route files (the pages of this issue are
 * written alongside these tests): a missing page fails its cell with the path it looked for.
 */
import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companies, driverFileItems, driverTests, dutyPeriods, operatorAssignments } from '#db/schema/index.ts'
import { driverFileIdOf } from '#server/drivers/driver-access.server.ts'
import { prepareDocumentFile, storeDriverDocument } from '#server/drivers/driver-documents.server.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import {
  HOSTILE_ORIGINS,
  mutationDoors,
  overHttp,
  viaPage,
  viaRest,
  viaTrpc,
  type ActorKind,
  type Call,
  type MatrixWorld,
  type PageCall,
  type World,
} from '#tests/helpers/authorization-matrix.ts'
import { APP_ORIGIN, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

export const PEOPLE = ['manager', 'driver', 'otherDriver', 'owner', 'shop', 'mechanic', 'unrelated', 'anonymous'] as const
export type Person = (typeof PEOPLE)[number]

/**
 * What a door answers. `ok`: allowed (200, or 201/204 on REST where the door creates or deletes;
 * a page's redirect back to itself counts as 200). A number: that refusal. On a page door, a
 * refusal may also be the guard's redirect home ('home'); no session is always the login page.
 * `refused`: 403 or 404, where the contract leaves the choice to the door (the driver changing a
 * record of their own read-only file).
 */
export type Expected = 'ok' | 'refused' | 400 | 401 | 403 | 404 | 409
/** What a page door answered: a status, the login page, the guard's redirect home, or a refusal sent back to the dashboard. */
export type PageAnswer = number | 'login' | 'home' | 'dashboard'

export interface DriversWorld {
  db: Database
  ids: { operator: number; owner: number; shop: number; unrelated: number }
  users: Record<Exclude<Person, 'anonymous'>, number> & { unrelatedDriver: number; notADriver: number; formerDriver: number }
  /** The company a person works for (their own company id in "one's own company" rows). */
  companyOf(p: Person): number
  m: MatrixWorld
}

/** The world, made once per file (beforeAll). */
export const dw = {} as DriversWorld

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
export const PDF_BASE64 = PDF.toString('base64')
export const PDF_TEXT = PDF.toString('latin1')

/** (Not a React hook: makes `db` the process database for the pages.) */
const setAppDb = useAsAppDb

async function setUp(): Promise<void> {
  const db = createTestDb()
  setAppDb(db)
  dw.db = db
  const operator = (await createCompany(db, 'Matrix Drivers Operator', ['Operator'])).id
  const owner = (await createCompany(db, 'Matrix Drivers Owner', ['Owner'])).id
  const shop = (await createCompany(db, 'Matrix Drivers Shop', ['RepairShop'])).id
  const unrelated = (await createCompany(db, 'Matrix Drivers Unrelated', ['Operator'])).id
  dw.ids = { operator, owner, shop, unrelated }
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop }).where(eq(companies.id, owner)))
  // The owner's bus runs for the operator (the owner and its shop are the operator's nearest outsiders).
  const bus = await insertVehicle(db, owner, { vehicleIdentifier: 'MX-DRV-BUS' })
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operator, startDate: '2020-01-01' }))
  const users = {} as DriversWorld['users']
  for (const p of PEOPLE) if (p !== 'anonymous') users[p] = (await createUser(db, { firstName: p })).id
  users.unrelatedDriver = (await createUser(db, { firstName: 'unrelatedDriver' })).id
  users.notADriver = (await createUser(db, { firstName: 'notADriver' })).id
  // A driver the operator let go (the Driver role deactivated): the file stays the managers'.
  users.formerDriver = (await createUser(db, { firstName: 'formerDriver' })).id
  await grantRole(db, users.formerDriver, operator, 'Driver', false)
  await grantRole(db, users.manager, operator, 'Operator')
  await grantRole(db, users.driver, operator, 'Driver')
  await grantRole(db, users.otherDriver, operator, 'Driver')
  await grantRole(db, users.owner, owner, 'Owner')
  await grantRole(db, users.shop, shop, 'RepairShop')
  await grantRole(db, users.mechanic, operator, 'Mechanic')
  await grantRole(db, users.unrelated, unrelated, 'Operator')
  await grantRole(db, users.unrelatedDriver, unrelated, 'Driver')
  dw.users = users
  dw.companyOf = (p) => ({ manager: operator, driver: operator, otherDriver: operator, owner, shop, mechanic: operator, unrelated, anonymous: operator })[p]
  const tokens: Record<string, string> = {}
  const cookies: Record<string, string> = {}
  for (const p of PEOPLE) {
    if (p === 'anonymous') continue
    tokens[p] = await apiTokenFor(db, users[p])
    cookies[p] = await webSessionFor(db, users[p])
  }
  dw.m = { world: { db } as World, tokens: tokens as MatrixWorld['tokens'], cookies: cookies as MatrixWorld['cookies'] }
}

// ---------------------------------------------------------------------------------------
// Records made straight in the database (the matrix does not depend on the doors to seed)
// ---------------------------------------------------------------------------------------

const OLD_DAY = '2026-01-05'
export const PAST_DAY = OLD_DAY

/** A fresh item (an application) of `driverUserId`'s file at `companyId` (default: the operator); its id. */
export async function newItem(driverUserId = dw.users.driver, companyId = dw.ids.operator): Promise<number> {
  return dw.db.transaction(async (tx) => {
    const fileId = await driverFileIdOf(tx, companyId, driverUserId, new Date())
    const [row] = await tx.insert(driverFileItems).values({ driverFileId: fileId, companyId, kind: 'application', itemDate: OLD_DAY }).returning({ id: driverFileItems.id })
    return row!.id
  })
}

/** A fresh PDF document of `driverUserId`'s file at `companyId`; its id. */
export async function newDocument(driverUserId = dw.users.driver, companyId = dw.ids.operator): Promise<number> {
  const file = await prepareDocumentFile({ fileName: 'medical-certificate.pdf', bytes: new Uint8Array(PDF) })
  const me = await actorFor(dw.db, dw.users.manager)
  return dw.db.transaction(async (tx) => {
    const driverFileId = await driverFileIdOf(tx, companyId, driverUserId, new Date())
    return storeDriverDocument(tx, me, { companyId, driverFileId, file, now: new Date() })
  })
}

/** A fresh negative random drug test of `driverUserId` at `companyId`; its id. */
export async function newTest(driverUserId = dw.users.driver, companyId = dw.ids.operator): Promise<number> {
  return dw.db.transaction(async (tx) => {
    const fileId = await driverFileIdOf(tx, companyId, driverUserId, new Date())
    const [row] = await tx
      .insert(driverTests)
      .values({ driverFileId: fileId, companyId, substance: 'drug', testType: 'random', testDate: OLD_DAY, result: 'negative', collectionSite: 'Matrix Lab' })
      .returning({ id: driverTests.id })
    return row!.id
  })
}

let slot = 0
/** A fresh stretch of one hour, never overlapping another (long ago, one a day). */
export function freshHour(): { startedAt: string; endedAt: string } {
  const start = Date.UTC(2026, 0, 1, 6) + slot++ * 86_400_000 * 0.25
  return { startedAt: new Date(start).toISOString(), endedAt: new Date(start + 3_600_000).toISOString() }
}

/** A fresh closed on-duty period of `driverUserId` at `companyId`, entered by a manager; its id. */
export async function newPeriod(driverUserId = dw.users.driver, companyId = dw.ids.operator): Promise<number> {
  const { startedAt, endedAt } = freshHour()
  const [row] = await dw.db.transaction((tx) =>
    tx
      .insert(dutyPeriods)
      .values({ companyId, driverUserId, status: 'onDuty', startedAt: new Date(startedAt), endedAt: new Date(endedAt), source: 'manager' })
      .returning({ id: dutyPeriods.id }),
  )
  return row!.id
}

/** A person's API token (REST) and session cookie (tRPC, pages). */
export const tokenOf = (p: Exclude<Person, 'anonymous'>): string => dw.m.tokens[p as unknown as ActorKind]!
export const cookieOf = (p: Exclude<Person, 'anonymous'>): string => dw.m.cookies[p as unknown as ActorKind]!

let keySeq = 0
export const idemKey = (tag: string) => `mx-${tag}-${Date.now().toString(36)}-${keySeq++}`

// ---------------------------------------------------------------------------------------
// Page doors, found by URL
// ---------------------------------------------------------------------------------------

const ROUTES_DIR = resolve('app/routes')

/** Every route file and the URL segments it answers (flat routes: `.` splits, `$x` a param, `_x`/`x_` layout marks, `[.]` a dot). */
function routeFiles(): { file: string; segments: string[] }[] {
  const out: { file: string; segments: string[] }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) {
        if (name.endsWith('+')) walk(full)
        else for (const inner of readdirSync(full)) if (/^route\.tsx?$/.test(inner)) out.push({ file: join(full, inner), segments: segmentsOf(relative(ROUTES_DIR, full)) })
        continue
      }
      if (!/\.(tsx?|jsx?)$/.test(name)) continue
      out.push({ file: full, segments: segmentsOf(relative(ROUTES_DIR, full).replace(/\.(tsx?|jsx?)$/, '')) })
    }
  }
  walk(ROUTES_DIR)
  return out
}
function segmentsOf(path: string): string[] {
  const flat = path
    .split('/')
    .map((part) => part.replace(/\+$/, ''))
    .join('.')
  return flat
    .replaceAll('[.]', '§DOT§')
    .split('.')
    .map((s) => s.replaceAll('§DOT§', '.'))
    .filter((s) => s !== '' && !(s.startsWith('_') && !s.startsWith('_index')) && s !== '_index' && s !== 'route')
    .map((s) => (s.endsWith('_') ? s.slice(0, -1) : s))
}

interface FoundRoute {
  mod: { loader?: PageCall['handler']; action?: PageCall['handler'] }
  paramNames: string[]
}
const found = new Map<string, Promise<FoundRoute>>()

/** The route module answering `pattern` (segments; `$` a parameter), and its parameters' names. */
export function routeFor(pattern: string): Promise<FoundRoute> {
  let hit = found.get(pattern)
  if (!hit) {
    hit = (async () => {
      const want = pattern.split('/').filter(Boolean)
      const match = routeFiles().find(
        (r) => r.segments.length === want.length && r.segments.every((s, i) => (want[i] === '$' ? s.startsWith('$') : s.toLowerCase() === want[i]!.toLowerCase())),
      )
      if (!match) throw new Error(`no page answers /${pattern}`)
      const mod = (await import(match.file)) as FoundRoute['mod']
      return { mod, paramNames: match.segments.filter((s) => s.startsWith('$')).map((s) => s.slice(1)) }
    })()
    found.set(pattern, hit)
  }
  return hit
}

/**
 * A page door: the loader (or the action when `form` is given) of the page answering `path`
 * ('/driverFiles/3/7?x=1'); `pattern` names its shape ('driverFiles/$/$').
 */
export async function page(pattern: string, path: string, opts: { form?: Record<string, string>; file?: PageCall['file']; resource?: true } = {}): Promise<PageCall> {
  const { mod, paramNames } = await routeFor(pattern)
  const values = path.split('?')[0]!.split('/').filter(Boolean).filter((_, i) => pattern.split('/').filter(Boolean)[i] === '$')
  const handler = opts.form ? mod.action : mod.loader
  if (!handler) throw new Error(`the page /${pattern} has no ${opts.form ? 'action' : 'loader'}`)
  return { handler, path, params: Object.fromEntries(paramNames.map((n, i) => [n, values[i]!])), form: opts.form, file: opts.file, resource: opts.resource }
}

// ---------------------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------------------

export interface DriversRow {
  name: string
  call: (p: Person) => Promise<Call> | Call
  /** Every door's answer per person (REST, tRPC and the page answer alike; see `Expected`). */
  expect: Record<Person, Expected>
  /** Where one door answers otherwise (the page of a screen only drivers open…). */
  rest?: Partial<Record<Person, Expected>>
  trpc?: Partial<Record<Person, Expected>>
  page?: Partial<Record<Person, Expected | 'home'>>
}

/** Everyone but the manager: 403 (the company where they lack the right); anonymous 401. */
export const managerOnly = (ok: Expected = 'ok'): Record<Person, Expected> => ({
  manager: ok,
  driver: 403,
  otherDriver: 403,
  owner: 403,
  shop: 403,
  mechanic: 403,
  unrelated: 403,
  anonymous: 401,
})
/**
 * A record named by its id alone (change, delete): the manager; the driver, whose own file is
 * read-only, is refused; anyone else gets 404 (the record of another driver or company: the door
 * does not say whether the id exists); nobody 401.
 */
export const byIdManagerOnly = (): Record<Person, Expected> => ({
  manager: 'ok',
  driver: 'refused',
  otherDriver: 404,
  owner: 404,
  shop: 404,
  mechanic: 404,
  unrelated: 404,
  anonymous: 401,
})
/**
 * The page of such a change names the company in its URL (/driverFiles/{companyId}/…,
 * /hours/{companyId}/…): the door may refuse for the company (403, where the caller does not
 * manage drivers) before it looks the record up (404); either way nothing is shown or changed.
 */
export const byIdOnAPage = (): Partial<Record<Person, Expected>> => ({ otherDriver: 'refused', owner: 'refused', shop: 'refused', mechanic: 'refused', unrelated: 'refused' })
/** The manager and the driver themself read; everyone else 403; anonymous 401. */
export const managerAndDriver = (): Record<Person, Expected> => ({ ...managerOnly(), driver: 'ok' })

const okRest = [200, 201, 204]

/** Whether a door's answer is what the matrix expects. */
function matches(door: 'rest' | 'trpc' | 'page', got: PageAnswer, want: Expected | 'home', resource: boolean): boolean {
  if (want === 'home') return got === 'home'
  if (want === 'ok') return door === 'trpc' ? got === 200 : typeof got === 'number' && okRest.includes(got)
  if (want === 'refused') return got === 403 || got === 404 || (door === 'page' && (got === 'home' || got === 'dashboard'))
  if (door !== 'page') return got === want
  if (want === 401) return got === 'login'
  // A page refuses with the guard's redirect home, or with the use case's status on the page; a
  // download refused sends its tab back to the dashboard with the reason (as a bus's documents do).
  if (want === 403 || want === 404) return got === want || got === 'dashboard' || (!resource && got === 'home')
  return got === want
}

/** The page door, with the refusal of a download: a redirect to /dashboard (with the reason as a toast). */
async function pageAnswer(call: PageCall, actor: ActorKind): Promise<PageAnswer> {
  if (!call.form) {
    const headers: Record<string, string> = {}
    if (dw.m.cookies[actor]) headers.cookie = `operon_session=${dw.m.cookies[actor]}`
    const request = new Request(`http://localhost${call.path}`, { headers })
    let out: unknown
    try {
      out = await call.handler({ request, params: call.params ?? {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    } catch (thrown) {
      out = thrown
    }
    if (out instanceof Response && out.headers.get('location') === '/dashboard') return 'dashboard'
  }
  return viaPage(dw.m, call, actor)
}

/** Runs a row's cells as each person; a failure names the door, what was expected and what came. */
export async function expectRow(row: DriversRow, p: Person): Promise<void> {
  const actor = p as unknown as ActorKind
  const failures: string[] = []
  const call = await row.call(p)
  if (call.rest) {
    const want = row.rest?.[p] ?? row.expect[p]
    const got = await viaRest(dw.m, call, actor)
    if (!matches('rest', got, want, false)) failures.push(`REST ${call.rest.method} ${call.rest.path}: expected ${want}, got ${got}`)
  }
  if (call.trpc) {
    const again = await row.call(p)
    const want = row.trpc?.[p] ?? row.expect[p]
    const got = await viaTrpc(dw.m, again, actor)
    if (!matches('trpc', got, want, false)) failures.push(`tRPC ${call.trpc.path}: expected ${want}, got ${got}`)
  }
  if (call.page) {
    const again = await row.call(p)
    const want = row.page?.[p] ?? row.expect[p]
    const got = await pageAnswer(again.page!, actor)
    if (!matches('page', got, want, Boolean(again.page!.resource))) failures.push(`page ${again.page!.form ? 'action' : 'loader'} ${again.page!.path}: expected ${want}, got ${got}`)
  }
  expect(failures, `${row.name} as ${p}`).toEqual([])
}

/** The file's world and a test per row and person. */
export function describeDriversMatrix(title: string, rows: readonly DriversRow[]): void {
  beforeAll(setUp)
  afterAll(async () => {
    await dw.db.close()
  })
  describe(title, () => {
    for (const row of rows) {
      describe(row.name, () => {
        for (const p of PEOPLE) it(`${p} → ${row.expect[p]}`, () => expectRow(row, p))
      })
    }
  })
}

/**
 * The origin dimension (decision 018) of the rows the manager (or the driver) may do: each door
 * that changes something, over real HTTP as that person. From another site or a same-site sibling:
 * 403; from the app's own origin: through to the use case (never the origin's 403).
 */
export function describeDriversOrigins(rows: readonly DriversRow[]): void {
  describe('origin dimension', () => {
    let http: RunningApp | undefined
    beforeAll(async () => {
      http = await startApp(dw.db)
    }, 120_000)
    afterAll(async () => {
      await http?.close()
    })
    // overHttp signs in as `managerHere`: here, the person the row lets through (the manager, or the driver for their own duty).
    const as = (p: 'manager' | 'driver'): MatrixWorld => ({ world: dw.m.world, tokens: { managerHere: tokenOf(p) }, cookies: { managerHere: cookieOf(p) } })
    for (const row of rows) {
      const p = row.expect.manager === 'ok' ? 'manager' : row.expect.driver === 'ok' ? 'driver' : null
      if (!p) continue
      it(`${row.name} (as the ${p}): another origin → 403 on every door; the app's origin passes`, async () => {
        const doors = mutationDoors(await row.call(p))
        for (const door of doors) {
          for (const origin of HOSTILE_ORIGINS) expect(await overHttp(http!.base, as(p), await row.call(p), door, origin), `${door} from ${origin}`).toBe(403)
          const status = await overHttp(http!.base, as(p), await row.call(p), door, APP_ORIGIN)
          expect(status === 403 || status >= 500, `${door} from the app → ${status}`).toBe(false)
        }
      })
    }
  })
}
