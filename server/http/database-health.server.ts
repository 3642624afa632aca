/**
 * What `/healthz` says about the database (decision 071): can this instance read, and can it
 * write? On a local database (better-sqlite3, a libSQL file) and in remote mode (every statement
 * goes to the libSQL server) both are the same question, asked with `SELECT 1`. An embedded
 * replica reads its local file but sends its writes to its primary (DATABASE_SYNC_URL): that
 * one is asked separately, cheaply, with the server's own `GET /health`.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'

export interface DatabaseHealth {
  reads: boolean
  writes: boolean
}

/** A read that has not answered by then counts as failed (a hung server never answers). */
export const READ_CHECK_TIMEOUT_MS = 2000
/** The primary's `/health` gets this long to answer. */
export const PRIMARY_CHECK_TIMEOUT_MS = 1000
/** The primary's answer is reused for this long: the platform's checks and an operator's curl share it. */
export const PRIMARY_CHECK_CACHE_MS = 2000

/**
 * The HTTP(S) address of a libSQL server's URL: `libsql://` and `wss://` are HTTPS (`?tls=0`:
 * HTTP), `ws://` is HTTP; the query (`tls`, `authToken`) and any trailing slash are dropped.
 */
export function httpUrlOf(url: string): string {
  const [, scheme = '', rest = ''] = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(url.trim()) ?? []
  const plain = /[?&]tls=0(&|$)/.test(rest) || /^(ws|http)$/i.test(scheme)
  const hostAndPath = rest.replace(/[?#].*$/, '').replace(/\/+$/, '')
  return `${plain ? 'http' : 'https'}://${hostAndPath}`
}

const cache = new Map<string, { at: number; answer: Promise<boolean> }>()

/**
 * Whether the libSQL server at `url` answers its `GET /health` with a 2xx, within
 * PRIMARY_CHECK_TIMEOUT_MS; the answer (or the check in flight) is shared for PRIMARY_CHECK_CACHE_MS.
 */
export function primaryReachable(url: string, now = performance.now()): Promise<boolean> {
  const cached = cache.get(url)
  if (cached && now - cached.at < PRIMARY_CHECK_CACHE_MS) return cached.answer
  const answer = fetch(`${httpUrlOf(url)}/health`, { signal: AbortSignal.timeout(PRIMARY_CHECK_TIMEOUT_MS) }).then(
    async (res) => {
      await res.body?.cancel().catch(() => undefined)
      return res.ok
    },
    () => false,
  )
  cache.set(url, { at: now, answer })
  return answer
}

/** Forgets the cached answers (tests that stop and start a primary). */
export function forgetPrimaryChecks(): void {
  cache.clear()
}

async function readsWork(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READ_CHECK_TIMEOUT_MS)))
  try {
    return await Promise.race([
      Promise.resolve()
        .then(() => db.read.run(sql`SELECT 1`))
        .then(
          () => true,
          () => false,
        ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Reads checked on `db`; writes on the primary when there is one apart (`syncUrl`), else the same as reads. */
export async function databaseHealth(db: Database, syncUrl: string | undefined): Promise<DatabaseHealth> {
  const [reads, primary] = await Promise.all([readsWork(db), syncUrl ? primaryReachable(syncUrl) : undefined])
  return { reads, writes: primary ?? reads }
}

/**
 * The `/healthz` answer: 200 `OK` when both work; 200 `reads: ok, writes: unavailable` when only
 * reads do (the instance keeps serving pages and lists); 503 `reads: unavailable, writes: …`
 * when reads fail (the platform takes the instance out of rotation).
 */
export function healthAnswer({ reads, writes }: DatabaseHealth): { status: 200 | 503; text: string } {
  if (reads && writes) return { status: 200, text: 'OK' }
  const word = (ok: boolean) => (ok ? 'ok' : 'unavailable')
  return { status: reads ? 200 : 503, text: `reads: ${word(reads)}, writes: ${word(writes)}` }
}
