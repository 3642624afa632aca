import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createClient } from '@libsql/client'
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
  const writerConn = configure(new BetterSqlite3(path))
  const readerConn = configure(new BetterSqlite3(path))
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
        writerConn.exec('BEGIN IMMEDIATE')
        try {
          const result = await inTx.run(writer, () => fn(writer))
          writerConn.exec('COMMIT')
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
  const client = createClient({ url, authToken, timeout: 5000, ...replica })
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

