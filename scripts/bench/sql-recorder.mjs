/**
 * `npm run bench`: preloaded into the production build (`node --import`) for one recording run,
 * never in production. Every better-sqlite3 statement run while serving a request that carries
 * an `x-bench-id` header is appended to BENCH_SQL_LOG as one JSON line: the SQL text, its
 * parameters (Buffers as base64), how it was run and what it returned (rows, last row id). The
 * floor server (scripts/bench/floor.ts) replays exactly these statements.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { appendFileSync } from 'node:fs'
import { Server } from 'node:http'
import { createRequire } from 'node:module'

const out = process.env.BENCH_SQL_LOG
if (out) {
  const require = createRequire(import.meta.url)
  const Database = require('better-sqlite3')
  const als = new AsyncLocalStorage()

  const emit = Server.prototype.emit
  Server.prototype.emit = function (event, req, ...rest) {
    const id = event === 'request' ? req.headers['x-bench-id'] : undefined
    if (typeof id === 'string') return als.run({ id }, () => emit.call(this, event, req, ...rest))
    return emit.call(this, event, req, ...rest)
  }

  const encode = (v) => (Buffer.isBuffer(v) || v instanceof Uint8Array ? { $b64: Buffer.from(v).toString('base64') } : typeof v === 'bigint' ? Number(v) : v)
  const flat = (params) => params.flatMap((p) => (Array.isArray(p) ? p : [p])).map(encode)

  const patched = new WeakSet()
  const patch = (proto) => {
    if (patched.has(proto)) return
    patched.add(proto)
    for (const method of ['run', 'get', 'all']) {
      const original = proto[method]
      proto[method] = function (...params) {
        const store = als.getStore()
        const result = original.apply(this, params)
        if (store) {
          const line = { id: store.id, method, sql: this.source, reader: this.reader, params: flat(params) }
          if (method === 'run') line.lastInsertRowid = Number(result.lastInsertRowid)
          else if (method === 'get') line.rows = result === undefined ? 0 : 1
          else line.rows = result.length
          // Row ids an INSERT … RETURNING handed back: the floor maps them to its own.
          if (method !== 'run' && /^\s*insert/i.test(this.source) && result !== undefined) {
            const rows = method === 'get' ? [result] : result
            line.returnedIds = rows.slice(0, 200).flatMap((r) => Object.values(r).filter((v) => typeof v === 'number' && Number.isInteger(v)))
          }
          appendFileSync(out, JSON.stringify(line) + '\n')
        }
        return result
      }
    }
  }
  const prepare = Database.prototype.prepare
  Database.prototype.prepare = function (...args) {
    const stmt = prepare.apply(this, args)
    patch(Object.getPrototypeOf(stmt))
    return stmt
  }
}
