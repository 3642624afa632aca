import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createClient, type Client, type ResultSet } from '@libsql/client'
import BetterSqlite3 from 'better-sqlite3'
import { drizzle as drizzleBetter } from 'drizzle-orm/better-sqlite3'
import { migrate as migrateBetter } from 'drizzle-orm/better-sqlite3/migrator'
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql'
import { migrate as migrateLibsql } from 'drizzle-orm/libsql/migrator'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema/index.ts'

export type Schema = typeof schema

/**
 * One drizzle API for both drivers. better-sqlite3 is synchronous and libSQL is
 * async; domain code always `await`s, which is correct on both, so we type both
 * as the async flavour.
 */
export type Tx = BaseSQLiteDatabase<'async', unknown, Schema>

export type Driver = 'better-sqlite3' | 'libsql'

export interface Database {
  /** Reads outside a transaction. On better-sqlite3 this connection is query-only. */
  read: Tx
  /**
   * The only way to write. Atomic and isolated on both drivers: transactions are
   * serialised in this process by a lock and opened with BEGIN IMMEDIATE, so two
   * conflicting writers never interleave and a failure rolls everything back.
   * A nested call joins the outer transaction.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
  /** Applies the committed drizzle-kit migrations (idempotent). */
  migrate(migrationsFolder?: string): Promise<void>
  driver: Driver
  url: string
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

/** A FIFO async mutex: the single writer of this process. */
class WriteLock {
  #tail: Promise<void> = Promise.resolve()
  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void
    const previous = this.#tail
    this.#tail = new Promise<void>((r) => (release = r))
    await previous
    try {
      return await fn()
    } finally {
      release()
    }
  }
}

export interface OpenOptions {
  url: string
  authToken?: string
  /**
   * Embedded replica (decision 048): `url` is a local file that serves the reads, kept in
   * step with this primary (`libsql://…`, `https://…`), which takes every write.
   */
  syncUrl?: string
  /** Seconds between background pulls from the primary (embedded replica only). */
  syncInterval?: number
}

export function openDatabase({ url, authToken, syncUrl, syncInterval }: OpenOptions): Database {
  if (syncUrl) {
    if (!url.startsWith('file:') || url.startsWith('file::memory:')) {
      throw new Error(`DATABASE_SYNC_URL needs DATABASE_URL to be the replica's local file (file:…), got "${url}"`)
    }
    return openLibsql(url, authToken, { syncUrl, syncInterval })
  }
  if (url.startsWith('file:') && !url.startsWith('file::memory:') && process.env.DB_DRIVER !== 'libsql') {
    return openBetterSqlite(url)
  }
  if (/^(libsql|https?|wss?|file):/.test(url)) return openLibsql(url, authToken)
  throw new Error(`DATABASE_URL must start with file:, libsql:, http(s): or ws(s): (got "${url}")`)
}

export function filePathOf(url: string): string {
  const path = url.replace(/^file:(\/\/)?/, '').split('?')[0]!
  return resolve(path)
}

function openBetterSqlite(url: string): Database {
  const path = filePathOf(url)
  mkdirSync(dirname(path), { recursive: true })

  const configure = (conn: BetterSqlite3.Database) => {
    conn.pragma('journal_mode = WAL')
    conn.pragma('synchronous = NORMAL')
    conn.pragma('foreign_keys = ON')
    conn.pragma('busy_timeout = 5000')
    return conn
  }
  const writerConn = timedConnection(configure(new BetterSqlite3(path)))
  const readerConn = timedConnection(configure(new BetterSqlite3(path)))
  // Writes outside db.transaction() would share the writer's lock without the
  // in-process queue; make them fail loudly instead.
  readerConn.pragma('query_only = ON')

  const writerDb = drizzleBetter(writerConn, { schema })
  const writer = writerDb as unknown as Tx
  const reader = drizzleBetter(readerConn, { schema }) as unknown as Tx
  const lock = new WriteLock()
  const inTx = new AsyncLocalStorage<Tx>()

  return {
    driver: 'better-sqlite3',
    url,
    read: reader,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await lock.run(async () => migrateBetter(writerDb, { migrationsFolder }))
    },
    async transaction(fn) {
      const current = inTx.getStore()
      if (current) return fn(current)
      return lock.run(async () => {
        timed(() => writerConn.exec('BEGIN IMMEDIATE'))
        try {
          const result = await inTx.run(writer, () => fn(writer))
          timed(() => writerConn.exec('COMMIT'))
          return result
        } catch (error) {
          if (writerConn.inTransaction) writerConn.exec('ROLLBACK')
          throw error
        }
      })
    },
    async close() {
      await lock.run(async () => {
        readerConn.close()
        writerConn.close()
      })
    },
  }
}

function openLibsql(url: string, authToken?: string, replica?: { syncUrl: string; syncInterval?: number }): Database {
  if (url.startsWith('file:')) mkdirSync(dirname(filePathOf(url)), { recursive: true })
  // An embedded replica syncs from its primary once here (it throws if the primary is unreachable).
  const client = timedClient(createClient({ url, authToken, timeout: 5000, ...replica }))
  const db = drizzleLibsql(client, { schema })
  const lock = new WriteLock()
  const inTx = new AsyncLocalStorage<Tx>()
  // journal_mode is stored in the file (a replica's is its primary's business); libSQL enables
  // foreign keys by default.
  const ready = url.startsWith('file:') && !replica ? client.execute('PRAGMA journal_mode = WAL') : Promise.resolve()

  return {
    driver: 'libsql',
    url,
    read: db as unknown as Tx,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await ready
      await lock.run(() => migrateLibsql(db, { migrationsFolder }))
    },
    async transaction(fn) {
      const current = inTx.getStore()
      if (current) return fn(current)
      await ready
      // The lock keeps this process's writers in line (the local driver would
      // otherwise block the event loop waiting for its own lock); across
      // processes the server's immediate transaction does the same job.
      return lock.run(() =>
        db.transaction(
          (tx) => inTx.run(tx as unknown as Tx, () => fn(tx as unknown as Tx)),
          { behavior: 'immediate' },
        ),
      )
    },
    async close() {
      await lock.run(async () => client.close())
    },
  }
}

