/**
 * PDF benchmark (issue 10): against the production build on loopback, a pre-inspection with
 * its signature, a side picture and photos, printed by GET /PrintPreInspection/{companyId}/pdf:
 * the first PDF after start (the browser launches), warm PDFs (median, p95), 20 requests at
 * once (all must succeed), and Chromium's memory meanwhile (sum of the RSS of its processes).
 *
 *   npm run bench:pdf            (builds first)
 *   npx tsx scripts/bench-pdf.ts [--runs 40] [--port 3291]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '#db/client.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { descendantsOf, isChromium, usageOfAll } from '#tests/helpers/proc-tree.ts'
import { insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const RUNS = arg('runs', 40)
const PORT = arg('port', 3291)
const CONCURRENT = 20

const dir = mkdtempSync(join(tmpdir(), 'operon-bench-pdf-'))
const url = `file:${join(dir, 'bench.db')}`
const db = openDatabase({ url })
await db.migrate()
const owner = await createUser(db, { firstName: 'Bench', lastName: 'Owner' })
const company = await createCompany(db, 'Bench Coaches', ['Owner', 'Operator'])
await grantRole(db, owner.id, company.id, 'Owner')
const vehicle = await newVehicle(db, owner.id, company.id)
const pre = await insertPreInspection(db, { vehicleId: vehicle.id, operatorCompanyId: company.id, driverUserId: owner.id, defective: ['tires', 'horn', 'mirrors'], photos: 3 })
const insp = await insertInspection(db, { vehicleId: vehicle.id, unsatisfactory: ['brakeFluidConditionLevel'], photos: 2 })
const cookie = `operon_session=${await webSessionFor(db, owner.id)}`
await db.close()

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!
  return { median: at(0.5), p95: at(0.95), n: s.length }
}

/** Chromium's processes descended from `root`: how many, their RSS and PSS in KiB. */
const chromiumRss = (root: number) => usageOfAll(descendantsOf(root).filter(isChromium).map((d) => d.pid))
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`

const server = spawn(process.execPath, ['build/main.js'], {
  env: { ...process.env, NODE_ENV: 'production', OPERON_LOCAL: 'true', PORT: String(PORT), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${PORT}`, DATABASE_URL: url, DEMO_DATA: 'false', RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${PORT}`
const prePath = `/PrintPreInspection/${company.id}/pdf?id=${pre.id}`
const inspPath = `/PrintInspection/${company.id}/pdf?id=${insp.id}`
async function pdf(path: string): Promise<{ ms: number; status: number; bytes: number; recordMs: number; pdfMs: number }> {
  const s = performance.now()
  const res = await fetch(`${base}${path}`, { headers: { cookie } })
  const body = new Uint8Array(await res.arrayBuffer())
  const ms = performance.now() - s
  if (res.status === 200 && new TextDecoder().decode(body.subarray(0, 5)) !== '%PDF-') throw new Error('not a PDF')
  const timing = res.headers.get('server-timing') ?? ''
  const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? NaN)
  return { ms, status: res.status, bytes: body.byteLength, recordMs: dur('record'), pdfMs: dur('pdf') }
}
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) break
    if (i > 150) throw new Error('server did not start')
    await sleep(100)
  }
  const pid = server.pid!
  if (process.env.BENCH_SETTLE) await sleep(Number(process.env.BENCH_SETTLE))
  console.log(`Chromium before the first PDF: ${chromiumRss(pid).processes} processes`)

  const first = await pdf(prePath)
  if (first.status !== 200) throw new Error(`first PDF: ${first.status}`)
  console.log(
    `first PDF after start (browser launch included): ${first.ms.toFixed(0)} ms (target ≤ 1500 ms), ${(first.bytes / 1024).toFixed(0)} KB; of which reading the record + HTML ${first.recordMs.toFixed(0)} ms, Chromium ${first.pdfMs.toFixed(0)} ms`,
  )
  const idle = chromiumRss(pid)
  console.log(`Chromium after one PDF: ${idle.processes} processes, RSS ${mib(idle.rssKiB)} (PSS ${mib(idle.pssKiB)}: shared pages counted once)`)

  for (const [label, path] of [
    ['pre-inspection', prePath],
    ['inspection (48 items)', inspPath],
  ] as const) {
    const times: number[] = []
    const record: number[] = []
    const chromium: number[] = []
    for (let i = 0; i < RUNS + 2; i++) {
      const r = await pdf(path)
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`)
      if (i >= 2) {
        times.push(r.ms)
        record.push(r.recordMs)
        chromium.push(r.pdfMs)
      }
    }
    const s = stats(times)
    console.log(
      `warm ${label} PDF: median ${s.median.toFixed(0)} ms (target ≤ 250 ms), p95 ${s.p95.toFixed(0)} ms (n=${s.n}); ` +
        `of which reading the record + HTML median ${stats(record).median.toFixed(0)} ms, Chromium median ${stats(chromium).median.toFixed(0)} ms`,
    )
  }

  let peak = { processes: 0, rssKiB: 0, pssKiB: 0 }
  const sampler = setInterval(() => {
    const now = chromiumRss(pid)
    if (now.rssKiB > peak.rssKiB) peak = now
  }, 20)
  const t = performance.now()
  const burst = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => pdf(i % 2 ? inspPath : prePath)))
  const wall = performance.now() - t
  clearInterval(sampler)
  const ok = burst.filter((r) => r.status === 200).length
  const b = stats(burst.map((r) => r.ms))
  console.log(`${CONCURRENT} at once: ${ok}/${CONCURRENT} succeeded (statuses ${[...new Set(burst.map((r) => r.status))].join(', ')}), all done in ${wall.toFixed(0)} ms; per request median ${b.median.toFixed(0)} ms, max ${Math.max(...burst.map((r) => r.ms)).toFixed(0)} ms`)
  console.log(`Chromium memory during the burst: peak ${mib(peak.rssKiB)} RSS (PSS ${mib(peak.pssKiB)}) over ${peak.processes} processes (idle ${mib(idle.rssKiB)} RSS)`)
  if (ok !== CONCURRENT) process.exitCode = 1
} finally {
  server.kill('SIGTERM')
  await sleep(500)
  rmSync(dir, { recursive: true, force: true })
}
