import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ReactNode } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'

/**
 * tRPC for the client widgets that fetch or change data after the page has
 * loaded (decision 015); pages use loaders and actions. Only the routes with
 * such widgets wrap their page in `TrpcProviders`, so the clients load with
 * those routes, not with every page.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>()

export function TrpcProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  )
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  )
}
