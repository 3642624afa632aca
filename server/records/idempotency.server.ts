/**
 * Idempotency keys for create-type writes (issue 38 point 2): a client unsure whether its write
 * was saved (a connection cut during the commit) sends it again with the same key and gets the
 * first answer, nothing written twice. One generic table (`idempotency_records`, primary key
 * (user_id, key)) serves every door that has no per-record key of its own (the pre-trip, the
 * inspection, the fuel log… keep theirs).
 *
 * `withIdempotencyKey(tx, …, run)` inserts the key row FIRST inside the caller's write transaction
 * (INSERT … ON CONFLICT DO NOTHING RETURNING: the claim), runs the write, then stores its result
 * as JSON. Transactions are serialised (and BEGIN IMMEDIATE across processes), so a concurrent
 * request with the same key waits for the first to commit and then finds its row: it answers the
 * stored result (same operation: a replay) or 409 (the key was used for another operation or
 * target). A write that fails rolls its claim back with it, so the key stays free for a retry.
 *
 * `idempotent(ctx, …, run)` is the doors' form: it opens the write transaction around an
 * unchanged use case, called with a context whose database is that transaction: its own
 * `ctx.db.transaction` joins it (db/client.ts: a nested call joins the outer transaction) and its
 * `ctx.db.read` reads through it, so a use case that reads its new row back after its
 * transaction (e.g. createServiceProgram) sees it. Without a key it just runs the use case. Results are plain JSON (REST
 * and tRPC send JSON anyway), so a replay's body equals the first one. Records are kept 24 hours
 * (`purgeIdempotencyRecords`, from the daily retention run).
 *
 * A shared room: imports only db, catalog and the shared error and context types.
 */
import { and, eq, lt } from 'drizzle-orm'
import { msg } from '#catalog/i18n.ts'
import type { Database, Tx } from '#db/client.ts'
import { idempotencyRecords } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'

export const IDEMPOTENCY_KEY_MAX = 200
/** Records older than this are purged by the daily retention run. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000
const KEY_PATTERN = /^[\x21-\x7e]+$/

export const IDEMPOTENCY_TEXT = {
  keyFormat: msg('An idempotency key is 1 to 200 printable characters without spaces'),
  keyReused: msg('This idempotency key was already used for another request'),
} as const

export interface IdempotencyClaim {
  userId: number
  key: string
  /** The operation and its target, e.g. `fleet.add:company=12`: the same key on another one is 409. */
  operation: string
}

export interface Idempotent<T> {
  result: T
  /** True when the key had been used: `result` is the first answer and nothing was written now. */
  replayed: boolean
}

/** A key as sent (null/undefined = none); anything but 1–200 printable ASCII characters is a 400. */
export function checkIdempotencyKey(key: unknown): string | null {
  if (key === undefined || key === null) return null
  if (typeof key !== 'string' || key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(key)) {
    throw new AppError('BAD_REQUEST', IDEMPOTENCY_TEXT.keyFormat, { fieldErrors: { idempotencyKey: IDEMPOTENCY_TEXT.keyFormat } })
  }
  return key
}

const reused = () => new AppError('CONFLICT', IDEMPOTENCY_TEXT.keyReused, { fieldErrors: { idempotencyKey: IDEMPOTENCY_TEXT.keyReused } })

/** JSON in and out: what a door would send (Dates become ISO strings, undefined keys vanish). */
const asJson = <T>(value: T): T => (value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value)) as T))

async function storedAnswer<T>(db: Pick<Tx, 'select'>, claim: IdempotencyClaim): Promise<Idempotent<T> | null> {
  const [row] = await db
    .select({ operation: idempotencyRecords.operation, result: idempotencyRecords.result })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.userId, claim.userId), eq(idempotencyRecords.key, claim.key)))
  if (!row) return null
  if (row.operation !== claim.operation) throw reused()
  return { result: row.result as T, replayed: true }
}

/**
 * Inside the caller's write transaction: claims the key, runs `run`, stores its result; or answers
 * the result stored for this key (same operation) / 409 (another operation).
 */
export async function withIdempotencyKey<T>(tx: Tx, claim: IdempotencyClaim, run: () => Promise<T>): Promise<Idempotent<T>> {
  const claimed = await tx
    .insert(idempotencyRecords)
    .values({ userId: claim.userId, key: claim.key, operation: claim.operation, result: null, createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key })
  if (claimed.length === 0) {
    const earlier = await storedAnswer<T>(tx, claim)
    if (earlier) return earlier
  }
  const result = asJson(await run())
  await tx
    .update(idempotencyRecords)
    .set({ result })
    .where(and(eq(idempotencyRecords.userId, claim.userId), eq(idempotencyRecords.key, claim.key)))
  return { result, replayed: false }
}

/**
 * The doors' wrapper around an unchanged use case (see the file's comment). `key` null/undefined:
 * today's behaviour. The user is the context's signed-in user (a key needs one: anonymous callers
 * run without it).
 */
export async function idempotent<C extends Pick<UseCaseContext, 'db' | 'actor'>, T>(
  ctx: C,
  { key, operation }: { key: unknown; operation: string },
  run: (ctx: C) => Promise<T>,
): Promise<Idempotent<T>> {
  const checked = checkIdempotencyKey(key)
  if (checked === null || ctx.actor.kind !== 'user') return { result: await run(ctx), replayed: false }
  const claim: IdempotencyClaim = { userId: ctx.actor.userId, key: checked, operation }
  // A replay needs no write lock: a committed answer is read first.
  const earlier = await storedAnswer<T>(ctx.db.read, claim)
  if (earlier) return earlier
  return ctx.db.transaction((tx) => withIdempotencyKey(tx, claim, () => run({ ...ctx, db: inTransaction(ctx.db, tx) })))
}

/** The database seen from inside `tx`: reads and nested transactions go through it. */
function inTransaction(db: Database, tx: Tx): Database {
  return { ...db, read: tx, transaction: (fn) => fn(tx) }
}

/** Keys kept longer than a day are forgotten (the daily retention run). Returns how many. */
export async function purgeIdempotencyRecords(db: Pick<Database, 'transaction'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)
  const removed = await db.transaction((tx) => tx.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, before)).returning({ key: idempotencyRecords.key }))
  return removed.length
}

/** The REST door's key: the body's `idempotencyKey`, else the `Idempotency-Key` header (the body's wins, as on the other doors). */
export function restIdempotencyKey(request: Request, body?: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const k = (body as Record<string, unknown>).idempotencyKey
    if (k !== undefined && k !== null && k !== '') return k
  }
  return request.headers.get('idempotency-key')
}

/** The REST answer header of a replay, as the other doors send it. */
export const replayHeaders = (replayed: boolean): Record<string, string> => (replayed ? { 'Idempotent-Replayed': 'true' } : {})

/** The target part of an operation name: the named fields of a raw input (`ownerId=3,vehicleId=9`). */
export function operationTarget(input: unknown, ...fields: string[]): string {
  const o = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
  return fields.map((f) => `${f}=${typeof o[f] === 'string' || typeof o[f] === 'number' ? String(o[f]).trim() : ''}`).join(',')
}
