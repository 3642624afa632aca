/**
 * The REST doors' idempotency key (issue 38 point 2): the body's `idempotencyKey` or the
 * `Idempotency-Key` header; a repeated key answers the first result with the same status and
 * `Idempotent-Replayed: true` (server/records/idempotency.server.ts).
 */
import type { Database } from '#db/client.ts'
import type { Actor } from '../context/actor.ts'
import { idempotent, replayHeaders, restIdempotencyKey } from '../records/idempotency.server.ts'
import { json } from './respond.ts'

/** Runs `run` (a use case) under the request's key; `shape` turns its result into the REST body (after the replay, so every door stores the same result). */
export async function restIdempotent<C extends { db: Database; actor: Actor; request: Request; body?: unknown }, T, R = T>(
  ctx: C,
  operation: string,
  status: number,
  /** The use case, called with the context to use (inside the key's transaction when there is a key). */
  run: (ctx: C) => Promise<T>,
  shape: (result: T) => R = (r) => r as unknown as R,
): Promise<Response> {
  const { result, replayed } = await idempotent(ctx, { key: restIdempotencyKey(ctx.request, ctx.body), operation }, run)
  return json(shape(result), status, replayHeaders(replayed))
}
