/**
 * The tRPC doors' idempotency key (issue 38 point 2): an optional `idempotencyKey` in the input;
 * a repeated key answers the first result unchanged (server/records/idempotency.server.ts). The
 * key is taken out of the input before the use case sees it.
 */
import { z } from 'zod'
import { idempotent, operationTarget } from '../records/idempotency.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'

/** Added to a procedure's zod input: checked by `idempotent` (1–200 printable characters, else 400). */
export const idempotencyKeyInput = { idempotencyKey: z.unknown().optional() }

/** Runs `run(ctx, input without its key)` under `input.idempotencyKey`; `operation` plus the input's `targetFields` name what the key is for. */
export async function trpcIdempotent<C extends Pick<UseCaseContext, 'db' | 'actor'>, I, T>(
  ctx: C,
  input: I,
  operation: string,
  targetFields: string[],
  /** The use case, called with the context to use (inside the key's transaction when there is a key). */
  run: (ctx: C, input: I) => Promise<T>,
): Promise<T> {
  let key: unknown = null
  let rest = input
  if (input && typeof input === 'object' && !Array.isArray(input) && 'idempotencyKey' in input) {
    const { idempotencyKey, ...others } = input as Record<string, unknown>
    key = idempotencyKey === '' ? null : idempotencyKey
    rest = others as I
  }
  const { result } = await idempotent(ctx, { key, operation: `${operation}:${operationTarget(rest, ...targetFields)}` }, (c) => run(c, rest))
  return result
}
