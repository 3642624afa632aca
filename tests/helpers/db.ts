import { randomUUID } from 'node:crypto'
import { copyFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { processState } from '#db/process-state.ts'
import { TEMPLATE_DB, TMP_DIR } from './paths.ts'
import { startSqldSync } from './sqld.ts'

/**
 * The suite's driver: `DB_DRIVER=libsql` runs every test that does not choose one on @libsql/client
 * (decision 047) with a local file; `sqld` on a real libSQL server over HTTP (remote mode) and
 * `sqld-replica` through an embedded replica of one (decision 069).
 */
export const DB_MODE = (['libsql', 'sqld', 'sqld-replica'] as const).find((m) => m === process.env.DB_DRIVER) ?? 'better-sqlite3'
export const DEFAULT_DRIVER: Driver = DB_MODE === 'better-sqlite3' ? 'better-sqlite3' : 'libsql'

/** A fresh migrated database file for one test file, on the chosen driver (default: the suite's). */
export function createTestDb(driver: Driver = DEFAULT_DRIVER): Database {
  if (driver === 'libsql' && (DB_MODE === 'sqld' || DB_MODE === 'sqld-replica')) return createSqldTestDb(DB_MODE)
  const path = resolve(TMP_DIR, `test-${randomUUID()}.db`)
  copyFileSync(TEMPLATE_DB, path)
  const previous = process.env.DB_DRIVER
  process.env.DB_DRIVER = driver === 'libsql' ? 'libsql' : ''
  try {
    return openDatabase({ url: `file:${path}` })
  } finally {
    process.env.DB_DRIVER = previous ?? ''
  }
}

/** A migrated sqld primary (seeded with the template in remote mode); the database is its client or an embedded replica of it. */
function createSqldTestDb(mode: 'sqld' | 'sqld-replica'): Database {
  const sqld = startSqldSync(mode === 'sqld' ? { seed: TEMPLATE_DB } : { migrate: true })
  const db =
    mode === 'sqld'
      ? // Hrana over a WebSocket: one connection kept open (over HTTP each statement is a request, 3–7× slower here)
        openDatabase({ url: sqld.url.replace(/^http:/, 'ws:') })
      : openDatabase({ url: `file:${resolve(sqld.dir, 'replica.db')}`, syncUrl: sqld.url, syncInterval: 1 })
  const close = db.close.bind(db)
  db.close = async () => {
    await close()
    await sqld.destroy()
  }
  return db
}

export const DRIVERS: Driver[] = ['better-sqlite3', 'libsql']

/** Makes `db` the process database that getDb() returns (for route loaders and doors). */
export function useAsAppDb(db: Database) {
  processState<{ db?: Database }>('db', () => ({})).db = db
}
