import { randomUUID } from 'node:crypto'
import { copyFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { TEMPLATE_DB, TMP_DIR } from './paths.ts'

/** The suite's driver: `DB_DRIVER=libsql` runs every test that does not choose one on @libsql/client (decision 047). */
export const DEFAULT_DRIVER: Driver = process.env.DB_DRIVER === 'libsql' ? 'libsql' : 'better-sqlite3'

/** A fresh migrated database file for one test file, on the chosen driver (default: the suite's). */
export function createTestDb(driver: Driver = DEFAULT_DRIVER): Database {
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

export const DRIVERS: Driver[] = ['better-sqlite3', 'libsql']

/** Makes `db` the process database that getDb() returns (for route loaders and doors). */
export function useAsAppDb(db: Database) {
  ;(globalThis as unknown as { __operonDb?: Database }).__operonDb = db
}
