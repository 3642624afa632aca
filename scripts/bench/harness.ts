/**
 * What the HTTP benchmarks share: the production build started on a database file, and timing
 * of sequential requests on one keep-alive connection (the server's own time when it sends a
 * `Server-Timing: total;dur=…` header, else the loopback round trip).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

export interface Stats {
  median: number
  p95: number
  n: number
}

export function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!
  return { median: at(0.5), p95: at(0.95), n: s.length }
}

export interface BuiltServer {
  base: string
  process: ChildProcess
  stop(): Promise<void>
}

/** `node build/main.js` on `databaseUrl`, listening on 127.0.0.1:`port`, once /healthz answers. */
export async function startBuiltServer(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!existsSync('build/main.js')) throw new Error('build/main.js is missing: run `npm run build` first')
  const child = spawn(process.execPath, ['build/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      OPERON_LOCAL: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let exited: number | null = null
  child.once('exit', (code) => (exited = code ?? -1))
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (exited !== null) return
    child.kill('SIGTERM')
    for (let i = 0; i < 50 && exited === null; i++) await sleep(100)
    if (exited === null) child.kill('SIGKILL')
  }
  for (let i = 0; ; i++) {
    if (exited !== null) throw new Error(`the server exited with code ${exited} before answering (is port ${port} free?)`)
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) break
    if (i > 600) {
      await stop()
      throw new Error('the server did not answer /healthz within 60 s')
    }
    await sleep(100)
  }
  return { base, process: child, stop }
}

export interface Answer {
  status: number
  /** The loopback round trip (request written → last byte read), ms. */
  rtt: number
  /** `Server-Timing` metric `total` (ms), when the server sends it. */
  serverTotal: number | undefined
  bytes: number
  body: string
  location: string | undefined
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 })

/** One GET on the shared keep-alive connection. */
export function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(path, base)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers: { 'accept-encoding': 'identity', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const rtt = performance.now() - started
          const body = Buffer.concat(chunks)
          resolve({
            status: res.statusCode ?? 0,
            rtt,
            serverTotal: serverTimingTotal(res.headers['server-timing']),
            bytes: body.byteLength,
            body: body.toString('utf8'),
            location: res.headers.location,
          })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The `dur` of the metric named `total` in a Server-Timing header (`total;dur=12.5, db;dur=3`). */
export function serverTimingTotal(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value) return undefined
  for (const metric of value.split(',')) {
    const [name, ...params] = metric.trim().split(';')
    if (name?.trim().toLowerCase() !== 'total') continue
    for (const p of params) {
      const m = /^\s*dur\s*=\s*"?([\d.]+)"?\s*$/i.exec(p)
      if (m) return Number(m[1])
    }
  }
  return undefined
}

export function closeConnections() {
  agent.destroy()
}
