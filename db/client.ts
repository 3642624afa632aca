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
import { processState } from './process-state.ts'
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
  /**
   * Applies the committed drizzle-kit migrations (idempotent), under the start-up claim when the
   * primary is a libSQL server.
   */
  migrate(migrationsFolder?: string): Promise<void>
  /**
   * Runs `fn` while this process holds the one start-up claim on a libSQL server primary
   * (decision 069): instances started together, or a new version rolled out over running ones,
   * migrate and seed one after the other, each seeing what the one before wrote. On a local file
   * it just runs `fn`. Reentrant.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  driver: Driver
  /**
   * The primary is a libSQL server (remote mode or embedded replica, decision 069): writes cost a
   * round trip, and its parser refuses ANALYZE and VACUUM.
   */
  serverPrimary: boolean
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
    serverPrimary: false,
    url,
    read: reader,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await lock.run(async () => migrateBetter(writerDb, { migrationsFolder }))
    },
    exclusive: (fn) => fn(),
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
  const raw = createClient({ url, authToken, timeout: 5000, ...replica })
  // Every statement waits for this first. An embedded replica pulls from its primary before its
  // first read (the client does not on open: a new replica would look empty, and migrations would
  // run twice, decision 069); it fails if the primary is unreachable. journal_mode is stored in the
  // file (a replica's is its primary's business); libSQL enables foreign keys by default.
  const ready = replica
    ? raw.sync().then(() => undefined)
    : url.startsWith('file:')
      ? raw.execute('PRAGMA journal_mode = WAL').then(() => undefined)
      : Promise.resolve()
  ready.catch(() => undefined) // awaited (and thrown) by the first statement
  const inTx = new AsyncLocalStorage<Tx>()
  const client = timedClient(raw, ready, { oneConnection: Boolean(replica), inTransaction: () => inTx.getStore() !== undefined })
  const db = drizzleLibsql(client, { schema })
  const lock = new WriteLock()
  const serverPrimary = Boolean(replica) || !url.startsWith('file:')
  const exclusive = <T,>(fn: () => Promise<T>): Promise<T> =>
    serverPrimary
      ? withStartupClaim(client, fn, {
          catchUp: replica ? () => raw.sync().then(() => undefined) : undefined,
          serialize: (renew) => lock.run(renew),
        })
      : fn()

  return {
    driver: 'libsql',
    serverPrimary,
    url,
    read: db as unknown as Tx,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await exclusive(() => lock.run(() => migrateLibsql(db, { migrationsFolder })))
    },
    exclusive,
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

// ---------------------------------------------------------------------------------------------
// The start-up claim (decision 069): one row on the primary, taken by a conditional UPSERT that only
// one writer wins, renewed while held, released at the end; a crashed holder's claim expires.

const CLAIM_TABLE = '__operon_startup_claim'
/**
 * Longer than any start-up transaction (the demo data over HTTP: ~30 s): the renewal waits behind
 * this process's transaction, because sqld takes the write lock away from a transaction that has
 * held it for seconds while another writer waits.
 */
const CLAIM_MS = 5 * 60_000
const CLAIM_WAIT_MS = 10 * 60_000
const claimHeld = new AsyncLocalStorage<true>()

async function withStartupClaim<T>(
  client: Client,
  fn: () => Promise<T>,
  { catchUp, serialize }: { catchUp?: () => Promise<void>; serialize: (renew: () => Promise<unknown>) => Promise<unknown> },
): Promise<T> {
  if (claimHeld.getStore()) return fn()
  const holder = `${process.pid}-${Math.random().toString(36).slice(2)}`
  await catchUp?.()
  const exists = await client.execute({ sql: `SELECT 1 FROM sqlite_master WHERE name = ?`, args: [CLAIM_TABLE] })
  if (exists.rows.length === 0) {
    await client.execute(`CREATE TABLE IF NOT EXISTS ${CLAIM_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, expires_at INTEGER NOT NULL)`)
  }
  const giveUpAt = Date.now() + CLAIM_WAIT_MS
  for (;;) {
    const now = Date.now()
    // Waiting instances only read (after pulling the primary's latest): a waiting writer would take
    // the primary's write lock away from the holder's transaction after 5 s (sqld's TRANSACTION_TIMEOUT).
    await catchUp?.()
    const held = await client.execute({ sql: `SELECT 1 FROM ${CLAIM_TABLE} WHERE expires_at >= ?`, args: [now] })
    if (held.rows.length > 0) {
      if (now > giveUpAt) throw new Error(`another instance has held the start-up claim on the database for ${CLAIM_WAIT_MS / 60_000} minutes`)
      await new Promise((r) => setTimeout(r, 250))
      continue
    }
    const taken = await client.execute({
      sql: `INSERT INTO ${CLAIM_TABLE} (id, holder, expires_at) VALUES (1, ?, ?)
            ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
            WHERE ${CLAIM_TABLE}.expires_at < ?`,
      args: [holder, now + CLAIM_MS, now],
    })
    if (taken.rowsAffected === 1) break
  }
  const renew = setInterval(() => {
    serialize(() => client.execute({ sql: `UPDATE ${CLAIM_TABLE} SET expires_at = ? WHERE holder = ?`, args: [Date.now() + CLAIM_MS, holder] })).catch(
      () => undefined,
    )
  }, CLAIM_MS / 5)
  renew.unref()
  try {
    // An embedded replica reads what the previous holder wrote (its migrations, its demo data).
    await catchUp?.()
    return await claimHeld.run(true, fn)
  } finally {
    clearInterval(renew)
    await client.execute({ sql: `DELETE FROM ${CLAIM_TABLE} WHERE holder = ?`, args: [holder] }).catch(() => undefined)
  }
}

