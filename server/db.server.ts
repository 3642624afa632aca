import { openDatabase, type Database } from '#db/client.ts'
import { env } from './env.server.ts'

// Kept on globalThis so that Vite's module reloading in development does not
// open a new pair of connections on every edit.
const g = globalThis as unknown as { __operonDb?: Database }

/** The process's database (DATABASE_URL). */
export function getDb(): Database {
  const e = env()
  g.__operonDb ??= openDatabase({ url: e.DATABASE_URL, authToken: e.DATABASE_AUTH_TOKEN, syncUrl: e.DATABASE_SYNC_URL, syncInterval: e.DATABASE_SYNC_INTERVAL })
  return g.__operonDb
}
