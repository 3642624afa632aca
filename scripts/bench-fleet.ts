/**
 * Fleet benchmark: one owner company with 2,000 vehicles (a share of them with
 * a picture), then the server time of the fleet page and of
 * GET /api/Fleet/getAllVehicles, measured over HTTP against the production
 * build on loopback (median and p95), plus the list use case alone.
 *
 *   npm run build && npx tsx scripts/bench-fleet.ts [--vehicles 2000] [--runs 40]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/client.ts'
import { listFleetVehicles } from '#server/fleet/list-vehicles.server.ts'
import { actorFor, apiTokenFor, webSessionFor } from '#tests/helpers/factory.ts'
import { FLEET_PICTURE_SHARE, seedFleet } from './bench/fleet-data.ts'
import { startBuiltServer, stats as summary } from './bench/harness.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const VEHICLES = arg('vehicles', 2000)
const RUNS = arg('runs', 40)
const PICTURE_SHARE = FLEET_PICTURE_SHARE
const PORT = arg('port', 3290)

const dir = mkdtempSync(join(tmpdir(), 'operon-bench-'))
const url = `file:${join(dir, 'bench.db')}`
const db = openDatabase({ url })
await db.migrate()

const fleet = await seedFleet(db, { vehicles: VEHICLES, pictureShare: PICTURE_SHARE })
const owner = { id: fleet.ownerUserId }
const company = { id: fleet.companyId }
console.log(`seeded ${VEHICLES} vehicles (${Math.round(PICTURE_SHARE * 100)}% with a 60 KB picture) in ${fleet.seedMs} ms`)

const stats = (ms: number[]) => {
  const s = summary(ms)
  return `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (n=${s.n})`
}

// The use case alone: SQL filter, sort and page.
const actor = await actorFor(db, owner.id)
const direct: number[] = []
for (let i = 0; i < RUNS; i++) {
  const s = performance.now()
  await listFleetVehicles({ db, actor }, { companyId: company.id, page: 1 + (i % 10), pageSize: 30, sort: 'licenseExpiry', dir: 'desc', fuelType: ['1', '2'], tag: ['blue'] })
  direct.push(performance.now() - s)
}
console.log(`listFleetVehicles (filters + sort + page 30): ${stats(direct)}`)

const cookie = await webSessionFor(db, owner.id)
const token = await apiTokenFor(db, owner.id)
await db.close()

const server = await startBuiltServer(url, PORT)
const base = server.base
try {
  const measure = async (label: string, path: string, headers: Record<string, string>) => {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now()
      const res = await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } })
      const body = await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      if (i >= 3) times.push(performance.now() - s) // the first requests warm caches
      bytes = body.byteLength
    }
    console.log(`${label}: ${stats(times)}, ${(bytes / 1024).toFixed(0)} KB`)
  }
  await measure('GET /fleet/{companyId} (page 1, 10 rows)', `/fleet/${company.id}`, { cookie: `operon_session=${cookie}` })
  await measure(
    'GET /fleet/{companyId} filtered + sorted, page 5 of 30',
    `/fleet/${company.id}?pageSize=30&page=5&sort=licenseExpiry&dir=desc&fuelType=1&fuelType=2&tag=blue`,
    { cookie: `operon_session=${cookie}` },
  )
  await measure(`GET /api/Fleet/getAllVehicles (${VEHICLES} vehicles, every field)`, `/api/Fleet/getAllVehicles?companyId=${company.id}`, {
    authorization: `Bearer ${token}`,
  })
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
