/**
 * Issue 11: "every statistics query uses an index and none scans a whole table of records".
 *
 * A small data set of the benchmark's shape (scripts/bench/seed-history.ts at a few hundred
 * records: two months, 12 vehicles, drivers, mechanics, pre-trips with answers, inspections with
 * items and photos, repair actions and tasks, documents, odometer readings, join requests) is
 * served by the whole app in this process. Every SQL statement executed while it answers each
 * statistics and alerts REST path and each dashboard page is captured (tests/helpers/sql-capture.ts),
 * then `EXPLAIN QUERY PLAN` is run on it with its own parameters on the same driver.
 *
 * The rule (decision 040), for the records tables of `RECORDS_TABLES`: every plan line that
 * reads one must be a `SEARCH` (an index or rowid lookup or range bounded by the statement's
 * values). `SCAN t`, `SCAN t USING [COVERING] INDEX i` (the whole index) and `SEARCH t USING
 * AUTOMATIC … INDEX` (a temporary index built by reading the whole table) fail. Plans are judged
 * without ANALYZE statistics, as a database grown by the app has none. On failure the message
 * names each offending statement, its parameters and its plan.
 *
 * `PLANS_VERBOSE=1` prints every judged statement and its plan. Runs on both drivers: the capture wraps each driver's own prototypes and the plans are asked
 * of the same driver (libSQL's SQLite is older than better-sqlite3's; their planners may differ).
 */
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { seedHistory, type SeedManifest } from '../../scripts/bench/seed-history.ts'
import { DRIVERS } from '#tests/helpers/db.ts'
import { apiTokenFor, webSessionFor } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'
import { captureSql, describeOffences, explainAll, offencesIn } from '#tests/helpers/sql-capture.ts'

type Who = 'driver' | 'mechanic' | 'owner' | 'operator'
interface Probe {
  label: string
  who: Who
  door: 'REST' | 'page'
  path: (m: SeedManifest) => string
}

/** The five REST paths of API.md "Dashboard and profile" with statistics or alerts, and the dashboard pages. */
const STATISTICS: Probe[] = [
  { label: 'GET /api/Dashboard/getDriverStatsByCompany', who: 'driver', door: 'REST', path: () => '/api/Dashboard/getDriverStatsByCompany' },
  { label: 'GET /api/Dashboard/getMechanicStats', who: 'mechanic', door: 'REST', path: () => '/api/Dashboard/getMechanicStats' },
  { label: 'GET /api/Dashboard/getOwnerStatsByCompanyId', who: 'owner', door: 'REST', path: (m) => `/api/Dashboard/getOwnerStatsByCompanyId?companyId=${m.ownerCompanyId}` },
  { label: 'GET /api/Dashboard/getOperatorStatsByCompanyId', who: 'operator', door: 'REST', path: (m) => `/api/Dashboard/getOperatorStatsByCompanyId?companyId=${m.operatorCompanyId}` },
  { label: 'GET /api/Alerts/getVehicleAlerts', who: 'owner', door: 'REST', path: (m) => `/api/Alerts/getVehicleAlerts?companyId=${m.ownerCompanyId}` },
  { label: 'page /dashboard?view=driver', who: 'driver', door: 'page', path: () => '/dashboard?view=driver' },
  { label: 'page /dashboard?view=mechanic', who: 'mechanic', door: 'page', path: () => '/dashboard?view=mechanic' },
  { label: 'page /OwnerDashboard/{companyId}', who: 'owner', door: 'page', path: (m) => `/OwnerDashboard/${m.ownerCompanyId}` },
  { label: 'page /OperatorDashboard/{companyId}', who: 'operator', door: 'page', path: (m) => `/OperatorDashboard/${m.operatorCompanyId}` },
]

/** Paths that exist already: they prove the capture and the judging work before the dashboards land. */
const EXISTING: Probe[] = [
  { label: 'GET /api/Fleet/getAllVehicles', who: 'owner', door: 'REST', path: (m) => `/api/Fleet/getAllVehicles?companyId=${m.ownerCompanyId}` },
  { label: 'page /fleet/{companyId}', who: 'owner', door: 'page', path: (m) => `/fleet/${m.ownerCompanyId}` },
]

function openOn(driver: Driver, path: string): Database {
  const previous = process.env.DB_DRIVER
  process.env.DB_DRIVER = driver === 'libsql' ? 'libsql' : ''
  try {
    return openDatabase({ url: `file:${path}` })
  } finally {
    process.env.DB_DRIVER = previous ?? ''
  }
}

