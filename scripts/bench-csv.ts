/**
 * Fleet CSV benchmark (decision 076), on an embedded SQLite file (better-sqlite3; `--libsql` for
 * the libSQL client): the import of 5,000 rows (preview, then commit) and the export of 2,000
 * vehicles to the last byte, each with the peak resident memory sampled every 10 ms.
 *
 *   npm run bench:csv [-- --rows 5000 --vehicles 2000 --libsql]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/client.ts'
import { fleetCsvCells, FLEET_CSV_EXAMPLE, FLEET_CSV_FIELDS } from '#catalog/fleet-csv.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { csvResponse, csvRow } from '#server/csv.ts'
import { exportFleetCsv } from '#server/fleet/import/fleet-export.server.ts'
import { commitFleetImport, previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { actorFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const ROWS = arg('rows', 5000)
const VEHICLES = arg('vehicles', 2000)
if (process.argv.includes('--libsql')) process.env.DB_DRIVER = 'libsql'

const dir = mkdtempSync(join(tmpdir(), 'operon-bench-csv-'))
const db = openDatabase({ url: `file:${join(dir, 'bench.db')}` })
await db.migrate()

/** Runs `fn`, sampling the RSS; returns its time and the peak RSS above the start. */
async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; value: T }> {
  global.gc?.()
  const start = process.memoryUsage().rss
  let peak = start
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  const t0 = performance.now()
  const value = await fn()
  const ms = performance.now() - t0
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { ms, peakMb: (peak - start) / 1024 / 1024, value }
}

const fileOf = (n: number, company: string) => {
  let text = csvRow(FLEET_CSV_FIELDS)
  for (let i = 0; i < n; i++) {
    const vin = withVinCheckDigit(`1BAKGCPA0${company}${String(i).padStart(6, '0')}`)
    text += csvRow(fleetCsvCells({ ...FLEET_CSV_EXAMPLE, vehicleIdentifier: `${company}-${i}`, vin, licensePlate: `B ${i}` }))
  }
  return text
}

const rows: string[][] = []
const owner = await createUser(db)
// Import.
const a = await createCompany(db, 'Bench Import', ['Owner'])
await grantRole(db, owner.id, a.id, 'Owner')
const ctx = { db, actor: await actorFor(db, owner.id) }
const csv = fileOf(ROWS, 'AA')
const preview = await measure(() => previewFleetImport(ctx, { companyId: a.id, csv, fileName: 'bench.csv' }))
if (preview.value.validRows !== ROWS) throw new Error(`expected ${ROWS} valid rows, got ${preview.value.validRows}`)
rows.push([`preview ${ROWS} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB)`, preview.ms.toFixed(0), preview.peakMb.toFixed(1)])
const commit = await measure(() => commitFleetImport(ctx, { companyId: a.id, importId: preview.value.id }))
rows.push([`commit ${commit.value.imported} vehicles (one transaction)`, commit.ms.toFixed(0), commit.peakMb.toFixed(1)])

// Export: a company of VEHICLES vehicles, streamed to the last byte.
const b = await createCompany(db, 'Bench Export', ['Owner'])
await grantRole(db, owner.id, b.id, 'Owner')
const ctxB = { db, actor: await actorFor(db, owner.id) }
const seeded = await previewFleetImport(ctxB, { companyId: b.id, csv: fileOf(VEHICLES, 'BB') })
await commitFleetImport(ctxB, { companyId: b.id, importId: seeded.id })
const exported = await measure(async () => {
  const out = await exportFleetCsv(ctxB, { companyId: b.id })
  const reader = csvResponse(out.fileName, out.header, out.lines).body!.getReader()
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
  }
})
rows.push([`export ${VEHICLES} vehicles (${(exported.value / 1024).toFixed(0)} KB)`, exported.ms.toFixed(0), exported.peakMb.toFixed(1)])

console.log(`\nFleet CSV on ${db.driver} (embedded SQLite file)\n`)
console.log(['step'.padEnd(48), 'ms'.padStart(8), 'peak RSS +MB'.padStart(14)].join(''))
for (const [step, ms, mb] of rows) console.log([step!.padEnd(48), ms!.padStart(8), mb!.padStart(14)].join(''))
await db.close()
rmSync(dir, { recursive: true, force: true })