/** Rows changed by an UPDATE/DELETE on either driver. */
export function rowsAffected(result: unknown): number {
  const r = result as { changes?: number; rowsAffected?: number }
  return r.changes ?? r.rowsAffected ?? 0
}


// ---------------------------------------------------------------------------------------------
// Statements prepared once (decision 051)

/**
 * On globalThis: the process entry and the server build each bundle their own copy of this
 * module; both reuse the same statements and count into the same counter.
 */
const prepared = ((globalThis as unknown as { __operonPrepared?: { byDb: WeakMap<Database, Map<string, unknown>>; count: number } }).__operonPrepared ??= {
  byDb: new WeakMap(),
  count: 0,
})

/**
 * A read statement built and prepared on first use for `db`, then reused: what runs on every
 * request (the session and token lookups, the memberships). `prepare` gets `db.read` and
 * returns a drizzle `.prepare()`d query whose inputs are `sql.placeholder`s; on both drivers
 * the SQL text is built once (better-sqlite3 also keeps the compiled statement).
 */
export function preparedRead<T>(db: Database, name: string, prepare: (read: Tx) => T): T {
  let statements = prepared.byDb.get(db)
  if (!statements) prepared.byDb.set(db, (statements = new Map()))
  let statement = statements.get(name) as T | undefined
  if (statement === undefined) {
    statement = prepare(db.read)
    statements.set(name, statement)
    prepared.count++
  }
  return statement
}

/** How many statements `preparedRead` has prepared in this process (tests assert reuse). */
export function preparedStatementCount(): number {
  return prepared.count
}

// ---------------------------------------------------------------------------------------------
// Time spent in the database (decision 051): `Server-Timing: db;dur=`

type DbClock = { record?: (ms: number) => void }
/** On globalThis: the HTTP layer sets `record` (the current request's sum); db/ stays below it. */
const clock = ((globalThis as unknown as { __operonDbClock?: DbClock }).__operonDbClock ??= {})

function timed<T>(run: () => T): T {
  const started = performance.now()
  try {
    return run()
  } finally {
    clock.record?.(performance.now() - started)
  }
}

/** How many compiled statements each better-sqlite3 connection keeps, least recently used out. */
const STATEMENT_CACHE_SIZE = 500
let compiledStatements = 0

/** How many statements better-sqlite3 connections have compiled in this module (tests assert reuse). */
export function compiledStatementCount(): number {
  return compiledStatements
}

type NativeStatement = Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown> & {
  raw: (on?: boolean) => unknown
  reader: boolean
}

/**
 * better-sqlite3 is synchronous: each statement's run, get and all are timed as they execute.
 * Drizzle prepares the SQL of every query it runs; the connection keeps the compiled statement
 * by its text (decision 051), so SQLite compiles each text once. One statement can then serve
 * several queries of the same text, so `raw()` (rows as arrays, which Drizzle asks for right
 * before each call that wants them) applies to the next call only.
 */
function timedConnection(conn: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = conn.prepare.bind(conn)
  const cache = new Map<string, NativeStatement>()
  const wrap = (statement: NativeStatement): NativeStatement => {
    const native = { run: statement.run, get: statement.get, all: statement.all, raw: statement.raw }
    let rawNext = false
    let rawNow = false
    statement.raw = function (on = true) {
      rawNext = on
      return this
    }
    for (const method of ['run', 'get', 'all'] as const) {
      statement[method] = function (...args: unknown[]) {
        if (statement.reader && method !== 'run') {
          const want = rawNext
          rawNext = false
          if (want !== rawNow) native.raw.call(statement, (rawNow = want))
        }
        return timed(() => native[method].apply(statement, args))
      }
    }
    return statement
  }
  conn.prepare = ((source: string) => {
    let statement = cache.get(source)
    if (statement) {
      cache.delete(source)
    } else {
      statement = wrap(prepare(source) as unknown as NativeStatement)
      compiledStatements++
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
    }
    cache.set(source, statement)
    return statement
  }) as unknown as typeof conn.prepare
  return conn
}

async function timedAsync<T>(run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await run()
  } finally {
    clock.record?.(performance.now() - started)
  }
}

/** libSQL: the time each statement or batch is awaited, in and out of transactions. */
function timedClient(client: Client): Client {
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<ResultSet>
  const batch = client.batch.bind(client) as (...args: unknown[]) => Promise<ResultSet[]>
  const transaction = client.transaction.bind(client)
  client.execute = ((...args: unknown[]) => timedAsync(() => execute(...args))) as typeof client.execute
  client.batch = ((...args: unknown[]) => timedAsync(() => batch(...args))) as typeof client.batch
  client.transaction = (async (...args: Parameters<typeof client.transaction>) => {
    const tx = await timedAsync(() => transaction(...args))
    const txExecute = tx.execute.bind(tx)
    const commit = tx.commit.bind(tx)
    tx.execute = ((stmt: Parameters<typeof tx.execute>[0]) => timedAsync(() => txExecute(stmt))) as typeof tx.execute
    tx.commit = () => timedAsync(commit)
    return tx
  }) as typeof client.transaction
  return client
}