describe.each(DRIVERS)('statistics query plans (%s)', (driver) => {
  const file = resolve(TMP_DIR, `plans-${randomUUID()}.db`)
  let db: Database
  let app: RunningApp
  let manifest: SeedManifest
  const headers = {} as Record<Who, { REST: Record<string, string>; page: Record<string, string> }>

  beforeAll(async () => {
    manifest = await seedHistory(file, {
      log: () => undefined,
      sizes: {
        days: 60,
        vehicles: 12,
        endedAssignments: 2,
        archived: 1,
        drivers: 4,
        formerDrivers: 1,
        mechanics: 3,
        preTripsWeekday: 6,
        preTripsWeekend: 3,
        defectiveShare: 0.15,
        withoutEndShare: 0.05,
        inspectionsWeekday: 1,
        inspectionsWeekend: 0,
        unsatisfactoryItem: 0.02,
        inspectionPhotoShare: 0.2,
        joinRequests: 10,
      },
    })
    expect(manifest.counts.pre_inspections).toBeGreaterThan(200)
    expect(manifest.counts.inspections).toBeGreaterThan(20)
    expect(manifest.counts.repair_actions).toBeGreaterThan(10)
    db = openOn(driver, file)
    const ids: Record<Who, number> = {
      driver: manifest.users.busiestDriver.id,
      mechanic: manifest.users.busiestMechanic.id,
      owner: manifest.users.ownerManager.id,
      operator: manifest.users.operatorManager.id,
    }
    for (const [who, id] of Object.entries(ids) as [Who, number][]) {
      headers[who] = { REST: { authorization: `Bearer ${await apiTokenFor(db, id)}` }, page: { cookie: `operon_session=${await webSessionFor(db, id)}` } }
    }
    app = await startApp(db)
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    await db?.close()
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
  })

  async function served(probe: Probe) {
    const path = probe.path(manifest)
    const { result: res, statements } = await captureSql(() => raw(app.base, 'GET', path, { headers: headers[probe.who][probe.door] }))
    const verdicts = await explainAll(db, statements)
    // PLANS_VERBOSE=1 prints every judged statement with its plan.
    if (process.env.PLANS_VERBOSE) console.log(`${driver} ${path} → ${res.status}\n${verdicts.map((v) => `${v.statement.sql}\n${v.plan.map((r) => `    ${r.detail}`).join('\n')}`).join('\n')}`)
    return { path, res, statements, verdicts }
  }

  it.each(STATISTICS.map((p) => [p.label, p] as const))('%s answers and reads no records table whole', async (_label, probe) => {
    const { path, res, statements, verdicts } = await served(probe)
    expect([200, 204], `${path} answered ${res.status}: ${res.body.slice(0, 200)}`).toContain(res.status)
    expect(statements.length, `no SQL captured while serving ${path}`).toBeGreaterThan(0)
    expect(describeOffences(verdicts), `${path} reads a records table whole`).toBe('')
  })

  describe('the machinery', () => {
    it.each(EXISTING.map((p) => [p.label, p] as const))('captures and judges %s (an existing path)', async (_label, probe) => {
      const { path, res, statements, verdicts } = await served(probe)
      expect(res.status, res.body.slice(0, 200)).toBe(200)
      // The vehicles list itself is among the captured statements, and it was explained.
      const list = verdicts.filter((v) => /from\s+"vehicles"/i.test(v.statement.sql))
      expect(list.length, statements.map((s) => s.sql).join('\n')).toBeGreaterThan(0)
      expect(list.every((v) => v.plan.length > 0)).toBe(true)
      expect(describeOffences(verdicts), `${path} reads a records table whole`).toBe('')
    })

    it('catches full scans through the same pipeline, and lets a SEARCH pass', async () => {
      const run = (query: ReturnType<typeof sql>) => captureSql(() => db.read.all(query))
      const cases: [string, ReturnType<typeof sql>, boolean][] = [
        ['a whole table', sql`SELECT count(*) FROM pre_inspections WHERE comments = ${'x'}`, true],
        ['a whole table behind an alias', sql`SELECT count(*) FROM "inspection_items" "ii" WHERE "ii"."comments" = ${'x'}`, true],
        ['a whole index (covering)', sql`SELECT count(*) FROM pre_inspections WHERE date > ${'2000-01-01'}`, true],
        ['an index lookup', sql`SELECT count(*) FROM pre_inspections WHERE vehicle_id = ${1} AND date >= ${'2000-01-01'}`, false],
        ['a rowid lookup with a joined lookup', sql`SELECT v.id FROM vehicles v JOIN operator_assignments oa ON oa.vehicle_id = v.id WHERE v.id = ${1}`, false],
      ]
      for (const [what, query, offends] of cases) {
        const { statements } = await run(query)
        expect(statements.length, what).toBeGreaterThan(0)
        const verdicts = await explainAll(db, statements)
        const text = describeOffences(verdicts)
        if (offends) expect(text, what).not.toBe('')
        else expect(text, what).toBe('')
      }
    })
  })
})

describe('the plan rule', () => {
  const judge = (sqlText: string, details: string[]) => offencesIn(sqlText, details.map((detail, id) => ({ id, parent: 0, detail })))
  it('fails scans and automatic indexes of records tables, resolving aliases', () => {
    expect(judge('select * from "pre_inspections"', ['SCAN pre_inspections'])).toHaveLength(1)
    expect(judge('select * from "pre_inspections" "p"', ['SCAN p USING COVERING INDEX pre_inspections_operator_date_miles_idx'])).toHaveLength(1)
    expect(judge('select * from vehicles as v join pre_inspections pi on pi.driver_name = v.make', ['SCAN v', 'SEARCH pi USING AUTOMATIC COVERING INDEX (driver_name=?)'])).toHaveLength(2)
  })
  it('passes searches, other tables, subqueries and temporary B-trees', () => {
    expect(
      judge('select * from "pre_inspections" "p" join companies c on c.id = p.operator_company_id', [
        'SEARCH p USING INDEX pre_inspections_driver_company_date_idx (driver_user_id=? AND operator_company_id=?)',
        'SEARCH c USING INTEGER PRIMARY KEY (rowid=?)',
        'SCAN c',
        'USE TEMP B-TREE FOR ORDER BY',
        'SCAN (subquery-1)',
        'SCAN CONSTANT ROW',
      ]),
    ).toEqual([])
  })
})
