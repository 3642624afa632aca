/**
 * `npm run bench:libsql` (scripts/bench/libsql.ts): a libSQL server (sqld, scripts/ensure-sqld.mjs)
 * as the primary on loopback, the bench data set loaded into it through its own protocol, and a
 * TCP relay that delays every chunk to stand for a primary farther away than loopback.
 */
import { createConnection, createServer, type Socket } from 'node:net'
import { createClient, type InStatement, type InValue } from '@libsql/client'
import BetterSqlite3 from 'better-sqlite3'
import { openDatabase } from '#db/client.ts'
import { startSqld } from '#tests/helpers/sqld.ts'

export interface Primary {
  /** The HTTP (Hrana) URL remote clients and embedded replicas use. */
  url: string
  port: number
  stop(): Promise<void>
}

/** Starts `sqld` on `dir` (tests/helpers/sqld.ts, the tests' own) and waits until /health answers. */
export async function startPrimary(dir: string): Promise<Primary> {
  const sqld = await startSqld({ dir })
  return { url: sqld.url, port: Number(new URL(sqld.url).port), stop: () => sqld.stop() }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Tables in an order where every table comes after the tables its foreign keys name (self-references aside). */
function parentsFirst(src: BetterSqlite3.Database, tables: string[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set((src.pragma(`foreign_key_list(${quote(t)})`) as { table: string }[]).map((f) => f.table).filter((p) => p !== t && tables.includes(p)))]))
  const order: string[] = []
  const placed = new Set<string>()
  while (order.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)))
    // A cycle between tables: the rest in any order (each batch defers its foreign keys to its commit).
    const take = next.length ? next : tables.filter((t) => !placed.has(t)).slice(0, 1)
    for (const t of take) {
      placed.add(t)
      order.push(t)
    }
  }
  return order
}

export interface LoadReport {
  tables: number
  rows: number
  batches: number
  megabytes: number
  ms: number
}

/**
 * Loads the SQLite file `file` into the (empty) primary at `url` through its protocol, so that it
 * is in the replication log that embedded replicas follow (a file copied into the primary's
 * folder is not): the app's migrations through `openDatabase({ url })`, then every row of every
 * table, parents first, as multi-row INSERTs in `batch()`es of ~1 MB. The rows the migrations
 * put in (reference tables) are replaced by the file's, the triggers are off during the load
 * (their derived rows are copied as they are), and the row counts are compared at the end.
 */
