import type { AppRouter } from '#server/trpc/router.ts'
import type { TRPCClient } from '@trpc/client'
import { loadOnce } from './load-once.ts'

/**
 * A one-off tRPC call from a button (VIN lookup, delete a document) without TanStack Query:
 * the tRPC client loads with the first call, not with the page (decision 053).
 *   const answer = await (await trpcCall()).fleet.lookupVin.mutate({ vin })
 */
export const trpcCall = loadOnce(
  (): Promise<TRPCClient<AppRouter>> =>
    import('@trpc/client').then(({ createTRPCClient, httpBatchLink }) => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] })),
)

/** The error of a tRPC call the server refused (TRPCClientError), whose message is the server's. */
export function isTrpcClientError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'TRPCClientError'
}
