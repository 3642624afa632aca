/**
 * Server-side PDF rendering with headless Chromium (PRODUCT.md section 5,
 * "Printing"). One browser is launched lazily and shared; each render gets a
 * fresh page that loads nothing from the network or the file system: every
 * request except `data:` URLs is blocked, and the page runs no JavaScript.
 * Images (QR codes, photos) must therefore be inlined as data URLs, and text
 * uses the system fonts.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type HTTPRequest, type Page, type PDFOptions } from 'puppeteer-core'
import { env } from '../env.server.ts'
import { createWorkQueue } from '../limits/work-queue.server.ts'
import { AppError } from '../errors.ts'
import { logger } from '../log.server.ts'
import { msg } from '#catalog/i18n.ts'

/** TOOLCHAIN.md: the Chromium flags that work on this kind of machine (the sandbox is decided below). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Decision 033: belt and braces under the request interception. No name resolves, every
  // connection (loopback included) goes to a proxy on the discard port, nothing prefetched.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--dns-prefetch-disable',
  '--disable-remote-fonts',
  '--disable-extensions',
  '--no-pings',
  // Decision 050: no process per site (pages hold one self-contained document each, no script).
  // Nor the browser UI's own WebUI pages that headless Chromium preloads (the omnibox popups,
  // chrome://omnibox-popup.top-chrome/…): each kept a second renderer process (≈ 30–50 MiB PSS).
  '--disable-features=Translate,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,IsolateOrigins,site-per-process,' +
    'PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,OmniboxAimPopup',
  '--disable-site-isolation-trials',
  // Decision 050: the 512 MB budget. No separate GPU process (nothing is drawn on a GPU), no
  // separate network service process (every request but data: URLs is blocked anyway).
  '--in-process-gpu',
  '--enable-features=NetworkServiceInProcess2',
] as const

/**
 * Decision 020: Chromium keeps its sandbox unless the server runs as root, where Chromium
 * refuses to start with it (a laptop's `npm start` as root, CI containers). The production
 * image runs the server as a non-root user. A non-root launch whose sandbox the platform
 * cannot provide (no user namespaces) falls back to `--no-sandbox`, logged once.
 */
export function chromiumArgs(opts: { sandbox?: boolean; rendererProcesses?: number } = {}): string[] {
  const sandbox = opts.sandbox ?? process.getuid?.() !== 0
  // Decision 050: every page shares PDF_RENDERER_PROCESSES renderer processes.
  const renderers = opts.rendererProcesses ?? PDF_LIMITS.rendererProcesses
  return [...CHROMIUM_ARGS, `--renderer-process-limit=${renderers}`, ...(sandbox ? [] : ['--no-sandbox'])]
}
let sandboxUnavailable = false

/**
 * Decisions 020 and 033: at most `concurrent` renders at once (each is a Chromium renderer
 * process and tens of MB), at most `queued` waiting (20 people printing at once all get their
 * PDF); beyond that the caller gets 503 with Retry-After. The browser is closed after
 * `idleCloseMs` without a render.
 */
export const PDF_LIMITS = { ...pdfLimitsFromEnv(process.env), retryAfterSeconds: 5, idleCloseMs: 60_000 }

/**
 * Decision 050 (the 512 MB budget): the environment's bounds of the PDF queue and of Chromium.
 * PDF_CONCURRENCY renders at once (default 2: each is a page of Chromium's one renderer process,
 * tens of MB while it prints), PDF_QUEUE waiting beyond them (default 32: twenty people printing
 * at once all get their PDF), PDF_RENDERER_PROCESSES renderer processes Chromium may run
 * (default 1: every page shares it; they hold no script and load nothing, so there is nothing
 * to isolate between them). An invalid value stops the server at start-up.
 */
export function pdfLimitsFromEnv(source: Record<string, string | undefined>): { concurrent: number; queued: number; rendererProcesses: number } {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = source[name]?.trim()
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
    return n
  }
  return {
    concurrent: int('PDF_CONCURRENCY', 2, 1, 16),
    queued: int('PDF_QUEUE', 32, 0, 1000),
    rendererProcesses: int('PDF_RENDERER_PROCESSES', 1, 1, 16),
  }
}

