/*
 * Operon: the driver's pre-trip page opens with no signal (decision 030).
 * Only `/preTrip/{id}` pages (network first, the last copy when the network fails) and the
 * fingerprinted `/assets/` files they use (immutable) are kept; nothing else is touched.
 * A sign-out forgets the kept pages.
 * Every page registers it (decision 075: the installed app's start_url must be controlled by a
 * worker with a fetch handler); only a pre-trip page's asset requests are answered from its
 * cache (and add to it, pruned by its `keep-pre-trip` message); other pages' go to the network as
 * if there were no worker.
 */
const PAGES = 'operon-pre-trip-pages-v1'
const ASSETS = 'operon-pre-trip-assets-v1'
const PAGE = /^\/preTrip\/\d+$/

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

async function keepPage(path, response) {
  const type = response.headers.get('content-type') || ''
  if (response.ok && !response.redirected && type.includes('text/html')) {
    await (await caches.open(PAGES)).put(path, response)
  }
}

async function keepAsset(url) {
  const cache = await caches.open(ASSETS)
  if (await cache.match(url)) return
  const response = await fetch(url, { credentials: 'same-origin' })
  if (response.ok) await cache.put(url, response)
}

// The page asks for itself and what it loaded to be kept (it loaded before this worker ran).
self.addEventListener('message', (event) => {
  const data = event.data || {}
  if (data.type !== 'keep-pre-trip') return
  const work = []
  if (typeof data.page === 'string' && PAGE.test(data.page)) {
    work.push(
      fetch(data.page, { credentials: 'same-origin' })
        .then((r) => keepPage(data.page, r))
        .catch(() => undefined),
    )
  }
  for (const url of Array.isArray(data.assets) ? data.assets : []) {
    if (typeof url === 'string' && new URL(url, self.location.origin).pathname.startsWith('/assets/')) work.push(keepAsset(url).catch(() => undefined))
  }
  event.waitUntil(Promise.all(work).then(() => forgetOldAssets(work.length ? data.assets : [])))
})

/** Assets the page no longer uses (an older release), a week after they were fetched, are dropped. */
async function forgetOldAssets(current) {
  const keep = new Set((current || []).map((u) => new URL(u, self.location.origin).href))
  const cache = await caches.open(ASSETS)
  const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000
  for (const request of await cache.keys()) {
    if (keep.has(request.url)) continue
    const response = await cache.match(request)
    const fetched = Date.parse((response && response.headers.get('date')) || '')
    if (!fetched || fetched < weekAgo) await cache.delete(request)
  }
}

/** Said synchronously: the request's referrer is a pre-trip page, or a script (a module's import). */
function fromPreTripReferrer(request) {
  if (!request.referrer) return false
  const path = new URL(request.referrer).pathname
  return PAGE.test(path) || path.startsWith('/assets/')
}

/** Whether a request comes from a pre-trip page (the page whose scripts are kept). */
async function fromPreTripPage(event) {
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined
  return Boolean(client && PAGE.test(new URL(client.url).pathname))
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname === '/logout') {
    event.waitUntil(caches.delete(PAGES))
    return
  }
  if (request.method !== 'GET') return
  if (request.mode === 'navigate' && PAGE.test(url.pathname)) {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request)
          await keepPage(url.pathname, response.clone())
          return response
        } catch (error) {
          const kept = await (await caches.open(PAGES)).match(url.pathname)
          if (kept) return kept
          throw error
        }
      })(),
    )
    return
  }
  // Only a pre-trip page's scripts (their document, or a module they import) go through the
  // cache: the other pages' requests are left to the browser, so a worker on every page costs
  // them nothing (decision 075).
  if (url.pathname.startsWith('/assets/') && fromPreTripReferrer(request)) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(ASSETS)
        const kept = await cache.match(request)
        if (kept) return kept
        const response = await fetch(request)
        if (response.ok && (await fromPreTripPage(event))) await cache.put(request, response.clone())
        return response
      })(),
    )
  }
})
