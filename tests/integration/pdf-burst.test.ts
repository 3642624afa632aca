/**
 * Issue 9 point 7 (decisions 020 and 033): PDFs cannot run away. A burst of parallel QR PDFs well beyond the queue over
 * raw HTTP, with the Chromium processes counted while it runs: renders are queued (a bounded
 * number at once, a bounded queue), the overflow gets 503 with Retry-After, never a 500, and
 * the process count stays small. The queue then drains and the refused requests succeed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { raw } from '#tests/helpers/http-app.ts'
import { managerApp } from '#tests/helpers/manager-app.ts'

const ctx = managerApp({ company: 'Burst Co', types: ['Owner'], pdf: true })

/** Chromium processes descended from this process. */
function chromiumProcesses(): number {
  const parent = new Map<number, number>()
  const isChromium = new Set<number>()
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parent.set(pid, ppid)
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) isChromium.add(pid)
    } catch {
      // Gone meanwhile.
    }
  }
  let count = 0
  for (const pid of isChromium) {
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === process.pid) {
        count++
        break
      }
    }
  }
  return count
}

/** Well beyond what the queue holds (decision 033: 4 rendering + 32 waiting). */
const BURST = 90

describe('a burst of QR PDFs', () => {
  it(`${BURST} at once: bounded Chromium processes, overflow 503 + Retry-After, no 500`, async () => {
    const { concurrent, queued } = ctx.renderer.PDF_LIMITS
    // One render first, so the browser is up and its idle process count is known.
    expect((await raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })).status).toBe(200)
    const idle = chromiumProcesses()

    let peak = 0
    let peakQueue = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, chromiumProcesses())
      const q = ctx.renderer.pdfQueueState()
      peakQueue = Math.max(peakQueue, q.active + q.waiting)
    }, 25)
    const results = await Promise.all(
      Array.from({ length: BURST }, () => raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })),
    )
    clearInterval(sampler)

    const statuses = results.map((r) => r.status)
    const ok = statuses.filter((s) => s === 200).length
    const busy = results.filter((r) => r.status === 503)
    console.info(`idle ${idle} Chromium processes, peak ${peak}; ${ok} PDFs, ${busy.length} × 503; peak queue ${peakQueue}`)
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(ok).toBeGreaterThanOrEqual(concurrent + queued)
    expect(busy.length).toBeGreaterThan(0)
    for (const r of busy) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0)
    expect(peakQueue).toBeLessThanOrEqual(concurrent + queued)
    // The browser, its helpers and one renderer per render at once (one per request before the queue).
    expect(peak).toBeLessThanOrEqual(idle + concurrent + 4)

    // Drained: the refused ones succeed when tried again.
    // Each slot frees once its page is blank again, just after its PDF was sent (decision 033).
    await expect.poll(() => ctx.renderer.pdfQueueState(), { timeout: 5_000 }).toEqual({ active: 0, waiting: 0 })
    expect((await raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })).status).toBe(200)
  }, 120_000)

  it('20 people printing at once all get their PDF (decision 033)', async () => {
    expect(ctx.renderer.PDF_LIMITS.concurrent + ctx.renderer.PDF_LIMITS.queued).toBeGreaterThanOrEqual(20)
    const results = await Promise.all(Array.from({ length: 20 }, () => raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    for (const r of results) expect(r.body.startsWith('%PDF-')).toBe(true)
  }, 120_000)

  it('pages are reused between renders (one per render slot at most)', async () => {
    const before = ctx.renderer.pdfPagePool().opened
    for (let i = 0; i < 3; i++) expect((await raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })).status).toBe(200)
    expect(ctx.renderer.pdfPagePool().opened).toBe(before)
    expect(ctx.renderer.pdfPagePool().idle).toBeGreaterThan(0)
    expect(ctx.renderer.pdfPagePool().idle).toBeLessThanOrEqual(ctx.renderer.PDF_LIMITS.concurrent)
  }, 60_000)

  it('the browser closes when idle and starts again on the next PDF', async () => {
    const idleMs = ctx.renderer.PDF_LIMITS.idleCloseMs
    ctx.renderer.PDF_LIMITS.idleCloseMs = 300
    try {
      expect((await raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })).status).toBe(200)
      expect(ctx.renderer.pdfBrowserPid()).not.toBeNull()
      await new Promise((r) => setTimeout(r, 1500))
      expect(ctx.renderer.pdfBrowserPid()).toBeNull()
      expect(chromiumProcesses()).toBe(0)
      expect((await raw(ctx.app.base, 'GET', `/company/${ctx.companyId}/qr.pdf`, { headers: { cookie: ctx.cookie } })).status).toBe(200)
      expect(ctx.renderer.pdfBrowserPid()).not.toBeNull()
    } finally {
      ctx.renderer.PDF_LIMITS.idleCloseMs = idleMs
    }
  }, 60_000)

  it('Chromium keeps its sandbox unless the server runs as root', () => {
    expect(ctx.renderer.chromiumArgs({ sandbox: true })).not.toContain('--no-sandbox')
    expect(ctx.renderer.chromiumArgs({ sandbox: false })).toContain('--no-sandbox')
    expect(ctx.renderer.chromiumArgs().includes('--no-sandbox')).toBe(process.getuid?.() === 0)
  })
})
