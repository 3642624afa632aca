import type { AppRouter } from '#server/trpc/router.ts'
import type { TRPCClient } from '@trpc/client'
import { loadOnce } from './load-once.ts'

type TrpcClientModule = Pick<typeof import('@trpc/client'), 'createTRPCClient' | 'httpBatchLink'>

/**
 * An answer that is not JSON (a proxy's 502 page, an empty 408): said by its status, with its
 * headers (`Retry-After`), instead of the JSON parser's complaint. It is the `cause` of the
 * TRPCClientError the call throws.
 */
export class HttpAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
  ) {
    super(`The server answered ${status}`)
    this.name = 'HttpAnswerError'
  }
}

const fetchJson = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const res = await fetch(input, init)
  const json = await res
    .clone()
    .json()
    .then(
      () => true,
      () => false,
    )
  if (!json) throw new HttpAnswerError(res.status, res.headers)
  return res
}

/**
 * The browser's one tRPC client (decision 015), from the client module: the widgets' TanStack
 * Query provider (trpc.tsx), a one-off call (`trpcCall`) and the pre-trip outbox all go through it.
 */
export function browserTrpcClient({ createTRPCClient, httpBatchLink }: TrpcClientModule): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc', fetch: fetchJson })] })
}

/**
 * A one-off tRPC call from a button (VIN lookup, delete a document) without TanStack Query:
 * the tRPC client loads with the first call, not with the page (decision 053).
 *   const answer = await (await trpcCall()).fleet.lookupVin.mutate({ vin })
 */
export const trpcCall = loadOnce(
  (): Promise<TRPCClient<AppRouter>> => import('@trpc/client').then(({ createTRPCClient, httpBatchLink }) => browserTrpcClient({ createTRPCClient, httpBatchLink })),
)

/** The error of a tRPC call the server refused (TRPCClientError), whose message is the server's. */
export function isTrpcClientError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'TRPCClientError'
}

/** What a failed call's TRPCClientError carries (read without loading the client module). */
type ClientErrorShape = Error & {
  data?: { httpStatus?: number; fieldErrors?: Record<string, string> | null } | null
  meta?: { response?: Response }
  cause?: unknown
}

/**
 * A failed call as the server answered it: the HTTP status (the procedure's, else the answer's),
 * the server's message (else "The server answered {status}"), its field errors and the answer's
 * headers. Null when no answer came (no connection, timed out, the client did not load).
 */
export function trpcFailureOf(error: unknown): { status: number; ok: boolean; message: string; fieldErrors: Record<string, string>; headers: Headers | null } | null {
  if (!isTrpcClientError(error)) return null
  const e = error as ClientErrorShape
  const answer = e.cause instanceof HttpAnswerError ? e.cause : e.meta?.response
  const procedureStatus = e.data?.httpStatus
  if (procedureStatus === undefined && !answer) return null
  const status = procedureStatus ?? answer!.status
  return {
    status,
    ok: answer ? answer.status >= 200 && answer.status < 300 : false,
    message: procedureStatus === undefined ? `The server answered ${status}` : e.message,
    fieldErrors: e.data?.fieldErrors ?? {},
    headers: answer?.headers ?? null,
  }
}
