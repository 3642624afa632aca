/**
 * The Express application in front of Remix: request id, timing and access log, client
 * address, compression, security headers
 * with a per-request CSP nonce, the request guards (decisions 018, 020), /healthz, static files
 * under their own prefixes only, the load shedding (decision 061), then the doors that skip
 * Remix's route matching (/api, /trpc: decision 051), then Remix (pages, /VERSION). `main.ts`
 * serves it; the tests serve the same application over real HTTP.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { configuredProviders, externalSignInOrigins } from '../auth/external/providers.server.ts'
import { cspDirectives } from './csp.server.ts'
import { clientIp, type ClientIpConfig } from './client-ip.server.ts'
import { getDb } from '../db.server.ts'
import { databaseHealth, healthAnswer } from './database-health.server.ts'
import { env } from '../env.server.ts'
import { doorOf, requestGuards } from './guards.server.ts'
import { loadShedLimits, shedLoad, type LoadShedLimits } from './load-shed.server.ts'
import { observeRequests, type ObserveOptions } from './observe.server.ts'
import { createFetchHandler } from './remix-adapter.server.ts'
import { requestScope } from '../context/request-scope.server.ts'

/** What `app/doors.server.ts` exports through the server build's entry module. */
type FetchDoor = (request: Request, context: AppLoadContext) => Promise<Response>
interface Doors {
  rest: FetchDoor
  trpc: FetchDoor
}

/** The headers a header-setting middleware (helmet without a per-request source) sets, once. */
function headersOf(middleware: express.RequestHandler): Array<[string, string | number | readonly string[]]> {
  const set: Array<[string, string | number | readonly string[]]> = []
  const res = {
    locals: {},
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => {
      const at = set.findIndex(([n]) => n.toLowerCase() === name.toLowerCase())
      if (at >= 0) set.splice(at, 1)
    },
  }
  let called = false
  middleware({ method: 'GET', headers: {} } as express.Request, res as unknown as express.Response, (e?: unknown) => {
    if (e) throw e instanceof Error ? e : new Error(String(e))
    called = true
  })
  if (!called) throw new Error('the security headers middleware did not finish synchronously')
  return set
}

/** A function called once; later calls get the first call's promise (a failure is retried). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined
  return () =>
    (p ??= load().catch((e: unknown) => {
      p = undefined
      throw e
    }))
}

/**
 * The files of the client build outside /assets (favicon, service worker, the app's icons under
 * /icons: decision 075), by exact path.
 */
function publicFiles(dir: string, prefix = ''): Set<string> {
  try {
    const files = new Set<string>()
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      if (f.name.startsWith('.')) continue
      if (f.isFile()) files.add(`${prefix}/${f.name}`)
      else if (f.isDirectory() && !prefix && f.name !== 'assets') for (const p of publicFiles(join(dir, f.name), `/${f.name}`)) files.add(p)
    }
    return files
  } catch {
    return new Set()
  }
}

const CLIENT_DIR = 'build/client'

/**
 * The pages whose URL carries a secret (issue 22): the password reset link's `?token=` and the
 * external sign-in callback's `?code=` / `state`, the calendar feed's `?token=` (decision 084). They are sent with `Referrer-Policy:
 * no-referrer` instead of `same-origin`, so nothing they lead to (their scripts and styles, the
 * form's post, the redirect after it) carries their URL as a Referer, not even to this origin.
 * Matched like Remix matches a route: decoded, any letter case, an optional trailing slash.
 */
const SECRET_IN_URL = [/^\/reset-password\/?$/i, /^\/auth\/[^/]+\/callback\/?$/i, /^\/calendar\.ics\/?$/i]

function carriesSecretInUrl(path: string): boolean {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // A malformed escape: Remix answers it as it likes; the raw path is tested.
  }
  return SECRET_IN_URL.some((p) => p.test(decoded))
}

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  /** APP_URL: its origin is the only one allowed to write. */
  appUrl: string
  isProduction: boolean
  /** Local or test use (not a deployment): the origin the Host header names may write too. */
  isLocal: boolean
  clientIp: ClientIpConfig
  /** Development: Vite's middlewares instead of the built static files. */
  viteMiddlewares?: express.RequestHandler
  /** The graceful shutdown's hooks (main.ts): answers close their connection while it runs. */
  observe?: ObserveOptions
  /** The load-shedding limits (decision 061); default: the environment's (MAX_CONCURRENT_REQUESTS…). */
  loadShed?: LoadShedLimits
}

