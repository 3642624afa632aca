/**
 * The fleet page's weight and speed with the demo data (issue 13, decision 054): HTML size, inline
 * <svg> count, autocannon throughput of `/fleet/{companyId}` as the demo owner, and screenshots of
 * /fleet and /dashboard at 1366 px (to compare the look before and after a change).
 *
 *   npm run build && npx tsx scripts/bench/light-pages.ts [--seconds 10] [--shots dir] [--port 3342]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { eq } from 'drizzle-orm'
import { chromium } from '@playwright/test'
import { openDatabase } from '#db/client.ts'
import { companies, users } from '#db/schema/index.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { startBuiltServer } from './harness.ts'

type Autocannon = (opts: { url: string; headers: Record<string, string>; connections: number; duration: number }) => Promise<{
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
}>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}
const SECONDS = Number(arg('seconds') ?? 10)
const PORT = Number(arg('port') ?? 3342)
const SHOTS = arg('shots')

const dir = mkdtempSync(join(tmpdir(), 'operon-light-'))
const url = `file:${join(dir, 'light.db')}`
const server = await startBuiltServer(url, PORT, { DEMO_DATA: 'true' })
try {
  const db = openDatabase({ url })
  const [owner] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.operon.app'))
  const [company] = await db.read.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Summit Bus Leasing'))
  if (!owner || !company) throw new Error('demo data missing')
  const cookie = `operon_session=${await webSessionFor(db, owner.id)}`
  const path = `/fleet/${company.id}`
  const res = await fetch(server.base + path, { headers: { cookie } })
  const html = await res.text()
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
  console.log(`${path}: HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, ${(html.match(/<svg\b/g) ?? []).length} <svg>, ${(html.match(/<path\b/g) ?? []).length} <path>, ${(html.match(/<use\b/g) ?? []).length} <use>`)
  const run = await autocannon({ url: server.base + path, headers: { cookie }, connections: 4, duration: SECONDS })
  console.log(`${path}: ${run.requests.average.toFixed(1)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, non-2xx ${run.non2xx}`)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    await context.addCookies([{ name: 'operon_session', value: cookie.split('=')[1]!, url: server.base }])
    const page = await context.newPage()
    for (const [name, p] of [['fleet', path], ['dashboard', '/dashboard']] as const) {
      await page.goto(server.base + p)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: join(SHOTS, `${name}-1366.png`), fullPage: true })
    }
    await browser.close()
    console.log(`screenshots in ${SHOTS}`)
  }
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
