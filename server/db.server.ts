import { openDatabase, type Database } from '#db/client.ts'
import { processState } from '#db/process-state.ts'
import { env } from './env.server.ts'

// Process state (decision 080): one database for both bundles, and Vite's module reloading in
// development does not open a new pair of connections on every edit.
const held = processState<{ db?: Database }>('db', () => ({}))

/** The process's database (DATABASE_URL). */
export function getDb(): Database {
  const e = env()
  held.db ??= openDatabase({ url: e.DATABASE_URL, authToken: e.DATABASE_AUTH_TOKEN, syncUrl: e.DATABASE_SYNC_URL, syncInterval: e.DATABASE_SYNC_INTERVAL })
  return held.db
}
