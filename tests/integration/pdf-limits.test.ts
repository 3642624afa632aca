/**
 * Issue 14 point 6 (decision 050): the PDF queue and Chromium's memory are bounded by the
 * environment. PDF_CONCURRENCY, PDF_QUEUE and PDF_RENDERER_PROCESSES are read (and refused when
 * invalid); Chromium runs every page in at most PDF_RENDERER_PROCESSES renderer processes, with no
 * GPU process; beyond the queue a render is refused (503), never run.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '#server/errors.ts'
import { descendantsOf, isChromium } from '#tests/helpers/proc-tree.ts'
import { chromiumArgs, closePdfBrowser, PDF_LIMITS, pdfLimitsFromEnv, pdfPagePool, pdfQueueState, renderPdf } from '#server/pdf/render.server.ts'

afterAll(async () => {
  await closePdfBrowser()
})

/** Chromium processes descended from this process, by their `--type` (browser: none). */
function chromiumTypes(): string[] {
  return descendantsOf(process.pid)
    .filter(isChromium)
    .map(({ args }) => {
      // The browser's own WebUI renderer (headless Chromium starts one) is not a page's.
      const t = args.find((a) => a.startsWith('--type='))?.slice('--type='.length) ?? 'browser'
      const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length)
      return t === 'renderer' && args.includes('--top-chrome-webui') ? 'webui-renderer' : t === 'utility' && sub ? `utility:${sub}` : t
    })
}

const html = (n: number) => `<!doctype html><html><head><title>Limits ${n}</title></head><body><h1>Page ${n}</h1><p>${'text '.repeat(400)}</p></body></html>`

describe('the PDF limits from the environment (decision 050)', () => {
  it('defaults: 2 renders at once, 32 waiting, 1 renderer process', () => {
    expect(pdfLimitsFromEnv({})).toEqual({ concurrent: 2, queued: 32, rendererProcesses: 1 })
    expect(pdfLimitsFromEnv({ PDF_CONCURRENCY: '', PDF_QUEUE: ' ' })).toEqual({ concurrent: 2, queued: 32, rendererProcesses: 1 })
  })

  it('reads PDF_CONCURRENCY, PDF_QUEUE and PDF_RENDERER_PROCESSES', () => {
    expect(pdfLimitsFromEnv({ PDF_CONCURRENCY: '3', PDF_QUEUE: '0', PDF_RENDERER_PROCESSES: '2' })).toEqual({ concurrent: 3, queued: 0, rendererProcesses: 2 })
  })

  it('refuses values that are not whole numbers in range (the server does not start)', () => {
    for (const bad of [{ PDF_CONCURRENCY: '0' }, { PDF_CONCURRENCY: 'four' }, { PDF_CONCURRENCY: '1.5' }, { PDF_QUEUE: '-1' }, { PDF_RENDERER_PROCESSES: '17' }]) {
      expect(() => pdfLimitsFromEnv(bad)).toThrow(/must be a whole number/)
    }
  })

  it('Chromium is started with the renderer bound, without site isolation and without a GPU process', () => {
    expect(chromiumArgs()).toContain(`--renderer-process-limit=${PDF_LIMITS.rendererProcesses}`)
    expect(chromiumArgs({ rendererProcesses: 3 })).toContain('--renderer-process-limit=3')
    expect(chromiumArgs()).toContain('--in-process-gpu')
    expect(chromiumArgs()).toContain('--enable-features=NetworkServiceInProcess2')
    expect(chromiumArgs().some((a) => a.startsWith('--disable-features=') && a.includes('site-per-process'))).toBe(true)
  })
})

describe('Chromium under the limits', () => {
  it('renders at once on several pages that share one renderer process, and no GPU process runs', async () => {
    const concurrent = PDF_LIMITS.concurrent
    PDF_LIMITS.concurrent = 3
    try {
      const pdfs = await Promise.all([1, 2, 3].map((n) => renderPdf(html(n))))
      for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      // Three pages were open at once…
      expect(pdfPagePool().opened).toBeGreaterThanOrEqual(2)
      // …in one renderer process (the default PDF_RENDERER_PROCESSES), and the GPU runs in the browser.
      const types = chromiumTypes()
      expect(types).toContain('browser')
      expect(types.filter((t) => t === 'renderer').length).toBe(1)
      expect(types).not.toContain('gpu-process')
      // Nor a renderer of the browser UI's own WebUI pages (the omnibox popups are not preloaded).
      expect(types).not.toContain('webui-renderer')
      // The network service runs in the browser process too (no `utility` process for it; the
      // storage service and, while printing, the print compositor are utility processes).
      expect(types.filter((t) => t.startsWith('utility')).length).toBeGreaterThanOrEqual(1)
      expect(types).not.toContain('utility:network.mojom.NetworkService')
    } finally {
      PDF_LIMITS.concurrent = concurrent
    }
  }, 60_000)

  it('beyond PDF_CONCURRENCY + PDF_QUEUE a render is refused with 503, the others print', async () => {
    // The slots of the renders before are free (each frees once its page is blank again).
    await expect.poll(() => pdfQueueState(), { timeout: 10_000 }).toEqual({ active: 0, waiting: 0 })
    const saved = { ...PDF_LIMITS }
    PDF_LIMITS.concurrent = 1
    PDF_LIMITS.queued = 1
    try {
      const results = await Promise.allSettled([1, 2, 3, 4].map((n) => renderPdf(html(n))))
      const done = results.filter((r) => r.status === 'fulfilled')
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      expect(done.length).toBe(2)
      expect(refused.length).toBe(2)
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AppError)
        expect((r.reason as AppError).code).toBe('SERVICE_UNAVAILABLE')
      }
    } finally {
      Object.assign(PDF_LIMITS, saved)
    }
  }, 60_000)
})