let idleTimer: NodeJS.Timeout | null = null
function cancelIdleClose() {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
}
function scheduleIdleClose() {
  cancelIdleClose()
  idleTimer = setTimeout(() => {
    idleTimer = null
    if (queueIdle()) void closePdfBrowser()
  }, PDF_LIMITS.idleCloseMs)
  idleTimer.unref()
}

/** What a render asked for (every URL other than `data:`) and whether it was let through: tests, diagnostics. */
export interface PdfRenderRecord {
  html: string
  requests: { url: string; allowed: boolean }[]
}
let observer: ((record: PdfRenderRecord) => void) | null = null
/** Tests: see the HTML of every render and the requests its page tried (null to stop). */
export function observePdfRenders(fn: ((record: PdfRenderRecord) => void) | null): void {
  observer = fn
}

const queue = createWorkQueue({
  limits: () => PDF_LIMITS,
  busy: () => new AppError('SERVICE_UNAVAILABLE', msg('The PDF printer is busy, please try again in a few seconds'), { retryAfter: PDF_LIMITS.retryAfterSeconds }),
  onAcquire: cancelIdleClose,
  onIdle: scheduleIdleClose,
})

/** Renders running and waiting (tests, diagnostics). */
export function pdfQueueState(): { active: number; waiting: number } {
  return queue.state()
}

const acquireSlot = () => queue.acquire()
function queueIdle(): boolean {
  const q = queue.state()
  return q.active === 0 && q.waiting === 0
}

export interface RenderPdfOptions {
  /** Paper format; default A4. */
  format?: PDFOptions['format']
  /** A page size of its own (a label: '4in' × '3in', decision 066): both given, they replace `format`. */
  size?: { width: string; height: string }
  landscape?: boolean
  /** CSS margins; default 12 mm on every side. */
  margin?: PDFOptions['margin']
  /** Give up after this many milliseconds (content and printing each); default 15 s. */
  timeoutMs?: number
  /** A tagged (structured, accessible) PDF; default false (decision 033). */
  tagged?: boolean
  /** Tests only: `false` leaves out the page's Content-Security-Policy to prove the interception alone blocks. */
  policy?: false
}

interface Running {
  browser: Browser
  userDataDir: string
}

/** The shared browser: `running` while launching or up, `current` once up. */
let running: Promise<Running> | null = null
let current: Running | null = null

function removeDir(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true })
  } catch {
    // A profile directory left in the temporary folder is harmless.
  }
}

const profileDirs = new Set<string>()
let exitHookInstalled = false
function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // Exiting without closePdfBrowser(): stop the browser first so it writes no more, then remove its profile.
  process.once('exit', () => {
    try {
      current?.browser.process()?.kill('SIGKILL')
    } catch {
      // Already gone.
    }
    for (const dir of profileDirs) removeDir(dir)
  })
}

const PROFILE_PREFIX = 'operon-pdf-'

function processAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Profiles left by processes that were killed outright (no exit hook ran): their name carries the pid. */
let sweptStale = false
function sweepStaleProfiles() {
  if (sweptStale) return
  sweptStale = true
  try {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(name.startsWith(PROFILE_PREFIX) ? name.slice(PROFILE_PREFIX.length).split('-')[0] : NaN)
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid)) removeDir(join(tmpdir(), name))
    }
  } catch {
    // Best effort.
  }
}

