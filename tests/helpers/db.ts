import { randomUUID } from 'node:crypto'
import { copyFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { TEMPLATE_DB, TMP_DIR } from './paths.ts'

/** A fresh migrated database file for one test file, on the chosen driver. */
export function createTestDb(driver: Driver = 'better-sqlite3'): Database {
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
