/**
 * The data set of `npm run bench` (issue 13): the dashboards' history (scripts/bench/seed-history.ts:
 * five years of one busy company; `--short`: three weeks of it) plus, in the same file, the fleet
 * benchmark's owner company with 2,000 vehicles (25 % with a picture) and a small company with a
 * pre-inspection and an inspection to print (the PDF benchmark's records). Cached under
 * data/bench/ keyed like the history; callers copy it before use (the server writes to it).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { openDatabase } from '#db/client.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'
import { FLEET_PICTURE_SHARE, FLEET_VEHICLES, seedFleet, type FleetData } from './fleet-data.ts'
import { cacheLocation, cachedHistory, seedHistory, type SeedManifest } from './seed-history.ts'

/** Bump when the fleet or print part changes shape. */
const DATASET_VERSION = 1

export interface BenchDataset {
  history: SeedManifest
  fleet: FleetData
  print: { companyId: number; ownerUserId: number; preInspectionId: number; inspectionId: number }
  /** The busiest driver's vehicle for the pre-trip submission (active assignment, the fewest open repairs). */
  preTrip: { vehicleId: number; driverUserId: number; odometer: number }
  short: boolean
}

export async function benchDataset(opts: { short: boolean; log?: (line: string) => void }): Promise<{ file: string; manifest: BenchDataset; reused: boolean }> {
  const log = opts.log ?? console.log
  const loc = cacheLocation()
  const name = `bench${opts.short ? '-short' : ''}-d${DATASET_VERSION}-${loc.key}`
  const file = join(loc.dir, `${name}.db`)
  const manifestFile = join(loc.dir, `${name}.json`)
  if (existsSync(file) && existsSync(manifestFile)) return { file, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as BenchDataset, reused: true }
  mkdirSync(loc.dir, { recursive: true })
  const partial = `${file}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })

  let history: SeedManifest
  if (opts.short) {
    history = await seedHistory(partial, { log: () => undefined, sizes: { days: 21, vehicles: 60, drivers: 12, formerDrivers: 1, mechanics: 3, endedAssignments: 3, archived: 1, joinRequests: 10 } })
  } else {
    const h = await cachedHistory(log)
    log(`${h.reused ? 'reusing' : 'seeded'} the dashboards' history ${h.file}`)
    copyFileSync(h.file, partial)
    history = h.manifest
  }

  const db = openDatabase({ url: `file:${partial}` })
  await db.migrate()
  const fleet = await seedFleet(db, { vehicles: FLEET_VEHICLES, pictureShare: FLEET_PICTURE_SHARE })
  const printOwner = await createUser(db, { firstName: 'Print', lastName: 'Owner' })
  const printCo = await createCompany(db, 'Bench Coaches', ['Owner', 'Operator'])
  await grantRole(db, printOwner.id, printCo.id, 'Owner')
  const vehicle = await newVehicle(db, printOwner.id, printCo.id)
  const pre = await insertPreInspection(db, { vehicleId: vehicle.id, operatorCompanyId: printCo.id, driverUserId: printOwner.id, defective: ['tires', 'horn', 'mirrors'], photos: 3 })
  const insp = await insertInspection(db, { vehicleId: vehicle.id, unsatisfactory: ['brakeFluidConditionLevel'], photos: 2 })
  await db.close()

  const raw = new BetterSqlite3(partial)
  const today = new Date().toISOString().slice(0, 10)
  const driverUserId = history.users.busiestDriver.id
  const v = raw
    .prepare(
      `SELECT v.id, coalesce(v.odometer, 0) AS odometer FROM vehicles v JOIN operator_assignments a ON a.vehicle_id = v.id
       WHERE a.operator_company_id = ? AND a.start_date <= ? AND (a.end_date IS NULL OR a.end_date >= ?) AND a.ended_at IS NULL AND v.archived_at IS NULL
       ORDER BY (SELECT count(*) FROM repair_actions r WHERE r.vehicle_id = v.id AND r.repaired_at IS NULL), v.id LIMIT 1`,
    )
    .get(history.operatorCompanyId, today, today) as { id: number; odometer: number } | undefined
  raw.pragma('wal_checkpoint(TRUNCATE)')
  raw.close()
  if (!v) throw new Error('no vehicle for the pre-trip benchmark in the seeded history')

  const manifest: BenchDataset = {
    history,
    fleet,
    print: { companyId: printCo.id, ownerUserId: printOwner.id, preInspectionId: pre.id, inspectionId: insp.id },
    preTrip: { vehicleId: v.id, driverUserId, odometer: v.odometer },
    short: opts.short,
  }
  renameSync(partial, file)
  for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true })
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2))
  return { file, manifest, reused: false }
}
