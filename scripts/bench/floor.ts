/**
 * The "floor" of `npm run bench` (issue 13): a bare `node:http` + better-sqlite3 server that runs
 * the same SQL as the app for each benchmarked request and answers it as JSON. Nothing else: no
 * framework, no routing beyond one Map lookup, no validation, no JWT verification, no HTML.
 *
 * The SQL is not rewritten by hand: the bench records, from the production build itself
 * (scripts/bench/sql-recorder.mjs), every statement one request of each path ran (text and
 * parameters), and the floor replays that list, each statement prepared once at start. The answer
 * is the JSON of every statement's rows (Buffers as base64, as the app sends pictures).
 *
 * The multipart POST (the pre-trip with its photos) is parsed with the platform's
 * `Request.formData()`; its statements are replayed in one transaction with the posted photos in
 * place of the recorded ones, the posted idempotency key in place of the recorded one, fresh
 * UUIDs for other UUIDs, and the row ids the INSERTs return mapped to the new ones. What it skips:
 * zod validation, the image sniffing and size checks, the audit of who did what beyond the SQL.
 *
 *   npx tsx scripts/bench/floor.ts --db <file> --plan <plan.json> --port 3322
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import BetterSqlite3 from 'better-sqlite3'

export type Param = string | number | null | { $b64: string }
export interface Recorded {
  id: string
  method: 'run' | 'get' | 'all'
  sql: string
  reader: boolean
  params: Param[]
  rows?: number
  lastInsertRowid?: number
  returnedIds?: number[]
}
export interface PlanRoute {
  label: string
  method: 'GET' | 'POST'
  /** GET: the exact path and query; POST: the path (query ignored). */
  path: string
  statements: Recorded[]
  /** POST multipart: the idempotency key the recorded request carried. */
  idempotencyKey?: string
}
export interface Plan {
  routes: PlanRoute[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Value = string | number | null | Buffer
interface Prepared {
  stmt: BetterSqlite3.Statement
  method: Recorded['method']
  reader: boolean
  params: Value[]
  returnedIds: number[]
  lastInsertRowid?: number
}
interface Route {
  label: string
  steps: Prepared[]
  writes: boolean
  idempotencyKey?: string
  /** The ids of the files the recorded request stored (decision 070: `blob_chunks.blob_id`, unique with `seq`): new ones each time. */
  blobIds: Set<string>
}

const decode = (p: Param): Value => (p !== null && typeof p === 'object' ? Buffer.from(p.$b64, 'base64') : p)

/** Rows as JSON, Buffers as base64 (JSON.stringify would write them as arrays of numbers). */
function json(results: unknown[]): string {
  const fix = (row: unknown) => {
    if (!row || typeof row !== 'object') return row
    const r = row as Record<string, unknown>
    for (const k in r) if (Buffer.isBuffer(r[k])) r[k] = (r[k] as Buffer).toString('base64')
    return r
  }
  return JSON.stringify(results.map((x) => (Array.isArray(x) ? x.map(fix) : fix(x))))
}

export function startFloor(opts: { db: string; plan: Plan; port: number; host?: string }) {
  const db = new BetterSqlite3(opts.db)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  const cache = new Map<string, BetterSqlite3.Statement>()
  const prepare = (sql: string) => {
    let s = cache.get(sql)
    if (!s) cache.set(sql, (s = db.prepare(sql)))
    return s
  }
  const get = new Map<string, Route>()
  const post = new Map<string, Route>()
  for (const r of opts.plan.routes) {
    const steps = r.statements.map((s) => ({
      stmt: prepare(s.sql),
      method: s.method,
      reader: s.reader,
      params: s.params.map(decode),
      returnedIds: s.returnedIds ?? [],
      lastInsertRowid: s.lastInsertRowid,
    }))
    const blobIds = new Set(r.statements.filter((s) => /^\s*insert\s+into\s+"?blob_chunks"?/i.test(s.sql)).map((s) => s.params[0]).filter((v): v is string => typeof v === 'string'))
    const route = { label: r.label, steps, writes: steps.some((s) => !s.reader), idempotencyKey: r.idempotencyKey, blobIds }
    ;(r.method === 'GET' ? get : post).set(r.path, route)
  }

  /** Runs the statements; `swap` replaces a parameter (posted photos, keys, new row ids). */
  const replay = (route: Route, swap?: (v: Value, ids: Map<number, number>) => Value): unknown[] => {
    const results: unknown[] = []
    const ids = new Map<number, number>()
    const run = () => {
      for (const s of route.steps) {
        const params = swap ? s.params.map((v) => swap(v, ids)) : s.params
        if (s.method === 'all') {
          const rows = s.stmt.all(...params) as Record<string, unknown>[]
          if (s.reader) results.push(rows)
          s.returnedIds.forEach((old, i) => {
            const now = rows.flatMap((r) => Object.values(r).filter((v) => typeof v === 'number' && Number.isInteger(v)))[i]
            if (typeof now === 'number') ids.set(old, now)
          })
        } else if (s.method === 'get') {
          const row = s.stmt.get(...params) as Record<string, unknown> | undefined
          if (s.reader) results.push(row ?? null)
          if (row) s.returnedIds.forEach((old, i) => ids.set(old, Object.values(row).filter((v) => typeof v === 'number' && Number.isInteger(v))[i] as number))
        } else {
          const r = s.stmt.run(...params)
          if (s.lastInsertRowid !== undefined && s.lastInsertRowid > 0 && /^\s*insert/i.test(s.stmt.source)) ids.set(s.lastInsertRowid, Number(r.lastInsertRowid))
        }
      }
    }
    if (route.writes) db.transaction(run).immediate()
    else run()
    return results
  }

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }

  async function multipart(req: IncomingMessage, res: ServerResponse, route: Route) {
    const request = new Request(`http://floor${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Readable.toWeb(req) as ReadableStream,
      duplex: 'half',
    } as RequestInit)
    const form = await request.formData()
    const key = String(form.get('idempotencyKey') ?? randomUUID())
    const files: Buffer[] = []
    for (const [, v] of form) if (typeof v === 'object' && v.size > 0) files.push(Buffer.from(await v.arrayBuffer()))
    let file = 0
    const uuids = new Map<string, string>()
    if (route.idempotencyKey) uuids.set(route.idempotencyKey, key)
    const results = replay(route, (v, ids) => {
      if (Buffer.isBuffer(v)) return files[file++] ?? v
      if (typeof v === 'string' && (UUID.test(v) || route.blobIds.has(v))) {
        let u = uuids.get(v)
        // A blob id is 32 hex digits (server/blobs/blob-store.server.ts `newBlobId`).
        if (!u) uuids.set(v, (u = route.blobIds.has(v) ? randomUUID().replaceAll('-', '') : randomUUID()))
        return u
      }
      if (typeof v === 'number' && ids.has(v)) return ids.get(v)!
      return v
    })
    send(res, 200, json([{ ok: true, photos: files.length }, ...results]))
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url === '/healthz') return send(res, 200, '{"ok":true}')
    try {
      if (req.method === 'GET') {
        const route = get.get(url)
        if (!route) return send(res, 404, '{"error":"not found"}')
        return send(res, 200, json(replay(route)))
      }
      const route = post.get(url.split('?')[0]!)
      if (req.method === 'POST' && route) {
        multipart(req, res, route).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })))
        return
      }
      send(res, 404, '{"error":"not found"}')
    } catch (error) {
      send(res, 500, JSON.stringify({ error: String(error) }))
    }
  })
  server.keepAliveTimeout = 60_000
  return new Promise<{ close(): Promise<void> }>((resolve) =>
    server.listen(opts.port, opts.host ?? '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => {
              db.close()
              done()
            })
          }),
      }),
    ),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`)
    if (i < 0) throw new Error(`--${name} is required`)
    return process.argv[i + 1]!
  }
  await startFloor({ db: arg('db'), plan: JSON.parse(readFileSync(arg('plan'), 'utf8')) as Plan, port: Number(arg('port')) })
  console.log(`floor listening on ${arg('port')}`)
}