export async function loadIntoPrimary(file: string, url: string, log: (line: string) => void = () => undefined, MAX_BATCH_BYTES = 1 << 20): Promise<LoadReport> {
  const started = performance.now()
  const app = openDatabase({ url })
  await app.migrate()
  await app.close()

  const client = createClient({ url })
  const src = new BetterSqlite3(file, { readonly: true })
  try {
    const skip = (name: string) => name.startsWith('sqlite_') || name === '__drizzle_migrations'
    const tables = parentsFirst(
      src,
      (src.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((r) => r.name).filter((n) => !skip(n)),
    )
    const onPrimary = async (sql: string) => (await client.execute(sql)).rows
    const primaryTables = new Set((await onPrimary(`SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r) => String(r.name)))
    const missing = tables.filter((t) => !primaryTables.has(t))
    if (missing.length) throw new Error(`the primary lacks tables of ${file} after the migrations: ${missing.join(', ')}`)
    const triggers = (await onPrimary(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`)).map((r) => ({ name: String(r.name), sql: String(r.sql) }))
    const filled: string[] = []
    for (const t of tables) if (Number((await onPrimary(`SELECT count(*) AS n FROM ${quote(t)}`))[0]!.n) > 0) filled.push(t)
    await client.batch(
      [
        'PRAGMA defer_foreign_keys = ON',
        ...triggers.map((t) => `DROP TRIGGER ${quote(t.name)}`),
        ...[...filled].reverse().map((t) => `DELETE FROM ${quote(t)}`),
      ],
      'write',
    )

    let rows = 0
    let batches = 0
    let bytes = 0
    const MAX_PARAMS = 4000
    for (const table of tables) {
      const read = src.prepare(`SELECT * FROM ${quote(table)} ORDER BY rowid`).raw(true).safeIntegers(true)
      const columns = read.columns().map((c) => quote(c.name))
      const rowSql = `(${columns.map(() => '?').join(', ')})`
      const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
      let statements: InStatement[] = []
      let values: InValue[] = []
      let inStatement = 0
      let batchBytes = 0
      const endStatement = () => {
        if (!inStatement) return
        statements.push({ sql: `INSERT INTO ${quote(table)} (${columns.join(', ')}) VALUES ${Array.from({ length: inStatement }, () => rowSql).join(', ')}`, args: values })
        values = []
        inStatement = 0
      }
      const send = async () => {
        endStatement()
        if (!statements.length) return
        await client.batch(['PRAGMA defer_foreign_keys = ON', ...statements], 'write')
        batches++
        bytes += batchBytes
        statements = []
        batchBytes = 0
      }
      for (const row of read.iterate() as Iterable<unknown[]>) {
        for (const v of row) {
          values.push(v as InValue)
          batchBytes += typeof v === 'string' ? v.length : v instanceof Uint8Array ? v.byteLength * 1.4 : 12
        }
        rows++
        if (++inStatement >= perStatement) endStatement()
        if (batchBytes >= MAX_BATCH_BYTES) await send()
      }
      await send()
    }
    await client.batch(triggers.map((t) => t.sql), 'write')

    const differ: string[] = []
    for (const t of tables) {
      const want = (src.prepare(`SELECT count(*) AS n FROM ${quote(t)}`).get() as { n: number }).n
      const got = Number((await onPrimary(`SELECT count(*) AS n FROM ${quote(t)}`))[0]!.n)
      if (want !== got) differ.push(`${t} ${got} of ${want}`)
    }
    if (differ.length) throw new Error(`the primary's rows differ from ${file}: ${differ.join(', ')}`)
    const report = { tables: tables.length, rows, batches, megabytes: bytes / 1e6, ms: performance.now() - started }
    log(`loaded ${rows} rows of ${tables.length} tables (~${report.megabytes.toFixed(0)} MB in ${batches} batches) into the primary in ${(report.ms / 1000).toFixed(1)} s`)
    return report
  } finally {
    src.close()
    client.close()
  }
}

export interface Relay {
  url: string
  port: number
  /**
   * HTTP/1.1 requests relayed to the primary so far, by path: `/v2/pipeline`, `/v3/pipeline`
   * (Hrana: a remote client's statements), `/wal_log.ReplicationLog/…` (a replica's sync), the
   * replica's delegated writes… (a request's head starts a chunk: clients wait for the answer).
   */
  requests(): Record<string, number>
  close(): Promise<void>
}

/** The requests of `after` that were not in `before`, by path. */
export function requestsBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [path, n] of Object.entries(after)) if (n - (before[path] ?? 0) > 0) out[path] = n - (before[path] ?? 0)
  return out
}

/**
 * A TCP relay to 127.0.0.1:`targetPort` that holds every chunk `rttMs / 2` in each direction
 * (in order): a primary `rttMs` away, whatever the protocol over it (Hrana over HTTP, the
 * replicas' sync). Bandwidth is not limited. It counts the HTTP requests it relays.
 */
export async function delayRelay(targetPort: number, rttMs: number): Promise<Relay> {
  const oneWay = rttMs / 2
  const sockets = new Set<Socket>()
  const requests: Record<string, number> = {}
  const server = createServer((inbound) => {
    inbound.on('data', (chunk: Buffer) => {
      const head = /^[A-Z]+ (\S+) HTTP\/1\.[01]\r\n/.exec(chunk.subarray(0, 512).toString('latin1'))
      if (head) {
        const path = head[1]!.split('?')[0]!
        requests[path] = (requests[path] ?? 0) + 1
      }
    })
    const outbound = createConnection({ host: '127.0.0.1', port: targetPort })
    for (const s of [inbound, outbound]) {
      s.setNoDelay(true)
      sockets.add(s)
      s.once('close', () => sockets.delete(s))
    }
    // Timers of the same length fire in the order they were set: the stream keeps its order.
    const pipe = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), oneWay))
      from.once('end', () => setTimeout(() => to.destroyed || to.end(), oneWay))
      from.once('error', () => to.destroy())
      from.once('close', () => setTimeout(() => to.destroyed || to.end(), oneWay + 1))
    }
    pipe(inbound, outbound)
    pipe(outbound, inbound)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: () => ({ ...requests }),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}
