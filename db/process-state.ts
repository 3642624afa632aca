/**
 * What the process keeps once, whoever asks (decision 080): the one owner of the state that used
 * to sit on six modules' own globalThis keys, now under one registered key.
 *
 * Why not plain module variables: the process runs two bundles. `build/main.js` (from
 * server/http/main.ts: the Express app, the workers) and the Remix server build
 * (`build/server/index.js`: app/ and, through app/doors.server.ts, the tRPC and REST doors) each
 * carry their own copy of every server/ and db/ module they reach, so a module-level `let` would
 * exist twice: two database connections, two loggers, a request scope the doors cannot see. In
 * development Vite also re-evaluates modules on every edit. The state therefore lives on
 * globalThis, and only through this function, so that every piece is listed here.
 *
 * In db/ because db/client.ts needs it and db/ may import nothing above it (decision 016).
 */

/** Every piece of process state, by name, with the module that owns its shape. */
export type ProcessSlot =
  /** server/db.server.ts: the process's database (`getDb()`); tests set it (tests/helpers/db.ts). */
  | 'db'
  /** db/client.ts: statements prepared once per database and how many (decision 051). */
  | 'preparedReads'
  /** db/client.ts reads it, server/context/request-scope.server.ts sets it: time spent in the database. */
  | 'dbClock'
  /** server/context/request-scope.server.ts: the AsyncLocalStorage of the current request's scope. */
  | 'requestScope'
  /** server/log.server.ts: the one structured logger. */
  | 'logger'
  /** server/mail/delivery.server.ts: the running mail worker, which a committed write kicks. */
  | 'mailWorker'
  /** server/webhooks/worker-handle.server.ts: the running webhook worker and its pending kick. */
  | 'webhookWorker'
  /** server/auth/request-actor.server.ts: how many identity reads hit the database (tests). */
  | 'identityReads'

const KEY = Symbol.for('operon.processState')

/**
 * The process's piece `slot`, made by `init` on first use. Each slot holds one object (a box whose
 * fields the owner reads and writes), so every bundle's copy of the owner shares it.
 */
export function processState<T extends object>(slot: ProcessSlot, init: () => T): T {
  const holder = globalThis as unknown as { [KEY]?: Map<ProcessSlot, object> }
  const all = (holder[KEY] ??= new Map())
  let piece = all.get(slot) as T | undefined
  if (piece === undefined) all.set(slot, (piece = init()))
  return piece
}
