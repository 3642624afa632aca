import { openDatabase, type Database } from '#db/client.ts'
import { env } from './env.server.ts'

// Kept on globalThis so that Vite's module reloading in development does not
// open a new pair of connections on every edit.
const g = globalThis as unknown as { __operonDb?: Database }

/** The process's database (DATABASE_URL). */
export function getDb(): Database {
  g.__operonDb ??= openDatabase({ url: env().DATABASE_URL, authToken: env().DATABASE_AUTH_TOKEN })
  return g.__operonDb
}
