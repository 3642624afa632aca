/**
 * The production build as `npm run bench` starts it (scripts/bench.ts, scripts/bench/libsql.ts):
 * with the deployment's Node flags and malloc setting, timed from spawn to the first 200 of
 * /healthz.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { MemoryCap } from './cgroup.ts'

export interface Started {
  child: ChildProcess
  base: string
  /** Spawn to the first 200 of /healthz, ms. */
  startMs: number
  stop(): Promise<void>
}

export function healthz(port: number): Promise<number> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', method: 'GET', agent: false }, (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? 0))
    })
    req.on('error', () => done(0))
    req.end()
  })
}

/** `node …args` with `env` added, once 127.0.0.1:`port`/healthz answers 200 (90 s at most). */
export async function startProcess(args: string[], port: number, env: Record<string, string>, cap?: MemoryCap): Promise<Started> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  // Under the cap from its first allocation; Chromium, started later, inherits it.
  if (cap && child.pid) cap.add(child.pid)
  let exited: number | null = null
  child.once('exit', (code) => (exited = code ?? -1))
  // A server left behind by a run that failed midway would hold its port.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (exited !== null) return
    child.kill('SIGTERM')
    for (let i = 0; i < 100 && exited === null; i++) await sleep(100)
    if (exited === null) child.kill('SIGKILL')
  }
  for (;;) {
    if (exited !== null) throw new Error(`${args.join(' ')} exited with code ${exited} before answering (is port ${port} free?)`)
    if ((await healthz(port)) === 200) break
    if (performance.now() - started > 90_000) {
      await stop()
      throw new Error(`${args.join(' ')} did not answer /healthz within 90 s`)
    }
    await sleep(5)
  }
  return { child, base: `http://127.0.0.1:${port}`, startMs: performance.now() - started, stop }
}

export interface Deployment {
  /** The deployment's Node flags (fly.toml's [env] NODE_OPTIONS) unless BENCH_NODE_OPTIONS says otherwise. */
  nodeOptions: string
  /** The image's malloc setting (the Dockerfile's `ENV MALLOC_ARENA_MAX`): with glibc's default, image uploads fragment the heap. */
  arenaMax: string | undefined
  /** What the bench prints about them. */
  notes: string[]
}

export function deployment(): Deployment {
  const flyNodeOptions = existsSync('fly.toml') ? /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(readFileSync('fly.toml', 'utf8'))?.[1] : undefined
  const nodeOptions = process.env.BENCH_NODE_OPTIONS ?? flyNodeOptions ?? ''
  const arenaMax = process.env.MALLOC_ARENA_MAX ?? (existsSync('Dockerfile') ? /^ENV\s+MALLOC_ARENA_MAX=(\d+)/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1] : undefined)
  const notes = [`the app runs with NODE_OPTIONS="${nodeOptions}"${process.env.BENCH_NODE_OPTIONS === undefined && flyNodeOptions !== undefined ? " (fly.toml's)" : ''}`]
  if (arenaMax) notes.push(`the app runs with MALLOC_ARENA_MAX=${arenaMax}${process.env.MALLOC_ARENA_MAX === undefined ? " (the Dockerfile's)" : ''}`)
  return { nodeOptions, arenaMax, notes }
}

/** The production build's environment on 127.0.0.1:`port` with `databaseUrl` (local mode, no demo data, rate limits ×1000). */
export function appEnv(d: Deployment, port: number, databaseUrl: string): Record<string, string> {
  return {
    ...(d.arenaMax ? { MALLOC_ARENA_MAX: d.arenaMax } : {}),
    NODE_OPTIONS: d.nodeOptions,
    NODE_ENV: 'production',
    OPERON_LOCAL: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'false',
    RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: 'warn',
  }
}
