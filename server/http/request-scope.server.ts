/**
 * What the HTTP layer learns about one request while it is handled (decision 042): its id (on
 * every log line and in `X-Request-Id`), when it started, and, for the Remix adapter, whether
 * the body went over the limit while streaming or the disk was full (decision 020), which it
 * turns into a clear 413 or 507. The Express application opens the scope first thing.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

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
  /** Milliseconds spent in the database during the request (`Server-Timing: db`). */
  dbMs: number
  /** What the request read once for all its loaders (the caller's identity: decision 051). */
  memo?: Map<string, unknown>
}

// On globalThis: the Express entry (build/main.js) and the Remix server build each bundle
// their own copy of this module, and both must see the same scope.
const g = globalThis as unknown as { __operonRequestScope?: AsyncLocalStorage<RequestScope> }
const storage = (g.__operonRequestScope ??= new AsyncLocalStorage<RequestScope>())

// The database layer reports the time each statement took; it is added to the request's sum.
const dbClock = ((globalThis as unknown as { __operonDbClock?: { record?: (ms: number) => void } }).__operonDbClock ??= {})
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

/** Called where a door sees an unexpected error: remembers a full disk for the adapter. */
export function noteServerError(error: unknown): void {
  if (isStorageFull(error)) {
    const scope = requestScope()
    if (scope) scope.storageFull = true
  }
}

export const STORAGE_FULL_MESSAGE = 'The server has run out of storage space, so nothing was saved. Please try again later.'
