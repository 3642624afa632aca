/**
 * What the HTTP layer learns about one request while the doors handle it: the body went over
 * the limit while streaming, or the disk was full. The Remix adapter opens the scope and turns
 * the door's answer into a clear 413 or 507 (decision 020).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export interface RequestScope {
  /** The body passed the limit while it was read (no Content-Length said so beforehand). */
  tooLarge: boolean
  /** A write failed because the disk (or the database) is full. */
  storageFull: boolean
}

// On globalThis: the Express entry (build/main.js) and the Remix server build each bundle
// their own copy of this module, and both must see the same scope.
const g = globalThis as unknown as { __operonRequestScope?: AsyncLocalStorage<RequestScope> }
const storage = (g.__operonRequestScope ??= new AsyncLocalStorage<RequestScope>())

export function runInRequestScope<T>(fn: () => T): { scope: RequestScope; result: T } {
  const scope: RequestScope = { tooLarge: false, storageFull: false }
  return { scope, result: storage.run(scope, fn) }
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
