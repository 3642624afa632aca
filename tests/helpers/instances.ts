/**
 * Several app instances (decision 072): the production build (`node build/main.js`, run
 * `npm run build` first) as child processes, each on its own loopback port, each an embedded
 * replica of one libSQL primary (`DATABASE_URL=file:…` + `DATABASE_SYNC_URL`) or a remote client
 * of it. An instance keeps its port and replica file across `stop`/`kill`/`start`, as a machine
 * keeps its volume across a restart or a crash. What each process prints is kept (`output()`),
 * so a test can look for a crash or an error line.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { request as httpRequest, Agent } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './sqld.ts'

export interface InstanceOptions {
  name: string
  /** `file:/…/replica.db` (embedded replica, with `syncUrl`) or the primary's URL (remote mode). */
  databaseUrl: string
  /** The primary (or a sqld replica node of it) this instance's replica follows. */
  syncUrl?: string
  /** Seconds between the replica's background pulls. */
  syncInterval?: number
  /** More environment (SMTP_URL, secrets, limits…), over the defaults below. */
  env?: Record<string, string>
}

export interface Instance {
  readonly name: string
  readonly port: number
  /** http://127.0.0.1:port */
  readonly base: string
  /** Everything the process printed since this handle was made (all its runs). */
  output(): string
  pid(): number | undefined
  running(): boolean
  /** Spawns the process (again) and resolves once /healthz answers 200; `env` is added to this run's environment. */
  start(env?: Record<string, string>): Promise<void>
  /** SIGTERM, and waits for the exit (its code). */
  stop(): Promise<number | null>
  /** SIGKILL, as a crash, and waits for the exit. */
  kill(): Promise<void>
}

const alive = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL')
})

/** The environment every instance gets unless the caller says otherwise. */
function baseEnv(o: InstanceOptions, port: number): NodeJS.ProcessEnv {
  const inherited = { ...process.env } as Record<string, string>
  // The test runner's choices are not the instance's.
  for (const k of ['DB_DRIVER', 'MIGRATIONS_DIR', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST', 'SMTP_URL', 'APP_URL']) delete inherited[k]
  return {
    ...inherited,
    NODE_ENV: 'production',
    OPERON_LOCAL: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    ...(o.syncUrl ? { DATABASE_SYNC_URL: o.syncUrl } : {}),
    ...(o.syncInterval ? { DATABASE_SYNC_INTERVAL: String(o.syncInterval) } : {}),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1',
    SHUTDOWN_GRACE_MS: '3000',
    ...o.env,
  }
}

/** An instance handle on a free port; not started yet. */
export async function defineInstance(o: InstanceOptions): Promise<Instance> {
  if (!existsSync('build/main.js')) throw new Error('build/main.js is missing: run `npm run build` first')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let out = ''
  let child: ChildProcess | undefined
  let exit: Promise<number | null> = Promise.resolve(null)

  const isRunning = () => !!child && child.exitCode === null && child.signalCode === null

  const end = async (signal: NodeJS.Signals): Promise<number | null> => {
    const c = child
    if (!c) return null
    if (isRunning()) c.kill(signal)
    const code = await exit
    child = undefined
    return code
  }

  return {
    name: o.name,
    port,
    base,
    output: () => out,
    pid: () => child?.pid,
    running: isRunning,
    async start(extra = {}) {
      if (isRunning()) throw new Error(`${o.name} is already running`)
      const c = (child = spawn(process.execPath, ['build/main.js'], { env: { ...baseEnv(o, port), ...extra } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] }))
      alive.add(c)
      const run = `\n--- ${o.name} pid ${c.pid} started ${new Date().toISOString()} ---\n`
      out += run
      c.stdout!.on('data', (d: Buffer) => (out += d.toString()))
      c.stderr!.on('data', (d: Buffer) => (out += d.toString()))
      exit = new Promise((resolve) =>
        c.once('exit', (code, signal) => {
          alive.delete(c)
          out += `\n--- ${o.name} pid ${c.pid} exited: ${code ?? signal} ---\n`
          resolve(code)
        }),
      )
      const deadline = Date.now() + 60_000
      for (;;) {
        if (c.exitCode !== null || c.signalCode !== null) throw new Error(`${o.name} exited before answering /healthz:\n${out.slice(-4000)}`)
        const res = await call(base, 'GET', '/healthz', { timeoutMs: 1000 }).catch(() => undefined)
        if (res?.status === 200) return
        if (Date.now() > deadline) throw new Error(`${o.name} did not answer /healthz within 60 s:\n${out.slice(-4000)}`)
        await sleep(50)
      }
    },
    stop: () => end('SIGTERM'),
    kill: async () => {
      await end('SIGKILL')
    },
  }
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown
}

// No keep-alive: a killed instance must not leave a pooled socket that the next request reuses.
const agent = new Agent({ keepAlive: false, maxSockets: 64 })

/** One HTTP request to an instance (JSON when `json` is given). Rejects on a connection error. */
export function call(
  base: string,
  method: string,
  path: string,
  opts: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(path, base)
  const headers: Record<string, string> = { ...opts.headers }
  let body: string | undefined
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json)
    headers['content-type'] = 'application/json'
  } else if (opts.form) {
    body = new URLSearchParams(opts.form).toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent, method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let json: unknown
        try {
          json = text ? JSON.parse(text) : undefined
        } catch {
          json = undefined
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json })
      })
    })
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer within ${opts.timeoutMs ?? 30_000} ms`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Polls `check` every `everyMs` until it returns true; resolves with the time it took (ms), or rejects after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await check()) return performance.now() - started
    if (performance.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`)
    await sleep(everyMs)
  }
}
