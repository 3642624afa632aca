import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ReactNode } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { browserTrpcClient } from './trpc-call.ts'

/**
 * tRPC for the client widgets that fetch or change data after the page has
 * loaded (decision 015); pages use loaders and actions. Only the modules with
 * such widgets wrap them in `TrpcProviders`, so the clients load with those
 * widgets, not with every page (decision 053: a widget opened by an interaction
 * is itself loaded lazily, e.g. the form detail dialog's body). In the browser
 * the query cache is one for the page, however many providers mount and unmount.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>()

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } })
const newTrpcClient = () => browserTrpcClient({ createTRPCClient, httpBatchLink })
let browserClients: { queryClient: QueryClient; trpcClient: ReturnType<typeof newTrpcClient> } | undefined
function clients() {
  if (typeof document === 'undefined') return { queryClient: newQueryClient(), trpcClient: newTrpcClient() }
  return (browserClients ??= { queryClient: newQueryClient(), trpcClient: newTrpcClient() })
}

export function TrpcProviders({ children }: { children: ReactNode }) {
  const [{ queryClient, trpcClient }] = useState(clients)
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  )
}