/** Rows changed by an UPDATE/DELETE on either driver. */
export function rowsAffected(result: unknown): number {
  const r = result as { changes?: number; rowsAffected?: number }
  return r.changes ?? r.rowsAffected ?? 0
}


// ---------------------------------------------------------------------------------------------
// Statements prepared once (decision 051)

/** Process state (decision 080): both bundles reuse the same statements and count into one counter. */
const prepared = processState('preparedReads', () => ({ byDb: new WeakMap<Database, Map<string, unknown>>(), count: 0 }))

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
/** Process state (decision 080): the request scope sets `record` (the current request's sum); db/ stays below it. */
const clock = processState<DbClock>('dbClock', () => ({}))

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

/**
 * libSQL: the time each statement or batch is awaited, in and out of transactions; none runs before
 * `ready`. An embedded replica has one connection, which an open transaction holds: the client then
 * refuses every other statement (TRANSACTION_ACTIVE), so with `oneConnection` statements outside the
 * transaction wait for it to end (`inTransaction`: a statement of the transaction's own async
 * context, which would wait for itself, does not wait).
 */
function timedClient(client: Client, ready: Promise<void>, connection?: { oneConnection: boolean; inTransaction: () => boolean }): Client {
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<ResultSet>
  const batch = client.batch.bind(client) as (...args: unknown[]) => Promise<ResultSet[]>
  const transaction = client.transaction.bind(client)
  /** Settles when the open transaction ends (one-connection clients only). */
  let held: Promise<void> | undefined
  const connectionFree = async () => {
    if (!connection?.oneConnection || connection.inTransaction()) return
    while (held) await held
  }
  client.execute = (async (...args: unknown[]) => {
    await ready
    await connectionFree()
    return timedAsync(() => execute(...args))
  }) as typeof client.execute
  client.batch = (async (...args: unknown[]) => {
    await ready
    await connectionFree()
    return timedAsync(() => batch(...args))
  }) as typeof client.batch
  client.transaction = (async (...args: Parameters<typeof client.transaction>) => {
    await ready
    let release = () => {}
    if (connection?.oneConnection) {
      while (held) await held
      // Taken in the same turn as the check: nothing can slip in between.
      held = new Promise<void>((r) => (release = r))
    }
    const free = () => {
      held = undefined
      release()
    }
    let tx: Awaited<ReturnType<typeof transaction>>
    try {
      tx = await timedAsync(() => transaction(...args))
    } catch (error) {
      free()
      throw error
    }
    const txExecute = tx.execute.bind(tx)
    const commit = tx.commit.bind(tx)
    const close = tx.close.bind(tx)
    tx.execute = ((stmt: Parameters<typeof tx.execute>[0]) => timedAsync(() => txExecute(stmt))) as typeof tx.execute
    tx.commit = () => timedAsync(commit).finally(free)
    tx.close = () => {
      close()
      free()
    }
    // Drizzle rolls back after a failure and would throw the rollback's own error instead of the
    // failure: when sqld has already ended the transaction (TRANSACTION_TIMEOUT: another writer took
    // the lock, decision 069) or the connection is gone, "no transaction is active" hid the cause.
    const rollback = tx.rollback.bind(tx)
    tx.rollback = () =>
      rollback()
        .catch(() => undefined)
        .finally(free)
    return tx
  }) as typeof client.transaction
  return client
}
