/**
 * What the HTTP layer learns about one request while it is handled (decision 042): its id (on
 * every log line and in `X-Request-Id`), when it started, and, for the Remix adapter, whether
 * the body went over the limit while streaming or the disk was full (decision 020), which it
 * turns into a clear 413 or 507. The Express application opens the scope first thing.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { msg } from '#catalog/i18n.ts'
import { processState } from '#db/process-state.ts'

export interface RequestScope {
  /** The request id: the caller's sane `X-Request-Id`, or a new UUID. */
  id: string
  /** performance.now() when the request arrived. */
  startedAt: number
  /** Milliseconds the Remix doors (loader, action, REST, tRPC) took to produce the answer. */
  appMs?: number
  /** The body passed the limit while it was read (no Content-Length said so beforehand). */
  tooLarge: boolean
  /** A write failed because the disk (or the database) is full. */
  storageFull: boolean
  /** A door saw the database unreachable or too busy (503), or a value too big for it (413): decision 071. */
  databaseFault?: DatabaseFault
  /** Milliseconds spent in the database during the request (`Server-Timing: db`). */
  dbMs: number
  /** The language of the request's pages (decision 074): its cookie, else `Accept-Language`. */
  locale?: string
  /** What the request read once for all its loaders (the caller's identity: decision 051). */
  memo?: Map<string, unknown>
}

// Process state (decision 080): the Express entry (build/main.js) and the Remix server build
// each bundle their own copy of this module, and both must see the same scope.
const storage = processState('requestScope', () => new AsyncLocalStorage<RequestScope>())

// The database layer reports the time each statement took; it is added to the request's sum.
const dbClock = processState<{ record?: (ms: number) => void }>('dbClock', () => ({}))
dbClock.record ??= (ms) => {
  const scope = storage.getStore()
  if (scope) scope.dbMs += ms
}

/** An incoming id is kept only if it looks like one: 8–64 letters, digits, `-`, `_`, `.`, `:`. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID()
}

export function newRequestScope(id: string = randomUUID()): RequestScope {
  return { id, startedAt: performance.now(), tooLarge: false, storageFull: false, dbMs: 0 }
}

/** Runs `fn` (and everything it starts) inside `scope`. */
export function runWithRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn)
}

/** Runs `fn` in the current request's scope, or in a new one when there is none. */
export function runInRequestScope<T>(fn: () => T): { scope: RequestScope; result: T } {
  const current = storage.getStore()
  if (current) return { scope: current, result: fn() }
  const scope = newRequestScope()
  return { scope, result: storage.run(scope, fn) }
}

/** Runs `fn` outside any request's scope (background work a request merely kicked). */
export function outsideRequestScope<T>(fn: () => T): T {
  return storage.exit(fn)
}

export function requestScope(): RequestScope | undefined {
  return storage.getStore()
}

/** SQLITE_FULL (better-sqlite3, libSQL) or ENOSPC anywhere in the error's cause chain. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== 'object') return false
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true
    if (typeof message === 'string' && /SQLITE_FULL|database or disk is full|ENOSPC|no space left on device/i.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** Called where a door sees an unexpected error: remembers a full disk or a database fault for the adapter. */
export function noteServerError(error: unknown): void {
  const scope = requestScope()
  if (!scope) return
  if (isStorageFull(error)) scope.storageFull = true
  else scope.databaseFault ??= databaseFaultOf(error) ?? undefined
}

export const STORAGE_FULL_MESSAGE = msg('The server has run out of storage space, so nothing was saved. Please try again later.')

// ---------------------------------------------------------------------------------------------
// Database faults (decision 071): what the database layer throws when the database cannot do its
// part right now, as seen by experiment against a real sqld (tests/integration/db-faults.test.ts).

/**
 * - `unavailable`: the libSQL server (remote mode) or the primary an embedded replica sends its
 *   writes to cannot be reached, or the database stayed locked past busy_timeout. Nothing was
 *   written (a transaction cut short is rolled back by the server); the same request later works.
 *   Answered 503 with `Retry-After`.
 * - `too-big`: a string or blob over the database's length limit. Trying again will not help:
 *   answered 413.
 */
export type DatabaseFault = 'unavailable' | 'too-big'

/** The same request may be sent again after this many seconds (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export const DATABASE_UNAVAILABLE_MESSAGE = msg('The database is unavailable right now, so nothing was saved. Please try again in a moment.')
export const DATABASE_TOO_BIG_MESSAGE = msg('That is too large for the database, so nothing was saved.')

/**
 * Failures to reach a server, as Node (`connect ECONNREFUSED …` under `TypeError: fetch failed`,
 * the remote client's transport) and undici (its timeouts) name them.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]) // prettier-ignore

/**
 * `@libsql/client`'s codes for a server that answered with an HTTP error (a proxy's 502/503) or
 * whose connection or stream went away (a Hrana stream expires when the server restarts), or that
 * ended a transaction which held its write lock for 5 s while another writer waited (decision 069).
 */
const LIBSQL_UNAVAILABLE_CODES = new Set(['SERVER_ERROR', 'HRANA_CLOSED_ERROR', 'HRANA_WEBSOCKET_ERROR', 'STREAM_EXPIRED', 'TRANSACTION_TIMEOUT'])

/**
 * An embedded replica's native errors carry no code (`code: ""`): a write delegated to an
 * unreachable primary throws `WriteDelegation(status: Unavailable, message: "error trying to
 * connect: tcp connect error: Connection refused (os error 111)" …`, a failed pull `sync error: …`.
 */
const UNAVAILABLE_MESSAGE =
  /WriteDelegation\(status: (Unavailable|DeadlineExceeded|Cancelled|Aborted)\b|error trying to connect|tcp connect error|Connection refused \(os error|database is locked/i

/** What kind of database fault `error` is (anywhere in its cause chain), or null for anything else. */
export function databaseFaultOf(error: unknown): DatabaseFault | null {
  for (let e = error, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== 'object') return null
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown }
    if (typeof code === 'string') {
      if (code === 'SQLITE_TOOBIG') return 'too-big'
      if (code.startsWith('SQLITE_BUSY') || NETWORK_CODES.has(code) || LIBSQL_UNAVAILABLE_CODES.has(code)) return 'unavailable'
    }
    if (typeof message === 'string') {
      if (/string or blob too big|SQLITE_TOOBIG/i.test(message)) return 'too-big'
      if (UNAVAILABLE_MESSAGE.test(message)) return 'unavailable'
    }
    // Connecting to a name with several addresses fails with an AggregateError of each attempt's.
    e = (e as { cause?: unknown }).cause ?? (Array.isArray(errors) ? errors[0] : undefined)
  }
  return null
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFaultOf(error) === 'unavailable'
}

/** The answer every door gives for a database fault: its status, message and headers. */
export function databaseFaultAnswer(fault: DatabaseFault): { status: 503 | 413; message: string; headers: Record<string, string> } {
  return fault === 'unavailable'
    ? { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } }
    : { status: 413, message: DATABASE_TOO_BIG_MESSAGE, headers: {} }
}
