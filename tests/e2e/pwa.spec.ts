/**
 * The installable app (issue 25, decision 075): the manifest in both languages, its icons, and
 * Chromium's own verdict that the app can be installed (the manifest, the icons and a service
 * worker controlling the start_url with a fetch handler).
 */
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { BASE_URL, expect, signInAs, test } from './fixtures.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

async function manifestOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/manifest.webmanifest', { headers })
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  expect(res.headers()['vary']).toMatch(/Cookie/)
  expect(res.headers()['vary']).toMatch(/Accept-Language/)
  return JSON.parse(await res.text()) as Record<string, unknown> & { icons: ManifestIcon[] }
}

function expectRequiredFields(manifest: Record<string, unknown>) {
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Operon',
    short_name: 'Operon',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#0046a7',
    background_color: '#ffffff',
  })
}

/** The width and height in a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the manifest speaks the visitor\'s language: the cookie first, then Accept-Language', async ({ request }) => {
  const en = await manifestOf(request, { 'Accept-Language': 'en-US,en;q=0.9' })
  expectRequiredFields(en)
  expect(en).toMatchObject({ lang: 'en', description: 'Operon — fleet, inspections and repairs' })

  const es = await manifestOf(request, { Cookie: 'operon_lng=es', 'Accept-Language': 'en-US,en;q=0.9' })
  expectRequiredFields(es)
  expect(es).toMatchObject({ lang: 'es', description: 'Operon — flota, inspecciones y reparaciones' })

  const byHeader = await manifestOf(request, { 'Accept-Language': 'es-MX,es;q=0.9' })
  expect(byHeader.lang).toBe('es')
  const cookieWins = await manifestOf(request, { Cookie: 'operon_lng=en', 'Accept-Language': 'es' })
  expect(cookieWins.lang).toBe('en')
  // The same app in both languages.
  expect(es.icons).toEqual(en.icons)
})

test('every icon answers a PNG of its declared size; one is maskable; the apple-touch-icon is 180 px', async ({ request }) => {
  const { icons } = await manifestOf(request, {})
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['512x512'])
  const all = [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]
  for (const icon of all) {
    const res = await request.get(icon.src)
    expect(res.status(), icon.src).toBe(200)
    expect(res.headers()['content-type'], icon.src).toBe('image/png')
    expect(pngSize(await res.body()), icon.src).toBe(icon.sizes)
  }
})

/**
 * A page in a browser with a profile on disk: Chromium never offers to install from an incognito
 * window (`in-incognito`), which every ordinary Playwright context is.
 */
async function withProfile(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const testInfo = test.info()
  // A browser of its own starts in 5–10 s on a busy machine.
  test.setTimeout(90_000)
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL: BASE_URL,
  })
  try {
    await run(context.pages()[0] ?? (await context.newPage()), context)
  } finally {
    await context.close()
  }
}

/** Chromium's installability errors for the page, once its service worker controls it. */
async function expectInstallable(page: Page) {
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 15_000 })
  const cdp = await page.context().newCDPSession(page)
  // Chromium checks the manifest, its icons and the worker in turn: asked again until it is done.
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
      timeout: 10_000,
      message: 'installability errors',
    })
    .toEqual([])
  await cdp.detach()
}

test('the login page links the manifest and the icon, and Chromium finds the app installable', async () => {
  await withProfile(async (page) => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
    })
    await page.goto('/login')
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png')
    await expectInstallable(page)
    expect(violations).toEqual([])
  })
})

test('a driver\'s dashboard (the start_url) is controlled by the service worker and installable, in Spanish too', async () => {
  await withProfile(async (page, context) => {
    await signInAs(page, { firstName: 'Ines', companies: [{ name: `PWA ${Date.now()} Transit`, types: ['Operator'], roles: ['Driver'] }] })
    await context.addCookies([{ name: 'operon_lng', value: 'es', url: BASE_URL }])
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expectInstallable(page)
    // Once the worker runs, it controls the start_url itself.
    await page.reload()
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    // The manifest the browser reads carries the language cookie (crossorigin="use-credentials").
    const cdp = await context.newCDPSession(page)
    const { data } = (await cdp.send('Page.getAppManifest')) as { data: string }
    expect(JSON.parse(data)).toMatchObject({ lang: 'es', description: 'Operon — flota, inspecciones y reparaciones' })
    await cdp.detach()
  })
})
