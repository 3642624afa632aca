/**
 * The whole HTTP application (Express guards, the Remix adapter, every door) on a loopback
 * port, with the Remix server build compiled by Vite from the sources: the tests send raw
 * HTTP the way an attacker would, not calls into a handler.
 */
import type { AddressInfo } from 'node:net'
import { request as httpRequest } from 'node:http'
import type { ServerBuild } from '@remix-run/node'
import { createServer, type ViteDevServer } from 'vite'
import type { Database } from '#db/client.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { createApp } from '#server/http/app.server.ts'
import type { ClientIpConfig } from '#server/http/client-ip.server.ts'
import { useAsAppDb } from './db.ts'

/** (Not a React hook: makes `db` the process database.) */
const setAppDb = useAsAppDb

/** The app's own origin in these tests (APP_URL). */
export const APP_ORIGIN = 'http://operon.test'

export interface RunningApp {
  /** Where to connect (http://127.0.0.1:port). */
  base: string
  /** The Remix server build the app serves (its routes, for tests that list them). */
  build: ServerBuild
  /** A server module as the build sees it (the same instance, e.g. the PDF renderer's queue). */
  load<T>(path: string): Promise<T>
  close(): Promise<void>
}

/**
 * One Vite server per test worker (files share their worker, decision 047): creating it and
 * transforming the app's sources took 5–20 s, paid again by every file that started the app.
 * What a restart must start afresh is the app's module instances, not the transforms: see below.
 */
let vite: ViteDevServer | undefined
/** Apps still running on the current module instances. */
let running = 0

async function viteBuild(): Promise<ServerBuild> {
  vite ??= await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  })
  // The first app after all others closed (a new file, or a restart within a file) gets new module
  // instances, as a new process would: a new module runner evaluates the cached transforms again (about 2 s).
  const internal = vite as unknown as { _ssrCompatModuleRunner?: unknown }
  if (running === 0) internal._ssrCompatModuleRunner = undefined
  const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  // Vite 6 keeps the evaluated modules in this runner; if a later Vite moves them, fail loudly
  // rather than let a "restart" reuse the old instances.
  if (!internal._ssrCompatModuleRunner) throw new Error('Vite no longer has _ssrCompatModuleRunner: tests/helpers/http-app.ts must restart the app another way')
  return build
}

export async function startApp(db: Database, opts: { clientIp?: ClientIpConfig; env?: Record<string, string> } = {}): Promise<RunningApp> {
  process.env.APP_URL = APP_ORIGIN
  for (const [k, v] of Object.entries(opts.env ?? {})) process.env[k] = v
  resetEnvCache()
  setAppDb(db)
  const build = await viteBuild()
  const app = createApp({
    build: () => Promise.resolve(build),
    mode: 'production',
    appUrl: APP_ORIGIN,
    isProduction: false,
    isLocal: false,
    clientIp: opts.clientIp ?? { proxies: 1 },
  })
  running++
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((r) => server.once('listening', () => r()))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    build,
    load: async <T,>(path: string) => (await vite!.ssrLoadModule(path)) as T,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      if (--running === 0) {
        // The app's PDF browser dies with it: test files share their worker process (decision 047).
        const pdf = (await vite?.ssrLoadModule('/server/pdf/render.server.ts')) as { closePdfBrowser(): Promise<void> } | undefined
        await pdf?.closePdfBrowser()
      }
    },
  }
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One raw HTTP request (node:http, so any method, any header, a Content-Length that lies).
 * `body` may be a string, a Buffer, or an iterable of chunks sent without Content-Length.
 */
export function raw(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer | AsyncIterable<Buffer> } = {},
): Promise<RawResponse> {
  const url = new URL(path, base)
  const headers: Record<string, string> = { host: 'operon.test', ...opts.headers }
  // node:http sends DELETE bodies without a length unless told: say it, as clients do.
  if ((typeof opts.body === 'string' || Buffer.isBuffer(opts.body)) && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(Buffer.byteLength(opts.body))
  }
  if (opts.body !== undefined && typeof opts.body !== 'string' && !Buffer.isBuffer(opts.body)) headers['transfer-encoding'] = 'chunked'
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', done)
        // A server that answers early (413) and closes: what was received is the answer.
        res.on('error', done)
        res.on('close', done)
      },
    )
    let answered = false
    // Writing into a connection the server closed after answering: the answer still counts.
    req.on('error', (e) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(e)), 200)
    })
    const body = opts.body
    if (body === undefined) req.end()
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body)
    else {
      void (async () => {
        try {
          for await (const chunk of body) {
            if (!req.write(chunk)) await new Promise((r) => req.once('drain', r))
          }
          req.end()
        } catch {
          req.destroy()
        }
      })()
      req.on('error', () => undefined)
    }
  })
}

/** A digest of every row of every table: equal before and after means nothing changed. */
export async function databaseDigest(db: Database): Promise<string> {
  const { createHash } = await import('node:crypto')
  const { sql } = await import('drizzle-orm')
  const tables = await db.read.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`,
  )
  const hash = createHash('sha256')
  for (const { name } of tables) {
    const rows = await db.read.all(sql.raw(`SELECT * FROM "${name}"`))
    hash.update(name).update(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)))
  }
  return hash.digest('hex')
}

/** The URL path of a Remix route (parents joined, params filled with `fill`). */
export function routeUrl(build: ServerBuild, routeId: string, fill = '1'): string {
  const parts: string[] = []
  for (let id: string | undefined = routeId; id; id = build.routes[id]?.parentId) {
    const r = build.routes[id]!
    if (r.path) parts.unshift(r.path)
  }
  const path = parts
    .join('/')
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg === '*' ? 'x' : seg.startsWith(':') ? fill : seg.replace(/\?$/, '')))
    .join('/')
  return `/${path}`
}