async function launch(): Promise<Running> {
  installExitHook()
  sweepStaleProfiles()
  const userDataDir = mkdtempSync(join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`))
  profileDirs.add(userDataDir)
  try {
    const start = (sandbox: boolean) =>
      puppeteer.launch({
        executablePath: env().CHROME_PATH,
        headless: true,
        pipe: true,
        args: chromiumArgs({ sandbox }),
        userDataDir,
        // The server decides when to stop (closePdfBrowser); the browser dies with the process anyway.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
    const wantSandbox = process.getuid?.() !== 0 && !sandboxUnavailable
    let browser: Browser
    try {
      browser = await start(wantSandbox)
    } catch (error) {
      if (!wantSandbox) throw error
      sandboxUnavailable = true
      logger().warn({ err: error }, 'Chromium could not start with its sandbox on this platform; PDFs render without it')
      browser = await start(false)
    }
    const self: Running = { browser, userDataDir }
    browser.once('disconnected', () => {
      // Crashed or closed: the next render launches a new one.
      if (current === self) {
        running = null
        current = null
      }
      profileDirs.delete(userDataDir)
      removeDir(userDataDir)
    })
    current = self
    return self
  } catch (error) {
    profileDirs.delete(userDataDir)
    removeDir(userDataDir)
    throw error
  }
}

/** The shared browser, launched on first use and again when it has died (one launch at a time). */
async function getBrowser(): Promise<Browser> {
  for (;;) {
    const pending = running ?? (running = launch())
    const r = await pending.catch(() => null)
    if (r?.browser.connected) return r.browser
    if (running === pending) {
      running = null
      // A failed launch is the caller's error; a dead browser is replaced on the next turn.
      if (!r) await pending
    }
  }
}

/** The shared browser's process id, or null when none runs (health checks, tests). */
export function pdfBrowserPid(): number | null {
  return current?.browser.connected ? (current.browser.process()?.pid ?? null) : null
}

/** Only `data:` URLs load; anything else (http, https, file, ftp, blob, chrome…) is aborted and noted. */
function onlyDataUrls(seen: PdfRenderRecord['requests']) {
  return (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return
    const url = request.url()
    const allowed = url.startsWith('data:')
    if (!allowed) seen.push({ url: url.slice(0, 500), allowed })
    if (allowed) void request.continue()
    // A document that navigates itself (a <meta refresh>, a link) gets "204 No Content": the
    // browser stays on the document being printed. Aborting it would commit an error page in its
    // place and destroy the context mid-render. Nothing leaves the machine either way.
    else if (request.isNavigationRequest() && request.frame() === request.frame()?.page().mainFrame()) {
      void request.respond({ status: 204, body: '' })
    } else void request.abort('blockedbyclient')
  }
}

/**
 * Decision 033: the page's own policy, put first in <head>: nothing but inline styles and
 * `data:` images and fonts, no frames, no forms, no base URL. A second wall behind the request
 * interception, and what keeps a record's text from ever becoming a request.
 */
export const PDF_CSP = "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; frame-src 'none'; child-src 'none'; form-action 'none'; base-uri 'none'"

function withPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PDF_CSP}">`
  const head = /<head[^>]*>/i.exec(html)
  return head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : meta + html
}

/**
 * Renders a self-contained HTML document to PDF bytes (A4, backgrounds printed).
 * The HTML must inline everything it shows: nothing else is loaded.
 */
export async function renderPdf(html: string, opts: RenderPdfOptions = {}): Promise<Buffer> {
  const release = await acquireSlot()
  let handedOver = false
  try {
    let done: Rendered
    try {
      done = await renderOnce(html, opts)
    } catch (error) {
      // The browser died under this render (crash, killed): once more on a new one.
      if (current?.browser.connected) throw error
      logger().warn({ err: error }, 'the PDF browser died during a render; relaunching')
      done = await renderOnce(html, opts)
    }
    // The PDF goes out now; the slot is free once its page is blank again (see renderOn).
    handedOver = true
    void done.cleared.finally(release)
    return done.pdf
  } finally {
    if (!handedOver) release()
  }
}

/** A finished render: the PDF, and the page's clearing that follows it. */
interface Rendered {
  pdf: Buffer
  cleared: Promise<void>
}

/** Starts the shared browser without waiting for it: a PDF is about to be asked for (its request is being prepared, or a page offering one is open). */
export function warmPdfBrowser(): void {
  void getBrowser().then(
    () => {
      if (queueIdle()) scheduleIdleClose()
    },
    () => undefined,
  )
}

/**
 * A page ready to render: JavaScript off, every request intercepted. Pages are reused (at most
 * one per render slot) because opening one costs more than the render itself; each render
 * replaces the whole document and logs to its own list. A page whose render failed is closed.
 */
interface PooledPage {
  page: Page
  browser: Browser
  /** The current render's request log. */
  log: PdfRenderRecord['requests']
}
const idlePages: PooledPage[] = []
let pagesOpened = 0
/** Pages this module has prepared (the browser's own first tab is taken once). */
const openedPages = new WeakSet<Page>()

/** Pages waiting for a render and pages opened so far (tests, diagnostics). */
export function pdfPagePool(): { idle: number; opened: number } {
  return { idle: idlePages.length, opened: pagesOpened }
}

async function takePage(browser: Browser, fresh = false): Promise<PooledPage & { reused: boolean }> {
  for (let p = fresh ? undefined : idlePages.pop(); p; p = idlePages.pop()) {
    if (p.browser === browser && browser.connected && !p.page.isClosed()) return Object.assign(p, { reused: true })
  }
  // The browser's first tab is already there (its renderer started with the launch): the first render uses it.
  const first = fresh ? undefined : (await browser.pages()).find((p) => !p.isClosed() && p.url() === 'about:blank' && !openedPages.has(p))
  const page = first ?? (await browser.newPage())
  openedPages.add(page)
  pagesOpened++
  const pooled = { page, browser, log: [] as PdfRenderRecord['requests'], reused: false }
  await page.setJavaScriptEnabled(false)
  await page.setRequestInterception(true)
  page.on('request', (request) => onlyDataUrls(pooled.log)(request))
  return pooled
}

function returnPage(p: PooledPage) {
  if (p.browser.connected && !p.page.isClosed() && p.browser === current?.browser && idlePages.length < PDF_LIMITS.concurrent) idlePages.push(p)
  else void p.page.close().catch(() => undefined)
}

async function renderOnce(html: string, opts: RenderPdfOptions): Promise<Rendered> {
  const browser = await getBrowser()
  const pooled = await takePage(browser)
  try {
    return await renderOn(pooled, browser, html, opts)
  } catch (error) {
    // A page in a bad state (a reused one whose last document is still navigating, or a
    // navigation the document itself started and the interception aborted mid-print):
    // once more on a new page.
    if (!browser.connected) throw error
    logger().warn({ err: error }, 'a reused PDF page failed; rendering on a new one')
    return renderOn(await takePage(browser, true), browser, html, opts)
  }
}

async function renderOn(pooled: PooledPage, browser: Browser, html: string, opts: RenderPdfOptions): Promise<Rendered> {
  const timeout = opts.timeoutMs ?? 15_000
  const { page } = pooled
  const requests: PdfRenderRecord['requests'] = []
  pooled.log = requests
  // Nothing of this record stays in the page: an empty document before it is reused (after the PDF is sent).
  const clear = async (healthy: boolean) => {
    observer?.({ html, requests })
    if (healthy) healthy = await page.goto('about:blank', { timeout: 2000 }).then(() => true, () => false)
    pooled.log = []
    if (healthy) returnPage(pooled)
    else if (browser.connected) await page.close().catch((error: unknown) => logger().warn({ err: error }, 'could not close a PDF page'))
  }
  let pdf: Uint8Array
  try {
    const content = opts.policy === false ? html : withPolicy(html)
    await page.setContent(content, { waitUntil: 'load', timeout })
    pdf = await page.pdf({
      ...(opts.size ? { width: opts.size.width, height: opts.size.height } : { format: opts.format ?? 'A4' }),
      landscape: opts.landscape ?? false,
      printBackground: true,
      margin: opts.margin ?? { top: '12mm', right: '12mm', bottom: '12mm', left: '12mm' },
      // Decision 033: an untagged PDF takes half the time; the accessible version of a form is its print page.
      tagged: opts.tagged ?? false,
      outline: false,
      timeout,
    })
  } catch (error) {
    await clear(false)
    throw error
  }
  return { pdf: Buffer.from(pdf), cleared: clear(true) }
}

/** Stops the shared browser (server shutdown, tests). The next render launches a new one. */
export async function closePdfBrowser(): Promise<void> {
  cancelIdleClose()
  idlePages.length = 0
  const pending = running
  running = null
  current = null
  if (!pending) return
  const r = await pending.catch(() => null)
  if (!r) return
  const pid = r.browser.process()?.pid
  await r.browser.close().catch(() => undefined)
  // close() waits for the main process only; its helpers (zygote, renderers) share its process
  // group and may outlive it by a moment, so a shutdown ends them too.
  if (pid) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  profileDirs.delete(r.userDataDir)
  removeDir(r.userDataDir)
}

/** Escapes text for HTML (element content and double-quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