export function createApp(opts: AppOptions): express.Express {
  const dev = opts.mode === 'development'
  const app = express()
  app.disable('x-powered-by')
  // Nothing reads req.query (Remix and the doors read the URL themselves): no qs.parse per request.
  app.set('query parser', false)
  // No proxy header is believed by Express itself: the client address comes from
  // CLIENT_IP_HEADER or the socket (decision 020), and the host from Host.
  app.set('trust proxy', false)

  // Request id, Server-Timing and the access log, around everything else (decision 042).
  app.use(observeRequests(opts.observe))
  app.use((req, res, next) => {
    res.locals.clientIp = clientIp(opts.clientIp, req.socket.remoteAddress, req.headers)
    const door = doorOf(req.path)
    res.locals.door = door
    // Only pages carry scripts and styles: the doors' JSON and files need no nonce (decision 051).
    res.locals.cspNonce = door === 'page' ? randomBytes(16).toString('hex') : ''
    next()
  })
  // A client that accepts no encoding gets none; a door's answer (never stored by a cache, so no
  // `Vary` to keep) then skips the compression middleware's wrapping altogether.
  const compress = compression()
  app.use((req, res, next) => (res.locals.door !== 'page' && !req.headers['accept-encoding'] ? next() : compress(req, res, next)))
  const helmetFor = (nonce: boolean) =>
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.isProduction,
      contentSecurityPolicy: {
        reportOnly: dev,
        directives: cspDirectives({
          dev,
          isProduction: opts.isProduction,
          // The external sign-in buttons post to /auth/{provider}, which redirects to the provider.
          formActions: [...externalSignInOrigins(), ...(configuredProviders().length ? ['https:'] : [])],
          nonce,
        }),
      },
    })
  const pageHeaders = helmetFor(true)
  // The doors' security headers are the same for every answer: helmet's, computed once.
  const doorHeaders = headersOf(helmetFor(false))
  app.use((req, res, next) => {
    if (res.locals.door === 'page') {
      return pageHeaders(req, res, (error?: unknown) => {
        if (carriesSecretInUrl(req.path)) res.setHeader('Referrer-Policy', 'no-referrer')
        next(error)
      })
    }
    for (const [name, value] of doorHeaders) res.setHeader(name, value)
    next()
  })

  app.use(requestGuards({ appOrigin: new URL(opts.appUrl).origin, allowHostOrigin: opts.isLocal }))

  // The build: loaded once (production), or afresh from Vite on every request (development).
  const reloadEachRequest = dev && typeof opts.build === 'function'
  const loadBuild: () => Promise<ServerBuild> =
    typeof opts.build === 'function' ? (reloadEachRequest ? opts.build : once(opts.build)) : ((b) => () => Promise.resolve(b))(opts.build)
  const loadContext = (res: express.Response): AppLoadContext => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: res.locals.clientIp as string,
  })

  // /healthz (Fly.io's check): what the database lets this instance do, nothing else waited for.
  // 200 `OK`; 200 `reads: ok, writes: unavailable` when an embedded replica's primary cannot be
  // reached (pages and lists still work); 503 when reads fail (decision 071).
  app.get('/healthz', (_req, res) => {
    const scope = requestScope()
    const started = performance.now()
    Promise.resolve()
      .then(() => databaseHealth(getDb(), env().DATABASE_SYNC_URL || undefined))
      .then(healthAnswer, () => healthAnswer({ reads: false, writes: false }))
      .then(({ status, text }) => {
        if (scope) scope.appMs = performance.now() - started
        res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(text)
      })
  })

  if (!opts.viteMiddlewares) {
    // Static files only where they live: fingerprinted assets under /assets (immutable), the
    // few other client files by exact path; pages and doors never touch the disk (decision 051).
    // Before the load shedding: a file is never refused for a busy server.
    app.use('/assets', express.static(join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }))
    const files = publicFiles(CLIENT_DIR)
    const serveFile = express.static(CLIENT_DIR, { maxAge: '1h', index: false, redirect: false })
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()))
  }

  // The REST and tRPC doors: their one handler, without Remix's route matching (decision 051).
  const doors = async (): Promise<Doors> => {
    const found = ((await loadBuild()).entry.module as { doors?: Doors }).doors
    if (!found) throw new Error('the server build exports no doors (app/entry.server.tsx)')
    return found
  }
  // A door's use case runs to its end even if the client leaves (its writes are atomic anyway;
  // a streamed list stops on the socket's close): no abort signal to build per request.
  const doorHandler = createFetchHandler(
    async (request, _req, res) => {
      const d = await doors()
      return (res.locals.door === 'rest' ? d.rest : d.trpc)(request, loadContext(res))
    },
    { abortable: false },
  )

  // Load shedding (decision 061): a bounded number at once and a bounded wait, else 503 + Retry-After.
  app.use(shedLoad(opts.loadShed ?? loadShedLimits(env())))
  app.use((req, res, next) => (res.locals.door === 'page' ? next() : doorHandler(req, res, next)))

  // Development: Vite's own middlewares (modules, HMR) after the doors.
  if (opts.viteMiddlewares) app.use(opts.viteMiddlewares)

  // Pages and the other resource routes: Remix, its handler made once the build is loaded.
  const remix = reloadEachRequest
    ? createRemixRequestHandler(opts.build as () => Promise<ServerBuild>, opts.mode)
    : undefined
  const remixHandler = once(async () => createRemixRequestHandler(await loadBuild(), opts.mode))
  app.all(
    '*',
    createFetchHandler(async (request, _req, res) => (remix ?? (await remixHandler()))(request, loadContext(res))),
  )
  return app
}
